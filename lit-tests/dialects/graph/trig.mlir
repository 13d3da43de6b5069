// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom <-> generic round trips of graph.sin and graph.cos (float
// elementwise, operand `input`), on every float type.

func.func @trig(%a: tensor<4x?xf32>, %h: tensor<3xf16>, %b: tensor<2xbf16>, %d: tensor<f64>) {
  %0 = graph.sin %a : tensor<4x?xf32>
  %1 = graph.cos %a : tensor<4x?xf32>
  %2 = graph.sin %h : tensor<3xf16>
  %3 = graph.cos %b {tag} : tensor<2xbf16>
  %4 = graph.sin %d : tensor<f64>
  %5 = graph.cos %d : tensor<f64>
  return
}

// CHECK-LABEL: func.func @trig(
// CHECK-NEXT: %0 = graph.sin %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %1 = graph.cos %arg0 : tensor<4x?xf32>
// CHECK-NEXT: %2 = graph.sin %arg1 : tensor<3xf16>
// CHECK-NEXT: %3 = graph.cos %arg2 {tag} : tensor<2xbf16>
// CHECK-NEXT: %4 = graph.sin %arg3 : tensor<f64>
// CHECK-NEXT: %5 = graph.cos %arg3 : tensor<f64>
// CHECK-NEXT: return

// GEN-LABEL: "func.func"()
// GEN: %0 = "graph.sin"(%arg0) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %1 = "graph.cos"(%arg0) : (tensor<4x?xf32>) -> tensor<4x?xf32>
// GEN: %3 = "graph.cos"(%arg2) {tag} : (tensor<2xbf16>) -> tensor<2xbf16>
// GEN: %5 = "graph.cos"(%arg3) : (tensor<f64>) -> tensor<f64>
