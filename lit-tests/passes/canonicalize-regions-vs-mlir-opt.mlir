// Inputs/canonicalize-regions.mlir through xopt and mlir-opt 22 at every
// region-simplify level, byte for byte, nested under func.func as MLIR's
// tests run it and on the module.
// REQUIRES: mlir-opt
// RUN: xopt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --canonicalize > %t.x
// RUN: mlir-opt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --canonicalize > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' > %t.x
// RUN: mlir-opt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=disabled}))' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=normal}))' > %t.x
// RUN: mlir-opt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=normal}))' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' > %t.x
// RUN: mlir-opt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{region-simplify=aggressive}))' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --canonicalize='region-simplify=aggressive' --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %S/Inputs/canonicalize-regions.mlir --allow-unregistered-dialect --canonicalize='region-simplify=aggressive' --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
