// REQUIRES: dot
// Graphviz renders --view-placement's DOT for the README's MLP (the command
// that made docs/mlp-placement.svg): one cluster per device, the transfer
// edges labelled with their bytes.

// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan --view-placement -o /dev/null 2> %t.dot
// RUN: dot -Tsvg %t.dot -o %t.svg
// RUN: xcheck %s --input-file=%t.svg
// CHECK: <svg
// CHECK: <title>@mlp</title>
// CHECK: <title>cluster_cpu</title>
// CHECK: pool: 12288 B
// CHECK: <title>cluster_gpu</title>
// CHECK: pool: 8192 B
// CHECK: 4096 B
// CHECK: 320 B
// CHECK: </svg>
