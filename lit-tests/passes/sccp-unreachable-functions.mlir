// sccp leaves private functions that no executable code calls as they are
// (transitively: @u is never called, so neither are @q and @p), as MLIR's sccp;
// compared byte for byte with mlir-opt 22.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --sccp > %t.x
// RUN: mlir-opt %s --split-input-file --sccp > %t.m
// RUN: diff %t.m %t.x

func.func private @p(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %b = arith.addi %c, %c : i32
  return %b : i32
}
func.func @f() -> i32 {
  %c = arith.constant 2 : i32
  return %c : i32
}
// -----
func.func private @p(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %b = arith.addi %c, %c : i32
  return %b : i32
}
func.func private @q() -> i32 {
  %x = arith.constant 3 : i32
  %r = call @p(%x) : (i32) -> i32
  return %r : i32
}
func.func private @u() -> i32 {
  %c = arith.constant 1 : i32
  %b = arith.addi %c, %c : i32
  %r = call @q() : () -> i32
  return %b : i32
}
func.func @f() -> i32 {
  %c = arith.constant 2 : i32
  %d = arith.muli %c, %c : i32
  return %d : i32
}
