// graph.sub run end to end: floats (inf - inf is a NaN, printed NAN or -NAN
// as the CPU makes it), integer wrap, i1 (subtraction is xor), f16 and a
// dynamic leading dim.

// RUN: xrun %s --function=sub_f32 --input="7xf32=5 0 -1 1e10 inf inf 0.1" --input="7xf32=3 0.5 -1 1 inf 1 0.3" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @sub_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 7xf32=2 -0.5 0 1E+10 {{-?}}NAN INF -0.2
func.func @sub_f32(%a: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.sub %a, %b : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: xrun %s --function=sub_f64 --input="2xf64=1 0.3" --input="2xf64=1e-300 0.1" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 2xf64=1 0.2
func.func @sub_f64(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xf64> {
  %0 = graph.sub %a, %b : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// RUN: xrun %s --function=sub_f16 --input="3xf16=1 -65504 2048" --input="3xf16=0.25 65504 1" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=0.75 -INF 2047
func.func @sub_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.sub %a, %b : tensor<3xf16>
  return %0 : tensor<3xf16>
}

// RUN: xrun %s --function=sub_i32 --input="3xi32=-2147483648 2147483647 3" --input="3xi32=1 -1 10" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 3xi32=2147483647 -2147483648 -7
// RUN: xrun %s --function=sub_i64 --input="3xi64=-9223372036854775808 0 5" --input="3xi64=1 -9223372036854775808 5" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 3xi64=9223372036854775807 -9223372036854775808 0
// RUN: xrun %s --function=sub_i1 --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 4xi1=0 1 1 0
func.func @sub_i32(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = graph.sub %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @sub_i64(%a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = graph.sub %a, %b : tensor<3xi64>
  return %0 : tensor<3xi64>
}
func.func @sub_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.sub %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// RUN: xrun %s --function=sub_dyn --input="2x3xi32=[1 2 3][4 5 6]" --input="2x3xi32=1" | xcheck %s --check-prefix=DYN2 --match-full-lines
// DYN2: 2x3xi32=[0 1 2][3 4 5]
// RUN: xrun %s --function=sub_dyn --input="5x3xi32=7" --input="5x3xi32=[1 2 3][4 5 6][7 8 9][10 11 12][13 14 15]" | xcheck %s --check-prefix=DYN5 --match-full-lines
// DYN5: 5x3xi32=[6 5 4][3 2 1][0 -1 -2][-3 -4 -5][-6 -7 -8]
func.func @sub_dyn(%a: tensor<?x3xi32>, %b: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = graph.sub %a, %b : tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}
