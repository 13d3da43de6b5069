// Parse errors of builtin attributes and types, worded and placed as mlir-opt does.
// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 255 : si8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 99999999999999999999999999 } : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x3F8000000 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x3F800000 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"foo.op"() {a = 1 : tensor<2xi32> } : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = [1, } : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = inf} : () -> ()

// -----

// expected-error@+1 {{expected attribute name}}
"foo.op"() {a = {1 = 2} } : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'foo'}}
"foo.op"() {a = #foo} : () -> ()

// -----

// expected-error@+1 {{unbalanced '(' character in pretty dialect name}}
"foo.op"() {a = #foo.bar<1 <2> "x>" [(]>} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"foo.op"() {a = #foo.bar<1 <2 [()]>} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "\q"} : () -> ()

// -----

// expected-error@+1 {{expected nested symbol reference identifier}}
"foo.op"() {a = @a::b } : () -> ()

// -----

// expected-error@+1 {{expected constant integer or floating point value}}
"foo.op"() {a = - } : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = array<i8: 300>} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"foo.op"() {a = array<i8 1>} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() {a = i16777216 } : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() {a = tensor<4x?x} : () -> ()

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"foo.op"() {a = tensor<4xi32 } : () -> ()

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"foo.op"() {a = memref<4xf32, 1, 2> } : () -> ()

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"foo.op"() {a = memref<4xf32, affine_map<(d0, d1) -> (d0)>> } : () -> ()

// -----

// expected-error@+1 {{use of undeclared identifier}}
"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"foo.op"() {a = affine_map<(d0) -> (d0 mod d0)>} : () -> ()

// -----

// expected-error@+1 {{missing right operand of binary operator}}
"foo.op"() {a = affine_map<(d0) -> (d0 + )>} : () -> ()

// -----

// expected-error@+1 {{redefinition of identifier 'd0'}}
"foo.op"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"foo.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense<[1, 2]>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"foo.op"() {a = dense<300> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<1.5> : tensor<2xi8>} : () -> ()
