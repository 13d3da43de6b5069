// RUN: xopt %s --split-input-file --graph-decompose --verify-diagnostics

// What graph-decompose cannot rewrite: a size it must know is dynamic (the
// element count a mean divides by, the axis a softmax broadcasts back over,
// the shape of a constant). The error is at the composite op and names it.

func.func @f(%x: tensor<3x?xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'graph.reduce_mean' op cannot be decomposed: the element count of reduced dim 1 is dynamic}}
  %0 = graph.reduce_mean %x axes = [1] : tensor<3x?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @f(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'graph.reduce_mean' op cannot be decomposed: it needs a constant of type 'tensor<?xf32>', and a constant cannot have dynamic dims}}
  %0 = graph.reduce_mean %x axes = [1] : tensor<?x4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @f(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{'graph.softmax' op cannot be decomposed: the size of axis 1 is dynamic}}
  %0 = graph.softmax %x axis = 1 : tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'graph.gelu' op cannot be decomposed: it needs a constant of type 'tensor<?xf32>', and a constant cannot have dynamic dims}}
  %0 = graph.gelu %x approximate = tanh : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @f(%x: tensor<2x?xf32>, %s: tensor<?xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{'graph.layer_norm' op cannot be decomposed: the element count of reduced dim 1 is dynamic}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x?xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<2x?xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %0#0 : tensor<2x?xf32>
}

// -----

func.func @f(%x: tensor<?x4xf32>, %s: tensor<4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{'graph.layer_norm' op cannot be decomposed: it needs a constant of type 'tensor<?xf32>', and a constant cannot have dynamic dims}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %0#0 : tensor<?x4xf32>
}
