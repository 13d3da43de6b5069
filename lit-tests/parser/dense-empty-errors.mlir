// Empty elements literals that mlir-opt rejects, worded and placed as it does.
// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not xopt %s --split-input-file --allow-unregistered-dialect 2>&1 | xcheck %s --check-prefix=LOC

// `dense<>` needs a type without elements.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: parsed zero elements, but type ('tensor<2xf32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xf32>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<2xf32>} : () -> ()

// -----

// A rank-0 type has one element.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: parsed zero elements, but type ('tensor<f32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<f32>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<f32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: parsed zero elements, but type ('tensor<2xcomplex<f32>>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xcomplex<f32>>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: parsed zero elements, but type ('tensor<1x!t.s>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<1x!t.s>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<1x!t.s>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: parsed zero elements, but type ('memref<2xf32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('memref<2xf32>') expected at least 1}}
"foo.op"() {a = dense<> : memref<2xf32>} : () -> ()

// -----

// Reported at the attribute, wherever it is.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:57: error: parsed zero elements, but type ('tensor<3xi8>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<3xi8>') expected at least 1}}
"foo.op"() {a = dense<> : tensor<0x2xcomplex<f32>>, b = dense<> : tensor<3xi8>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:21: error: parsed zero elements, but type ('tensor<2xf32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xf32>') expected at least 1}}
%0 = arith.constant dense<> : tensor<2xf32>

// -----

// A list has the shape it spells, even an empty one.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: inferred shape of elements literal ([0]) does not match type ([2])
// expected-error@+1 {{inferred shape of elements literal ([0]) does not match type ([2])}}
"foo.op"() {a = dense<[]> : tensor<2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: inferred shape of elements literal ([0]) does not match type ([0, 3])
// expected-error@+1 {{inferred shape of elements literal ([0]) does not match type ([0, 3])}}
"foo.op"() {a = dense<[]> : tensor<0x3xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: inferred shape of elements literal ([0]) does not match type ([])
// expected-error@+1 {{inferred shape of elements literal ([0]) does not match type ([])}}
"foo.op"() {a = dense<[]> : tensor<f32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: inferred shape of elements literal ([1, 0]) does not match type ([0])
// expected-error@+1 {{inferred shape of elements literal ([1, 0]) does not match type ([0])}}
"foo.op"() {a = dense<[[]]> : tensor<0xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: inferred shape of elements literal ([1, 0]) does not match type ([2, 0])
// expected-error@+1 {{inferred shape of elements literal ([1, 0]) does not match type ([2, 0])}}
"foo.op"() {a = dense<[[]]> : tensor<2x0xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:31: error: tensor literal is invalid; ranks are not consistent between elements
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[], [1]]> : tensor<2x0xi32>} : () -> ()

// -----

// The type must be shaped and static.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<> : tensor<?xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements literal type must have static shape
// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<> : tensor<*xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements literal must be a shaped type
// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = dense<> : i32} : () -> ()

// -----

// Vectors cannot be empty.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:27: error: vector types must have positive constant sizes but got 0
// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"foo.op"() {a = dense<> : vector<0xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:27: error: vector types must have positive constant sizes but got 2, 0
// expected-error@+1 {{vector types must have positive constant sizes but got 2, 0}}
"foo.op"() {a = dense<> : vector<2x[0]xf32>} : () -> ()

// -----

// Hex data: one element (a splat) or all of them.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements hex data size is invalid for provided type: 'tensor<0xf32>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<0xf32>'}}
"foo.op"() {a = dense<"0x00"> : tensor<0xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements hex data size is invalid for provided type: 'tensor<2xf32>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<2xf32>'}}
"foo.op"() {a = dense<"0x"> : tensor<2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: elements hex data size is invalid for provided type: 'tensor<0xi1>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<0xi1>'}}
"foo.op"() {a = dense<"0x01"> : tensor<0xi1>} : () -> ()

// -----

// Sparse attributes with empty lists are checked against the type.
// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([2, 2]); inferred shape of indices literal ([0]); inferred shape of values literal ([0])
// expected-error@+1 {{expected shape ([2, 2]); inferred shape of indices literal ([0]); inferred shape of values literal ([0])}}
"foo.op"() {a = sparse<[], []> : tensor<2x2xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([0, 0]); inferred shape of indices literal ([1, 0]); inferred shape of values literal ([0])
// expected-error@+1 {{expected shape ([0, 0]); inferred shape of indices literal ([1, 0]); inferred shape of values literal ([0])}}
"foo.op"() {a = sparse<[[]], []> : tensor<0x0xf32>} : () -> ()

// -----

// LOC: {{.*}}dense-empty-errors.mlir:[[#@LINE+2]]:17: error: expected shape ([4]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([0])
// expected-error@+1 {{expected shape ([4]); inferred shape of indices literal ([1, 1]); inferred shape of values literal ([0])}}
"foo.op"() {a = sparse<[[0]], []> : tensor<4xf32>} : () -> ()
