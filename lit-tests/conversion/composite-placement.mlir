// RUN: xopt %s --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan=auto-transfer=true --compile-to=flow | xcheck %s
// RUN: xrun %s --function=f --target-device=cpu=local --target-device=gpu=local --device-plan=auto-transfer=true --input="2x5xf32=[-1 -2 -3 -4 -5][1 0 -1 -0.5 3]" | xcheck %s --check-prefix=OUT --match-full-lines

// A composite placed by planning (here on @gpu, after the on_device hint)
// keeps its placement through graph-decompose: every kernel of the
// decomposed softmax is dispatched on @gpu, and only the transfers touch @cpu.

// CHECK-LABEL: func.func @f
// CHECK:       flow.tensor.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NOT:   on(#device.affinity<@cpu>)
// CHECK-COUNT-3: flow.dispatch {{.*}} on(#device.affinity<@gpu>)
// CHECK-NOT:   on(#device.affinity<@cpu>)
// CHECK:       flow.tensor.transfer {{.*}} from #device.affinity<@gpu> to #device.affinity<@cpu>
// OUT: 2x5xf32=[0.0116562 0.0316849 0.086128{{[56]}} 0.234122 0.636409][0.0635956 0.172871 0.469911 0.285016 0.00860673]
func.func @f(%x: tensor<2x5xf32> {device.affinity = #device.promise<@cpu>}) -> (tensor<2x5xf32> {device.affinity = #device.promise<@cpu>}) {
  %n = graph.neg %x : tensor<2x5xf32>
  %g = graph.on_device %n on #device.promise<@gpu> : tensor<2x5xf32>
  %s = graph.softmax %g axis = 1 : tensor<2x5xf32>
  return %s : tensor<2x5xf32>
}
