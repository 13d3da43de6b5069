// canonicalize-unreachable.mlir through xopt and mlir-opt 22 at every
// region-simplify level, byte for byte.
// REQUIRES: mlir-opt
// RUN: xopt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize > %t.x
// RUN: mlir-opt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize='region-simplify=disabled' > %t.x
// RUN: mlir-opt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize='region-simplify=disabled' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize='region-simplify=aggressive' > %t.x
// RUN: mlir-opt %S/canonicalize-unreachable.mlir --allow-unregistered-dialect --canonicalize='region-simplify=aggressive' > %t.m
// RUN: diff %t.m %t.x
