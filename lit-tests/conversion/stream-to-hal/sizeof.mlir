// RUN: xopt %s --convert-stream-to-hal | xcheck %s

// stream.tensor.sizeof becomes index arithmetic: the static part's bytes
// (element size by the memory planner's rule: whole bytes rounded up to a
// power of two, so i24 takes 4 and i1 takes 1) times each dynamic dim.

module {
  func.func @sizes(%a: index, %b: index) -> (index, index, index) {
    %0 = stream.tensor.sizeof tensor<?x3x?xi24>{%a, %b} : index
    %1 = stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?xi1>{%a} : index
    %2 = stream.tensor.sizeof tensor<2x?xcomplex<f64>>{%b} : index
    return %0, %1, %2 : index, index, index
  }
}

// CHECK-LABEL: func.func @sizes(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: %[[C12:.+]] = arith.constant 12 : index
// CHECK-NEXT: %[[A:.+]] = arith.muli %[[C12]], %arg0 : index
// CHECK-NEXT: %[[AB:.+]] = arith.muli %[[A]], %arg1 : index
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[I1:.+]] = arith.muli %[[C1]], %arg0 : index
// CHECK-NEXT: %[[C32:.+]] = arith.constant 32 : index
// CHECK-NEXT: %[[CX:.+]] = arith.muli %[[C32]], %arg1 : index
// CHECK-NEXT: return %[[AB]], %[[I1]], %[[CX]] : index, index, index
// CHECK-NOT: stream.
