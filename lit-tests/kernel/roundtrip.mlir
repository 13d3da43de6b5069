// RUN: xopt %s | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s

// The kernel ops print and parse back (custom and generic forms).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#shift = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
func.func @k(%n: index, %off: index) {
  %c4 = arith.constant 4 : index
  %a = kernel.binding 0(%n) : memref<?x4xf32>
  %b = kernel.binding 1 : memref<4xf32>
  %o = kernel.binding 2(%n) : memref<?x4xf32>
  %w = kernel.binding 3 : memref<4x4xf32>
  %t = kernel.alloc(%n) : memref<?x4xf32>
  %k = kernel.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32> : memref<4xf32>
  %v = kernel.reshape %t(%n) : memref<?x4xf32> to memref<4x?xf32>
  kernel.generic ins(%a, %b : memref<?x4xf32>, memref<4xf32>) outs(%t : memref<?x4xf32>) domain(%n, %c4) attributes {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"], vector_width = 4 : i64} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    %e = kernel.exp %s : f32
    %h = kernel.tanh %e : f32
    kernel.yield %h : f32
  }
  kernel.generic ins(%a : memref<?x4xf32>) outs(%o : memref<?x4xf32>) domain(%n, %c4) symbols(%off) attributes {indexing_maps = [affine_map<(d0, d1)[s0] -> (d0, d1)>, #shift], iterator_types = ["parallel", "reduction"]} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    kernel.yield %s : f32
  }
  kernel.matmul ins(%t, %w : memref<?x4xf32>, memref<4x4xf32>) outs(%o : memref<?x4xf32>) attributes {indexing_maps = []} {
  ^bb0(%acc: f32):
    kernel.yield %acc : f32
  }
  return
}
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[IDS:.+]] = affine_map<(d0, d1)[s0] -> (d0, d1)>
// CHECK-DAG: #[[SHIFT:.+]] = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>
// CHECK-LABEL: func.func @k(
// CHECK: %[[A:.+]] = kernel.binding 0(%[[N:.+]]) : memref<?x4xf32>
// CHECK: %[[B:.+]] = kernel.binding 1 : memref<4xf32>
// CHECK: %[[O:.+]] = kernel.binding 2(%[[N]]) : memref<?x4xf32>
// CHECK: %[[T:.+]] = kernel.alloc(%[[N]]) : memref<?x4xf32>
// CHECK: %{{.+}} = kernel.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32> : memref<4xf32>
// CHECK: %{{.+}} = kernel.reshape %[[T]](%[[N]]) : memref<?x4xf32> to memref<4x?xf32>
// CHECK: kernel.generic ins(%[[A]], %[[B]] : memref<?x4xf32>, memref<4xf32>) outs(%[[T]] : memref<?x4xf32>) domain(%[[N]], %{{.+}}) attributes {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"], vector_width = 4 : i64} {
// CHECK: kernel.exp %{{.+}} : f32
// CHECK: kernel.tanh %{{.+}} : f32
// CHECK: kernel.generic ins(%[[A]] : memref<?x4xf32>) outs(%[[O]] : memref<?x4xf32>) domain(%[[N]], %{{.+}}) symbols(%{{.+}}) attributes {indexing_maps = [#[[IDS]], #[[SHIFT]]], iterator_types = ["parallel", "reduction"]} {
// CHECK: kernel.matmul ins(%[[T]], %{{.+}} : memref<?x4xf32>, memref<4x4xf32>) outs(%[[O]] : memref<?x4xf32>) attributes {indexing_maps = []} {
// CHECK-NEXT: ^bb0(%[[ACC:.+]]: f32):
// CHECK-NEXT: kernel.yield %[[ACC]] : f32

// The scalar body ops of the ONNX elementwise ops.
func.func @scalars(%x: f32, %y: f32, %i: i64) -> (f32, i32, f64, i1) {
  %a = kernel.abs %x : f32
  %s = kernel.sqrt %a : f32
  %l = kernel.log %s : f32
  %e = kernel.erf %l : f32
  %p = kernel.pow %e, %y : f32
  %c = kernel.cast %p : f32 to i32
  %d = kernel.cast %i : i64 to f64
  %b = kernel.cast %x : f32 to i1
  return %p, %c, %d, %b : f32, i32, f64, i1
}
// CHECK-LABEL: func.func @scalars(
// CHECK: kernel.abs %{{.+}} : f32
// CHECK: kernel.sqrt %{{.+}} : f32
// CHECK: kernel.log %{{.+}} : f32
// CHECK: kernel.erf %{{.+}} : f32
// CHECK: kernel.pow %{{.+}}, %{{.+}} : f32
// CHECK: kernel.cast %{{.+}} : f32 to i32
// CHECK: kernel.cast %{{.+}} : i64 to f64
// CHECK: kernel.cast %{{.+}} : f32 to i1
