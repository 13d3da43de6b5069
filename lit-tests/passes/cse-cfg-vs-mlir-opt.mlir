// cse on multi-block regions, as MLIR 22's: one scope per dominator-tree node,
// so a block reuses what its dominators define but not its siblings' values;
// unreachable blocks are not visited; regions nested in a block see that
// block's dominators. Compared byte for byte with mlir-opt.
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(cse))' > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(cse))' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --cse --mlir-print-debuginfo > %t.dx
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --cse --mlir-print-debuginfo > %t.dm
// RUN: diff %t.dm %t.dx

// Dominated duplicates go, siblings' duplicates stay; a join block sees only
// what its immediate dominator chain defined.
func.func @diamond(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32) {
  %x = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %y = arith.addi %a, %b : i32
  %m1 = arith.muli %a, %b : i32
  cf.br ^bb3(%m1 : i32)
^bb2:
  %m2 = arith.muli %a, %b : i32
  %dead = arith.subi %a, %b : i32
  cf.br ^bb3(%m2 : i32)
^bb3(%p: i32):
  %z = arith.addi %b, %a : i32
  %m3 = arith.muli %a, %b : i32
  %q = arith.addi %p, %m3 : i32
  return %z, %q, %x : i32, i32, i32
}

// -----

// A loop: the header dominates its body; a block after the loop sees only
// the header's values; an unreachable block is left alone.
func.func @loop(%a: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %c1 = arith.constant 1 : i32
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %c1b = arith.constant 1 : i32
  %c0b = arith.constant 0 : i32
  %next = arith.addi %i, %c1b : i32
  %lt2 = arith.cmpi slt, %i, %n : i32
  "foo.use"(%lt2, %c0b) : (i1, i32) -> ()
  cf.br ^bb1(%next : i32)
^bb3:
  %c1c = arith.constant 1 : i32
  %r = arith.addi %i, %c1c : i32
  return %r : i32
^bb4:
  %u1 = arith.addi %a, %a : i32
  %u2 = arith.addi %a, %a : i32
  %u3 = arith.muli %a, %a : i32
  "foo.use"(%u1, %u2) : (i32, i32) -> ()
  cf.br ^bb3
}

// -----

// Regions nested in a block of a CFG see that block's dominators.
func.func @nested_in_cfg(%a: i32, %c: i1) -> i32 {
  %x = arith.muli %a, %a : i32
  cf.br ^bb1
^bb1:
  %y = arith.addi %x, %a : i32
  %r = scf.if %c -> (i32) {
    %x2 = arith.muli %a, %a : i32
    %y2 = arith.addi %x2, %a : i32
    scf.yield %y2 : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// The op kept takes the location of the one removed when it has none.
func.func @unknown_loc_kept(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc("here.mlir":3:4)
  return %0, %1 : i32, i32
}

// -----

// Ops with single-block regions: alike scf.ifs merge (values defined inside
// paired up), ones that differ in a nested op (commutative operands swapped
// included: MLIR compares nested operands in order), a yielded value or an
// effect stay; an unused scf.if of effect-free ops is dead, one holding an op
// of unknown effects is not.
func.func @regions(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %r1 = scf.if %c -> (i32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.muli %0, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %r2 = scf.if %c -> (i32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.muli %0, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %r2b = scf.if %c -> (i32) {
    %0 = arith.addi %b, %a : i32
    %1 = arith.muli %0, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %r3 = scf.if %c -> (i32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.subi %0, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %r4 = scf.if %c -> (i32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.muli %0, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %b : i32
  }
  %r5 = scf.if %c -> (i32) {
    %0 = "foo.effect"() : () -> i32
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  %r6 = scf.if %c -> (i32) {
    %0 = "foo.effect"() : () -> i32
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  %dead = scf.if %c -> (i32) {
    %0 = arith.addi %a, %a : i32
    scf.yield %0 : i32
  } else {
    scf.yield %b : i32
  }
  %kept = scf.if %c -> (i32) {
    %0 = "foo.effect"() : () -> i32
    scf.yield %0 : i32
  } else {
    scf.yield %b : i32
  }
  %s = arith.addi %r1, %r2 : i32
  %t = arith.addi %s, %r2b : i32
  return %t, %r3, %r4, %r5, %r6 : i32, i32, i32, i32, i32
}
