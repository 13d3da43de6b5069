// The inliner's options, as MLIR 22's: max-iterations bounds the rounds of
// inlining per SCC (a mutually recursive pair is unrolled that many times
// into its caller), inlining-threshold bounds callee ops × 100 / caller ops
// (0: nothing is inlined). Then an op of no dialect in a callee keeps it a
// call. Compared byte for byte with mlir-opt.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= max-iterations=1' > %t.x1
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= max-iterations=1' > %t.m1
// RUN: diff %t.m1 %t.x1
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= inlining-threshold=100' > %t.x2
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= inlining-threshold=100' > %t.m2
// RUN: diff %t.m2 %t.x2
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= inlining-threshold=0' > %t.x3
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline= inlining-threshold=0' > %t.m3
// RUN: diff %t.m3 %t.x3
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline=' > %t.x4
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --inline='default-pipeline=' > %t.m4
// RUN: diff %t.m4 %t.x4

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
func.func @user(%n: i32, %c: i1) -> i1 {
  %1 = call @even(%n, %c) : (i32, i1) -> i1
  return %1 : i1
}
func.func private @big(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  return %2 : i32
}
func.func @small(%a: i32) -> i32 {
  %0 = call @big(%a) : (i32) -> i32
  return %0 : i32
}
func.func @large(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %0 : i32
  %2 = arith.addi %1, %1 : i32
  %3 = arith.addi %2, %2 : i32
  %4 = arith.addi %3, %3 : i32
  %5 = arith.addi %4, %4 : i32
  %6 = arith.addi %5, %5 : i32
  %7 = call @big(%6) : (i32) -> i32
  return %7 : i32
}
// -----
func.func private @u(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = "foo.op"() : () -> i32
  return %0 : i32
^bb2:
  %1 = arith.constant 1 : i32
  return %1 : i32
}
func.func @v(%c: i1) -> i32 {
  %0 = call @u(%c) : (i1) -> i32
  %1 = call @w(%c) : (i1) -> i32
  %3 = arith.addi %0, %1 : i32
  return %3 : i32
}
func.func private @w(%c: i1) -> i32 {
  %1 = arith.constant 1 : i32
  "foo.effect"() : () -> ()
  return %1 : i32
}
