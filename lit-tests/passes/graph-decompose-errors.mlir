// RUN: xopt %s --split-input-file --graph-decompose --verify-diagnostics

// What graph-decompose cannot rewrite: a size it must know is dynamic (the
// element count a mean divides by). The error is at the composite op and
// names it. Other dynamic dims decompose (graph-decompose-dynamic.mlir).

func.func @f(%x: tensor<3x?xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'graph.reduce_mean' op cannot be decomposed: the element count of reduced dim 1 is dynamic}}
  %0 = graph.reduce_mean %x axes = [1] : tensor<3x?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @f(%x: tensor<2x?xf32>, %s: tensor<?xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{'graph.layer_norm' op cannot be decomposed: the element count of reduced dim 1 is dynamic}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<2x?xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %0#0 : tensor<2x?xf32>
}

// -----

// Window ops take a dynamic batch, but never pad or scale it.
func.func @f(%x: tensor<?x1x4xf32>) -> tensor<?x1x4xf32> {
  // expected-error@+1 {{'graph.pad' op cannot be decomposed: it pads its dynamic batch dim}}
  %0 = graph.pad %x pads = [1, 0, 0, 0, 0, 0] mode = "constant" : (tensor<?x1x4xf32>) -> tensor<?x1x4xf32>
  return %0 : tensor<?x1x4xf32>
}

// -----

func.func @f(%x: tensor<2x?x4xf32>) -> tensor<2x?x3xf32> {
  // expected-error@+1 {{'graph.max_pool' op cannot be decomposed: its input 'tensor<2x?x4xf32>' has dynamic dims; the window ops need static shapes (but for the batch dim)}}
  %0 = graph.max_pool %x kernel_shape = [2] strides = [1] dilations = [1] pads = [0, 0] ceil_mode = 0 : tensor<2x?x4xf32> -> tensor<2x?x3xf32>
  return %0 : tensor<2x?x3xf32>
}

// -----

func.func @f(%x: tensor<?x1x2x2xf32>) -> tensor<?x1x4x4xf32> {
  // expected-error@+1 {{'graph.resize' op cannot be decomposed: it scales its dynamic dim 0}}
  %0 = graph.resize %x scales = array<f64: 2.0, 1.0, 2.0, 2.0> mode = "nearest" coordinate_transformation_mode = "asymmetric" nearest_mode = "floor" cubic_coeff_a = -7.500000e-01 exclude_outside = 0 : tensor<?x1x2x2xf32> -> tensor<?x1x4x4xf32>
  return %0 : tensor<?x1x4x4xf32>
}
