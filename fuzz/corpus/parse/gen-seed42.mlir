!ty0 = !my_dialect<"opaque 62">
!ty1 = f32
!ty2 = bf16
#lc0 = loc("dir/f.py":102)
#lc1 = loc("a.mlir":118:2)
%v2 = "xb.nest.deep"(%10#1, %x.14) <{dialect.k8 = {"quoted key" = true, k39}}> {k18 = tuple<>, k12 = "tab\there", "quoted key" = !xb.ty} : (i32, !xb.p<x<y>, {a = 1}>) -> tensor<3x?x?xf32>
"xb.nest.deep"() ({
}) : () -> () loc(callsite(#lc1 at #lc1))
%v5 = "xb.store"(%x.8, %10#1) ({
^blk_16(%v17: tensor<*xi8> loc(callsite("tab\there" at "emoji 😀"))):
  "xa.yield"(%x.14) ({
  }) : (!xb.p<x<y>, {a = 1}>) -> ()
}, {
^blk_19(%t-20: f32):
  "xb.nest.deep"() <{k19 = strided<[9, ?, 7], offset: ?>, dialect.k4 = [dense<"0xA8AF478951FB0F74D9949DC8851ADD72A48D"> : tensor<3x3xbf16>, "a = 1 : i64"], k32 = affine_map<(d0, d1)[s0, s1] -> ()>, k21 = -1 : i1, k2 = strided<[], offset: 6>}> {} : () -> () loc("dir/f.py":36:41)
  %v41 = "xg.make"() : () -> (tensor<?x?x3xf32>)
  "foo.\C3\BCn"(%v2, %v41)[^blk_36] : (tensor<3x?x?xf32>, tensor<?x?x3xf32>) -> ()
^bb23(%t-24: !xa.p<x<y>, {a = 1}>):
  "xb.op"(%10#1, %t-24, %v2) ({
    %t-44 = "zz.w$1"(%r_7) {} : ((i32) -> complex<f32>) -> (tensor<*xf32>) loc("ctl\01\7F"(#lc0))
    %46 = "xb.été"(%10#0, %t-12) ({
    ^bb56(%t-57: f128, %t-58: !ty0 loc("back\\slash"("hex\41\42"(fused<{a = 1 : i32}>["q\22.c":90:28 to 91:76])))):
      %v60 = "xb.store"() {k18 = array<i64: 0x530C4DC56CB05CB9>, dialect.k3 = -1 : i128, k2 = {k10 = 1 : i1}, "quoted key" = #my_dialect<"opaque">} : () -> i64 loc("quote\"inside"(callsite(unknown at unknown)))
    }) {k24} : (complex<f64>, i8) -> i1 loc(fused["sp ace.c":23:77, "q\22.c":75:44 to 75:12])
    "my_dialect.store"(%x.14, %x.8) <{_u6 = tuple<f32, bf16, si256>}> ({
    ^bb61(%t-62: tuple<> loc(#late0)):
      %v64 = "my_dialect.compute"(%46) <sparse<[[0, 1]], [4]> : tensor<3x3xi32>> {a$b0 = i1, k1 = 1.0e38 : f8E4M3, k40, k8 = strided<[?], offset: ?>} : (i1) -> si32 loc(#lc0)
      "my_dialect.load"(%r_7, %v64)[^blk_66] : ((i32) -> complex<f32>, si32) -> ()
    ^blk_66:
      "zz.compute"(%t-37, %t-20, %r_7) : (tensor<?x?x3xf32>, f32, (i32) -> complex<f32>) -> ()
      %t-69:2, %t-70 = "zz.compute"(%t-20) {dialect.k0 = array<i32: -2147483648, 2147483647, 0x39EC84A0>, k36} : (f32) -> (memref<complex<bf16>, strided<[], offset: 2>>, vector<2x[2]xf32>, si1) loc(#lc1)
    }) {k2 = 0x010F : f16, "quoted key" = #foo.attr<1, "s", [1, 2]>, "0num" = 99571.2189e14 : f16, k35 = [unit, #xa.attr<1, "s", [1, 2]>, affine_set<(d0)[s0] : (4 >= 0)>, {}]} : (!xb.p<x<y>, {a = 1}>, i3) -> ()
    %t-71 = "xg.make"() : () -> (() -> ())
    %72 = "xg.make"() : () -> (complex<bf16>)
    "xb.été"(%t-12, %t-71, %72)[^bb50] : (i8, () -> (), complex<bf16>) -> ()
  ^bb50(%r_51: () -> (), %r_52: complex<bf16>):
    %v54 = "xa.op"(%t-37, %10#0, %r_7) <{k32 = 98696.2429e4 : f6E3M2FN, dialect.k9 = {k17}, a$b6 = -1.0e300 : bf16, k39 = 0x00000000 : f32}> {k17 = 0 : i8} : (tensor<?x?x3xf32>, complex<f64>, (i32) -> complex<f32>) -> (!ty0)
    "zz.été"(%r_52) {k13 = array<i32: -1152396297, 247668410, 0, -1>, k3 = -1 : i64, _u1 = "" : tuple<f16, tf32>} : (complex<bf16>) -> ()
  }) : (i32, !xa.p<x<y>, {a = 1}>, tensor<3x?x?xf32>) -> ()
  "my_dialect.store"(%t-37, %10#1, %t-20) {k0 = f8E3M4} : (tensor<?x?x3xf32>, i32, f32) -> () loc(fused["dir/f.py":117:30, "dir/f.py":191:56 to 194:6, callsite(callsite("q\22.c":82:8 at "q\22.c":97:5 to :13) at fused<"emoji 😀">[])])
  %r_28 = "foo.call_x"(%t-20) : (f32) -> i8
  %x.30, %r_31 = "foo.nest.deep"(%t-20) {k21 = 142 : index, _u4 = affine_map<(d0) -> ()>, k13 = strided<[], offset: 9>, k27 = #xa.attr} : (f32) -> (tuple<tensor<?x8x?xf32>, !ty2>, f64) loc("é.x":192)
^blk_32(%v33: vector<5x8x7xf16> loc("sp ace.c":178:23)):
  %t-73 = "xg.make"() : () -> (!xa.p<x<y>, {a = 1}>)
  "foo.load"(%t-20, %10#0, %t-73, %t-37)[^bb23, ^blk_36] : (f32, complex<f64>, !xa.p<x<y>, {a = 1}>, tensor<?x?x3xf32>) -> ()
^blk_36(%t-37: tensor<?x?x3xf32>):
  "xa.load"(%10#0, %t-20, %r_7) : (complex<f64>, f32, (i32) -> complex<f32>) -> ()
  %v74 = "xg.make"() : () -> (vector<5x8x7xf16>)
  "foo.\C3\BCn"(%t-20, %v74)[^blk_32] <0 : si32> {k13 = @"q\22uote", _u3 = 25028.7294e-12 : f32, k25 = #zz.attr, k11 = {}, k32 = array<i64: -2856355644083396700, 1325858386802226952, -9223372036854775808>} : (f32, vector<5x8x7xf16>) -> ()
}) {} : (i3, i32) -> (complex<f64>)
%r_7, %x.8 = "zz.w$1"(%t-12) <{dialect.k3 = @"q\22uote"::@sym_7::@"q\22uote", "quoted key" = "ctl\01\7F", k13 = !ty0, k3 = vector<3x4x1xf32>}> {} : (i8) -> ((i32) -> complex<f32>, i3) loc(#lc1)
%10:2 = "zz.nest.deep"(%x.14, %t-12) <{"0num" = strided<[0, 0, 2], offset: ?>, k15 = @"sym with space", k20 = array<i1: true, true>, k8, k35 = 0 : i128}> : (!xb.p<x<y>, {a = 1}>, i8) -> (complex<f64>, i32)
%t-12 = "xa.w$1"(%10#1) <{}> {k17 = true, dialect.k3 = #zz.attr, _u4 = {}, _u1 = dense<"0x7CF24F04297D13B4DDBE8CD60D59862CC88B68D42FA625A685B40B3BDF0ED1EF4EEA10A9965512E8C2D988D651563E114332BEE0B92B068CBCC6FB511B4B0155827F0FB8CCA01120AAF7738C4724089E5ADD1D3CBDBF0E6F76CE7A0A5C003A8B398F5D454F0C27F84332E8B63ADD5263603AC5DE8C78B66C33174BB4621273067E8DDDA407AA77392B3B8D93BB21739DC9B868C42258EB23D960B296CD20FE90B05A5F86BEDAFCF81969023C07047841E794042000C3741FCDC147D5521A23C6962ADD13254492022C37C1C96EED37BDD035D9B06D43FCB857E5EB232D8DAB194F83EDB98016E251DE7B90425E0B8B45CB974EEA046ADB8456F86DEA5498D1D518F3B76847A52FC9835409A1D82055113FE5E8C313D8BB3713A39DC0729DA49D61355BCB40981B4F749C2A64F650B2D89AEC3109B06BC3137F85BF6D61DD8BF8F56CBA78836B467017BCA25C33AE5F75645A183F05CC9A1DB7E5BE21076B5F1C090ACE3CD159FDE6FA6A27E2457E5D4E028775DB0DD4B471D70271FCAA12B124EC3F5001AE1DA19AADFF40F3514AB14A3F37116580AED6CA4027799D442EEED462C34DC37B354823B428575ACCA537F7C480C397F044B722F7A13642733C6E43B223D303B1FE8E5F8DFB74B21FE75B6A1C53B76B4B49ED89AD815C8CD111232E"> : tensor<120xf32>, k18 = #xa<"opaque">} : (i32) -> i8
%x.14 = "xb.w$1"() {k9 = "ctl\01\7F", _u5 = dense<0> : tensor<1xi1>} : () -> !xb.p<x<y>, {a = 1}> loc(callsite("with space" at #lc0))
"foo.w$1"() : () -> ()
#late0 = loc("dir/f.py":38:80)
