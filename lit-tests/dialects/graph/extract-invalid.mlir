// RUN: xopt %s --split-input-file --verify-diagnostics

// graph.extract: one element of an integer type (not i1), an index result.

func.func @f(%a: tensor<2xi64>) {
  // expected-error@+1 {{'graph.extract' op operand must hold exactly one element, got 'tensor<2xi64>'}}
  %n = graph.extract %a : tensor<2xi64>
  return
}

// -----

func.func @f(%a: tensor<?xi64>) {
  // expected-error@+1 {{'graph.extract' op operand must hold exactly one element, got 'tensor<?xi64>'}}
  %n = graph.extract %a : tensor<?xi64>
  return
}

// -----

func.func @f(%a: tensor<f32>) {
  // expected-error@+1 {{'graph.extract' op requires an integer (i8..i64) element type, got 'f32'}}
  %n = graph.extract %a : tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<i1>) {
  // expected-error@+1 {{'graph.extract' op requires an integer (i8..i64) element type, got 'i1'}}
  %n = graph.extract %a : tensor<i1>
  return
}

// -----

func.func @f(%a: tensor<i64>) {
  // expected-error@+1 {{'graph.extract' op result #0 must be index, but got 'i64'}}
  %n = "graph.extract"(%a) : (tensor<i64>) -> i64
  return
}
