#a = affine_map<(d0) -> (d0 + 2)>
!t = tuple<i32, !foo.bar<"x", 3, [i32]>>
"x.y"() <{p = 1}> {a = strided<[1, ?], offset: 3>, b = array<i32>, c = array<f32: 1.0, -0.0>, d = sparse<[[0, 1]], [1.0]> : tensor<2x2xf32>, e = #foo<"x y">, f = @a::@"b c", g = "\41\n\t\"é", h = dense<(1,2)> : tensor<2xcomplex<i32>>, i = dense<[[1.0, 2.0]]> : vector<1x2xf16>, j = 0x7FC00000 : f32, k = 1.0e-50 : f8E4M3FN, l = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, m = dense<"0x01020304"> : tensor<4xi8>, n = 0xFF : ui8, o = -128 : si8, p = 3 : index, q = !t, r = unit} : () -> (memref<4xf32, #a>, memref<*xf32, 1>, vector<[4]x2xi1>, tensor<*xf32>, tensor<4x?xf32, "enc">, vector<f32>, tensor<f32>, () -> (), complex<f80>, f6E2M3FN, f4E2M1FN, f8E8M0FNU, tf32, memref<4x4xf32, strided<[4, 1], offset: ?>, "gpu">) loc(fused<"m">["a", "f":1:2 to :5, callsite("a" at "b":1:2)])
"q.r"() : () -> () loc(#l)
#l = loc("z"("q":1))
