// func.func's first error as mlir-opt 22 reports it: the lexer's error for a bad
// symbol name, a block name where the arguments are named, parse errors before
// the verifier's (stderr compared byte for byte).
// REQUIRES: mlir-opt
// RUN: sed '/expected-error/d' %s > %t.in
// RUN: not xopt %t.in --split-input-file 2> %t.x
// RUN: not mlir-opt %t.in --split-input-file 2> %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func @$f()
// -----
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func private @9()
// -----
func.func @f(%a: i32, %b: f32) -> i32 {
// expected-error@+1 {{invalid block name in region with named arguments}}
^entry(%c: i32, %d: f32):
  return %a : i32
}
// -----
func.func @f(i32) -> i32 {
^entry(%c: i32):
  return %c : i32
}
func.func @g() {
^entry:
  return
}
// A parse error in a public declaration comes before the verifier's complaint.
// expected-error@+1 {{unsupported memory space Attribute}}
func.func @h(memref<4xf32, f32>)
// -----
// expected-error@+1 {{expected '(' in integer set constraint list}}
func.func private @s() attributes {a = affine_set<(d0)[s0] : d0 >= 0>}
