// device-assign-targets: --target-device flags (repeatable, in device order) and the
// targets= option share one grammar; device.order keeps the order the dictionary loses.
// RUN: xopt %s --split-input-file --target-device=gpu=vulkan[1],local --target-device=local --target-device='#device.target<"x", {a = 1}, ["y"]>' | xcheck %s --check-prefix=FLAGS
// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(device-assign-targets{targets={gpu=vulkan[1],local},local,{#device.target<"x", {a = 1}, ["y"]>}})' | xcheck %s --check-prefix=FLAGS
// RUN: xopt %s --split-input-file --device-assign-targets | xcheck %s --check-prefix=NOFLAGS
// RUN: xopt %s --target-device=local --dump-pass-pipeline -o /dev/null 2>&1 | xcheck %s --check-prefix=IMPLIED
// RUN: xopt %s --target-device=cpu=local --device-assignment-pipeline --dump-pass-pipeline -o /dev/null 2>&1 | xcheck %s --check-prefix=CONFIGURED
// RUN: xopt %s --split-input-file --target-device=b=local --target-device=a=vulkan | xcheck %s --check-prefix=ORDER

// FLAGS-LABEL: module attributes
// FLAGS-SAME: device.order = [@gpu, @__device_1, @__device_2]
// FLAGS-SAME: device.targets = {__device_1 = #device.alias<"local">, __device_2 = #device.target<"x", {a = 1 : i64}, ["y"]>, gpu = #device.select<[#device.alias<"vulkan"[1]>, #device.alias<"local">]>}
// NOFLAGS: module {
// ORDER: module attributes {device.order = [@b, @a], device.targets = {a = #device.alias<"vulkan">, b = #device.alias<"local">}}
module {}

// -----

// An existing device.targets is left alone without flags, and replaced with them.
// NOFLAGS: module attributes {device.targets = {old = #device.alias<"vulkan">}}
// FLAGS: device.order = [@gpu, @__device_1, @__device_2]
// FLAGS-NOT: old
// ORDER: module attributes {device.order = [@b, @a], device.targets = {a = #device.alias<"vulkan">, b = #device.alias<"local">}}
module attributes {device.targets = {old = #device.alias<"vulkan">}} {}

// A --target-device flag is never ignored: without device-assign-targets in the
// pipeline, one runs first; with one, the flags configure it.
// IMPLIED: builtin.module(
// IMPLIED-NEXT: device-assign-targets{targets={local}}
// IMPLIED-NEXT: )
// CONFIGURED: builtin.module(
// CONFIGURED-NEXT: device-assign-targets{targets={cpu=local}}
// CONFIGURED-NEXT: device-materialize
