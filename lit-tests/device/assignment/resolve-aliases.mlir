// device-resolve-aliases: each #device.alias becomes the full #device.target of its
// kind (the ordinal goes into the config), inside select lists too.
// RUN: xopt %s --split-input-file --device-resolve-aliases | xcheck %s
// RUN: xopt %s --split-input-file --device-resolve-aliases --device-target-registry=%S/Inputs/registry.txt | xcheck %s --check-prefix=FILE
// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(device-resolve-aliases{registry=%S/Inputs/registry.txt})' | xcheck %s --check-prefix=FILE

// CHECK: device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
// CHECK: device.global @gpu = #device.select<[#device.target<"vulkan", {ordinal = 1 : i64, spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
// CHECK: device.global @t = #device.target<"custom", {}, []>
// FILE: device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
// FILE: device.global @gpu = #device.select<[#device.target<"vulkan", {ordinal = 1 : i64, spirv_version = "1.6"}, ["spirv", "spirv-khr"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
module {
  device.global @cpu = #device.alias<"local">
  device.global @gpu = #device.select<[#device.alias<"vulkan"[1]>, #device.alias<"local">]>
  device.global @t = #device.target<"custom">
}
