// Verification as mlir-opt 22 does it: each isolated-from-above op (each function)
// is verified on its own and stops at its first error, so two broken functions
// give two errors; an op's own error comes before its block's missing terminator.
// stderr and exit status are compared byte for byte.
// REQUIRES: mlir-opt
// RUN: not xopt %s --split-input-file > %t.x 2>&1
// RUN: not mlir-opt %s --split-input-file > %t.m 2>&1
// RUN: diff %t.m %t.x
// RUN: not xopt %s --split-input-file --mlir-disable-threading > %t.x 2>&1
// RUN: not mlir-opt %s --split-input-file --mlir-disable-threading > %t.m 2>&1
// RUN: diff %t.m %t.x

func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return %a : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return %a : i32
}
// -----
func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
}
// -----
func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
  "func.return"(%a, %a) : (i32, i32) -> ()
}
module {
  func.func @g(%a: i32) -> i32 {
    %0 = "arith.addi"(%a, %a) : (i32, i32) -> i64
    return %a : i32
  }
}
// -----
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i64
  %1 = arith.addi %a, %a : i32
}
