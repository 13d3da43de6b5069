// graph.div run end to end. Floats follow IEEE (x/0 is ±INF, 0/0 NaN);
// integers truncate toward zero, x/0 gives 0 and INT_MIN / -1 wraps to
// INT_MIN (the reference's rules, which every backend must match).

// RUN: xrun %s --function=div_f32 --input="7xf32=7 -7 1 -1 0 2 1" --input="7xf32=2 2 0 0 0 3 -inf" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @div_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 7xf32=3.5 -3.5 INF -INF {{-?}}NAN 0.666667 -0
func.func @div_f32(%a: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.div %a, %b : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: xrun %s --function=div_f64 --input="3xf64=1 1e-300 -1" --input="3xf64=3 1e300 0" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=0.333333 0 -INF
func.func @div_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.div %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}

// RUN: xrun %s --function=div_f16 --input="3xf16=1 1 60000" --input="3xf16=3 0 0.5" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=0.333252 INF INF
func.func @div_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.div %a, %b : tensor<3xf16>
  return %0 : tensor<3xf16>
}

// RUN: xrun %s --function=div_i32 --input="7xi32=7 -7 7 -7 5 -2147483648 0" --input="7xi32=2 2 -2 -2 0 -1 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 7xi32=3 -3 -3 3 0 -2147483648 0
// RUN: xrun %s --function=div_i64 --input="3xi64=-9223372036854775808 9223372036854775807 -9" --input="3xi64=-1 0 4" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 3xi64=-9223372036854775808 0 -2
// RUN: xrun %s --function=div_i8 --input="3xi8=-128 100 -100" --input="3xi8=-1 7 0" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=-128 14 0
func.func @div_i32(%a: tensor<7xi32>, %b: tensor<7xi32>) -> tensor<7xi32> {
  %0 = graph.div %a, %b : tensor<7xi32>
  return %0 : tensor<7xi32>
}
func.func @div_i64(%a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = graph.div %a, %b : tensor<3xi64>
  return %0 : tensor<3xi64>
}
func.func @div_i8(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.div %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}

// A dynamic dim, and the same program on the reference device.
// RUN: xrun %s --function=div_dyn --input="3xi32=10 11 12" --input="3xi32=3" | xcheck %s --check-prefix=DYN3 --match-full-lines
// RUN: xrun %s --device=reference --function=div_dyn --input="3xi32=10 11 12" --input="3xi32=3" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 3xi32=3 3 4
// RUN: xrun %s --function=div_dyn --input="1xi32=-9" --input="1xi32=0" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 1xi32=0
func.func @div_dyn(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = graph.div %a, %b : tensor<?xi32>
  return %0 : tensor<?xi32>
}
