// cf.br, cf.cond_br (branch weights), cf.switch (case values of every width,
// printed unsigned as MLIR 22 prints them) and cf.assert, printed byte for
// byte as mlir-opt prints them in every mode, and read back.
// REQUIRES: mlir-opt
// RUN: xopt %s > %t.x
// RUN: mlir-opt %s > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --mlir-print-op-generic > %t.x
// RUN: mlir-opt %s --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// (No read-back: like mlir-opt 22, xopt prints an i128 case of -2^63 as
// 18446744073709551615, which the 64-bit case parser then refuses.)

func.func @assert(%arg : i1) {
  cf.assert %arg, "Some message in case this assertion fails."
  return
}
func.func @switch(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    42: ^bb2(%caseOperand : i32),
    43: ^bb3(%caseOperand : i32)
  ]
  ^bb1(%bb1arg : i32):
    return
  ^bb2(%bb2arg : i32):
    return
  ^bb3(%bb3arg : i32):
    return
}
func.func @cond_weights(%cond: i1, %x: i32) {
  cf.cond_br %cond weights([60, 40]), ^bb1(%x : i32), ^bb2
  ^bb1(%a: i32):
    cf.br ^bb2
  ^bb2:
    return
}
func.func @switch_i1_boundary(%flag: i1) {
  cf.switch %flag : i1, [default: ^bb1, 1: ^bb1]
^bb1:
  return
}
func.func @switch_i8_boundaries(%flag: i8) {
  cf.switch %flag : i8, [default: ^bb1, -128: ^bb1, 255: ^bb1]
^bb1:
  return
}
func.func @switch_i128(%flag: i128) {
  cf.switch %flag : i128, [
    default: ^bb1,
    -9223372036854775808: ^bb1,
    5: ^bb1
  ]
^bb1:
  return
}
func.func @empty_switch(%flag: i32) {
  cf.switch %flag : i32, [default: ^bb1]
^bb1:
  return
}
