// RUN: xopt %s --split-input-file --convert-graph-to-flow --verify-diagnostics
// RUN: xopt %s --split-input-file --flow-form-dispatch-regions --verify-diagnostics

// A dynamic dim of a dispatch region result that no shape rule derives from
// the region's inputs is an error at the op that makes it, naming the dim.

// A slice's dynamic size is not in its operands: slices take their sizes
// from the result type.
func.func @slice(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.slice' (tensor<?x4xf32>) from its operands: a slice takes its sizes from its result type, where a dynamic size has no value; a dispatch region result needs its dims}}
  %s = graph.slice %x start = [1, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}

// -----

// Through a fused consumer, and through a concat that would sum it, the
// error names the op that made the dim.
func.func @fused(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.slice' (tensor<?x4xf32>) from its operands: a slice takes its sizes}}
  %s = graph.slice %x start = [1, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<?x4xf32>
  %c = graph.concat %y, %s axis = 0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
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
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.reshape' (tensor<?x?xf32>) from its operands: the reshape has 2 dynamic result dimensions, and how the elements split between them is not known}}
  %r = graph.reshape %x : tensor<?x4xf32> -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A reshape whose static result dims hold no element: its dynamic dim can be
// any size (and is not divided by 0).
func.func @reshape_zero(%x: tensor<?xf32>) -> tensor<0x?xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #1 of the result of 'graph.reshape' (tensor<0x?xf32>) from its operands: the static dimensions of the reshape's result hold no element, so its dynamic dimension can have any size}}
  %r = graph.reshape %x : tensor<?xf32> -> tensor<0x?xf32>
  return %r : tensor<0x?xf32>
}

// -----

// Static dims whose product overflows.
func.func @reshape_overflow(%x: tensor<?x4611686018427387904x4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{graph-to-flow: cannot derive dynamic dimension #0 of the result of 'graph.reshape' (tensor<?xf32>) from its operands: the product of the static dimensions overflows}}
  %r = graph.reshape %x : tensor<?x4611686018427387904x4xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Only dims a region result needs count: an underivable dim consumed inside
// the region (reduced away) is no error.
func.func @inside(%x: tensor<?x4xf32>) -> tensor<4xf32> {
  %s = graph.slice %x start = [1, 0] strides = [1, 1] : tensor<?x4xf32> -> tensor<?x4xf32>
  %r = graph.reduce_sum %s axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
