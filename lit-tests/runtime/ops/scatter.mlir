// graph.scatter run end to end on local (default), the reference and vulkan:
// the data with row idx(indices[j]) of axis 0 set to updates[j] for each j in
// order (a later duplicate wins) or combined by add, mul, max, min. An index i
// of n rows selects i when 0 <= i < n, i + n when -n <= i < 0, and is
// otherwise clamped to 0 or n - 1 (as graph.gather); with 0 rows the updates
// are dropped. Static and dynamic shapes, i32 and i64 indices, f32, i64, i32
// and i1 data, 0, 1, 7 and 70 rows.

// Duplicates (1 twice, 9 clamped onto 6 after -1), -9 clamped to row 0.
// RUN: xrun %s --function=s_none --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="5xi64=1 -1 1 9 -9" --input="5x2xf32=[100 101][102 103][104 105][106 107][108 109]" | xcheck %s --check-prefix=NONE --match-full-lines
// RUN: xrun %s --device=reference --function=s_none --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="5xi64=1 -1 1 9 -9" --input="5x2xf32=[100 101][102 103][104 105][106 107][108 109]" | xcheck %s --check-prefix=NONE --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_none --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="5xi64=1 -1 1 9 -9" --input="5x2xf32=[100 101][102 103][104 105][106 107][108 109]" | xcheck %s --check-prefix=NONE --match-full-lines
// NONE: 7x2xf32=[108 109][104 105][4 5][6 7][8 9][10 11][106 107]

// add: row 2 gets three updates (2, -5 + 7, 2), row 0 one.
// RUN: xrun %s --function=s_add --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[1 10][2 20][3 30][4 40]" | xcheck %s --check-prefix=ADD --match-full-lines
// RUN: xrun %s --device=reference --function=s_add --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[1 10][2 20][3 30][4 40]" | xcheck %s --check-prefix=ADD --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_add --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[1 10][2 20][3 30][4 40]" | xcheck %s --check-prefix=ADD --match-full-lines
// ADD: 7x2xf32=[3 31][2 3][11 75][6 7][8 9][10 11][12 13]

// mul: the same rows, multiplied in.
// RUN: xrun %s --function=s_mul --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[2 -1][3 2][3 0.5][2 2]" | xcheck %s --check-prefix=MUL --match-full-lines
// RUN: xrun %s --device=reference --function=s_mul --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[2 -1][3 2][3 0.5][2 2]" | xcheck %s --check-prefix=MUL --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_mul --input="7x2xf32=[0 1][2 3][4 5][6 7][8 9][10 11][12 13]" --input="4xi32=2 -5 0 2" --input="4x2xf32=[2 -1][3 2][3 0.5][2 2]" | xcheck %s --check-prefix=MUL --match-full-lines
// MUL: 7x2xf32=[0 0.5][2 3][48 -20][6 7][8 9][10 11][12 13]

// max of i64 rows, negative values included.
// RUN: xrun %s --function=s_max --input="7x2xi64=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi32=2 -5 0 2" --input="4x2xi64=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MAX --match-full-lines
// RUN: xrun %s --device=reference --function=s_max --input="7x2xi64=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi32=2 -5 0 2" --input="4x2xi64=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MAX --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_max --input="7x2xi64=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi32=2 -5 0 2" --input="4x2xi64=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MAX --match-full-lines
// MAX: 7x2xi64=[-1 9][-6 6][50 100][0 0][3 -3][6 -6][9 -9]

// min of i32 rows.
// RUN: xrun %s --function=s_min --input="7x2xi32=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi64=-1 6 -7 0" --input="4x2xi32=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MIN --match-full-lines
// RUN: xrun %s --device=reference --function=s_min --input="7x2xi32=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi64=-1 6 -7 0" --input="4x2xi32=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MIN --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_min --input="7x2xi32=[-9 9][-6 6][-3 3][0 0][3 -3][6 -6][9 -9]" --input="4xi64=-1 6 -7 0" --input="4x2xi32=[-100 100][50 -50][-1 1][0 0]" | xcheck %s --check-prefix=MIN --match-full-lines
// MIN: 7x2xi32=[-9 0][-6 6][-3 3][0 0][3 -3][6 -6][-100 -50]

