// The cf ops' canonicalization patterns and folds, against mlir-opt 22, in
// both traversal orders and with locations (constants the folder moves or
// merges lose theirs, as in MLIR).
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --canonicalize --mlir-print-op-generic > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x

// A chain of branches into single-predecessor blocks collapses into one block.
func.func @chain(%a: i64) -> i64 {
  %c = arith.constant 5 : i64
  cf.br ^bb1(%a, %c : i64, i64)
^bb1(%x: i64, %y: i64):
  %s = arith.addi %x, %y : i64
  cf.br ^bb2(%s : i64)
^bb2(%z: i64):
  return %z : i64
}

// Pass-through blocks with remapped arguments are skipped; a block with other
// ops is not.
func.func @pass_through(%a: i8, %b: i8, %c: i1) -> i8 {
  "x.pred"() [^bb1, ^bb2, ^bb3, ^bb4] : () -> ()
^bb1:
  cf.br ^bb2(%b : i8)
^bb2(%p: i8):
  cf.br ^bb4(%p : i8)
^bb3:
  "x.effect"() : () -> ()
  cf.br ^bb4(%a : i8)
^bb4(%r: i8):
  return %r : i8
}

// Constant conditions, in both senses, and through an i1 splat-free constant.
func.func @const_cond(%a: i32) -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  "x.pred"() [^bb1, ^bb2, ^bb3, ^bb4] : () -> ()
^bb1:
  cf.cond_br %t, ^bb3(%a : i32), ^bb4
^bb2:
  cf.cond_br %f, ^bb3(%a : i32), ^bb4
^bb3(%x: i32):
  return %x : i32
^bb4:
  %z = arith.constant 0 : i32
  return %z : i32
}

// Identical successors: same operands give a branch; differing ones a select
// when this block is the only predecessor, and nothing otherwise.
func.func @identical(%c: i1, %a: f32, %b: f32) -> f32 {
  "x.pred"() [^bb1, ^bb2, ^bb4] : () -> ()
^bb1:
  cf.cond_br %c, ^bb3(%a, %b : f32, f32), ^bb3(%b, %b : f32, f32)
^bb2:
  cf.cond_br %c, ^bb4(%a : f32), ^bb4(%b : f32)
^bb3(%x: f32, %y: f32):
  %s = arith.addf %x, %y : f32
  return %s : f32
^bb4(%w: f32):
  return %w : f32
}

// Weights survive a pass-through rewrite; a branch on the condition the
// single predecessor branched on is decided.
func.func @weights_and_same_condition(%c: i1, %a: i16, %b: i16) -> i16 {
  cf.cond_br %c weights([3, 97]), ^bb1, ^bb2
^bb1:
  "x.effect"() : () -> ()
  cf.cond_br %c, ^bb3, ^bb4
^bb2:
  cf.br ^bb4
^bb3:
  return %a : i16
^bb4:
  return %b : i16
}

// The condition is known in successors entered only from here.
func.func @truth(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "x.use"(%c) : (i1) -> ()
  "x.use"(%c) : (i1) -> ()
  cf.br ^bb3
^bb2:
  "x.use"(%c) : (i1) -> ()
  cf.br ^bb3
^bb3:
  return
}

// Switches: only a default, cases equal to the default dropped, a constant
// flag with and without a match, pass-through cases.
func.func @switches(%f: i32, %a: f32, %b: f32) {
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  "x.pred"() [^bb1, ^bb2, ^bb3, ^bb4, ^bb5, ^bb6, ^bb7] : () -> ()
^bb1:
  cf.switch %f : i32, [default: ^bb6(%a : f32)]
^bb2:
  cf.switch %f : i32, [
    default: ^bb6(%a : f32),
    1: ^bb6(%a : f32),
    2: ^bb7(%b : f32),
    3: ^bb6(%b : f32)
  ]
^bb3:
  cf.switch %c7 : i32, [default: ^bb6(%a : f32), 7: ^bb7(%b : f32)]
^bb4:
  cf.switch %c8 : i32, [default: ^bb6(%a : f32), 7: ^bb7(%b : f32)]
^bb5:
  cf.switch %f : i32, [default: ^bb8(%a : f32), -4: ^bb8(%b : f32), 9: ^bb7(%a : f32)]
^bb6(%x: f32):
  "x.end"(%x) : (f32) -> ()
^bb7(%y: f32):
  "x.end"(%y) : (f32) -> ()
^bb8(%z: f32):
  cf.br ^bb6(%z : f32)
}

// A switch on the flag its single predecessor switched on: from a case it is
// decided, from the default the cases the predecessor took are dropped.
func.func @nested_switch(%f: i8, %a: i1) {
  "x.pred"() [^bb1, ^bb4, ^bb5, ^bb6] : () -> ()
^bb1:
  cf.switch %f : i8, [default: ^bb2, 1: ^bb3, 2: ^bb4]
^bb2:
  "x.effect"() : () -> ()
  cf.switch %f : i8, [default: ^bb4, 1: ^bb5, 2: ^bb6, 3: ^bb6]
^bb3:
  "x.effect"() : () -> ()
  cf.switch %f : i8, [default: ^bb4, 1: ^bb5, 2: ^bb6]
^bb4:
  "x.end"() : () -> ()
^bb5:
  "x.end"() : () -> ()
^bb6:
  "x.end"() : () -> ()
}

// Cycles of branches are left as self-loops, never collapsed forever.
func.func @cycles(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb4
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb1
^bb4:
  cf.br ^bb4
}

// -----

// An assert on a constant true goes; one on anything else stays.
func.func @asserts(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  cf.assert %t, "gone"
  cf.assert %f, "kept"
  cf.assert %c, "kept too"
  return
}
