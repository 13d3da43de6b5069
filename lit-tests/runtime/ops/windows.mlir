// The window graph ops (conv, conv_transpose, max_pool, avg_pool, pad,
// resize) run end to end, decomposed by graph-decompose, on local (the
// default) and on the reference; lit-tests/runtime/vulkan-windows.mlir runs
// the same lines on Vulkan. The expected values are worked by hand: a 2x2
// diagonal filter adds x[i][j] and x[i+1][j+1]; a 3x3 box over 1..9 padded
// by 1 at stride 2 sums 2x2 corners; pools and pads of small sequences.
// tools/xrun/tests/windows.rs compares the decomposition with the
// reference's direct semantics on random programs.

// RUN: xrun %s --function=conv_diag --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x2x2xf32=1 0 0 1" --input="1xf32=0.5" | xcheck %s --check-prefix=CONVDIAG --match-full-lines
// RUN: xrun %s --device=reference --function=conv_diag --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x2x2xf32=1 0 0 1" --input="1xf32=0.5" | xcheck %s --check-prefix=CONVDIAG --match-full-lines
// CONVDIAG: 1x1x2x2xf32={{\[\[\[}}6.5 8.5][12.5 14.5]]]
// RUN: xrun %s --function=conv_pad_stride --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x3x3xf32=1" | xcheck %s --check-prefix=CONVPAD --match-full-lines
// RUN: xrun %s --device=reference --function=conv_pad_stride --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x3x3xf32=1" | xcheck %s --check-prefix=CONVPAD --match-full-lines
// CONVPAD: 1x1x2x2xf32={{\[\[\[}}12 16][24 28]]]
// RUN: xrun %s --function=depthwise --input="1x2x1x3xf32=1 2 3 4 5 6" --input="2x1x1x2xf32=1 1 2 -1" | xcheck %s --check-prefix=DEPTHWISE --match-full-lines
// RUN: xrun %s --device=reference --function=depthwise --input="1x2x1x3xf32=1 2 3 4 5 6" --input="2x1x1x2xf32=1 1 2 -1" | xcheck %s --check-prefix=DEPTHWISE --match-full-lines
// DEPTHWISE: 1x2x1x2xf32={{\[\[\[}}3 5]]{{\[\[}}3 4]]]
// RUN: xrun %s --function=conv_transpose --input="1x1x2xf32=1 2" --input="1x1x2xf32=1 1" | xcheck %s --check-prefix=CONVT --match-full-lines
// RUN: xrun %s --device=reference --function=conv_transpose --input="1x1x2xf32=1 2" --input="1x1x2xf32=1 1" | xcheck %s --check-prefix=CONVT --match-full-lines
// CONVT: 1x1x4xf32={{\[\[}}1 1 2 2]]
// CONVT: 1x1x3xf32={{\[\[}}1 3 2]]
// RUN: xrun %s --function=max_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %s --check-prefix=MAXPOOL --match-full-lines
// RUN: xrun %s --device=reference --function=max_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %s --check-prefix=MAXPOOL --match-full-lines
// MAXPOOL: 1x1x2x2xf32={{\[\[\[}}5 6][8 9]]]
// RUN: xrun %s --function=max_pool_nan --input="1x1x4xf32=1 nan 3 nan" | xcheck %s --check-prefix=MAXNAN --match-full-lines
// RUN: xrun %s --device=reference --function=max_pool_nan --input="1x1x4xf32=1 nan 3 nan" | xcheck %s --check-prefix=MAXNAN --match-full-lines
// MAXNAN: 1x1x3xf32={{\[\[}}1 3 3]]
// RUN: xrun %s --function=avg_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %s --check-prefix=AVGPOOL --match-full-lines
// RUN: xrun %s --device=reference --function=avg_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %s --check-prefix=AVGPOOL --match-full-lines
// AVGPOOL: 1x1x3x3xf32={{\[\[\[}}3 3.5 4][4.5 5 5.5][6 6.5 7]]]
// RUN: xrun %s --function=pads --input="1x3xf32=1 2 3" --input="f32=7" | xcheck %s --check-prefix=PADS --match-full-lines
// RUN: xrun %s --device=reference --function=pads --input="1x3xf32=1 2 3" --input="f32=7" | xcheck %s --check-prefix=PADS --match-full-lines
// PADS: 1x6xf32=[3 2 1 2 3 2]
// PADS: 1x6xf32=[1 1 1 2 3 3]
// PADS: 1x6xf32=[2 3 1 2 3 1]
// PADS: 1x6xf32=[7 7 1 2 3 7]
// RUN: xrun %s --function=resize --input="1x1x1x2xf32=1 3" | xcheck %s --check-prefix=RESIZE --match-full-lines
// RUN: xrun %s --device=reference --function=resize --input="1x1x1x2xf32=1 3" | xcheck %s --check-prefix=RESIZE --match-full-lines
// RESIZE: 1x1x2x4xf32={{\[\[\[}}1 1 3 3][1 1 3 3]]]
// RESIZE: 1x1x1x4xf32={{\[\[\[}}1 1.5 2.5 3]]]

