// graph.select run end to end: the condition picks each element (any
// element type, NaN and -0 pass through unchanged); a condition computed in
// the same kernel (a compare) fuses with it.

// RUN: xrun %s --function=select_f32 --input="9xi1=1 0 1 0 1 0 1 0 1" --input="9xf32=1 2 nan 4 -0 6 inf 8 9" --input="9xf32=-1 -2 -3 nan -5 -0 -7 -inf -9" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=select_f32 --device=reference --input="9xi1=1 0 1 0 1 0 1 0 1" --input="9xf32=1 2 nan 4 -0 6 inf 8 9" --input="9xf32=-1 -2 -3 nan -5 -0 -7 -inf -9" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @select_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=1 -2 {{-?}}NAN {{-?}}NAN -0 -0 INF -INF 9
// RUN: xrun %s --function=select_i64 --input="3xi1=0 1 0" --input="3xi64=1 2 3" --input="3xi64=-9223372036854775808 -2 9223372036854775807" | xcheck %s --check-prefix=I64 --match-full-lines
// RUN: xrun %s --function=select_i64 --device=reference --input="3xi1=0 1 0" --input="3xi64=1 2 3" --input="3xi64=-9223372036854775808 -2 9223372036854775807" | xcheck %s --check-prefix=I64 --match-full-lines
// I64:      EXEC @select_i64
// I64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I64-NEXT: 3xi64=-9223372036854775808 2 9223372036854775807
// RUN: xrun %s --function=select_i1 --input="4xi1=0 0 1 1" --input="4xi1=1 0 1 0" --input="4xi1=0 1 1 0" | xcheck %s --check-prefix=I1 --match-full-lines
// RUN: xrun %s --function=select_i1 --device=reference --input="4xi1=0 0 1 1" --input="4xi1=1 0 1 0" --input="4xi1=0 1 1 0" | xcheck %s --check-prefix=I1 --match-full-lines
// I1:      EXEC @select_i1
// I1-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I1-NEXT: 4xi1=0 1 1 0
// RUN: xrun %s --function=where_max --input="2x5xf32=[1 2 3 nan 5][-1 -2 -3 -4 0]" --input="2x5xf32=[5 4 3 2 nan][0 0 0 0 -0]" | xcheck %s --check-prefix=WHERE --match-full-lines
// RUN: xrun %s --function=where_max --device=reference --input="2x5xf32=[1 2 3 nan 5][-1 -2 -3 -4 0]" --input="2x5xf32=[5 4 3 2 nan][0 0 0 0 -0]" | xcheck %s --check-prefix=WHERE --match-full-lines
// WHERE:      EXEC @where_max
// WHERE-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// WHERE-NEXT: 2x5xf32=[5 4 3 2 {{-?}}NAN][0 0 0 0 -0]

func.func @select_f32(%c: tensor<9xi1>, %a: tensor<9xf32>, %b: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.select %c, %a, %b : tensor<9xi1>, tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @select_i64(%c: tensor<3xi1>, %a: tensor<3xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %0 = graph.select %c, %a, %b : tensor<3xi1>, tensor<3xi64>
  return %0 : tensor<3xi64>
}
func.func @select_i1(%c: tensor<4xi1>, %a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.select %c, %a, %b : tensor<4xi1>, tensor<4xi1>
  return %0 : tensor<4xi1>
}
func.func @where_max(%a: tensor<2x5xf32>, %b: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %c = graph.compare gt, %a, %b : tensor<2x5xf32> -> tensor<2x5xi1>
  %0 = graph.select %c, %a, %b : tensor<2x5xi1>, tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
