// The first error of malformed input, at the place mlir-opt 22 reports it: lexer
// errors before the parser's, checks of the generic form in MLIR's order, alias
// names, memref layouts and memory spaces, integer widths (stderr compared byte
// for byte).
// REQUIRES: mlir-opt
// RUN: sed '/expected-error/d' %s > %t.in
// RUN: not xopt %t.in --split-input-file --allow-unregistered-dialect 2> %t.x
// RUN: not mlir-opt %t.in --split-input-file --allow-unregistered-dialect 2> %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

func.func @f(%a : i32) {
  // expected-error@+1 {{successors in non-terminator}}
  %c = "arith.addi"(%a, %a)[^bb1] : () -> ()
^bb1:
  return
}
// -----
// An op without a definition may be a terminator.
"xa.br"()[^bb1] : () -> ()
// expected-error@+1 {{expected 1 operand type}}
"xa.op"(%x) : () -> ()
// -----
// expected-error@+1 {{cannot name an operation with no results}}
%0 = "xa.op"() : () -> ()
// -----
// expected-error@+1 {{cannot name an operation with no results}}
%0:2 = "xa.op"() : () -> ()
// -----
// expected-error@+1 {{invalid type identifier}}
"xa.op"() : () -> !<"">
// -----
// expected-error@+1 {{invalid attribute name}}
"xa.op"() {a = #} : () -> ()
// -----
// expected-error@+1 {{invalid SSA name}}
"xa.op"(%) : () -> ()
// -----
// expected-error@+1 {{invalid block name}}
"xa.op"()[^] : () -> ()
// -----
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"xa.op"() {a = @$x} : () -> ()
// -----
// The lexer's error wins over the one the parser would give for the token.
// expected-error@+1 {{invalid type identifier}}
"xa.op"() {a = [1 !]} : () -> ()
// -----
// expected-error@+1 {{expected '"' in string literal}}
"xa.op"() {a = "abc} : () -> ()
// -----
// expected-error@+1 {{unknown escape in string literal}}
"xa.op"() {a = "a\
"} : () -> ()
// -----
// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!xa.t = i32
// -----
// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#xa.a = 1
// -----
!t = i32
// expected-error@+1 {{redefinition of type alias id 't'}}
!t = i32
// -----
// After the alias name, where the next token is.
// expected-error@+1 {{undefined symbol alias id 'unknown'}}
"xa.op"() : () -> (!unknown  )
// -----
// expected-error@+1 {{undefined symbol alias id 'unknown'}}
"xa.op"() {a = #unknown   } : () -> ()
// -----
// expected-error@+1 {{undefined symbol alias id 'unknown'}}
"xa.op"() : () -> () loc(fused[#unknown  ])
// -----
#a = 1
// expected-error@+1 {{expected location attribute, but got1 : i64}}
"xa.op"() : () -> () loc(fused[#a  ])
// -----
#a = 1
// expected-error@+1 {{expected location, but found '1 : i64'}}
"xa.op"() : () -> () loc(#a)
// -----
// expected-error@+1 {{expected list element}}
"xa.op"() : () -> memref<2xi8, >
// -----
// expected-error@+1 {{expected ',' or '>' in memref type}}
"xa.op"() : () -> memref<2xi8 1>
// -----
// expected-error@+1 {{expected ',' or '>'}}
"xa.op"() : () -> memref<2xi8, 1 2>
// -----
// expected-error@+1 {{unsupported memory space Attribute}}
"xa.op"() : () -> memref<2x4xi8, i8>
// -----
// expected-error@+1 {{unsupported memory space Attribute}}
"xa.op"() : () -> memref<*xi8, [1]>
// -----
// An attribute of an unregistered dialect is a builtin (opaque) attribute.
// expected-error@+1 {{unsupported memory space Attribute}}
"xa.op"() : () -> memref<2xi8, #xa.s>
// -----
"xa.op"() : () -> (memref<2xi8, "s">, memref<2xi8, {a = 1}>, memref<2xi8, 3 : i8>)
// expected-error@+1 {{cannot have affine map for unranked memref type}}
"xa.op"() : () -> memref<*xi8, affine_map<(d0) -> (d0)>>
// -----
// expected-error@+1 {{expected the number of strides to match the rank}}
"xa.op"() : () -> memref<?x?xf32, strided<[1]>>
// -----
// The element type is checked before the layout is read.
// expected-error@+1 {{invalid memref element type}}
"xa.op"() : () -> memref<2xtensor<2xi8>, >
// -----
// expected-error@+1 {{invalid integer width}}
"xa.op"() : () -> i4294967296
// -----
// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"xa.op"() : () -> i4294967295
// -----
"xa.op"() : () -> i000000000016
// expected-error@+1 {{invalid element type for complex}}
"xa.op"() : () -> complex<memref<2xi8>>
// -----
// expected-error@+1 {{expected an unsigned 64-bit integer}}
"xa.op"() {a = distinct[0x10000000000000000]<>} : () -> ()
// -----
"xa.op"() {a = distinct[0x1F]<>} : () -> ()
// expected-error@+1 {{expected integer or float type, got: 'vector<2xi32>'}}
"xa.op"() {a = array<vector<2xi32>>} : () -> ()
// -----
// expected-error@+1 {{expected '(' in integer set constraint list}}
"xa.op"() {a = affine_set<(d0) : )d0 >= 0)>} : () -> ()
// -----
// A block name is fine where the entry block's arguments are not named.
"xa.op"() ({
^bb0:
  "xa.t"() : () -> ()
}) : () -> ()
func.func @g(i32) {
^bb0(%b : i32):
  return
}
func.func @f(%a : i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0(%b : i32):
  return
}
