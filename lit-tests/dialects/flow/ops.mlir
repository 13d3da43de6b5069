// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of every flow op: dispatch regions (with and
// without affinity and results), executables with exports (own name and 'as'),
// dispatches resolved through @exe::@export, tensor transfers.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  device.global @cpu = #device.alias<"local">
  device.global @gpu = #device.alias<"vulkan">
  flow.executable private @exe {
    flow.executable.export @mm
    flow.executable.export @mm2 as @mm
    module {
      func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
        %0 = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
        return %0 : tensor<4x2xf32>
      }
    }
  }
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
    %0 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4x2xf32>) {
      %m = graph.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
      %r = graph.relu %m : tensor<4x2xf32>
      flow.return %r : tensor<4x2xf32>
    }
    flow.dispatch.region {
      flow.return
    }
    %1 = flow.dispatch @exe::@mm(%a, %b) on(#device.affinity<@cpu>) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %2 = flow.dispatch @exe::@mm2(%a, %b) {tag} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %3 = flow.tensor.transfer %2 to #device.affinity<@gpu> : tensor<4x2xf32>
    %4 = flow.tensor.transfer %3 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x2xf32>
    return %4 : tensor<4x2xf32>
  }
}

// CHECK: module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
// CHECK: device.global @cpu = #device.alias<"local">
// CHECK: device.global @gpu = #device.alias<"vulkan">
// CHECK: flow.executable private @exe {
// CHECK: flow.executable.export @mm
// CHECK: flow.executable.export @mm2 as @mm
// CHECK: builtin.module {
// CHECK-LABEL: func.func @mm(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>) -> tensor<4x2xf32> {
// CHECK: %0 = graph.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK: return %0 : tensor<4x2xf32>
// CHECK-LABEL: func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x2xf32>) -> tensor<4x2xf32> {
// CHECK: %0 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4x2xf32>) {
// CHECK: %5 = graph.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK: %6 = graph.relu %5 : tensor<4x2xf32>
// CHECK: flow.return %6 : tensor<4x2xf32>
// CHECK: flow.dispatch.region {
// CHECK: flow.return
// CHECK: %1 = flow.dispatch @exe::@mm(%arg0, %arg1) on(#device.affinity<@cpu>) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK: %2 = flow.dispatch @exe::@mm2(%arg0, %arg1) {tag} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK: %3 = flow.tensor.transfer %2 to #device.affinity<@gpu> : tensor<4x2xf32>
// CHECK: %4 = flow.tensor.transfer %3 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x2xf32>
// CHECK: return %4 : tensor<4x2xf32>

// GEN: "flow.executable"() <{sym_name = "exe", sym_visibility = "private"}> ({
// GEN: "flow.executable.export"() <{sym_name = "mm"}> : () -> ()
// GEN: "flow.executable.export"() <{function_ref = @mm, sym_name = "mm2"}> : () -> ()
// GEN: %0 = "flow.dispatch.region"() <{affinity = #device.affinity<@cpu>}> ({
// GEN: "flow.return"(%6) : (tensor<4x2xf32>) -> ()
// GEN: "flow.dispatch.region"() ({
// GEN: "flow.return"() : () -> ()
// GEN: %1 = "flow.dispatch"(%arg0, %arg1) <{affinity = #device.affinity<@cpu>, entry_point = @exe::@mm, operandSegmentSizes = array<i32: 2, 0, 0>}> : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// GEN: %2 = "flow.dispatch"(%arg0, %arg1) <{entry_point = @exe::@mm2, operandSegmentSizes = array<i32: 2, 0, 0>}> {tag} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// GEN: %3 = "flow.tensor.transfer"(%2) <{target = #device.affinity<@gpu>}> : (tensor<4x2xf32>) -> tensor<4x2xf32>
// GEN: %4 = "flow.tensor.transfer"(%3) <{source = #device.affinity<@gpu>, target = #device.affinity<@cpu>}> : (tensor<4x2xf32>) -> tensor<4x2xf32>
