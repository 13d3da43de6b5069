// Under --verify-diagnostics a pass's error on an op carries no "see current
// operation" note, as in mlir-opt 22 (MLIR's printOpOnDiagnostic is off there);
// without the flag the note follows the error.
// RUN: xopt %s --allow-unregistered-dialect --symbol-dce --verify-diagnostics
// RUN: not xopt %s --allow-unregistered-dialect --symbol-dce 2>&1 | xcheck %s

// CHECK: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses
// CHECK-NEXT: "foo.op"() ({
// CHECK: note: see current operation:
// expected-error@+1 {{operation contains potentially unknown symbol table}}
"foo.op"() ({
}) : () -> ()
