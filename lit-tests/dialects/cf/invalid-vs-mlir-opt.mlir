// Every verifier and custom-syntax error of the cf ops, as mlir-opt 22 reports
// it (same message, same place, same first error).
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --allow-unregistered-dialect > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect > %t.m 2>&1 || true
// RUN: diff %t.m %t.x

func.func @a(%x: i32) {
  cf.br ^bb1(%x : i32)
^bb1:
  return
}
// -----
func.func @b(%x: i32) {
  cf.br ^bb1(%x : i32)
^bb1(%y: i64):
  return
}
// -----
func.func @c(%x: i32) {
  cf.cond_br %x, ^bb1, ^bb1
^bb1:
  return
}
// -----
func.func @d(%x: i32) {
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
// -----
func.func @e(%x: i32) {
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
// -----
func.func @f(%x: i32) {
  "cf.switch"(%x)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 1>, case_values = dense<[1]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
// -----
func.func @g(%x: i32) {
  "cf.switch"(%x)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
// -----
func.func @i(%x: i32) {
  cf.switch %x : i32, [default: ^bb1, 1: ^bb1, 1: ^bb1]
^bb1:
  return
}
// -----
func.func @j(%x: f32) {
  cf.switch %x : f32, [default: ^bb1]
^bb1:
  return
}
// -----
func.func @k(%x: i1) {
  cf.assert %x, 1
  return
}
// -----
func.func @l(%x: i1) {
  cf.cond_br %x, ^bb1, ^bb1 {branch_weights = array<i32: 1, 2>}
^bb1:
  return
}
// -----
func.func @m(%x: i1) {
  cf.br ^bb1
  return
^bb1:
  return
}
// -----
func.func @n(%x: i32) {
  cf.switch %x : i32, [default: ^bb1, 1: ^bb1(%x : i32)]
^bb1:
  return
}
// -----
func.func @o(%x: i32) {
  cf.switch %x : i64, [default: ^bb1]
^bb1:
  return
}
// -----
func.func @wrong_weights_number(%cond: i1) {
  cf.cond_br %cond weights([100]), ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
}
// -----
func.func @wrong_total_weight(%cond: i1) {
  cf.cond_br %cond weights([0, 0]), ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
}
// -----
func.func @neg(%cond: i1) {
  cf.cond_br %cond weights([-1, 2]), ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
}
// -----
func.func @switch_missing_case_value(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    45: ^bb2(%caseOperand : i32),
    : ^bb3(%caseOperand : i32)
  ]
  ^bb1(%bb1arg : i32):
    return
  ^bb2(%bb2arg : i32):
    return
  ^bb3(%bb3arg : i32):
    return
}
// -----
func.func @switch_missing_default(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    45: ^bb2(%caseOperand : i32)
  ]
  ^bb2(%bb2arg : i32):
    return
}
// -----
func.func @switch_result_number_default(%arg0: i32) {
  %0:2 = "test.op_with_two_results"() : () -> (i32, i32)
  cf.switch %arg0 : i32, [
    default: ^bb1(%0#0 : i32),
    0: ^bb2(%0#1 : i32)
  ]
  ^bb1(%1: i32):
    return
  ^bb2(%2: i32):
    return
}
// -----
func.func @m(%cond: i1) {
  "cf.cond_br"(%cond)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> {branch_weights = array<i32: 1, 2>} : (i1) -> ()
  ^bb1:
    return
}
