// MLIR 22's scf.if canonicalization: the branch swap of a negated condition
// (IfOp::fold), CombineIfs, CombineNestedIfs, ConditionPropagation,
// ConvertTrivialIfToSelect, RemoveEmptyElseBranch, RemoveStaticCondition,
// ReplaceIfYieldWithConditionOrValue and the RegionBranchOpInterface patterns
// that drop duplicate and unused results, and an unused if of pure ops erased
// as dead. The same output as mlir-opt 22 (checked by
// canonicalize-scf-if-vs-mlir-opt.mlir).
// RUN: xopt %s --split-input-file --canonicalize | xcheck %s

// Negated condition with an else: the branches swap (IfOp::fold).
// CHECK-LABEL: func.func @swap_negated(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = arith.muli %arg1, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @swap_negated(%c: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %r = scf.if %n -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    %y = arith.muli %a, %b : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// No else: nothing to swap; the then branch only sees the condition true.
func.func private @use(i1)
// CHECK-LABEL: func.func @negated_no_else(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: func.call @use(%true) : (i1) -> ()
// CHECK-NEXT: func.call @use(%arg0) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @negated_no_else(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %n {
    func.call @use(%n) : (i1) -> ()
    func.call @use(%c) : (i1) -> ()
  }
  return
}

// -----

// Adjacent ifs on one condition merge; a use of the first if's result in the
// second takes the value yielded by the matching branch.
func.func private @f(i32) -> i32
// CHECK-LABEL: func.func @combine_same(
// CHECK-NEXT: %0:2 = scf.if %arg0 -> (i32, i32) {
// CHECK-NEXT: %1 = func.call @f(%arg1) : (i32) -> i32
// CHECK-NEXT: %2 = func.call @f(%1) : (i32) -> i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %1, %arg1 : i32
// CHECK-NEXT: scf.yield %1, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
func.func @combine_same(%c: i1, %a: i32) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %x = func.call @f(%a) : (i32) -> i32
    scf.yield %x : i32
  } else {
    %y = arith.addi %a, %a : i32
    scf.yield %y : i32
  }
  %1 = scf.if %c -> i32 {
    %z = func.call @f(%0) : (i32) -> i32
    scf.yield %z : i32
  } else {
    %w = arith.muli %0, %a : i32
    scf.yield %w : i32
  }
  return %0, %1 : i32, i32
}

// -----

// Adjacent ifs on a condition and its negation: the second's then branch goes
// into the else branch.
func.func private @g()
func.func private @h()
// CHECK-LABEL: func.func @combine_negated(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: func.call @h() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @combine_negated(%c: i1) {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %c {
    func.call @g() : () -> ()
  }
  scf.if %n {
    func.call @h() : () -> ()
  }
  return
}

// -----

func.func private @g()
func.func private @h()
// CHECK-LABEL: func.func @combine_negated_first(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: func.call @h() : () -> ()
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @combine_negated_first(%c: i1, %a: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  scf.if %n {
    func.call @g() : () -> ()
  }
  %r = scf.if %c -> i32 {
    func.call @h() : () -> ()
    scf.yield %a : i32
  } else {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// Different conditions do not merge.
func.func private @g()
// CHECK-LABEL: func.func @no_combine(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @no_combine(%c: i1, %d: i1) {
  scf.if %c {
    func.call @g() : () -> ()
  }
  scf.if %d {
    func.call @g() : () -> ()
  }
  return
}

// -----

// An if alone in a then block: one if on the conjunction.
func.func private @g()
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @nested(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      func.call @g() : () -> ()
    }
  }
  return
}

// -----

