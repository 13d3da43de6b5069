// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt | xcheck %s

// Dynamic dims as values after the types they belong to (IREE's shape-aware
// form): dispatch arguments and results, dispatch region results; static
// tensors and scalars carry none. Generic form: the operand segments
// arguments, argument_dims, result_dims of flow.dispatch; the region's dims
// are its operands. The kernel takes the arguments, then an index per
// dynamic dim of the arguments, then of the results.

module attributes {device.targets = {cpu = #device.alias<"local">}} {
  device.global @cpu = #device.alias<"local">
  flow.executable private @dyn {
    flow.executable.export @k
    module {
      func.func @k(%a: tensor<?x?xf32>, %b: tensor<4xf32>, %n: index, %a0: index, %a1: index, %r0: index, %r1: index) -> (tensor<?x?xf32>, tensor<4xf32>) {
        return %a, %b : tensor<?x?xf32>, tensor<4xf32>
      }
    }
  }
  func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<4xf32>, %m: index, %n: index) -> tensor<?x?xf32> {
    %0:2 = flow.dispatch @dyn::@k(%a, %b, %n) on(#device.affinity<@cpu>) : (tensor<?x?xf32>{%m, %n}, tensor<4xf32>, index) -> (tensor<?x?xf32>{%n, %m}, tensor<4xf32>)
    %1 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<?x?xf32>{%m, %n}) {
      %e = graph.exp %a : tensor<?x?xf32>
      flow.return %e : tensor<?x?xf32>
    }
    return %0#0 : tensor<?x?xf32>
  }
}

// CHECK-LABEL: func.func @dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<4xf32>, %arg2: index, %arg3: index) -> tensor<?x?xf32> {
// CHECK: %0:2 = flow.dispatch @dyn::@k(%arg0, %arg1, %arg3) on(#device.affinity<@cpu>) : (tensor<?x?xf32>{%arg2, %arg3}, tensor<4xf32>, index) -> (tensor<?x?xf32>{%arg3, %arg2}, tensor<4xf32>)
// CHECK: %1 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<?x?xf32>{%arg2, %arg3}) {
// CHECK: %2 = graph.exp %arg0 : tensor<?x?xf32>
// CHECK: flow.return %2 : tensor<?x?xf32>

// GEN: %[[D:.+]]:2 = "flow.dispatch"(%[[A:.+]], %[[B:.+]], %[[N:.+]], %[[M:.+]], %[[N]], %[[N]], %[[M]]) <{affinity = #device.affinity<@cpu>, entry_point = @dyn::@k, operandSegmentSizes = array<i32: 3, 2, 2>}> : (tensor<?x?xf32>, tensor<4xf32>, index, index, index, index, index) -> (tensor<?x?xf32>, tensor<4xf32>)
// GEN: "flow.dispatch.region"(%[[M]], %[[N]]) <{affinity = #device.affinity<@cpu>}> ({
// GEN: }) : (index, index) -> tensor<?x?xf32>
