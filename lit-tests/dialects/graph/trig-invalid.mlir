// RUN: xopt %s --split-input-file --verify-diagnostics

// The verifier messages of graph.sin and graph.cos: floats only, result
// type equal to the operand's.

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.sin' op requires a float element type, got 'i32'}}
  %0 = graph.sin %a : tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4xi1>) {
  // expected-error@+1 {{'graph.cos' op requires a float element type, got 'i1'}}
  %0 = graph.cos %a : tensor<4xi1>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.sin' op}}
  %0 = "graph.sin"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'graph.cos' op requires a single operand}}
  %0 = "graph.cos"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
