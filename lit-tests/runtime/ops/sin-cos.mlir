// graph.sin and graph.cos run end to end on local and the reference: sin
// keeps -0, tiny arguments give x (sin) or 1 (cos), the f32 nearest pi/2
// and pi, arguments up to 1e5 on local's fast path, 1e6 and beyond (and
// ±inf, NaN) through the host's sin/cos (±inf gives NaN; its sign is the
// host's). 14 elements: three 4-lane vectors and a scalar tail.

// RUN: xrun %s --function=sin_f32 --input="14xf32=0 -0 1 -1 1.5707964 3.1415927 100 -100000 1e6 1e30 inf -inf nan 1e-30" | xcheck %s --check-prefix=SIN32 --match-full-lines
// RUN: xrun %s --function=sin_f32 --device=reference --input="14xf32=0 -0 1 -1 1.5707964 3.1415927 100 -100000 1e6 1e30 inf -inf nan 1e-30" | xcheck %s --check-prefix=SIN32 --match-full-lines
// SIN32:      EXEC @sin_f32
// SIN32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// SIN32-NEXT: 14xf32=0 -0 0.841471 -0.841471 1 -8.74228E-08 -0.506366 -0.0357488 -0.349993 -0.791163 {{-?}}NAN {{-?}}NAN NAN 1E-30
// RUN: xrun %s --function=cos_f32 --input="14xf32=0 -0 1 -1 1.5707964 3.1415927 100 -100000 1e6 1e30 inf -inf nan 1e-30" | xcheck %s --check-prefix=COS32 --match-full-lines
// RUN: xrun %s --function=cos_f32 --device=reference --input="14xf32=0 -0 1 -1 1.5707964 3.1415927 100 -100000 1e6 1e30 inf -inf nan 1e-30" | xcheck %s --check-prefix=COS32 --match-full-lines
// COS32:      EXEC @cos_f32
// COS32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// COS32-NEXT: 14xf32=1 1 0.540302 0.540302 -4.37114E-08 -1 0.862319 -0.999361 0.936752 -0.611605 {{-?}}NAN {{-?}}NAN NAN 1

// f64: the same paths; sin(pi) is pi's own error, 1e22 is reduced exactly.
// RUN: xrun %s --function=sin_f64 --input="6xf64=1 -0 1e-300 3.141592653589793 1e22 inf" | xcheck %s --check-prefix=SIN64 --match-full-lines
// RUN: xrun %s --function=sin_f64 --device=reference --input="6xf64=1 -0 1e-300 3.141592653589793 1e22 inf" | xcheck %s --check-prefix=SIN64 --match-full-lines
// SIN64: 6xf64=0.841471 -0 1E-300 1.22465E-16 -0.852201 {{-?}}NAN
// RUN: xrun %s --function=cos_f64 --input="6xf64=1 -0 1e-300 3.141592653589793 1e22 inf" | xcheck %s --check-prefix=COS64 --match-full-lines
// RUN: xrun %s --function=cos_f64 --device=reference --input="6xf64=1 -0 1e-300 3.141592653589793 1e22 inf" | xcheck %s --check-prefix=COS64 --match-full-lines
// COS64: 6xf64=0.540302 1 1 -1 0.523215 {{-?}}NAN

// f16 and bf16 are computed in f32 and rounded once.
// RUN: xrun %s --function=sin_f16 --input="4xf16=1 -2 100 0.001" | xcheck %s --check-prefix=F16 --match-full-lines
// RUN: xrun %s --function=sin_f16 --device=reference --input="4xf16=1 -2 100 0.001" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 4xf16=0.841309 -0.90918 -0.506348 0.0010004
// RUN: xrun %s --function=cos_bf16 --input="4xbf16=1 -2 100 1e10" | xcheck %s --check-prefix=BF16 --match-full-lines
// RUN: xrun %s --function=cos_bf16 --device=reference --input="4xbf16=1 -2 100 1e10" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 4xbf16=0.539062 -0.416016 0.863281 0.300781

func.func @sin_f32(%a: tensor<14xf32>) -> tensor<14xf32> {
  %0 = graph.sin %a : tensor<14xf32>
  return %0 : tensor<14xf32>
}
func.func @cos_f32(%a: tensor<14xf32>) -> tensor<14xf32> {
  %0 = graph.cos %a : tensor<14xf32>
  return %0 : tensor<14xf32>
}
func.func @sin_f64(%a: tensor<6xf64>) -> tensor<6xf64> {
  %0 = graph.sin %a : tensor<6xf64>
  return %0 : tensor<6xf64>
}
func.func @cos_f64(%a: tensor<6xf64>) -> tensor<6xf64> {
  %0 = graph.cos %a : tensor<6xf64>
  return %0 : tensor<6xf64>
}
func.func @sin_f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %0 = graph.sin %a : tensor<4xf16>
  return %0 : tensor<4xf16>
}
func.func @cos_bf16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = graph.cos %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
