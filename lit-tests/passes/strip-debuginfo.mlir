// Every location becomes unknown.
// RUN: xopt %s --strip-debuginfo --mlir-print-debuginfo | xcheck %s

func.func @f(%a: i32 loc("a.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("a.mlir":3:4)
  return %0 : i32 loc(fused["x", "y"])
} loc("a.mlir":1:1)

// CHECK: #loc = loc(unknown)
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc)
// CHECK-NEXT:     return %0 : i32 loc(#loc)
// CHECK-NEXT:   } loc(#loc)
// CHECK-NEXT: } loc(#loc)