// i1 data (bytes), reduction none: -1 is row 4, 7 clamped to 4 (later wins).
// RUN: xrun %s --function=s_i1 --input="5x1xi1=[1][0][1][0][1]" --input="3xi64=-1 0 7" --input="3x1xi1=[0][0][1]" | xcheck %s --check-prefix=I1 --match-full-lines
// RUN: xrun %s --device=reference --function=s_i1 --input="5x1xi1=[1][0][1][0][1]" --input="3xi64=-1 0 7" --input="3x1xi1=[0][0][1]" | xcheck %s --check-prefix=I1 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_i1 --input="5x1xi1=[1][0][1][0][1]" --input="3xi64=-1 0 7" --input="3x1xi1=[0][0][1]" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 5x1xi1=[0][0][1][0][1]

// 0 rows and no updates: an empty result.
// RUN: xrun %s --function=s_dyn --input="0x3xf32=" --input="0xi32=" --input="0x3xf32=" | xcheck %s --check-prefix=D0 --match-full-lines
// RUN: xrun %s --device=reference --function=s_dyn --input="0x3xf32=" --input="0xi32=" --input="0x3xf32=" | xcheck %s --check-prefix=D0 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_dyn --input="0x3xf32=" --input="0xi32=" --input="0x3xf32=" | xcheck %s --check-prefix=D0 --match-full-lines
// D0: 0x3xf32=

// 0 rows: the updates are dropped.
// RUN: xrun %s --function=s_dyn --input="0x3xf32=" --input="2xi32=0 1" --input="2x3xf32=[100 101 102][200 201 202]" | xcheck %s --check-prefix=D0U --match-full-lines
// RUN: xrun %s --device=reference --function=s_dyn --input="0x3xf32=" --input="2xi32=0 1" --input="2x3xf32=[100 101 102][200 201 202]" | xcheck %s --check-prefix=D0U --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_dyn --input="0x3xf32=" --input="2xi32=0 1" --input="2x3xf32=[100 101 102][200 201 202]" | xcheck %s --check-prefix=D0U --match-full-lines
// D0U: 0x3xf32=

// 1 row: every index (out of range too) lands on it, added in order.
// RUN: xrun %s --function=s_dyn --input="1x3xf32=[0 1 2]" --input="3xi32=-1 -2 0" --input="3x3xf32=[100 101 102][200 201 202][300 301 302]" | xcheck %s --check-prefix=D1 --match-full-lines
// RUN: xrun %s --device=reference --function=s_dyn --input="1x3xf32=[0 1 2]" --input="3xi32=-1 -2 0" --input="3x3xf32=[100 101 102][200 201 202][300 301 302]" | xcheck %s --check-prefix=D1 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_dyn --input="1x3xf32=[0 1 2]" --input="3xi32=-1 -2 0" --input="3x3xf32=[100 101 102][200 201 202][300 301 302]" | xcheck %s --check-prefix=D1 --match-full-lines
// D1: 1x3xf32=[600 604 608]

// 7 rows, random indices in [-9, 8].
// RUN: xrun %s --function=s_dyn --input="7x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20]" --input="5xi32=-8 -7 8 -6 2" --input="5x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502]" | xcheck %s --check-prefix=D7 --match-full-lines
// RUN: xrun %s --device=reference --function=s_dyn --input="7x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20]" --input="5xi32=-8 -7 8 -6 2" --input="5x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502]" | xcheck %s --check-prefix=D7 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_dyn --input="7x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20]" --input="5xi32=-8 -7 8 -6 2" --input="5x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502]" | xcheck %s --check-prefix=D7 --match-full-lines
// D7: 7x3xf32=[300 303 306][403 405 407][506 508 510][9 10 11][12 13 14][15 16 17][318 320 322]

