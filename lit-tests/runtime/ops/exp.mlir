// graph.exp run end to end: correctly rounded in each float type, overflow to
// INF, underflow to a subnormal or 0, exp(-INF) = 0, NaN stays NaN.

// RUN: xrun %s --function=exp_f32 --input="7xf32=0 1 -1 88.7 89 -103 -inf" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @exp_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 7xf32=1 2.71828 0.367879 3.32598E+38 INF 1.4013E-45 0
// RUN: xrun %s --function=exp_f32 --input="7xf32=[nan inf 0.5 1e-5 -0 -200 10]" | xcheck %s --check-prefix=F32B --match-full-lines
// F32B: 7xf32=NAN INF 1.64872 1.00001 1 0 22026.5
func.func @exp_f32(%a: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.exp %a : tensor<7xf32>
  return %0 : tensor<7xf32>
}

// RUN: xrun %s --function=exp_f64 --input="5xf64=1 -800 709 0.1 710" | xcheck %s --check-prefix=F64 --match-full-lines
// F64: 5xf64=2.71828 0 8.21841E+307 1.10517 INF
// f16: exp(11) = 59874.1 rounds to 59872; exp(12) is past 65504; exp(-17)
// is the smallest subnormal.
// RUN: xrun %s --function=exp_f16 --input="5xf16=1 11 12 -17 0.5" | xcheck %s --check-prefix=F16 --match-full-lines
// F16: 5xf16=2.71875 59872 INF 5.96046E-08 1.64844
// bf16 has f32's range: exp(88) = 1.65e38 still fits.
// RUN: xrun %s --function=exp_bf16 --input="3xbf16=1 88 0.5" | xcheck %s --check-prefix=BF16 --match-full-lines
// BF16: 3xbf16=2.71875 1.65489E+38 1.64844
func.func @exp_f64(%a: tensor<5xf64>) -> tensor<5xf64> {
  %0 = graph.exp %a : tensor<5xf64>
  return %0 : tensor<5xf64>
}
func.func @exp_f16(%a: tensor<5xf16>) -> tensor<5xf16> {
  %0 = graph.exp %a : tensor<5xf16>
  return %0 : tensor<5xf16>
}
func.func @exp_bf16(%a: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = graph.exp %a : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// Rank 0 and a dynamic dim.
// RUN: xrun %s --function=exp_rank0 --input="f32=2" | xcheck %s --check-prefix=R0 --match-full-lines
// R0: f32=7.38906
// RUN: xrun %s --function=exp_dyn --input="3xf32=0 1 2" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 3xf32=1 2.71828 7.38906
// RUN: xrun %s --function=exp_dyn --input="0xf32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0xf32=
func.func @exp_rank0(%a: tensor<f32>) -> tensor<f32> {
  %0 = graph.exp %a : tensor<f32>
  return %0 : tensor<f32>
}
func.func @exp_dyn(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = graph.exp %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}
