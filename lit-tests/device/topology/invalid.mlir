// RUN: xopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{#device.link links '@a' to itself}}
module attributes {device.targets = {a = #device.alias<"local">}, device.topology = [#device.link<@a, @a, shared_memory>]} {}

// -----

// expected-error@+1 {{#device.link names undeclared device '@b'}}
module attributes {device.targets = {a = #device.alias<"local">}, device.topology = [#device.link<@a, @b, shared_memory>]} {}

// -----

// expected-error@+1 {{'device.topology' must be an array of #device.link, got #device.alias<"local">}}
module attributes {device.targets = {a = #device.alias<"local">}, device.topology = [#device.alias<"local">]} {}

// -----

// expected-error@+1 {{expected a link kind: 'shared_memory'}}
module attributes {device.topology = [#device.link<@a, @b, pcie>]} {}

// -----

// expected-error@+1 {{#device.optimal needs at least one device}}
module attributes {device.targets = {a = #device.optimal<[]>}} {}

// -----

// expected-error@+1 {{#device.ordinal expects targets, got #device.alias<"local">}}
module attributes {device.targets = {a = #device.ordinal<0, [#device.alias<"local">]>}} {}
