// device-materialize: one device.global per device, in device order, at the start of
// the module; device.default = the first device, device.host = the first `local`
// device, else the default device.
// RUN: xopt %s --split-input-file --device-materialize | xcheck %s

// device.order fixes the order; the dictionary alone would give @cpu first.
// CHECK-LABEL: module attributes {device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>} {
// CHECK-NEXT: device.global @gpu = #device.alias<"vulkan">
// CHECK-NEXT: device.global @cpu = #device.alias<"local">
// CHECK-NEXT: func.func @f
module attributes {device.order = [@gpu, @cpu], device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f() {
    return
  }
}

// -----

// Without device.order: key order. No local device: the host is the default device.
// CHECK-LABEL: module attributes {device.default = #device.affinity<@a>, device.host = #device.affinity<@a>} {
// CHECK-NEXT: device.global @a = #device.alias<"vulkan"[1]>
// CHECK-NEXT: device.global @b = #device.alias<"vulkan"[0]>
// CHECK-NEXT: }
module attributes {device.targets = {b = #device.alias<"vulkan"[0]>, a = #device.alias<"vulkan"[1]>}} {}

// -----

// A given default or host is kept; the host falls back to the given default.
// CHECK-LABEL: module attributes {device.default = #device.affinity<@b>, device.host = #device.affinity<@b>} {
// CHECK-NEXT: device.global @a = #device.target<"vulkan", {}, []>
// CHECK-NEXT: device.global @b = #device.select<[#device.alias<"vulkan">, #device.alias<"local">]>
module attributes {device.default = #device.affinity<@b>, device.targets = {a = #device.target<"vulkan">, b = #device.select<[#device.alias<"vulkan">, #device.alias<"local">]>}} {}

// -----

// CHECK-LABEL: module attributes {device.default = #device.affinity<@a>, device.host = #device.affinity<@c>} {
// CHECK-NEXT: device.global @a
// CHECK-NEXT: device.global @c = #device.target<"local", {}, []>
// CHECK-NEXT: device.global @b = #device.fallback<@a>
module attributes {device.order = [@a, @c, @b], device.targets = {a = #device.alias<"vulkan">, b = #device.fallback<@a>, c = #device.target<"local">}} {}

// -----

// Already materialized (hand-written globals): only the defaults are filled in, in the
// globals' order.
// CHECK-LABEL: module attributes {device.default = #device.affinity<@y>, device.host = #device.affinity<@x>} {
// CHECK-NEXT: device.global @y = #device.alias<"vulkan">
// CHECK-NEXT: device.global @x = #device.alias<"local">
module {
  device.global @y = #device.alias<"vulkan">
  device.global @x = #device.alias<"local">
}

// -----

// No devices: nothing changes.
// CHECK-LABEL: module {
// CHECK-NEXT: }
module {}
