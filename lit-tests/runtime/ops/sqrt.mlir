// graph.sqrt run end to end: correctly rounded; sqrt(-0) = -0, negative
// and NaN give NaN, sqrt(inf) = inf.

// RUN: xrun %s --function=sqrt_f32 --input="9xf32=0 1 -1 -0 2 nan inf 1e-45 1e38" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=sqrt_f32 --device=reference --input="9xf32=0 1 -1 -0 2 nan inf 1e-45 1e38" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @sqrt_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=0 1 {{-?}}NAN -0 1.41421 {{-?}}NAN INF 3.74339E-23 1E+19
// RUN: xrun %s --function=sqrt_f64 --input="3xf64=2 1e-300 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=sqrt_f64 --device=reference --input="3xf64=2 1e-300 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @sqrt_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=1.41421 1E-150 {{-?}}NAN
// RUN: xrun %s --function=sqrt_bf16 --input="2xbf16=2 9" | xcheck %s --check-prefix=BF16 --match-full-lines
// RUN: xrun %s --function=sqrt_bf16 --device=reference --input="2xbf16=2 9" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16:      EXEC @sqrt_bf16
// BF16-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BF16-NEXT: 2xbf16=1.41406 3

func.func @sqrt_f32(%a: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.sqrt %a : tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @sqrt_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.sqrt %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @sqrt_bf16(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = graph.sqrt %a : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}
