// graph.slice run end to end: result dim i reads input indices
// start[i] + j * strides[i], j < the result's size. Unit strides, strides of
// 2 and 3, a stride that jumps past the end after the last read, rank 3,
// size 0, every element width, and a dynamic input (the result's size is
// static).

// x = 5x8 with x[i][j] = 10i + j.
// Rows 1, 3 (start 1, stride 2); columns 0, 4 (start 0, stride 4).
// RUN: xrun %s --function=s_strided --input="5x8xi32=[0 1 2 3 4 5 6 7][10 11 12 13 14 15 16 17][20 21 22 23 24 25 26 27][30 31 32 33 34 35 36 37][40 41 42 43 44 45 46 47]" | xcheck %s --check-prefix=STRIDED --match-full-lines
// STRIDED:      EXEC @s_strided
// STRIDED-NEXT: result[0]: hal.buffer_view
// STRIDED-NEXT: 2x2xi32=[10 14][30 34]
func.func @s_strided(%a: tensor<5x8xi32>) -> tensor<2x2xi32> {
  %0 = graph.slice %a start = [1, 0] strides = [2, 4] : tensor<5x8xi32> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// Unit strides: the 3x3 block at (2, 5) - rows 2..4, columns 5..7 (the last
// row and column).
// RUN: xrun %s --function=s_block --input="5x8xi32=[0 1 2 3 4 5 6 7][10 11 12 13 14 15 16 17][20 21 22 23 24 25 26 27][30 31 32 33 34 35 36 37][40 41 42 43 44 45 46 47]" | xcheck %s --check-prefix=BLOCK --match-full-lines
// BLOCK: 3x3xi32=[25 26 27][35 36 37][45 46 47]
func.func @s_block(%a: tensor<5x8xi32>) -> tensor<3x3xi32> {
  %0 = graph.slice %a start = [2, 5] strides = [1, 1] : tensor<5x8xi32> -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// Stride 3 over 7 elements from 1: indices 1, 4 (the next, 7, is past the
// end and never read); stride 3 from 0: 0, 3, 6 (the last element).
// RUN: xrun %s --function=s_1d --input="7xf32=0 1 2 3 4 5 6" | xcheck %s --check-prefix=ONED --match-full-lines
// ONED: 2xf32=1 4
// RUN: xrun %s --function=s_1d_end --input="7xf32=0 1 2 3 4 5 6" | xcheck %s --check-prefix=ONEDEND --match-full-lines
// ONEDEND: 3xf32=0 3 6
func.func @s_1d(%a: tensor<7xf32>) -> tensor<2xf32> {
  %0 = graph.slice %a start = [1] strides = [3] : tensor<7xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @s_1d_end(%a: tensor<7xf32>) -> tensor<3xf32> {
  %0 = graph.slice %a start = [0] strides = [3] : tensor<7xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// Rank 3: y[i][j][k] = 100i + 10j + k (2x3x4); start [1, 0, 1], strides
// [1, 2, 2], result 1x2x2 reads i = 1, j in {0, 2}, k in {1, 3}.
// RUN: xrun %s --function=s_3d --input="2x3x4xi64=[[0 1 2 3][10 11 12 13][20 21 22 23]][[100 101 102 103][110 111 112 113][120 121 122 123]]" | xcheck %s --check-prefix=THREED --match-full-lines
// THREED: 1x2x2xi64={{\[\[}}101 103][121 123]]
func.func @s_3d(%a: tensor<2x3x4xi64>) -> tensor<1x2x2xi64> {
  %0 = graph.slice %a start = [1, 0, 1] strides = [1, 2, 2] : tensor<2x3x4xi64> -> tensor<1x2x2xi64>
  return %0 : tensor<1x2x2xi64>
}

// A 0-sized result.
// RUN: xrun %s --function=s_empty --input="3x3xf64=1" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 0x2xf64=
func.func @s_empty(%a: tensor<3x3xf64>) -> tensor<0x2xf64> {
  %0 = graph.slice %a start = [1, 1] strides = [1, 1] : tensor<3x3xf64> -> tensor<0x2xf64>
  return %0 : tensor<0x2xf64>
}

// 1- and 2-byte elements.
// RUN: xrun %s --function=s_i1 --input="5xi1=1 0 1 1 0" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 3xi1=1 1 0
// RUN: xrun %s --function=s_i8 --input="5xi8=-1 -2 -3 -4 -5" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 2xi8=-2 -4
// RUN: xrun %s --function=s_f16 --input="4xf16=0.1 0.2 0.3 0.4" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 2xf16=0.199951 0.399902
// RUN: xrun %s --function=s_bf16 --input="4xbf16=1 2 3 4" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=2 4
func.func @s_i1(%a: tensor<5xi1>) -> tensor<3xi1> {
  %0 = graph.slice %a start = [0] strides = [2] : tensor<5xi1> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
func.func @s_i8(%a: tensor<5xi8>) -> tensor<2xi8> {
  %0 = graph.slice %a start = [1] strides = [2] : tensor<5xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}
func.func @s_f16(%a: tensor<4xf16>) -> tensor<2xf16> {
  %0 = graph.slice %a start = [1] strides = [2] : tensor<4xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}
func.func @s_bf16(%a: tensor<4xbf16>) -> tensor<2xbf16> {
  %0 = graph.slice %a start = [1] strides = [2] : tensor<4xbf16> -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// A dynamic input: the first column of every other row, from row 0; the
// result keeps its static 2 rows whatever the input has (at least 3).
// RUN: xrun %s --function=s_dyn --input="3x2xf32=[1 2][3 4][5 6]" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 2x1xf32=[1][5]
// RUN: xrun %s --function=s_dyn --input="4x2xf32=[1 2][3 4][5 6][7 8]" | xcheck %s --check-prefix=DYN4 --match-full-lines
// DYN4: 2x1xf32=[1][5]
func.func @s_dyn(%a: tensor<?x2xf32>) -> tensor<2x1xf32> {
  %0 = graph.slice %a start = [0, 0] strides = [2, 1] : tensor<?x2xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}
