// Eight functions, three of them invalid: isolated-from-above units are
// verified in parallel once there are four or more siblings, and every
// unit's first error is reported in unit order, exactly as mlir-opt 22
// reports them (compared byte for byte).
// RUN: not xopt %s 2> %t.xopt
// RUN: not mlir-opt %s 2> %t.mlir
// RUN: diff %t.xopt %t.mlir
// RUN: not xopt %s 2>&1 | xcheck %s

// CHECK: :[[#@LINE+10]]:5: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f1
// CHECK: :[[#@LINE+21]]:5: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f4
// CHECK: :[[#@LINE+28]]:5: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f6
module {
  func.func @f0() -> i32 {
    %c = arith.constant 0 : i32
    return %c : i32
  }
  func.func @f1() -> i32 {
    %c = arith.constant 1 : i64
    return %c : i64
  }
  func.func @f2() -> i32 {
    %c = arith.constant 2 : i32
    return %c : i32
  }
  func.func @f3() -> i32 {
    %c = arith.constant 3 : i32
    return %c : i32
  }
  func.func @f4() -> i32 {
    %c = arith.constant 4 : i64
    return %c : i64
  }
  func.func @f5() -> i32 {
    %c = arith.constant 5 : i32
    return %c : i32
  }
  func.func @f6() -> i32 {
    %c = arith.constant 6 : i64
    return %c : i64
  }
  func.func @f7() -> i32 {
    %c = arith.constant 7 : i32
    return %c : i32
  }
}
