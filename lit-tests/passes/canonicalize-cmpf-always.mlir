// `cmpf false|true` of an [su]itofp against a constant: mlir-opt 22 crashes in
// CmpFIntToFPConst (no integer predicate for them); xir folds them to their
// constant, as the predicate says.
// RUN: xopt %s --canonicalize | xcheck %s

// CHECK-LABEL: func.func @always(%arg0: i32) -> (i1, i1, i1) {
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.cmpi sle, %arg0, %c2_i32 : i32
// CHECK-NEXT:     return %false, %true, %0 : i1, i1, i1
func.func @always(%a: i32) -> (i1, i1, i1) {
  %0 = arith.sitofp %a : i32 to f32
  %c = arith.constant 2.5 : f32
  %1 = arith.cmpf false, %0, %c : f32
  %2 = arith.cmpf true, %0, %c : f32
  %3 = arith.cmpf ult, %0, %c : f32
  return %1, %2, %3 : i1, i1, i1
}
