#al0 = "%not.ssa"
#al1 = dense<[1.0e-7, 1.0e300, 1.0e300]> : tensor<3xf32>
#lc0 = loc("tab\there"("a.mlir":80:18))
%r_2:3 = "foo.op"(%r_5, %v7) <{k2 = #xb<"opaque">, k14 = 0 : i8}> : (ui7, vector<1xindex>) -> (none, vector<2x3x8xf16>, !xb.ty) loc(#lc0)
"xa.call_x"() {k17 = dense<-1> : tensor<2x2x2xsi32>, k35 = strided<[], offset: 4>, k37 = 66 : i7, k26 = dense<127> : tensor<2x1xi7>} : () -> ()
%r_5 = "xa.été"(%r_2#0) : (none) -> ui7 loc(#lc0)
%v7 = "foo.w$1"(%r_2#0, %r_2#1, %r_2#1) : (none, vector<2x3x8xf16>, vector<2x3x8xf16>) -> vector<1xindex>
"zz.op"(%r_5, %r_2#1) <{"quoted key" = [affine_set<(d0, d1) : (9 * -1 >= 0)>, #al0]}> {k32 = [96839, dense<1.0> : tensor<3x3x2xf64>, #al1], a$b0 = bf16} : (ui7, vector<2x3x8xf16>) -> () loc(fused["café"(unknown), fused[fused[], unknown, fused["é.x":45:17]]])
"xa.store"(%r_2#2, %x.19#1, %t-11#0) {dialect.k3, k7 = 0.3 : f8E3M4, dialect.k7 = {}, k36 = #al0} : (!xb.ty, memref<*xi1>, tuple<tuple<>, i64, none>) -> () loc("sp ace.c":142:52 to :56)
%t-11:2, %v12 = "xb.load"(%r_2#1, %r_2#0, %r_2#1) {k15 = affine_map<()[s0] -> (s0, s0 + -3)>} : (vector<2x3x8xf16>, none, vector<2x3x8xf16>) -> (tuple<tuple<>, i64, none>, si32, i32)
%t-14 = "foo.yield"(%x.19#1, %r_5) : (memref<*xi1>, ui7) -> f32
"xa.store"(%x.19#0) <{k6 = 65520.0 : f16, k40 = 9853, k9, k35}> ({
  %x.22 = "xb.w$1"() ({
  ^bb40(%v41: (tuple<i8, bf16, f8E4M3>, index) -> () loc(unknown), %v42: tensor<6xf32>):
    "zz.w$1"(%r_2#2, %t-11#1, %x.19#1)[^bb45] : (!xb.ty, si32, memref<*xi1>) -> ()
  ^bb45:
    %r_47 = "zz.nest.deep"(%t-11#1, %t-11#0, %r_2#1) : (si32, tuple<tuple<>, i64, none>, vector<2x3x8xf16>) -> (vector<[6]xindex>) loc(#late0)
    %x.49 = "xa.load"(%v12, %t-11#0, %t-11#1) : (i32, tuple<tuple<>, i64, none>, si32) -> tensor<9x?xf16>
    "xb.nest.deep"(%v42, %r_2#1) {"0num" = @sym_35, a$b2 = 65535 : i16, a$b7, dialect.k9} : (tensor<6xf32>, vector<2x3x8xf16>) -> () loc(fused[#lc0])
    "xb.op"(%v41, %r_2#1) : ((tuple<i8, bf16, f8E4M3>, index) -> (), vector<2x3x8xf16>) -> ()
  }) {"quoted key" = [#xa.attr<6, "s", [1, 2]>, #my_dialect.attr<1, "s", [1, 2]>], "0num", dialect.k7 = tensor<*xbf16>, k21, k18 = affine_map<(d0, d1)[s0, s1] -> (3)>} : () -> ui256 loc("#notalias"(#lc0))
  %t-24 = "xa.op"(%x.22, %t-11#1) {a$b2 = 7 : ui3, "0num" = 0.0 : f16} : (ui256, si32) -> !zz.p<x<y>, {a = 1}> loc(#lc0)
  %26, %v27 = "xa.\C3\BCn"() : () -> (tensor<*xvector<f32>>, vector<4x5xf64>)
  "zz.store"(%t-11#0)[^bb30] : (tuple<tuple<>, i64, none>) -> () loc("")
^bb30:
  %t-32 = "foo.call_x"() : () -> none loc(#late0)
  %t-34 = "xa.w$1"(%v27, %r_2#1) : (vector<4x5xf64>, vector<2x3x8xf16>) -> !xb.ty<11, "s", [i32]> loc("dir/f.py":112:6 to 114:13)
  %v36 = "my_dialect.été"(%r_2#2) <{k29 = affine_map<(d0) -> ((-5) ceildiv 2)>, k19 = sparse<[[0, 0], [1, 1]], [3, 1]> : tensor<3x3xi32>, k18 = @sym_8::@"q\22uote", "quoted key" = [affine_set<(d0, d1)[s0] : (d0 + d1 >= 0)>, "#notalias", 670 : index, #foo<"opaque">]}> : (!xb.ty) -> !xb.ty<35, "s", [i32]>
  %r_38, %x.39:2 = "xb.store"(%x.19#2, %t-32, %t-11#1) : (complex<f32>, none, si32) -> (!xa<"opaque 19">, complex<bf16>, index)
}) : (f32) -> ()
%v17 = "my_dialect.w$1"(%x.19#1, %r_2#2) {k16 = 1 : i1, k18 = dense<-2147483648> : tensor<2x2x3xi32>} : (memref<*xi1>, !xb.ty) -> tensor<index> loc("a.mlir":39:60)
%x.19:3 = "xa.w$1"(%r_5, %v12) : (ui7, i32) -> (f32, memref<*xi1>, complex<f32>) loc("ctl\01\7F"(fused<"\22q\22">[""]))
#late0 = loc("quote\"inside")
