// graph.concat run end to end: inputs joined along `axis` in operand order;
// axis 0 and an inner axis, three inputs, a 0-sized input, every element
// width, and a dynamic dim on the axis (the result's dim is the sum).

// RUN: xrun %s --function=c_ax0 --input="1x3xf32=1 2 3" --input="2x3xf32=[4 5 6][7 8 9]" | xcheck %s --check-prefix=AX0 --match-full-lines
// AX0:      EXEC @c_ax0
// AX0-NEXT: result[0]: hal.buffer_view
// AX0-NEXT: 3x3xf32=[1 2 3][4 5 6][7 8 9]
func.func @c_ax0(%a: tensor<1x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x3xf32> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// Axis 1 of three inputs: each row is a's row, b's row, c's row.
// RUN: xrun %s --function=c_ax1 --input="2x1xi32=[1][2]" --input="2x2xi32=[10 11][20 21]" --input="2x3xi32=[100 101 102][200 201 202]" | xcheck %s --check-prefix=AX1 --match-full-lines
// AX1: 2x6xi32=[1 10 11 100 101 102][2 20 21 200 201 202]
func.func @c_ax1(%a: tensor<2x1xi32>, %b: tensor<2x2xi32>, %c: tensor<2x3xi32>) -> tensor<2x6xi32> {
  %0 = graph.concat %a, %b, %c axis = 1 : (tensor<2x1xi32>, tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x6xi32>
  return %0 : tensor<2x6xi32>
}

// The middle axis of rank 3.
// RUN: xrun %s --function=c_mid --input="2x1x2xi64=[[1 2]][[3 4]]" --input="2x1x2xi64=[[5 6]][[7 8]]" | xcheck %s --check-prefix=MID --match-full-lines
// MID: 2x2x2xi64={{\[\[}}1 2][5 6]]{{\[\[}}3 4][7 8]]
func.func @c_mid(%a: tensor<2x1x2xi64>, %b: tensor<2x1x2xi64>) -> tensor<2x2x2xi64> {
  %0 = graph.concat %a, %b axis = 1 : (tensor<2x1x2xi64>, tensor<2x1x2xi64>) -> tensor<2x2x2xi64>
  return %0 : tensor<2x2x2xi64>
}

// A 0-sized input contributes nothing.
// RUN: xrun %s --function=c_empty --input="0xf64=" --input="3xf64=1.5 2.5 3.5" --input="0xf64=" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 3xf64=1.5 2.5 3.5
func.func @c_empty(%a: tensor<0xf64>, %b: tensor<3xf64>, %c: tensor<0xf64>) -> tensor<3xf64> {
  %0 = graph.concat %a, %b, %c axis = 0 : (tensor<0xf64>, tensor<3xf64>, tensor<0xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// 1- and 2-byte elements.
// RUN: xrun %s --function=c_i1 --input="2xi1=1 0" --input="3xi1=0 1 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 5xi1=1 0 0 1 1
// RUN: xrun %s --function=c_i8 --input="1xi8=-128" --input="2xi8=127 -1" | xcheck %s --check-prefix=I8 --match-full-lines
// I8: 3xi8=-128 127 -1
// RUN: xrun %s --function=c_f16 --input="2x1xf16=[0.1][-2]" --input="2x1xf16=[inf][65504]" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 2x2xf16=[0.0999756 INF][-2 65504]
// RUN: xrun %s --function=c_bf16 --input="1xbf16=1" --input="1xbf16=-0.5" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=1 -0.5
func.func @c_i1(%a: tensor<2xi1>, %b: tensor<3xi1>) -> tensor<5xi1> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<2xi1>, tensor<3xi1>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}
func.func @c_i8(%a: tensor<1xi8>, %b: tensor<2xi8>) -> tensor<3xi8> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<1xi8>, tensor<2xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}
func.func @c_f16(%a: tensor<2x1xf16>, %b: tensor<2x1xf16>) -> tensor<2x2xf16> {
  %0 = graph.concat %a, %b axis = 1 : (tensor<2x1xf16>, tensor<2x1xf16>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}
func.func @c_bf16(%a: tensor<1xbf16>, %b: tensor<1xbf16>) -> tensor<2xbf16> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<1xbf16>, tensor<1xbf16>) -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// A dynamic dim off the axis: ?x1 and ?x2 along axis 1 give ?x3.
// RUN: xrun %s --function=c_dyn_off --input="3x1xf32=[1][2][3]" --input="3x2xf32=[4 5][6 7][8 9]" | xcheck %s --check-prefix=DYNOFF3 --match-full-lines
// DYNOFF3: 3x3xf32=[1 4 5][2 6 7][3 8 9]
// RUN: xrun %s --function=c_dyn_off --input="0x1xf32=" --input="0x2xf32=" | xcheck %s --check-prefix=DYNOFF0 --match-full-lines
// DYNOFF0: 0x3xf32=
func.func @c_dyn_off(%a: tensor<?x1xf32>, %b: tensor<?x2xf32>) -> tensor<?x3xf32> {
  %0 = graph.concat %a, %b axis = 1 : (tensor<?x1xf32>, tensor<?x2xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
