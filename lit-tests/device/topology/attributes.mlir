// #device.ordinal<N> (the N-th runtime device), #device.optimal<[...]> (the
// runtime picks the best available candidate) and device.topology's
// #device.link<@a, @b, shared_memory>: round trips, generic form included.
// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// The assignment pipeline gives an ordinal the targets xir builds code for.
// RUN: xopt %s --device-assignment-pipeline | xcheck %s --check-prefix=RESOLVED

// CHECK: module attributes {device.targets = {best = #device.optimal<[#device.alias<"vulkan">, #device.alias<"local">]>, cpu = #device.alias<"local">, first = #device.ordinal<0>}, device.topology = [#device.link<@cpu, @first, shared_memory>]}
// RESOLVED: device.global @best = #device.optimal<[#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
// RESOLVED: device.global @first = #device.ordinal<0, [#device.target<"local", {cpu = "host"}, ["cranelift"]>, #device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>]>
module attributes {device.targets = {first = #device.ordinal<0>, cpu = #device.alias<"local">, best = #device.optimal<[#device.alias<"vulkan">, #device.alias<"local">]>}, device.topology = [#device.link<@cpu, @first, shared_memory>]} {
}
