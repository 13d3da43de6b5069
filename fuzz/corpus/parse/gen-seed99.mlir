!ty0 = si16
!ty1 = complex<f32>
#al0 = 77791
#al1 = [#al0]
#lc0 = loc(fused["sp ace.c":20:71, "q\22.c":157:12])
#lc1 = loc(#lc0)
"builtin.module"() ({
  %r_2, %3, %r_4 = "xb.op"() {"0num" = "hex\41\42", k37 = 70560, dialect.k2 = index, k29 = #al1, k11 = {}} : () -> (ui8, !ty0, i32) loc("sp ace.c":70:20)
  %t-6 = "zz.op"(%r_4, %3) {k25 = affine_map<() -> ((5 + 10) ceildiv 8, 2)>} : (i32, !ty0) -> ui64
  %x.8 = "xa.compute"(%10) <{}> ({
  ^blk_11(%v12: i1):
    %t-14 = "xb.call_x"(%v12, %r_2, %r_2) <{k39, k7 = "tab\there", _u4 = [#al0, array<i1: false, true>]}> ({
      "xa.compute"() : () -> ()
      %x.44, %t-45, %t-46 = "xa.w$1"(%t-6, %3, %t-6) : (ui64, !ty0, ui64) -> (f64, none, tensor<1x?xcomplex<f16>>)
      %r_48 = "zz.call_x"(%t-45, %3, %3) : (none, !ty0, !ty0) -> ((f64, i128) -> i8) loc(fused[])
      %r_72 = "xg.make"() : () -> (f8E8M0FNU)
      "foo.yield"(%r_72)[^blk_68] : (f8E8M0FNU) -> () loc("q\22.c":179:76)
    ^bb53:
      %v55, %56 = "xb.été"(%r_2) ({
      ^bb73(%t-74: !xa.ty<62, "s", [i32]> loc("日本語"("é.x":67:69))):
        %76 = "foo.été"() : () -> tensor<?xindex> loc("emoji 😀"(fused[#lc1]))
        "zz.compute"(%t-46, %r_48, %t-45)[^blk_79] : (tensor<1x?xcomplex<f16>>, (f64, i128) -> i8, none) -> () loc(fused[#lc0, "é.x":104:67, #lc1])
      ^blk_79(%x.80: none loc(#lc1)):
        %82 = "foo.yield"(%3) {_u2 = "café"} : (!ty0) -> (tuple<>) loc(fused<{a = 1 : i32}>[unknown, unknown])
        %x.84, %t-85, %t-86 = "xa.call_x"(%82, %76) <{k3 = complex<f32>}> {"quoted key" = dense<(2.5e-1, 1.0e-320)> : tensor<1x1x3xcomplex<f32>>} : (tuple<>, tensor<?xindex>) -> (!ty0, i3, tuple<tensor<f32, "">>) loc("#notalias"("dir/f.py":44:11 to 46:49))
      }, {
        %t-89 = "zz.w$1"(%r_2, %10, %t-6) <{"quoted key" = affine_set<(d0, d1) : (10 * 4 == 0, 14 * 6 >= 0)>, k4 = [#al1, #foo<"opaque">, 3975415014 : i32, []]}> {k22 = {k6 = 1 : ui1, k0 = 0 : i1}, "quoted key" = [array<i32>, {}, #al0], k29 = unit, dialect.k8 = {k6 = true}} : (ui8, tuple<!xb.p<x<y>, {a = 1}>, i32>, ui64) -> tensor<*xcomplex<f8E4M3FN>> loc("日本語")
        "my_dialect.yield"(%t-45) <"plain"> {k2 = dense<(37874.5626e27, 11238.7851e-32)> : tensor<2x3xcomplex<f64>>, k36 = 42436, k40 = #al1, a$b2 = -1.0 : bf16, k34 = {}} : (none) -> ()
        %x.92 = "xa.w$1"() : () -> (i3)
        "my_dialect.store"(%x.92, %t-89, %r_2, %t-45)[^blk_95] <{k29 = strided<[14, ?], offset: 4>, k2, k1, k14 = 0.1 : f32}> : (i3, tensor<*xcomplex<f8E4M3FN>>, ui8, none) -> () loc(fused<"with space">[])
      ^blk_95(%t-96: none):
        %r_98, %t-99 = "my_dialect.été"(%r_4, %t-6, %t-89) : (i32, ui64, tensor<*xcomplex<f8E4M3FN>>) -> (complex<f64>, vector<5x1xui64>) loc(#lc0)
        %t-101, %102, %x.103 = "foo.store"(%x.44, %t-99, %r_4) : (f64, vector<5x1xui64>, i32) -> (i3, f8E5M2, !xa.ty) loc(#lc0)
        %105 = "my_dialect.load"(%x.44) <{k15 = strided<[], offset: 4>, dialect.k6 = #al0, k2}> {} : (f64) -> memref<?xf8E5M2FNUZ> loc(#lc0)
        %v107 = "my_dialect.compute"(%3) : (!ty0) -> (i3) loc("q\22.c":46:1)
      }) {k26 = #al1, "quoted key" = #my_dialect.attr, dialect.k4 = #al0} : (ui8) -> (i128, () -> (complex<f64>, ui3)) loc("日本語")
      "foo.\C3\BCn"(%v69, %t-46) <{k18 = f16, k33, "0num" = #al1, k19 = {"quoted key" = 840 : index, k0 = -3225940295961628585 : i64}}> {k16 = 73103.8991e1 : f32, k8 = 91 : index, k29 = #al1, "quoted key" = "plain", dialect.k9 = 0x1AE0CC62E55D7DA3 : f64} : (f8E8M0FNU, tensor<1x?xcomplex<f16>>) -> ()
      "xb.call_x"(%v69, %10, %t-45) : (f8E8M0FNU, tuple<!xb.p<x<y>, {a = 1}>, i32>, none) -> ()
      %108 = "xg.make"() : () -> (ui16)
      "foo.yield"(%108)[^bb62, ^bb53] {} : (ui16) -> () loc(#lc1)
    ^bb62(%x.63: ui16):
      %t-65 = "foo.op"() : () -> i32 loc("a.mlir":151:55)
      %v67 = "xa.load"() : () -> complex<f8E8M0FNU>
    ^blk_68(%v69: f8E8M0FNU):
      "xa.compute"(%t-6, %t-46, %t-45)[^bb53] : (ui64, tensor<1x?xcomplex<f16>>, none) -> ()
    }) {_u8 = #al0, k21 = #zz.attr, k29 = #foo.attr<0, "s", [1, 2]>, _u2 = "new\nline", k14 = {}} : (i1, ui8, ui8) -> !ty1
    "foo.op"(%3) : (!ty0) -> ()
    "foo.\C3\BCn"()[^blk_18] : () -> () loc(fused[fused[fused<{a = 1 : i32}>["dir/f.py":42, "sp ace.c":30], "a.mlir":134], unknown, unknown])
  ^blk_18:
    %r_20, %t-21 = "foo.store"(%t-6) : (ui64) -> (!ty1, tensor<6x1xvector<4x4x1xindex>>) loc(callsite(#lc1 at callsite("quote\"inside"("sp ace.c":70) at "sp ace.c":166:36)))
    %t-23 = "foo.\C3\BCn"(%3, %t-14, %t-14) <@sym_30::@"sym with space"::@sym_22> {"0num" = 1.234567e6 : f16, k1 = strided<[16], offset: ?>, _u3 = bf16, k20, _u5 = 47096 : i16} : (!ty0, !ty1, !ty1) -> (f32) loc(fused<{a = 1 : i32}>["é.x":137, fused[#lc0]])
    %t-109 = "xg.make"() : () -> (!foo.ty)
    %v110 = "xg.make"() : () -> (memref<*xvector<f64>>)
    "xb.nest.deep"(%t-109, %v110)[^bb25, ^blk_18] {_u9 = 0x00000000 : f32, k39 = @sym_13::@sym_34} : (!foo.ty, memref<*xvector<f64>>) -> () loc(#lc1)
  ^bb25(%v26: !foo.ty loc(callsite("é.x":199:19 to :21 at #lc1)), %27: memref<*xvector<f64>>):
    %r_29 = "xb.été"(%t-21) <{}> : (tensor<6x1xvector<4x4x1xindex>>) -> f64
    %r_31 = "xa.call_x"(%t-21, %3) <{}> : (tensor<6x1xvector<4x4x1xindex>>, !ty0) -> index loc("a = 1 : i64"("a.mlir":121:42))
    "foo.store"(%t-6) <{k11 = affine_map<(d0)[s0, s1] -> ()>, "0num" = 0x0 : i3}> : (ui64) -> ()
    %111 = "xg.make"() : () -> (f16)
    "my_dialect.op"(%r_29, %111, %111)[^blk_34] : (f64, f16, f16) -> ()
  ^blk_34(%35: f16):
    "zz.op"() : () -> () loc(unknown)
    "foo.call_x"(%t-6) : (ui64) -> ()
    %t-39 = "xb.w$1"(%t-23, %r_4, %35) {"quoted key" = "quote\"inside", "0num" = tuple<i256, f8E4M3>, k17 = array<i1: true, true, true, false, false>, dialect.k1 = @"q\22uote"::@"sym with space"::@"sym with space"} : (f32, i32, f16) -> f32
    "zz.été"() {k11 = sparse<[[0, 0]], [2]> : tensor<3x3xi32>, k17 = #al1, k23 = 571130263104849496 : ui128, k27 = 9.87654321e-3 : f16} : () -> () loc("tab\there"("quote\"inside"))
  }) : (tuple<!xb.p<x<y>, {a = 1}>, i32>) -> (vector<5x[8]x[7]xi1>) loc("a.mlir":62:39)
  %10 = "xa.yield"() : () -> (tuple<!xb.p<x<y>, {a = 1}>, i32>)
}) : () -> ()
