// RUN: xopt %s --graph-decompose --flow-form-dispatch-regions | xcheck %s

// Before grouping, each graph.dim reads the same dim of the earliest value
// holding it (through the ops' dim rules) and moves up to just after that
// value; one op remains per dim read. The decomposed layer norm of a dynamic
// batch then forms the static one's three regions: its splat divisors are
// given dims computed before the reductions' groups, which they join (four
// regions before, a dim read after a group having closed it).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @dynamic(%x: tensor<?x?x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<?x?x8xf32> {
    %0:3 = graph.layer_norm %x, %s, %b axis = 2 epsilon = 1.0e-05 : (tensor<?x?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x1xf32>, tensor<?x?x1xf32>)
    return %0#0 : tensor<?x?x8xf32>
  }
  // Through the exp, each dim read is a dim the reshape is given: that
  // index itself, and no graph.dim remains.
  func.func @given(%x: tensor<?x8xf32>, %a: index, %b: index) -> (tensor<?x?x2xf32>, index, index) {
    %r = graph.reshape %x [%a, %b] : tensor<?x8xf32> -> tensor<?x?x2xf32>
    %e = graph.exp %r : tensor<?x?x2xf32>
    %d1 = graph.dim %e, 1 : tensor<?x?x2xf32>
    %d0 = graph.dim %e, 0 : tensor<?x?x2xf32>
    return %e, %d1, %d0 : tensor<?x?x2xf32>, index, index
  }
  func.func @static(%x: tensor<2x3x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x3x8xf32> {
    %0:3 = graph.layer_norm %x, %s, %b axis = 2 epsilon = 1.0e-05 : (tensor<2x3x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<2x3x8xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
    return %0#0 : tensor<2x3x8xf32>
  }
}

// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT: %[[B:.+]] = graph.dim %arg0, 0 : tensor<?x?x8xf32>
// CHECK-NEXT: %[[S:.+]] = graph.dim %arg0, 1 : tensor<?x?x8xf32>
// CHECK-NOT: graph.dim %{{[0-9]+}}, 
// CHECK: flow.dispatch.region -> (tensor<?x?xf32>{
// CHECK: graph.reduce_sum
// CHECK: graph.broadcast %{{.+}}[%[[B]], %[[S]]]
// CHECK: graph.div
// CHECK: flow.return
// CHECK: flow.dispatch.region -> (tensor<?x?x8xf32>{{.*}}, tensor<?x?xf32>{
// CHECK: graph.sqrt
// CHECK: flow.return
// CHECK: flow.dispatch.region -> (tensor<?x?x8xf32>{
// CHECK: flow.return
// CHECK-NOT: flow.dispatch.region
// CHECK-LABEL: func.func @given(
// CHECK-NOT: graph.dim
// CHECK: flow.dispatch.region -> (tensor<?x?x2xf32>{%arg1, %arg2})
// CHECK: return %{{.+}}, %arg2, %arg1
// CHECK-LABEL: func.func @static(
// CHECK-COUNT-3: flow.dispatch.region
// CHECK-NOT: flow.dispatch.region
