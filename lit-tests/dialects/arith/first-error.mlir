// Arith's first error as mlir-opt 22 reports it: `Elementwise` after the op's
// traits, the custom form checking the type that the result type is computed
// from before anything else, encodings in casts, `select`'s condition (stderr
// compared byte for byte).
// REQUIRES: mlir-opt
// RUN: sed '/expected-error/d' %s > %t.in
// RUN: not xopt %t.in --split-input-file 2> %t.x
// RUN: not mlir-opt %t.in --split-input-file 2> %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --verify-diagnostics

func.func @f(%a: vector<4xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = arith.addui_extended %a, %a : vector<4xi16>, i1
  return
}
// -----
func.func @f(%a: vector<4xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : vector<4xi16>, vector<3xi1>
  return
}
// -----
func.func @f(%a: tensor<4xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : tensor<4xi16>, vector<4xi1>
  return
}
// -----
func.func @f(%a: tensor<4xi16>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : tensor<4xi16>, tensor<*xi1>
  return
}
// -----
func.func @f(%a: tensor<4xi16>, %b: tensor<?xi16>) {
  %r:2 = arith.addui_extended %a, %a : tensor<4xi16>, tensor<4xi1>
  %s:2 = arith.mului_extended %b, %b : tensor<?xi16>
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %t:2 = "arith.addui_extended"(%b, %b) : (tensor<?xi16>, tensor<?xi16>) -> (tensor<?xi16>, i1)
  return
}
// -----
func.func @f(%a: i16) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f16'}}
  %r = arith.cmpi slt, %a, %a : f16
  return
}
// -----
func.func @f(%a: i16) {
  // Before the undefined operand and the missing end of the region.
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'tensor<2xf16>'}}
  %r = arith.cmpi slt, %a, %undefined : tensor<2xf16>
// -----
func.func @f(%a: i16) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i16'}}
  %r = arith.cmpf olt, %a, %a : i16
  return
}
// -----
func.func @f(%a: tensor<4xf16, "x">) {
  // expected-error@+1 {{'arith.extf' op operand type 'tensor<4xf16, "x">' and result type 'tensor<4xf32>' are cast incompatible}}
  %0 = arith.extf %a : tensor<4xf16, "x"> to tensor<4xf32>
  return
}
// -----
func.func @f(%a: tensor<4xi32, "x">) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'tensor<4xi32, "x">' and result type 'tensor<4xindex, "y">' are cast incompatible}}
  %0 = arith.index_cast %a : tensor<4xi32, "x"> to tensor<4xindex, "y">
  return
}
// -----
func.func @f(%a: vector<4xi32>, %b: tensor<4xi32, "x">) {
  %0 = arith.bitcast %b : tensor<4xi32, "x"> to tensor<4xf32, "x">
  // expected-error@+1 {{'arith.bitcast' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %1 = "arith.bitcast"(%a) : (vector<4xi32>) -> memref<4xf32>
  return
}
// -----
func.func @f(%a: tensor<4xf32>, %s: tensor<*xf32>) {
  // expected-error@+1 {{'arith.scaling_extf' op all non-scalar operands/results must have the same shape and base type}}
  %1 = "arith.scaling_extf"(%a, %s) : (tensor<4xf32>, tensor<*xf32>) -> tensor<4xf64>
  return
}
// -----
func.func @f(%c: tensor<4xi1, "b">, %a: tensor<4xi32, "f">) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1, "f">', but got 'tensor<4xi1, "b">'}}
  %0 = arith.select %c, %a, %a : tensor<4xi1, "b">, tensor<4xi32, "f">
  return
}
// -----
func.func @f(%c: vector<[4]x2xi1>, %a: vector<4x[2]xi32>) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'vector<4x[2]xi1>', but got 'vector<[4]x2xi1>'}}
  %0 = arith.select %c, %a, %a : vector<[4]x2xi1>, vector<4x[2]xi32>
  return
}
// -----
func.func @f(%c: tensor<?xi1>, %a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %a, %a : tensor<?xi1>, tensor<4xi32>
  return
}
// -----
func.func @f(%c: vector<4xi1>, %a: tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %a, %a : vector<4xi1>, tensor<4xi32>
  return
}
// -----
func.func @f(%c: memref<4xi1>, %a: memref<4xi32>) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'memref<4xi1>'}}
  %0 = arith.select %c, %a, %a : memref<4xi1>, memref<4xi32>
  return
}
