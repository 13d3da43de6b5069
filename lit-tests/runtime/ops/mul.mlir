// graph.mul run end to end: floats (0 * inf is a NaN, overflow to INF, f16
// and bf16 rounding), integer wrap of the product, i1 (multiplication is and).

// RUN: xrun %s --function=mul_f32 --input="5xf32=1.5 -2 0 1e30 3" --input="5xf32=2 0.25 inf 1e30 0.1" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @mul_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 5xf32=3 -0.5 {{-?}}NAN INF 0.3
func.func @mul_f32(%a: tensor<5xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = graph.mul %a, %b : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: xrun %s --function=mul_f64 --input="3xf64=1e200 -0.5 3" --input="3xf64=1e200 4 0.1" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=INF -2 0.3
func.func @mul_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.mul %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}

// f16: 300 * 300 = 90000 overflows; 0.1 * 0.1 rounds to 0.009994507; bf16
// keeps the range of f32: 1e30 * 10 = 9.98275E+30 after rounding each input
// and the product to 8 significant bits.
// RUN: xrun %s --function=mul_f16 --input="3xf16=300 0.1 -3" --input="3xf16=300 0.1 7" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=INF 0.00999451 -21
// RUN: xrun %s --function=mul_bf16 --input="3xbf16=1e30 1.5 -3" --input="3xbf16=10 1.5 7" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 3xbf16=9.98275E+30 2.25 -21
func.func @mul_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.mul %a, %b : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @mul_bf16(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = graph.mul %a, %b : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// 65536 * 65536 wraps to 0; INT_MAX * 2 to -2; -1 * INT_MIN stays INT_MIN.
// RUN: xrun %s --function=mul_i32 --input="5xi32=65536 2147483647 -1 -6 7" --input="5xi32=65536 2 -2147483648 7 -6" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 5xi32=0 -2 -2147483648 -42 -42
// RUN: xrun %s --function=mul_i64 --input="2xi64=4294967296 -3037000500" --input="2xi64=4294967296 3037000500" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2xi64=0 9223372036709301616
// RUN: xrun %s --function=mul_i8 --input="3xi8=16 -128 11" --input="3xi8=16 -1 11" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=0 -128 121
// RUN: xrun %s --function=mul_i1 --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 4xi1=0 0 0 1
func.func @mul_i32(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.mul %a, %b : tensor<5xi32>
  return %0 : tensor<5xi32>
}
func.func @mul_i64(%a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.mul %a, %b : tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @mul_i8(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.mul %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @mul_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.mul %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}
