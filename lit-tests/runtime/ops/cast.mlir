// graph.cast run end to end (ONNX Cast): float -> int truncates toward zero
// and saturates at the type's range, NaN -> 0 (Rust's `as`); int -> float
// rounds to nearest (16777217 -> 16777216 in f32); int -> int wraps
// (300 -> 44 in i8) or sign-extends; x -> i1 is x != 0 (NaN -> true); i1 ->
// x is 0 or 1; f32 -> f16 rounds, f64 -> f32 rounds.

// RUN: xrun %s --function=f32_to_i32 --input="9xf32=-2.7 2.7 -0.5 0.99 1e10 -1e10 nan inf -inf" | xcheck %s --check-prefix=F2I --match-full-lines
// RUN: xrun %s --function=f32_to_i32 --device=reference --input="9xf32=-2.7 2.7 -0.5 0.99 1e10 -1e10 nan inf -inf" | xcheck %s --check-prefix=F2I --match-full-lines
// F2I:      EXEC @f32_to_i32
// F2I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2I-NEXT: 9xi32=-2 2 0 0 2147483647 -2147483648 0 2147483647 -2147483648
// RUN: xrun %s --function=f32_to_i8 --input="5xf32=127.9 128 -129 -128.5 nan" | xcheck %s --check-prefix=F2I8 --match-full-lines
// RUN: xrun %s --function=f32_to_i8 --device=reference --input="5xf32=127.9 128 -129 -128.5 nan" | xcheck %s --check-prefix=F2I8 --match-full-lines
// F2I8:      EXEC @f32_to_i8
// F2I8-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2I8-NEXT: 5xi8=127 127 -128 -128 0
// RUN: xrun %s --function=f64_to_i64 --input="5xf64=1e19 -1e19 -9007199254740993 3.99 nan" | xcheck %s --check-prefix=F2L --match-full-lines
// RUN: xrun %s --function=f64_to_i64 --device=reference --input="5xf64=1e19 -1e19 -9007199254740993 3.99 nan" | xcheck %s --check-prefix=F2L --match-full-lines
// F2L:      EXEC @f64_to_i64
// F2L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2L-NEXT: 5xi64=9223372036854775807 -9223372036854775808 -9007199254740992 3 0
// RUN: xrun %s --function=f32_to_i1 --input="6xf32=0 -0 0.5 nan -inf 1e-45" | xcheck %s --check-prefix=F2B --match-full-lines
// RUN: xrun %s --function=f32_to_i1 --device=reference --input="6xf32=0 -0 0.5 nan -inf 1e-45" | xcheck %s --check-prefix=F2B --match-full-lines
// F2B:      EXEC @f32_to_i1
// F2B-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2B-NEXT: 6xi1=0 0 1 1 1 1
// RUN: xrun %s --function=i1_to_f32 --input="3xi1=1 0 1" | xcheck %s --check-prefix=B2F --match-full-lines
// RUN: xrun %s --function=i1_to_f32 --device=reference --input="3xi1=1 0 1" | xcheck %s --check-prefix=B2F --match-full-lines
// B2F:      EXEC @i1_to_f32
// B2F-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// B2F-NEXT: 3xf32=1 0 1
// RUN: xrun %s --function=i1_to_i32 --input="3xi1=1 0 1" | xcheck %s --check-prefix=B2I --match-full-lines
// RUN: xrun %s --function=i1_to_i32 --device=reference --input="3xi1=1 0 1" | xcheck %s --check-prefix=B2I --match-full-lines
// B2I:      EXEC @i1_to_i32
// B2I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// B2I-NEXT: 3xi32=1 0 1
// RUN: xrun %s --function=i32_to_f32 --input="5xi32=16777217 -16777217 2147483647 -3 0" | xcheck %s --check-prefix=I2F --match-full-lines
// RUN: xrun %s --function=i32_to_f32 --device=reference --input="5xi32=16777217 -16777217 2147483647 -3 0" | xcheck %s --check-prefix=I2F --match-full-lines
// I2F:      EXEC @i32_to_f32
// I2F-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I2F-NEXT: 5xf32=1.67772E+07 -1.67772E+07 2.14748E+09 -3 0
// RUN: xrun %s --function=i64_to_f32 --input="2xi64=9223372036854775807 -9223372036854775808" | xcheck %s --check-prefix=L2F --match-full-lines
// RUN: xrun %s --function=i64_to_f32 --device=reference --input="2xi64=9223372036854775807 -9223372036854775808" | xcheck %s --check-prefix=L2F --match-full-lines
// L2F:      EXEC @i64_to_f32
// L2F-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// L2F-NEXT: 2xf32=9.22337E+18 -9.22337E+18
// RUN: xrun %s --function=i32_to_i8 --input="4xi32=300 -129 255 128" | xcheck %s --check-prefix=I2I8 --match-full-lines
// RUN: xrun %s --function=i32_to_i8 --device=reference --input="4xi32=300 -129 255 128" | xcheck %s --check-prefix=I2I8 --match-full-lines
// I2I8:      EXEC @i32_to_i8
// I2I8-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I2I8-NEXT: 4xi8=44 127 -1 -128
// RUN: xrun %s --function=i8_to_i64 --input="3xi8=-128 127 -1" | xcheck %s --check-prefix=I8L --match-full-lines
// RUN: xrun %s --function=i8_to_i64 --device=reference --input="3xi8=-128 127 -1" | xcheck %s --check-prefix=I8L --match-full-lines
// I8L:      EXEC @i8_to_i64
// I8L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I8L-NEXT: 3xi64=-128 127 -1
// RUN: xrun %s --function=i32_to_i1 --input="4xi32=0 2 -1 256" | xcheck %s --check-prefix=I2B --match-full-lines
// RUN: xrun %s --function=i32_to_i1 --device=reference --input="4xi32=0 2 -1 256" | xcheck %s --check-prefix=I2B --match-full-lines
// I2B:      EXEC @i32_to_i1
// I2B-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I2B-NEXT: 4xi1=0 1 1 1
// RUN: xrun %s --function=f32_to_f16 --input="3xf32=0.1 70000 -1e-8" | xcheck %s --check-prefix=F2H --match-full-lines
// RUN: xrun %s --function=f32_to_f16 --device=reference --input="3xf32=0.1 70000 -1e-8" | xcheck %s --check-prefix=F2H --match-full-lines
// F2H:      EXEC @f32_to_f16
// F2H-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2H-NEXT: 3xf16=0.0999756 INF -0
// RUN: xrun %s --function=f64_to_f32 --input="3xf64=0.1 1e39 1e-46" | xcheck %s --check-prefix=D2F --match-full-lines
// RUN: xrun %s --function=f64_to_f32 --device=reference --input="3xf64=0.1 1e39 1e-46" | xcheck %s --check-prefix=D2F --match-full-lines
// D2F:      EXEC @f64_to_f32
// D2F-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// D2F-NEXT: 3xf32=0.1 INF 0
// RUN: xrun %s --function=f32_to_f64 --input="2xf32=0.1 -inf" | xcheck %s --check-prefix=F2D --match-full-lines
// RUN: xrun %s --function=f32_to_f64 --device=reference --input="2xf32=0.1 -inf" | xcheck %s --check-prefix=F2D --match-full-lines
// F2D:      EXEC @f32_to_f64
// F2D-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F2D-NEXT: 2xf64=0.1 -INF
// RUN: xrun %s --function=same --input="2xf32=1.5 nan" | xcheck %s --check-prefix=SAME --match-full-lines
// RUN: xrun %s --function=same --device=reference --input="2xf32=1.5 nan" | xcheck %s --check-prefix=SAME --match-full-lines
// SAME:      EXEC @same
// SAME-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// SAME-NEXT: 2xf32=1.5 {{-?}}NAN

