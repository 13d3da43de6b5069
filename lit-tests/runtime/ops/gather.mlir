// graph.gather run end to end on local and on the reference: ONNX Gather
// (numpy take) with indices known at run time. An index i of a dim of size d
// selects i when 0 <= i < d, i + d when -d <= i < 0, and is otherwise
// clamped to 0 or d - 1. Sizes that are not multiples of 4, axis 0, a middle
// and the last axis, 0-d, 1-d and 2-d indices (i32 and i64), empty indices,
// f32, i64 and i1 tables, dynamic dims, a constant table fed by other
// dispatches.

// Axis 0 of a 5x3 table (t[i][j] = 10i + j) with i64 indices: 1; -1 counts
// from the end (row 4); 7 is clamped to the last row, -9 (-9 + 5 = -4) to
// row 0; -5 is row 0.
// RUN: xrun %s --function=g_rows --input="5x3xf32=[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]" --input="6xi64=1 -1 7 -9 0 -5" | xcheck %s --check-prefix=ROWS --match-full-lines
// RUN: xrun %s --function=g_rows --device=reference --input="5x3xf32=[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]" --input="6xi64=1 -1 7 -9 0 -5" | xcheck %s --check-prefix=ROWS --match-full-lines
// ROWS: 6x3xf32=[10 11 12][40 41 42][40 41 42][0 1 2][0 1 2][0 1 2]

// A middle axis (1 of 2x5x3, x[a][b][c] = 100a + 10b + c) with 2-D i32
// indices: b = 4, 0, -2 (3), 9 (clamped to 4); the result is 2x2x2x3.
// RUN: xrun %s --function=g_mid --input="2x5x3xi64=[[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]][[100 101 102][110 111 112][120 121 122][130 131 132][140 141 142]]" --input="2x2xi32=[4 0][-2 9]" | xcheck %s --check-prefix=MID --match-full-lines
// RUN: xrun %s --function=g_mid --device=reference --input="2x5x3xi64=[[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]][[100 101 102][110 111 112][120 121 122][130 131 132][140 141 142]]" --input="2x2xi32=[4 0][-2 9]" | xcheck %s --check-prefix=MID --match-full-lines
// MID: 2x2x2x3xi64={{\[\[\[40 41 42\]\[0 1 2\]\]\[\[30 31 32\]\[40 41 42\]\]\]\[\[\[140 141 142\]\[100 101 102\]\]\[\[130 131 132\]\[140 141 142\]\]\]}}

// 0-d indices drop the axis: -2 selects row 3.
// RUN: xrun %s --function=g_scalar --input="5x3xf32=[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]" --input="i64=-2" | xcheck %s --check-prefix=SCALAR --match-full-lines
// RUN: xrun %s --function=g_scalar --device=reference --input="5x3xf32=[0 1 2][10 11 12][20 21 22][30 31 32][40 41 42]" --input="i64=-2" | xcheck %s --check-prefix=SCALAR --match-full-lines
// SCALAR: 3xf32=30 31 32

// The last axis with a 0-d i32 index: -1 selects the last column.
// RUN: xrun %s --function=g_col --input="3x4xf32=[0 1 2 3][10 11 12 13][20 21 22 23]" --input="i32=-1" | xcheck %s --check-prefix=COL --match-full-lines
// RUN: xrun %s --function=g_col --device=reference --input="3x4xf32=[0 1 2 3][10 11 12 13][20 21 22 23]" --input="i32=-1" | xcheck %s --check-prefix=COL --match-full-lines
// COL: 3xf32=3 13 23

// Empty indices give an empty result.
// RUN: xrun %s --function=g_empty --input="5x3xf32=1" --input="0xi32=" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=g_empty --device=reference --input="5x3xf32=1" --input="0xi32=" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 0x3xf32=

// i1 elements (bytes): 0, 1, -1 (6), -4 (3), 100 (clamped to 6).
// RUN: xrun %s --function=g_i1 --input="7xi1=1 0 0 1 0 0 1" --input="5xi64=0 1 -1 -4 100" | xcheck %s --check-prefix=I1 --match-full-lines
// RUN: xrun %s --function=g_i1 --device=reference --input="7xi1=1 0 0 1 0 0 1" --input="5xi64=0 1 -1 -4 100" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 5xi1=1 0 1 1 1

