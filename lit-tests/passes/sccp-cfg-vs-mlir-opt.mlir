// sccp on multi-block functions, as MLIR 22's: the entry block is live; a
// terminator with the branch interface makes live only the edge its constant
// operands select (every edge when they select none, no edge while an
// operand is unreached), one without it every edge; a block's arguments meet
// what its live incoming edges forward (both operand lists when a branch names
// the block twice); dead blocks are left as they are, not erased. Compared
// byte for byte with mlir-opt, module-wide and function by function, in custom
// and generic form.
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --sccp > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --sccp > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --sccp --mlir-print-op-generic > %t.gx
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --sccp --mlir-print-op-generic > %t.gm
// RUN: diff %t.gm %t.gx
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(sccp))' > %t.fx
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(sccp))' > %t.fm
// RUN: diff %t.fm %t.fx

// A constant condition: only the taken edge is live, so the join block's
// argument is the constant it forwards, and the untaken block is left alone
// (its foldable ops are not folded, its constants not replaced).
func.func @taken_edge(%x: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  %s = arith.addi %c1, %c1 : i32
  cf.br ^bb3(%s : i32)
^bb2:
  %d = arith.muli %c2, %c2 : i32
  cf.br ^bb3(%d : i32)
^bb3(%a: i32):
  %r = arith.addi %a, %x : i32
  return %r : i32
}

// -----

// Unknown conditions: every edge is live and the arguments meet; equal
// constants stay constant, different ones do not.
func.func @meet(%c: i1, %x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %c, ^bb1(%c1, %c1 : i32, i32), ^bb1(%c1, %c2 : i32, i32)
^bb1(%a: i32, %b: i32):
  return %a, %b : i32, i32
}

// -----

// A cf.cond_br naming one block twice with a constant condition: the edge is
// live, and both operand lists flow into the arguments.
func.func @same_block_twice() -> i32 {
  %false = arith.constant false
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %false, ^bb1(%c1 : i32), ^bb1(%c2 : i32)
^bb1(%a: i32):
  return %a : i32
}

// -----

// cf.switch: a constant flag takes its case (or the default when no case
// matches); an unknown one every destination.
func.func @switch_taken(%u: i32) -> (i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  cf.switch %c7 : i32, [
    default: ^bb1(%c10 : i32),
    7: ^bb2(%c20 : i32),
    8: ^bb1(%c30 : i32)
  ]
^bb1(%a: i32):
  cf.br ^bb3(%a, %a : i32, i32)
^bb2(%b: i32):
  cf.switch %c9 : i32, [
    default: ^bb3(%b, %c10 : i32, i32),
    7: ^bb5
  ]
^bb3(%d: i32, %f: i32):
  cf.switch %u : i32, [
    default: ^bb4(%d : i32),
    1: ^bb4(%c20 : i32)
  ]
^bb4(%e: i32):
  return %d, %e, %f : i32, i32, i32
^bb5:
  cf.br ^bb3(%c30, %c30 : i32, i32)
}

// -----

// Loops: an argument the back edge feeds the same constant stays constant,
// a counter does not; the exit test on the invariant folds.
func.func private @more() -> i1
func.func @loops() -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^bb1(%c0, %c5 : i32, i32)
^bb1(%i: i32, %k: i32):
  %lt = arith.cmpi slt, %k, %c5 : i32
  cf.cond_br %lt, ^bb3, ^bb2
^bb2:
  %n = arith.addi %i, %c1 : i32
  %m = call @more() : () -> i1
  cf.cond_br %m, ^bb1(%n, %k : i32, i32), ^bb3
^bb3:
  return %i, %k : i32, i32
}

// -----

// A forwarded operand never reached (the callee never returns) keeps the
// branch from making anything live past it.
func.func private @spin(%x: i32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}
func.func @never_returns() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = call @spin(%c1) : (i32) -> i32
  cf.br ^bb1(%r : i32)
^bb1(%a: i32):
  %s = arith.addi %c2, %c2 : i32
  %t = arith.addi %a, %s : i32
  return %t : i32
}

// -----

// A terminator without the branch interface: every successor is live and
// nothing is known of the arguments it forwards.
func.func @unknown_branch(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  "foo.branch"(%c1) [^bb1, ^bb2] : (i32) -> ()
^bb1:
  cf.br ^bb2(%c1 : i32)
^bb2(%a: i32):
  %s = arith.addi %c1, %c1 : i32
  return %a : i32
}

// -----

// Across calls: a private multi-block function called with constants folds
// its branch, and its callers get the one return reached.
func.func private @pick(%c: i1, %x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %y = arith.addi %x, %c3 : i32
  return %y : i32
^bb2:
  return %x : i32
}
func.func @caller() -> (i32, i32) {
  %true = arith.constant true
  %c4 = arith.constant 4 : i32
  %a = call @pick(%true, %c4) : (i1, i32) -> i32
  %b = call @pick(%true, %c4) : (i1, i32) -> i32
  return %a, %b : i32, i32
}

// -----

// cf.assert is not a branch; scf.if inside a block of a CFG; an unreachable
// block with its own arguments.
func.func @mixed(%c: i1, %x: i32) -> i32 {
  %true = arith.constant true
  %c6 = arith.constant 6 : i32
  cf.assert %true, "always"
  %r = scf.if %true -> (i32) {
    scf.yield %c6 : i32
  } else {
    scf.yield %x : i32
  }
  cf.cond_br %c, ^bb1(%r : i32), ^bb2(%x : i32)
^bb1(%a: i32):
  %d = arith.divsi %a, %c6 : i32
  cf.br ^bb2(%d : i32)
^bb2(%b: i32):
  return %b : i32
^bb3(%z: i32):
  %w = arith.addi %z, %c6 : i32
  cf.br ^bb2(%w : i32)
}
