// RUN: xopt %s --split-input-file --device-plan --verify-diagnostics
// RUN: head -n 37 %s | xopt --split-input-file --device-plan=placement=min-transfer --verify-diagnostics

// An op no device runs: the error names it and each device.
module attributes {device.targets = {cpu = #device.target<"local", {ops = ["graph.relu"]}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @nobody(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{no device can run 'graph.exp': @cpu runs only 'graph.relu'; @npu runs only 'graph.add', 'graph.matmul'}}
    %0 = graph.exp %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// A user pin onto a device that cannot run the op: the error names both.
module attributes {device.targets = {cpu = #device.target<"local", {}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @pinned_where_it_cannot_run(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{'graph.exp' cannot run on @npu: @npu runs only 'graph.add', 'graph.matmul'}}
    %0 = graph.exp %a : tensor<4xf32>
    // expected-note@+1 {{placed on #device.affinity<@npu> by 'graph.on_device'}}
    %1 = graph.on_device %0 on #device.affinity<@npu> : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// The same through an op's own device.affinity.
module attributes {device.targets = {cpu = #device.target<"local", {}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @affinity_where_it_cannot_run(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+2 {{'graph.exp' cannot run on @npu}}
    // expected-note@+1 {{placed on #device.affinity<@npu> by the device.affinity of 'graph.exp'}}
    %0 = graph.exp %a {device.affinity = #device.affinity<@npu>} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// Colocated ops (strict planning) that no one device runs together; min-transfer
// places them apart instead (support.mlir).
module attributes {device.targets = {a = #device.target<"local", {ops = ["graph.exp", "graph.relu"]}, []>, b = #device.target<"local", {ops = ["graph.exp", "graph.neg"]}, []>, c = #device.target<"local", {ops = ["graph.relu", "graph.neg"]}, []>}} {
  func.func @no_common_device(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+2 {{these ops share one placement, but no device runs them all; place them apart with 'graph.transfer' or use device-plan{placement=min-transfer}}}
    // expected-note@+1 {{'graph.exp' runs on @a, @b}}
    %0 = graph.exp %x : tensor<4xf32>
    // expected-note@+1 {{'graph.relu' runs on @a, @c}}
    %1 = graph.relu %0 : tensor<4xf32>
    // expected-note@+1 {{'graph.neg' runs on @b, @c}}
    %2 = graph.neg %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
