// RUN: xopt %s | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// kernel.conv prints and parses back (custom and generic forms), with and
// without an epilogue, 1-d and 2-d.

func.func @k() {
  %x = kernel.binding 0 : memref<1x3x8x8xf32>
  %w = kernel.binding 1 : memref<4x3x3x3xf32>
  %b = kernel.binding 2 : memref<4xf32>
  %o = kernel.binding 3 : memref<1x4x4x4xf32>
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x4x4xf32>) epilogue(%b : memref<4xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>], pads = array<i64: 1, 1, 0, 0>, strides = array<i64: 2, 2>} {
  ^bb0(%s: f32, %bv: f32):
    %y = arith.addf %s, %bv : f32
    kernel.yield %y : f32
  }
  return
}
// CHECK-LABEL: func.func @k()
// CHECK: kernel.conv ins(%{{.*}}, %{{.*}} : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%{{.*}} : memref<1x4x4x4xf32>) epilogue(%{{.*}} : memref<4xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [#map], pads = array<i64: 1, 1, 0, 0>, strides = array<i64: 2, 2>} {
// CHECK: arith.addf
// GEN: "kernel.conv"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>], pads = array<i64: 1, 1, 0, 0>, strides = array<i64: 2, 2>}> ({

func.func @d() {
  %x = kernel.binding 0 : memref<2x4x9xf32>
  %w = kernel.binding 1 : memref<4x1x3xf32>
  %o = kernel.binding 2 : memref<2x4x5xf32>
  kernel.conv ins(%x, %w : memref<2x4x9xf32>, memref<4x1x3xf32>) outs(%o : memref<2x4x5xf32>) attributes {dilations = array<i64: 2>, groups = 4 : i64, indexing_maps = [], pads = array<i64: 0, 0>, strides = array<i64: 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}
// CHECK-LABEL: func.func @d()
// CHECK: kernel.conv ins(%{{.*}}, %{{.*}} : memref<2x4x9xf32>, memref<4x1x3xf32>) outs(%{{.*}} : memref<2x4x5xf32>) attributes {dilations = array<i64: 2>, groups = 4 : i64, indexing_maps = [], pads = array<i64: 0, 0>, strides = array<i64: 1>} {
