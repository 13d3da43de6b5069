// RUN: xopt %s --split-input-file --convert-graph-to-flow --verify-diagnostics
// RUN: xopt %s --split-input-file --flow-form-dispatch-regions --verify-diagnostics

// A dynamic dim of a dispatch region result that no shape rule derives from
// the region's inputs is an error at the op that makes it, naming the dim.

// A slice's dynamic size is not in its operands.
func.func @slice(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.slice' (tensor<?x4xf32>) from its operands; a dispatch region result needs its dims}}
  %s = graph.slice %x start = [1, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}

// -----

// Along the axis, a concat's size is a sum; through a fused consumer, the
// error names the op that made the dim.
func.func @concat(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.concat' (tensor<?x4xf32>) from its operands}}
  %c = graph.concat %x, %y axis = 0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = graph.relu %c : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A stretched dim (an input dim of 1) says nothing about the result's.
func.func @broadcast(%x: tensor<1x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.broadcast' (tensor<?x4xf32>) from its operands}}
  %b = graph.broadcast %x dimensions = [0, 1] : tensor<1x4xf32> -> tensor<?x4xf32>
  return %b : tensor<?x4xf32>
}

// -----

// A reshape that splits its dynamic dim in two.
func.func @reshape(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.reshape' (tensor<?x?xf32>) from its operands}}
  %r = graph.reshape %x : tensor<?x4xf32> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Only dims a region result needs count: an underivable dim consumed inside
// the region (reduced away) is no error.
func.func @inside(%x: tensor<?x4xf32>) -> tensor<4xf32> {
  %s = graph.slice %x start = [1, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<?x4xf32>
  %r = graph.reduce_sum %s axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
