// Inputs for canonicalize-regions-vs-mlir-opt.mlir and canonicalize-regions.mlir:
// region simplification on multi-block regions (dead block arguments,
// identical blocks, arguments that always receive one value). The cases
// avoid cf's and scf's own patterns, so they test region simplification alone.

// A block argument nobody uses goes, and so does the operand feeding it.
func.func @dead_arg(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2
^bb2:
  "foo.op"() : () -> ()
  cf.br ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return %y : i32
}

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

// A live loop-carried value stays; the dead one beside it goes.
func.func @live_and_dead_carried(%a: i32, %b: i32, %n: i1) -> i32 {
  cf.br ^loop(%a, %b : i32, i32)
^loop(%v: i32, %d: i32):
  %w = arith.addi %v, %v : i32
  %e = arith.subi %d, %w : i32
  cf.cond_br %n, ^loop(%w, %e : i32, i32), ^exit(%v : i32)
^exit(%r: i32):
  return %r : i32
}

// Dead arguments on both edges of a conditional branch, some kept.
func.func @cond_br_args(%c: i1, %a: i32, %b: i32, %f: f32) -> (i32, f32) {
  cf.cond_br %c, ^bb1(%a, %f, %b : i32, f32, i32), ^bb2(%b, %a : i32, i32)
^bb1(%x: i32, %g: f32, %y: i32):
  return %y, %g : i32, f32
^bb2(%p: i32, %q: i32):
  %s = arith.addi %p, %q : i32
  "foo.sink"() : () -> ()
  return %a, %f : i32, f32
}

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

// An argument fed by an unregistered terminator is handled as MLIR does: such
// an op is no terminator to the analysis.
func.func @unregistered_pred(%a: i32, %b: i32) {
  "foo.br"(%a, %b)[^bb1] : (i32, i32) -> ()
^bb1(%x: i32, %y: i32):
  "foo.use"(%y) : (i32) -> ()
  return
}

// Dead code in regions nested in a multi-block body.
func.func @nested(%c: i1, %c2: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  scf.if %c2 {
    %d = arith.muli %x, %x : i32
    "foo.op"() : () -> ()
  }
  return %x : i32
^bb2:
  return %a : i32
}

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

// Blocks whose internal uses differ in order do not merge.
func.func @internal_order(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "foo.one"() : () -> ()
  cf.cond_br %d, ^bb3, ^bb5
^bb2:
  "foo.two"() : () -> ()
  cf.cond_br %d, ^bb4, ^bb5
^bb3:
  %s = "foo.f"(%a, %b) : (i32, i32) -> i32
  %u = "foo.g"(%s, %a) : (i32, i32) -> i32
  return %u : i32
^bb4:
  %t = "foo.f"(%a, %b) : (i32, i32) -> i32
  %v = "foo.g"(%a, %t) : (i32, i32) -> i32
  return %v : i32
^bb5:
  return %a : i32
}

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

// A value used outside its block keeps the block from merging.
func.func @escaping_value(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  %p = "foo.def"() : () -> i32
  cf.br ^bb2
^bb4:
  %q = "foo.def"() : () -> i32
  cf.br ^bb2
^bb2:
  "foo.use"(%p) : (i32) -> ()
  cf.cond_br %d, ^bb4, ^bb3
^bb3:
  return
}

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

// A loop header fed the same value on entry and on the back edge.
func.func @redundant_loop_arg(%a: i32, %n: i1) -> i32 {
  cf.br ^loop(%a : i32)
^loop(%v: i32):
  "foo.use"(%v) : (i32) -> ()
  cf.cond_br %n, ^loop(%a : i32), ^exit
^exit:
  return %v : i32
}

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

// Unreachable blocks and dead arguments together.
func.func @unreachable_and_dead(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb2(%a, %a : i32, i32), ^bb3
^bb1(%u: i32):
  cf.br ^bb2(%u, %u : i32, i32)
^bb3:
  "foo.op"() : () -> ()
  cf.br ^bb2(%b, %a : i32, i32)
^bb2(%x: i32, %y: i32):
  return %x : i32
}
