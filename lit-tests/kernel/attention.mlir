// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: sed 's/#device.alias<"local">/#device.target<"local", {cpu = "host", window_stages = false}, ["cranelift"]>/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow 2>/dev/null | xcheck %s --check-prefix=FLOW
// RUN: sed 's/#device.alias<"local">/#device.target<"local", {cpu = "host", attention_stages = false}, ["cranelift"]>/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NOSTAGE
// RUN: sed 's/#device.alias<"local">/#device.target<"local", {cpu = "host", attention_stages = false}, ["cranelift"]>/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NONE
// RUN: sed 's/#device.alias<"local">/#device.alias<"vulkan">/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NOSTAGE
// RUN: sed 's/#device.alias<"local">/#device.alias<"vulkan">/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NONE

// Attention through the compile pipeline. graph → flow forms graph.attention
// from an exporter's ops (scale over sqrt(d), a mask broadcast over the
// heads, torch's NaN select) and keeps it whole in its dispatch, which the
// kernel lowering makes the named stage kernel.attention on `local` (the
// cranelift backend's; `window_stages = false` does not turn it off): mask and
// nan_to_zero carried, dynamic batch and sequence dims read through the
// bindings' dim arguments, the elementwise ops around it kept in its
// dispatch as generics (no epilogue). A target without the stage (vulkan,
// or `attention_stages = false`) gets it decomposed by the kernel lowering:
// kᵀ, a matmul (scale and mask its epilogue), the softmax's reductions, the
// NaN select, a matmul. The f64 attention is decomposed in graph → flow (the
// stage is f32 only).

// NONE-NOT: kernel.attention

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @sdpa(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<1x1x4x6xf32>) -> tensor<1x2x4x8xf32> {
    %kt = graph.transpose %k permutation = [0, 1, 3, 2] : tensor<1x2x6x8xf32> -> tensor<1x2x8x6xf32>
    %s = graph.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
    %c = graph.constant dense<2.828427> : tensor<f32>
    %cb = graph.broadcast %c dimensions = [] : tensor<f32> -> tensor<1x2x4x6xf32>
    %d = graph.div %s, %cb : tensor<1x2x4x6xf32>
    %mb = graph.broadcast %m dimensions = [0, 1, 2, 3] : tensor<1x1x4x6xf32> -> tensor<1x2x4x6xf32>
    %a = graph.add %d, %mb : tensor<1x2x4x6xf32>
    %p = graph.softmax %a axis = 3 : tensor<1x2x4x6xf32>
    %n = graph.compare ne, %p, %p : tensor<1x2x4x6xf32> -> tensor<1x2x4x6xi1>
    %z = graph.constant dense<0.0> : tensor<1x2x4x6xf32>
    %sel = graph.select %n, %z, %p : tensor<1x2x4x6xi1>, tensor<1x2x4x6xf32>
    %o = graph.matmul %sel, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
    return %o : tensor<1x2x4x8xf32>
  }
  func.func @dyn(%q: tensor<?x8x?x64xf32>, %k: tensor<?x8x?x64xf32>, %v: tensor<?x8x?x64xf32>) -> tensor<?x8x?x64xf32> {
    %r = graph.attention %q, %k, %v scale = 1.250000e-01 : (tensor<?x8x?x64xf32>, tensor<?x8x?x64xf32>, tensor<?x8x?x64xf32>) -> tensor<?x8x?x64xf32>
    return %r : tensor<?x8x?x64xf32>
  }
  func.func @self(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
    %m = graph.constant dense<[[[0.0, 0.0, -1.0e9, 0.0]]]> : tensor<1x1x4xf32>
    %a = graph.relu %x : tensor<2x4x8xf32>
    %r = graph.attention %a, %a, %a, %m scale = 0.5 : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<1x1x4xf32>) -> tensor<2x4x8xf32>
    %o = graph.relu %r : tensor<2x4x8xf32>
    %p = graph.add %o, %x : tensor<2x4x8xf32>
    return %p : tensor<2x4x8xf32>
  }
  func.func @wide(%q: tensor<2x4x8xf64>, %k: tensor<2x6x8xf64>, %v: tensor<2x6x5xf64>) -> tensor<2x4x5xf64> {
    %r = graph.attention %q, %k, %v scale = 5.000000e-01 : (tensor<2x4x8xf64>, tensor<2x6x8xf64>, tensor<2x6x5xf64>) -> tensor<2x4x5xf64>
    return %r : tensor<2x4x5xf64>
  }
}

