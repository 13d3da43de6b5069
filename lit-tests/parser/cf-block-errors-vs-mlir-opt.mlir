// Malformed successor lists and block references around cf branches, reported
// as mlir-opt 22 reports them (message, place, first error of each chunk).
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --allow-unregistered-dialect > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect > %t.m 2>&1 || true
// RUN: diff %t.m %t.x

func.func @a() {
  cf.br ^x()
^x:
  return
}
// -----
func.func @b(%c: i1) {
  cf.cond_br %c, ^x(), ^x
^x:
  return
}
// -----
func.func @c(%c: i32) {
  cf.switch %c : i32, [ default: ^x() ]
^x:
  return
}
// -----
func.func @d(%c: i32) {
  "u.t"()[^x(] : () -> ()
^x:
  return
}
// -----
func.func @e() {
  cf.br ^bb1
^bb1(%a: i32):
  return
}
// -----
func.func @f() {
  cf.br ^bb0
}
// -----
func.func @g() {
  "u.r"() ({
    cf.br ^out
  }) : () -> ()
^out:
  return
}
// -----
func.func @h() {
  cf.br ^out
^out:
  "u.r"() ({
  ^in:
    cf.br ^out
  }) : () -> ()
  return
}
// -----
func.func @i(%c: i1) {
  cf.cond_br %c, ^x, ^x
^x:
  return
^x:
  return
}
