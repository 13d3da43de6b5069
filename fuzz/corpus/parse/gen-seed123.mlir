!ty0 = ui16
#lc0 = loc("\22q\22"(fused["é.x":70, "dir/f.py":52:75, "q\22.c":106:27]))
"xa.nest.deep"(%12) ({
^blk_17(%18: tensor<*xf32> loc(fused<{a = 1 : i32}>[])):
  %t-20 = "zz.call_x"(%t-10, %r_4, %t-8#0) <{k3 = array<i16: -13744, 32767, -6479, -32768>, k21 = 0 : ui32, "0num"}> : (none, ui128, tensor<7x?x4xvector<4x3x6xf16>>) -> index
  "zz.yield"(%t-8#1, %r_4)[^bb22] <{k9 = 1 : i1, k38, k21 = "\22q\22"}> : (!ty0, ui128) -> () loc(callsite(callsite(#lc0 at fused<"">["a.mlir":36:22 to :29]) at "quote\"inside"(#lc0)))
^bb22:
  %v24:2 = "my_dialect.\C3\BCn"(%t-20, %t-8#0, %t-8#1) ({
    %v42 = "zz.\C3\BCn"() <dense<[[[(-45268.1283e-15, 0.1)], [(-62904.633e-13, 2.0)], [(2.0, 0.0)]]]> : tensor<1x3x1xcomplex<f64>>> : () -> i64 loc("back\\slash"(#lc0))
    %v44 = "xb.store"() <unit> {dialect.k9 = dense<[(-2147483648, -2147483648)]> : tensor<1xcomplex<i32>>} : () -> bf16
    "xa.op"() <{k40 = -4100297851527951254 : i64, "0num" = f64, k13 = () -> si64}> ({
    }) : () -> () loc(#lc0)
  }) : (index, tensor<7x?x4xvector<4x3x6xf16>>, !ty0) -> (!foo.ty<72, "s", [i32]>, complex<bf16>) loc(fused[#lc0])
  "zz.yield"(%18, %t-10)[^blk_27] {"0num" = 0x1471F184 : f32} : (tensor<*xf32>, none) -> ()
^blk_27(%v28: none loc("plain")):
  %v30, %t-31, %t-32 = "my_dialect.call_x"(%v24#0, %x.16) : (!foo.ty<72, "s", [i32]>, tuple<>) -> (complex<f16>, none, memref<3x?x?xf64, 1>) loc(#lc0)
  %r_34, %r_35 = "xa.load"(%t-32, %t-15, %v30) ({
  ^blk_46(%47: complex<f32>):
    %49 = "my_dialect.été"(%t-8#2, %t-8#0) {k31 = none, "0num" = dense<199> : tensor<i8>, dialect.k3 = {"quoted key" = -10 : i7, a$b5 = -1 : i64}, k10 = vector<[8]x3x6xi256>} : (!ty0, tensor<7x?x4xvector<4x3x6xf16>>) -> i32
    "foo.op"(%t-31, %v24#0, %49) {dialect.k2 = dense<-42614.3758e-34> : tensor<f32>, k35 = f80, k29 = 476 : index, _u6 = f6E2M3FN, dialect.k5 = dense<1.0e-5> : tensor<f32>} : (none, !foo.ty<72, "s", [i32]>, i32) -> ()
  }, {
    %x.53 = "xa.call_x"(%t-20, %t-5, %v28) : (index, complex<f4E2M1FN>, none) -> f64 loc(fused<"new\nline">[callsite("dir/f.py":72:69 at fused<{a = 1 : i32}>["a.mlir":112, "dir/f.py":98:43, "é.x":33:12]), "日本語"(fused[]), fused["é.x":8:27 to :36, #lc0, "new\nline"]])
    %v55 = "xa.store"(%t-8#0, %v30) : (tensor<7x?x4xvector<4x3x6xf16>>, complex<f16>) -> si32 loc(fused<{a = 1 : i32}>[])
    %x.70 = "xg.make"() : () -> (!foo.ty)
    %x.71 = "xg.make"() : () -> (vector<3x3xf64>)
    "my_dialect.w$1"(%t-20, %v55, %v55, %x.70, %x.71)[^blk_59] <{k8 = 1.0e-320 : bf16, k20 = {k33 = 0x9347BCE4 : i32}, "quoted key" = dense<1.234567e6> : tensor<f16>, k38 = affine_set<(d0) : (15 == 0, d0 * 4 == 0, d0 == 0)>}> {_u5 = 0x2CEEB5B619667D15 : i64, a$b6 = 127 : i7} : (index, si32, si32, !foo.ty, vector<3x3xf64>) -> ()
  ^blk_59(%t-60: !foo.ty, %v61: vector<3x3xf64> loc(unknown)):
    %t-63 = "foo.w$1"() <{}> : () -> (vector<2x5x6xf64>)
    %t-65 = "zz.nest.deep"(%x.16, %v30, %v6) {k33 = tensor<3x?x?xi32>, dialect.k4 = #xb.attr<8, "s", [1, 2]>} : (tuple<>, complex<f16>, f8E4M3B11FNUZ) -> (i8)
    %t-67 = "xa.call_x"(%t-32, %12, %v24#0) <{k22 = [1234567.8 : f16, index, strided<[4, 0], offset: 4>, affine_set<(d0)[s0] : (d0 - -3 >= 0, -3 - s0 == 0)>], k14 = 1362383749 : si32, k23 = unit, k31 = dense<0> : tensor<i1>}> : (memref<3x?x?xf64, 1>, !zz<"opaque 40">, !foo.ty<72, "s", [i32]>) -> tensor<2x?x8xf32>
    %v69 = "xb.call_x"(%v24#0) <{k36 = {k23 = -128 : i8, k19 = -128 : i8}, "0num" = affine_set<(d0)[s0] : (d0 * 3 + 9 == 0, -5 - 9 >= 0)>, k34 = [#xa.attr]}> : (!foo.ty<72, "s", [i32]>) -> memref<?x8x4xindex, strided<[14, ?, 16], offset: ?>, "gpu">
  }) {k3 = sparse<[[0, 0], [1, 0]], [5, 2]> : tensor<3x3xi32>, k30 = -1 : i32, k7 = @"sym with space"::@sym_28::@sym_11, a$b0 = 79850.2139e-30 : bf16, k40 = 0x9400445F : f32} : (memref<3x?x?xf64, 1>, !ty0, complex<f16>) -> (i3, !my_dialect<"opaque 88">)
  %t-37 = "zz.été"(%t-10, %t-8#1) : (none, !ty0) -> f64
  %v39 = "zz.store"(%t-8#0, %t-32, %r_35) : (tensor<7x?x4xvector<4x3x6xf16>>, memref<3x?x?xf64, 1>, !my_dialect<"opaque 88">) -> f128 loc(fused["é.x":177:29 to 180:5])
}, {
  "xa.été"(%t-10, %12) {k21 = #my_dialect.attr, a$b4 = ["tab\there" : f6E3M2FN, ui32, #my_dialect.attr<4, "s", [1, 2]>, i1], k17 = #my_dialect.attr, k28 = 3.4028235e38 : f8E4M3B11FNUZ} : (none, !zz<"opaque 40">) -> () loc(callsite(fused<"tab\there">["emoji 😀"("a.mlir":31:24)] at "#notalias"))
  %r_75 = "foo.\C3\BCn"(%t-5) <{"quoted key" = unit}> : (complex<f4E2M1FN>) -> i7
  %r_83 = "xg.make"() : () -> (index)
  "zz.été"(%t-15, %t-10, %r_75, %r_83)[^blk_79] {k13, k23 = [#xa.nest<a<b>, {c}>, affine_set<(d0) : (d0 - d0 >= 0)>, sparse<[[0, 1], [1, 1]], [0, 7]> : tensor<3x3xi32>], k32, "0num"} : (!ty0, none, i7, index) -> () loc(""(callsite(callsite("q\22.c":16:2 to :5 at "a.mlir":186:39) at #lc0)))
^blk_79(%t-80: index loc(fused[unknown, #lc0, fused<{a = 1 : i32}>[#lc0, #lc0, unknown]])):
  "xa.compute"(%v6, %t-15) <{k14 = [], k3 = 1.0e300 : bf16, _u5 = 9506.4365e17 : f32, dialect.k5 = index}> {k27 = sparse<[[0, 1], [1, 0]], [8, 5]> : tensor<3x3xi32>} : (f8E4M3B11FNUZ, !ty0) -> ()
  "my_dialect.nest.deep"(%t-80) : (index) -> () loc("{braces}"(#lc0))
}) : (!zz<"opaque 40">) -> ()
"xa.w$1"(%12, %t-8#2, %t-8#1) : (!zz<"opaque 40">, !ty0, !ty0) -> () loc(fused[fused<{a = 1 : i32}>["emoji 😀"("sp ace.c":74:47 to 77:74), unknown, fused[]]])
%r_4, %t-5, %v6 = "my_dialect.op"(%12, %t-15, %t-8#0) : (!zz<"opaque 40">, !ty0, tensor<7x?x4xvector<4x3x6xf16>>) -> (ui128, complex<f4E2M1FN>, f8E4M3B11FNUZ) loc(fused[])
%t-8:3 = "xa.op"(%12) {a$b5 = strided<[1, 15, ?], offset: ?>, k38 = [[], affine_map<()[s0] -> (s0)>, [-128 : i8, 451 : index, 2816603074708349908 : i64, 97 : index]], k7 = @sym_9::@"q\22uote", k35 = unit, k14 = #foo.nest<a<b>, {c}>} : (!zz<"opaque 40">) -> (tensor<7x?x4xvector<4x3x6xf16>>, !ty0, !ty0) loc(fused["dir/f.py":87, fused["é.x":48]])
%t-10 = "zz.w$1"(%t-15, %t-8#0, %t-5) {k36 = -0.0 : f32, "quoted key" = 7 : i3, _u0 = "%not.ssa", k11 = dense<[[[2, -64], [63, 26], [-20, 47]], [[35, -6], [-1, 0], [-64, -52]]]> : tensor<2x3x2xsi7>} : (!ty0, tensor<7x?x4xvector<4x3x6xf16>>, complex<f4E2M1FN>) -> none
%12 = "zz.nest.deep"() : () -> !zz<"opaque 40">
"xa.yield"(%x.16, %t-5) {_u3 = "ctl\01\7F", k12 = affine_map<(d0, d1, d2)[s0] -> ()>} : (tuple<>, complex<f4E2M1FN>) -> ()
%t-15, %x.16 = "foo.op"() : () -> (!ty0, tuple<>) loc("quote\"inside"("a.mlir":157:41))
