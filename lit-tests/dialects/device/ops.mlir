// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Every device attribute of docs/architecture.md §4 and device.global, custom and generic.
// Optional parts: `#device.alias<"kind"[ordinal]>`; `#device.affinity<@d,
// queues = [...], memory = "scope">` (either order on input, printed queues
// first); `#device.target<"kind">` gets an empty config and target list.

module attributes {
  device.targets = {
    cpu = #device.alias<"local">,
    gpu = #device.select<[#device.alias<"vulkan"[1]>, #device.target<"vulkan", {api = "1.3", subgroup = 32 : i32}, ["spirv-fb", #device.alias<"x">]>]>,
    late = #device.promise<@later>,
    backup = #device.fallback<@gpu>,
    bare = #device.target<"cuda">
  },
  device.default = #device.affinity<@gpu, memory = "device", queues = [0, 1]>,
  device.host = #device.affinity<@cpu>
} {
  device.global @cpu = #device.alias<"local">
  device.global private @gpu = #device.select<[#device.alias<"vulkan">, #device.fallback<@cpu>]>
  device.global @later = #device.promise<@later> {note}
  func.func @f(%x: i32 {device.affinity = #device.affinity<@gpu, queues = [2]>}) -> (i32 {device.affinity = #device.affinity<@cpu, memory = "host">}) attributes {device.affinity = #device.affinity<@cpu>} {
    return %x : i32
  }
}

// CHECK: module attributes {device.default = #device.affinity<@gpu, queues = [0, 1], memory = "device">, device.host = #device.affinity<@cpu>, device.targets = {backup = #device.fallback<@gpu>, bare = #device.target<"cuda", {}, []>, cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan"[1]>, #device.target<"vulkan", {api = "1.3", subgroup = 32 : i32}, ["spirv-fb", #device.alias<"x">]>]>, late = #device.promise<@later>}} {
// CHECK-NEXT: device.global @cpu = #device.alias<"local">
// CHECK-NEXT: device.global private @gpu = #device.select<[#device.alias<"vulkan">, #device.fallback<@cpu>]>
// CHECK-NEXT: device.global @later = #device.promise<@later> {note}
// CHECK-NEXT: func.func @f(%arg0: i32 {device.affinity = #device.affinity<@gpu, queues = [2]>}) -> (i32 {device.affinity = #device.affinity<@cpu, memory = "host">}) attributes {device.affinity = #device.affinity<@cpu>} {

// GEN: "device.global"() <{sym_name = "cpu", value = #device.alias<"local">}> : () -> ()
// GEN-NEXT: "device.global"() <{sym_name = "gpu", sym_visibility = "private", value = #device.select<[#device.alias<"vulkan">, #device.fallback<@cpu>]>}> : () -> ()
// GEN-NEXT: "device.global"() <{sym_name = "later", value = #device.promise<@later>}> {note} : () -> ()
// GEN: }) {device.default = #device.affinity<@gpu, queues = [0, 1], memory = "device">, device.host = #device.affinity<@cpu>, device.targets = {backup = #device.fallback<@gpu>, bare = #device.target<"cuda", {}, []>, cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan"[1]>, #device.target<"vulkan", {api = "1.3", subgroup = 32 : i32}, ["spirv-fb", #device.alias<"x">]>]>, late = #device.promise<@later>}} : () -> ()
