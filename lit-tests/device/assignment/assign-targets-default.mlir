// --target-device replaces the devices; a device.default (or device.host) that
// names a device it drops is the pass's own error, at the module.
// RUN: not xopt %s --target-device=cpu=local --device-assignment-pipeline 2>&1 | xcheck %s
// The whole pipeline works on the promise form of the same module (b a promise of a).
// RUN: xopt %s --device-assignment-pipeline | xcheck %s --check-prefix=KEPT

// CHECK: assign-targets-default.mlir:[[#@LINE+3]]:1: error: device-assign-targets: 'device.default' names @b, which the given devices (@cpu) do not declare; name it with --target-device or drop 'device.default'
// KEPT: device.global @a = #device.target<"local", {cpu = "host"}, ["cranelift"]>
// KEPT: device.global @b = #device.fallback<@a>
module attributes {device.targets = {a = #device.alias<"local">, b = #device.promise<@a>}, device.default = #device.affinity<@b>} {
}
