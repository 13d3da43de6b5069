// graph.max run end to end. Floats follow arith.maximumf: a NaN on either
// side gives NaN, +0 is greater than -0, INF wins. Integers compare signed;
// i1 is signed too (true is -1), so max(true, false) is false, as
// arith.maxsi reads an i1.

// RUN: xrun %s --function=max_f32 --input="7xf32=1 -1 nan 0 -0 inf 2" --input="7xf32=2 -2 1 -0 0 -inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @max_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 7xf32=2 -1 NAN 0 0 INF NAN
// RUN: xrun %s --function=max_f32 --input="7xf32=-0" --input="7xf32=-0" | xcheck %s --check-prefix=NEGZERO --match-full-lines
// NEGZERO: 7xf32=-0 -0 -0 -0 -0 -0 -0
func.func @max_f32(%a: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.max %a, %b : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: xrun %s --function=max_f64 --input="3xf64=1e-300 -inf nan" --input="3xf64=0 -1e308 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=1E-300 -1E+308 NAN
// RUN: xrun %s --function=max_f16 --input="3xf16=0.1 -inf 7" --input="3xf16=0.2 -65504 -7" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=0.199951 -65504 7
// RUN: xrun %s --function=max_bf16 --input="2xbf16=1.5 -3" --input="2xbf16=1 -2" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=1.5 -2
func.func @max_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.max %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @max_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.max %a, %b : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @max_bf16(%a: tensor<2xbf16>, %b: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = graph.max %a, %b : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// RUN: xrun %s --function=max_i32 --input="5xi32=-1 1 -2147483648 2147483647 0" --input="5xi32=1 -1 -2147483647 0 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 5xi32=1 1 -2147483647 2147483647 0
// RUN: xrun %s --function=max_i64 --input="2xi64=-9223372036854775808 5" --input="2xi64=-9223372036854775807 -5" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2xi64=-9223372036854775807 5
// RUN: xrun %s --function=max_i8 --input="3xi8=-128 127 -1" --input="3xi8=0 -128 255" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=0 127 -1
// RUN: xrun %s --function=max_i1 --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 4xi1=0 0 0 1
func.func @max_i32(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.max %a, %b : tensor<5xi32>
  return %0 : tensor<5xi32>
}
func.func @max_i64(%a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.max %a, %b : tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @max_i8(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.max %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @max_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.max %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}
