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

// -----

// A promise may stand where an affinity goes (device.affinity on ops and arguments,
// device.default) until it is resolved.
// CHECK-LABEL: module attributes {device.default = #device.affinity<@gpu>, device.targets = {gpu = #device.alias<"vulkan">}}
// CHECK: func.func @g(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32>
// CHECK: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
module attributes {device.default = #device.promise<@gpu>, device.targets = {gpu = #device.alias<"vulkan">}} {
  func.func @g(%arg0: tensor<4xf32> {device.affinity = #device.promise<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %arg0 {device.affinity = #device.promise<@gpu>} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// Where a device is expected (a device.targets entry, a select candidate, a
// device.global's value), a promise becomes a fallback to the device it names.
// CHECK-LABEL: module attributes {device.targets = {a = #device.alias<"local">, b = #device.fallback<@a>, c = #device.select<[#device.fallback<@a>, #device.alias<"vulkan">]>}}
// CHECK: func.func @h(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@b>})
module attributes {device.targets = {a = #device.alias<"local">, b = #device.promise<@a>, c = #device.select<[#device.promise<@a>, #device.alias<"vulkan">]>}} {
  func.func @h(%x: tensor<4xf32> {device.affinity = #device.affinity<@b>}) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

// -----

// CHECK-LABEL: module
// CHECK: device.global @a = #device.alias<"local">
// CHECK: device.global @g = #device.fallback<@a>
module {
  device.global @a = #device.alias<"local">
  device.global @g = #device.promise<@a>
}
