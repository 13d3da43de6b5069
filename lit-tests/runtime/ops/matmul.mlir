// graph.matmul run end to end: 2-D [m,k]x[k,n] with sizes that are not
// multiples of 4, batched 3-D, integers (wrapping), f16/bf16 (accumulated
// in f32 and rounded once), k = 0 (a result of zeros), m = 0 (empty), NaN
// and INF propagation, and a dynamic m.

// [[1 2 3][4 5 6]] x [[7 8][9 10][11 12]] = [[58 64][139 154]]
// RUN: xrun %s --function=mm_2x3x2 --input="2x3xf32=[1 2 3][4 5 6]" --input="3x2xf32=[7 8][9 10][11 12]" | xcheck %s --check-prefix=MM --match-full-lines
// RUN: xrun %s --device=reference --function=mm_2x3x2 --input="2x3xf32=[1 2 3][4 5 6]" --input="3x2xf32=[7 8][9 10][11 12]" | xcheck %s --check-prefix=MM --match-full-lines
// MM:      EXEC @mm_2x3x2
// MM-NEXT: result[0]: hal.buffer_view
// MM-NEXT: 2x2xf32=[58 64][139 154]
// MM-EMPTY:
func.func @mm_2x3x2(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %0 = graph.matmul %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// 1x5 x 5x7: a row of ones against the 5x7 matrix 0..34 sums each column:
// column j is j + (j+7) + (j+14) + (j+21) + (j+28) = 5j + 70.
// RUN: xrun %s --function=mm_1x5x7 --input="1x5xf32=1" --input="5x7xf32=[0 1 2 3 4 5 6][7 8 9 10 11 12 13][14 15 16 17 18 19 20][21 22 23 24 25 26 27][28 29 30 31 32 33 34]" | xcheck %s --check-prefix=ROW --match-full-lines
// ROW: 1x7xf32=[70 75 80 85 90 95 100]
func.func @mm_1x5x7(%a: tensor<1x5xf32>, %b: tensor<5x7xf32>) -> tensor<1x7xf32> {
  %0 = graph.matmul %a, %b : (tensor<1x5xf32>, tensor<5x7xf32>) -> tensor<1x7xf32>
  return %0 : tensor<1x7xf32>
}

// Batched: batch 0 multiplies by the identity, batch 1 by 2*I.
// RUN: xrun %s --function=mm_batch --input="2x2x3xf32=[[1 2 3][4 5 6]][[1 2 3][4 5 6]]" --input="2x3x3xf32=[[1 0 0][0 1 0][0 0 1]][[2 0 0][0 2 0][0 0 2]]" | xcheck %s --check-prefix=BATCH --match-full-lines
// BATCH: 2x2x3xf32={{\[\[}}1 2 3][4 5 6]]{{\[\[}}2 4 6][8 10 12]]
func.func @mm_batch(%a: tensor<2x2x3xf32>, %b: tensor<2x3x3xf32>) -> tensor<2x2x3xf32> {
  %0 = graph.matmul %a, %b : (tensor<2x2x3xf32>, tensor<2x3x3xf32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// f64, and NaN/INF: 1*INF + 0*1 = INF; 0*INF = NaN poisons its dot product.
// RUN: xrun %s --function=mm_f64 --input="2x2xf64=[1 0][0 1]" --input="2x2xf64=[inf 1][1 0.1]" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 2x2xf64=[INF 1][{{-?}}NAN 0.1]
func.func @mm_f64(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %0 = graph.matmul %a, %b : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// Integers: i32 products wrap (65536*65536 = 0, plus 3*1); i8 sums wrap.
// RUN: xrun %s --function=mm_i32 --input="1x2xi32=65536 3" --input="2x1xi32=65536 1" | xcheck %s --check-prefix=I32 --match-full-lines
// I32: 1x1xi32=[3]
// RUN: xrun %s --function=mm_i64 --input="2x2xi64=[1 2][3 4]" --input="2x2xi64=[-1 0][0 -1]" | xcheck %s --check-prefix=I64 --match-full-lines
// I64: 2x2xi64=[-1 -2][-3 -4]
// RUN: xrun %s --function=mm_i8 --input="1x3xi8=100 100 1" --input="3x1xi8=1 1 1" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 1x1xi8=[-55]
func.func @mm_i32(%a: tensor<1x2xi32>, %b: tensor<2x1xi32>) -> tensor<1x1xi32> {
  %0 = graph.matmul %a, %b : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<1x1xi32>
  return %0 : tensor<1x1xi32>
}
func.func @mm_i64(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> tensor<2x2xi64> {
  %0 = graph.matmul %a, %b : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}
func.func @mm_i8(%a: tensor<1x3xi8>, %b: tensor<3x1xi8>) -> tensor<1x1xi8> {
  %0 = graph.matmul %a, %b : (tensor<1x3xi8>, tensor<3x1xi8>) -> tensor<1x1xi8>
  return %0 : tensor<1x1xi8>
}

// f16: 3 * (0.1 * 0.1) = 0.0299890... in f32 (0.0999755859375^2 * 3), one
// rounding to f16 at the end gives 0.0299835.
// RUN: xrun %s --function=mm_f16 --input="1x3xf16=0.1" --input="3x1xf16=0.1" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 1x1xf16=[0.0299835]
// RUN: xrun %s --function=mm_bf16 --input="1x2xbf16=1.5 2" --input="2x1xbf16=2 0.25" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 1x1xbf16=[3.5]
func.func @mm_f16(%a: tensor<1x3xf16>, %b: tensor<3x1xf16>) -> tensor<1x1xf16> {
  %0 = graph.matmul %a, %b : (tensor<1x3xf16>, tensor<3x1xf16>) -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}
func.func @mm_bf16(%a: tensor<1x2xbf16>, %b: tensor<2x1xbf16>) -> tensor<1x1xbf16> {
  %0 = graph.matmul %a, %b : (tensor<1x2xbf16>, tensor<2x1xbf16>) -> tensor<1x1xbf16>
  return %0 : tensor<1x1xbf16>
}

// k = 0: every dot product is empty, so the 2x3 result is zeros; m = 0: an
// empty result.
// RUN: xrun %s --function=mm_k0 --input="2x0xf32=" --input="0x3xf32=" | xcheck %s --check-prefix=K0 --match-full-lines
// K0: 2x3xf32=[0 0 0][0 0 0]
// RUN: xrun %s --function=mm_m0 --input="0x2xf32=" --input="2x3xf32=1" | xcheck %s --check-prefix=M0 --match-full-lines
// M0: 0x3xf32=
func.func @mm_k0(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.matmul %a, %b : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @mm_m0(%a: tensor<0x2xf32>, %b: tensor<2x3xf32>) -> tensor<0x3xf32> {
  %0 = graph.matmul %a, %b : (tensor<0x2xf32>, tensor<2x3xf32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// A dynamic m, fed 3 rows then 1.
// RUN: xrun %s --function=mm_dyn --input="3x2xf32=[1 0][0 1][1 1]" --input="2x2xf32=[1 2][3 4]" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 3x2xf32=[1 2][3 4][4 6]
// RUN: xrun %s --function=mm_dyn --input="1x2xf32=-1 0.5" --input="2x2xf32=[1 2][3 4]" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 1x2xf32=[0.5 0]
func.func @mm_dyn(%a: tensor<?x2xf32>, %b: tensor<2x2xf32>) -> tensor<?x2xf32> {
  %0 = graph.matmul %a, %b : (tensor<?x2xf32>, tensor<2x2xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
