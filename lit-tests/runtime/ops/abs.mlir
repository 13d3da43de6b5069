// graph.abs run end to end: floats clear the sign (NaN stays NaN, -0 is 0,
// -inf is inf); integers wrap (abs(MIN) = MIN); i1 true (-1) stays true.

// RUN: xrun %s --function=abs_f32 --input="9xf32=1 -1 nan -0 0 inf -inf -2.5 1e-45" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=abs_f32 --device=reference --input="9xf32=1 -1 nan -0 0 inf -inf -2.5 1e-45" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @abs_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=1 1 {{-?}}NAN 0 0 INF INF 2.5 1.4013E-45
// RUN: xrun %s --function=abs_f64 --input="3xf64=-1e-300 -inf 3" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=abs_f64 --device=reference --input="3xf64=-1e-300 -inf 3" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @abs_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=1E-300 INF 3
// RUN: xrun %s --function=abs_f16 --input="3xf16=-0.1 -65504 7" | xcheck %s --check-prefix=F16 --match-full-lines
// RUN: xrun %s --function=abs_f16 --device=reference --input="3xf16=-0.1 -65504 7" | xcheck %s --check-prefix=F16 --match-full-lines
// F16:      EXEC @abs_f16
// F16-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F16-NEXT: 3xf16=0.0999756 65504 7
// RUN: xrun %s --function=abs_i32 --input="5xi32=-5 5 -2147483648 2147483647 0" | xcheck %s --check-prefix=I32 --match-full-lines
// RUN: xrun %s --function=abs_i32 --device=reference --input="5xi32=-5 5 -2147483648 2147483647 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32:      EXEC @abs_i32
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi32=5 5 -2147483648 2147483647 0
// RUN: xrun %s --function=abs_i8 --input="3xi8=-128 -127 1" | xcheck %s --check-prefix=I8 --match-full-lines
// RUN: xrun %s --function=abs_i8 --device=reference --input="3xi8=-128 -127 1" | xcheck %s --check-prefix=I8 --match-full-lines
// I8:      EXEC @abs_i8
// I8-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I8-NEXT: 3xi8=-128 127 1
// RUN: xrun %s --function=abs_i64 --input="2xi64=-9223372036854775808 -9" | xcheck %s --check-prefix=I64 --match-full-lines
// RUN: xrun %s --function=abs_i64 --device=reference --input="2xi64=-9223372036854775808 -9" | xcheck %s --check-prefix=I64 --match-full-lines
// I64:      EXEC @abs_i64
// I64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I64-NEXT: 2xi64=-9223372036854775808 9

func.func @abs_f32(%a: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.abs %a : tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @abs_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.abs %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @abs_f16(%a: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.abs %a : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @abs_i32(%a: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.abs %a : tensor<5xi32>
  return %0 : tensor<5xi32>
}
func.func @abs_i8(%a: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.abs %a : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @abs_i64(%a: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.abs %a : tensor<2xi64>
  return %0 : tensor<2xi64>
}
