// RUN: xopt %s --split-input-file --verify-diagnostics

// graph.gather's verifier: axis in range, i32/i64 indices, the inferred
// result type, the input's element type, no selection from a static 0 dim.

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error@+1 {{'graph.gather' op axis 2 out of range for input rank 2}}
  %0 = graph.gather %t[%i] axis = 2 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error@+1 {{'graph.gather' op axis -1 out of range for input rank 2}}
  %0 = "graph.gather"(%t, %i) <{axis = -1 : i64}> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<f32>, %i: tensor<3xi64>) {
  // expected-error@+1 {{'graph.gather' op axis 0 out of range for input rank 0}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<f32>, tensor<3xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi16>) {
  // expected-error@+1 {{'graph.gather' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<3xi16>'}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<10x4xf32>, tensor<3xi16>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'graph.gather' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<3xf32>'}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3x2xi32>) {
  // expected-error@+1 {{'graph.gather' op result type 'tensor<3x4xf32>' does not match the inferred type 'tensor<3x2x4xf32>'}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<10x4xf32>, tensor<3x2xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error@+1 {{'graph.gather' op result type 'tensor<3x4xf32>' does not match the inferred type 'tensor<10x3xf32>'}}
  %0 = graph.gather %t[%i] axis = 1 : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi32>) {
  // expected-error@+1 {{'graph.gather' op element types differ: input f32 vs result f64}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf64>
  return
}

// -----

func.func @f(%t: tensor<0x4xf32>, %i: tensor<2xi64>) {
  // expected-error@+1 {{'graph.gather' op selects from input dimension 0 of size 0 with non-empty indices [2]}}
  %0 = graph.gather %t[%i] axis = 0 : (tensor<0x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x0xf32>, %i: tensor<i64>) {
  // expected-error@+1 {{'graph.gather' op selects from input dimension 1 of size 0 with non-empty indices []}}
  %0 = graph.gather %t[%i] axis = 1 : (tensor<4x0xf32>, tensor<i64>) -> tensor<4xf32>
  return
}

// -----

// Empty or possibly empty indices may select from a size-0 dim.
func.func @f(%t: tensor<0x4xf32>, %i: tensor<0xi64>, %j: tensor<?xi64>) {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<0x4xf32>, tensor<0xi64>) -> tensor<0x4xf32>
  %1 = graph.gather %t[%j] axis = 0 : (tensor<0x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  return
}

// -----

func.func @f(%t: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error@+1 {{'graph.gather' op requires attribute 'axis'}}
  %0 = "graph.gather"(%t, %i) : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return
}
