// Passes that need a trait on the op they run on (symbol-dce and inline need a
// symbol table) report an op without it, with MLIR's wording.
// RUN: xopt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' --verify-diagnostics --split-input-file
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func(inline))' 2>&1 | xcheck %s
// RUN: xopt %s --pass-pipeline='builtin.module(symbol-dce)' | xcheck %s --check-prefix=OK

// expected-error@+1 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @f() {
  return
}

// CHECK: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table
// CHECK-NEXT: func.func @f() {
// CHECK-NEXT: ^
// CHECK-NEXT: note: see current operation: {{$}}
// CHECK-NEXT: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({

// OK: func.func @f()
