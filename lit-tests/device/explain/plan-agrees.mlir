// RUN: xopt %s --split-input-file --device-explain --verify-diagnostics
// RUN: xopt %s --split-input-file --device-plan | xcheck %s

// device-explain runs device-plan's own code on a copy of the module, so each op
// is explained where device-plan places it.

// A private callee called on two placements: device-plan clones it per placement,
// so its relu runs on both devices; each clone's relu is explained (at the relu's
// line, once per clone), and so is a use of the gpu clone's result.
// CHECK-LABEL: func.func private @f_cpu(
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-LABEL: func.func private @f_gpu(
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-LABEL: func.func @main(
// CHECK: graph.neg %1 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-remark@+2 {{placed on #device.affinity<@cpu> by argument #0 of @f_cpu (line 17) (in @f_cpu, device-plan's clone of @f for the calls at line 24)}}
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by argument #0 of @f_gpu (line 17) (in @f_gpu, device-plan's clone of @f for the calls at line 25)}}
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @f(%b) : (tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by argument #0 of @f_gpu (line 17) via 'graph.relu' (line 20) -> 'func.return' (line 21) -> 'func.call' (line 25); @f_gpu is device-plan's clone of @f for the calls at line 25}}
    %2 = graph.neg %1 : tensor<4xf32>
    return %0, %2 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// The default device (cpu) runs only relu, and nothing pins the add (npu and gpu
// both run it): device-plan puts it on the first device that runs it, not on the
// default.
// CHECK-LABEL: func.func @runner(
// CHECK-NEXT: graph.add %arg0, %arg0 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.target<"local", {ops = ["graph.relu"]}, ["cranelift"]>, gpu = #device.alias<"vulkan">, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @runner(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by the first device that runs all the ops placed with it (the default, #device.affinity<@cpu>, cannot run them)}}
    %0 = graph.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
