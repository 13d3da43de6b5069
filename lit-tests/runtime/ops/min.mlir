// graph.min run end to end. Floats mirror arith.maximumf: a NaN on either
// side gives NaN, -0 is less than +0, -INF wins. Integers compare signed
// (i1 true is -1, so min(true, false) is true).

// RUN: xrun %s --function=min_f32 --input="9xf32=1 -1 nan 0 -0 inf 2 5 -3" --input="9xf32=2 -2 1 -0 0 -inf nan 5 7" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=min_f32 --device=reference --input="9xf32=1 -1 nan 0 -0 inf 2 5 -3" --input="9xf32=2 -2 1 -0 0 -inf nan 5 7" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @min_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=1 -2 {{-?}}NAN -0 -0 -INF {{-?}}NAN 5 -3
// RUN: xrun %s --function=min_f64 --input="3xf64=1e-300 -inf nan" --input="3xf64=0 -1e308 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=min_f64 --device=reference --input="3xf64=1e-300 -inf nan" --input="3xf64=0 -1e308 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @min_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=0 -INF {{-?}}NAN
// RUN: xrun %s --function=min_i32 --input="5xi32=-1 1 -2147483648 2147483647 0" --input="5xi32=1 -1 -2147483647 0 0" | xcheck %s --check-prefix=I32 --match-full-lines
// RUN: xrun %s --function=min_i32 --device=reference --input="5xi32=-1 1 -2147483648 2147483647 0" --input="5xi32=1 -1 -2147483647 0 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32:      EXEC @min_i32
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi32=-1 -1 -2147483648 0 0
// RUN: xrun %s --function=min_i1 --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// RUN: xrun %s --function=min_i1 --device=reference --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=I1 --match-full-lines
// I1:      EXEC @min_i1
// I1-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I1-NEXT: 4xi1=0 1 1 1

func.func @min_f32(%a: tensor<9xf32>, %b: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.min %a, %b : tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @min_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.min %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @min_i32(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = graph.min %a, %b : tensor<5xi32>
  return %0 : tensor<5xi32>
}
func.func @min_i1(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = graph.min %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}
