// device.affinity is verified wherever it is written: on ops, and in the
// argument and result attributes of functions; a device missing from
// device.targets is named, with the nearest declared one and the list.
// RUN: xopt %s --split-input-file --verify-diagnostics

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-error@+1 {{'func.func' op 'device.affinity' must be a #device.affinity or #device.promise, got "str"}}
  func.func @f(%a: tensor<4xf32> {device.affinity = "str"}) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

// -----

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-error@+1 {{'func.func' op 'device.affinity' must be a #device.affinity or #device.promise, got {}}}
  func.func @f(%a: tensor<4xf32> {device.affinity = {}}) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

// -----

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-error@+1 {{'func.func' op 'device.affinity' must be a #device.affinity or #device.promise, got #device.alias<"local">}}
  func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32> {device.affinity = #device.alias<"local">}) {
    return %a : tensor<4xf32>
  }
}

// -----

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{'graph.relu' op 'device.affinity' names undeclared device '@gpux'; did you mean '@gpu'? (declared: @cpu, @gpu)}}
    %0 = graph.relu %a {device.affinity = #device.affinity<@gpux>} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

module attributes {device.targets = {cpu = #device.alias<"local">, accelerator = #device.alias<"vulkan">}} {
  // expected-error@+1 {{'func.func' op 'device.affinity' names undeclared device '@fpga' (declared: @accelerator, @cpu)}}
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@fpga>}) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