// 70 rows: 69 twice and -1 (69 again), -70 and -100 (row 0), 100 (69), 5 twice.
// RUN: xrun %s --function=s_dyn --input="70x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20][21 22 23][24 25 26][27 28 29][30 31 32][33 34 35][36 37 38][39 40 41][42 43 44][45 46 47][48 49 50][51 52 53][54 55 56][57 58 59][60 61 62][63 64 65][66 67 68][69 70 71][72 73 74][75 76 77][78 79 80][81 82 83][84 85 86][87 88 89][90 91 92][93 94 95][96 97 98][99 100 101][102 103 104][105 106 107][108 109 110][111 112 113][114 115 116][117 118 119][120 121 122][123 124 125][126 127 128][129 130 131][132 133 134][135 136 137][138 139 140][141 142 143][144 145 146][147 148 149][150 151 152][153 154 155][156 157 158][159 160 161][162 163 164][165 166 167][168 169 170][171 172 173][174 175 176][177 178 179][180 181 182][183 184 185][186 187 188][189 190 191][192 193 194][195 196 197][198 199 200][201 202 203][204 205 206][207 208 209]" --input="9xi32=69 -70 69 5 -1 100 -100 0 5" --input="9x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502][600 601 602][700 701 702][800 801 802][900 901 902]" | xcheck %s --check-prefix=D70 --match-full-lines
// RUN: xrun %s --device=reference --function=s_dyn --input="70x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20][21 22 23][24 25 26][27 28 29][30 31 32][33 34 35][36 37 38][39 40 41][42 43 44][45 46 47][48 49 50][51 52 53][54 55 56][57 58 59][60 61 62][63 64 65][66 67 68][69 70 71][72 73 74][75 76 77][78 79 80][81 82 83][84 85 86][87 88 89][90 91 92][93 94 95][96 97 98][99 100 101][102 103 104][105 106 107][108 109 110][111 112 113][114 115 116][117 118 119][120 121 122][123 124 125][126 127 128][129 130 131][132 133 134][135 136 137][138 139 140][141 142 143][144 145 146][147 148 149][150 151 152][153 154 155][156 157 158][159 160 161][162 163 164][165 166 167][168 169 170][171 172 173][174 175 176][177 178 179][180 181 182][183 184 185][186 187 188][189 190 191][192 193 194][195 196 197][198 199 200][201 202 203][204 205 206][207 208 209]" --input="9xi32=69 -70 69 5 -1 100 -100 0 5" --input="9x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502][600 601 602][700 701 702][800 801 802][900 901 902]" | xcheck %s --check-prefix=D70 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_dyn --input="70x3xf32=[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14][15 16 17][18 19 20][21 22 23][24 25 26][27 28 29][30 31 32][33 34 35][36 37 38][39 40 41][42 43 44][45 46 47][48 49 50][51 52 53][54 55 56][57 58 59][60 61 62][63 64 65][66 67 68][69 70 71][72 73 74][75 76 77][78 79 80][81 82 83][84 85 86][87 88 89][90 91 92][93 94 95][96 97 98][99 100 101][102 103 104][105 106 107][108 109 110][111 112 113][114 115 116][117 118 119][120 121 122][123 124 125][126 127 128][129 130 131][132 133 134][135 136 137][138 139 140][141 142 143][144 145 146][147 148 149][150 151 152][153 154 155][156 157 158][159 160 161][162 163 164][165 166 167][168 169 170][171 172 173][174 175 176][177 178 179][180 181 182][183 184 185][186 187 188][189 190 191][192 193 194][195 196 197][198 199 200][201 202 203][204 205 206][207 208 209]" --input="9xi32=69 -70 69 5 -1 100 -100 0 5" --input="9x3xf32=[100 101 102][200 201 202][300 301 302][400 401 402][500 501 502][600 601 602][700 701 702][800 801 802][900 901 902]" | xcheck %s --check-prefix=D70 --match-full-lines
// D70: 70x3xf32=[1700 1704 1708][3 4 5][6 7 8][9 10 11][12 13 14][1315 1318 1321][18 19 20][21 22 23][24 25 26][27 28 29][30 31 32][33 34 35][36 37 38][39 40 41][42 43 44][45 46 47][48 49 50][51 52 53][54 55 56][57 58 59][60 61 62][63 64 65][66 67 68][69 70 71][72 73 74][75 76 77][78 79 80][81 82 83][84 85 86][87 88 89][90 91 92][93 94 95][96 97 98][99 100 101][102 103 104][105 106 107][108 109 110][111 112 113][114 115 116][117 118 119][120 121 122][123 124 125][126 127 128][129 130 131][132 133 134][135 136 137][138 139 140][141 142 143][144 145 146][147 148 149][150 151 152][153 154 155][156 157 158][159 160 161][162 163 164][165 166 167][168 169 170][171 172 173][174 175 176][177 178 179][180 181 182][183 184 185][186 187 188][189 190 191][192 193 194][195 196 197][198 199 200][201 202 203][204 205 206][1707 1712 1717]

