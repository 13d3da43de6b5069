// sccp across calls and through scf.if, as MLIR 22's (SparseConstantPropagation
// + DeadCodeAnalysis): private functions' arguments meet their live call sites'
// operands, call results meet the callee's returns (public callees too), and
// only the regions an scf.if's condition can take are executable. Compared byte
// for byte with mlir-opt, in custom and in generic form.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --sccp > %t.x
// RUN: mlir-opt %s --split-input-file --sccp > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --sccp --mlir-print-op-generic > %t.gx
// RUN: mlir-opt %s --split-input-file --sccp --mlir-print-op-generic > %t.gm
// RUN: diff %t.gm %t.gx

// The same constants from every call site: the callee folds, and so do the
// call results; differing constants leave the arguments unknown.
func.func private @same(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
func.func private @differ(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func @main(%x: i32) -> (i32, i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = call @same(%c1, %c2) : (i32, i32) -> i32
  %1 = call @same(%c1, %c2) : (i32, i32) -> i32
  %2 = call @differ(%c1) : (i32) -> i32
  %3 = call @differ(%c2) : (i32) -> i32
  %4 = arith.muli %0, %1 : i32
  return %4, %1, %2, %3 : i32, i32, i32, i32
}
// -----
// A public callee: its arguments are unknown, but what it returns for sure
// still reaches its callers.
func.func @pub(%a: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %c3 : i32
  return %c3, %0 : i32, i32
}
func.func @main() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0:2 = call @pub(%c1) : (i32) -> (i32, i32)
  %1 = arith.addi %0#0, %c1 : i32
  return %1, %0#1 : i32, i32
}
// -----
// A chain through private functions; @never and what only it calls are not
// executable and stay as they are.
func.func private @leaf(%a: i64) -> i64 {
  %c2 = arith.constant 2 : i64
  %0 = arith.muli %a, %c2 : i64
  return %0 : i64
}
func.func private @mid(%a: i64) -> i64 {
  %0 = call @leaf(%a) : (i64) -> i64
  %1 = arith.addi %0, %a : i64
  return %1 : i64
}
func.func private @never(%a: i64) -> i64 {
  %c7 = arith.constant 7 : i64
  %0 = call @only_never(%c7) : (i64) -> i64
  return %0 : i64
}
func.func private @only_never(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}
func.func @main() -> i64 {
  %c5 = arith.constant 5 : i64
  %0 = call @mid(%c5) : (i64) -> i64
  return %0 : i64
}
// -----
// scf.if on a constant: only the taken region is executable (the call in the
// other one does not count); the if's results come from the yields of its
// executable regions, and an if left dead goes.
func.func private @callee(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  return %0 : index
}
func.func private @flag(%c: i1, %a: index) -> index {
  %r = scf.if %c -> (index) {
    %c5 = arith.constant 5 : index
    %x = arith.addi %a, %c5 : index
    scf.yield %x : index
  } else {
    %y = func.call @callee(%a) : (index) -> index
    scf.yield %y : index
  }
  return %r : index
}
func.func @main(%b: i1) -> (index, index, index) {
  %true = arith.constant true
  %c1 = arith.constant 1 : index
  %0 = call @flag(%true, %c1) : (i1, index) -> index
  %1 = scf.if %b -> (index) {
    %c7 = arith.constant 7 : index
    scf.yield %c7 : index
  } else {
    %c7 = arith.constant 7 : index
    scf.yield %c7 : index
  }
  %2 = scf.if %b -> (index) {
    %c8 = arith.constant 8 : index
    scf.yield %c8 : index
  } else {
    scf.yield %c1 : index
  }
  return %0, %1, %2 : index, index, index
}
// -----
// A condition computed from arguments that are constant at every call site.
func.func private @pick(%a: i16, %b: i16) -> i16 {
  %lt = arith.cmpi slt, %a, %b : i16
  %r = scf.if %lt -> (i16) {
    %d = arith.subi %b, %a : i16
    scf.yield %d : i16
  } else {
    %d = arith.subi %a, %b : i16
    scf.yield %d : i16
  }
  return %r : i16
}
func.func @main() -> i16 {
  %c3 = arith.constant 3 : i16
  %c10 = arith.constant 10 : i16
  %0 = call @pick(%c3, %c10) : (i16, i16) -> i16
  %1 = call @pick(%c3, %c10) : (i16, i16) -> i16
  %2 = arith.addi %0, %1 : i16
  return %2 : i16
}
// -----
// Recursion: the argument is the meet of the outside call and the recursive
// one; results that never return stay unknown (not replaced).
func.func private @rec(%a: i32) -> i32 {
  %r = call @rec(%a) : (i32) -> i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %r, %c1 : i32
  return %0 : i32
}
func.func @main() -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = call @rec(%c2) : (i32) -> i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}
// -----
// A private function some op other than a call names may be called from
// anywhere: executable, arguments unknown (even when the naming op is in code
// never reached). A declaration's results are unknown.
func.func private @named(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.addi %c1, %c1 : i32
  %0 = arith.addi %a, %c2 : i32
  return %0 : i32
}
func.func private @dead() {
  %f = func.constant @named : (i32) -> i32
  return
}
func.func private @decl(i32) -> i32
func.func @main() -> (i32, i32) {
  %c4 = arith.constant 4 : i32
  %0 = call @named(%c4) : (i32) -> i32
  %1 = call @decl(%c4) : (i32) -> i32
  return %0, %1 : i32, i32
}
// -----
// Nested symbol tables: a nested module's public functions are called from
// anywhere; its private ones only from inside.
module @outer {
  module @inner {
    func.func private @p(%a: i8) -> i8 {
      %c1 = arith.constant 1 : i8
      %0 = arith.addi %a, %c1 : i8
      return %0 : i8
    }
    func.func @q(%a: i8) -> i8 {
      %c5 = arith.constant 5 : i8
      %0 = call @p(%c5) : (i8) -> i8
      %1 = arith.addi %0, %a : i8
      return %1 : i8
    }
  }
}
