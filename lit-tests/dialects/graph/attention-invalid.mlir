// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier message of graph.attention (dialects/graph/src/attention.rs:
// verify_attention and infer), and the ODS checks: a required f32 scale, a
// unit nan_to_zero, at least query, key and value, ranked tensors.

func.func @f(%q: tensor<2x4x8xi32>, %k: tensor<2x6x8xi32>, %v: tensor<2x6x5xi32>) {
  // expected-error@+1 {{'graph.attention' op requires a float element type, got 'i32'}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xi32>, tensor<2x6x8xi32>, tensor<2x6x5xi32>) -> tensor<2x4x5xi32>
  return
}

// -----

// A boolean mask (the exporter's must be added as -inf first).
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x4x6xi1>) {
  // expected-error@+1 {{'graph.attention' op requires a float element type, got 'i1'}}
  %0 = graph.attention %q, %k, %v, %m scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x4x6xi1>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf16>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op operands have other element types ('f32' and 'f16')}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf16>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<8xf32>, %k: tensor<8xf32>, %v: tensor<8xf32>) {
  // expected-error@+1 {{'graph.attention' op query must have rank 2 or more, got 1}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op key has rank 2, the query 3}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<1x2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op value has rank 4, the query 3}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<1x2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

// Batch dims do not broadcast.
func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x1x6x8xf32>, %v: tensor<2x3x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op key's batch dims 2x1 differ from the query's 2x3}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x3x4x8xf32>, tensor<2x1x6x8xf32>, tensor<2x3x6x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<?x2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op value's batch dims ?x2 differ from the query's 2x3}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>, tensor<?x2x6x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x7xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op query and key have other feature sizes (8 and 7)}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x7xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x5x5xf32>) {
  // expected-error@+1 {{'graph.attention' op key and value have other sequence lengths (6 and 5)}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x5x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

// A mask of another rank.
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<4x6xf32>) {
  // expected-error@+1 {{'graph.attention' op mask shape 4x6 does not broadcast to the scores' 2x4x6 (each dim the scores' or 1)}}
  %0 = graph.attention %q, %k, %v, %m scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<4x6xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x4x3xf32>) {
  // expected-error@+1 {{'graph.attention' op mask shape 2x4x3 does not broadcast to the scores' 2x4x6 (each dim the scores' or 1)}}
  %0 = graph.attention %q, %k, %v, %m scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x4x3xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

// The result has the query's feature size, not the value's.
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op result type 'tensor<2x4x8xf32>' does not match the inferred type 'tensor<2x4x5xf32>'}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op result type 'tensor<4x5xf32>' does not match the inferred type 'tensor<2x4x5xf32>'}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

// A result of another element type.
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op result type 'tensor<2x4x5xf16>' does not match the inferred type 'tensor<2x4x5xf32>'}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf16>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op requires attribute 'scale'}}
  %0 = "graph.attention"(%q, %k, %v) : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op attribute 'scale' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "graph.attention"(%q, %k, %v) <{scale = 1.0 : f64}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{invalid properties {nan_to_zero = 1 : i64, scale = 1.000000e+00 : f32} for op graph.attention: Invalid attribute `nan_to_zero` in property conversion: 1 : i64}}
  %0 = "graph.attention"(%q, %k, %v) <{scale = 1.0 : f32, nan_to_zero = 1 : i64}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op expected 3 or more operands, but found 2}}
  %0 = "graph.attention"(%q, %k) <{scale = 1.0 : f32}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @f(%q: tensor<*xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op operand #0 must be ranked tensor of}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<*xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

// Valid, no diagnostic: dynamic dims agree with anything (the result's
// too), a mask dim is the scores' or 1, rank 2 has no batch dims.
func.func @f(%q: tensor<?x4x8xf32>, %k: tensor<2x?x8xf32>, %v: tensor<?x6x?xf32>, %m: tensor<1x?x1xf32>, %q2: tensor<4x8xf64>, %k2: tensor<6x8xf64>, %v2: tensor<6x5xf64>, %m2: tensor<4x6xf64>) {
  %0 = graph.attention %q, %k, %v, %m scale = 1.0 {nan_to_zero} : (tensor<?x4x8xf32>, tensor<2x?x8xf32>, tensor<?x6x?xf32>, tensor<1x?x1xf32>) -> tensor<?x4x?xf32>
  %1 = graph.attention %q, %k, %v scale = 1.0 : (tensor<?x4x8xf32>, tensor<2x?x8xf32>, tensor<?x6x?xf32>) -> tensor<2x?x7xf32>
  %2 = graph.attention %q2, %k2, %v2, %m2 scale = 1.0 : (tensor<4x8xf64>, tensor<6x8xf64>, tensor<6x5xf64>, tensor<4x6xf64>) -> tensor<4x5xf64>
  return
}

// -----

// A dynamic dim of one operand does not hide a static conflict of the others:
// the key and value fix the batch at 2, so the result cannot have 3 (the
// decomposition's graph.matmul rejects it).
func.func @f(%q: tensor<?x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op result type 'tensor<3x4x5xf32>' does not match the inferred type}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<?x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<3x4x5xf32>
  return
}

// -----

// The value fixes Sk at 6 where the key's is dynamic: a mask of 3 columns
// does not broadcast to the scores.
func.func @f(%q: tensor<2x4x8xf32>, %k: tensor<2x?x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x4x3xf32>) {
  // expected-error@+1 {{'graph.attention' op mask shape 2x4x3 does not broadcast to the scores'}}
  %0 = graph.attention %q, %k, %v, %m scale = 1.0 : (tensor<2x4x8xf32>, tensor<2x?x8xf32>, tensor<2x6x5xf32>, tensor<2x4x3xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

// The key and value disagree on the batch where the query's is dynamic.
func.func @f(%q: tensor<?x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<3x6x5xf32>) {
  // expected-error@+1 {{'graph.attention' op value's batch dims 3 differ}}
  %0 = graph.attention %q, %k, %v scale = 1.0 : (tensor<?x4x8xf32>, tensor<2x6x8xf32>, tensor<3x6x5xf32>) -> tensor<?x4x5xf32>
  return
}
