#map = affine_map<(d0, d1)[s0] -> (d0 + 1 + d1 * 2, s0 floordiv 4)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
!big = tuple<i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, i14, i15, i16, i17>
"xa.attrs"() <{p = [1, 2.0, 3 : i32]}> {
  "0num" = 1, _z = 2 : i8, a = 255 : i8, "a$b" = 18446744073709551615 : i64, "a.b" = 0x1F : i32,
  b = true, c = -1 : i1, d = 0.1 : f32, e = 123456789.0 : f64, f = 1.234567e6 : f64, g = 0.3 : f128,
  h = -0.0 : f16, i = 0x7FC00000 : f32, j = "tab\there é \"q\" \\", k = @a::@"b\22c", l = unit,
  m = [unit, [i32, index], {x = 1}], n = #map, o = #set, p = strided<[4, 1], offset: 0>, q = !big,
  r = array<i32: 1, 2, 3>, s = array<f64: 1.5>, t = dense<[1, 1]> : tensor<2xi32>,
  u = dense<"0x0102"> : tensor<2xi8>, v = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>,
  w = sparse<[[0, 1]], [1.0]> : tensor<2x2xf32>, x = #xa.thing<"q", 3>, y = "s" : i32,
  z = dense<[[1.5, 2.5], [3.5, 4.5]]> : vector<2x2xbf16>
} : () -> (memref<4x?xf32, #map2>, memref<*xf32, 1>, tensor<*xi8>, vector<[4]x2xf32>, memref<4xf32, affine_map<(d0) -> (d0)>>, memref<2xi8, 0>)