func.func @conv_diag(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x2x2xf32>, %b: tensor<1xf32>) -> tensor<1x1x2x2xf32> {
  %0 = graph.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}
func.func @conv_pad_stride(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %0 = graph.conv %x, %w strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 1 : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}
func.func @depthwise(%x: tensor<1x2x1x3xf32>, %w: tensor<2x1x1x2xf32>) -> tensor<1x2x1x2xf32> {
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 2 : (tensor<1x2x1x3xf32>, tensor<2x1x1x2xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}
func.func @conv_transpose(%x: tensor<1x1x2xf32>, %w: tensor<1x1x2xf32>) -> (tensor<1x1x4xf32>, tensor<1x1x3xf32>) {
  %0 = graph.conv_transpose %x, %w strides = [2] dilations = [1] pads = [0, 0] output_padding = [0] groups = 1 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x4xf32>
  %1 = graph.conv_transpose %x, %w strides = [1] dilations = [1] pads = [0, 0] output_padding = [0] groups = 1 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  return %0, %1 : tensor<1x1x4xf32>, tensor<1x1x3xf32>
}
func.func @max_pool(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %0 = graph.max_pool %x kernel_shape = [2, 2] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 1 : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}
// NaN is skipped, as onnxruntime does: the last window holds only 3 and NaN.
func.func @max_pool_nan(%x: tensor<1x1x4xf32>) -> tensor<1x1x3xf32> {
  %0 = graph.max_pool %x kernel_shape = [2] strides = [1] dilations = [1] pads = [0, 0] ceil_mode = 0 : tensor<1x1x4xf32> -> tensor<1x1x3xf32>
  return %0 : tensor<1x1x3xf32>
}
func.func @avg_pool(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %0 = graph.avg_pool %x kernel_shape = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] ceil_mode = 0 count_include_pad = 0 : tensor<1x1x3x3xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}
func.func @pads(%x: tensor<1x3xf32>, %v: tensor<f32>) -> (tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>) {
  %0 = graph.pad %x pads = [0, 2, 0, 1] mode = "reflect" : (tensor<1x3xf32>) -> tensor<1x6xf32>
  %1 = graph.pad %x pads = [0, 2, 0, 1] mode = "edge" : (tensor<1x3xf32>) -> tensor<1x6xf32>
  %2 = graph.pad %x pads = [0, 2, 0, 1] mode = "wrap" : (tensor<1x3xf32>) -> tensor<1x6xf32>
  %3 = graph.pad %x, %v pads = [0, 2, 0, 1] mode = "constant" : (tensor<1x3xf32>, tensor<f32>) -> tensor<1x6xf32>
  return %0, %1, %2, %3 : tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>
}
func.func @resize(%x: tensor<1x1x1x2xf32>) -> (tensor<1x1x2x4xf32>, tensor<1x1x1x4xf32>) {
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 2.0> mode = "nearest" coordinate_transformation_mode = "asymmetric" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x1x2xf32> -> tensor<1x1x2x4xf32>
  %1 = graph.resize %x scales = array<f64: 1.0, 1.0, 1.0, 2.0> mode = "linear" coordinate_transformation_mode = "half_pixel" nearest_mode = "round_prefer_floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x1x2xf32> -> tensor<1x1x1x4xf32>
  return %0, %1 : tensor<1x1x2x4xf32>, tensor<1x1x1x4xf32>
}
