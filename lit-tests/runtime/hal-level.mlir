// A hal-level program runs as it is: xopt compiles this graph-level file to
// hal, xrun reads the result from stdin ('-') and runs it on the same
// numbers as the graph-level file; the two-device version too (with the
// reference device serving @gpu). Giving a hal-level program
// --target-device or --device-plan is an error (they apply only to
// compiling), and so is a partly lowered (flow-level) program.

// RUN: xrun %s --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=cpu=local --target-device=gpu=vulkan --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --device=local --device=reference --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// OUT-LABEL: EXEC @f
// OUT-NEXT:  result[0]: hal.buffer_view
// OUT-NEXT:  2x3xf32=[11 22 33][14 25 36]
// OUT-NEXT:  result[1]: hal.buffer_view
// OUT-NEXT:  3xf32=5 7 9

// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | not xrun - --target-device=local --function=f --input=2x3xf32=1 --input=3xf32=1 2>&1 | xcheck %s --check-prefix=HALTARGET --match-full-lines
// HALTARGET:     <unknown>:0: error: --target-device and --device-plan apply to graph-level programs; this one is at hal level
// HALTARGET-NOT: {{.}}
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | not xrun - --device-plan=auto-transfer=true --function=f --input=2x3xf32=1 --input=3xf32=1 2>&1 | xcheck %s --check-prefix=HALTARGET --match-full-lines

// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=flow | not xrun - --function=f --input=2x3xf32=1 --input=3xf32=1 2>&1 | xcheck %s --check-prefix=FLOW --match-full-lines
// FLOW:     <unknown>:0: error: xrun runs graph-level or hal-level programs; this one is partly lowered (flow/stream ops): finish it with xopt --compile-to=hal
// FLOW-NOT: {{.}}

func.func @f(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
  %bb = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %0 = graph.add %x, %bb : tensor<2x3xf32>
  %1 = graph.reduce_sum %x axes = [0] : tensor<2x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3xf32>
}
