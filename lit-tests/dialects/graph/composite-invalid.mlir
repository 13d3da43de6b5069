// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier message of the composite graph ops.

func.func @f(%a: tensor<4x3xi32>) {
  // expected-error@+1 {{'graph.reduce_mean' op requires a float element type, got 'i32'}}
  %0 = graph.reduce_mean %a axes = [1] : tensor<4x3xi32> -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // expected-error@+1 {{'graph.reduce_mean' op axis 2 out of range for rank 2}}
  %0 = graph.reduce_mean %a axes = [2] : tensor<4x3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // expected-error@+1 {{'graph.reduce_mean' op axis 1 repeated}}
  %0 = graph.reduce_mean %a axes = [1, 1] : tensor<4x3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // expected-error@+1 {{'graph.reduce_mean' op result type 'tensor<3xf32>' does not match the inferred type 'tensor<4xf32>'}}
  %0 = graph.reduce_mean %a axes = [1] : tensor<4x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // expected-error@+1 {{'graph.reduce_mean' op element types differ: f32 vs f16}}
  %0 = "graph.reduce_mean"(%a) <{axes = array<i64: 1>}> : (tensor<4x3xf32>) -> tensor<4xf16>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // expected-error@+1 {{'graph.softmax' op axis 2 out of range for rank 2}}
  %0 = graph.softmax %a axis = 2 : tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<4x3xf32>) {
  // ONNX's negative axes are resolved by the importer.
  // expected-error@+1 {{'graph.log_softmax' op axis -1 out of range for rank 2}}
  %0 = "graph.log_softmax"(%a) <{axis = -1 : i64}> : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<f32>) {
  // expected-error@+1 {{'graph.softmax' op axis 0 out of range for rank 0}}
  %0 = graph.softmax %a axis = 0 : tensor<f32>
  return
}

// -----

func.func @f(%a: tensor<4xi8>) {
  // expected-error@+1 {{'graph.softmax' op requires a float element type, got 'i8'}}
  %0 = graph.softmax %a axis = 0 : tensor<4xi8>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.softmax' op requires the same type for all operands and results}}
  %0 = "graph.softmax"(%a) <{axis = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.softmax' op requires attribute 'axis'}}
  %0 = "graph.softmax"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error@+1 {{'graph.gelu' op approximate must be "none" or "tanh", got "erf"}}
  %0 = graph.gelu %a approximate = erf : tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error@+1 {{'graph.gelu' op requires a float element type, got 'i32'}}
  %0 = graph.gelu %a approximate = none : tensor<4xi32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op scale type 'tensor<4xf32>' must have the normalized shape 'tensor<3x4xf32>' (dims [1, 3) of the input)}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<3x5xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op bias type 'tensor<3x5xf32>' must have the normalized shape 'tensor<3x4xf32>' (dims [1, 3) of the input)}}
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x5xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf16>) {
  // expected-error@+1 {{'graph.layer_norm' op scale element type f16 differs from the input's f32}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf16>, tensor<4xf16>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op mean type 'tensor<2xf32>' does not match the inferred type 'tensor<2x1xf32>'}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op inv_std_dev type 'tensor<2x1xf16>' does not match the inferred type 'tensor<2x1xf32>'}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf16>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op result type 'tensor<4x2xf32>' does not match the inferred type 'tensor<2x4xf32>'}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op axis 2 out of range for rank 2}}
  %0:3 = graph.layer_norm %x, %s, %s axis = 2 epsilon = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'graph.layer_norm' op attribute 'epsilon' failed to satisfy constraint: 32-bit float attribute}}
  %0:3 = "graph.layer_norm"(%x, %s, %s) <{axis = 1 : i64, epsilon = 1.0e-05 : f64}> : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}
