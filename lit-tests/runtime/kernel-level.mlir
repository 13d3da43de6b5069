// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=kernel | xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" | xcheck %s --check-prefix=OUT --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=kernel | sed 's/arith.addf/arith.remf/' | not xrun - --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" 2>&1 | xcheck %s --check-prefix=BODY
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=kernel | not xrun - --device=reference --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" 2>&1 | xcheck %s --check-prefix=REF

// A program lowered to the kernel dialect (what xopt --compile-to=kernel
// prints) runs on local as it is: the kernels are compiled from that text.
// A body op the local backend has no code for is an error at load, with its
// line; the reference backend interprets graph-level kernels only.

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
// OUT: EXEC @f
// OUT-NEXT: result[0]: hal.buffer_view
// OUT-NEXT: 2x3xf32=[11 22 33][14 25 36]
// BODY: xrun: error: cannot load @f_dispatch_0::local: <stdin>:{{[0-9]+}}:{{[0-9]+}}: 'arith.remf' is not supported in a kernel body on the local backend (at <stdin>:{{[0-9]+}}:{{[0-9]+}})
// REF: xrun: error: cannot load @f_dispatch_0::local: {{.*}}'kernel.binding' has no reference implementation
