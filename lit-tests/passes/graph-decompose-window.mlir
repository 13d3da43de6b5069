// RUN: xopt %s --graph-decompose | xcheck %s

// graph-decompose of the window ops (dialects/graph/src/decompose/window.rs):
// a 1x1 conv is a matmul on the input itself (placement kept); a depthwise
// conv sums each window slice times its filter column (one fused
// elementwise kernel); other convs are im2col: the input viewed per group,
// padded only as far as the windows reach, each position's strided slice
// given a unit dim by a broadcast and the slices concatenated on it, then one
// matmul by the filter with the bias added in the matmul's shape (its
// epilogue); pools pad by -inf (max) or 0 (avg) and combine one strided
// slice per kernel position (a float max by compare and select from -inf,
// so NaN is skipped as onnxruntime does),
// avg dividing by the window counts without the
// padding (2, 3, 3, 2 here), and windows past 27 positions one dim at a
// time; reflect pads and nearest resizes are gathers of constant indices.

// CHECK-LABEL: func.func @pointwise
// CHECK-NEXT: %0 = graph.reshape %arg0 {device.affinity = #device.affinity<@gpu>} : tensor<1x4x3x5xf32> -> tensor<1x1x4x15xf32>
// CHECK-NEXT: %1 = graph.reshape %arg1 {device.affinity = #device.affinity<@gpu>} : tensor<6x4x1x1xf32> -> tensor<6x4xf32>
// CHECK-NEXT: %2 = graph.reshape %0 {device.affinity = #device.affinity<@gpu>} : tensor<1x1x4x15xf32> -> tensor<4x15xf32>
// CHECK-NEXT: %3 = graph.matmul %1, %2 {device.affinity = #device.affinity<@gpu>} : (tensor<6x4xf32>, tensor<4x15xf32>) -> tensor<6x15xf32>
// CHECK-NEXT: %4 = graph.reshape %3 {device.affinity = #device.affinity<@gpu>} : tensor<6x15xf32> -> tensor<1x6x3x5xf32>
// CHECK-NEXT: return %4 : tensor<1x6x3x5xf32>
// CHECK-LABEL: func.func @depthwise
// CHECK-NEXT: %0 = graph.reshape %arg1 : tensor<3x1x1x2xf32> -> tensor<3x2xf32>
// CHECK-NEXT: %1 = graph.slice %arg0 start = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x3x4x4xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %2 = graph.slice %0 start = [0, 0] strides = [1, 1] : tensor<3x2xf32> -> tensor<3x1xf32>
// CHECK-NEXT: %3 = graph.reshape %2 : tensor<3x1xf32> -> tensor<3xf32>
// CHECK-NEXT: %4 = graph.broadcast %3 dimensions = [1] : tensor<3xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %5 = graph.mul %1, %4 : tensor<1x3x4x3xf32>
// CHECK-NEXT: %6 = graph.slice %arg0 start = [0, 0, 0, 1] strides = [1, 1, 1, 1] : tensor<1x3x4x4xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %7 = graph.slice %0 start = [0, 1] strides = [1, 1] : tensor<3x2xf32> -> tensor<3x1xf32>
// CHECK-NEXT: %8 = graph.reshape %7 : tensor<3x1xf32> -> tensor<3xf32>
// CHECK-NEXT: %9 = graph.broadcast %8 dimensions = [1] : tensor<3xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %10 = graph.mul %6, %9 : tensor<1x3x4x3xf32>
// CHECK-NEXT: %11 = graph.add %5, %10 : tensor<1x3x4x3xf32>
// CHECK-NEXT: %12 = graph.broadcast %arg2 dimensions = [1] : tensor<3xf32> -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %13 = graph.add %11, %12 : tensor<1x3x4x3xf32>
// CHECK-NEXT: return %13 : tensor<1x3x4x3xf32>
// CHECK-LABEL: func.func @maxpool
// CHECK-NEXT: %0 = graph.constant dense<0xFF800000> : tensor<1x2x1xf32>
// CHECK-NEXT: %1 = graph.concat %arg0, %0 axis = 2 : (tensor<1x2x5xf32>, tensor<1x2x1xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %2 = graph.slice %1 start = [0, 0, 0] strides = [1, 1, 2] : tensor<1x2x6xf32> -> tensor<1x2x3xf32>
// CHECK-NEXT: %3 = graph.constant dense<0xFF800000> : tensor<1x2x3xf32>
// CHECK-NEXT: %4 = graph.compare gt, %2, %3 : tensor<1x2x3xf32> -> tensor<1x2x3xi1>
// CHECK-NEXT: %5 = graph.select %4, %2, %3 : tensor<1x2x3xi1>, tensor<1x2x3xf32>
// CHECK-NEXT: %6 = graph.slice %1 start = [0, 0, 1] strides = [1, 1, 2] : tensor<1x2x6xf32> -> tensor<1x2x3xf32>
// CHECK-NEXT: %7 = graph.compare gt, %6, %5 : tensor<1x2x3xf32> -> tensor<1x2x3xi1>
// CHECK-NEXT: %8 = graph.select %7, %6, %5 : tensor<1x2x3xi1>, tensor<1x2x3xf32>
// CHECK-NEXT: return %8 : tensor<1x2x3xf32>
// CHECK-LABEL: func.func @avgpool
// CHECK-NEXT: %0 = graph.constant dense<0.000000e+00> : tensor<1x2x1xf32>
// CHECK-NEXT: %1 = graph.constant dense<0.000000e+00> : tensor<1x2x1xf32>
// CHECK-NEXT: %2 = graph.concat %0, %arg0, %1 axis = 2 : (tensor<1x2x1xf32>, tensor<1x2x4xf32>, tensor<1x2x1xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %3 = graph.slice %2 start = [0, 0, 0] strides = [1, 1, 1] : tensor<1x2x6xf32> -> tensor<1x2x4xf32>
// CHECK-NEXT: %4 = graph.slice %2 start = [0, 0, 1] strides = [1, 1, 1] : tensor<1x2x6xf32> -> tensor<1x2x4xf32>
// CHECK-NEXT: %5 = graph.add %3, %4 : tensor<1x2x4xf32>
// CHECK-NEXT: %6 = graph.slice %2 start = [0, 0, 2] strides = [1, 1, 1] : tensor<1x2x6xf32> -> tensor<1x2x4xf32>
// CHECK-NEXT: %7 = graph.add %5, %6 : tensor<1x2x4xf32>
// CHECK-NEXT: %8 = graph.constant dense<[2.000000e+00, 3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %9 = graph.broadcast %8 dimensions = [2] : tensor<4xf32> -> tensor<1x2x4xf32>
// CHECK-NEXT: %10 = graph.div %7, %9 : tensor<1x2x4xf32>
// CHECK-NEXT: return %10 : tensor<1x2x4xf32>
// CHECK-LABEL: func.func @reflect
// CHECK-NEXT: %0 = graph.constant dense<[2, 1, 0, 1, 2, 1]> : tensor<6xi64>
// CHECK-NEXT: %1 = graph.gather %arg0[%0] axis = 1 : (tensor<2x3xi32>, tensor<6xi64>) -> tensor<2x6xi32>
// CHECK-NEXT: return %1 : tensor<2x6xi32>
// CHECK-LABEL: func.func @nearest
// CHECK-NEXT: %0 = graph.constant dense<[0, 0, 1, 1]> : tensor<4xi64>
// CHECK-NEXT: %1 = graph.gather %arg0[%0] axis = 2 : (tensor<1x1x2x3xf32>, tensor<4xi64>) -> tensor<1x1x4x3xf32>
// CHECK-NEXT: return %1 : tensor<1x1x4x3xf32>
// CHECK-LABEL: func.func @im2col
// CHECK-NEXT: %0 = graph.reshape %arg0 : tensor<1x2x4x4xf32> -> tensor<1x1x2x4x4xf32>
// CHECK-NEXT: %1 = graph.constant dense<0.000000e+00> : tensor<1x1x2x1x4xf32>
// CHECK-NEXT: %2 = graph.concat %1, %0 axis = 3 : (tensor<1x1x2x1x4xf32>, tensor<1x1x2x4x4xf32>) -> tensor<1x1x2x5x4xf32>
// CHECK-NEXT: %3 = graph.constant dense<0.000000e+00> : tensor<1x1x2x5x1xf32>
// CHECK-NEXT: %4 = graph.concat %3, %2 axis = 4 : (tensor<1x1x2x5x1xf32>, tensor<1x1x2x5x4xf32>) -> tensor<1x1x2x5x5xf32>
// CHECK-NEXT: %5 = graph.slice %4 start = [0, 0, 0, 0, 0] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %6 = graph.broadcast %5 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %7 = graph.slice %4 start = [0, 0, 0, 0, 1] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %8 = graph.broadcast %7 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %9 = graph.slice %4 start = [0, 0, 0, 0, 2] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %10 = graph.broadcast %9 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %11 = graph.slice %4 start = [0, 0, 0, 1, 0] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %12 = graph.broadcast %11 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %13 = graph.slice %4 start = [0, 0, 0, 1, 1] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %14 = graph.broadcast %13 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %15 = graph.slice %4 start = [0, 0, 0, 1, 2] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %16 = graph.broadcast %15 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %17 = graph.slice %4 start = [0, 0, 0, 2, 0] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %18 = graph.broadcast %17 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %19 = graph.slice %4 start = [0, 0, 0, 2, 1] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %20 = graph.broadcast %19 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %21 = graph.slice %4 start = [0, 0, 0, 2, 2] strides = [1, 1, 1, 2, 2] : tensor<1x1x2x5x5xf32> -> tensor<1x1x2x2x2xf32>
// CHECK-NEXT: %22 = graph.broadcast %21 dimensions = [0, 1, 2, 4, 5] : tensor<1x1x2x2x2xf32> -> tensor<1x1x2x1x2x2xf32>
// CHECK-NEXT: %23 = graph.concat %6, %8, %10, %12, %14, %16, %18, %20, %22 axis = 3 : (tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>, tensor<1x1x2x1x2x2xf32>) -> tensor<1x1x2x9x2x2xf32>
// CHECK-NEXT: %24 = graph.reshape %23 : tensor<1x1x2x9x2x2xf32> -> tensor<1x1x18x4xf32>
// CHECK-NEXT: %25 = graph.reshape %arg1 : tensor<3x2x3x3xf32> -> tensor<3x18xf32>
// CHECK-NEXT: %26 = graph.reshape %24 : tensor<1x1x18x4xf32> -> tensor<18x4xf32>
// CHECK-NEXT: %27 = graph.matmul %25, %26 : (tensor<3x18xf32>, tensor<18x4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %28 = graph.broadcast %arg2 dimensions = [0] : tensor<3xf32> -> tensor<3x4xf32>
// CHECK-NEXT: %29 = graph.add %27, %28 : tensor<3x4xf32>
// CHECK-NEXT: %30 = graph.reshape %29 : tensor<3x4xf32> -> tensor<1x3x2x2xf32>
// CHECK-NEXT: return %30 : tensor<1x3x2x2xf32>
// CHECK-LABEL: func.func @separable
// CHECK-NEXT: %0 = graph.slice %arg0 start = [0, 0, 0, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x4x4x2xf32> -> tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %1 = graph.constant dense<0xFF800000> : tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %2 = graph.compare gt, %0, %1 : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x4x2xi1>
// CHECK-NEXT: %3 = graph.select %2, %0, %1 : tensor<1x1x1x4x2xi1>, tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %4 = graph.slice %arg0 start = [0, 0, 1, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x4x4x2xf32> -> tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %5 = graph.compare gt, %4, %3 : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x4x2xi1>
// CHECK-NEXT: %6 = graph.select %5, %4, %3 : tensor<1x1x1x4x2xi1>, tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %7 = graph.slice %arg0 start = [0, 0, 2, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x4x4x2xf32> -> tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %8 = graph.compare gt, %7, %6 : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x4x2xi1>
// CHECK-NEXT: %9 = graph.select %8, %7, %6 : tensor<1x1x1x4x2xi1>, tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %10 = graph.slice %arg0 start = [0, 0, 3, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x4x4x2xf32> -> tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %11 = graph.compare gt, %10, %9 : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x4x2xi1>
// CHECK-NEXT: %12 = graph.select %11, %10, %9 : tensor<1x1x1x4x2xi1>, tensor<1x1x1x4x2xf32>
// CHECK-NEXT: %13 = graph.slice %12 start = [0, 0, 0, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %14 = graph.constant dense<0xFF800000> : tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %15 = graph.compare gt, %13, %14 : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x2xi1>
// CHECK-NEXT: %16 = graph.select %15, %13, %14 : tensor<1x1x1x1x2xi1>, tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %17 = graph.slice %12 start = [0, 0, 0, 1, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %18 = graph.compare gt, %17, %16 : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x2xi1>
// CHECK-NEXT: %19 = graph.select %18, %17, %16 : tensor<1x1x1x1x2xi1>, tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %20 = graph.slice %12 start = [0, 0, 0, 2, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %21 = graph.compare gt, %20, %19 : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x2xi1>
// CHECK-NEXT: %22 = graph.select %21, %20, %19 : tensor<1x1x1x1x2xi1>, tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %23 = graph.slice %12 start = [0, 0, 0, 3, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x4x2xf32> -> tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %24 = graph.compare gt, %23, %22 : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x2xi1>
// CHECK-NEXT: %25 = graph.select %24, %23, %22 : tensor<1x1x1x1x2xi1>, tensor<1x1x1x1x2xf32>
// CHECK-NEXT: %26 = graph.slice %25 start = [0, 0, 0, 0, 0] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x1xf32>
// CHECK-NEXT: %27 = graph.constant dense<0xFF800000> : tensor<1x1x1x1x1xf32>
// CHECK-NEXT: %28 = graph.compare gt, %26, %27 : tensor<1x1x1x1x1xf32> -> tensor<1x1x1x1x1xi1>
// CHECK-NEXT: %29 = graph.select %28, %26, %27 : tensor<1x1x1x1x1xi1>, tensor<1x1x1x1x1xf32>
// CHECK-NEXT: %30 = graph.slice %25 start = [0, 0, 0, 0, 1] strides = [1, 1, 1, 1, 1] : tensor<1x1x1x1x2xf32> -> tensor<1x1x1x1x1xf32>
// CHECK-NEXT: %31 = graph.compare gt, %30, %29 : tensor<1x1x1x1x1xf32> -> tensor<1x1x1x1x1xi1>
// CHECK-NEXT: %32 = graph.select %31, %30, %29 : tensor<1x1x1x1x1xi1>, tensor<1x1x1x1x1xf32>
// CHECK-NEXT: return %32 : tensor<1x1x1x1x1xf32>

