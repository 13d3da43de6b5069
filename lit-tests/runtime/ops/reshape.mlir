// graph.reshape run end to end: the same elements in the same row-major
// order under a new shape; to and from rank 0 and rank 1, an empty tensor,
// and dynamic dims on either side (the result's dim comes from the count).

// RUN: xrun %s --function=r_2x3_3x2 --input="2x3xf32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=R32 --match-full-lines
// R32:      EXEC @r_2x3_3x2
// R32-NEXT: result[0]: hal.buffer_view
// R32-NEXT: 3x2xf32=[1 2][3 4][5 6]
func.func @r_2x3_3x2(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = graph.reshape %a : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// RUN: xrun %s --function=r_flat --input="2x2x2xi32=[[1 2][3 4]][[5 6][7 8]]" | xcheck %s --check-prefix=FLAT --match-full-lines
// FLAT: 8xi32=1 2 3 4 5 6 7 8
// RUN: xrun %s --function=r_unflat --input="6xi8=1 -2 3 -4 5 -6" | xcheck %s --check-prefix=UNFLAT --match-full-lines
// UNFLAT: 1x2x3xi8={{\[\[}}1 -2 3][-4 5 -6]]
func.func @r_flat(%a: tensor<2x2x2xi32>) -> tensor<8xi32> {
  %0 = graph.reshape %a : tensor<2x2x2xi32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}
func.func @r_unflat(%a: tensor<6xi8>) -> tensor<1x2x3xi8> {
  %0 = graph.reshape %a : tensor<6xi8> -> tensor<1x2x3xi8>
  return %0 : tensor<1x2x3xi8>
}

// Rank 0 <-> 1x1.
// RUN: xrun %s --function=r_to0 --input="1x1xf64=2.5" | xcheck %s --check-prefix=TO0 --match-full-lines
// TO0: f64=2.5
// RUN: xrun %s --function=r_from0 --input="i64=-7" | xcheck %s --check-prefix=FROM0 --match-full-lines
// FROM0: 1x1xi64=[-7]
func.func @r_to0(%a: tensor<1x1xf64>) -> tensor<f64> {
  %0 = graph.reshape %a : tensor<1x1xf64> -> tensor<f64>
  return %0 : tensor<f64>
}
func.func @r_from0(%a: tensor<i64>) -> tensor<1x1xi64> {
  %0 = graph.reshape %a : tensor<i64> -> tensor<1x1xi64>
  return %0 : tensor<1x1xi64>
}

// f16 / i1 bytes are kept.
// RUN: xrun %s --function=r_f16 --input="4xf16=0.1 -0 inf 3" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 2x2xf16=[0.0999756 -0][INF 3]
// RUN: xrun %s --function=r_i1 --input="2x2xi1=[1 0][0 1]" | xcheck %s --check-prefix=I1 --match-full-lines
// I1: 4xi1=1 0 0 1
func.func @r_f16(%a: tensor<4xf16>) -> tensor<2x2xf16> {
  %0 = graph.reshape %a : tensor<4xf16> -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}
func.func @r_i1(%a: tensor<2x2xi1>) -> tensor<4xi1> {
  %0 = graph.reshape %a : tensor<2x2xi1> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// RUN: xrun %s --function=r_empty --input="0x4xf32=" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 4x0xf32=[][][][]
func.func @r_empty(%a: tensor<0x4xf32>) -> tensor<4x0xf32> {
  %0 = graph.reshape %a : tensor<0x4xf32> -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}

// A dynamic dim that keeps its size: ?x4 -> ?x2x2, fed 2 rows then 0.
// RUN: xrun %s --function=r_dyn --input="2x4xi32=[1 2 3 4][5 6 7 8]" | xcheck %s --check-prefix=DYN2 --match-full-lines
// DYN2: 2x2x2xi32={{\[\[}}1 2][3 4]]{{\[\[}}5 6][7 8]]
// RUN: xrun %s --function=r_dyn --input="0x4xi32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0x2x2xi32=
func.func @r_dyn(%a: tensor<?x4xi32>) -> tensor<?x2x2xi32> {
  %0 = graph.reshape %a : tensor<?x4xi32> -> tensor<?x2x2xi32>
  return %0 : tensor<?x2x2xi32>
}
