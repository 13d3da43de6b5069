// canonicalize-wide-int.mlir through xopt and mlir-opt 22, byte for byte, in
// the custom and the generic form.
// REQUIRES: mlir-opt
// RUN: xopt %S/canonicalize-wide-int.mlir --canonicalize > %t.x
// RUN: mlir-opt %S/canonicalize-wide-int.mlir --canonicalize > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-wide-int.mlir --canonicalize --mlir-print-op-generic > %t.x
// RUN: mlir-opt %S/canonicalize-wide-int.mlir --canonicalize --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x
