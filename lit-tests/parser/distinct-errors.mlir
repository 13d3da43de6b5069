// Malformed distinct attributes and dense arrays: the same diagnostics at the same
// places as mlir-opt 22 (stderr compared byte for byte).
// REQUIRES: mlir-opt
// (Without the annotations: mlir-opt checks them even without --verify-diagnostics.)
// RUN: sed '/expected-error/d' %s > %t.in
// RUN: not xopt %t.in --split-input-file --allow-unregistered-dialect 2> %t.x
// RUN: not mlir-opt %t.in --split-input-file --allow-unregistered-dialect 2> %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error@+1 {{expected distinct ID}}
"xa.op"() {a = distinct[x]<>} : () -> ()
// -----
// expected-error@+1 {{expected distinct ID}}
"xa.op"() {a = distinct[-1]<>} : () -> ()
// -----
// expected-error@+1 {{expected '<' after distinct ID}}
"xa.op"() {a = distinct[0]} : () -> ()
// -----
// expected-error@+1 {{expected '>' to close distinct attribute}}
"xa.op"() {a = distinct[0]<1} : () -> ()
// -----
// expected-error@+1 {{expected an unsigned 64-bit integer}}
"xa.op"() {a = distinct[18446744073709551616]<>} : () -> ()
// -----
// expected-error@+1 {{referenced attribute does not match previous definition: 1 : i64}}
"xa.op"() {a = distinct[0]<1>, b = distinct[0]<2>} : () -> ()
// -----
// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"xa.op"() {a = array<i7: 1>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range}}
"xa.op"() {a = array<i0: 1>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range for type}}
"xa.op"() {a = dense<[1, 0]> : tensor<2xi0>} : () -> ()
// -----
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi0>'}}
"xa.op"() {a = dense<"0x00"> : tensor<2xi0>} : () -> ()
// -----
// expected-error@+1 {{expected integer literal}}
"xa.op"() {a = array<i128: 1.5>} : () -> ()
// -----
// expected-error@+1 {{expected integer literal}}
"xa.op"() {a = array<i32: 1, >} : () -> ()
// -----
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"xa.op"() {a = array<i72: true>} : () -> ()
// -----
// expected-error@+1 {{expected 'true' or 'false' values for i1 type}}
"xa.op"() {a = array<i1: true, 1>} : () -> ()
// -----
// expected-error@+1 {{expected floating point literal}}
"xa.op"() {a = array<f128: true>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range}}
"xa.op"() {a = array<i128: 340282366920938463463374607431768211456>} : () -> ()
// -----
// expected-error@+1 {{integer constant out of range}}
"xa.op"() {a = array<ui8: -129>} : () -> ()
// -----
// expected-error@+1 {{`dense_resource` expected a shaped type}}
"xa.op"() {a = dense_resource<blob1> : i32} : () -> ()
// -----
// expected-error@+1 {{expected identifier key for 'resource' entry}}
"xa.op"() {a = dense_resource<1> : tensor<2xi32>} : () -> ()
