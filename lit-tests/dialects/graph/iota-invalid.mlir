// RUN: xopt %s --split-input-file --verify-diagnostics

// graph.iota: one dim per '?', a dimension within the rank, an int or float
// element.

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op has 1 dims for the 2 dynamic dimensions of its result; give one per '?'}}
  %r = graph.iota [%a] dimension = 0 : tensor<?x?xi64>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op has 1 dims for the 0 dynamic dimensions of its result; give one per '?'}}
  %r = graph.iota [%a] dimension = 0 : tensor<4xi64>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op dimension 1 is out of range for a result of rank 1}}
  %r = graph.iota [%a] dimension = 1 : tensor<?xi64>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'graph.iota' op dimension -1 is out of range for a result of rank 2}}
  %r = graph.iota dimension = -1 : tensor<2x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'graph.iota' op dimension 0 is out of range for a result of rank 0}}
  %r = graph.iota dimension = 0 : tensor<i64>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op requires an integer (i8..i64) or float element type, got 'i1'}}
  %r = graph.iota [%a] dimension = 0 : tensor<?xi1>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op result #0 must be ranked tensor of}}
  %r = graph.iota [%a] dimension = 0 : tensor<?xui8>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'graph.iota' op operand #0 must be variadic of index, but got 'i64'}}
  %r = "graph.iota"(%a) <{dimension = 0 : i64}> : (i64) -> tensor<?xi64>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'graph.iota' op requires attribute 'dimension'}}
  %r = "graph.iota"(%a) : (index) -> tensor<?xi64>
  return
}
