// graph.broadcast run end to end: input dim i becomes result dim
// dimensions[i], equal to it or stretched from 1; the other result dims
// repeat the input. Rank 0 to a tensor, a row and a column of a matrix, a
// size-1 dim stretched, a middle dim inserted, every element width, empty
// and dynamic results.

// A row: [1 2 3] on dim 1 of 2x3; a column: [1 2] on dim 0 of 2x3.
// RUN: xrun %s --function=b_row --input="3xf32=1 2 3" | xcheck %s --check-prefix=ROW --match-full-lines
// ROW:      EXEC @b_row
// ROW-NEXT: result[0]: hal.buffer_view
// ROW-NEXT: 2x3xf32=[1 2 3][1 2 3]
// RUN: xrun %s --function=b_col --input="2xf32=1 2" | xcheck %s --check-prefix=COL --match-full-lines
// COL: 2x3xf32=[1 1 1][2 2 2]
func.func @b_row(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %a dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @b_col(%a: tensor<2xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %a dimensions = [0] : tensor<2xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Rank 0 to 5 elements.
// RUN: xrun %s --function=b_scalar --input="i32=-4" | xcheck %s --check-prefix=SCALAR --match-full-lines
// SCALAR: 5xi32=-4 -4 -4 -4 -4
func.func @b_scalar(%a: tensor<i32>) -> tensor<5xi32> {
  %0 = graph.broadcast %a dimensions = [] : tensor<i32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// A stretched size-1 dim: 1x3 -> 4x3 (same rank, dim 0 stretched), and
// 3x1 -> 3x2 with dims [0, 1].
// RUN: xrun %s --function=b_stretch --input="1x3xi64=7 8 9" | xcheck %s --check-prefix=STRETCH --match-full-lines
// STRETCH: 4x3xi64=[7 8 9][7 8 9][7 8 9][7 8 9]
// RUN: xrun %s --function=b_stretch_inner --input="3x1xf64=[1][2][3]" | xcheck %s --check-prefix=STRETCH2 --match-full-lines
// STRETCH2: 3x2xf64=[1 1][2 2][3 3]
func.func @b_stretch(%a: tensor<1x3xi64>) -> tensor<4x3xi64> {
  %0 = graph.broadcast %a dimensions = [0, 1] : tensor<1x3xi64> -> tensor<4x3xi64>
  return %0 : tensor<4x3xi64>
}
func.func @b_stretch_inner(%a: tensor<3x1xf64>) -> tensor<3x2xf64> {
  %0 = graph.broadcast %a dimensions = [0, 1] : tensor<3x1xf64> -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// A dim inserted in the middle: 2x3 on dims [0, 2] of 2x2x3, and a stretched
// 1 together with a new dim: 1x2 on dims [1, 2] of 2x3x2.
// RUN: xrun %s --function=b_middle --input="2x3xi8=[1 2 3][4 5 6]" | xcheck %s --check-prefix=MIDDLE --match-full-lines
// MIDDLE: 2x2x3xi8={{\[\[}}1 2 3][1 2 3]]{{\[\[}}4 5 6][4 5 6]]
// RUN: xrun %s --function=b_mixed --input="1x2xf16=0.5 -1" | xcheck %s --check-prefix=MIXED --match-full-lines
// MIXED: 2x3x2xf16={{\[\[}}0.5 -1][0.5 -1][0.5 -1]]{{\[\[}}0.5 -1][0.5 -1][0.5 -1]]
func.func @b_middle(%a: tensor<2x3xi8>) -> tensor<2x2x3xi8> {
  %0 = graph.broadcast %a dimensions = [0, 2] : tensor<2x3xi8> -> tensor<2x2x3xi8>
  return %0 : tensor<2x2x3xi8>
}
func.func @b_mixed(%a: tensor<1x2xf16>) -> tensor<2x3x2xf16> {
  %0 = graph.broadcast %a dimensions = [1, 2] : tensor<1x2xf16> -> tensor<2x3x2xf16>
  return %0 : tensor<2x3x2xf16>
}

// i1 and bf16.
// RUN: xrun %s --function=b_i1 --input="2xi1=1 0" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 3x2xi1=[1 0][1 0][1 0]
// RUN: xrun %s --function=b_bf16 --input="bf16=3" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 1x1xbf16=[3]
func.func @b_i1(%a: tensor<2xi1>) -> tensor<3x2xi1> {
  %0 = graph.broadcast %a dimensions = [1] : tensor<2xi1> -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}
func.func @b_bf16(%a: tensor<bf16>) -> tensor<1x1xbf16> {
  %0 = graph.broadcast %a dimensions = [] : tensor<bf16> -> tensor<1x1xbf16>
  return %0 : tensor<1x1xbf16>
}

// Empty: a 0-sized new dim, and a 0-sized input dim carried over.
// RUN: xrun %s --function=b_empty --input="3xf32=1 2 3" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 0x3xf32=
// RUN: xrun %s --function=b_empty_in --input="0xf32=" | xcheck %s --check-prefix=EMPTYIN --match-full-lines
// EMPTYIN: 2x0xf32=[][]
func.func @b_empty(%a: tensor<3xf32>) -> tensor<0x3xf32> {
  %0 = graph.broadcast %a dimensions = [1] : tensor<3xf32> -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}
func.func @b_empty_in(%a: tensor<0xf32>) -> tensor<2x0xf32> {
  %0 = graph.broadcast %a dimensions = [1] : tensor<0xf32> -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// A dynamic input dim carried to the result: ? -> 2x?.
// RUN: xrun %s --function=b_dyn --input="3xi32=1 2 3" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 2x3xi32=[1 2 3][1 2 3]
// RUN: xrun %s --function=b_dyn --input="1xi32=9" | xcheck %s --check-prefix=DYN1 --match-full-lines
// DYN1: 2x1xi32=[9][9]
func.func @b_dyn(%a: tensor<?xi32>) -> tensor<2x?xi32> {
  %0 = graph.broadcast %a dimensions = [1] : tensor<?xi32> -> tensor<2x?xi32>
  return %0 : tensor<2x?xi32>
}
