// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// graph.scatter's custom and generic forms: data, 1-d indices (i32 or i64),
// updates of shape indices + data[1:], property `reduction` (none, add, mul,
// max, min: a bare keyword in the custom form); the result has the data's type.

func.func @ops(%d: tensor<10x4xf32>, %i: tensor<3xi64>, %u: tensor<3x4xf32>, %j: tensor<?xi32>, %v: tensor<?xi1>, %w: tensor<?xi1>, %x: tensor<?x2xi64>, %y: tensor<?x2xi64>) {
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  %1 = graph.scatter %d, %i, %u reduction = add {tag} : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  %2 = graph.scatter %v, %j, %w reduction = none : (tensor<?xi1>, tensor<?xi32>, tensor<?xi1>) -> tensor<?xi1>
  %3 = graph.scatter %x, %j, %y reduction = max : (tensor<?x2xi64>, tensor<?xi32>, tensor<?x2xi64>) -> tensor<?x2xi64>
  %4 = graph.scatter %d, %i, %u reduction = mul : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  %5 = graph.scatter %d, %i, %u reduction = min : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return
}
// CHECK-LABEL: func.func @ops
// CHECK:      %0 = graph.scatter %arg0, %arg1, %arg2 reduction = none : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
// CHECK-NEXT: %1 = graph.scatter %arg0, %arg1, %arg2 reduction = add {tag} : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
// CHECK-NEXT: %2 = graph.scatter %arg4, %arg3, %arg5 reduction = none : (tensor<?xi1>, tensor<?xi32>, tensor<?xi1>) -> tensor<?xi1>
// CHECK-NEXT: %3 = graph.scatter %arg6, %arg3, %arg7 reduction = max : (tensor<?x2xi64>, tensor<?xi32>, tensor<?x2xi64>) -> tensor<?x2xi64>
// CHECK-NEXT: %4 = graph.scatter %arg0, %arg1, %arg2 reduction = mul : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
// CHECK-NEXT: %5 = graph.scatter %arg0, %arg1, %arg2 reduction = min : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>

// GEN: %0 = "graph.scatter"(%arg0, %arg1, %arg2) <{reduction = "none"}> : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
// GEN: %1 = "graph.scatter"(%arg0, %arg1, %arg2) <{reduction = "add"}> {tag} : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
// GEN: %2 = "graph.scatter"(%arg4, %arg3, %arg5) <{reduction = "none"}> : (tensor<?xi1>, tensor<?xi32>, tensor<?xi1>) -> tensor<?xi1>
// GEN: %3 = "graph.scatter"(%arg6, %arg3, %arg7) <{reduction = "max"}> : (tensor<?x2xi64>, tensor<?xi32>, tensor<?x2xi64>) -> tensor<?x2xi64>
