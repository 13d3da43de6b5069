// Elements literals that mlir-opt rejects once it knows the type, worded and placed
// as it does.
// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not xopt %s --split-input-file --allow-unregistered-dialect 2>&1 | xcheck %s --check-prefix=LOC

// Complex elements are counted as pairs of numbers.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: parsed 1 elements, but type ('complex<f32>') expected 2 elements
// expected-error@+1 {{parsed 1 elements, but type ('complex<f32>') expected 2 elements}}
"foo.op"() {a = dense<1.0> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: parsed 3 elements, but type ('complex<i32>') expected 2 elements
// expected-error@+1 {{parsed 3 elements, but type ('complex<i32>') expected 2 elements}}
"foo.op"() {a = dense<((1, 2), 3)> : tensor<2xcomplex<i32>>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements
// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"foo.op"() {a = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements
// expected-error@+1 {{parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"foo.op"() {a = dense<[(1.0, 2.0), 3.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:25: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"foo.op"() {a = dense<[("a", "b")]> : tensor<1xcomplex<f32>>} : () -> ()

// -----

// Elements of other types are strings.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected string token, got 1
// expected-error@+1 {{expected string token, got 1}}
"foo.op"() {a = dense<[1, 2]> : tensor<2x!t.s>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected string token, got 2
// expected-error@+1 {{expected string token, got 2}}
"foo.op"() {a = dense<["a", -2]> : tensor<2x!t.s>} : () -> ()

// -----

// Strings are not numbers.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:24: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"foo.op"() {a = dense<["a", "b"]> : tensor<2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"foo.op"() {a = dense<["a"]> : tensor<1xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:24: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"foo.op"() {a = dense<[true, false]> : tensor<2xf32>} : () -> ()

// -----

// A string for number elements is hex data.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = dense<"abc"> : tensor<2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = dense<"0X01"> : tensor<1xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: elements hex data size is invalid for provided type: 'tensor<3xi8>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"foo.op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: elements hex data size is invalid for provided type: 'tensor<2xcomplex<i8>>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xcomplex<i8>>'}}
"foo.op"() {a = dense<"0x01"> : tensor<2xcomplex<i8>>} : () -> ()

// -----

// Negative values of unsigned types.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:25: error: expected unsigned integer elements, but parsed negative value
// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"foo.op"() {a = dense<[-1.5]> : tensor<1xui8>} : () -> ()

// -----

// Element syntax.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:28: error: expected ']'
// expected-error@+1 {{expected ']'}}
"foo.op"() {a = dense<[1, 2> : tensor<2xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:25: error: expected integer or floating point literal
// expected-error@+1 {{expected integer or floating point literal}}
"foo.op"() {a = dense<[-true]> : tensor<1xi1>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+3]]:1: error: expected element literal of primitive type
// expected-error@+2 {{expected element literal of primitive type}}
"foo.op"() {a = dense<[1,
]> : tensor<1xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<[1, 2]> : memref<?xi8>} : () -> ()

// -----

// Sparse attributes are checked as mlir-opt's SparseElementsAttr::verify does.
// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([2, 2]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([1])
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[[0, 1], [1, 1]], [1.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])}}
"foo.op"() {a = sparse<[[0, 1, 1]], [1.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([2, 2]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])}}
"foo.op"() {a = sparse<[0, 1], [1.0, 2.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: expected 1-d tensor for sparse element values
// expected-error@+1 {{expected 1-d tensor for sparse element values}}
"foo.op"() {a = sparse<[[0]], [[1.0]]> : tensor<4xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: sparse index #0 is not contained within the value shape, with index=[5, 5], and type='tensor<2x2xf32>'
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5, 5], and type='tensor<2x2xf32>'}}
"foo.op"() {a = sparse<[[5, 5]], [1.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: sparse index #1 is not contained within the value shape, with index=[18446744073709551615, 1], and type='tensor<2x2xf32>'
// expected-error@+1 {{sparse index #1 is not contained within the value shape, with index=[18446744073709551615, 1], and type='tensor<2x2xf32>'}}
"foo.op"() {a = sparse<[[0, 1], [-1, 1]], [1.0, 2.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:17: error: sparse index #0 is not contained within the value shape, with index=[5, 5], and type='tensor<2x2xf32>'
// expected-error@+1 {{sparse index #0 is not contained within the value shape, with index=[5, 5], and type='tensor<2x2xf32>'}}
"foo.op"() {a = sparse<5, [1.0]> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:36: error: elements hex data size is invalid for provided type: 'tensor<2xi8>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xi8>'}}
"foo.op"() {a = sparse<[[0], [1]], "0x010203"> : tensor<4xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"foo.op"() {a = sparse<"0x00", [1.0]> : tensor<4xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-literal-errors.mlir:[[#@LINE+2]]:23: error: Expected '<' after 'sparse'
// expected-error@+1 {{Expected '<' after 'sparse'}}
"foo.op"() {a = sparse[1]} : () -> ()
