// Folds (identity folds before constant folds, as MLIR), constants uniqued and
// hoisted, MLIR's re-association patterns, cmpi with a constant lhs swapped, no
// fold on division by zero or poison shifts; invalid options give mlir-opt's errors.
// RUN: xopt %s --allow-unregistered-dialect --canonicalize | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3}))' | xcheck %s
// RUN: not xopt %s --allow-unregistered-dialect --canonicalize='max-iterations=x' 2>&1 | xcheck %s --check-prefix=BADINT
// RUN: not xopt %s --allow-unregistered-dialect --canonicalize='top-down=x' 2>&1 | xcheck %s --check-prefix=BADBOOL
// RUN: not xopt %s --allow-unregistered-dialect --canonicalize='region-simplify=maybe' 2>&1 | xcheck %s --check-prefix=BADENUM
// RUN: not xopt %s --allow-unregistered-dialect --canonicalize='bogus=1' 2>&1 | xcheck %s --check-prefix=BADNAME

func.func @fold_and_hoist(%a: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.muli %a, %c2 : i32
  %c2b = arith.constant 2 : i32
  %2 = arith.addi %1, %c2b : i32
  %3 = arith.addi %2, %c3 : i32
  return %0, %3, %1 : i32, i32, i32
}

func.func @identities(%a: i64, %b: i64) -> (i64, i64, i64, i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %c0, %a : i64
  %1 = arith.muli %b, %c1 : i64
  %2 = arith.subi %a, %a : i64
  %3 = arith.xori %b, %b : i64
  %4 = arith.ori %a, %a : i64
  %dead = arith.divui %a, %b : i64
  return %0, %1, %2, %3, %4 : i64, i64, i64, i64, i64
}

func.func @reassociate(%x: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %0 = arith.subi %x, %c4 : index
  %1 = arith.addi %0, %c7 : index
  %2 = arith.subi %c7, %x : index
  %3 = arith.subi %2, %c4 : index
  %4 = arith.subi %x, %c7 : index
  %5 = arith.subi %4, %x : index
  return %1, %3, %5 : index, index, index
}

func.func @cmpi(%a: i32, %c: i1) -> (i1, i1, i1) {
  %c5 = arith.constant 5 : i32
  %false = arith.constant false
  %0 = arith.cmpi slt, %c5, %a : i32
  %1 = arith.cmpi sle, %a, %a : i32
  %2 = arith.cmpi ne, %c, %false : i1
  return %0, %1, %2 : i1, i1, i1
}

func.func @no_fold(%a: i8) -> (i8, i8) {
  %c0 = arith.constant 0 : i8
  %c9 = arith.constant 9 : i8
  %c1 = arith.constant 1 : i8
  %0 = arith.divsi %c1, %c0 : i8
  %1 = arith.shli %c1, %c9 : i8
  return %0, %1 : i8, i8
}

func.func @unregistered(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = "foo.op"(%c1) : (i32) -> i32
  %1 = "foo.op"(%c1) : (i32) -> i32
  %c1b = arith.constant 1 : i32
  %2 = arith.addi %0, %c1b : i32
  return %2 : i32
}

// CHECK: module {
// CHECK-LABEL: func.func @fold_and_hoist(%arg0: i32) -> (i32, i32, i32) {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %c5_i32 : i32
// CHECK-NEXT:     return %c5_i32, %1, %0 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @identities(%arg0: i64, %arg1: i64) -> (i64, i64, i64, i64, i64) {
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     return %arg0, %arg1, %c0_i64, %c0_i64, %arg0 : i64, i64, i64, i64, i64
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @reassociate(%arg0: index) -> (index, index, index) {
// CHECK-NEXT:     %c-7 = arith.constant -7 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c3 : index
// CHECK-NEXT:     %1 = arith.subi %c3, %arg0 : index
// CHECK-NEXT:     return %0, %1, %c-7 : index, index, index
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @cmpi(%arg0: i32, %arg1: i1) -> (i1, i1, i1) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT:     return %0, %true, %arg1 : i1, i1, i1
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @no_fold(%arg0: i8) -> (i8, i8) {
// CHECK-NEXT:     %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT:     %c9_i8 = arith.constant 9 : i8
// CHECK-NEXT:     %c1_i8 = arith.constant 1 : i8
// CHECK-NEXT:     %0 = arith.divsi %c1_i8, %c0_i8 : i8
// CHECK-NEXT:     %1 = arith.shli %c1_i8, %c9_i8 : i8
// CHECK-NEXT:     return %0, %1 : i8, i8
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @unregistered(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = "foo.op"(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %1 = "foo.op"(%c1_i32) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// BADINT: {{.*}}opt: for the --max-iterations option: 'x' value invalid for long argument!
// BADINT-NEXT: <unknown>:0: error: 

// BADBOOL: {{.*}}opt: for the --top-down option: 'x' is invalid value for boolean argument! Try 0 or 1
// BADBOOL-NEXT: <unknown>:0: error: 

// BADENUM: {{.*}}opt: for the --region-simplify option: Cannot find option named 'maybe'!
// BADENUM-NEXT: <unknown>:0: error: 

// BADNAME: <unknown>:0: error: <Pass-Options-Parser>: no such option bogus
