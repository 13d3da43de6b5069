// Elements literals as mlir-opt reads them: memref types, a string standing for
// the elements of a type that is not a number, `(a, b)` as two elements of any type,
// bit-packed i1 hex data, and sparse indices as written.
// RUN: xopt %s --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GENERIC
// RUN: xopt %s --allow-unregistered-dialect | xopt --allow-unregistered-dialect | xcheck %s

"t.memref"() {a = dense<[1, 2]> : memref<2xi8>, b = dense<[1, 2]> : memref<2xi8, 1>, c = dense<1.0> : memref<2x2xf32>, d = sparse<[[0]], 1.0> : memref<4xf32>, e = sparse<> : memref<2xf32>} : () -> ()
"t.strings"() {a = dense<"0x12"> : tensor<2x!t.s>, b = dense<"abc"> : tensor<2x!t.s>, c = dense<"0x\"01"> : tensor<2x!t.s>, d = dense<["a", "a"]> : tensor<2x!t.s>, e = dense<("a", "b")> : tensor<2x!t.s>} : () -> ()
"t.pairs"() {a = dense<(1, 2)> : tensor<2xi8>, d = dense<(true, false)> : tensor<2xi1>, e = dense<(3, 3)> : tensor<2xi8>} : () -> ()
"t.bits"() {a = dense<"0x05"> : tensor<3xi1>, b = dense<"0x01"> : tensor<3xi1>, c = dense<"0xFF"> : tensor<9xi1>, d = dense<"0x0501"> : tensor<9xi1>, e = dense<"0x07"> : tensor<3xi1>, f = dense<"0x0100"> : tensor<1xcomplex<i1>>} : () -> ()
"t.sparse"() {a = sparse<[0, 1], [1.0, 2.0]> : tensor<4xf32>, b = sparse<[[0]], ["a"]> : tensor<4x!t.s>, c = sparse<[[0], [1]], "0x01"> : tensor<4xi1>, d = sparse<[[0], [1]], ["a", "a"]> : tensor<4x!t.s>, e = sparse<1, 1.0> : tensor<2x2xf32>} : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "t.memref"() {a = dense<[1, 2]> : memref<2xi8>, b = dense<[1, 2]> : memref<2xi8, 1>, c = dense<1.000000e+00> : memref<2x2xf32>, d = sparse<0, 1.000000e+00> : memref<4xf32>, e = sparse<> : memref<2xf32>} : () -> ()
// CHECK-NEXT:   "t.strings"() {a = dense<"0x12"> : tensor<2x!t.s>, b = dense<"abc"> : tensor<2x!t.s>, c = dense<"0x\2201"> : tensor<2x!t.s>, d = dense<"a"> : tensor<2x!t.s>, e = dense<["a", "b"]> : tensor<2x!t.s>} : () -> ()
// CHECK-NEXT:   "t.pairs"() {a = dense<[1, 2]> : tensor<2xi8>, d = dense<[true, false]> : tensor<2xi1>, e = dense<3> : tensor<2xi8>} : () -> ()
// CHECK-NEXT:   "t.bits"() {a = dense<[true, false, true]> : tensor<3xi1>, b = dense<[true, false, false]> : tensor<3xi1>, c = dense<true> : tensor<9xi1>, d = dense<[true, false, true, false, false, false, false, false, true]> : tensor<9xi1>, e = dense<true> : tensor<3xi1>, f = dense<(true,false)> : tensor<1xcomplex<i1>>} : () -> ()
// CHECK-NEXT:   "t.sparse"() {a = sparse<[0, 1], [1.000000e+00, 2.000000e+00]> : tensor<4xf32>, b = sparse<0, "a"> : tensor<4x!t.s>, c = sparse<{{\[\[}}0], [1]], [true, false]> : tensor<4xi1>, d = sparse<{{\[\[}}0], [1]], "a"> : tensor<4x!t.s>, e = sparse<1, 1.000000e+00> : tensor<2x2xf32>} : () -> ()
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "t.memref"() {a = dense<[1, 2]> : memref<2xi8>, b = dense<[1, 2]> : memref<2xi8, 1>, c = dense<1.000000e+00> : memref<2x2xf32>, d = sparse<0, 1.000000e+00> : memref<4xf32>, e = sparse<> : memref<2xf32>} : () -> ()
// GENERIC-NEXT:   "t.strings"() {a = dense<"0x12"> : tensor<2x!t.s>, b = dense<"abc"> : tensor<2x!t.s>, c = dense<"0x\2201"> : tensor<2x!t.s>, d = dense<"a"> : tensor<2x!t.s>, e = dense<["a", "b"]> : tensor<2x!t.s>} : () -> ()
// GENERIC-NEXT:   "t.pairs"() {a = dense<[1, 2]> : tensor<2xi8>, d = dense<[true, false]> : tensor<2xi1>, e = dense<3> : tensor<2xi8>} : () -> ()
// GENERIC-NEXT:   "t.bits"() {a = dense<[true, false, true]> : tensor<3xi1>, b = dense<[true, false, false]> : tensor<3xi1>, c = dense<true> : tensor<9xi1>, d = dense<[true, false, true, false, false, false, false, false, true]> : tensor<9xi1>, e = dense<true> : tensor<3xi1>, f = dense<(true,false)> : tensor<1xcomplex<i1>>} : () -> ()
// GENERIC-NEXT:   "t.sparse"() {a = sparse<[0, 1], [1.000000e+00, 2.000000e+00]> : tensor<4xf32>, b = sparse<0, "a"> : tensor<4x!t.s>, c = sparse<{{\[\[}}0], [1]], [true, false]> : tensor<4xi1>, d = sparse<{{\[\[}}0], [1]], "a"> : tensor<4x!t.s>, e = sparse<1, 1.000000e+00> : tensor<2x2xf32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
