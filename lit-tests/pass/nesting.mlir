// Nested pass managers. Without registered passes in xopt yet, only the empty pipeline
// runs here (nesting, `any` and options are covered by xir's pass unit tests); a nested
// anchor needs a non-empty pipeline, as in mlir-opt.
// RUN: xopt %s --pass-pipeline='builtin.module()' | xcheck %s
// RUN: xopt %s --pass-pipeline=' builtin.module() ' -mlir-disable-threading --verify-each=false | xcheck %s
// RUN: xopt %s --pass-pipeline='builtin.module()' --dump-pass-pipeline 2>&1 | xcheck %s --check-prefix=DUMP
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func ( ))' 2>&1 | xcheck %s --check-prefix=EMPTY

// CHECK: func.func @f() {
// CHECK-NEXT:   return
// CHECK-NEXT: }

// DUMP: Pass Manager with 0 passes:
// DUMP-NEXT: builtin.module(
// DUMP-EMPTY:
// DUMP-NEXT: )

// EMPTY: MLIR Textual PassPipeline Parser:1:13: error: '' does not refer to a registered pass or pass pipeline

func.func @f() {
  return
}
