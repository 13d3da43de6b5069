// Integer literals against their type, as mlir-opt 22 reads them: zero fits
// the zero-width types i0/si0/ui0; a negated literal must come out negative,
// so `-0` fits no integer type, in an attribute, an array or dense elements.
// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect | xcheck %s
// RUN: /usr/lib/llvm-22/bin/mlir-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect | xcheck %s
// REQUIRES: mlir-opt

// CHECK: "test.op"() {a = 0 : si0, b = 0 : i0, c = 0 : ui0, d = -1 : si1} : () -> ()
"test.op"() {a = 0 : si0, b = 0 : i0, c = 0 : ui0, d = -1 : si1} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = -0 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 1 : si0} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"test.op"() {a = array<i8: -0>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"test.op"() {a = dense<[1, -0]> : tensor<2xi32>} : () -> ()
