// cmpi/cmpf on a tensor with an encoding: the result is i1 of the same shape and
// the same encoding (MLIR's getI1SameShape keeps it); a result without it fails
// to verify, as in mlir-opt 22.
// RUN: not xopt %s --split-input-file 2> %t.err | xcheck %s
// RUN: xcheck %s --check-prefix=ERR --input-file=%t.err

// CHECK-LABEL: func.func @f(%arg0: tensor<2xi32, "enc">, %arg1: tensor<2xf32, "enc">) -> (tensor<2xi1, "enc">, tensor<2xi1, "enc">) {
// CHECK-NEXT:    %0 = arith.cmpi eq, %arg0, %arg0 : tensor<2xi32, "enc">
// CHECK-NEXT:    %1 = arith.cmpf olt, %arg1, %arg1 : tensor<2xf32, "enc">
func.func @f(%a: tensor<2xi32, "enc">, %b: tensor<2xf32, "enc">) -> (tensor<2xi1, "enc">, tensor<2xi1, "enc">) {
  %0 = arith.cmpi eq, %a, %a : tensor<2xi32, "enc">
  %1 = arith.cmpf olt, %b, %b : tensor<2xf32, "enc">
  return %0, %1 : tensor<2xi1, "enc">, tensor<2xi1, "enc">
}

// -----

// ERR: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands
func.func @g(%a: tensor<2xi32, "enc">) -> tensor<2xi1> {
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (tensor<2xi32, "enc">, tensor<2xi32, "enc">) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
