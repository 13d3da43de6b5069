// RUN: xopt %s --convert-graph-to-flow | xcheck %s

// An op given its dynamic result dims (index operands) fuses as any op of
// its kind; the index values it reads are captured like tensors (arguments
// of the kernel in capture order, before the trailing dim arguments), and the
// region's result dims are those values. The broadcast joins the add that
// reads it.

func.func @main(%x: tensor<?x?x8xf32>, %m: tensor<1x8xf32>) -> (tensor<?x2x4xf32>, tensor<?x?x8xf32>) {
  %b = graph.dim %x, 0 : tensor<?x?x8xf32>
  %s = graph.dim %x, 1 : tensor<?x?x8xf32>
  %bs = arith.muli %b, %s : index
  %r = graph.reshape %x [%bs] : tensor<?x?x8xf32> -> tensor<?x2x4xf32>
  %e = graph.broadcast %m [%b, %s] dimensions = [1, 2] : tensor<1x8xf32> -> tensor<?x?x8xf32>
  %y = graph.add %e, %x : tensor<?x?x8xf32>
  return %r, %y : tensor<?x2x4xf32>, tensor<?x?x8xf32>
}
// CHECK: func.func @main_dispatch_0(%arg0: tensor<?x?x8xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> tensor<?x2x4xf32> {
// CHECK-NEXT: graph.reshape %arg0[%arg1] : tensor<?x?x8xf32> -> tensor<?x2x4xf32>
// CHECK: func.func @main_dispatch_1(%arg0: tensor<1x8xf32>, %arg1: index, %arg2: index, %arg3: tensor<?x?x8xf32>, %arg4: index, %arg5: index, %arg6: index, %arg7: index) -> tensor<?x?x8xf32> {
// CHECK-NEXT: %[[E:.+]] = graph.broadcast %arg0[%arg1, %arg2] dimensions = [1, 2] : tensor<1x8xf32> -> tensor<?x?x8xf32>
// CHECK-NEXT: graph.add %[[E]], %arg3 : tensor<?x?x8xf32>
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %[[B:.+]] = graph.dim %arg0, 0
// CHECK-NEXT: %[[S:.+]] = graph.dim %arg0, 1
// CHECK-NEXT: %[[BS:.+]] = arith.muli %[[B]], %[[S]] : index
// CHECK-NEXT: flow.dispatch @main_dispatch_0::@main_dispatch_0(%arg0, %[[BS]]) : (tensor<?x?x8xf32>{%[[B]], %[[S]]}, index) -> tensor<?x2x4xf32>{%[[BS]]}
// CHECK: flow.dispatch @main_dispatch_1::@main_dispatch_1(%arg1, %[[B]], %[[S]], %arg0) : (tensor<1x8xf32>, index, index, tensor<?x?x8xf32>{%{{.+}}, %{{.+}}}) -> tensor<?x?x8xf32>{%[[B]], %[[S]]}
