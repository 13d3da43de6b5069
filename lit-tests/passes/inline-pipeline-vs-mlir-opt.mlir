// The inliner with its default simplification pipeline (canonicalize) and
// with op-pipelines, on multi-block callers: callees are simplified before
// they are inlined, call_indirect of a constant becomes a call and is inlined,
// a multi-block callee stays a call under scf.if, and only the private
// functions MLIR finds dead are erased. Compared byte for byte with mlir-opt.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --inline > %t.x
// RUN: mlir-opt %s --split-input-file --inline > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --inline='op-pipelines=func.func(canonicalize,cse)' > %t.xo
// RUN: mlir-opt %s --split-input-file --inline='op-pipelines=func.func(canonicalize,cse)' > %t.mo
// RUN: diff %t.mo %t.xo

func.func private @twice(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @k() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
}
func.func @caller(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  %0 = call @twice(%a) : (i32) -> i32
  %1 = call @k() : () -> i32
  %2 = arith.addi %0, %1 : i32
  cf.br ^bb2(%2 : i32)
^bb2(%r: i32):
  %3 = call @twice(%r) : (i32) -> i32
  return %3 : i32
}
// -----
// A multi-block callee under scf.if stays a call; the callee is canonicalized.
func.func private @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.constant 1 : i32
  %y = arith.addi %a, %x : i32
  return %y : i32
^bb2:
  %z = arith.constant 2 : i32
  return %z : i32
}
func.func @caller(%c: i1, %d: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    %1 = func.call @multi(%d, %a) : (i1, i32) -> i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}
// -----
// call_indirect of a constant becomes a call, which is then inlined.
func.func private @twice(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @pick() -> ((i32) -> i32) {
  %f = constant @twice : (i32) -> i32
  return %f : (i32) -> i32
}
func.func @use(%a: i32) -> i32 {
  %f = call @pick() : () -> ((i32) -> i32)
  %r = call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}
// -----
// A dead private chain: the dead caller goes, its callee stays (MLIR's use
// counts are not updated for a dead function), a no_inline call keeps @b.
func.func private @a(%c: i1) {
  call @b(%c) : (i1) -> ()
  return
}
func.func private @b(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
func.func private @b2(%c: i1) {
  return
}
func.func private @a2(%c: i1) {
  call @b2(%c) : (i1) -> ()
  return
}
