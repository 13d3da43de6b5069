// graph.sigmoid run end to end: 1 / (1 + e^-x); sigmoid(-inf) = 0,
// sigmoid(inf) = 1, NaN stays NaN, tiny values round to 0.5.

// RUN: xrun %s --function=sigmoid_f32 --input="9xf32=0 1 -1 -0 20 -100 inf -inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=sigmoid_f32 --device=reference --input="9xf32=0 1 -1 -0 20 -100 inf -inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @sigmoid_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=0.5 0.731059 0.268941 0.5 1 3.78351E-44 1 0 {{-?}}NAN
// RUN: xrun %s --function=sigmoid_f64 --input="3xf64=2 -700 1e-20" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=sigmoid_f64 --device=reference --input="3xf64=2 -700 1e-20" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @sigmoid_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=0.880797 9.85968E-305 0.5

func.func @sigmoid_f32(%a: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.sigmoid %a : tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @sigmoid_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.sigmoid %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
