// Without --verify-diagnostics, mlir-opt 22 still reads `expected-*` annotations,
// matches nothing against them and reports each as not produced after the real
// diagnostics; its exit status stays that of the run. xopt does the same.
// REQUIRES: mlir-opt
// RUN: not xopt %s --allow-unregistered-dialect --split-input-file 2>&1 | xcheck %s
// RUN: not mlir-opt %s --allow-unregistered-dialect --split-input-file > %t.m 2>&1
// RUN: not xopt %s --allow-unregistered-dialect --split-input-file > %t.x 2>&1
// RUN: diff %t.m %t.x

// CHECK: annotations-without-verify.mlir:[[#@LINE+3]]:25: error: expected distinct ID
// CHECK: annotations-without-verify.mlir:[[#@LINE+1]]:4: error: expected error "expected distinct ID" was not produced
// expected-error@+1 {{expected distinct ID}}
"xa.op"() {a = distinct[x]<>} : () -> ()

// -----

// A chunk without errors still prints; its annotation is reported all the same.
// CHECK: annotations-without-verify.mlir:[[#@LINE+1]]:4: error: expected remark "never" was not produced
// expected-remark@+1 {{never}}
"xa.op"() : () -> ()
// CHECK: "xa.op"() : () -> ()
