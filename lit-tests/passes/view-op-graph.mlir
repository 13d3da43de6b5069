// The dataflow as Graphviz on stderr (a cluster per op with regions, a node per
// op, an edge per use); the IR itself is unchanged. The layout is xir's own, not
// yet mlir-opt's record nodes.
// RUN: xopt %s --view-op-graph -o /dev/null 2>&1 | xcheck %s

func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c2 : i32
  return %0 : i32
}

// CHECK: digraph G {
// CHECK-NEXT: compound = true;
// CHECK: label = "builtin.module";
// CHECK: label = "arith.constant\nvalue: 2 : i32"
// CHECK: label = "arith.addi
// CHECK: label = "func.return"
// CHECK: -> 
// CHECK: }

// A placed op shows its device.affinity; attribute text is escaped once.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --view-op-graph -o /dev/null 2>&1 | xcheck %s --check-prefix=AFF
// AFF: label = "device.global\nsym_name: \"cpu\"\nvalue: #device.target<\"local\", {cpu = \"host\"}, [\"cranelift\"]>"
// AFF: label = "graph.matmul\ndevice.affinity: #device.affinity<@cpu>"
// AFF: label = "graph.transfer\nsource: #device.affinity<@cpu>\ntarget: #device.affinity<@gpu>\ndevice.affinity: #device.affinity<@gpu>"
// AFF: label = "graph.relu\ndevice.affinity: #device.affinity<@gpu>"
