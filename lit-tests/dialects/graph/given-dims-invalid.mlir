// RUN: xopt %s --split-input-file --verify-diagnostics

// Given dims: none, or exactly one per '?' of the result.

func.func @f(%x: tensor<?x8xf32>, %a: index) {
  // expected-error@+1 {{'graph.reshape' op has 1 dims for the 2 dynamic dimensions of its result; give one per '?' or none}}
  %r = graph.reshape %x [%a] : tensor<?x8xf32> -> tensor<?x?x2xf32>
  return
}

// -----

func.func @f(%v: tensor<8xf32>, %a: index) {
  // expected-error@+1 {{'graph.broadcast' op has 1 dims for the 0 dynamic dimensions of its result; give one per '?' or none}}
  %e = graph.broadcast %v [%a] dimensions = [1] : tensor<8xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%v: tensor<8xf32>, %a: index) {
  // expected-error@+1 {{'graph.slice' op operand #1 must be variadic of index, but got 'tensor<8xf32>'}}
  %s = "graph.slice"(%v, %v) <{start = array<i64: 0>, strides = array<i64: 1>}> : (tensor<8xf32>, tensor<8xf32>) -> tensor<?xf32>
  return
}
