// RUN: xopt %s --split-input-file --verify-diagnostics

// Every message of kernel.attention's verifier (verify_attention in
// dialects/kernel/src/verify.rs; the shape messages are graph.attention's
// infer), and the ODS checks: a required scale, memref operands.

func.func @k(%q: memref<2x4x8xi32>, %k: memref<2x6x8xi32>, %v: memref<2x6x5xi32>, %o: memref<2x4x5xi32>) {
  // expected-error@+1 {{'kernel.attention' op expects operands of one float element type}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xi32>, memref<2x6x8xi32>, memref<2x6x5xi32>) outs(%o : memref<2x4x5xi32>) scale = 1.0
  return
}

// -----

// A mask of another float type.
func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %m: memref<2x4x6xf16>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op expects operands of one float element type}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) mask(%m : memref<2x4x6xf16>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

// An output of another float type.
func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf64>) {
  // expected-error@+1 {{'kernel.attention' op expects operands of one float element type}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<2x4x5xf64>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<8xf32>, %k: memref<8xf32>, %v: memref<8xf32>, %o: memref<8xf32>) {
  // expected-error@+1 {{'kernel.attention' op query must have rank 2 or more, got 1}}
  kernel.attention ins(%q, %k, %v : memref<8xf32>, memref<8xf32>, memref<8xf32>) outs(%o : memref<8xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op key has rank 2, the query 3}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<1x2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op value has rank 4, the query 3}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<1x2x6x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x3x4x8xf32>, %k: memref<2x1x6x8xf32>, %v: memref<2x3x6x5xf32>, %o: memref<2x3x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op key's batch dims 2x1 differ from the query's 2x3}}
  kernel.attention ins(%q, %k, %v : memref<2x3x4x8xf32>, memref<2x1x6x8xf32>, memref<2x3x6x5xf32>) outs(%o : memref<2x3x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<3x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op value's batch dims 3 differ from the query's 2}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<3x6x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x7xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op query and key have other feature sizes (8 and 7)}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x7xf32>, memref<2x6x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x5x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op key and value have other sequence lengths (6 and 5)}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x5x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

// A mask of another rank.
func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %m: memref<4x6xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op mask shape 4x6 does not broadcast to the scores' 2x4x6 (each dim the scores' or 1)}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) mask(%m : memref<4x6xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

// A mask dim neither the scores' nor 1 (a dynamic batch).
func.func @k(%q: memref<?x4x8xf32>, %k: memref<?x6x8xf32>, %v: memref<?x6x5xf32>, %m: memref<1x4x3xf32>, %o: memref<?x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op mask shape 1x4x3 does not broadcast to the scores' ?x4x6 (each dim the scores' or 1)}}
  kernel.attention ins(%q, %k, %v : memref<?x4x8xf32>, memref<?x6x8xf32>, memref<?x6x5xf32>) mask(%m : memref<1x4x3xf32>) outs(%o : memref<?x4x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x6xf32>) {
  // expected-error@+1 {{'kernel.attention' op output shape 2x4x6 does not match the inferred 2x4x5}}
  kernel.attention ins(%q, %k, %v : memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<2x4x6xf32>) scale = 1.0
  return
}

// -----

// Dynamic dims match anything, static ones must agree.
func.func @k(%q: memref<2x?x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<3x?x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op output shape 3x?x5 does not match the inferred 2x?x5}}
  kernel.attention ins(%q, %k, %v : memref<2x?x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<3x?x5xf32>) scale = 1.0
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op requires attribute 'scale'}}
  "kernel.attention"(%q, %k, %v, %o) : (memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>, memref<2x4x5xf32>) -> ()
  return
}

// -----

func.func @k(%q: memref<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op attribute 'scale' failed to satisfy constraint: 32-bit float attribute}}
  "kernel.attention"(%q, %k, %v, %o) <{scale = 1.0 : f64}> : (memref<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>, memref<2x4x5xf32>) -> ()
  return
}

// -----

func.func @k(%q: tensor<2x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<2x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op operand #0 must be memref of any type values, but got 'tensor<2x4x8xf32>'}}
  kernel.attention ins(%q, %k, %v : tensor<2x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<2x4x5xf32>) scale = 1.0
  return
}

// -----

// Valid, no diagnostic: dynamic dims agree with anything, a mask dim is the
// scores' or 1.
func.func @k(%q: memref<?x8x?x64xf32>, %k: memref<?x8x?x64xf32>, %v: memref<?x8x?x32xf32>, %m: memref<1x1x?x?xf32>, %o: memref<?x8x?x32xf32>) {
  kernel.attention ins(%q, %k, %v : memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<?x8x?x32xf32>) mask(%m : memref<1x1x?x?xf32>) outs(%o : memref<?x8x?x32xf32>) scale = 1.0 attributes {nan_to_zero}
  return
}

// -----

// A dynamic dim of one operand does not hide a static conflict of the
// others: the key and value fix the batch at 2, so the output cannot have 3.
func.func @k(%q: memref<?x4x8xf32>, %k: memref<2x6x8xf32>, %v: memref<2x6x5xf32>, %o: memref<3x4x5xf32>) {
  // expected-error@+1 {{'kernel.attention' op output shape 3x4x5 does not match the inferred}}
  kernel.attention ins(%q, %k, %v : memref<?x4x8xf32>, memref<2x6x8xf32>, memref<2x6x5xf32>) outs(%o : memref<3x4x5xf32>) scale = 1.0
  return
}
