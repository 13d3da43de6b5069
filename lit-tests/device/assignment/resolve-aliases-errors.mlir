// An unknown kind is an error at the op using it, listing the known kinds.
// RUN: xopt %s --split-input-file --verify-diagnostics --device-resolve-aliases

module {
  // expected-error@+1 {{'device.global' op unknown device kind 'cuda'; known kinds: local, reference, vulkan}}
  device.global @g = #device.select<[#device.alias<"local">, #device.alias<"cuda"[0]>]>
}

// -----

// expected-error@+1 {{'builtin.module' op unknown device kind 'tpu'; known kinds: local, reference, vulkan}}
module attributes {device.targets = {t = #device.alias<"tpu">}} {}
