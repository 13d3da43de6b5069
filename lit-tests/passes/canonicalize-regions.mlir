// Region simplification at each level, checked without mlir-opt (the
// expected lines are mlir-opt 22's; canonicalize-regions-vs-mlir-opt.mlir
// compares whole outputs): dead block arguments go from `normal` on, blocks
// merge and arguments fed one value go at `aggressive`.
// RUN: xopt %s --allow-unregistered-dialect --canonicalize='region-simplify=disabled' | xcheck %s --check-prefix=DISABLED
// RUN: xopt %s --allow-unregistered-dialect --canonicalize | xcheck %s --check-prefix=NORMAL
// RUN: xopt %s --allow-unregistered-dialect --canonicalize='region-simplify=aggressive' | xcheck %s --check-prefix=AGGR

// A block argument nobody uses goes, and so does the operand feeding it.
func.func @dead_arg(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2
^bb2:
  "foo.op"() : () -> ()
  cf.br ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return %y : i32
}

// DISABLED-LABEL: func.func @dead_arg(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// DISABLED-NEXT: cf.cond_br %arg0, ^bb2(%arg1, %arg2 : i32, i32), ^bb1
// DISABLED-NEXT: ^bb1:  // pred: ^bb0
// DISABLED-NEXT: "foo.op"() : () -> ()
// DISABLED-NEXT: cf.br ^bb2(%arg2, %arg1 : i32, i32)
// DISABLED-NEXT: ^bb2(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb1
// DISABLED-NEXT: return %1 : i32
// DISABLED-NEXT: }
// NORMAL-LABEL: func.func @dead_arg(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// NORMAL-NEXT: cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb1
// NORMAL-NEXT: ^bb1:  // pred: ^bb0
// NORMAL-NEXT: "foo.op"() : () -> ()
// NORMAL-NEXT: cf.br ^bb2(%arg1 : i32)
// NORMAL-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// NORMAL-NEXT: return %0 : i32
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @dead_arg(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// AGGR-NEXT: cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb1
// AGGR-NEXT: ^bb1:  // pred: ^bb0
// AGGR-NEXT: "foo.op"() : () -> ()
// AGGR-NEXT: cf.br ^bb2(%arg1 : i32)
// AGGR-NEXT: ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
// AGGR-NEXT: return %0 : i32
// AGGR-NEXT: }

// A loop-carried value used only to compute itself is dead, with the pure
// ops in the cycle.
func.func @dead_cycle(%a: i32, %n: i1) {
  %c1 = arith.constant 1 : i32
  cf.br ^loop(%a : i32)
^loop(%v: i32):
  %w = arith.addi %v, %c1 : i32
  %m = arith.muli %w, %w : i32
  cf.cond_br %n, ^loop(%m : i32), ^exit
^exit:
  return
}

// NORMAL-LABEL: func.func @dead_cycle(%arg0: i32, %arg1: i1) {
// NORMAL-NEXT: cf.br ^bb1
// NORMAL-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// NORMAL-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// NORMAL-NEXT: ^bb2:  // pred: ^bb1
// NORMAL-NEXT: return
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @dead_cycle(%arg0: i32, %arg1: i1) {
// AGGR-NEXT: cf.br ^bb1
// AGGR-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// AGGR-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// AGGR-NEXT: ^bb2:  // pred: ^bb1
// AGGR-NEXT: return
// AGGR-NEXT: }

// cf.switch: case operand segments shrink with the dead arguments.
func.func @switch_args(%flag: i32, %a: i32, %b: i64, %b2: i64) -> i64 {
  cf.switch %flag : i32, [
    default: ^bb1(%a, %b : i32, i64),
    0: ^bb2(%b, %a : i64, i32),
    7: ^bb1(%a, %b2 : i32, i64)
  ]
^bb1(%x: i32, %y: i64):
  return %y : i64
^bb2(%u: i64, %v: i32):
  "foo.use"(%v) : (i32) -> ()
  return %b : i64
}

// NORMAL-LABEL: func.func @switch_args(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: i64) -> i64 {
// NORMAL-NEXT: cf.switch %arg0 : i32, [
// NORMAL-NEXT: default: ^bb1(%arg2 : i64),
// NORMAL-NEXT: 0: ^bb2(%arg1 : i32),
// NORMAL-NEXT: 7: ^bb1(%arg3 : i64)
// NORMAL-NEXT: ]
// NORMAL-NEXT: ^bb1(%0: i64):  // 2 preds: ^bb0, ^bb0
// NORMAL-NEXT: return %0 : i64
// NORMAL-NEXT: ^bb2(%1: i32):  // pred: ^bb0
// NORMAL-NEXT: "foo.use"(%1) : (i32) -> ()
// NORMAL-NEXT: return %arg2 : i64
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @switch_args(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: i64) -> i64 {
// AGGR-NEXT: cf.switch %arg0 : i32, [
// AGGR-NEXT: default: ^bb1(%arg2 : i64),
// AGGR-NEXT: 0: ^bb2,
// AGGR-NEXT: 7: ^bb1(%arg3 : i64)
// AGGR-NEXT: ]
// AGGR-NEXT: ^bb1(%0: i64):  // 2 preds: ^bb0, ^bb0
// AGGR-NEXT: return %0 : i64
// AGGR-NEXT: ^bb2:  // pred: ^bb0
// AGGR-NEXT: "foo.use"(%arg1) : (i32) -> ()
// AGGR-NEXT: return %arg2 : i64
// AGGR-NEXT: }

// Identical return blocks reached from different branches: merged at the
// aggressive level, the differing operands passed as a new argument.
func.func @merge_returns(%c: i1, %d: i1, %a: i32, %b: i32, %z: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.one"() : () -> ()
  cf.cond_br %d, ^bb3, ^bb5
^bb2:
  "foo.two"() : () -> ()
  cf.cond_br %d, ^bb4, ^bb5
^bb3:
  %s = arith.addi %a, %z : i32
  return %s : i32
^bb4:
  %t = arith.addi %b, %z : i32
  return %t : i32
^bb5:
  return %z : i32
}

// DISABLED-LABEL: func.func @merge_returns(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: i32) -> i32 {
// DISABLED-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// DISABLED-NEXT: ^bb1:  // pred: ^bb0
// DISABLED-NEXT: "foo.one"() : () -> ()
// DISABLED-NEXT: cf.cond_br %arg1, ^bb3, ^bb5
// DISABLED-NEXT: ^bb2:  // pred: ^bb0
// DISABLED-NEXT: "foo.two"() : () -> ()
// DISABLED-NEXT: cf.cond_br %arg1, ^bb4, ^bb5
// DISABLED-NEXT: ^bb3:  // pred: ^bb1
// DISABLED-NEXT: %0 = arith.addi %arg2, %arg4 : i32
// DISABLED-NEXT: return %0 : i32
// DISABLED-NEXT: ^bb4:  // pred: ^bb2
// DISABLED-NEXT: %1 = arith.addi %arg3, %arg4 : i32
// DISABLED-NEXT: return %1 : i32
// DISABLED-NEXT: ^bb5:  // 2 preds: ^bb1, ^bb2
// DISABLED-NEXT: return %arg4 : i32
// DISABLED-NEXT: }
// NORMAL-LABEL: func.func @merge_returns(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: i32) -> i32 {
// NORMAL-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// NORMAL-NEXT: ^bb1:  // pred: ^bb0
// NORMAL-NEXT: "foo.one"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb3, ^bb5
// NORMAL-NEXT: ^bb2:  // pred: ^bb0
// NORMAL-NEXT: "foo.two"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb4, ^bb5
// NORMAL-NEXT: ^bb3:  // pred: ^bb1
// NORMAL-NEXT: %0 = arith.addi %arg2, %arg4 : i32
// NORMAL-NEXT: return %0 : i32
// NORMAL-NEXT: ^bb4:  // pred: ^bb2
// NORMAL-NEXT: %1 = arith.addi %arg3, %arg4 : i32
// NORMAL-NEXT: return %1 : i32
// NORMAL-NEXT: ^bb5:  // 2 preds: ^bb1, ^bb2
// NORMAL-NEXT: return %arg4 : i32
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @merge_returns(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: i32) -> i32 {
// AGGR-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// AGGR-NEXT: ^bb1:  // pred: ^bb0
// AGGR-NEXT: "foo.one"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg2 : i32), ^bb4
// AGGR-NEXT: ^bb2:  // pred: ^bb0
// AGGR-NEXT: "foo.two"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg3 : i32), ^bb4
// AGGR-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: %1 = arith.addi %0, %arg4 : i32
// AGGR-NEXT: return %1 : i32
// AGGR-NEXT: ^bb4:  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: return %arg4 : i32
// AGGR-NEXT: }

// Two differing operands that pair up the same way from every block become
// one argument; the block arguments they already had are kept.
func.func @merge_pruned(%c: i1, %d: i1, %a: i32, %b: i32, %x: f32) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.one"() : () -> ()
  cf.cond_br %d, ^bb3(%x : f32), ^bb5
^bb2:
  "foo.two"() : () -> ()
  cf.cond_br %d, ^bb4(%x : f32), ^bb5
^bb3(%f: f32):
  "foo.use"(%a, %a, %f) : (i32, i32, f32) -> ()
  return
^bb4(%g: f32):
  "foo.use"(%b, %b, %g) : (i32, i32, f32) -> ()
  return
^bb5:
  return
}

// NORMAL-LABEL: func.func @merge_pruned(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: f32) {
// NORMAL-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// NORMAL-NEXT: ^bb1:  // pred: ^bb0
// NORMAL-NEXT: "foo.one"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb3(%arg4 : f32), ^bb5
// NORMAL-NEXT: ^bb2:  // pred: ^bb0
// NORMAL-NEXT: "foo.two"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb4(%arg4 : f32), ^bb5
// NORMAL-NEXT: ^bb3(%0: f32):  // pred: ^bb1
// NORMAL-NEXT: "foo.use"(%arg2, %arg2, %0) : (i32, i32, f32) -> ()
// NORMAL-NEXT: return
// NORMAL-NEXT: ^bb4(%1: f32):  // pred: ^bb2
// NORMAL-NEXT: "foo.use"(%arg3, %arg3, %1) : (i32, i32, f32) -> ()
// NORMAL-NEXT: return
// NORMAL-NEXT: ^bb5:  // 2 preds: ^bb1, ^bb2
// NORMAL-NEXT: return
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @merge_pruned(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32, %arg4: f32) {
// AGGR-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// AGGR-NEXT: ^bb1:  // pred: ^bb0
// AGGR-NEXT: "foo.one"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg2 : i32), ^bb4
// AGGR-NEXT: ^bb2:  // pred: ^bb0
// AGGR-NEXT: "foo.two"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg3 : i32), ^bb4
// AGGR-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: "foo.use"(%0, %0, %arg4) : (i32, i32, f32) -> ()
// AGGR-NEXT: return
// AGGR-NEXT: ^bb4:  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: return
// AGGR-NEXT: }

// An argument every predecessor feeds the same value is replaced by it at the
// aggressive level.
func.func @redundant_arg(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.one"() : () -> ()
  cf.cond_br %d, ^bb3(%a, %b : i32, i32), ^bb4
^bb2:
  "foo.two"() : () -> ()
  cf.cond_br %d, ^bb3(%a, %a : i32, i32), ^bb4
^bb3(%x: i32, %y: i32):
  %s = arith.addi %x, %y : i32
  return %s : i32
^bb4:
  return %b : i32
}

// NORMAL-LABEL: func.func @redundant_arg(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
// NORMAL-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// NORMAL-NEXT: ^bb1:  // pred: ^bb0
// NORMAL-NEXT: "foo.one"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb3(%arg2, %arg3 : i32, i32), ^bb4
// NORMAL-NEXT: ^bb2:  // pred: ^bb0
// NORMAL-NEXT: "foo.two"() : () -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb3(%arg2, %arg2 : i32, i32), ^bb4
// NORMAL-NEXT: ^bb3(%0: i32, %1: i32):  // 2 preds: ^bb1, ^bb2
// NORMAL-NEXT: %2 = arith.addi %0, %1 : i32
// NORMAL-NEXT: return %2 : i32
// NORMAL-NEXT: ^bb4:  // 2 preds: ^bb1, ^bb2
// NORMAL-NEXT: return %arg3 : i32
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @redundant_arg(%arg0: i1, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
// AGGR-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// AGGR-NEXT: ^bb1:  // pred: ^bb0
// AGGR-NEXT: "foo.one"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg3 : i32), ^bb4
// AGGR-NEXT: ^bb2:  // pred: ^bb0
// AGGR-NEXT: "foo.two"() : () -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb3(%arg2 : i32), ^bb4
// AGGR-NEXT: ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: %1 = arith.addi %arg2, %0 : i32
// AGGR-NEXT: return %1 : i32
// AGGR-NEXT: ^bb4:  // 2 preds: ^bb1, ^bb2
// AGGR-NEXT: return %arg3 : i32
// AGGR-NEXT: }

// A loop header fed the same value on entry and on the back edge.
func.func @redundant_loop_arg(%a: i32, %n: i1) -> i32 {
  cf.br ^loop(%a : i32)
^loop(%v: i32):
  "foo.use"(%v) : (i32) -> ()
  cf.cond_br %n, ^loop(%a : i32), ^exit
^exit:
  return %v : i32
}

// NORMAL-LABEL: func.func @redundant_loop_arg(%arg0: i32, %arg1: i1) -> i32 {
// NORMAL-NEXT: cf.br ^bb1(%arg0 : i32)
// NORMAL-NEXT: ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb1
// NORMAL-NEXT: "foo.use"(%0) : (i32) -> ()
// NORMAL-NEXT: cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2
// NORMAL-NEXT: ^bb2:  // pred: ^bb1
// NORMAL-NEXT: return %0 : i32
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @redundant_loop_arg(%arg0: i32, %arg1: i1) -> i32 {
// AGGR-NEXT: cf.br ^bb1
// AGGR-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb1
// AGGR-NEXT: "foo.use"(%arg0) : (i32) -> ()
// AGGR-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// AGGR-NEXT: ^bb2:  // pred: ^bb1
// AGGR-NEXT: return %arg0 : i32
// AGGR-NEXT: }

// Blocks that branch to the same places on different conditions, one of them
// a back edge: merged, the condition becoming an argument.
func.func @merge_back_edge(%c: i1, %c2: i1) {
  %c3 = "foo.op"() : () -> i1
  cf.cond_br %c, ^bb2, ^bb3
^bb1:
  cf.cond_br %c3, ^bb1, ^bb3
^bb2:
  cf.cond_br %c2, ^bb1, ^bb3
^bb3:
  return
}

// NORMAL-LABEL: func.func @merge_back_edge(%arg0: i1, %arg1: i1) {
// NORMAL-NEXT: %0 = "foo.op"() : () -> i1
// NORMAL-NEXT: cf.cond_br %arg0, ^bb2, ^bb3
// NORMAL-NEXT: ^bb1:  // 2 preds: ^bb1, ^bb2
// NORMAL-NEXT: cf.cond_br %0, ^bb1, ^bb3
// NORMAL-NEXT: ^bb2:  // pred: ^bb0
// NORMAL-NEXT: cf.cond_br %arg1, ^bb1, ^bb3
// NORMAL-NEXT: ^bb3:  // 3 preds: ^bb0, ^bb1, ^bb2
// NORMAL-NEXT: return
// NORMAL-NEXT: }
// AGGR-LABEL: func.func @merge_back_edge(%arg0: i1, %arg1: i1) {
// AGGR-NEXT: %0 = "foo.op"() : () -> i1
// AGGR-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i1), ^bb2
// AGGR-NEXT: ^bb1(%1: i1):  // 2 preds: ^bb0, ^bb1
// AGGR-NEXT: cf.cond_br %1, ^bb1(%0 : i1), ^bb2
// AGGR-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// AGGR-NEXT: return
// AGGR-NEXT: }

