// sccp's key behaviours across calls and scf.if, checked without mlir-opt
// (sccp-calls.mlir compares the same kind of programs with mlir-opt 22).
// RUN: xopt %s --split-input-file --sccp | xcheck %s

// A private function called with the same constants from every site folds,
// and so do its call results; one called with different constants keeps its
// argument.
func.func private @same(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
func.func private @differ(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  return %0 : i32
}
func.func @main() -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = call @same(%c1, %c2) : (i32, i32) -> i32
  %1 = call @same(%c1, %c2) : (i32, i32) -> i32
  %2 = call @differ(%c1) : (i32) -> i32
  %3 = call @differ(%c2) : (i32) -> i32
  %4 = arith.muli %0, %1 : i32
  return %4, %2, %3 : i32, i32, i32
}
// CHECK-LABEL: func.func private @same(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     return %c3_i32 : i32
// CHECK-LABEL: func.func private @differ(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-LABEL: func.func @main() -> (i32, i32, i32) {
// CHECK-NEXT:     %c9_i32 = arith.constant 9 : i32
// CHECK:          %2 = call @differ(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %3 = call @differ(%c2_i32) : (i32) -> i32
// CHECK-NEXT:     return %c9_i32, %2, %3 : i32, i32, i32

// -----
// A public function's arguments are unknown, but its constant returns reach
// its callers.
func.func @pub(%a: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %c3 : i32
  return %c3, %0 : i32, i32
}
func.func @caller() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0:2 = call @pub(%c1) : (i32) -> (i32, i32)
  return %0#0, %0#1 : i32, i32
}
// CHECK-LABEL: func.func @pub(%arg0: i32) -> (i32, i32) {
// CHECK:          %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-LABEL: func.func @caller() -> (i32, i32) {
// CHECK:          %0:2 = call @pub(%c1_i32) : (i32) -> (i32, i32)
// CHECK-NEXT:     return %c3_i32, %0#1 : i32, i32

// -----
// scf.if on a condition known at every call site: only the taken region is
// executable, so the call in the other one doesn't make @callee's argument
// unknown, and the dead region is left alone.
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
    %c9 = arith.constant 9 : index
    %y = func.call @callee(%c9) : (index) -> index
    scf.yield %y : index
  }
  return %r : index
}
func.func @main() -> (index, index) {
  %true = arith.constant true
  %c1 = arith.constant 1 : index
  %0 = call @flag(%true, %c1) : (i1, index) -> index
  %1 = call @callee(%c1) : (index) -> index
  return %0, %1 : index, index
}
// CHECK-LABEL: func.func private @callee(%arg0: index) -> index {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     return %c2 : index
// CHECK-LABEL: func.func private @flag(%arg0: i1, %arg1: index) -> index {
// CHECK:          %0 = scf.if %true -> (index) {
// CHECK-NEXT:       scf.yield %c6 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %c9 = arith.constant 9 : index
// CHECK-NEXT:       %1 = func.call @callee(%c9) : (index) -> index
// CHECK-NEXT:       scf.yield %1 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %c6 : index
// CHECK-LABEL: func.func @main() -> (index, index) {
// CHECK:          return %c6, %c2 : index, index

// -----
// A private function nothing executable calls is not executable: untouched.
func.func private @unreached(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c1, %c1 : i32
  %1 = arith.addi %a, %0 : i32
  return %1 : i32
}
func.func @main() -> i32 {
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  %0 = scf.if %false -> (i32) {
    %r = func.call @unreached(%c1) : (i32) -> i32
    scf.yield %r : i32
  } else {
    scf.yield %c1 : i32
  }
  return %0 : i32
}
// CHECK-LABEL: func.func private @unreached(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %c1_i32, %c1_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %arg0, %0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-LABEL: func.func @main() -> i32 {
// CHECK:          return %c1_i32 : i32

// -----
// An op folded to a value that is not its operand (xori(w, xori(w, v)) -> v)
// follows that value: @p is called with 1 and (found later) with 2, so %x is
// not a constant. (mlir-opt 22 keeps the stale 1 here and returns 2 from @p.)
func.func private @p(%v: i32, %w: i32) -> i32 {
  %t = arith.xori %w, %v : i32
  %x = arith.xori %w, %t : i32
  %y = arith.addi %x, %x : i32
  return %y : i32
}
func.func @main(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = call @p(%c1, %a) : (i32, i32) -> i32
  %true = arith.constant true
  %1 = scf.if %true -> (i32) {
    %c2 = arith.constant 2 : i32
    %r = func.call @p(%c2, %a) : (i32, i32) -> i32
    scf.yield %r : i32
  } else {
    scf.yield %c1 : i32
  }
  return %0, %1 : i32, i32
}
// CHECK-LABEL: func.func private @p(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.xori %arg1, %arg0 : i32
// CHECK-NEXT:     %1 = arith.xori %arg1, %0 : i32
// CHECK-NEXT:     %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-LABEL: func.func @main(%arg0: i32) -> (i32, i32) {
// CHECK:          return %0, %1 : i32, i32
