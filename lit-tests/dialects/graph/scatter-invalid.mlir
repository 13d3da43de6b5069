// RUN: xopt %s --split-input-file --verify-diagnostics

// graph.scatter's verifier: a known reduction (none only on i1), i32/i64 1-d
// indices, data, updates and result of one element type, updates shaped
// indices + data[1:], the data's result shape, nothing scattered into a
// static 0 dim.

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op unknown reduction 'sum' (expected one of none, add, mul, max, min)}}
  %0 = graph.scatter %d, %i, %u reduction = sum : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi16>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<3xi16>'}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi16>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf16>) {
  // expected-error@+1 {{'graph.scatter' op element types differ: data f32 vs updates f16}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf16>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op element types differ: data f32 vs result f64}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf64>
  return
}

// -----

func.func @f(%d: tensor<10xi1>, %i: tensor<3xi64>, %u: tensor<3xi1>) {
  // expected-error@+1 {{'graph.scatter' op reduction 'add' is not defined on i1}}
  %0 = graph.scatter %d, %i, %u reduction = add : (tensor<10xi1>, tensor<3xi64>, tensor<3xi1>) -> tensor<10xi1>
  return
}

// -----

func.func @f(%d: tensor<f32>, %i: tensor<3xi64>, %u: tensor<3xf32>) {
  // expected-error@+1 {{'graph.scatter' op data must have rank 1 or more}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<f32>, tensor<3xi64>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3x1xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op indices must be 1-d, got shape [3, 1]}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op updates shape [2, 4] does not match indices + data[1:] = [3, 4]}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<2x4xf32>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<?xi64>, %u: tensor<?x5xf32>) {
  // expected-error@+1 {{'graph.scatter' op updates shape [?, 5] does not match indices + data[1:] = [?, 4]}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<?xi64>, tensor<?x5xf32>) -> tensor<10x4xf32>
  return
}

// -----

func.func @f(%d: tensor<0x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op scatters 3 rows into data dimension 0 of size 0}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<0x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<0x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op result type 'tensor<9x4xf32>' does not match the inferred type 'tensor<10x4xf32>'}}
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<9x4xf32>
  return
}

// -----

func.func @f(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>) {
  // expected-error@+1 {{'graph.scatter' op requires attribute 'reduction'}}
  %0 = "graph.scatter"(%d, %i, %u) : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return
}
