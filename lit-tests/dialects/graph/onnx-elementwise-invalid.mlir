// RUN: xopt %s --split-input-file --verify-diagnostics

// The verifier messages of abs/sqrt/min/select/cast/compare/and/or/xor/not/
// sigmoid/log/pow/erf.

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.sqrt' op requires a float element type, got 'i32'}}
  %0 = graph.sqrt %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi64>) {
  // expected-error@+1 {{'graph.log' op requires a float element type, got 'i64'}}
  %0 = graph.log %a : tensor<4xi64>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.erf' op requires a float element type, got 'i32'}}
  %0 = graph.erf %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.sigmoid' op requires a float element type, got 'i32'}}
  %0 = graph.sigmoid %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.pow' op requires a float element type, got 'i32'}}
  %0 = graph.pow %a, %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'graph.min' op requires the same type for all operands and results}}
  %0 = "graph.min"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.and' op requires an i1 element type, got 'i32'}}
  %0 = graph.and %a, %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.not' op requires an i1 element type, got 'f32'}}
  %0 = graph.not %a : tensor<4xf32>
  return
}

// -----

func.func @f(%c: tensor<4xi32>, %a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.select' op condition must be a tensor of i1, got 'tensor<4xi32>'}}
  %0 = graph.select %c, %a, %a : tensor<4xi32>, tensor<4xf32>
  return
}

// -----

func.func @f(%c: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.select' op condition and values: 'tensor<3xi1>' and 'tensor<4xf32>' differ in shape}}
  %0 = graph.select %c, %a, %a : tensor<3xi1>, tensor<4xf32>
  return
}

// -----

func.func @f(%c: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error@+1 {{'graph.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "graph.select"(%c, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.cast' op input and result: 'tensor<4xf32>' and 'tensor<2x2xi32>' differ in shape}}
  %0 = graph.cast %a : tensor<4xf32> -> tensor<2x2xi32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.compare' op unknown predicate 'olt' (expected one of eq, ne, lt, le, gt, ge)}}
  %0 = graph.compare olt, %a, %a : tensor<4xf32> -> tensor<4xi1>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.compare' op result must be a tensor of i1, got 'tensor<4xf32>'}}
  %0 = graph.compare lt, %a, %a : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.compare' op operands and result: 'tensor<4xf32>' and 'tensor<5xi1>' differ in shape}}
  %0 = graph.compare eq, %a, %a : tensor<4xf32> -> tensor<5xi1>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.compare' op requires attribute 'predicate'}}
  %0 = "graph.compare"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}
