// --compile-to=flow lowers planned graph IR after the given passes; levels without a
// conversion yet are rejected, and it cannot be mixed with --pass-pipeline.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xcheck %s
// RUN: not xopt %s --compile-to=llvm 2>&1 | xcheck %s --check-prefix=LEVEL
// RUN: not xopt %s --compile-to=flow --pass-pipeline='builtin.module()' 2>&1 | xcheck %s --check-prefix=MIX

// CHECK: flow.executable private @mlp_dispatch_0 {
// CHECK: graph.matmul
// CHECK: flow.executable private @mlp_dispatch_1 {
// CHECK-LABEL: func.func @mlp(
// CHECK: %0 = flow.dispatch @mlp_dispatch_0::@mlp_dispatch_0(%arg0, %arg1, %arg2) on(#device.affinity<@cpu>)
// CHECK-NEXT: %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: %2 = flow.dispatch @mlp_dispatch_1::@mlp_dispatch_1(%1, %arg3, %arg4) on(#device.affinity<@gpu>)
// CHECK-NEXT: %3 = flow.tensor.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: return %3
// CHECK-NOT: graph.

// LEVEL: invalid value 'llvm' for '--compile-to=<COMPILE_TO>'

// MIX: error: '-pass-pipeline' option can't be used with '--compile-to'
