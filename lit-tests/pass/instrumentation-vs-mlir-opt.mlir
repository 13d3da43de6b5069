// IR dumps around real passes, compared byte for byte with mlir-opt's.
// REQUIRES: mlir-opt
// RUN: xopt %s --cse --canonicalize --mlir-print-ir-after-all --mlir-print-ir-after-change 2>%t.x >/dev/null
// RUN: mlir-opt %s --cse --canonicalize --mlir-print-ir-after-all --mlir-print-ir-after-change 2>%t.m >/dev/null
// RUN: diff %t.m %t.x
// RUN: xopt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-before-all 2>%t.x >/dev/null
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-before-all 2>%t.m >/dev/null
// RUN: diff %t.m %t.x
// RUN: xopt %s --cse --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading 2>%t.x >/dev/null
// RUN: mlir-opt %s --cse --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading 2>%t.m >/dev/null
// RUN: diff %t.m %t.x

func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %x = arith.addi %a, %c1 : i32
  %y = arith.addi %a, %c1 : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}

