// Op counts per name, in mlir-opt's table layout, on stderr; the IR is unchanged.
// RUN: xopt %s --allow-unregistered-dialect --print-op-stats -o /dev/null 2>&1 | xcheck %s

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.muli %1, %0 : i32
  %3 = "foo.bar"(%2) : (i32) -> i32
  return %3 : i32
}

// CHECK: Operations encountered:
// CHECK-NEXT: -----------------------
// CHECK-NEXT:     arith.addi   , 2
// CHECK-NEXT:     arith.muli   , 1
// CHECK-NEXT:   builtin.module , 1
// CHECK-NEXT:       foo.bar    , 1
// CHECK-NEXT:      func.func   , 1
// CHECK-NEXT:      func.return , 1
