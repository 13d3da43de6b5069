// graph.reduce_sum and graph.reduce_max run end to end over one axis, several
// axes (in any order), all axes (rank-0 result) and no axis; integers wrap;
// max follows arith.maximumf (NaN wins); reducing a 0-sized dim gives the
// identity (0 for sum, -INF / the minimum integer for max); a dynamic dim.

// x = [[1 2 3][4 5 6]]
// RUN: xrun %s --function=sum_ax0 --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=SUM0 --match-full-lines
// SUM0:      EXEC @sum_ax0
// SUM0-NEXT: result[0]: hal.buffer_view
// SUM0-NEXT: 3xf32=5 7 9
// RUN: xrun %s --function=sum_ax1 --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=SUM1 --match-full-lines
// SUM1: 2xf32=6 15
// RUN: xrun %s --function=sum_all --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=SUMALL --match-full-lines
// SUMALL: f32=21
// RUN: xrun %s --function=sum_none --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=SUMNONE --match-full-lines
// SUMNONE: 2x3xf32=[1 2 3][4 5 6]
func.func @sum_ax0(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<2x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @sum_ax1(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_sum %a axes = [1] : tensor<2x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @sum_all(%a: tensor<2x3xf32>) -> tensor<f32> {
  %0 = graph.reduce_sum %a axes = [1, 0] : tensor<2x3xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @sum_none(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.reduce_sum %a axes = [] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// y[i][j][k] = 100i + 10j + k, 2x3x2. Axes [0, 2] keep j:
// sum over i, k of 100i + 10j + k = 4*10j + (0+0+100+100) + (0+1+0+1) = 40j + 202.
// Axes [2, 0] (another order) is the same reduction.
// RUN: xrun %s --function=sum_ax02 --input="2x3x2xi32=[[0 1][10 11][20 21]][[100 101][110 111][120 121]]" | xcheck %s --check-prefix=SUM02 --match-full-lines
// SUM02: 3xi32=202 242 282
// RUN: xrun %s --function=max_ax20 --input="2x3x2xi32=[[0 1][10 11][20 21]][[100 101][110 111][120 121]]" | xcheck %s --check-prefix=MAX20 --match-full-lines
// MAX20: 3xi32=101 111 121
// RUN: xrun %s --function=max_ax1 --input="2x3x2xi32=[[0 1][10 11][20 21]][[100 101][110 111][120 121]]" | xcheck %s --check-prefix=MAX1 --match-full-lines
// MAX1: 2x2xi32=[20 21][120 121]
func.func @sum_ax02(%a: tensor<2x3x2xi32>) -> tensor<3xi32> {
  %0 = graph.reduce_sum %a axes = [0, 2] : tensor<2x3x2xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @max_ax20(%a: tensor<2x3x2xi32>) -> tensor<3xi32> {
  %0 = graph.reduce_max %a axes = [2, 0] : tensor<2x3x2xi32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
func.func @max_ax1(%a: tensor<2x3x2xi32>) -> tensor<2x2xi32> {
  %0 = graph.reduce_max %a axes = [1] : tensor<2x3x2xi32> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// Float max: NaN wins, -INF loses, +0 beats -0, all-negative rows.
// RUN: xrun %s --function=max_f32 --input="4x3xf32=[1 nan 3][-inf -5 -2][-0 0 -0][-3 -1 -2]" | xcheck %s --check-prefix=MAXF --match-full-lines
// MAXF: 4xf32=NAN -2 0 -1
// RUN: xrun %s --function=max_f32 --input="4x3xf32=-0" | xcheck %s --check-prefix=MAXNEGZERO --match-full-lines
// MAXNEGZERO: 4xf32=-0 -0 -0 -0
func.func @max_f32(%a: tensor<4x3xf32>) -> tensor<4xf32> {
  %0 = graph.reduce_max %a axes = [1] : tensor<4x3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Sums: i8 wraps (100 + 100 + 100 = 300 = 44 mod 256); f32 INF + -INF = NaN;
// f16 rounds after every step (2048 + 1 + 1 stays 2048); i64 and f64.
// RUN: xrun %s --function=sum_i8 --input="3xi8=100 100 100" | xcheck %s --check-prefix=SUMI8 --match-full-lines
// SUMI8: i8=44
// RUN: xrun %s --function=sum_f32_specials --input="2x2xf32=[inf -inf][1e38 1e38]" | xcheck %s --check-prefix=SUMSPEC --match-full-lines
// SUMSPEC: 2xf32={{-?}}NAN 2E+38
// RUN: xrun %s --function=sum_f16 --input="3xf16=2048 1 1" | xcheck %s --check-prefix=SUMF16 --match-full-lines
// SUMF16: f16=2048
// RUN: xrun %s --function=sum_i64 --input="5xi64=9223372036854775807 1 1 1 1" | xcheck %s --check-prefix=SUMI64 --match-full-lines
// SUMI64: i64=-9223372036854775805
// RUN: xrun %s --function=sum_f64 --input="5xf64=0.1 0.2 0.3 0.4 0.5" | xcheck %s --check-prefix=SUMF64 --match-full-lines
// SUMF64: f64=1.5
func.func @sum_i8(%a: tensor<3xi8>) -> tensor<i8> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<3xi8> -> tensor<i8>
  return %0 : tensor<i8>
}
func.func @sum_f32_specials(%a: tensor<2x2xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_sum %a axes = [1] : tensor<2x2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @sum_f16(%a: tensor<3xf16>) -> tensor<f16> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<3xf16> -> tensor<f16>
  return %0 : tensor<f16>
}
func.func @sum_i64(%a: tensor<5xi64>) -> tensor<i64> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<5xi64> -> tensor<i64>
  return %0 : tensor<i64>
}
func.func @sum_f64(%a: tensor<5xf64>) -> tensor<f64> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<5xf64> -> tensor<f64>
  return %0 : tensor<f64>
}

// Max of i1 (signed: true is -1, so any false wins), bf16 and i64.
// RUN: xrun %s --function=max_i1 --input="2x2xi1=[1 1][1 0]" | xcheck %s --check-prefix=MAXI1 --match-full-lines
// MAXI1: 2xi1=1 0
// RUN: xrun %s --function=max_bf16 --input="3xbf16=-1 -0.5 -2" | xcheck %s --check-prefix=MAXBF16 --match-full-lines
// MAXBF16: bf16=-0.5
// RUN: xrun %s --function=max_i64 --input="2xi64=-9223372036854775808 -9223372036854775807" | xcheck %s --check-prefix=MAXI64 --match-full-lines
// MAXI64: i64=-9223372036854775807
func.func @max_i1(%a: tensor<2x2xi1>) -> tensor<2xi1> {
  %0 = graph.reduce_max %a axes = [1] : tensor<2x2xi1> -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
func.func @max_bf16(%a: tensor<3xbf16>) -> tensor<bf16> {
  %0 = graph.reduce_max %a axes = [0] : tensor<3xbf16> -> tensor<bf16>
  return %0 : tensor<bf16>
}
func.func @max_i64(%a: tensor<2xi64>) -> tensor<i64> {
  %0 = graph.reduce_max %a axes = [0] : tensor<2xi64> -> tensor<i64>
  return %0 : tensor<i64>
}

// Reducing a 0-sized dim: the identity of each reduction.
// RUN: xrun %s --function=sum_empty --input="3x0xf32=" | xcheck %s --check-prefix=SUMEMPTY --match-full-lines
// SUMEMPTY: 3xf32=0 0 0
// RUN: xrun %s --function=max_empty --input="3x0xf32=" | xcheck %s --check-prefix=MAXEMPTY --match-full-lines
// MAXEMPTY: 3xf32=-INF -INF -INF
// RUN: xrun %s --function=max_empty_i32 --input="0x2xi32=" | xcheck %s --check-prefix=MAXEMPTYI --match-full-lines
// MAXEMPTYI: 2xi32=-2147483648 -2147483648
// The kept dim is 0-sized: an empty result.
// RUN: xrun %s --function=sum_empty_kept --input="0x3xf32=" | xcheck %s --check-prefix=SUMEMPTYKEPT --match-full-lines
// SUMEMPTYKEPT: 0xf32=
func.func @sum_empty(%a: tensor<3x0xf32>) -> tensor<3xf32> {
  %0 = graph.reduce_sum %a axes = [1] : tensor<3x0xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @max_empty(%a: tensor<3x0xf32>) -> tensor<3xf32> {
  %0 = graph.reduce_max %a axes = [1] : tensor<3x0xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @max_empty_i32(%a: tensor<0x2xi32>) -> tensor<2xi32> {
  %0 = graph.reduce_max %a axes = [0] : tensor<0x2xi32> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @sum_empty_kept(%a: tensor<0x3xf32>) -> tensor<0xf32> {
  %0 = graph.reduce_sum %a axes = [1] : tensor<0x3xf32> -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// A dynamic dim reduced away (any row count gives a 4-vector), and a dynamic
// dim kept (the result has the rows).
// RUN: xrun %s --function=sum_dyn_reduced --input="3x4xf32=[1 2 3 4][10 20 30 40][100 200 300 400]" | xcheck %s --check-prefix=DYNRED3 --match-full-lines
// DYNRED3: 4xf32=111 222 333 444
// RUN: xrun %s --function=sum_dyn_reduced --input="0x4xf32=" | xcheck %s --check-prefix=DYNRED0 --match-full-lines
// DYNRED0: 4xf32=0 0 0 0
// RUN: xrun %s --function=max_dyn_kept --input="5x2xf32=[1 2][4 3][5 6][8 7][-1 -2]" | xcheck %s --check-prefix=DYNKEPT5 --match-full-lines
// DYNKEPT5: 5xf32=2 4 6 8 -1
// RUN: xrun %s --function=max_dyn_kept --input="1x2xf32=[-3 -4]" | xcheck %s --check-prefix=DYNKEPT1 --match-full-lines
// DYNKEPT1: 1xf32=-3
func.func @sum_dyn_reduced(%a: tensor<?x4xf32>) -> tensor<4xf32> {
  %0 = graph.reduce_sum %a axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @max_dyn_kept(%a: tensor<?x2xf32>) -> tensor<?xf32> {
  %0 = graph.reduce_max %a axes = [1] : tensor<?x2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
