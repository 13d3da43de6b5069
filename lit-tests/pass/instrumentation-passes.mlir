// IR printing around real passes: the dumps on stderr are byte-identical to mlir-opt's.
// RUN: xopt %s --cse --canonicalize --mlir-print-ir-after-all --mlir-print-ir-after-change 2>&1 >/dev/null | xcheck %s --check-prefix=CHANGE
// RUN: xopt %s --cse --canonicalize --mlir-print-ir-before=canonicalize 2>&1 >/dev/null | xcheck %s --check-prefix=BEFORE
// RUN: xopt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all 2>&1 >/dev/null | xcheck %s --check-prefix=NESTED
// RUN: xopt %s --cse --mlir-timing 2>&1 >/dev/null | xcheck %s --check-prefix=TIMING
// RUN: xopt %s --cse --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %x = arith.addi %a, %c1 : i32
  %y = arith.addi %a, %c1 : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}

// CHANGE: // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: module {
// CHANGE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CHANGE-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHANGE-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHANGE-NEXT:     %1 = arith.muli %0, %0 : i32
// CHANGE-NOT: IR Dump After Canonicalizer

// BEFORE: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-NOT: IR Dump

// NESTED: // -----// IR Dump After CSE (cse) //----- //
// NESTED: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// NESTED-NEXT: module {

// TIMING: ... Execution time report ...
// TIMING: CSE
// TIMING: Total

// STATS: ... Pass statistics report ...
// STATS: CSE
// STATS-NEXT: (S) 1 num-cse'd - Number of operations CSE'd
