// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// hal.device.resolve names a device.global: two globals with the same
// target are two devices at run time (`xrun --device=local --device=local`).

module {
  device.global @a = #device.target<"local", {}, []>
  device.global @b = #device.target<"local", {}, []>
  func.func @f() -> (!hal.device, !hal.device) {
    %a = hal.device.resolve #device.affinity<@a> : !hal.device
    %b = hal.device.resolve #device.affinity<@b> : !hal.device
    return %a, %b : !hal.device, !hal.device
  }
}

// CHECK-LABEL: func.func @f()
// CHECK-NEXT: %0 = hal.device.resolve #device.affinity<@a> : !hal.device
// CHECK-NEXT: %1 = hal.device.resolve #device.affinity<@b> : !hal.device
// GEN: "hal.device.resolve"() <{device = #device.affinity<@a>}> : () -> !hal.device
