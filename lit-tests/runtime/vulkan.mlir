// REQUIRES: vulkan
// The `vulkan` backend: kernels as SPIR-V compute shaders on the first
// Vulkan device (lavapipe in CI). The README's MLP split across cpu=local
// and gpu=vulkan gives the numbers it gives on local alone; a program
// compiled for vulkan runs there whole; `gpu`, a #device.select of vulkan
// and local, runs on Vulkan when it is there (also without --device) and
// on local when only local is (--trace shows which queue ran each dispatch), and a #device.fallback
// to it goes with it; `vulkan[1]` on a machine with one Vulkan device is an
// error naming the global; an element type the backend has
// no shaders for yet is a load error naming the op's line; a device number
// past the machine's is an error. --print-devices writes the Vulkan device
// with its limits as a #device.target that --device-target-registry takes.

// RUN: xrun %S/../../examples/mlp.mlir --function=mlp --target-device=cpu=local --target-device=gpu=vulkan --device-plan=auto-transfer=true --device=local --device=vulkan --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 | xcheck %s --check-prefix=MLP
// RUN: xrun %S/../../examples/mlp.mlir --function=mlp --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --device=local --device=vulkan --trace --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 2>&1 >/dev/null | xcheck %s --check-prefix=SELECT
// RUN: xrun %S/../../examples/mlp.mlir --function=mlp --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --trace --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 2>&1 >/dev/null | xcheck %s --check-prefix=SELECT
// RUN: xrun %S/../../examples/mlp.mlir --function=mlp --target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --device=local --trace --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5 2>&1 >/dev/null | xcheck %s --check-prefix=HIDDEN
// RUN: xrun %S/Inputs/vulkan-fallback.mlir --function=k --device-plan=auto-transfer=true --device=local --device=vulkan --trace --input="4xf32=0 1 2 3" 2>&1 | xcheck %s --check-prefix=FALLBACK
// RUN: xrun %S/Inputs/vulkan-fallback.mlir --function=k --device-plan=auto-transfer=true --device=local --trace --input="4xf32=0 1 2 3" 2>&1 | xcheck %s --check-prefix=FALLBACK-LOCAL
// RUN: not xrun %s --function=f --target-device='vulkan[1]' --device=vulkan --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=-1 -2 -3" 2>&1 | xcheck %s --check-prefix=ORDINAL
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=-1 -2 -3" | xcheck %s --check-prefix=F --match-full-lines
// RUN: xrun %s --function=g --target-device=vulkan --device=vulkan://0 --input="2x3xi32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=G --match-full-lines
// RUN: not xrun %s --function=h --target-device=vulkan --device=vulkan --input="4xf16=1 2 3 4" 2>&1 | xcheck %s --check-prefix=H
// RUN: xrun --print-devices | xcheck %s --check-prefix=ALL --match-full-lines
// RUN: xrun --print-devices --device=vulkan > %t.registry
// RUN: echo 'module attributes {device.targets = {g = #device.alias<"vulkan">}} {}' | xopt - --device-assignment-pipeline --device-target-registry=%t.registry | xcheck %s --check-prefix=REG
// RUN: not xrun %s --function=f --target-device=vulkan --device=vulkan://7 --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=-1 -2 -3" 2>&1 | xcheck %s --check-prefix=N

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  %2 = graph.exp %1 : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

func.func @g(%a: tensor<2x3xi32>) -> tensor<2xi32> {
  %0 = graph.mul %a, %a : tensor<2x3xi32>
  %1 = graph.reduce_sum %0 axes = [1] : tensor<2x3xi32> -> tensor<2xi32>
  return %1 : tensor<2xi32>
}

func.func @h(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = graph.add %a, %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// MLP: EXEC @mlp
// MLP-NEXT: result[0]: hal.buffer_view
// MLP-NEXT: 8x10xf32=[1.62598 1.62598 1.62598 1.62598 1.62598 1.62598 1.62598 1.62598 1.62598 1.62598]
// SELECT-DAG: xrun: trace: local0-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}mlp.mlir:12:10
// SELECT-DAG: xrun: trace: vulkan1-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}mlp.mlir:15:10
// SELECT-DAG: xrun: trace: vulkan1-q0 {{[0-9.]+}} {{[0-9.]+}} us: copy 4096 bytes
// HIDDEN-DAG: xrun: trace: local0-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}mlp.mlir:12:10
// HIDDEN-DAG: xrun: trace: local0-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}mlp.mlir:15:10
// HIDDEN-NOT: vulkan
// FALLBACK: 4xf32=1 0.367879 0.135335 0.0497871
// FALLBACK: xrun: trace: vulkan1-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}vulkan-fallback.mlir:5:10
// FALLBACK-LOCAL: 4xf32=1 0.367879 0.135335 0.0497871
// FALLBACK-LOCAL: xrun: trace: local0-q0 {{[0-9.]+}} {{[0-9.]+}} us: dispatch at {{.*}}vulkan-fallback.mlir:5:10
// ORDINAL: xrun: error: no device for @__device_0 = #device.target<"vulkan", {ordinal = 1 : i64{{.*}}; devices available: vulkan (#device.target<"vulkan"
// F: EXEC @f
// F-NEXT: result[0]: hal.buffer_view
// F-NEXT: 2x3xf32=[1 1 1][20.0855 20.0855 20.0855]
// G: EXEC @g
// G-NEXT: result[0]: hal.buffer_view
// G-NEXT: 2xi32=14 77
// H: xrun: error: cannot load @h_dispatch_0::vulkan: {{.*}}vulkan.mlir:{{[0-9]+}}:8: in kernel @h_dispatch_0: element type f16 is not supported on vulkan
// ALL:      #device.target<"local", {cpu = "host"}, ["cranelift"]>
// ALL-NEXT: #device.target<"reference", {}, ["graph"]>
// ALL-NEXT: #device.target<"vulkan", {device_name = "{{[^"]+}}", device_type = "{{[a-z_]+}}", api_version = "{{[0-9.]+}}", max_workgroup_size = array<i64: {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}>, max_workgroup_invocations = {{[0-9]+}}, max_workgroup_count = array<i64: {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}>, max_shared_memory = {{[0-9]+}}, max_storage_buffer_range = {{[0-9]+}}, {{(subgroup_size = [0-9]+, )?}}shader_float64 = {{[01]}}, shader_int64 = {{[01]}}}, ["spirv"]>
// REG: device.global @g = #device.target<"vulkan", {api_version = {{.*}}max_storage_buffer_range = {{[0-9]+}} : i64, max_workgroup_count = array<i64: {{.*}}>{{.*}}}, ["spirv"]>
// N: xrun: --device=vulkan://7: driver 'vulkan' has 1 device(s), no device 7
