!ty0 = complex<f64>
!ty1 = index
!ty2 = i16
#al0 = [dense<(3.4028235e38, 3.14159)> : tensor<1xcomplex<f64>>, 1234567.8 : f6E3M2FN]
#al1 = -1 : i7
#lc0 = loc("a.mlir":161:16)
#lc1 = loc(#lc0)
"builtin.module"() <{sym_name = "m"}> ({
  "my_dialect.op"(%t-6) <{}> : (f8E4M3) -> ()
  "xa.load"(%r_4) ({
  ^blk_11(%r_12: i64, %x.13: !my_dialect<"opaque 75"> loc("a.mlir":62:34 to :36)):
    %r_15 = "foo.\C3\BCn"() ({
    }) {a$b7 = -184674306655342255 : i64, k3 = #foo.attr, "quoted key", k34 = sparse<[[0, 2], [1, 2]], [7, 4]> : tensor<3x3xi32>} : () -> complex<f16> loc(#late1)
  }) : (!xb.ty) -> () loc("sp ace.c":199)
  %r_4, %x.5, %t-6 = "xb.op"(%r_8) : (vector<7x6x2xindex>) -> (!xb.ty, !foo.p<x<y>, {a = 1}>, f8E4M3)
  %r_8 = "xa.compute"() ({
  ^bb16(%t-17: i256, %t-18: i32):
    "xb.\C3\BCn"()[^bb32] <{}> : () -> () loc(#lc1)
  ^blk_21(%t-22: f8E3M4 loc("q\22.c":5:2), %v23: index loc(#late0)):
    "zz.load"(%t-38, %t-22, %t-38) : (si8, f8E3M4, si8) -> ()
    %x.26:2, %x.27 = "foo.nest.deep"(%t-38, %t-34) : (si8, index) -> (!ty1, i128, vector<4xf32>)
    %r_29 = "xb.store"(%t-34, %r_4) : (index, !xb.ty) -> !zz<"opaque 58"> loc(#late1)
    %r_31 = "xb.store"() {"quoted key" = dense<[[[4013767111, 3610738204, 4294967295], [2325557096, 2678631989, -963917643]], [[3271821048, -1640139126, 1989575713], [2634903064, 4294967295, 2341853731]], [[-1, 3775017174, 2818265552], [4294967295, 19353564, 4294967295]]]> : tensor<3x2x3xi32>} : () -> (i128)
  ^bb32:
    %t-34 = "zz.w$1"(%t-18, %t-18, %r_4) <{k4, k23 = dense<"0x5B9D6BCB0702B3B0DCD51D4B147FB9F008CC35B686692221E5B3157FE67B7268A7915FE896E96273C3D608D587CF6C699127EC8346FA47A3667035763DFF2BCD21C5A0DAC5E40CB093277320B2FDFE0E3084B3B39A68113B97B084AF58440A05ACC94299A311174B09A7A1B5F2C025046E77EA1A5782EDECBAD7365DF6F929876F978D04409D5A1B6AD8541F4A65EF41CF170D32F615229F552E67AD7791272A9FFCA3478004222502D125A6628804EB2ADC9451674E7B000A99926378332D0D223FACF180E93712740D6E1BDDB6ED377FCF0EB836720503EC160F5736C869B2362CFB3DACB8ED2D3EAE74F46128317EE92DE98F887E8E4E00C206D5A96BC2CCF7DD1B775BDC0140A71C2107AE66FE7747F69FDB5F90C57F7529863F00449E2E5915AE3EAC55CE29FBCC0FBD0DB52AF6CB2143A5D26788DCA2910BBFB05A441EA83987131D66AA71A452BC66659914FC6B13B249428514EF8B722A364FA3CB9547CB593D43F4620B4424056F952A31EF6B1BA295E8EDC0118DA01095909987C91C6E92C8C5D39F95BD041C314FCC29E3CE8FC936"> : tensor<101xi32>, k32, dialect.k3 = #my_dialect.attr<5, "s", [1, 2]>, k6}> : (i32, i32, !xb.ty) -> index loc("quote\"inside"("%not.ssa"))
    %r_36 = "xa.w$1"(%t-18) {k24 = unit, "quoted key" = 3 : si3, k28 = {}, "0num" = #al1} : (i32) -> i16
    %t-38 = "zz.nest.deep"(%t-34, %t-34) <{k12 = 96572.8356e-19 : f16, k1 = #al0, dialect.k1 = #foo<"opaque">, k26 = "ctl\01\7F"}> {k28, "0num" = dense<[(1234567.8, 3.14159)]> : tensor<1xcomplex<f32>>, a$b3 = true} : (index, index) -> si8
    %r_40 = "xg.make"() : () -> (f8E3M4)
    "foo.w$1"(%t-18, %t-34, %t-38, %r_40, %t-34)[^blk_21, ^bb32] : (i32, index, si8, f8E3M4, index) -> ()
  }, {
    %t-43 = "xb.store"(%r_4, %t-6, %t-6) <43 : index> : (!xb.ty, f8E4M3, f8E4M3) -> (si64) loc(unknown)
    %t-45 = "xb.load"(%x.5, %x.5, %x.5) {} : (!foo.p<x<y>, {a = 1}>, !foo.p<x<y>, {a = 1}>, !foo.p<x<y>, {a = 1}>) -> ((vector<f8E4M3>) -> ()) loc("a.mlir":195:67)
  }) {dialect.k4 = 15493.5348e-21 : f6E3M2FN, k14 = [@sym_45::@sym_13, #al1, unit, strided<[9, 8], offset: 8>]} : () -> vector<7x6x2xindex> loc(#late0)
  "my_dialect.load"() : () -> ()
  "xa.op"(%r_8) : (vector<7x6x2xindex>) -> ()
}) : () -> ()
#late0 = loc(fused<{a = 1 : i32}>[unknown])
#late1 = loc(#lc0)
