// An unknown op of an open dialect (xopt's `test`, as mlir-opt's) has no
// definition, so it may end a block as unregistered ops may.
// RUN: xopt %s | xcheck %s

// CHECK-LABEL: func.func @f() {
// CHECK-NEXT:    "test.no_such_op"() : () -> ()
// CHECK-NEXT:  }
func.func @f() {
  "test.no_such_op"() : () -> ()
}
