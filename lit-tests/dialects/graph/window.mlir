// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of the window graph ops (conv,
// conv_transpose, max_pool, avg_pool, pad, resize; dialects/graph/src/window.rs),
// with an optional bias / pad value, 1-d and 2-d, a dynamic batch dim, an
// integer pad. The generic form's property names are ONNX's attribute names.

// CHECK-LABEL: func.func @windows
// CHECK: %0 = graph.conv %arg0, %arg1, %arg2 strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
// CHECK: %1 = graph.conv %arg7, %arg8 strides = [2] dilations = [3] pads = [0, 1] groups = 1 : (tensor<?x3x9xf32>, tensor<5x3x2xf32>) -> tensor<?x5x4xf32>
// CHECK: %2 = graph.conv_transpose %arg3, %arg4 strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] output_padding = [1, 1] groups = 2 : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x10x10xf32>
// CHECK: %3 = graph.max_pool %arg0 kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] ceil_mode = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
// CHECK: %4 = graph.avg_pool %arg0 kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 1 count_include_pad = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
// CHECK: %5 = graph.pad %arg5, %arg6 pads = [0, 1, -1, 0, 2, 3] mode = constant : (tensor<2x3x5xi32>, tensor<i32>) -> tensor<2x6x7xi32>
// CHECK: %6 = graph.pad %arg5 pads = [0, 2, 2, 0, 2, 4] mode = reflect : (tensor<2x3x5xi32>) -> tensor<2x7x11xi32>
// CHECK: %7 = graph.resize %arg0 scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 5.000000e-01> mode = linear coordinate_transformation_mode = half_pixel nearest_mode = round_prefer_floor cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x16x4xf32>
// GEN: %0 = "graph.conv"(%arg0, %arg1, %arg2) <{dilations = array<i64: 1, 1>, groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>}> : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
// GEN: %1 = "graph.conv"(%arg7, %arg8) <{dilations = array<i64: 3>, groups = 1 : i64, pads = array<i64: 0, 1>, strides = array<i64: 2>}> : (tensor<?x3x9xf32>, tensor<5x3x2xf32>) -> tensor<?x5x4xf32>
// GEN: %2 = "graph.conv_transpose"(%arg3, %arg4) <{dilations = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}> : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x10x10xf32>
// GEN: %3 = "graph.max_pool"(%arg0) <{ceil_mode = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}> : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// GEN: %4 = "graph.avg_pool"(%arg0) <{ceil_mode = 1 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}> : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// GEN: %5 = "graph.pad"(%arg5, %arg6) <{mode = "constant", pads = array<i64: 0, 1, -1, 0, 2, 3>}> : (tensor<2x3x5xi32>, tensor<i32>) -> tensor<2x6x7xi32>
// GEN: %6 = "graph.pad"(%arg5) <{mode = "reflect", pads = array<i64: 0, 2, 2, 0, 2, 4>}> : (tensor<2x3x5xi32>) -> tensor<2x7x11xi32>
// GEN: %7 = "graph.resize"(%arg0) <{coordinate_transformation_mode = "half_pixel", cubic_coeff_a = -7.500000e-01 : f32, exclude_outside = 0 : i64, mode = "linear", nearest_mode = "round_prefer_floor", scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 5.000000e-01>}> : (tensor<1x4x8x8xf32>) -> tensor<1x4x16x4xf32>
func.func @windows(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>, %t: tensor<1x4x5x5xf32>, %tw: tensor<4x3x3x3xf32>, %i: tensor<2x3x5xi32>, %v: tensor<i32>, %x1: tensor<?x3x9xf32>, %w1: tensor<5x3x2xf32>) {
  %0 = graph.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
  %1 = graph.conv %x1, %w1 strides = [2] dilations = [3] pads = [0, 1] groups = 1 : (tensor<?x3x9xf32>, tensor<5x3x2xf32>) -> tensor<?x5x4xf32>
  %2 = graph.conv_transpose %t, %tw strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] output_padding = [1, 1] groups = 2 : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x10x10xf32>
  %3 = graph.max_pool %x kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] ceil_mode = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %4 = graph.avg_pool %x kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 1 count_include_pad = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %5 = graph.pad %i, %v pads = [0, 1, -1, 0, 2, 3] mode = "constant" : (tensor<2x3x5xi32>, tensor<i32>) -> tensor<2x6x7xi32>
  %6 = graph.pad %i pads = [0, 2, 2, 0, 2, 4] mode = "reflect" : (tensor<2x3x5xi32>) -> tensor<2x7x11xi32>
  %7 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 0.5> mode = "linear" coordinate_transformation_mode = "half_pixel" nearest_mode = "round_prefer_floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x16x4xf32>
  return
}
