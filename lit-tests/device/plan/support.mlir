// Target-declared op support (`ops` in a #device.target's configuration) is a hard
// constraint of device-plan in every mode.
// RUN: xopt %s --split-input-file --device-plan=auto-transfer=true | xcheck %s --check-prefix=AUTO
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer | xcheck %s --check-prefix=MIN
// RUN: xopt %s --split-input-file --device-annotate-by-support | xcheck %s --check-prefix=ANN

// npu runs only matmul and add; cpu runs add, relu and exp. The matmul can only go
// to npu and the relu only to cpu; auto-transfer cuts where they meet, min-transfer
// puts the add with the matmul (either way one 64-byte transfer).
// AUTO-LABEL: func.func @mixed
// AUTO-NEXT: %0 = graph.matmul %arg0, %arg1 {device.affinity = #device.affinity<@npu>}
// AUTO-NEXT: %1 = graph.add %0, %arg0 {device.affinity = #device.affinity<@npu>}
// AUTO-NEXT: %2 = graph.transfer %1 from #device.affinity<@npu> to #device.affinity<@cpu>
// AUTO-NEXT: %3 = graph.relu %2 {device.affinity = #device.affinity<@cpu>}
// MIN-LABEL: func.func @mixed
// MIN-NEXT: %0 = graph.matmul %arg0, %arg1 {device.affinity = #device.affinity<@npu>}
// MIN-NEXT: %1 = graph.add %0, %arg0 {device.affinity = #device.affinity<@npu>}
// MIN-NEXT: %2 = graph.transfer %1 from #device.affinity<@npu> to #device.affinity<@cpu>
// MIN-NEXT: %3 = graph.relu %2 {device.affinity = #device.affinity<@cpu>}
// device-annotate-by-support pins the ops one device runs and leaves the add.
// ANN-LABEL: func.func @mixed
// ANN-NEXT: graph.matmul %arg0, %arg1 {device.affinity = #device.affinity<@npu>}
// ANN-NEXT: graph.add %0, %arg0 : tensor<4x4xf32>
// ANN-NEXT: graph.relu %1 {device.affinity = #device.affinity<@cpu>}
module attributes {device.targets = {cpu = #device.target<"local", {cpu = "host", ops = ["graph.add", "graph.relu", "graph.exp"]}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @mixed(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = graph.matmul %a, %b : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = graph.add %0, %a : tensor<4x4xf32>
    %2 = graph.relu %1 : tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
}

// -----

// Unpinned ops go to the default device (cpu, the first) only when it runs them
// all, else to the first device that does: npu runs the matmul but not the add,
// gpu (an alias not yet resolved: no `ops`) runs everything.
// AUTO-LABEL: func.func @default_when_it_can
// AUTO-NEXT: graph.matmul %arg0, %arg0 {device.affinity = #device.affinity<@gpu>}
// AUTO-NEXT: graph.add %0, %0 {device.affinity = #device.affinity<@gpu>}
// MIN-LABEL: func.func @default_when_it_can
// MIN-NEXT: graph.matmul %arg0, %arg0 {device.affinity = #device.affinity<@gpu>}
// MIN-NEXT: graph.add %0, %0 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.target<"local", {ops = ["graph.relu"]}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul"]}, ["npu-bin"]>, gpu = #device.alias<"vulkan">}} {
  func.func @default_when_it_can(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = graph.matmul %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = graph.add %0, %0 : tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
}

// -----

// A #device.select runs an op only if every candidate does (the runtime may pick
// any); a #device.fallback runs what its device runs. Here only @big can run the
// exp: @sel's local candidate lists no exp, @fb falls back to @sel.
// AUTO-LABEL: func.func @select_and_fallback
// AUTO-NEXT: graph.exp %arg0 {device.affinity = #device.affinity<@big>}
// ANN-LABEL: func.func @select_and_fallback
// ANN-NEXT: graph.exp %arg0 {device.affinity = #device.affinity<@big>}
module attributes {device.targets = {sel = #device.select<[#device.alias<"vulkan">, #device.target<"local", {ops = ["graph.relu"]}, ["cranelift"]>]>, fb = #device.fallback<@sel>, big = #device.target<"local", {}, ["cranelift"]>}} {
  func.func @select_and_fallback(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.exp %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
