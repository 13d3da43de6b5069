// graph.erf run end to end: odd, erf(+-inf) = +-1, NaN stays NaN, relative
// accuracy for tiny arguments (erf(x) ~ 2x/sqrt(pi)), 1 from about 3.92 up.

// RUN: xrun %s --function=erf_f32 --input="11xf32=0 1 -1 -0 0.5 nan inf -inf 1e-30 3.5 4" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=erf_f32 --device=reference --input="11xf32=0 1 -1 -0 0.5 nan inf -inf 1e-30 3.5 4" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @erf_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 11xf32=0 0.842701 -0.842701 -0 0.5205 {{-?}}NAN 1 -1 1.12838E-30 0.999999 1
// RUN: xrun %s --function=erf_f64 --input="3xf64=1e-300 2 -6" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=erf_f64 --device=reference --input="3xf64=1e-300 2 -6" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @erf_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=1.12838E-300 0.995322 -1

func.func @erf_f32(%a: tensor<11xf32>) -> tensor<11xf32> {
  %0 = graph.erf %a : tensor<11xf32>
  return %0 : tensor<11xf32>
}
func.func @erf_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.erf %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
