// canonicalize-scf-if.mlir through xopt and mlir-opt 22, byte for byte: custom
// and generic form, with locations (a new op takes the if's location; a
// constant that absorbs a duplicate loses its own), bottom-up, without region
// simplification, and nested on each function as MLIR's own SCF tests run it.
// REQUIRES: mlir-opt
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize --mlir-print-op-generic > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize='top-down=false' > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize='top-down=false' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize='region-simplify=disabled' > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --canonicalize='region-simplify=disabled' > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %S/canonicalize-scf-if.mlir --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' > %t.x
// RUN: mlir-opt %S/canonicalize-scf-if.mlir --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' > %t.m
// RUN: diff %t.m %t.x
