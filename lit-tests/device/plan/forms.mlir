// RUN: xopt %s --split-input-file --device-plan --device-minimize | xcheck %s --check-prefix=MIN
// RUN: xopt %s --split-input-file --device-plan > %t.plan
// RUN: xopt %s --split-input-file --device-plan --device-minimize --device-expand > %t.round
// RUN: diff %t.plan %t.round
// RUN: xopt %S/auto-transfer.mlir --split-input-file --pass-pipeline='builtin.module(device-plan{auto-transfer=true})' > %t.plan2
// RUN: xopt %t.plan2 --split-input-file --device-minimize --device-expand > %t.round2
// RUN: diff %t.plan2 %t.round2
// RUN: xopt %S/placement.mlir --split-input-file --device-plan > %t.plan3
// RUN: xopt %t.plan3 --split-input-file --device-minimize --device-expand > %t.round3
// RUN: diff %t.plan3 %t.round3

// The minimal form keeps function affinities, transfers (from/to) and ops with no
// tensor operand; expand rebuilds the rest exactly.
// MIN-LABEL: func.func @forms
// MIN-SAME: (%arg0: tensor<?xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<?xf32> {device.affinity = #device.affinity<@cpu>}, index)
// MIN-NEXT: %0 = graph.constant {device.affinity = #device.affinity<@gpu>} dense<1.000000e+00> : tensor<4xf32>
// MIN-NEXT: %1 = graph.relu %arg0 : tensor<?xf32>
// MIN-NEXT: %2 = graph.dim %1, 0 : tensor<?xf32>
// MIN-NEXT: %3 = graph.transfer %1 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<?xf32>
// MIN-NEXT: %4 = graph.exp %3 : tensor<?xf32>
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@gpu>} {
  func.func @forms(%a: tensor<?xf32>) -> (tensor<?xf32> {device.affinity = #device.affinity<@cpu>}, index) {
    %c = graph.constant dense<1.0> : tensor<4xf32>
    %0 = graph.relu %a : tensor<?xf32>
    %n = graph.dim %0, 0 : tensor<?xf32>
    %1 = graph.transfer %0 to #device.affinity<@cpu> : tensor<?xf32>
    %2 = graph.exp %1 : tensor<?xf32>
    return %2, %n : tensor<?xf32>, index
  }
}
