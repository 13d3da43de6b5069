// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' | xrun - --function=mlp --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 | xcheck %s
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | not xrun - --function=mlp --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 2>&1 | xcheck %s --check-prefix=FLOW

// xrun takes a program at any level xopt leaves it in that it can finish:
// devices assigned and ops placed (it plans again, which changes nothing,
// and lowers), or hal. A partly lowered one (flow/stream) is refused with
// what to do.

// CHECK: EXEC @mlp
// CHECK-NEXT: result[0]: hal.buffer_view
// exp(0.486112) = 1.62596; f32 sums of 784 products round the last digit
// (the local micro-kernel and the reference sum in different orders).
// CHECK-NEXT: 8x10xf32=[1.6259{{[5-9]}} 1.6259{{[5-9]}} {{.*}} 1.6259{{[5-9]}}]{{$}}
// FLOW: partly lowered (flow/stream ops): finish it with xopt --compile-to=hal
