// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s

// convert-graph-to-kernel of the ONNX elementwise ops: abs/sqrt/log/erf/pow
// of floats become kernel.abs/sqrt/log/erf/pow, min arith.minimumf /
// arith.minsi, integer abs max(x, 0 - x), sigmoid e = exp(-|x|) with
// 1 / (1 + e) or e / (1 + e) by sign, compare arith.cmpf (ordered, une for
// ne) / arith.cmpi (signed), select arith.select, not an xori with true,
// cast kernel.cast. A compare fuses with the select that reads it (shapes
// match, element types differ); an i1 two ops of one stage read is computed
// once in its body (no i1 buffer).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
    %0 = graph.abs %a : tensor<8xf32>
    %1 = graph.sqrt %0 : tensor<8xf32>
    %2 = graph.log %1 : tensor<8xf32>
    %3 = graph.erf %2 : tensor<8xf32>
    %4 = graph.pow %3, %b : tensor<8xf32>
    %5 = graph.min %4, %a : tensor<8xf32>
    %6 = graph.sigmoid %5 : tensor<8xf32>
    %c = graph.compare lt, %a, %b : tensor<8xf32> -> tensor<8xi1>
    %7 = graph.select %c, %6, %b : tensor<8xi1>, tensor<8xf32>
    return %7 : tensor<8xf32>
  }
  func.func @g(%a: tensor<8xf32>, %i: tensor<8xi32>) -> tensor<8xi32> {
    %8 = graph.cast %a : tensor<8xf32> -> tensor<8xi32>
    %9 = graph.abs %i : tensor<8xi32>
    %10 = graph.min %8, %9 : tensor<8xi32>
    %n = graph.compare ne, %10, %i : tensor<8xi32> -> tensor<8xi1>
    %x = graph.not %n : tensor<8xi1>
    %y = graph.xor %x, %n : tensor<8xi1>
    %z = graph.cast %y : tensor<8xi1> -> tensor<8xi32>
    return %z : tensor<8xi32>
  }
}
// CHECK-LABEL: func.func @f_dispatch_0() {
// CHECK: kernel.generic ins(%{{.+}}, %{{.+}} : memref<8xf32>, memref<8xf32>) outs(%{{.+}} : memref<8xf32>)
// CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[C:.+]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[ABS:.+]] = kernel.abs %[[A]] : f32
// CHECK-NEXT: %[[SQ:.+]] = kernel.sqrt %[[ABS]] : f32
// CHECK-NEXT: %[[LOG:.+]] = kernel.log %[[SQ]] : f32
// CHECK-NEXT: %[[ERF:.+]] = kernel.erf %[[LOG]] : f32
// CHECK-NEXT: %[[POW:.+]] = kernel.pow %[[ERF]], %[[B]] : f32
// CHECK-NEXT: %[[MIN:.+]] = arith.minimumf %[[POW]], %[[A]] : f32
// CHECK-NEXT: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[M:.+]] = kernel.abs %[[MIN]] : f32
// CHECK-NEXT: %[[NM:.+]] = arith.negf %[[M]] : f32
// CHECK-NEXT: %[[E:.+]] = kernel.exp %[[NM]] : f32
// CHECK-NEXT: %[[D:.+]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT: %[[R:.+]] = arith.divf %[[ONE]], %[[D]] : f32
// CHECK-NEXT: %[[ER:.+]] = arith.mulf %[[E]], %[[R]] : f32
// CHECK-NEXT: %[[POS:.+]] = arith.cmpf oge, %[[MIN]], %[[ZERO]] : f32
// CHECK-NEXT: %[[SIG:.+]] = arith.select %[[POS]], %[[R]], %[[ER]] : f32
// CHECK-NEXT: %[[SEL:.+]] = arith.select %[[C]], %[[SIG]], %[[B]] : f32
// CHECK-NEXT: kernel.yield %[[SEL]] : f32

// CHECK-LABEL: func.func @g_dispatch_0() {
// CHECK-NOT: kernel.alloc
// CHECK: kernel.generic ins(%{{.+}}, %{{.+}} : memref<8xf32>, memref<8xi32>) outs(%{{.+}} : memref<8xi32>)
// CHECK-NEXT: ^bb0(%[[X:.+]]: f32, %[[I:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT: %[[CI:.+]] = kernel.cast %[[X]] : f32 to i32
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[N:.+]] = arith.subi %[[Z]], %[[I]] : i32
// CHECK-NEXT: %[[AB:.+]] = arith.maxsi %[[I]], %[[N]] : i32
// CHECK-NEXT: %[[MI:.+]] = arith.minsi %[[CI]], %[[AB]] : i32
// CHECK-NEXT: %[[NE:.+]] = arith.cmpi ne, %[[MI]], %[[I]] : i32
// CHECK-NEXT: %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT: %[[NOT:.+]] = arith.xori %[[NE]], %[[TRUE]] : i1
// CHECK-NEXT: %[[XOR:.+]] = arith.xori %[[NOT]], %[[NE]] : i1
// CHECK-NEXT: %[[CAST:.+]] = kernel.cast %[[XOR]] : i1 to i32
// CHECK-NEXT: kernel.yield %[[CAST]] : i32
// CHECK-NOT: kernel.generic
