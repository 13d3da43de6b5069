// device-assignment-pipeline: flags → device.targets → device.globals in flag order
// → promises → aliases. Running it again changes nothing.
// RUN: xopt %s --target-device=gpu=vulkan[1],local --target-device=cpu=local --device-assignment-pipeline | xcheck %s
// RUN: xopt %s --target-device=gpu=vulkan[1],local --target-device=cpu=local --device-assignment-pipeline > %t
// RUN: xopt %t --device-assignment-pipeline | diff %t -
// RUN: xopt %t --device-assignment-pipeline --device-assignment-pipeline | diff %t -
// RUN: xopt %s --pass-pipeline='builtin.module(device-assignment-pipeline)' --target-device=gpu=vulkan[1],local --target-device=cpu=local | diff %t -

// CHECK-LABEL: module attributes {device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>} {
// CHECK-NEXT: device.global @gpu = #device.select<[#device.target<"vulkan", {ordinal = 1 : i64, spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
// CHECK-NEXT: device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
// CHECK-NEXT: func.func @f(%arg0: i32 {test.place = #device.affinity<@gpu>})
module {
  func.func @f(%arg0: i32 {test.place = #device.promise<@gpu>}) {
    return
  }
}
