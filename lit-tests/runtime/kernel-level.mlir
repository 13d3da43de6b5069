// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --device=reference --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=kernel | xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | sed 's/arith.addf/arith.remf/' | not xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" 2>&1 | xcheck %s --check-prefix=BODY
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s --check-prefix=HAL
// A hal module whose variant still holds graph ops (written by hand, or by
// an xopt from before hal meant compiled kernels): xrun compiles its kernels.
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=stream | xopt --convert-stream-to-hal | xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// Compiled for the `reference` target, the variant keeps its graph ops
// (the graph format), which the reference interpreter runs op by op.
// RUN: xopt %s --target-device=reference --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s --check-prefix=GRAPH
// RUN: xopt %s --target-device=reference --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --device=reference --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines

// `--compile-to=hal` ends with convert-graph-to-kernel: the hal module holds
// kernels (`--compile-to=kernel` is the same), and the runtime only
// translates them: to Cranelift on local, plain loops on reference. A body
// op no backend has code for is an error at load, with its line.

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
// OUT: EXEC @f
// OUT-NEXT: result[0]: hal.buffer_view
// OUT-NEXT: 2x3xf32=[11 22 33][14 25 36]
// BODY: xrun: error: cannot load @f_dispatch_0::local: <stdin>:{{[0-9]+}}:{{[0-9]+}}: 'arith.remf' is not supported in a kernel body on the local backend (at <stdin>:{{[0-9]+}}:{{[0-9]+}})
// HAL: hal.executable.variant @local target(#device.target<"local", {cpu = "host"}, ["cranelift"]>)
// HAL: kernel.binding 0 : memref<3xf32>
// HAL: kernel.generic
// HAL-NOT: graph.
// GRAPH: hal.executable.variant @reference target(#device.target<"reference", {}, ["graph"]>)
// GRAPH: graph.add