func.func @f32_to_i32(%a: tensor<9xf32>) -> tensor<9xi32> {
  %0 = graph.cast %a : tensor<9xf32> -> tensor<9xi32>
  return %0 : tensor<9xi32>
}
func.func @f32_to_i8(%a: tensor<5xf32>) -> tensor<5xi8> {
  %0 = graph.cast %a : tensor<5xf32> -> tensor<5xi8>
  return %0 : tensor<5xi8>
}
func.func @f64_to_i64(%a: tensor<5xf64>) -> tensor<5xi64> {
  %0 = graph.cast %a : tensor<5xf64> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
func.func @f32_to_i1(%a: tensor<6xf32>) -> tensor<6xi1> {
  %0 = graph.cast %a : tensor<6xf32> -> tensor<6xi1>
  return %0 : tensor<6xi1>
}
func.func @i1_to_f32(%a: tensor<3xi1>) -> tensor<3xf32> {
  %0 = graph.cast %a : tensor<3xi1> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @i1_to_i32(%a: tensor<3xi1>) -> tensor<3xi32> {
  %0 = graph.cast %a : tensor<3xi1> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @i32_to_f32(%a: tensor<5xi32>) -> tensor<5xf32> {
  %0 = graph.cast %a : tensor<5xi32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @i64_to_f32(%a: tensor<2xi64>) -> tensor<2xf32> {
  %0 = graph.cast %a : tensor<2xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @i32_to_i8(%a: tensor<4xi32>) -> tensor<4xi8> {
  %0 = graph.cast %a : tensor<4xi32> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}
func.func @i8_to_i64(%a: tensor<3xi8>) -> tensor<3xi64> {
  %0 = graph.cast %a : tensor<3xi8> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
func.func @i32_to_i1(%a: tensor<4xi32>) -> tensor<4xi1> {
  %0 = graph.cast %a : tensor<4xi32> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
func.func @f32_to_f16(%a: tensor<3xf32>) -> tensor<3xf16> {
  %0 = graph.cast %a : tensor<3xf32> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @f64_to_f32(%a: tensor<3xf64>) -> tensor<3xf32> {
  %0 = graph.cast %a : tensor<3xf64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @f32_to_f64(%a: tensor<2xf32>) -> tensor<2xf64> {
  %0 = graph.cast %a : tensor<2xf32> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}
func.func @same(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = graph.cast %a : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
