// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier and custom-syntax message of the graph dialect.

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error@+1 {{'graph.add' op requires the same type for all operands and results}}
  %0 = "graph.add"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xui8>) {
  // expected-error@+1 {{'graph.neg' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<4xui8>'}}
  %0 = graph.neg %a : tensor<4xui8>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<7x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op contracting dimensions differ: 8 vs 7}}
  %0 = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<7x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @f(%a: tensor<8xf32>, %b: tensor<8x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op operands must have rank at least 2, got 1 and 2}}
  %0 = graph.matmul %a, %b : (tensor<8xf32>, tensor<8x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<3x4x8xf32>, %b: tensor<8x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op operand ranks differ: 3 vs 2}}
  %0 = graph.matmul %a, %b : (tensor<3x4x8xf32>, tensor<8x2xf32>) -> tensor<3x4x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x4x8xf32>, %b: tensor<3x8x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op batch dimensions 0 differ: 2 vs 3}}
  %0 = graph.matmul %a, %b : (tensor<2x4x8xf32>, tensor<3x8x2xf32>) -> tensor<2x4x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf16>) {
  // expected-error@+1 {{'graph.matmul' op element types differ: f32 vs f16}}
  %0 = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf16>) -> tensor<4x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op element types differ: f32 vs f64}}
  %0 = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf64>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) {
  // expected-error@+1 {{'graph.matmul' op result type 'tensor<4x3xf32>' does not match the inferred type 'tensor<4x2xf32>'}}
  %0 = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.transpose' op permutation has 3 entries for rank 2}}
  %0 = graph.transpose %a permutation = [0, 1, 2] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.transpose' op permutation [0, 0] is not a permutation of 0..2}}
  %0 = graph.transpose %a permutation = [0, 0] : tensor<4x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.transpose' op result type 'tensor<4x8xf32>' does not match the inferred type 'tensor<8x4xf32>'}}
  %0 = graph.transpose %a permutation = [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @f(%a: tensor<4x2xf32>) {
  // expected-error@+1 {{'graph.reshape' op element count mismatch: 8 vs 6}}
  %0 = graph.reshape %a : tensor<4x2xf32> -> tensor<6xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.broadcast' op dimensions has 2 entries for input rank 1}}
  %0 = graph.broadcast %a dimensions = [0, 1] : tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x1xf32>) {
  // expected-error@+1 {{'graph.broadcast' op dimensions [1, 0] must be strictly increasing and below the result rank 2}}
  %0 = graph.broadcast %a dimensions = [1, 0] : tensor<4x1xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.broadcast' op input dimension 0 (4) does not match result dimension 1 (3)}}
  %0 = graph.broadcast %a dimensions = [1] : tensor<4xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.reduce_sum' op axis 2 out of range for rank 2}}
  %0 = graph.reduce_sum %a axes = [2] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.reduce_max' op axis 1 repeated}}
  %0 = graph.reduce_max %a axes = [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.reduce_sum' op result type 'tensor<8xf32>' does not match the inferred type 'tensor<4xf32>'}}
  %0 = graph.reduce_sum %a axes = [1] : tensor<4x8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'graph.concat' op requires at least one input}}
  %0 = "graph.concat"() <{axis = 0 : i64}> : () -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>) {
  // expected-error@+1 {{'graph.concat' op axis 2 out of range for rank 2}}
  %0 = graph.concat %a, %a axis = 2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @f(%a: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'graph.concat' op operand ranks differ: 2 vs 1 (operand 1)}}
  %0 = graph.concat %a, %b axis = 0 : (tensor<4x8xf32>, tensor<4xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x5xf32>) {
  // expected-error@+1 {{'graph.concat' op dimension 1 of operand 1 differs: 5 vs 4}}
  %0 = graph.concat %a, %b axis = 0 : (tensor<4x4xf32>, tensor<4x5xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.concat' op result type 'tensor<8x4xf32>' does not match the inferred type 'tensor<4x8xf32>'}}
  %0 = graph.concat %a, %a axis = 1 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op start has 1 entries for rank 2}}
  %0 = graph.slice %a start = [0] strides = [1, 1] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op strides has 3 entries for rank 2}}
  %0 = graph.slice %a start = [0, 0] strides = [1, 1, 1] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op result rank 1 differs from input rank 2}}
  %0 = graph.slice %a start = [0, 0] strides = [1, 1] : tensor<4x4xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op start -1 of dimension 0 is negative}}
  %0 = graph.slice %a start = [-1, 0] strides = [1, 1] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op stride 0 of dimension 1 is not positive}}
  %0 = graph.slice %a start = [0, 0] strides = [1, 0] : tensor<4x4xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x4xf32>) {
  // expected-error@+1 {{'graph.slice' op slice of dimension 0 reads index 4, past its size 4}}
  %0 = graph.slice %a start = [2, 0] strides = [1, 1] : tensor<4x4xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%a: tensor<4x?xf32>) {
  // expected-error@+1 {{'graph.dim' op index 2 out of range for rank 2}}
  %0 = graph.dim %a, 2 : tensor<4x?xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.dim' op result #0 must be index, but got 'i64'}}
  %0 = "graph.dim"(%a) <{index = 0 : i64}> : (tensor<4xf32>) -> i64
  return
}

// -----

func.func @f(%c: i1, %a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.if' op must have an else region when it has results}}
  %0 = graph.if %c -> (tensor<4xf32>) {
    graph.yield %a : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%c: i1, %a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.if' op must have a then region when it has results}}
  %0 = "graph.if"(%c) ({
  }, {
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (i1) -> tensor<4xf32>
  return
}

// -----

func.func @f(%c: i1, %a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.if' op then region yields 2 values, but the op has 1 results}}
  %0 = graph.if %c -> (tensor<4xf32>) {
    graph.yield %a, %a : tensor<4xf32>, tensor<4xf32>
  } else {
    graph.yield %a : tensor<4xf32>
  }
  return
}

// -----

func.func @f(%c: i1, %a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'graph.if' op else region yields 'tensor<3xf32>' for result 0 of type 'tensor<4xf32>'}}
  %0 = graph.if %c -> (tensor<4xf32>) {
    graph.yield %a : tensor<4xf32>
  } else {
    graph.yield %b : tensor<3xf32>
  }
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'graph.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "graph.if"(%c) ({
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.yield' op expects parent op 'graph.if'}}
  graph.yield %a : tensor<4xf32>
}

// -----

func.func @f() {
  // expected-error@+1 {{'graph.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "graph.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.on_device' op failed to verify that all of {input, result} have same type}}
  %0 = "graph.on_device"(%a) <{affinity = #device.affinity<@gpu>}> : (tensor<4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.on_device' op requires attribute 'affinity'}}
  %0 = "graph.on_device"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.transfer' op attribute 'target' failed to satisfy constraint: device affinity attribute}}
  %0 = "graph.transfer"(%a) <{target = #device.alias<"local">}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{expected integer value}}
  %0 = graph.transpose %a permutation = [x] : tensor<4xf32> -> tensor<4xf32>
  return
}
