// RUN: xopt %s --flow-form-dispatch-regions | xcheck %s --check-prefix=REGION
// RUN: xopt %s --convert-graph-to-flow | xcheck %s
// RUN: xopt %s --graph-to-flow | xcheck %s

// The MLP of examples/mlp.mlir after `--device-plan=auto-transfer=true`: the cpu
// layer (matmul + bias) is one dispatch, the gpu layer (relu producer, matmul,
// bias, exp consumer) another; the transfers between them stay outside and
// become flow.tensor.transfer.

module attributes {device.default = #device.affinity<@cpu>, device.host = #device.affinity<@cpu>} {
  device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
  device.global @gpu = #device.select<[#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
  func.func @mlp(%arg0: tensor<8x784xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: tensor<784x128xf32> {device.affinity = #device.affinity<@cpu>}, %arg2: tensor<128xf32> {device.affinity = #device.affinity<@cpu>}, %arg3: tensor<128x10xf32> {device.affinity = #device.affinity<@gpu>}, %arg4: tensor<10xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<8x10xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.matmul %arg0, %arg1 {device.affinity = #device.affinity<@cpu>} : (tensor<8x784xf32>, tensor<784x128xf32>) -> tensor<8x128xf32>
    %1 = graph.broadcast %arg2 dimensions = [1] {device.affinity = #device.affinity<@cpu>} : tensor<128xf32> -> tensor<8x128xf32>
    %2 = graph.add %0, %1 {device.affinity = #device.affinity<@cpu>} : tensor<8x128xf32>
    %3 = graph.transfer %2 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<8x128xf32>
    %4 = graph.relu %3 {device.affinity = #device.affinity<@gpu>} : tensor<8x128xf32>
    %5 = graph.matmul %4, %arg3 {device.affinity = #device.affinity<@gpu>} : (tensor<8x128xf32>, tensor<128x10xf32>) -> tensor<8x10xf32>
    %6 = graph.broadcast %arg4 dimensions = [1] {device.affinity = #device.affinity<@gpu>} : tensor<10xf32> -> tensor<8x10xf32>
    %7 = graph.add %5, %6 {device.affinity = #device.affinity<@gpu>} : tensor<8x10xf32>
    %8 = graph.exp %7 {device.affinity = #device.affinity<@gpu>} : tensor<8x10xf32>
    %9 = graph.transfer %8 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>} : tensor<8x10xf32>
    return %9 : tensor<8x10xf32>
  }
}


// REGION-LABEL: func.func @mlp
// REGION: %0 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<8x128xf32>) {
// REGION-NEXT: graph.matmul %arg0, %arg1 :
// REGION-NEXT: graph.broadcast %arg2 dimensions = [1] :
// REGION-NEXT: %[[A:.*]] = graph.add
// REGION-NEXT: flow.return %[[A]] : tensor<8x128xf32>
// REGION-NEXT: }
// REGION-NEXT: %1 = graph.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// REGION-NEXT: %2 = flow.dispatch.region on(#device.affinity<@gpu>) -> (tensor<8x10xf32>) {
// REGION-NEXT: graph.relu %1 : tensor<8x128xf32>
// REGION-NEXT: graph.matmul
// REGION-NEXT: graph.broadcast %arg4
// REGION-NEXT: graph.add
// REGION-NEXT: %[[E:.*]] = graph.exp
// REGION-NEXT: flow.return %[[E]] : tensor<8x10xf32>
// REGION-NEXT: }
// REGION-NEXT: %3 = graph.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu>
// REGION-NEXT: return %3

// CHECK: flow.executable private @mlp_dispatch_0 {
// CHECK-NEXT: flow.executable.export @mlp_dispatch_0
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func @mlp_dispatch_0(%arg0: tensor<8x784xf32>, %arg1: tensor<784x128xf32>, %arg2: tensor<128xf32>) -> tensor<8x128xf32> {
// CHECK-NEXT: %0 = graph.matmul %arg0, %arg1 : (tensor<8x784xf32>, tensor<784x128xf32>) -> tensor<8x128xf32>
// CHECK-NEXT: %1 = graph.broadcast %arg2 dimensions = [1] : tensor<128xf32> -> tensor<8x128xf32>
// CHECK-NEXT: %2 = graph.add %0, %1 : tensor<8x128xf32>
// CHECK-NEXT: return %2 : tensor<8x128xf32>
// CHECK: flow.executable private @mlp_dispatch_1 {
// CHECK-NEXT: flow.executable.export @mlp_dispatch_1
// CHECK: func.func @mlp_dispatch_1(%arg0: tensor<8x128xf32>, %arg1: tensor<128x10xf32>, %arg2: tensor<10xf32>) -> tensor<8x10xf32> {
// CHECK-NEXT: %0 = graph.relu %arg0 : tensor<8x128xf32>
// CHECK-NEXT: %1 = graph.matmul %0, %arg1
// CHECK-NEXT: %2 = graph.broadcast %arg2
// CHECK-NEXT: %3 = graph.add %1, %2
// CHECK-NEXT: %4 = graph.exp %3
// CHECK-NEXT: return %4 : tensor<8x10xf32>
// CHECK-LABEL: func.func @mlp(
// CHECK-NEXT: %0 = flow.dispatch @mlp_dispatch_0::@mlp_dispatch_0(%arg0, %arg1, %arg2) on(#device.affinity<@cpu>) : (tensor<8x784xf32>, tensor<784x128xf32>, tensor<128xf32>) -> tensor<8x128xf32>
// CHECK-NEXT: %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<8x128xf32>
// CHECK-NEXT: %2 = flow.dispatch @mlp_dispatch_1::@mlp_dispatch_1(%1, %arg3, %arg4) on(#device.affinity<@gpu>) : (tensor<8x128xf32>, tensor<128x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
// CHECK-NEXT: %3 = flow.tensor.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<8x10xf32>
// CHECK-NEXT: return %3 : tensor<8x10xf32>
// CHECK-NOT: graph.
