// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s

// Splats, and lists whose elements are all equal.
"t.splat"() {a = dense<1> : tensor<4xi32>, b = dense<[2, 2, 2]> : tensor<3xi8>, c = dense<1.5> : tensor<2x2xf32>, d = dense<true> : tensor<3xi1>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.splat"() {a = dense<1> : tensor<4xi32>, b = dense<2> : tensor<3xi8>, c = dense<1.500000e+00> : tensor<2x2xf32>, d = dense<true> : tensor<3xi1>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Lists and nested lists.
"t.list"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[1, 2]> : vector<2xindex>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.list"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[1, 2]> : vector<2xindex>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Rank-0 and empty shapes.
"t.shapes"() {a = dense<5> : tensor<i64>, b = dense<[]> : tensor<0xi32>, c = dense<[[1], [2]]> : tensor<2x1xi16>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.shapes"() {a = dense<5> : tensor<i64>, b = dense<> : tensor<0xi32>, c = dense<{{\[\[}}1], [2]]> : tensor<2x1xi16>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Signless integers print signed; unsigned print unsigned.
"t.signs"() {a = dense<[255, 1]> : tensor<2xi8>, b = dense<[255, 1]> : tensor<2xui8>, c = dense<[-1, 2]> : tensor<2xsi8>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.signs"() {a = dense<[-1, 1]> : tensor<2xi8>, b = dense<[255, 1]> : tensor<2xui8>, c = dense<[-1, 2]> : tensor<2xsi8>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Floats in dense attributes use the float printing rules.
"t.floats"() {a = dense<[0.1, 1.0e300, -0.0]> : tensor<3xf64>, b = dense<[0.1, 65504.0]> : tensor<2xf16>, c = dense<[1.0, 2.0]> : tensor<2xbf16>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.floats"() {a = dense<[1.000000e-01, 1.000000e+300, -0.000000e+00]> : tensor<3xf64>, b = dense<[9.997550e-02, 6.550400e+04]> : tensor<2xf16>, c = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xbf16>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Complex elements print without spaces.
"t.complex"() {a = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>, b = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.complex"() {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, b = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Hex input is decoded.
"t.hex"() {a = dense<"0x01020304"> : tensor<4xi8>, b = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.hex"() {a = dense<[1, 2, 3, 4]> : tensor<4xi8>, b = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// More than 100 elements print as hex.
"t.big"() {a = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi8>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.big"() {a = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Sparse elements.
"t.sparse"() {a = sparse<[[0, 1]], [1.0]> : tensor<2x2xf32>, b = sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.sparse"() {a = sparse<{{\[\[}}0, 1]], 1.000000e+00> : tensor<2x2xf32>, b = sparse<{{\[\[}}0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>} : () -> ()
// CHECK-NEXT: }) : () -> ()
