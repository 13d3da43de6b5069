// graph.neg run end to end: floats flip the sign bit (of 0, INF and NaN too),
// integers wrap (-INT_MIN is INT_MIN), an i1 is its own negation.

// RUN: xrun %s --function=neg_f32 --input="5xf32=1 -2.5 0 inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @neg_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 5xf32=-1 2.5 -0 -INF -NAN
func.func @neg_f32(%a: tensor<5xf32>) -> tensor<5xf32> {
  %0 = graph.neg %a : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// RUN: xrun %s --function=neg_f64 --input="f64=-1e-310" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: f64=1E-310
// RUN: xrun %s --function=neg_f16 --input="3xf16=65504 -0 0.1" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=-65504 0 -0.0999756
// RUN: xrun %s --function=neg_bf16 --input="2xbf16=-inf 3" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=INF -3
func.func @neg_f64(%a: tensor<f64>) -> tensor<f64> {
  %0 = graph.neg %a : tensor<f64>
  return %0 : tensor<f64>
}
func.func @neg_f16(%a: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.neg %a : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @neg_bf16(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = graph.neg %a : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// RUN: xrun %s --function=neg_i32 --input="3xi32=5 -2147483648 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 3xi32=-5 -2147483648 0
// RUN: xrun %s --function=neg_i64 --input="2xi64=-9223372036854775808 9223372036854775807" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2xi64=-9223372036854775808 -9223372036854775807
// RUN: xrun %s --function=neg_i8 --input="3xi8=-128 127 1" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=-128 -127 -1
// RUN: xrun %s --function=neg_i1 --input="2xi1=0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 2xi1=0 1
func.func @neg_i32(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = graph.neg %a : tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @neg_i64(%a: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.neg %a : tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @neg_i8(%a: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.neg %a : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @neg_i1(%a: tensor<2xi1>) -> tensor<2xi1> {
  %0 = graph.neg %a : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// A dynamic tensor of 7 rows, then of 0 rows.
// RUN: xrun %s --function=neg_dyn --input="7x1xf32=[1][2][3][4][5][6][7]" | xcheck %s --check-prefix=DYN7 --match-full-lines
// DYN7: 7x1xf32=[-1][-2][-3][-4][-5][-6][-7]
// RUN: xrun %s --function=neg_dyn --input="0x1xf32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0x1xf32=
func.func @neg_dyn(%a: tensor<?x1xf32>) -> tensor<?x1xf32> {
  %0 = graph.neg %a : tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}
