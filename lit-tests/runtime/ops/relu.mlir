// graph.relu run end to end: max(x, 0) with arith.maximumf's rules for floats
// (NaN stays NaN, relu(-0) = +0, relu(-INF) = 0) and signed integers; an i1
// is signed (true is -1), so relu(true) is false.

// RUN: xrun %s --function=relu_f32 --input="7xf32=-1 0 -0 2.5 nan -inf inf" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @relu_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 7xf32=0 0 0 2.5 NAN 0 INF
func.func @relu_f32(%a: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.relu %a : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: xrun %s --function=relu_f64 --input="3xf64=-1e-300 1e-300 -0" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=0 1E-300 0
// RUN: xrun %s --function=relu_f16 --input="3xf16=-65504 0.1 -inf" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=0 0.0999756 0
// RUN: xrun %s --function=relu_bf16 --input="2xbf16=-1 1" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=0 1
func.func @relu_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.relu %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @relu_f16(%a: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.relu %a : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @relu_bf16(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = graph.relu %a : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// RUN: xrun %s --function=relu_i32 --input="5xi32=-5 0 7 -2147483648 2147483647" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 5xi32=0 0 7 0 2147483647
// RUN: xrun %s --function=relu_i64 --input="2xi64=-1 9223372036854775807" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2xi64=0 9223372036854775807
// RUN: xrun %s --function=relu_i8 --input="3xi8=-128 127 200" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=0 127 0
// RUN: xrun %s --function=relu_i1 --input="2xi1=0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 2xi1=0 0
func.func @relu_i32(%a: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.relu %a : tensor<5xi32>
  return %0 : tensor<5xi32>
}
func.func @relu_i64(%a: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.relu %a : tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @relu_i8(%a: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.relu %a : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @relu_i1(%a: tensor<2xi1>) -> tensor<2xi1> {
  %0 = graph.relu %a : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// A dynamic dim of 1 and of 5.
// RUN: xrun %s --function=relu_dyn --input="1xf32=-3" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 1xf32=0
// RUN: xrun %s --function=relu_dyn --input="5xf32=-2 -1 0 1 2" | xcheck %s --check-prefix=DYN5 --match-full-lines
// DYN5: 5xf32=0 0 0 1 2
func.func @relu_dyn(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.relu %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
