// Empty elements literals: `dense<>` (and `dense<[]>`, `dense<[[]]>`, ...) for any
// static shape with no elements, printed back and parsed again as mlir-opt does.
// RUN: xopt %s --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GENERIC
// RUN: xopt %s --allow-unregistered-dialect | xopt --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xopt --allow-unregistered-dialect | xcheck %s

"t.empty"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<0x3xf32>, c = dense<> : tensor<3x0xi32>, d = dense<> : tensor<0xcomplex<f32>>, e = dense<> : tensor<2x0xcomplex<i8>>, f = dense<> : tensor<0xi1>, g = dense<> : tensor<0xindex>, h = dense<> : tensor<0x!t.s>, i = dense<> : tensor<0xf32, "enc">, j = dense<> : memref<0xf32>} : () -> ()
"t.lists"() {a = dense<[]> : tensor<0xf32>, b = dense<[[]]> : tensor<1x0xf32>, c = dense<[[], [], []]> : tensor<3x0xi32>, d = dense<[[[]], [[]]]> : tensor<2x1x0xi8>, e = dense<[]> : tensor<0xcomplex<f32>>, f = dense<[]> : tensor<0x!t.s>} : () -> ()
"t.splats"() {a = dense<1.0> : tensor<0xf32>, b = dense<(1, 2)> : tensor<0xcomplex<i32>>, c = dense<"0x"> : tensor<0xf32>, d = dense<"0x00000000"> : tensor<0x4xf32>, e = dense<"x"> : tensor<0x!t.s>} : () -> ()
%0 = arith.constant dense<> : tensor<0xf32>
%1 = arith.constant dense<[[], []]> : tensor<2x0xi64>
"t.sparse"() {a = sparse<> : tensor<0xf32>, b = sparse<[], []> : tensor<0xf32>} : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "t.empty"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<0x3xf32>, c = dense<> : tensor<3x0xi32>, d = dense<> : tensor<0xcomplex<f32>>, e = dense<> : tensor<2x0xcomplex<i8>>, f = dense<> : tensor<0xi1>, g = dense<> : tensor<0xindex>, h = dense<> : tensor<0x!t.s>, i = dense<> : tensor<0xf32, "enc">, j = dense<> : memref<0xf32>} : () -> ()
// CHECK-NEXT:   "t.lists"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<1x0xf32>, c = dense<> : tensor<3x0xi32>, d = dense<> : tensor<2x1x0xi8>, e = dense<> : tensor<0xcomplex<f32>>, f = dense<> : tensor<0x!t.s>} : () -> ()
// CHECK-NEXT:   "t.splats"() {a = dense<1.000000e+00> : tensor<0xf32>, b = dense<(1,2)> : tensor<0xcomplex<i32>>, c = dense<> : tensor<0xf32>, d = dense<0.000000e+00> : tensor<0x4xf32>, e = dense<"x"> : tensor<0x!t.s>} : () -> ()
// CHECK-NEXT:   %cst = arith.constant dense<> : tensor<0xf32>
// CHECK-NEXT:   %cst_0 = arith.constant dense<> : tensor<2x0xi64>
// CHECK-NEXT:   "t.sparse"() {a = sparse<> : tensor<0xf32>, b = sparse<> : tensor<0xf32>} : () -> ()
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "t.empty"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<0x3xf32>, c = dense<> : tensor<3x0xi32>, d = dense<> : tensor<0xcomplex<f32>>, e = dense<> : tensor<2x0xcomplex<i8>>, f = dense<> : tensor<0xi1>, g = dense<> : tensor<0xindex>, h = dense<> : tensor<0x!t.s>, i = dense<> : tensor<0xf32, "enc">, j = dense<> : memref<0xf32>} : () -> ()
// GENERIC-NEXT:   "t.lists"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<1x0xf32>, c = dense<> : tensor<3x0xi32>, d = dense<> : tensor<2x1x0xi8>, e = dense<> : tensor<0xcomplex<f32>>, f = dense<> : tensor<0x!t.s>} : () -> ()
// GENERIC-NEXT:   "t.splats"() {a = dense<1.000000e+00> : tensor<0xf32>, b = dense<(1,2)> : tensor<0xcomplex<i32>>, c = dense<> : tensor<0xf32>, d = dense<0.000000e+00> : tensor<0x4xf32>, e = dense<"x"> : tensor<0x!t.s>} : () -> ()
// GENERIC-NEXT:   %0 = "arith.constant"() <{value = dense<> : tensor<0xf32>}> : () -> tensor<0xf32>
// GENERIC-NEXT:   %1 = "arith.constant"() <{value = dense<> : tensor<2x0xi64>}> : () -> tensor<2x0xi64>
// GENERIC-NEXT:   "t.sparse"() {a = sparse<> : tensor<0xf32>, b = sparse<> : tensor<0xf32>} : () -> ()
// GENERIC-NEXT: }) : () -> ()
