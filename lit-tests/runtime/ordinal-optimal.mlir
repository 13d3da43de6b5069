// #device.ordinal<1> is the second runtime device whatever its kind;
// #device.optimal picks the candidate device the runtime prefers (local over the
// reference interpreter), not the first that is available as a select would.
// RUN: xrun %s --device=reference --device=local --input="4xf32=0 1 -1 2" --trace 2>&1 | xcheck %s
// RUN: xrun %s --device=local --device=reference --input="4xf32=0 1 -1 2" --trace 2>&1 | xcheck %s --check-prefix=SWAPPED
// CHECK: 4xf32=1 2.71828 0.367879 7.38906
// CHECK: xrun: trace: local1-q0 {{.*}} dispatch at {{.*}}ordinal-optimal.mlir:15:10
// CHECK: xrun: trace: local1-q0 {{.*}} dispatch at {{.*}}ordinal-optimal.mlir:17:10
// SWAPPED: 4xf32=1 2.71828 0.367879 7.38906
// SWAPPED: xrun: trace: reference1-q0 {{.*}} dispatch at {{.*}}ordinal-optimal.mlir:15:10
// SWAPPED: xrun: trace: local0-q0 {{.*}} dispatch at {{.*}}ordinal-optimal.mlir:17:10
module attributes {device.targets = {second = #device.ordinal<1>, best = #device.optimal<[#device.alias<"vulkan">, #device.alias<"local">]>}} {
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@second>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@best>}) {
    // exp on @second
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@best> : tensor<4xf32>
    %2 = graph.relu %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
