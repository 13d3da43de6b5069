// device-resolve-promises: every #device.promise<@x> becomes #device.affinity<@x>:
// in discardable attributes, properties, arg_attrs/res_attrs, arrays and dictionaries.
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --device-resolve-promises | xcheck %s

// CHECK-LABEL: module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}}
// CHECK: func.func @f(%arg0: i32 {test.place = #device.affinity<@gpu>}) -> (i32 {test.place = #device.affinity<@cpu>}) attributes {test.all = [#device.affinity<@gpu>, {x = #device.affinity<@cpu>}]}
// CHECK: "test.op"() <{p = #device.affinity<@gpu>}> {q = #device.fallback<@gpu>} : () -> ()
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f(%arg0: i32 {test.place = #device.promise<@gpu>}) -> (i32 {test.place = #device.promise<@cpu>}) attributes {test.all = [#device.promise<@gpu>, {x = #device.promise<@cpu>}]} {
    "test.op"() <{p = #device.promise<@gpu>}> {q = #device.fallback<@gpu>} : () -> ()
    return %arg0 : i32
  }
}

// -----

// Devices declared as device.globals count too.
// CHECK-LABEL: module
// CHECK: "test.op"() {p = #device.affinity<@g>} : () -> ()
module {
  device.global @g = #device.alias<"local">
  "test.op"() {p = #device.promise<@g>} : () -> ()
}
