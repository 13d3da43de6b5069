// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Every verifier and custom-syntax message of the func dialect, worded as mlir-opt 22.

func.func @f() {
  %0 = "foo.x"() : () -> i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  func.return %0 : i32
}

// -----

func.func @f() -> i32 {
  %0 = "foo.x"() : () -> f32
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f}}
  func.return %0 : f32
}

// -----

"foo.op"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  func.return
}) : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  func.call @nope() : () -> ()
  return
}

// -----

"foo.sym"() {sym_name = "d"} : () -> ()
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op 'd' does not reference a valid function}}
  func.call @d(%a) : (i32) -> ()
  return
}

// -----

func.func private @d(i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  func.call @d() : () -> ()
  return
}

// -----

func.func private @d(i32) -> i32
func.func @f(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = func.call @d(%a) : (f32) -> i32
  return
}

// -----

func.func private @d(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @d(%a) : (i32) -> ()
  return
}

// -----

func.func private @d(i32) -> (i32, f32)
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{      op result types: 'f32', 'f32'}}
  // expected-note@+1 {{function result types: 'i32', 'f32'}}
  %0:2 = func.call @d(%a) : (i32) -> (f32, f32)
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  %0 = "func.call"() : () -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : (i32) -> i32
  return
}

// -----

func.func private @d(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @d : (i32) -> f32
  return
}

// -----

func.func @f(%a: f32, %fn: (f32) -> i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%fn, %a) : ((f32) -> i32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32, %fn: (f32) -> i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%fn, %a) : ((f32) -> i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  "func.call_indirect"(%a) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32)

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "x"}> ({
^bb0(%a: i32, %b: i32):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "x"}> ({
^bb0(%a: f32):
  func.return
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "x"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bad"}}
"func.func"() <{function_type = () -> (), sym_name = "x", sym_visibility = "bad"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1}}
"func.func"() <{function_type = (i32) -> (), sym_name = "x", sym_visibility = "private", arg_attrs = [{}, {}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0}}
"func.func"() <{function_type = (i32) -> (), sym_name = "x", sym_visibility = "private", res_attrs = [{}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @f(%a: i32 {foo = 1}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @f() -> (i32 {foo = 1})

// -----

// expected-error@+1 {{invalid properties {function_type = (i32) -> (), sym_name = 1 : i64, sym_visibility = "private"} for op func.func: Invalid attribute `sym_name` in property conversion: 1 : i64}}
"func.func"() <{function_type = (i32) -> (), sym_name = 1, sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, f32)

// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @f(i32, %a: f32)

// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func f()

// -----

// expected-error@+1 {{custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f(%a: i32) -> (i32 {a.b}, f32) attributes {function_type = 1}

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {
}

// -----

// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32,
  // expected-error@+1 {{region entry argument '%a' is already in use}}
  %a: i32) {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'foo' is unknown (tried 'func.foo' as well)}}
  foo
}
