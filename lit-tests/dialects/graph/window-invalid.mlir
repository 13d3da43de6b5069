// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier message of the window graph ops.

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op filter [6, 2, 3, 3] with 1 groups needs 2 input channels, the input has 4}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x1x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op 4 groups do not divide the filter's 6 output channels}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 4 : (tensor<1x4x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op 'pads' has 2 values, expected 4 for 2 spatial dims}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op 'strides' must be at least 1, got 0}}
  %0 = graph.conv %x, %w strides = [1, 0] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x2x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op the window of extent 3 does not fit spatial dim 0 of size 2 padded by 0 and 0}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x2x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x0x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error@+1 {{'graph.conv' op result type 'tensor<1x6x8x8xf32>' does not match the inferred type 'tensor<1x6x6x6xf32>'}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x8x8xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'graph.conv' op bias type 'tensor<4xf32>' must be tensor<6xf32>}}
  %0 = graph.conv %x, %w, %b strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<4xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xi32>, %w: tensor<6x4x3x3xi32>) {
  // expected-error@+1 {{'graph.conv' op requires a float element type, got 'i32'}}
  %0 = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x4x8x8xi32>, tensor<6x4x3x3xi32>) -> tensor<1x6x6x6xi32>
  return
}

// -----

func.func @f(%x: tensor<4x8xf32>, %w: tensor<6x4xf32>) {
  // expected-error@+1 {{'graph.conv' op input must be [N, C, D...] with at least one spatial dim, got rank 2}}
  %0 = graph.conv %x, %w strides = [] dilations = [] pads = [] groups = 1 : (tensor<4x8xf32>, tensor<6x4xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'graph.conv_transpose' op 'output_padding' of spatial dim 0 must be in [0, 2), got 2}}
  %0 = graph.conv_transpose %x, %w strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [2, 0] groups = 1 : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x13x11xf32>
  return
}

// -----

func.func @f(%x: tensor<1x5x5x5xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error@+1 {{'graph.conv_transpose' op filter [4, 3, 3, 3] needs 4 input channels (its dim 0), the input has 5}}
  %0 = graph.conv_transpose %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] output_padding = [0, 0] groups = 1 : (tensor<1x5x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x7x7xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>) {
  // expected-error@+1 {{'graph.max_pool' op pads of spatial dim 1 (3 and 0) must be smaller than the window's extent 3}}
  %0 = graph.max_pool %x kernel_shape = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [0, 3, 0, 0] ceil_mode = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x6x9xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>) {
  // expected-error@+1 {{'graph.max_pool' op 'ceil_mode' must be 0 or 1, got 2}}
  %0 = graph.max_pool %x kernel_shape = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 2 : tensor<1x4x8x8xf32> -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xf32>) {
  // expected-error@+1 {{'graph.max_pool' op 'kernel_shape' has 1 values, expected 2 for 2 spatial dims}}
  %0 = graph.max_pool %x kernel_shape = [3] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x6x6xf32>
  return
}

// -----

// ceil_mode: 8 = 2 + 3 * 2 windows of 3 at stride 2 -> ceil((8 - 3) / 2) + 1 = 4.
func.func @f(%x: tensor<1x4x8x8xf32>) {
  // expected-error@+1 {{'graph.avg_pool' op result type 'tensor<1x4x3x3xf32>' does not match the inferred type 'tensor<1x4x4x4xf32>'}}
  %0 = graph.avg_pool %x kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 1 count_include_pad = 0 : tensor<1x4x8x8xf32> -> tensor<1x4x3x3xf32>
  return
}

// -----

