// graph.tanh run end to end: odd (tanh(-0) = -0), saturates to ±1, tiny
// inputs pass through, NaN stays NaN; f64, f16 and bf16 round to their type.

// RUN: xrun %s --function=tanh_f32 --input="9xf32=0 1 -1 20 0.5 -0.25 1e-5 -0 -inf" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @tanh_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 9xf32=0 0.761594 -0.761594 1 0.462117 -0.244919 1E-05 -0 -1
// RUN: xrun %s --function=tanh_f32 --input="9xf32=nan" | xcheck %s --check-prefix=NAN --match-full-lines
// NAN: 9xf32=NAN NAN NAN NAN NAN NAN NAN NAN NAN
func.func @tanh_f32(%a: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.tanh %a : tensor<9xf32>
  return %0 : tensor<9xf32>
}

// RUN: xrun %s --function=tanh_f64 --input="3xf64=1 -3 0.001" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 3xf64=0.761594 -0.995055 0.001
// RUN: xrun %s --function=tanh_f16 --input="2xf16=1 0.5" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 2xf16=0.761719 0.462158
// RUN: xrun %s --function=tanh_bf16 --input="2xbf16=1 0.5" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 2xbf16=0.761719 0.462891
func.func @tanh_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.tanh %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @tanh_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  %0 = graph.tanh %a : tensor<2xf16>
  return %0 : tensor<2xf16>
}
func.func @tanh_bf16(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = graph.tanh %a : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// 2-D with a dynamic dim.
// RUN: xrun %s --function=tanh_dyn --input="2x3xf32=[0 1 -1][2 -2 3]" | xcheck %s --check-prefix=DYN --match-full-lines
// DYN: 2x3xf32=[0 0.761594 -0.761594][0.964028 -0.964028 0.995055]
func.func @tanh_dyn(%a: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = graph.tanh %a : tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