func.func @pointwise(%x: tensor<1x4x3x5xf32>, %w: tensor<6x4x1x1xf32>) -> tensor<1x6x3x5xf32> {
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 {device.affinity = #device.affinity<@gpu>} : (tensor<1x4x3x5xf32>, tensor<6x4x1x1xf32>) -> tensor<1x6x3x5xf32> loc("conv.onnx":3:0)
  return %0 : tensor<1x6x3x5xf32>
}
func.func @depthwise(%x: tensor<1x3x4x4xf32>, %w: tensor<3x1x1x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x3xf32> {
  %0 = graph.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 3 : (tensor<1x3x4x4xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>) -> tensor<1x3x4x3xf32>
  return %0 : tensor<1x3x4x3xf32>
}
func.func @maxpool(%x: tensor<1x2x5xf32>) -> tensor<1x2x3xf32> {
  %0 = graph.max_pool %x kernel_shape = [2] strides = [2] dilations = [1] pads = [0, 0] ceil_mode = 1 : tensor<1x2x5xf32> -> tensor<1x2x3xf32>
  return %0 : tensor<1x2x3xf32>
}
func.func @avgpool(%x: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  %0 = graph.avg_pool %x kernel_shape = [3] strides = [1] dilations = [1] pads = [1, 1] ceil_mode = 0 count_include_pad = 0 : tensor<1x2x4xf32> -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}
func.func @reflect(%x: tensor<2x3xi32>) -> tensor<2x6xi32> {
  %0 = graph.pad %x pads = [0, 2, 0, 1] mode = "reflect" : (tensor<2x3xi32>) -> tensor<2x6xi32>
  return %0 : tensor<2x6xi32>
}
func.func @nearest(%x: tensor<1x1x2x3xf32>) -> tensor<1x1x4x3xf32> {
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 1.0> mode = "nearest" coordinate_transformation_mode = "asymmetric" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x3xf32> -> tensor<1x1x4x3xf32>
  return %0 : tensor<1x1x4x3xf32>
}
func.func @im2col(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  %0 = graph.conv %x, %w, %b strides = [2, 2] dilations = [1, 1] pads = [1, 1, 0, 0] groups = 1 : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}
func.func @separable(%x: tensor<1x1x4x4x2xf32>) -> tensor<1x1x1x1x1xf32> {
  %0 = graph.max_pool %x kernel_shape = [4, 4, 2] strides = [1, 1, 1] dilations = [1, 1, 1] pads = [0, 0, 0, 0, 0, 0] ceil_mode = 0 : tensor<1x1x4x4x2xf32> -> tensor<1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1xf32>
}
