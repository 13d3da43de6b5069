// RUN: xopt %s --convert-graph-to-flow | xcheck %s

// An op given its dynamic result dims (index operands) is a dispatch of its
// own whose result dims are those values; inside the kernel the operands
// become the kernel's trailing result-dim arguments, so nothing is captured
// but tensors. The add that reads the broadcast is a dispatch of its own.

func.func @main(%x: tensor<?x?x8xf32>, %m: tensor<1x8xf32>) -> (tensor<?x2x4xf32>, tensor<?x?x8xf32>) {
  %b = graph.dim %x, 0 : tensor<?x?x8xf32>
  %s = graph.dim %x, 1 : tensor<?x?x8xf32>
  %bs = arith.muli %b, %s : index
  %r = graph.reshape %x [%bs] : tensor<?x?x8xf32> -> tensor<?x2x4xf32>
  %e = graph.broadcast %m [%b, %s] dimensions = [1, 2] : tensor<1x8xf32> -> tensor<?x?x8xf32>
  %y = graph.add %e, %x : tensor<?x?x8xf32>
  return %r, %y : tensor<?x2x4xf32>, tensor<?x?x8xf32>
}
// CHECK: func.func @main_dispatch_0(%arg0: tensor<?x?x8xf32>, %arg1: index, %arg2: index, %arg3: index) -> tensor<?x2x4xf32> {
// CHECK-NEXT: graph.reshape %arg0[%arg3] : tensor<?x?x8xf32> -> tensor<?x2x4xf32>
// CHECK: func.func @main_dispatch_1(%arg0: tensor<1x8xf32>, %arg1: index, %arg2: index) -> tensor<?x?x8xf32> {
// CHECK-NEXT: graph.broadcast %arg0[%arg1, %arg2] dimensions = [1, 2] : tensor<1x8xf32> -> tensor<?x?x8xf32>
// CHECK: func.func @main_dispatch_2(
// CHECK-NEXT: graph.add
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %[[B:.+]] = graph.dim %arg0, 0
// CHECK-NEXT: %[[S:.+]] = graph.dim %arg0, 1
// CHECK-NEXT: %[[BS:.+]] = arith.muli %[[B]], %[[S]] : index
// CHECK-NEXT: flow.dispatch @main_dispatch_0::@main_dispatch_0(%arg0) : (tensor<?x?x8xf32>{%[[B]], %[[S]]}) -> tensor<?x2x4xf32>{%[[BS]]}
// CHECK-NEXT: %[[E:.+]] = flow.dispatch @main_dispatch_1::@main_dispatch_1(%arg1) : (tensor<1x8xf32>) -> tensor<?x?x8xf32>{%[[B]], %[[S]]}
