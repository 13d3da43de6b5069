// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of every graph op: the custom form printed,
// re-parsed and printed in either form gives the same text. Operand and
// property names of the generic form are fixed by docs/architecture.md §3.

func.func @elementwise(%a: tensor<4x?xf32>, %b: tensor<4x?xf32>, %i: tensor<3xi64>, %h: tensor<2xf16>) -> tensor<4x?xf32> {
  %0 = graph.add %a, %b : tensor<4x?xf32>
  %1 = graph.sub %0, %b : tensor<4x?xf32>
  %2 = graph.mul %1, %b : tensor<4x?xf32>
  %3 = graph.div %2, %b : tensor<4x?xf32>
  %4 = graph.max %3, %b {tag = "x"} : tensor<4x?xf32>
  %5 = graph.neg %4 : tensor<4x?xf32>
  %6 = graph.exp %5 : tensor<4x?xf32>
  %7 = graph.tanh %6 : tensor<4x?xf32>
  %8 = graph.relu %7 : tensor<4x?xf32>
  %9 = graph.add %i, %i : tensor<3xi64>
  %10 = graph.neg %h : tensor<2xf16>
  return %8 : tensor<4x?xf32>
}
func.func @shapes(%x: tensor<2x4x8xf32>, %w: tensor<2x8x3xf32>, %d: tensor<?x8xi32>, %e: tensor<5x8xi32>) {
  %0 = graph.matmul %x, %w : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
  %1 = graph.transpose %0 permutation = [2, 0, 1] : tensor<2x4x3xf32> -> tensor<3x2x4xf32>
  %2 = graph.reshape %1 : tensor<3x2x4xf32> -> tensor<6x4xf32>
  %3 = graph.reshape %d : tensor<?x8xi32> -> tensor<?xi32>
  %4 = graph.broadcast %2 dimensions = [0, 2] : tensor<6x4xf32> -> tensor<6x5x4xf32>
  %5 = graph.reduce_sum %4 axes = [1] : tensor<6x5x4xf32> -> tensor<6x4xf32>
  %6 = graph.reduce_max %4 axes = [0, 2] : tensor<6x5x4xf32> -> tensor<5xf32>
  %7 = graph.concat %d, %e axis = 0 : (tensor<?x8xi32>, tensor<5x8xi32>) -> tensor<?x8xi32>
  %8 = graph.concat %e, %e axis = 1 : (tensor<5x8xi32>, tensor<5x8xi32>) -> tensor<5x16xi32>
  %9 = graph.slice %e start = [1, 0] strides = [2, 4] : tensor<5x8xi32> -> tensor<2x2xi32>
  %10 = graph.dim %d, 0 : tensor<?x8xi32>
  %11 = graph.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %12 = graph.constant {tag} dense<7> : tensor<2x2xi32>
  return
}
func.func @control(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.if %c -> (tensor<4xf32>) {
    %n = graph.neg %x : tensor<4xf32>
    graph.yield %n : tensor<4xf32>
  } else {
    graph.yield %x : tensor<4xf32>
  }
  graph.if %c {
    graph.yield
  }
  return %0 : tensor<4xf32>
}
func.func @placement(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.on_device %x on #device.affinity<@gpu> : tensor<4xf32>
  %1 = graph.transfer %0 to #device.affinity<@cpu> : tensor<4xf32>
  %2 = graph.transfer %1 from #device.affinity<@cpu> to #device.affinity<@gpu, queues = [1], memory = "shared"> : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// CHECK: module {
// CHECK-NEXT: func.func @elementwise(%arg0: tensor<4x?xf32>, %arg1: tensor<4x?xf32>, %arg2: tensor<3xi64>, %arg3: tensor<2xf16>) -> tensor<4x?xf32> {
// CHECK-NEXT: %0 = graph.add %arg0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %1 = graph.sub %0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %2 = graph.mul %1, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %3 = graph.div %2, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %4 = graph.max %3, %arg1 {tag = "x"} : tensor<4x?xf32>
// CHECK-NEXT: %5 = graph.neg %4 : tensor<4x?xf32>
// CHECK-NEXT: %6 = graph.exp %5 : tensor<4x?xf32>
// CHECK-NEXT: %7 = graph.tanh %6 : tensor<4x?xf32>
// CHECK-NEXT: %8 = graph.relu %7 : tensor<4x?xf32>
// CHECK-NEXT: %9 = graph.add %arg2, %arg2 : tensor<3xi64>
// CHECK-NEXT: %10 = graph.neg %arg3 : tensor<2xf16>
// CHECK-NEXT: return %8 : tensor<4x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @shapes(%arg0: tensor<2x4x8xf32>, %arg1: tensor<2x8x3xf32>, %arg2: tensor<?x8xi32>, %arg3: tensor<5x8xi32>) {
// CHECK-NEXT: %0 = graph.matmul %arg0, %arg1 : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT: %1 = graph.transpose %0 permutation = [2, 0, 1] : tensor<2x4x3xf32> -> tensor<3x2x4xf32>
// CHECK-NEXT: %2 = graph.reshape %1 : tensor<3x2x4xf32> -> tensor<6x4xf32>
// CHECK-NEXT: %3 = graph.reshape %arg2 : tensor<?x8xi32> -> tensor<?xi32>
// CHECK-NEXT: %4 = graph.broadcast %2 dimensions = [0, 2] : tensor<6x4xf32> -> tensor<6x5x4xf32>
// CHECK-NEXT: %5 = graph.reduce_sum %4 axes = [1] : tensor<6x5x4xf32> -> tensor<6x4xf32>
// CHECK-NEXT: %6 = graph.reduce_max %4 axes = [0, 2] : tensor<6x5x4xf32> -> tensor<5xf32>
// CHECK-NEXT: %7 = graph.concat %arg2, %arg3 axis = 0 : (tensor<?x8xi32>, tensor<5x8xi32>) -> tensor<?x8xi32>
// CHECK-NEXT: %8 = graph.concat %arg3, %arg3 axis = 1 : (tensor<5x8xi32>, tensor<5x8xi32>) -> tensor<5x16xi32>
// CHECK-NEXT: %9 = graph.slice %arg3 start = [1, 0] strides = [2, 4] : tensor<5x8xi32> -> tensor<2x2xi32>
// CHECK-NEXT: %10 = graph.dim %arg2, 0 : tensor<?x8xi32>
// CHECK-NEXT: %11 = graph.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK-NEXT: %12 = graph.constant {tag} dense<7> : tensor<2x2xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @control(%arg0: i1, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = graph.if %arg0 -> (tensor<4xf32>) {
// CHECK-NEXT: %1 = graph.neg %arg1 : tensor<4xf32>
// CHECK-NEXT: graph.yield %1 : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: graph.yield %arg1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: graph.if %arg0 {
// CHECK-NEXT: graph.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @placement(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = graph.on_device %arg0 on #device.affinity<@gpu> : tensor<4xf32>
// CHECK-NEXT: %1 = graph.transfer %0 to #device.affinity<@cpu> : tensor<4xf32>
// CHECK-NEXT: %2 = graph.transfer %1 from #device.affinity<@cpu> to #device.affinity<@gpu, queues = [1], memory = "shared"> : tensor<4xf32>
// CHECK-NEXT: return %2 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GEN: %{{[a-z0-9]+}} = "graph.add"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.sub"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.mul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.div"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.max"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {tag = "x"} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.neg"(%{{[a-z0-9]+}}) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.exp"(%{{[a-z0-9]+}}) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.tanh"(%{{[a-z0-9]+}}) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.relu"(%{{[a-z0-9]+}}) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %{{[a-z0-9]+}} = "graph.add"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// GEN: %{{[a-z0-9]+}} = "graph.neg"(%{{[a-z0-9]+}}) : (tensor<2xf16>) -> tensor<2xf16>
// GEN: %{{[a-z0-9]+}} = "graph.matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x4x8xf32>, tensor<2x8x3xf32>) -> tensor<2x4x3xf32>
// GEN: %{{[a-z0-9]+}} = "graph.transpose"(%{{[a-z0-9]+}}) <{permutation = array<i64: 2, 0, 1>}> : (tensor<2x4x3xf32>) -> tensor<3x2x4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<?x8xi32>) -> tensor<?xi32>
// GEN: %{{[a-z0-9]+}} = "graph.broadcast"(%{{[a-z0-9]+}}) <{dimensions = array<i64: 0, 2>}> : (tensor<6x4xf32>) -> tensor<6x5x4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.reduce_sum"(%{{[a-z0-9]+}}) <{axes = array<i64: 1>}> : (tensor<6x5x4xf32>) -> tensor<6x4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.reduce_max"(%{{[a-z0-9]+}}) <{axes = array<i64: 0, 2>}> : (tensor<6x5x4xf32>) -> tensor<5xf32>
// GEN: %{{[a-z0-9]+}} = "graph.concat"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) <{axis = 0 : i64}> : (tensor<?x8xi32>, tensor<5x8xi32>) -> tensor<?x8xi32>
// GEN: %{{[a-z0-9]+}} = "graph.concat"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) <{axis = 1 : i64}> : (tensor<5x8xi32>, tensor<5x8xi32>) -> tensor<5x16xi32>
// GEN: %{{[a-z0-9]+}} = "graph.slice"(%{{[a-z0-9]+}}) <{start = array<i64: 1, 0>, strides = array<i64: 2, 4>}> : (tensor<5x8xi32>) -> tensor<2x2xi32>
// GEN: %{{[a-z0-9]+}} = "graph.dim"(%{{[a-z0-9]+}}) <{index = 0 : i64}> : (tensor<?x8xi32>) -> index
// GEN: %{{[a-z0-9]+}} = "graph.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>}> : () -> tensor<2xf64>
// GEN: %{{[a-z0-9]+}} = "graph.constant"() <{value = dense<7> : tensor<2x2xi32>}> {tag} : () -> tensor<2x2xi32>
// GEN: %{{[a-z0-9]+}} = "graph.if"(%{{[a-z0-9]+}}) ({
// GEN: %{{[a-z0-9]+}} = "graph.neg"(%{{[a-z0-9]+}}) : (tensor<4xf32>) -> tensor<4xf32>
// GEN: "graph.yield"(%{{[a-z0-9]+}}) : (tensor<4xf32>) -> ()
// GEN: "graph.yield"(%{{[a-z0-9]+}}) : (tensor<4xf32>) -> ()
// GEN: "graph.if"(%{{[a-z0-9]+}}) ({
// GEN: "graph.yield"() : () -> ()
// GEN: %{{[a-z0-9]+}} = "graph.on_device"(%{{[a-z0-9]+}}) <{affinity = #device.affinity<@gpu>}> : (tensor<4xf32>) -> tensor<4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.transfer"(%{{[a-z0-9]+}}) <{target = #device.affinity<@cpu>}> : (tensor<4xf32>) -> tensor<4xf32>
// GEN: %{{[a-z0-9]+}} = "graph.transfer"(%{{[a-z0-9]+}}) <{source = #device.affinity<@cpu>, target = #device.affinity<@gpu, queues = [1], memory = "shared">}> : (tensor<4xf32>) -> tensor<4xf32>