// Fed and read by other dispatches: the data doubled, the updates negated,
// combined by max, then relu.
// RUN: xrun %s --function=s_chain --input="4x2xf32=[1 -1][2 -2][3 -3][4 -4]" --input="2xi64=3 -4" --input="2x2xf32=[-10 5][-7 -1]" | xcheck %s --check-prefix=CHAIN --match-full-lines
// RUN: xrun %s --device=reference --function=s_chain --input="4x2xf32=[1 -1][2 -2][3 -3][4 -4]" --input="2xi64=3 -4" --input="2x2xf32=[-10 5][-7 -1]" | xcheck %s --check-prefix=CHAIN --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=s_chain --input="4x2xf32=[1 -1][2 -2][3 -3][4 -4]" --input="2xi64=3 -4" --input="2x2xf32=[-10 5][-7 -1]" | xcheck %s --check-prefix=CHAIN --match-full-lines
// CHAIN: 4x2xf32=[7 1][4 0][6 0][10 0]

func.func @s_chain(%d: tensor<4x2xf32>, %i: tensor<2xi64>, %u: tensor<2x2xf32>) -> tensor<4x2xf32> {
  %a = graph.add %d, %d : tensor<4x2xf32>
  %b = graph.neg %u : tensor<2x2xf32>
  %0 = graph.scatter %a, %i, %b reduction = max : (tensor<4x2xf32>, tensor<2xi64>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %1 = graph.relu %0 : tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// An index tensor of i32 beside dynamic data, as above; the result keeps the
// data's dims.
func.func @s_dyn(%d: tensor<?x3xf32>, %i: tensor<?xi32>, %u: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = graph.scatter %d, %i, %u reduction = add : (tensor<?x3xf32>, tensor<?xi32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

func.func @s_none(%d: tensor<7x2xf32>, %i: tensor<5xi64>, %u: tensor<5x2xf32>) -> tensor<7x2xf32> {
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<7x2xf32>, tensor<5xi64>, tensor<5x2xf32>) -> tensor<7x2xf32>
  return %0 : tensor<7x2xf32>
}

func.func @s_add(%d: tensor<7x2xf32>, %i: tensor<4xi32>, %u: tensor<4x2xf32>) -> tensor<7x2xf32> {
  %0 = graph.scatter %d, %i, %u reduction = add : (tensor<7x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<7x2xf32>
  return %0 : tensor<7x2xf32>
}

func.func @s_mul(%d: tensor<7x2xf32>, %i: tensor<4xi32>, %u: tensor<4x2xf32>) -> tensor<7x2xf32> {
  %0 = graph.scatter %d, %i, %u reduction = mul : (tensor<7x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<7x2xf32>
  return %0 : tensor<7x2xf32>
}

func.func @s_max(%d: tensor<7x2xi64>, %i: tensor<4xi32>, %u: tensor<4x2xi64>) -> tensor<7x2xi64> {
  %0 = graph.scatter %d, %i, %u reduction = max : (tensor<7x2xi64>, tensor<4xi32>, tensor<4x2xi64>) -> tensor<7x2xi64>
  return %0 : tensor<7x2xi64>
}

func.func @s_min(%d: tensor<7x2xi32>, %i: tensor<4xi64>, %u: tensor<4x2xi32>) -> tensor<7x2xi32> {
  %0 = graph.scatter %d, %i, %u reduction = min : (tensor<7x2xi32>, tensor<4xi64>, tensor<4x2xi32>) -> tensor<7x2xi32>
  return %0 : tensor<7x2xi32>
}

func.func @s_i1(%d: tensor<5x1xi1>, %i: tensor<3xi64>, %u: tensor<3x1xi1>) -> tensor<5x1xi1> {
  %0 = graph.scatter %d, %i, %u reduction = none : (tensor<5x1xi1>, tensor<3xi64>, tensor<3x1xi1>) -> tensor<5x1xi1>
  return %0 : tensor<5x1xi1>
}