// The outer if yields an outside value: it becomes a select on the outer
// condition.
func.func private @k() -> i32
// CHECK-LABEL: func.func @nested_select(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg3 : i32
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @nested_select(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %a -> i32 {
    scf.if %b {
      %v = func.call @k() : () -> i32
    }
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// The outer if yields the inner if's result, whose else value matches.
func.func private @k() -> i32
// CHECK-LABEL: func.func @nested_forward(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = scf.if %0 -> (i32) {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @nested_forward(%a: i1, %b: i1, %x: i32) -> i32 {
  %r = scf.if %a -> i32 {
    %i = scf.if %b -> i32 {
      %v = func.call @k() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %i : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// The else values differ: no merge.
func.func private @k() -> i32
// CHECK-LABEL: func.func @nested_mismatch(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = scf.if %arg1 -> (i32) {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @nested_mismatch(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.if %a -> i32 {
    %i = scf.if %b -> i32 {
      %v = func.call @k() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %i : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// Uses of the condition inside the branches become constants, at any depth.
func.func private @use(i1)
// CHECK-LABEL: func.func @propagate(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @use(%true) : (i1) -> ()
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: func.call @use(%true) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: func.call @use(%false) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: call @use(%arg0) : (i1) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @propagate(%c: i1, %d: i1) {
  scf.if %c {
    func.call @use(%c) : (i1) -> ()
    scf.if %d {
      func.call @use(%c) : (i1) -> ()
    }
  } else {
    func.call @use(%c) : (i1) -> ()
  }
  func.call @use(%c) : (i1) -> ()
  return
}

// -----

// Yields of outside values become selects; a value yielded by both branches is
// used directly; a value made in a branch keeps the if.
func.func private @k() -> i32
// CHECK-LABEL: func.func @to_select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %1, %arg2, %arg1 : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @to_select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, i32) {
  %r:4 = scf.if %c -> (i32, i32, i32, i32) {
    %v = func.call @k() : () -> i32
    scf.yield %x, %v, %y, %x : i32, i32, i32, i32
  } else {
    scf.yield %y, %x, %y, %x : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @to_select_float(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : f32
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
func.func @to_select_float(%c: i1, %x: f32, %y: f32) -> f32 {
  %r = scf.if %c -> f32 {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  return %r : f32
}

// -----

// An else block that only yields goes; the attributes stay.
func.func private @g()
// CHECK-LABEL: func.func @empty_else(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: } {some.attr = 3 : i32}
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @empty_else(%c: i1) {
  scf.if %c {
    func.call @g() : () -> ()
  } else {
  } {some.attr = 3 : i32}
  return
}

// -----

// Constant conditions inline the taken branch.
func.func private @k() -> i32
func.func private @g()
// CHECK-LABEL: func.func @static(
// CHECK-NEXT: %0 = call @k() : () -> i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: call @g() : () -> ()
// CHECK-NEXT: return %0, %1 : i32, i32
// CHECK-NEXT: }
func.func @static(%x: i32) -> (i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = scf.if %t -> i32 {
    %v = func.call @k() : () -> i32
    scf.yield %v : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.if %f -> i32 {
    %v = func.call @k() : () -> i32
    scf.yield %v : i32
  } else {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }
  scf.if %f {
    func.call @g() : () -> ()
  }
  scf.if %t {
    func.call @g() : () -> ()
  }
  return %0, %1 : i32, i32
}

// -----

// Unused results are dropped.
func.func private @k() -> i32
// CHECK-LABEL: func.func @unused(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = func.call @k() : () -> i32
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @unused(%c: i1, %x: i32) -> i32 {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %v = func.call @k() : () -> i32
    %w = func.call @k() : () -> i32
    scf.yield %v, %w, %x : i32, i32, i32
  } else {
    %v = func.call @k() : () -> i32
    scf.yield %x, %v, %v : i32, i32, i32
  }
  return %r#1 : i32
}

// -----

// Results that are the condition or its negation, or one value in both
// branches.
func.func private @k() -> i32
// CHECK-LABEL: func.func @yield_condition(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1, %arg0, %0, %arg1, %true : i32, i1, i1, i64, i1
// CHECK-NEXT: }
func.func @yield_condition(%c: i1, %x: i64) -> (i32, i1, i1, i64, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %r:5 = scf.if %c -> (i32, i1, i1, i64, i1) {
    %v = func.call @k() : () -> i32
    scf.yield %v, %t, %f, %x, %t : i32, i1, i1, i64, i1
  } else {
    %v = func.call @k() : () -> i32
    scf.yield %v, %f, %t, %x, %t : i32, i1, i1, i64, i1
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, i1, i1, i64, i1
}

// -----

// An if of pure ops without used results is dead; one with a call is not.
func.func private @g()
// CHECK-LABEL: func.func @dead(
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @g() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead(%c: i1, %x: i32) {
  %r = scf.if %c -> i32 {
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  scf.if %c {
    scf.if %c {
      %s = arith.muli %x, %x : i32
    }
  }
  scf.if %c {
    func.call @g() : () -> ()
  }
  return
}

// -----

// Several patterns in a row: a negated condition, a nested if and constant
// propagation.
func.func private @use(i1)
func.func private @k() -> i32
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: %1 = scf.if %0 -> (i32) {
// CHECK-NEXT: func.call @use(%arg0) : (i1) -> ()
// CHECK-NEXT: %3 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.select %arg0, %1, %arg2 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func @chain(%a: i1, %b: i1, %x: i32) -> i32 {
  %t = arith.constant true
  %na = arith.xori %a, %t : i1
  %r = scf.if %na -> i32 {
    scf.yield %x : i32
  } else {
    %i = scf.if %b -> i32 {
      func.call @use(%a) : (i1) -> ()
      %v = func.call @k() : () -> i32
      scf.yield %v : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %i : i32
  }
  %r2 = scf.if %a -> i32 {
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  return %r2 : i32
}

// -----

// Locations: the new ops take the if's.
// CHECK-LABEL: func.func @locs(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.xori %arg0, %true : i1
// CHECK-NEXT: return %0, %1 : i32, i1
// CHECK-NEXT: }
func.func @locs(%c: i1, %x: i32, %y: i32) -> (i32, i1) {
  %t = arith.constant true loc("t")
  %f = arith.constant false loc("f")
  %r:2 = scf.if %c -> (i32, i1) {
    scf.yield %x, %f : i32, i1
  } else {
    scf.yield %y, %t : i32, i1
  } loc("if")
  return %r#0, %r#1 : i32, i1
}

// -----

// A result whose yields match an earlier result's in both branches is that
// result; unused results then go (the attributes stay).
func.func private @k() -> i32
// CHECK-LABEL: func.func @duplicate_results(
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: %1 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = func.call @k() : () -> i32
// CHECK-NEXT: %2 = func.call @k() : () -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } {keep = "me"}
// CHECK-NEXT: return %0, %0 : i32, i32
// CHECK-NEXT: }
func.func @duplicate_results(%c: i1) -> (i32, i32) {
  %r:3 = scf.if %c -> (i32, i32, i32) {
    %v = func.call @k() : () -> i32
    scf.yield %v, %v, %v : i32, i32, i32
  } else {
    %w = func.call @k() : () -> i32
    %u = func.call @k() : () -> i32
    scf.yield %w, %u, %w : i32, i32, i32
  } {keep = "me"}
  return %r#0, %r#2 : i32, i32
}

// -----

// Results go once their last use (inside a later if) is gone.
func.func private @use(i1)
func.func private @vi() -> i32
// CHECK-LABEL: func.func @late_unused(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: %0 = func.call @vi() : () -> i32
// CHECK-NEXT: }
// CHECK-NEXT: func.call @use(%true) : (i1) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %arg3, %arg0 : i32, i1
// CHECK-NEXT: }
func.func @late_unused(%c: i1, %d: i1, %a: i32, %b: i32) -> (i32, i1) {
  %v1, %v2 = scf.if %c -> (i1, i32) {
    %v3 = scf.if %d -> (i32) {
      %v4 = func.call @vi() : () -> i32
      scf.yield %a : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %c, %b : i1, i32
  } else {
    %v21 = arith.andi %a, %b : i32
    scf.yield %d, %v21 : i1, i32
  }
  %v22 = arith.constant true
  %v23 = arith.xori %c, %v22 : i1
  %v24 = scf.if %v23 -> (i32) {
    scf.yield %a : i32
  } else {
    func.call @use(%c) : (i1) -> ()
    %v25 = arith.addi %v2, %v2 : i32
    scf.yield %v25 : i32
  }
  %v26, %v27 = scf.if %d -> (i1, i32) {
    scf.yield %c, %v2 : i1, i32
  } else {
    %v83 = arith.addi %b, %v24 : i32
    scf.yield %c, %a : i1, i32
  }
  return %b, %c : i32, i1
}
