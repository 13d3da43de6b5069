// graph.log run end to end: log(0) = -inf, log(1) = 0, negative and NaN
// give NaN, log(inf) = inf, subnormals have a finite log.

// RUN: xrun %s --function=log_f32 --input="9xf32=0 1 -1 -0 2.718282 nan inf 1e-45 1.0001" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=log_f32 --device=reference --input="9xf32=0 1 -1 -0 2.718282 nan inf 1e-45 1.0001" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @log_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 9xf32=-INF 0 {{-?}}NAN -INF 1 {{-?}}NAN INF -103.279 0.000100012
// RUN: xrun %s --function=log_f64 --input="3xf64=10 1e-310 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=log_f64 --device=reference --input="3xf64=10 1e-310 -inf" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @log_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xf64=2.30259 -713.801 {{-?}}NAN
// RUN: xrun %s --function=log_f16 --input="2xf16=2 65504" | xcheck %s --check-prefix=F16 --match-full-lines
// RUN: xrun %s --function=log_f16 --device=reference --input="2xf16=2 65504" | xcheck %s --check-prefix=F16 --match-full-lines
// F16:      EXEC @log_f16
// F16-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F16-NEXT: 2xf16=0.693359 11.0938

func.func @log_f32(%a: tensor<9xf32>) -> tensor<9xf32> {
  %0 = graph.log %a : tensor<9xf32>
  return %0 : tensor<9xf32>
}
func.func @log_f64(%a: tensor<3xf64>) -> tensor<3xf64> {
  %0 = graph.log %a : tensor<3xf64>
  return %0 : tensor<3xf64>
}
func.func @log_f16(%a: tensor<2xf16>) -> tensor<2xf16> {
  %0 = graph.log %a : tensor<2xf16>
  return %0 : tensor<2xf16>
}
