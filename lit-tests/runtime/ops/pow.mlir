// graph.pow run end to end with C's pow: a negative base with an integral
// exponent (odd: negative), with another exponent NaN; pow(x, 0) = 1 even
// for NaN; pow(1, y) = 1 even for NaN; pow(-1, +-inf) = 1; pow(+-0, y < 0)
// is inf (-inf for -0 and an odd y); pow(-inf, y).

// RUN: xrun %s --function=pow_f32 --input="14xf32=-2 -2 -2 -0 -0 0 -inf -inf -1 -1 1 nan 0.5 2" --input="14xf32=3 2 0.5 -1 3 -2 0.5 -3 inf nan nan 0 -inf 0.5" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=pow_f32 --device=reference --input="14xf32=-2 -2 -2 -0 -0 0 -inf -inf -1 -1 1 nan 0.5 2" --input="14xf32=3 2 0.5 -1 3 -2 0.5 -3 inf nan nan 0 -inf 0.5" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @pow_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 14xf32=-8 4 {{-?}}NAN -INF -0 INF INF -0 1 {{-?}}NAN 1 1 INF 1.41421
// RUN: xrun %s --function=pow_f64 --input="3xf64=10 -3 2" --input="3xf64=-300 3 0.5" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=pow_f64 --device=reference --input="3xf64=10 -3 2" --input="3xf64=-300 3 0.5" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @pow_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=1E-300 -27 1.41421

func.func @pow_f32(%a: tensor<14xf32>, %b: tensor<14xf32>) -> tensor<14xf32> {
  %0 = graph.pow %a, %b : tensor<14xf32>
  return %0 : tensor<14xf32>
}
func.func @pow_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.pow %a, %b : tensor<3xf64>
  return %0 : tensor<3xf64>
}
