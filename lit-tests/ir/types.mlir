// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s

// Integer and index types.
"t.ints"() : () -> (i1, i7, i32, i64, i128, si8, si64, ui1, ui16, index)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:10 = "t.ints"() : () -> (i1, i7, i32, i64, i128, si8, si64, ui1, ui16, index)
// CHECK-NEXT: }) : () -> ()
// -----
// Every float type.
"t.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:18 = "t.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN)
// CHECK-NEXT: }) : () -> ()
// -----
// none and complex.
"t.misc"() : () -> (none, complex<f32>, complex<i8>, complex<f64>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:4 = "t.misc"() : () -> (none, complex<f32>, complex<i8>, complex<f64>)
// CHECK-NEXT: }) : () -> ()
// -----
// Tuples, including empty and nested.
"t.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:3 = "t.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, tuple<f32, index>>)
// CHECK-NEXT: }) : () -> ()
// -----
// A tuple of more than 16 elements gets the alias !tuple.
"t.bigtuple"() : () -> tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK: !tuple = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.bigtuple"() : () -> !tuple
// CHECK-NEXT: }) : () -> ()
// -----
// Function types; a single non-function result drops its parentheses.
"t.fn"() : () -> (() -> (), (i32) -> (i32), (i32, f32) -> (i1, i1), () -> (() -> i32))
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:4 = "t.fn"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (i1, i1), () -> (() -> i32))
// CHECK-NEXT: }) : () -> ()
// -----
// A single function-typed result stays parenthesised.
"t.fnres"() : () -> ((i32) -> i64)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.fnres"() : () -> ((i32) -> i64)
// CHECK-NEXT: }) : () -> ()
// -----
// -> (i32) prints as -> i32.
"t.paren"() : () -> (i32)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.paren"() : () -> i32
// CHECK-NEXT: }) : () -> ()
// -----
// Ranked, rank-0, dynamic and unranked tensors.
"t.tensor"() : () -> (tensor<4x?xf32>, tensor<f32>, tensor<0xi8>, tensor<*xf32>, tensor<2x3x4xcomplex<f32>>, tensor<4xvector<4xf32>>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:6 = "t.tensor"() : () -> (tensor<4x?xf32>, tensor<f32>, tensor<0xi8>, tensor<*xf32>, tensor<2x3x4xcomplex<f32>>, tensor<4xvector<4xf32>>)
// CHECK-NEXT: }) : () -> ()
// -----
// Tensor encodings.
"t.enc"() : () -> (tensor<4xf32, "enc">, tensor<?xi8, {a = 1 : i64}>, tensor<4xf32, #t.enc<1>>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:3 = "t.enc"() : () -> (tensor<4xf32, "enc">, tensor<?xi8, {a = 1 : i64}>, tensor<4xf32, #t.enc<1>>)
// CHECK-NEXT: }) : () -> ()
// -----
// Vectors: fixed, scalable, 0-d.
"t.vector"() : () -> (vector<4xf32>, vector<[4]xf32>, vector<2x[4]x8xi1>, vector<[2]x[2]xindex>, vector<f32>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:5 = "t.vector"() : () -> (vector<4xf32>, vector<[4]xf32>, vector<2x[4]x8xi1>, vector<[2]x[2]xindex>, vector<f32>)
// CHECK-NEXT: }) : () -> ()
// -----
// Memrefs: memory space 0 and identity layouts are dropped.
"t.memref"() : () -> (memref<4xf32, 0>, memref<4x?xf32, affine_map<(d0, d1) -> (d0, d1)>>, memref<f32>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:3 = "t.memref"() : () -> (memref<4xf32>, memref<4x?xf32>, memref<f32>)
// CHECK-NEXT: }) : () -> ()
// -----
// Memory spaces.
"t.space"() : () -> (memref<4xf32, 1>, memref<4xf32, "gpu">, memref<*xf32, 3>, memref<*xi8>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:4 = "t.space"() : () -> (memref<4xf32, 1>, memref<4xf32, "gpu">, memref<*xf32, 3>, memref<*xi8>)
// CHECK-NEXT: }) : () -> ()
// -----
// Strided layouts; offset: 0 is dropped.
"t.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1], offset: 0>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 5>, 1>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:4 = "t.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[4, 1]>>, memref<4x4xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[2], offset: 5>, 1>)
// CHECK-NEXT: }) : () -> ()
// -----
// Affine-map layouts get #map aliases.
"t.maplayout"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<8xf32, affine_map<(d0)[s0] -> (d0 + s0)>>)
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0:2 = "t.maplayout"() : () -> (memref<4x4xf32, #map>, memref<8xf32, #map1>)
// CHECK-NEXT: }) : () -> ()
// -----
// Dialect types.
"t.opaque"() : () -> (!t.ty, !t.ty<"x", 3>, !t<"opaque body">, !t.p<x<y>, {a = 1}>)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:4 = "t.opaque"() : () -> (!t.ty, !t.ty<"x", 3>, !t<"opaque body">, !t.p<x<y>, {a = 1}>)
// CHECK-NEXT: }) : () -> ()
// -----
// User type aliases are resolved on output.
!my = tensor<4xi32>
!other = !t.thing<!my>
"t.alias"() : () -> (!my, !other)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:2 = "t.alias"() : () -> (tensor<4xi32>, !t.thing<!my>)
// CHECK-NEXT: }) : () -> ()
// -----
// Types of operands print in the signature.
%0 = "t.def"() : () -> complex<f32>
"t.use"(%0, %0) : (complex<f32>, complex<f32>) -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.def"() : () -> complex<f32>
// CHECK-NEXT:   "t.use"(%0, %0) : (complex<f32>, complex<f32>) -> ()
// CHECK-NEXT: }) : () -> ()