// Dynamic table and indices; -3 on 2 rows is clamped to row 0.
// RUN: xrun %s --function=g_dyn --input="2x3xf32=[1 2 3][4 5 6]" --input="3xi64=1 0 -3" | xcheck %s --check-prefix=DYN --match-full-lines
// RUN: xrun %s --function=g_dyn --device=reference --input="2x3xf32=[1 2 3][4 5 6]" --input="3xi64=1 0 -3" | xcheck %s --check-prefix=DYN --match-full-lines
// DYN: 3x3xf32=[4 5 6][1 2 3][1 2 3]

// Nothing selected from nothing.
// RUN: xrun %s --function=g_dyn --input="0x3xf32=" --input="0xi64=" | xcheck %s --check-prefix=DYNEMPTY --match-full-lines
// RUN: xrun %s --function=g_dyn --device=reference --input="0x3xf32=" --input="0xi64=" | xcheck %s --check-prefix=DYNEMPTY --match-full-lines
// DYNEMPTY: 0x3xf32=

// An embedding lookup: a constant table, ids doubled (wrapping: 2 * MAX = -2,
// 2 * MIN = 0) in a dispatch before, relu in one after: ids 0 2 -2 -2 0 2
// select rows 0, 2, 1, 1, 0, 2 (-2 counts from the end).
// RUN: xrun %s --function=g_embed --input="2x3xi64=[0 1 -1][9223372036854775807 -9223372036854775808 1]" | xcheck %s --check-prefix=EMBED --match-full-lines
// RUN: xrun %s --function=g_embed --device=reference --input="2x3xi64=[0 1 -1][9223372036854775807 -9223372036854775808 1]" | xcheck %s --check-prefix=EMBED --match-full-lines
// EMBED: 2x3x2xf32={{\[\[}}1 0][3 0][3 0]]{{\[\[}}3 0][1 0][3 0]]

// Selecting from a dim of size 0 (known only at run time) is an error.
// RUN: not xrun %s --function=g_dyn --input="0x3xf32=" --input="1xi64=0" 2>&1 | xcheck %s --check-prefix=ZERO
// RUN: not xrun %s --function=g_dyn --device=reference --input="0x3xf32=" --input="1xi64=0" 2>&1 | xcheck %s --check-prefix=ZERO
// ZERO: selects 1 element(s) along input dim{{(ension)?}} 0 of size 0

func.func @g_rows(%t: tensor<5x3xf32>, %i: tensor<6xi64>) -> tensor<6x3xf32> {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<5x3xf32>, tensor<6xi64>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}
func.func @g_mid(%t: tensor<2x5x3xi64>, %i: tensor<2x2xi32>) -> tensor<2x2x2x3xi64> {
  %0 = graph.gather %t[%i] axis = 1 : (tensor<2x5x3xi64>, tensor<2x2xi32>) -> tensor<2x2x2x3xi64>
  return %0 : tensor<2x2x2x3xi64>
}
func.func @g_scalar(%t: tensor<5x3xf32>, %i: tensor<i64>) -> tensor<3xf32> {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<5x3xf32>, tensor<i64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @g_col(%t: tensor<3x4xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %0 = graph.gather %t[%i] axis = 1 : (tensor<3x4xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @g_empty(%t: tensor<5x3xf32>, %i: tensor<0xi32>) -> tensor<0x3xf32> {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<5x3xf32>, tensor<0xi32>) -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}
func.func @g_i1(%t: tensor<7xi1>, %i: tensor<5xi64>) -> tensor<5xi1> {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<7xi1>, tensor<5xi64>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}
func.func @g_dyn(%t: tensor<?x3xf32>, %i: tensor<?xi64>) -> tensor<?x3xf32> {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
func.func @g_embed(%i: tensor<2x3xi64>) -> tensor<2x3x2xf32> {
  %t = graph.constant dense<[[1.0, -1.0], [2.0, -2.0], [3.0, -3.0], [4.0, -4.0]]> : tensor<4x2xf32>
  %j = graph.add %i, %i : tensor<2x3xi64>
  %0 = graph.gather %t[%j] axis = 0 : (tensor<4x2xf32>, tensor<2x3xi64>) -> tensor<2x3x2xf32>
  %1 = graph.relu %0 : tensor<2x3x2xf32>
  return %1 : tensor<2x3x2xf32>
}
