"xd.\C3\BCn\C3\AF"() : () -> ()
%0 = "a.f"() {f1 = 0.1 : f32, f2 = 2.5, f3 = [1.5, 2.0 : f32, 3 : i64, 4 : i32], f4 = 1.0 : bf16, f5 = -0.0 : f16, f6 = 123456789.0 : f64, f7 = 0x7FC00000 : f32} : () -> ((i32) -> i32)
%1:2 = "a.g"(%0) <{a = 1}> : ((i32) -> i32) -> (() -> (), i32)
"a.s"() {s1 = "x\0A\t", s2 = @"with\22quote", s3 = @a::@b::@"c d", "key with space" = 1, _z = 2, a$b = 3, a.b = 4, "0num" = 5} : () -> ()
"a.t"() {t1 = memref<?x4xf32, 3>, t2 = vector<4x[8]x[2]xi8>, t3 = tensor<*xf32>} : () -> ()
%2 = "builtin.unrealized_conversion_cast"(%1#1) : (i32) -> i64
%3:2 = "builtin.unrealized_conversion_cast"() {a.b = 1} : () -> (i64, i1)
"a.r"() ({
  %4 = "builtin.unrealized_conversion_cast"(%2) : (i64) -> i32
  "builtin.module"() ({
    "a.in"() : () -> ()
  }) {sym_name = "inner", sym_visibility = "private", xd.q = unit} : () -> ()
}) : () -> ()
"a.u"() {x = 255 : ui8, y = 255 : i8, z = -1 : si8, w = 18446744073709551615 : i64, v = 0x1F : i32, q = 1 : index, b = -1 : i1, big = 170141183460469231731687303715884105727 : i128} : () -> ()
