// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s

// Integers print signed for signless types and take their type.
"t.ints"() {a = 1, b = 255 : i8, c = 18446744073709551615 : i64, d = 0x1F : i32, e = -5 : si8, f = 255 : ui8, g = 7 : index, h = 0 : i128} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.ints"() {a = 1 : i64, b = -1 : i8, c = -1 : i64, d = 31 : i32, e = -5 : si8, f = 255 : ui8, g = 7 : index, h = 0 : i128} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// i1 prints true/false.
"t.bools"() {a = true, b = false, c = 1 : i1, d = -1 : i1, e = 0 : i1} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.bools"() {a = true, b = false, c = true, d = true, e = false} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Floats: 6-digit exponent form when it round-trips.
"t.f1"() {a = 0.1 : f32, b = 1.0, c = -2.5 : f16, d = 1.0e10 : f64, e = -0.0 : f32, f = 65504.0 : f16} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.f1"() {a = 1.000000e-01 : f32, b = 1.000000e+00 : f64, c = -2.500000e+00 : f16, d = 1.000000e+10 : f64, e = -0.000000e+00 : f32, f = 6.550400e+04 : f16} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Floats: shortest form when the exponent form loses bits.
"t.f2"() {a = 0.123456789 : f64, b = 1234567.8 : f64, c = 0.3 : f128, d = 3.14159265 : f64} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.f2"() {a = 0.123456789 : f64, b = 1234567.8 : f64, c = 0.299999999999999988897769753748434596 : f128, d = 3.1415926500000002 : f64} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Floats: hex bits when neither form works, and for NaN and Inf.
"t.f3"() {a = 123456789.0 : f64, b = 1.234567e6 : f64, c = 0x7FC00000 : f32, d = 0x7F800000 : f32, e = 0xFC00 : f16, f = 1.0e300 : f32} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.f3"() {a = 0x419D6F3454000000 : f64, b = 0x4132D68700000000 : f64, c = 0x7FC00000 : f32, d = 0x7F800000 : f32, e = 0xFC00 : f16, f = 0x7F800000 : f32} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Floats: values are rounded to the type first.
"t.f4"() {a = 0.1 : f16, b = 0.1 : bf16, c = 3.0e5 : f16, d = 1.0e-50 : f32, e = 0.1 : f8E4M3FN, f = 0.1 : tf32, g = 2.0 : f80} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.f4"() {a = 9.997550e-02 : f16, b = 1.000980e-01 : bf16, c = 0x7C00 : f16, d = 0.000000e+00 : f32, e = 1.015630e-01 : f8E4M3FN, f = 9.997550e-02 : tf32, g = 2.000000e+00 : f80} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Strings: escapes and UTF-8 bytes.
"t.str"() {a = "plain", b = "quote\"back\\slash", c = "tab\tnl\n", d = "caf\C3\A9", e = "日本", f = "\00\7F", g = ""} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.str"() {a = "plain", b = "quote\22back\\slash", c = "tab\09nl\0A", d = "caf\C3\A9", e = "\E6\97\A5\E6\9C\AC", f = "\00\7F", g = ""} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Typed strings.
"t.tstr"() {a = "s" : i32, b = "t" : none, c = "u" : tensor<2xi8>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.tstr"() {a = "s" : i32, b = "t", c = "u" : tensor<2xi8>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Arrays elide i64 and f64 types of their elements.
"t.arr"() {a = [1, 2.0, 3 : i32, "s", [], [[4]]], b = []} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.arr"() {a = [1, 2.000000e+00, 3 : i32, "s", [], {{\[\[}}4]]], b = []} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Dictionary keys are sorted by bytes and quoted when needed; unit entries print bare.
"t.dict"() {z = 1, "0num" = 2, _z = 3, a = 4, "a$b" = 5, a.b = 6, "with space" = 7, u = unit} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.dict"() {"0num" = 2 : i64, _z = 3 : i64, a = 4 : i64, a$b = 5 : i64, a.b = 6 : i64, u, "with space" = 7 : i64, z = 1 : i64} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Nested dictionaries keep integer types.
"t.nest"() {d = {b = 1, a = {c = 2.5 : f32}}, e = {}} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.nest"() {d = {a = {c = 2.500000e+00 : f32}, b = 1 : i64}, e = {}} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Symbol references.
"t.sym"() {a = @f, b = @a::@b::@c, c = @"with space", d = @"q\22uote", e = [@x, @y]} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.sym"() {a = @f, b = @a::@b::@c, c = @"with space", d = @"q\22uote", e = [@x, @y]} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Type attributes.
"t.tyattr"() {a = i32, b = tensor<4xf32>, c = () -> (), d = !t.x, e = [index, none]} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.tyattr"() {a = i32, b = tensor<4xf32>, c = () -> (), d = !t.x, e = [index, none]} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Unit attributes outside dictionaries print as unit.
"t.unit"() {a = [unit, unit], b} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.unit"() {a = [unit, unit], b} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Dense arrays.
"t.darr"() {a = array<i32: 1, 2, 3>, b = array<i1: true, false>, c = array<f32: 1.5, -0.0>, d = array<i64>, e = array<i8: -1, 127>, f = array<f64: 0.1>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.darr"() {a = array<i32: 1, 2, 3>, b = array<i1: true, false>, c = array<f32: 1.500000e+00, -0.000000e+00>, d = array<i64>, e = array<i8: -1, 127>, f = array<f64: 1.000000e-01>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Affine maps and sets get aliases above the module.
"t.affine"() {a = affine_map<(d0, d1)[s0] -> (d0 + 1 + d1 * 2, s0 floordiv 4, d1 mod 3, d0 ceildiv 2)>, b = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, c = affine_map<() -> (0)>} : () -> ()
// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 + d1 * 2 + 1, s0 floordiv 4, d1 mod 3, d0 ceildiv 2)>
// CHECK-NEXT: #map1 = affine_map<() -> (0)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "t.affine"() {a = #map, b = #set, c = #map1} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Strided layouts as attributes.
"t.strided"() {a = strided<[1]>, b = strided<[4, 1], offset: ?>, c = strided<[?, ?], offset: 0>, d = strided<[]>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.strided"() {a = strided<[1]>, b = strided<[4, 1], offset: ?>, c = strided<[?, ?]>, d = strided<[]>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Dialect attributes.
"t.opaque"() {a = #t.attr, b = #t.attr<1, "s", [i32]>, c = #t<"opaque">, d = #t.nest<a<b>, {c}>} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.opaque"() {a = #t.attr, b = #t.attr<1, "s", [i32]>, c = #t<"opaque">, d = #t.nest<a<b>, {c}>} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// User attribute aliases are resolved on output.
#user = [1, 2]
#other = {k = #user}
"t.alias"() {a = #user, b = #other} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.alias"() {a = [1, 2], b = {k = [1, 2]}} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Properties: a dictionary or any attribute, inside <...>.
"t.props"() <{b = 1, a = "x"}> : () -> ()
"t.props"() <[1, 2]> : () -> ()
"t.props"() <"s"> : () -> ()
"t.props"() <{}> {d = 1} : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.props"() <{a = "x", b = 1 : i64}> : () -> ()
// CHECK-NEXT:   "t.props"() <[1, 2]> : () -> ()
// CHECK-NEXT:   "t.props"() <"s"> : () -> ()
// CHECK-NEXT:   "t.props"() <{}> {d = 1 : i64} : () -> ()
// CHECK-NEXT: }) : () -> ()
