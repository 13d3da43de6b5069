// A promise naming no device is an error at the op that uses it.
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics --device-resolve-promises

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-error@+1 {{'test.op' op #device.promise<@tpu> names no declared device (declared devices: @cpu, @gpu)}}
  "test.op"() {p = [#device.promise<@tpu>]} : () -> ()
}

// -----

module {
  // expected-error@+1 {{'func.func' op #device.promise<@x> names no declared device (no devices are declared)}}
  func.func @f(%arg0: i32 {test.place = #device.promise<@x>}) {
    return
  }
}
