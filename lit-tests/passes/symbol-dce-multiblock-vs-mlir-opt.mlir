// symbol-dce on multi-block functions, as MLIR 22's: references from any
// block (calls, func.constant, attributes) keep symbols alive, a dead
// function's references keep nothing, nested tables are walked the same way.
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect --split-input-file --symbol-dce > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce > %t.m
// RUN: diff %t.m %t.x

func.func private @used_in_bb2()
func.func private @used_by_constant() -> i32
func.func private @only_from_dead(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}
func.func private @dead(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  call @only_from_dead(%c) : (i1) -> ()
  return
^bb2:
  return
}
func.func @live(%c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %f = constant @used_by_constant : () -> i32
  %r = call_indirect %f() : () -> i32
  cf.br ^bb3(%r : i32)
^bb2:
  call @used_in_bb2() : () -> ()
  %z = arith.constant 0 : i32
  cf.br ^bb3(%z : i32)
^bb3(%v: i32):
  return %v : i32
}
// -----
module {
  module @inner attributes {sym_visibility = "private"} {
    func.func nested @n(%c: i1) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      return
    ^bb2:
      call @m() : () -> ()
      return
    }
    func.func nested @m()
    func.func nested @gone()
  }
  func.func @user(%c: i1) {
    cf.br ^bb1
  ^bb1:
    "live.user"() {uses = [@inner::@n]} : () -> ()
    return
  }
}
