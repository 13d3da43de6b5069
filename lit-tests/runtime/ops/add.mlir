// graph.add run end to end (compiled for `local`, then executed): every
// element type the runtime holds, IEEE specials, two's-complement wrap of
// integers, rank 0, a 0-sized tensor and a dynamic leading dim fed with
// several row counts. Results are printed in iree-run-module's format.

// RUN: xrun %s --function=add_f32 --input="5xf32=1 2 3 4 5" --input="5xf32=0.5 -2 1e10 inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @add_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 5xf32=1.5 0 1E+10 INF NAN
// F32-EMPTY:
func.func @add_f32(%a: tensor<5xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = graph.add %a, %b : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// 2-D input text in brackets, printed per row; the same numbers through the
// reference device give the same text.
// RUN: xrun %s --function=add_2x3 --input="2x3xf32=[1 2 3][4 5 6]" --input="2x3xf32=[0.25 0.5 -1][-4 100000 1e-5]" | xcheck %s --check-prefix=F32x2 --match-full-lines
// RUN: xrun %s --device=reference --function=add_2x3 --input="2x3xf32=[1 2 3][4 5 6]" --input="2x3xf32=[0.25 0.5 -1][-4 100000 1e-5]" | xcheck %s --check-prefix=F32x2 --match-full-lines
// F32x2: 2x3xf32=[1.25 2.5 2][0 100005 6.00001]
func.func @add_2x3(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: xrun %s --function=add_f64 --input="3xf64=0.1 1e300 -1.5" --input="3xf64=0.2 1e300 1.5" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=0.3 2E+300 0
func.func @add_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.add %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}

// f16 rounds to nearest-even (0.1 + 0.2 = 0.2998046875) and overflows to INF
// past 65504; bf16 keeps 8 significant bits (0.1 + 0.2 = 0.30078125).
// RUN: xrun %s --function=add_f16 --input="3xf16=1 65504 0.1" --input="3xf16=2 65504 0.2" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 3xf16=3 INF 0.299805
// RUN: xrun %s --function=add_bf16 --input="3xbf16=1 3e38 0.1" --input="3xbf16=2 3e38 0.2" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 3xbf16=3 INF 0.300781
func.func @add_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xf16> {
  %0 = graph.add %a, %b : tensor<3xf16>
  return %0 : tensor<3xf16>
}
func.func @add_bf16(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = graph.add %a, %b : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// Integers wrap: INT_MAX + 1 = INT_MIN and back.
// RUN: xrun %s --function=add_i32 --input="7xi32=2147483647 -2147483648 5 0 -1 100 0x10" --input="7xi32=1 -1 -7 0 -1 -100 1" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 7xi32=-2147483648 2147483647 -2 0 -2 0 17
// RUN: xrun %s --function=add_i64 --input="2xi64=9223372036854775807 -3" --input="2xi64=1 4" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2xi64=-9223372036854775808 1
// RUN: xrun %s --function=add_i8 --input="3xi8=127 -128 100" --input="3xi8=1 -1 100" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=-128 127 -56
// RUN: xrun %s --function=add_i16 --input="3xi16=32767 -32768 5" --input="3xi16=32767 -1 -5" | xcheck %s --check-prefix=I16 --match-full-lines
// I16: 3xi16=-2 32767 0
// i1 addition is xor.
// RUN: xrun %s --function=add_i1 --input="4xi1=0 0 1 1" --input="4xi1=0 1 false true" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 4xi1=0 1 1 0
func.func @add_i32(%a: tensor<7xi32>, %b: tensor<7xi32>) -> tensor<7xi32> {
  %0 = graph.add %a, %b : tensor<7xi32>
  return %0 : tensor<7xi32>
}
func.func @add_i64(%a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  %0 = graph.add %a, %b : tensor<2xi64>
  return %0 : tensor<2xi64>
}
func.func @add_i8(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %0 = graph.add %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @add_i16(%a: tensor<3xi16>, %b: tensor<3xi16>) -> tensor<3xi16> {
  %0 = graph.add %a, %b : tensor<3xi16>
  return %0 : tensor<3xi16>
}
func.func @add_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.add %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// Rank 0 and 0-sized tensors.
// RUN: xrun %s --function=add_rank0 --input="f32=1.5" --input="f32=2" | xcheck %s --check-prefix=R0 --match-full-lines
// R0:      result[0]: hal.buffer_view
// R0-NEXT: f32=3.5
// RUN: xrun %s --function=add_empty --input="0x4xf32=" --input="0x4xf32" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY:      result[0]: hal.buffer_view
// EMPTY-NEXT: 0x4xf32=
func.func @add_rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = graph.add %a, %b : tensor<f32>
  return %0 : tensor<f32>
}
func.func @add_empty(%a: tensor<0x4xf32>, %b: tensor<0x4xf32>) -> tensor<0x4xf32> {
  %0 = graph.add %a, %b : tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// A dynamic leading dim: each call's result has the rows it was given.
// RUN: xrun %s --function=add_dyn --input="1x4xf32=1 2 3 4" --input="1x4xf32=1" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 1x4xf32=[2 3 4 5]
// RUN: xrun %s --function=add_dyn --input="3x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12]" --input="3x4xf32=0.5" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 3x4xf32=[1.5 2.5 3.5 4.5][5.5 6.5 7.5 8.5][9.5 10.5 11.5 12.5]
// RUN: xrun %s --function=add_dyn --input="0x4xf32=" --input="0x4xf32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0x4xf32=
func.func @add_dyn(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.add %a, %b : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
