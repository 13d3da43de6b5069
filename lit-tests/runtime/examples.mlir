// The README's MLP (examples/mlp.mlir) run end to end with the README's flags:
// cpu = local, gpu = the first of vulkan and local, planned with
// auto-transfer; with the default devices (local, reference) the gpu global
// gets the reference device (it serves vulkan targets), so the first layer
// runs on one device and the second on the other. Splat inputs make every
// output element the same, computed by hand in exact f32 arithmetic:
//   x = 0.5, w1 = 0.5: h = 784 * 0.25 = 196 (every partial sum exact)
//   h + b1, relu: b1 = -195.5 gives 0.5; b1 = -200 gives relu(-4) = 0
//   w2 = 0.125: o = 128 * (r * 0.125) = 8 (r = 0.5) or 0 (r = 0)
//   exp(o + b2): b2 = -7 gives exp(1) = 2.71828; b2 = 0.5 (r = 0) exp(0.5) = 1.64872

// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-195.5 --input=128x10xf32=0.125 --input=10xf32=-7 | xcheck %s --check-prefix=E1 --match-full-lines
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --device=reference --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-195.5 --input=128x10xf32=0.125 --input=10xf32=-7 | xcheck %s --check-prefix=E1 --match-full-lines
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --device=local --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-195.5 --input=128x10xf32=0.125 --input=10xf32=-7 | xcheck %s --check-prefix=E1 --match-full-lines
// Placed by min-transfer instead: other ops on other devices, the same numbers.
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=placement=min-transfer --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-195.5 --input=128x10xf32=0.125 --input=10xf32=-7 | xcheck %s --check-prefix=E1 --match-full-lines
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=placement=min-transfer --device=local --device=reference --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-195.5 --input=128x10xf32=0.125 --input=10xf32=-7 | xcheck %s --check-prefix=E1 --match-full-lines
// E1:      EXEC @mlp
// E1-NEXT: result[0]: hal.buffer_view
// E1-NEXT: 8x10xf32=[2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828][2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828 2.71828]
// E1-EMPTY:

// The relu cuts everything: the output is exp(b2).
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-200 --input=128x10xf32=0.125 --input=10xf32=0.5 | xcheck %s --check-prefix=RELU0 --match-full-lines
// RUN: xrun %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --device=reference --input=8x784xf32=0.5 --input=784x128xf32=0.5 --input=128xf32=-200 --input=128x10xf32=0.125 --input=10xf32=0.5 | xcheck %s --check-prefix=RELU0 --match-full-lines
// RELU0:      EXEC @mlp
// RELU0-NEXT: result[0]: hal.buffer_view
// RELU0-NEXT: 8x10xf32=[1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872][1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872 1.64872]

// Without --target-device the example's promised devices do not exist: a
// diagnostic at the function, not a run.
// RUN: not xrun %S/../../examples/mlp.mlir --input=8x784xf32=0 --input=784x128xf32=0 --input=128xf32=0 --input=128x10xf32=0 --input=10xf32=0 2>&1 | xcheck %s --check-prefix=NOTARGETS
// NOTARGETS: mlp.mlir:8:3: error: 'func.func' op #device.promise<@cpu> names no declared device

// examples/multi_device.mlir is not runnable: its compute ops are
// unregistered placeholders (`demo.matmul`), so xrun stops at the parser.
// RUN: not xrun %S/../../examples/multi_device.mlir --input=4x8xf32=1 --input=8x16xf32=1 --input=16x2xf32=1 2>&1 | xcheck %s --check-prefix=DEMO
// DEMO: multi_device.mlir:6:23: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
