// RUN: xopt %s --split-input-file --verify-diagnostics

// Every parse and verifier message of the device dialect.

// expected-error@+1 {{#device.select needs at least one device}}
module attributes {device.targets = {a = #device.select<[]>}} {}

// -----

// expected-error@+1 {{#device.select expects devices, got #device.affinity<@a>}}
module attributes {device.targets = {a = #device.select<[#device.affinity<@a>]>}} {}

// -----

// expected-error@+1 {{unknown device attribute 'nope'}}
module attributes {device.targets = {a = #device.nope<1>}} {}

// -----

// expected-error@+1 {{expected device kind string}}
module attributes {device.targets = {a = #device.alias<local>}} {}

// -----

// expected-error@+1 {{expected '{' to begin the device configuration}}
module attributes {device.targets = {a = #device.target<"vulkan", [1]>}} {}

// -----

// expected-error@+1 {{expected '[' to begin the executable targets}}
module attributes {device.targets = {a = #device.target<"vulkan", {}, {}>}} {}

// -----

// expected-error@+1 {{expected '[' to begin the device list}}
module attributes {device.targets = {a = #device.select<#device.alias<"local">>}} {}

// -----

// expected-error@+1 {{expected device symbol '@name'}}
module attributes {device.default = #device.affinity<"gpu">} {}

// -----

// expected-error@+1 {{expected 'queues' or 'memory'}}
module attributes {device.default = #device.affinity<@gpu, stream = 1>} {}

// -----

// expected-error@+1 {{'queues' given twice}}
module attributes {device.default = #device.affinity<@gpu, queues = [0], queues = [1]>} {}

// -----

// expected-error@+1 {{'memory' given twice}}
module attributes {device.default = #device.affinity<@gpu, memory = "a", memory = "b">} {}

// -----

// expected-error@+1 {{expected queue ordinal}}
module attributes {device.default = #device.affinity<@gpu, queues = [a]>} {}

// -----

// expected-error@+1 {{expected device ordinal}}
module attributes {device.targets = {a = #device.alias<"vulkan"[x]>}} {}

// -----

// expected-error@+1 {{'builtin.module' op 'device.targets' must be a dictionary of devices, got 1 : i64}}
module attributes {device.targets = 1} {}

// -----

// expected-error@+1 {{'builtin.module' op device 'a' must be a device attribute, got #device.affinity<@b>}}
module attributes {device.targets = {a = #device.affinity<@b>}} {}

// -----

// expected-error@+1 {{'builtin.module' op device 'a' falls back to undeclared device '@b'}}
module attributes {device.targets = {a = #device.fallback<@b>}} {}

// -----

// expected-error@+1 {{'builtin.module' op 'device.default' must be a #device.affinity or #device.promise, got #device.alias<"local">}}
module attributes {device.default = #device.alias<"local">, device.targets = {a = #device.alias<"local">}} {}

// -----

// expected-error@+1 {{'builtin.module' op 'device.host' names undeclared device '@b'}}
module attributes {device.host = #device.affinity<@b>, device.targets = {a = #device.alias<"local">}} {}

// -----

module {
  // expected-error@+1 {{'func.func' op 'device.affinity' must be a #device.affinity or #device.promise, got "gpu"}}
  func.func @f() attributes {device.affinity = "gpu"} {
    return
  }
}

// -----

module {
  device.global @cpu = #device.alias<"local">
  func.func @f(%x: tensor<4xf32>) {
    // expected-error@+1 {{'graph.on_device' op affinity names '@gpu', which is no device.global}}
    %0 = graph.on_device %x on #device.affinity<@gpu> : tensor<4xf32>
    return
  }
}

// -----

module {
  // expected-error@+1 {{'device.global' op fallback names '@nope', which is no device.global}}
  device.global @cpu = #device.fallback<@nope>
}

// -----

// expected-error@+1 {{'device.global' op attribute 'value' failed to satisfy constraint: device attribute}}
device.global @cpu = #device.affinity<@cpu>

// -----

// `ops` (the ops a target runs) must list full op names.
// expected-error@+1 {{device 'npu': 'ops' of a device target must list full op names like "graph.add", got 1 : i64}}
module attributes {device.targets = {npu = #device.target<"npu", {ops = [1]}, []>}} {
}

// -----

// expected-error@+1 {{device 'npu': 'ops' of a device target must list full op names like "graph.add", got "relu"}}
module attributes {device.targets = {npu = #device.select<[#device.target<"npu", {ops = ["relu"]}, []>]>}} {
}

// -----

// expected-error@+1 {{device 'npu': 'ops' of a device target must be an array of op names}}
module attributes {device.targets = {npu = #device.target<"npu", {ops = "graph.add"}, []>}} {
}

// -----

module {
  // expected-error@+1 {{'device.global' op 'ops' of a device target must list full op names like "graph.add", got ".x"}}
  device.global @npu = #device.target<"npu", {ops = [".x"]}, []>
}
