// symbol-dce computes liveness as MLIR's SymbolDCE does: a nested reference
// (@outer_module::@nested_function) keeps every symbol on its path alive, a dead
// private nested module goes with everything in it, and an op that might be an
// unknown symbol table (one region, unregistered) is an error. Output and stderr
// are compared byte for byte with mlir-opt 22.
// REQUIRES: mlir-opt
// RUN: not xopt %s --allow-unregistered-dialect --split-input-file --symbol-dce > %t.x 2> %t.xe
// RUN: not mlir-opt %s --allow-unregistered-dialect --split-input-file --symbol-dce > %t.m 2> %t.me
// RUN: diff %t.m %t.x
// RUN: diff %t.me %t.xe
// RUN: xcheck %s --input-file=%t.x

// CHECK: module @outer_module attributes {sym_visibility = "private"} {
// CHECK-NEXT: func.func private @nested_function() {
// CHECK-NOT: @dead_nested
// CHECK: func.func @public_nested() {
// CHECK-NOT: @dead_module
// CHECK-NOT: @dead_private
// CHECK: func.func private @live_private() {
module {
  func.func @main() {
    "xa.use"() {ref = @outer_module::@nested_function} : () -> ()
    return
  }
  module @outer_module attributes {sym_visibility = "private"} {
    func.func private @nested_function() {
      return
    }
    func.func private @dead_nested() {
      return
    }
    func.func @public_nested() {
      return
    }
  }
  module @dead_module attributes {sym_visibility = "private"} {
    func.func @f() {
      return
    }
  }
  func.func private @dead_private() {
    call @dead_private2() : () -> ()
    return
  }
  func.func private @dead_private2() {
    return
  }
  func.func private @live_private() {
    return
  }
  func.func @root() attributes {ref = @live_private} {
    return
  }
  func.func private @unknown_ref() {
    "xa.use"() {ref = @nope::@x} : () -> ()
    return
  }
}
// -----
module {
  func.func @f() {
    "xa.region"() ({
      "xa.use"() {ref = @p} : () -> ()
    }) : () -> ()
    return
  }
  func.func private @p() {
    return
  }
}
// -----
module {
  func.func private @g() {
    return
  }
  "xa.top"() ({
    "xa.use"() {ref = @g} : () -> ()
  }) : () -> ()
}