// FLOW-LABEL: func.func @sdpa_dispatch_0(
// FLOW-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = 0.353553385 {nan_to_zero} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<1x1x4x6xf32>) -> tensor<1x2x4x8xf32>
// FLOW-NEXT:  return %0
// FLOW-LABEL: func.func @dyn_dispatch_0(
// FLOW-NEXT:  graph.attention
// FLOW-LABEL: func.func @self_dispatch_0(
// FLOW:       graph.relu
// FLOW-NEXT:  graph.attention
// FLOW-NEXT:  graph.relu
// FLOW-NEXT:  graph.add
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @wide_dispatch_0(
// FLOW-NOT:   graph.attention
// FLOW:       graph.matmul

// CHECK-LABEL: func.func @sdpa_dispatch_0() {
// CHECK-NEXT: %[[Q:.+]] = kernel.binding 0 : memref<1x2x4x8xf32>
// CHECK-NEXT: %[[K:.+]] = kernel.binding 1 : memref<1x2x6x8xf32>
// CHECK-NEXT: %[[V:.+]] = kernel.binding 2 : memref<1x2x6x8xf32>
// CHECK-NEXT: %[[M:.+]] = kernel.binding 3 : memref<1x1x4x6xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 4 : memref<1x2x4x8xf32>
// CHECK-NEXT: kernel.attention ins(%[[Q]], %[[K]], %[[V]] : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x8xf32>) mask(%[[M]] : memref<1x1x4x6xf32>) outs(%[[O]] : memref<1x2x4x8xf32>) scale = 0.353553385 attributes {nan_to_zero}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @dyn_dispatch_0(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index) {
// CHECK-NEXT: %[[Q:.+]] = kernel.binding 0(%arg0, %arg1) : memref<?x8x?x64xf32>
// CHECK-NEXT: %[[K:.+]] = kernel.binding 1(%arg2, %arg3) : memref<?x8x?x64xf32>
// CHECK-NEXT: %[[V:.+]] = kernel.binding 2(%arg4, %arg5) : memref<?x8x?x64xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 3(%arg6, %arg7) : memref<?x8x?x64xf32>
// CHECK-NEXT: kernel.attention ins(%[[Q]], %[[K]], %[[V]] : memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<?x8x?x64xf32>) outs(%[[O]] : memref<?x8x?x64xf32>) scale = 1.250000e-01{{$}}
// CHECK-NEXT: return
// The host passes the query's batch and sequence dims as the output's.
// CHECK-LABEL: func.func @dyn(
// CHECK:      %[[B:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[S:.+]] = hal.buffer_view.dim %arg0[2] : index
// CHECK:      hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_0::@local::@dyn_dispatch_0 workgroups({{.*}}) constants(%[[B]], %[[S]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[B]], %[[S]])
// CHECK-LABEL: func.func @self_dispatch_0() {
// CHECK:      %[[X:.+]] = kernel.binding 0 : memref<2x4x8xf32>
// CHECK-NEXT: %[[R:.+]] = kernel.binding 1 : memref<2x4x8xf32>
// CHECK-NEXT: %[[M:.+]] = kernel.constant dense<{{\[\[\[}}0.000000e+00, 0.000000e+00, -1.000000e+09, 0.000000e+00]]]> : tensor<1x1x4xf32> : memref<1x1x4xf32>
// CHECK-NEXT: %[[A:.+]] = kernel.alloc() : memref<2x4x8xf32>
// CHECK:      kernel.generic ins(%[[X]] : memref<2x4x8xf32>) outs(%[[A]] : memref<2x4x8xf32>)
// CHECK:      arith.maximumf
// CHECK:      %[[T:.+]] = kernel.alloc() : memref<2x4x8xf32>
// CHECK-NEXT: kernel.attention ins(%[[A]], %[[A]], %[[A]] : memref<2x4x8xf32>, memref<2x4x8xf32>, memref<2x4x8xf32>) mask(%[[M]] : memref<1x1x4xf32>) outs(%[[T]] : memref<2x4x8xf32>) scale = 5.000000e-01{{$}}
// CHECK-NEXT: kernel.generic ins(%[[T]], %[[X]] : memref<2x4x8xf32>, memref<2x4x8xf32>) outs(%[[R]] : memref<2x4x8xf32>)
// CHECK:      arith.maximumf
// CHECK-NEXT: arith.addf
// CHECK-LABEL: func.func @wide_dispatch_0() {
// CHECK-NOT:  kernel.attention
// CHECK:      kernel.matmul
// CHECK-NOT:  kernel.attention
// CHECK:      return

// NOSTAGE-LABEL: func.func @sdpa_dispatch_0() {
// NOSTAGE-NEXT:  %[[Q:.+]] = kernel.binding 0 : memref<1x2x4x8xf32>
// NOSTAGE-NEXT:  %[[K:.+]] = kernel.binding 1 : memref<1x2x6x8xf32>
// NOSTAGE-NEXT:  %[[V:.+]] = kernel.binding 2 : memref<1x2x6x8xf32>
// NOSTAGE-NEXT:  %[[M:.+]] = kernel.binding 3 : memref<1x1x4x6xf32>
// NOSTAGE-NEXT:  %[[O:.+]] = kernel.binding 4 : memref<1x2x4x8xf32>
// NOSTAGE-NEXT:  %[[KT:.+]] = kernel.alloc() : memref<1x2x8x6xf32>
// NOSTAGE:       kernel.generic ins(%[[K]] : memref<1x2x6x8xf32>) outs(%[[KT]] : memref<1x2x8x6xf32>)
// NOSTAGE:       %[[S:.+]] = kernel.alloc() : memref<1x2x4x6xf32>
// NOSTAGE-NEXT:  kernel.matmul ins(%[[Q]], %[[KT]] : memref<1x2x4x8xf32>, memref<1x2x8x6xf32>) outs(%[[S]] : memref<1x2x4x6xf32>) epilogue(%[[M]] : memref<1x1x4x6xf32>)
// NOSTAGE-NEXT:  ^bb0(%[[SV:.+]]: f32, %[[MV:.+]]: f32):
// NOSTAGE-NEXT:  %[[C:.+]] = arith.constant 0.353553385 : f32
// NOSTAGE-NEXT:  %[[T0:.+]] = arith.mulf %[[SV]], %[[C]] : f32
// NOSTAGE-NEXT:  %[[T1:.+]] = arith.addf %[[T0]], %[[MV]] : f32
// NOSTAGE-NEXT:  kernel.yield %[[T1]] : f32
// NOSTAGE:       arith.maximumf
// NOSTAGE:       arith.subf
// NOSTAGE-NEXT:  kernel.exp
// NOSTAGE:       arith.addf
// NOSTAGE:       %[[P:.+]] = kernel.alloc() : memref<1x2x4x6xf32>
// NOSTAGE:       arith.divf
// NOSTAGE-NEXT:  arith.cmpf une
// NOSTAGE-NEXT:  arith.constant 0.000000e+00 : f32
// NOSTAGE-NEXT:  arith.select
// NOSTAGE:       kernel.matmul ins(%[[P]], %[[V]] : memref<1x2x4x6xf32>, memref<1x2x6x8xf32>) outs(%[[O]] : memref<1x2x4x8xf32>)
// NOSTAGE-LABEL: func.func @dyn_dispatch_0(
// NOSTAGE-NEXT:  %[[Q:.+]] = kernel.binding 0(%arg0, %arg1) : memref<?x8x?x64xf32>
// NOSTAGE-NEXT:  %[[K:.+]] = kernel.binding 1(%arg2, %arg3) : memref<?x8x?x64xf32>
// NOSTAGE-NEXT:  %[[V:.+]] = kernel.binding 2(%arg4, %arg5) : memref<?x8x?x64xf32>
// NOSTAGE-NEXT:  %[[O:.+]] = kernel.binding 3(%arg6, %arg7) : memref<?x8x?x64xf32>
// NOSTAGE-NEXT:  %[[KT:.+]] = kernel.alloc(%arg2, %arg3) : memref<?x8x64x?xf32>
// NOSTAGE:       kernel.matmul ins(%[[Q]], %[[KT]] : memref<?x8x?x64xf32>, memref<?x8x64x?xf32>) outs(%{{.+}} : memref<?x8x?x?xf32>)
// NOSTAGE:       arith.constant 1.250000e-01 : f32
// NOSTAGE-NEXT:  arith.mulf
// NOSTAGE:       arith.maximumf
// NOSTAGE:       kernel.exp
// NOSTAGE:       arith.divf
// NOSTAGE:       kernel.matmul ins(%{{.+}}, %[[V]] : memref<?x8x?x?xf32>, memref<?x8x?x64xf32>) outs(%[[O]] : memref<?x8x?x64xf32>)
// NOSTAGE-LABEL: func.func @self_dispatch_0() {
// NOSTAGE:       kernel.matmul
// NOSTAGE:       kernel.matmul
// NOSTAGE-LABEL: func.func @wide_dispatch_0() {
