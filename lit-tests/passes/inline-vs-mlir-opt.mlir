// The inliner as MLIR 22's: every function is canonicalized, inlined into or
// not, and private functions left without uses are erased; a call chain collapses.
// Compared byte for byte with mlir-opt.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --inline > %t.x
// RUN: mlir-opt %s --split-input-file --inline > %t.m
// RUN: diff %t.m %t.x

func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
// -----
func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  %c = call @g() : () -> i32
  return %b : i32
}
func.func @g() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
func.func @h() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
// -----
func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  return %a : i32
}
func.func private @p() -> i32 {
  %a = arith.constant 1 : i32
  return %a : i32
}
// -----
func.func @f0(%a: i32) -> i32 {
  %0 = call @f1(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f1(%a: i32) -> i32 {
  %0 = call @f2(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f2(%a: i32) -> i32 {
  %0 = call @f3(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f3(%a: i32) -> i32 {
  %0 = call @f4(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f4(%a: i32) -> i32 {
  %0 = call @f5(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f5(%a: i32) -> i32 {
  %0 = call @f6(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f6(%a: i32) -> i32 {
  %0 = call @f7(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f7(%a: i32) -> i32 {
  %0 = call @f8(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f8(%a: i32) -> i32 {
  %0 = call @f9(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f9(%a: i32) -> i32 {
  %0 = call @f10(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @f10(%a: i32) -> i32 {
  return %a : i32
}
