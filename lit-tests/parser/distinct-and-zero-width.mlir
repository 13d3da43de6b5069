// distinct[N]<...> attributes, zero-width integer elements and dense arrays of any
// whole-byte width: printed byte for byte as mlir-opt 22 prints them, in every mode.
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-local-scope > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-local-scope > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// And what xir prints reads back the same.
// RUN: xopt %s --allow-unregistered-dialect > %t.1
// RUN: xopt %t.1 --allow-unregistered-dialect > %t.2
// RUN: diff %t.1 %t.2
// RUN: xcheck %s --input-file=%t.1

// Renumbered in print order; aliased when they carry a payload, also nested.
// CHECK: #distinct = distinct[0]<42 : i32>
// CHECK: #distinct1 = distinct[1]<"s">
// CHECK: #distinct2 = distinct[2]<[distinct[3]<>]>
// CHECK: "xa.op"() {a = #distinct, c = distinct[4]<>, d = #distinct} : () -> ()
"xa.op"() {a = distinct[5]<42 : i32>, c = distinct[7]<>, d = distinct[5]<42 : i32>} : () -> ()
// CHECK: "xa.op"() {b = #distinct1, e = [distinct[4]<>, distinct[5]<>], f = #distinct2} : () -> ()
"xa.op"() {b = distinct[3]<"s">, e = [distinct[7]<>, distinct[9]<>], f = distinct[2]<[distinct[11]<>]>} : () -> ()

// Zero-width integers: attributes, empty and non-empty elements (never a splat;
// more than 100 print as empty hex), dense arrays.
// CHECK: "xa.op"() {a = 0 : si0, b = 0 : i0, c = dense<> : tensor<0xi32>, d = dense<[0, 0]> : tensor<2xi0>, e = dense<{{\[\[}}0, 0], [0, 0]]> : tensor<2x2xi0>, f = dense<"0x"> : tensor<101xi0>, g = array<i0>, h = array<i0: 0, 0>, i = dense<[0, 0, 0]> : vector<3xi0>} : () -> ()
"xa.op"() {a = 0 : si0, b = 0 : i0, c = dense<[]> : tensor<0xi32>, d = dense<0> : tensor<2xi0>, e = dense<0> : tensor<2x2xi0>, f = dense<0> : tensor<101xi0>, g = array<i0>, h = array<i0: 0, 0>, i = dense<0> : vector<3xi0>} : () -> ()

// Dense arrays of i1 or any whole number of bytes.
// CHECK: "xa.op"() {a = array<i24: -1, 8388607>, b = array<ui40: 7>, c = array<si56: -3>} : () -> ()
"xa.op"() {a = array<i24: -1, 8388607>, b = array<ui40: 7>, c = array<si56: -3>} : () -> ()

// Wider than 64 bits (integers of any whole-byte width, f80, f128), and a negative
// value of an unsigned type, stored as its two's complement.
// CHECK: "xa.op"() {a = array<i128: 1, -1, 170141183460469231731687303715884105727>, b = array<i256: 5, -7>, c = array<i72>, d = array<f128: 1.500000e+00, -2.000000e+00>, e = array<f80: 3.000000e+00>, f = array<ui128: 340282366920938463463374607431768211455>, g = array<ui8: 255, 128>} : () -> ()
"xa.op"() {a = array<i128: 1, -1, 170141183460469231731687303715884105727>, b = array<i256: 5, -7>, c = array<i72>, d = array<f128: 1.5, -2.0>, e = array<f80: 3.0>, f = array<ui128: -1>, g = array<ui8: -1, -128>} : () -> ()

// Resource keys: bare, or a string (printed bare when it can be).
// CHECK: "xa.op"() {a = dense_resource<x> : tensor<2xi32>, b = dense_resource<"a b"> : tensor<2xi32>, c = dense_resource<"9x"> : memref<2xi32>} : () -> ()
"xa.op"() {a = dense_resource<"x"> : tensor<2xi32>, b = dense_resource<"a b"> : tensor<2xi32>, c = dense_resource<"9x"> : memref<2xi32>} : () -> ()
