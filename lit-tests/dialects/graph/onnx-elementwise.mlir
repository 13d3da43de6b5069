// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom <-> generic round trips of the elementwise ops an ONNX importer
// needs: abs, sqrt, min, select, cast, compare, and/or/xor/not, sigmoid,
// log, pow, erf. Operand and property names of the generic form are fixed.

func.func @ops(%a: tensor<4x?xf32>, %b: tensor<4x?xf32>, %i: tensor<3xi64>, %c: tensor<4x?xi1>, %d: tensor<4x?xi1>) {
  %0 = graph.abs %a : tensor<4x?xf32>
  %1 = graph.abs %i : tensor<3xi64>
  %2 = graph.sqrt %a : tensor<4x?xf32>
  %3 = graph.min %a, %b : tensor<4x?xf32>
  %4 = graph.min %i, %i : tensor<3xi64>
  %5 = graph.select %c, %a, %b : tensor<4x?xi1>, tensor<4x?xf32>
  %6 = graph.cast %a : tensor<4x?xf32> -> tensor<4x?xi32>
  %7 = graph.cast %i : tensor<3xi64> -> tensor<3xf16>
  %8 = graph.compare lt, %a, %b : tensor<4x?xf32> -> tensor<4x?xi1>
  %9 = graph.compare ne, %i, %i {tag} : tensor<3xi64> -> tensor<3xi1>
  %10 = graph.and %c, %d : tensor<4x?xi1>
  %11 = graph.or %c, %d : tensor<4x?xi1>
  %12 = graph.xor %c, %d : tensor<4x?xi1>
  %13 = graph.not %c : tensor<4x?xi1>
  %14 = graph.sigmoid %a : tensor<4x?xf32>
  %15 = graph.log %a : tensor<4x?xf32>
  %16 = graph.pow %a, %b : tensor<4x?xf32>
  %17 = graph.erf %a : tensor<4x?xf32>
  return
}

// CHECK-LABEL: func.func @ops(
// CHECK-NEXT: %0 = graph.abs %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %1 = graph.abs %arg2 : tensor<3xi64>
// CHECK-NEXT: %2 = graph.sqrt %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %3 = graph.min %arg0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %4 = graph.min %arg2, %arg2 : tensor<3xi64>
// CHECK-NEXT: %5 = graph.select %arg3, %arg0, %arg1 : tensor<4x?xi1>, tensor<4x?xf32>
// CHECK-NEXT: %6 = graph.cast %arg0 : tensor<4x?xf32> -> tensor<4x?xi32>
// CHECK-NEXT: %7 = graph.cast %arg2 : tensor<3xi64> -> tensor<3xf16>
// CHECK-NEXT: %8 = graph.compare lt, %arg0, %arg1 : tensor<4x?xf32> -> tensor<4x?xi1>
// CHECK-NEXT: %9 = graph.compare ne, %arg2, %arg2 {tag} : tensor<3xi64> -> tensor<3xi1>
// CHECK-NEXT: %10 = graph.and %arg3, %arg4 : tensor<4x?xi1>
// CHECK-NEXT: %11 = graph.or %arg3, %arg4 : tensor<4x?xi1>
// CHECK-NEXT: %12 = graph.xor %arg3, %arg4 : tensor<4x?xi1>
// CHECK-NEXT: %13 = graph.not %arg3 : tensor<4x?xi1>
// CHECK-NEXT: %14 = graph.sigmoid %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %15 = graph.log %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %16 = graph.pow %arg0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %17 = graph.erf %arg0 : tensor<4x?xf32>
// CHECK-NEXT: return

// GEN-LABEL: "func.func"()
// GEN: %0 = "graph.abs"(%arg0) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %3 = "graph.min"(%arg0, %arg1) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %5 = "graph.select"(%arg3, %arg0, %arg1) : (tensor<4x?xi1>, tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %6 = "graph.cast"(%arg0) : (tensor<4x?xf32>) -> tensor<4x?xi32>
// GEN: %8 = "graph.compare"(%arg0, %arg1) <{predicate = "lt"}> : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xi1>
// GEN: %9 = "graph.compare"(%arg2, %arg2) <{predicate = "ne"}> {tag} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
// GEN: %13 = "graph.not"(%arg3) : (tensor<4x?xi1>) -> tensor<4x?xi1>
// GEN: %16 = "graph.pow"(%arg0, %arg1) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %17 = "graph.erf"(%arg0) : (tensor<4x?xf32>) -> tensor<4x?xf32>