func.func @f(%x: tensor<1x4x8x8xi32>) {
  // expected-error@+1 {{'graph.avg_pool' op requires a float element type, got 'i32'}}
  %0 = graph.avg_pool %x kernel_shape = [3, 3] strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] ceil_mode = 0 count_include_pad = 0 : tensor<1x4x8x8xi32> -> tensor<1x4x6x6xi32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.pad' op 'pads' has 2 values, expected 4 (2 x rank 2)}}
  %0 = graph.pad %x pads = [1, 1] mode = "constant" : (tensor<2x3xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.pad' op 'mode' must be one of "constant", "reflect", "edge", "wrap", got "mirror"}}
  %0 = graph.pad %x pads = [0, 0, 0, 0] mode = "mirror" : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.pad' op mode "reflect" cannot pad dim 1: it has no elements left after cropping}}
  %0 = graph.pad %x pads = [0, -3, 0, 1] mode = "reflect" : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x0xf32>) {
  // expected-error@+1 {{'graph.pad' op mode "edge" cannot pad dim 1: it has no elements}}
  %0 = graph.pad %x pads = [0, 1, 0, 0] mode = "edge" : (tensor<2x0xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error@+1 {{'graph.pad' op pads -2 and -2 remove more than the 3 elements of dim 1}}
  %0 = graph.pad %x pads = [0, -2, 0, -2] mode = "constant" : (tensor<2x3xf32>) -> tensor<2x0xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error@+1 {{'graph.pad' op a value is only given in mode "constant", not "edge"}}
  %0 = graph.pad %x, %v pads = [0, 1, 0, 0] mode = "edge" : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3xf32>, %v: tensor<1xf32>) {
  // expected-error@+1 {{'graph.pad' op value must be a 0-d tensor of the input's element type f32}}
  %0 = graph.pad %x, %v pads = [0, 1, 0, 0] mode = "constant" : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{'graph.resize' op 'mode' must be one of "nearest", "linear", "cubic", got "bilinear"}}
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 2.0> mode = "bilinear" coordinate_transformation_mode = "half_pixel" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{'graph.resize' op 'coordinate_transformation_mode' must be one of "half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners", "asymmetric", got "tf_crop_and_resize"}}
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 2.0> mode = "linear" coordinate_transformation_mode = "tf_crop_and_resize" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{'graph.resize' op 'scales' has 2 values, expected 4 (the rank)}}
  %0 = graph.resize %x scales = array<f64: 2.0, 2.0> mode = "linear" coordinate_transformation_mode = "half_pixel" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{'graph.resize' op scales must be positive, got 0}}
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 0.0, 2.0> mode = "linear" coordinate_transformation_mode = "half_pixel" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x2x2xf32>) {
  // expected-error@+1 {{'graph.resize' op result rank 3 differs from the input's 4}}
  %0 = graph.resize %x scales = array<f64: 1.0, 1.0, 2.0, 2.0> mode = "linear" coordinate_transformation_mode = "half_pixel" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<1x1x2x2xf32> -> tensor<1x4x4xf32>
  return
}

// -----

// Sizes near i64's range are errors, never an overflow.
func.func @f(%x: tensor<1x1x8xf32>) {
  // expected-error@+1 {{'graph.max_pool' op the window of spatial dim 0 (kernel 3, dilation 4611686018427387904) is too large}}
  %0 = graph.max_pool %x kernel_shape = [3] strides = [1] dilations = [4611686018427387904] pads = [0, 0] ceil_mode = 0 : tensor<1x1x8xf32> -> tensor<1x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x8xf32>, %w: tensor<1x1x3xf32>) {
  // expected-error@+1 {{'graph.conv' op the output size of spatial dim 0 9223372036854775813 is too large}}
  %0 = graph.conv %x, %w strides = [1] dilations = [1] pads = [9223372036854775807, 0] groups = 1 : (tensor<1x1x8xf32>, tensor<1x1x3xf32>) -> tensor<1x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x8xf32>) {
  // expected-error@+1 {{'graph.avg_pool' op kernel sizes must be at least 1, got -9223372036854775808}}
  %0 = "graph.avg_pool"(%x) <{kernel_shape = array<i64: -9223372036854775808>, strides = array<i64: 1>, dilations = array<i64: 1>, pads = array<i64: 0, 0>, ceil_mode = 0 : i64, count_include_pad = 0 : i64}> : (tensor<1x1x8xf32>) -> tensor<1x1x1xf32>
  return
}

// -----

func.func @f(%x: tensor<1x1x4611686018427387904xf32>, %w: tensor<1x1x3xf32>) {
  // expected-error@+1 {{'graph.conv_transpose' op the output size of spatial dim 0 13835058055282163712 is too large}}
  %0 = graph.conv_transpose %x, %w strides = [3] dilations = [1] pads = [0, 0] output_padding = [0] groups = 1 : (tensor<1x1x4611686018427387904xf32>, tensor<1x1x3xf32>) -> tensor<1x1x1xf32>
  return
}
