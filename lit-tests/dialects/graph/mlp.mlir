// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// A frontend-style program: a two-layer MLP in the graph dialect with device
// attributes (module targets, pinned arguments/results, on_device, transfers)
// round-trips through xopt in both forms.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan"[0]>, #device.alias<"local">]>}, device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>} {
  func.func @mlp(%x: tensor<?x784xf32> {device.affinity = #device.affinity<@cpu>}, %w1: tensor<784x128xf32>, %b1: tensor<128xf32>, %w2: tensor<128x10xf32>, %b2: tensor<10xf32>) -> (tensor<?x10xf32> {device.affinity = #device.affinity<@cpu>}) {
    %xg = graph.transfer %x to #device.affinity<@gpu> : tensor<?x784xf32>
    %h = graph.matmul %xg, %w1 : (tensor<?x784xf32>, tensor<784x128xf32>) -> tensor<?x128xf32>
    %n = graph.dim %xg, 0 : tensor<?x784xf32>
    %bb = graph.broadcast %b1 dimensions = [1] : tensor<128xf32> -> tensor<?x128xf32>
    %h1 = graph.add %h, %bb : tensor<?x128xf32>
    %a = graph.relu %h1 : tensor<?x128xf32>
    %a2 = graph.on_device %a on #device.affinity<@gpu, queues = [0]> : tensor<?x128xf32>
    %o = graph.matmul %a2, %w2 : (tensor<?x128xf32>, tensor<128x10xf32>) -> tensor<?x10xf32>
    %bo = graph.broadcast %b2 dimensions = [1] : tensor<10xf32> -> tensor<?x10xf32>
    %o1 = graph.add %o, %bo : tensor<?x10xf32>
    %m = graph.reduce_max %o1 axes = [1] : tensor<?x10xf32> -> tensor<?xf32>
    %mb = graph.broadcast %m dimensions = [0] : tensor<?xf32> -> tensor<?x10xf32>
    %s = graph.sub %o1, %mb : tensor<?x10xf32>
    %e = graph.exp %s : tensor<?x10xf32>
    %r = graph.transfer %e from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<?x10xf32>
    return %r : tensor<?x10xf32>
  }
}

// CHECK: module attributes {device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>, device.targets = {cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan"[0]>, #device.alias<"local">]>}} {
// CHECK-NEXT: func.func @mlp(%arg0: tensor<?x784xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: tensor<784x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128x10xf32>, %arg4: tensor<10xf32>) -> (tensor<?x10xf32> {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: %0 = graph.transfer %arg0 to #device.affinity<@gpu> : tensor<?x784xf32>
// CHECK-NEXT: %1 = graph.matmul %0, %arg1 : (tensor<?x784xf32>, tensor<784x128xf32>) -> tensor<?x128xf32>
// CHECK-NEXT: %2 = graph.dim %0, 0 : tensor<?x784xf32>
// CHECK-NEXT: %3 = graph.broadcast %arg2 dimensions = [1] : tensor<128xf32> -> tensor<?x128xf32>
// CHECK-NEXT: %4 = graph.add %1, %3 : tensor<?x128xf32>
// CHECK-NEXT: %5 = graph.relu %4 : tensor<?x128xf32>
// CHECK-NEXT: %6 = graph.on_device %5 on #device.affinity<@gpu, queues = [0]> : tensor<?x128xf32>
// CHECK-NEXT: %7 = graph.matmul %6, %arg3 : (tensor<?x128xf32>, tensor<128x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: %8 = graph.broadcast %arg4 dimensions = [1] : tensor<10xf32> -> tensor<?x10xf32>
// CHECK-NEXT: %9 = graph.add %7, %8 : tensor<?x10xf32>
// CHECK-NEXT: %10 = graph.reduce_max %9 axes = [1] : tensor<?x10xf32> -> tensor<?xf32>
// CHECK-NEXT: %11 = graph.broadcast %10 dimensions = [0] : tensor<?xf32> -> tensor<?x10xf32>
// CHECK-NEXT: %12 = graph.sub %9, %11 : tensor<?x10xf32>
// CHECK-NEXT: %13 = graph.exp %12 : tensor<?x10xf32>
// CHECK-NEXT: %14 = graph.transfer %13 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<?x10xf32>
// CHECK-NEXT: return %14 : tensor<?x10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT: "func.func"() <{arg_attrs = [{device.affinity = #device.affinity<@cpu>}, {}, {}, {}, {}], function_type = (tensor<?x784xf32>, tensor<784x128xf32>, tensor<128xf32>, tensor<128x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>, res_attrs = [{device.affinity = #device.affinity<@cpu>}], sym_name = "mlp"}> ({
// GEN-NEXT: ^bb0(%{{[a-z0-9]+}}: tensor<?x784xf32>, %{{[a-z0-9]+}}: tensor<784x128xf32>, %{{[a-z0-9]+}}: tensor<128xf32>, %{{[a-z0-9]+}}: tensor<128x10xf32>, %{{[a-z0-9]+}}: tensor<10xf32>):
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.transfer"(%{{[a-z0-9]+}}) <{target = #device.affinity<@gpu>}> : (tensor<?x784xf32>) -> tensor<?x784xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x784xf32>, tensor<784x128xf32>) -> tensor<?x128xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.dim"(%{{[a-z0-9]+}}) <{index = 0 : i64}> : (tensor<?x784xf32>) -> index
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.broadcast"(%{{[a-z0-9]+}}) <{dimensions = array<i64: 1>}> : (tensor<128xf32>) -> tensor<?x128xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.add"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x128xf32>, tensor<?x128xf32>) -> tensor<?x128xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.relu"(%{{[a-z0-9]+}}) : (tensor<?x128xf32>) -> tensor<?x128xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.on_device"(%{{[a-z0-9]+}}) <{affinity = #device.affinity<@gpu, queues = [0]>}> : (tensor<?x128xf32>) -> tensor<?x128xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x128xf32>, tensor<128x10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.broadcast"(%{{[a-z0-9]+}}) <{dimensions = array<i64: 1>}> : (tensor<10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.add"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.reduce_max"(%{{[a-z0-9]+}}) <{axes = array<i64: 1>}> : (tensor<?x10xf32>) -> tensor<?xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.broadcast"(%{{[a-z0-9]+}}) <{dimensions = array<i64: 0>}> : (tensor<?xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.sub"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x10xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.exp"(%{{[a-z0-9]+}}) : (tensor<?x10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: %{{[a-z0-9]+}} = "graph.transfer"(%{{[a-z0-9]+}}) <{source = #device.affinity<@gpu>, target = #device.affinity<@cpu>}> : (tensor<?x10xf32>) -> tensor<?x10xf32>
// GEN-NEXT: "func.return"(%{{[a-z0-9]+}}) : (tensor<?x10xf32>) -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: }) {device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>, device.targets = {cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan"[0]>, #device.alias<"local">]>}} : () -> ()
