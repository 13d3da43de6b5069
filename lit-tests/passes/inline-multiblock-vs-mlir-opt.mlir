// The inliner through multi-block callees, as MLIR 22's: the caller's block
// splits at the call, each func.return becomes a cf.br to the continuation
// block whose arguments replace the call's results; calls in non-entry blocks,
// nested levels, loops, switch, recursion and single-block regions (scf.if)
// included. Compared byte for byte with mlir-opt, without the simplification
// pipeline and with locations printed.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --inline='default-pipeline=' > %t.x
// RUN: mlir-opt %s --split-input-file --inline='default-pipeline=' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope > %t.xl
// RUN: mlir-opt %s --split-input-file --inline='default-pipeline=' --mlir-print-debuginfo --mlir-print-local-scope > %t.ml
// RUN: diff %t.ml %t.xl

// Multi-block callee, call in the middle of the caller's block.
func.func private @sel(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %b : i32
  return %x : i32
^bb2:
  %y = arith.muli %a, %b : i32
  return %y : i32
}
func.func @caller(%c: i1, %a: i32) -> i32 {
  %one = arith.constant 1 : i32
  %0 = call @sel(%c, %a, %one) : (i1, i32, i32) -> i32
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}
// -----
// Calls in non-entry blocks of a multi-block caller, twice the same callee.
func.func @sel(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%b : i32)
^bb1:
  %x = arith.addi %a, %b : i32
  cf.br ^bb2(%x : i32)
^bb2(%r: i32):
  return %r : i32
}
func.func @caller(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = call @sel(%c, %a, %a) : (i1, i32, i32) -> i32
  %1 = call @sel(%c, %0, %a) : (i1, i32, i32) -> i32
  cf.br ^bb3(%1 : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%r: i32):
  return %r : i32
}
// -----
// No results, a loop in the callee, two results.
func.func private @loop(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %c0 : i32, i32)
^head(%i: i32, %s: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %s2 = arith.addi %s, %i : i32
  %i2 = arith.addi %i, %c1 : i32
  cf.br ^head(%i2, %s2 : i32, i32)
^exit:
  return %i, %s : i32, i32
}
func.func private @noret(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
func.func @caller(%n: i32, %c: i1) -> i32 {
  call @noret(%c) : (i1) -> ()
  %0:2 = call @loop(%n) : (i32) -> (i32, i32)
  %1 = arith.addi %0#0, %0#1 : i32
  return %1 : i32
}
// -----
// Multi-level: a multi-block callee calling another multi-block callee.
func.func private @leaf(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func private @mid(%c: i1, %a: i32) -> i32 {
  %0 = call @leaf(%c, %a) : (i1, i32) -> i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = call @leaf(%c, %0) : (i1, i32) -> i32
  return %1 : i32
^bb2:
  return %0 : i32
}
func.func @top(%c: i1, %a: i32) -> i32 {
  %0 = call @mid(%c, %a) : (i1, i32) -> i32
  return %0 : i32
}
// -----
// Inside scf.if (a single-block region): a multi-block callee stays a call, a
// single-block one is inlined.
func.func private @multi(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.constant 1 : i32
  return %a : i32
^bb2:
  %b = arith.constant 2 : i32
  return %b : i32
}
func.func private @single(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @caller(%c: i1) -> i32 {
  %0 = scf.if %c -> i32 {
    %1 = func.call @multi(%c) : (i1) -> i32
    %2 = func.call @single(%1) : (i32) -> i32
    scf.yield %2 : i32
  } else {
    %3 = arith.constant 3 : i32
    scf.yield %3 : i32
  }
  return %0 : i32
}
// -----
// Recursion: a self-recursive multi-block function and a mutual pair.
func.func @fact(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %le = arith.cmpi sle, %n, %c1 : i32
  cf.cond_br %le, ^base, ^rec
^base:
  return %c1 : i32
^rec:
  %m = arith.subi %n, %c1 : i32
  %r = call @fact(%m) : (i32) -> i32
  %p = arith.muli %n, %r : i32
  return %p : i32
}
func.func @even(%n: i32, %c: i1) -> i1 {
  cf.cond_br %c, ^a, ^b
^a:
  %r = call @odd(%n, %c) : (i32, i1) -> i1
  return %r : i1
^b:
  return %c : i1
}
func.func @odd(%n: i32, %c: i1) -> i1 {
  cf.cond_br %c, ^a, ^b
^a:
  %r = call @even(%n, %c) : (i32, i1) -> i1
  return %r : i1
^b:
  return %c : i1
}
func.func @user(%n: i32, %c: i1) -> (i32, i1) {
  %0 = call @fact(%n) : (i32) -> i32
  %1 = call @even(%n, %c) : (i32, i1) -> i1
  return %0, %1 : i32, i1
}
// -----
// A dead private chain: the dead caller goes, what it calls stays (as MLIR).
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
func.func @c(%c: i1) {
  call @b(%c) {no_inline} : (i1) -> ()
  return
}
// -----
// cf.switch in the callee, returns in several blocks, the call's result used
// in a later block of the caller.
func.func private @sw(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^d,
    1: ^one,
    2: ^two(%a : i32)
  ]
^d:
  return %f : i32
^one:
  %c = arith.constant 10 : i32
  return %c : i32
^two(%v: i32):
  return %v : i32
}
func.func @caller(%f: i32, %a: i32, %c: i1) -> i32 {
  %0 = call @sw(%f, %a) : (i32, i32) -> i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %0, %a : i32
  return %1 : i32
^bb2:
  return %0 : i32
}
