// graph.transpose run end to end: result dim i is input dim permutation[i].
// 2-D on odd sizes, a 3-D rotation, the identity permutation, element types
// of every width (it moves bytes), an empty tensor and a dynamic dim.

// [[1 2 3][4 5 6]]^T
// RUN: xrun %s --function=t_2x3 --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=T2 --match-full-lines
// T2:      EXEC @t_2x3
// T2-NEXT: result[0]: hal.buffer_view
// T2-NEXT: 3x2xf32=[1 4][2 5][3 6]
func.func @t_2x3(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// input[i][j][k] = 100i + 10j + k (2x3x2); permutation [2, 0, 1] gives
// out[k][i][j] = input[i][j][k], shape 2x2x3.
// RUN: xrun %s --function=t_rot --input="2x3x2xi32=[[0 1][10 11][20 21]][[100 101][110 111][120 121]]" | xcheck %s --check-prefix=ROT --match-full-lines
// ROT: 2x2x3xi32={{\[\[}}0 10 20][100 110 120]]{{\[\[}}1 11 21][101 111 121]]
func.func @t_rot(%a: tensor<2x3x2xi32>) -> tensor<2x2x3xi32> {
  %0 = graph.transpose %a permutation = [2, 0, 1] : tensor<2x3x2xi32> -> tensor<2x2x3xi32>
  return %0 : tensor<2x2x3xi32>
}

// [0, 2, 1] swaps the inner two dims only.
// RUN: xrun %s --function=t_inner --input="2x2x3xi64=[[1 2 3][4 5 6]][[7 8 9][10 11 12]]" | xcheck %s --check-prefix=INNER --match-full-lines
// INNER: 2x3x2xi64={{\[\[}}1 4][2 5][3 6]]{{\[\[}}7 10][8 11][9 12]]
func.func @t_inner(%a: tensor<2x2x3xi64>) -> tensor<2x3x2xi64> {
  %0 = graph.transpose %a permutation = [0, 2, 1] : tensor<2x2x3xi64> -> tensor<2x3x2xi64>
  return %0 : tensor<2x3x2xi64>
}

// RUN: xrun %s --function=t_id --input="1x5xf64=1 2 3 4 5" | xcheck %s --check-prefix=ID --match-full-lines
// ID: 1x5xf64=[1 2 3 4 5]
func.func @t_id(%a: tensor<1x5xf64>) -> tensor<1x5xf64> {
  %0 = graph.transpose %a permutation = [0, 1] : tensor<1x5xf64> -> tensor<1x5xf64>
  return %0 : tensor<1x5xf64>
}

// 1-byte and 2-byte elements.
// RUN: xrun %s --function=t_i1 --input="2x3xi1=[1 0 0][1 1 0]" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 3x2xi1=[1 1][0 1][0 0]
// RUN: xrun %s --function=t_i8 --input="3x1xi8=-1 2 -3" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 1x3xi8=[-1 2 -3]
// RUN: xrun %s --function=t_f16 --input="2x2xf16=[1 0.5][-2 65504]" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 2x2xf16=[1 -2][0.5 65504]
// RUN: xrun %s --function=t_bf16 --input="2x2xbf16=[1 0.5][-2 3]" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2x2xbf16=[1 -2][0.5 3]
func.func @t_i1(%a: tensor<2x3xi1>) -> tensor<3x2xi1> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<2x3xi1> -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}
func.func @t_i8(%a: tensor<3x1xi8>) -> tensor<1x3xi8> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<3x1xi8> -> tensor<1x3xi8>
  return %0 : tensor<1x3xi8>
}
func.func @t_f16(%a: tensor<2x2xf16>) -> tensor<2x2xf16> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<2x2xf16> -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}
func.func @t_bf16(%a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<2x2xbf16> -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// Empty, and a dynamic dim that moves: ?x3 -> 3x?.
// RUN: xrun %s --function=t_empty --input="0x3xf32=" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 3x0xf32=[][][]
// RUN: xrun %s --function=t_dyn --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=DYN2 --match-full-lines
// DYN2: 3x2xf32=[1 4][2 5][3 6]
// RUN: xrun %s --function=t_dyn --input="1x3xf32=7 8 9" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 3x1xf32=[7][8][9]
func.func @t_empty(%a: tensor<0x3xf32>) -> tensor<3x0xf32> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<0x3xf32> -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}
func.func @t_dyn(%a: tensor<?x3xf32>) -> tensor<3x?xf32> {
  %0 = graph.transpose %a permutation = [1, 0] : tensor<?x3xf32> -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}
