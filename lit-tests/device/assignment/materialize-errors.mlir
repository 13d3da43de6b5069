// Every error of device-materialize, at the module that declares the devices.
// RUN: xopt %s --split-input-file --verify-diagnostics --device-materialize

// expected-error@+1 {{'device.order' names '@c', which is not in 'device.targets'}}
module attributes {device.order = [@a, @c], device.targets = {a = #device.alias<"local">, b = #device.alias<"local">}} {}

// -----

// expected-error@+1 {{'device.order' lists '@a' twice}}
module attributes {device.order = [@a, @a], device.targets = {a = #device.alias<"local">}} {}

// -----

// expected-error@+1 {{'device.order' misses device '@b' of 'device.targets'}}
module attributes {device.order = [@a], device.targets = {a = #device.alias<"local">, b = #device.alias<"local">}} {}

// -----

// expected-error@+1 {{'device.order' must be an array of device symbols, got ["a"]}}
module attributes {device.order = ["a"], device.targets = {a = #device.alias<"local">}} {}

// -----

// expected-error@+1 {{'device.order' is given without 'device.targets'}}
module attributes {device.order = [@a]} {}

// -----

// expected-error@+1 {{device '@a' of 'device.targets' is already defined}}
module attributes {device.targets = {a = #device.alias<"local">}} {
  // expected-note@+1 {{see the existing symbol}}
  func.func @a() {
    return
  }
}
