"a.x"() {m1 = affine_map<(d0) -> (d0 + 1)>, m0 = affine_map<(d0, d1) -> (d1, d0)>, s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, t = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, arr = [affine_map<(d0) -> (d0 floordiv 2)>, tuple<i1,i2,i3,i4,i5,i6,i7,i8,i9,i10,i11,i12,i13,i14,i15,i16,i17>]} : () -> ()
%0 = "a.y"() : () -> tuple<i1,i2,i3,i4,i5,i6,i7,i8,i9,i10,i11,i12,i13,i14,i15,i16,i17>
"a.z"() {n = {inner = [affine_map<(d0)[s0] -> (d0 * s0)>]}, tt = tuple<i1,i2,i3,i4,i5,i6,i7,i8,i9,i10,i11,i12,i13,i14,i15,i16>} : () -> ()
"a.w"() <{p = affine_map<(d0) -> (d0 mod 3)>}> : () -> ()
