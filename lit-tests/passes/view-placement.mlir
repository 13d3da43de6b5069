// Where each op runs, as Graphviz on stderr: one digraph per function, in it one
// `subgraph cluster_<device>` per device (label: the device, then each memory pool's size once
// memory-plan ran; a fill colour per device in module order), unplaced ops in their
// own cluster, and every transfer a red edge from the producer on the source device
// to the consumer, labelled with the bytes it moves. The IR itself is unchanged.
// (view-placement-render.mlir renders it with Graphviz.)

// The README's MLP, placed on cpu and gpu.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=DOT
// DOT:      digraph "@mlp" {
// DOT-NEXT:   label = "@mlp";
// DOT-NEXT:   compound = true;
// DOT-NEXT:   node [shape = box, style = "rounded,filled", fillcolor = white];
// DOT-NEXT:   subgraph cluster_cpu {
// DOT-NEXT:     label = "cpu";
// DOT-NEXT:     style = filled;
// DOT-NEXT:     fillcolor = "#dae8fc";
// DOT-NEXT:     [[X:a0_0]] [label = "%arg0\ntensor<8x784xf32>", shape = invhouse];
// DOT:          [[MM1:v[0-9]+]] [label = "graph.matmul\ntensor<8x128xf32>"];
// DOT:          [[ADD1:v[0-9]+]] [label = "graph.add\ntensor<8x128xf32>"];
// DOT-NEXT:   }
// DOT-NEXT:   subgraph cluster_gpu {
// DOT-NEXT:     label = "gpu";
// DOT-NEXT:     style = filled;
// DOT-NEXT:     fillcolor = "#d5e8d4";
// DOT:          [[RELU:v[0-9]+]] [label = "graph.relu\ntensor<8x128xf32>"];
// DOT:          [[EXP:v[0-9]+]] [label = "graph.exp\ntensor<8x10xf32>"];
// DOT-NEXT:   }
// DOT-NEXT:   [[RET:v[0-9]+]] [label = "return", shape = house, style = solid];
// DOT:        [[X]] -> [[MM1]];
// DOT:        [[ADD1]] -> [[RELU]] [color = red, penwidth = 2, label = "4096 B"];
// DOT:        [[EXP]] -> [[RET]] [color = red, penwidth = 2, label = "320 B"];
// DOT-NEXT: }
// The transfers are edges, not nodes, and nothing is unplaced.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=NOT
// NOT: digraph "@mlp"
// NOT-NOT: graph.transfer
// NOT-NOT: unplaced
// NOT: }

// After memory-plan, each device's pool size (the function's `memory.pools`).
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=POOL
// POOL:      subgraph cluster_cpu {
// POOL-NEXT:   label = "cpu\npool: 12288 B";
// POOL:      v{{[0-9]+}} [label = "graph.add\ntensor<8x128xf32>\noffset 8192"];
// POOL:      subgraph cluster_gpu {
// POOL-NEXT:   label = "gpu\npool: 8192 B";
// POOL:      label = "4096 B"

// At the flow level: dispatches placed by their `on(...)`, flow.tensor.transfer as edges;
// kernels inside flow.executable are not drawn.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --graph-to-flow --memory-plan --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=FLOW
// FLOW:      digraph "@mlp" {
// FLOW-NEXT:   label = "@mlp";
// FLOW:        subgraph cluster_cpu {
// FLOW-NEXT:     label = "cpu\npool: 4096 B";
// FLOW:          [[D0:v[0-9]+]] [label = "flow.dispatch\ntensor<8x128xf32>\noffset 0"];
// FLOW:        subgraph cluster_gpu {
// FLOW-NEXT:     label = "gpu\npool: 4416 B";
// FLOW:          [[D1:v[0-9]+]] [label = "flow.dispatch\ntensor<8x10xf32>\noffset 4096"];
// FLOW-NOT:  digraph
// FLOW:      [[D0]] -> [[D1]] [color = red, penwidth = 2, label = "4096 B"];

// The IR printed after --view-placement is the IR printed without it.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan -o %t.before
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan --view-placement -o %t.after 2>/dev/null
// RUN: diff %t.before %t.after

// Names with quotes and backslashes are escaped once, in identifiers and labels;
// a transfer of a dynamic tensor moves `?` bytes; an op without a placement is
// in the unplaced cluster.
// RUN: xopt %s --allow-unregistered-dialect --view-placement -o /dev/null 2>&1 | xcheck %s --check-prefix=ESC
module {
  device.global @cpu = #device.alias<"local">
  device.global @"g\"p\\u" = #device.alias<"local">
  func.func @"f\"n"(%a: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<?x4xf32> {
    %t = graph.transfer %a from #device.affinity<@cpu> to #device.affinity<@"g\"p\\u"> {device.affinity = #device.affinity<@"g\"p\\u">} : tensor<?x4xf32>
    %r = graph.relu %t {device.affinity = #device.affinity<@"g\"p\\u">} : tensor<?x4xf32>
    %c = "test.unplaced"(%r) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    return %c : tensor<?x4xf32>
  }
}
// ESC:      label = "@f\"n";
// ESC:      subgraph cluster_cpu {
// ESC:        [[A:a0_0]] [label = "%arg0\ntensor<?x4xf32>", shape = invhouse];
// ESC:      subgraph "cluster_g\"p\\u" {
// ESC-NEXT:   label = "g\"p\\u";
// ESC-NEXT:   style = filled;
// ESC-NEXT:   fillcolor = "#d5e8d4";
// ESC-NEXT:   [[R:v[0-9]+]] [label = "graph.relu\ntensor<?x4xf32>"];
// ESC:      subgraph "cluster_(unplaced)" {
// ESC-NEXT:   label = "unplaced";
// ESC-NEXT:   style = filled;
// ESC-NEXT:   fillcolor = "#eeeeee";
// ESC-NEXT:   [[U:v[0-9]+]] [label = "test.unplaced\ntensor<?x4xf32>"];
// ESC:      [[A]] -> [[R]] [color = red, penwidth = 2, label = "? B"];
// ESC-NEXT: [[R]] -> [[U]];

