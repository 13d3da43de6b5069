// The inliner's locations, as MLIR 22's: every inlined op and block argument
// (nested ones too) gets callsite(its location at the call's), stacked onto an
// existing call-site chain; the continuation block's arguments take the call's
// location; a call at an unknown location leaves them as they are. Then
// no_inline on a call or a function, and call_indirect (no direct call).
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope > %t.x
// RUN: mlir-opt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo > %t.xc
// RUN: mlir-opt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo > %t.mc
// RUN: diff %t.mc %t.xc

func.func private @inner(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    %1 = arith.addi %a, %a : i32 loc("in_then")
    scf.yield %1 : i32 loc("yield")
  } else {
    scf.yield %a : i32
  } loc(callsite("if" at "earlier"))
  cf.br ^bb1(%0 : i32) loc(fused["br", "x"])
^bb1(%v: i32 loc("arg")):
  return %v : i32 loc("ret")
}
func.func @outer(%c: i1, %a: i32) -> i32 {
  %0 = call @inner(%c, %a) : (i1, i32) -> i32 loc("call1")
  %1 = call @inner(%c, %0) : (i1, i32) -> i32 loc(unknown)
  %2 = call @inner(%c, %1) : (i1, i32) -> i32 loc(callsite("c3" at "top"))
  return %2 : i32
}
// -----
// no_inline on the call or on the function keeps the call.
func.func @f(%a: i32) -> i32 attributes {no_inline} {
  cf.br ^bb1
^bb1:
  return %a : i32
}
func.func @g(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  return %a : i32
}
func.func @h(%a: i32) -> i32 {
  %0 = call @f(%a) : (i32) -> i32
  %1 = call @g(%0) {no_inline} : (i32) -> i32
  %2 = call @g(%1) : (i32) -> i32
  return %2 : i32
}
// -----
// call_indirect is no direct call: it stays.
func.func private @k(%a: i32) -> i32 {
  return %a : i32
}
func.func @ind(%a: i32) -> i32 {
  %f = constant @k : (i32) -> i32
  %0 = call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}
