// graph.compare run end to end: eq ne lt le gt ge. Floats compare ordered
// (a NaN gives false, except ne gives true; -0 == 0); integers signed.

// RUN: xrun %s --function=cmp_f32 --input="7xf32=1 2 3 nan -0 -inf 5" --input="7xf32=2 2 1 1 0 -inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// RUN: xrun %s --function=cmp_f32 --device=reference --input="7xf32=1 2 3 nan -0 -inf 5" --input="7xf32=2 2 1 1 0 -inf nan" | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @cmp_f32
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=0 1 0 0 1 1 0
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=1 0 1 1 0 0 1
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=1 0 0 0 0 0 0
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=1 1 0 0 1 1 0
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=0 0 1 0 0 0 0
// F32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F32-NEXT: 7xi1=0 1 1 0 1 1 0
// RUN: xrun %s --function=cmp_i32 --input="5xi32=-1 2 -2147483648 7 0" --input="5xi32=1 2 2147483647 -7 0" | xcheck %s --check-prefix=I32 --match-full-lines
// RUN: xrun %s --function=cmp_i32 --device=reference --input="5xi32=-1 2 -2147483648 7 0" --input="5xi32=1 2 2147483647 -7 0" | xcheck %s --check-prefix=I32 --match-full-lines
// I32:      EXEC @cmp_i32
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=0 1 0 0 1
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=1 0 1 1 0
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=1 0 1 0 0
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=1 1 1 0 1
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=0 0 0 1 0
// I32-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I32-NEXT: 5xi1=0 1 0 1 1
// RUN: xrun %s --function=cmp_f64 --input="3xf64=1e-300 nan -1" --input="3xf64=0 0 -1" | xcheck %s --check-prefix=F64 --match-full-lines
// RUN: xrun %s --function=cmp_f64 --device=reference --input="3xf64=1e-300 nan -1" --input="3xf64=0 0 -1" | xcheck %s --check-prefix=F64 --match-full-lines
// F64:      EXEC @cmp_f64
// F64-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// F64-NEXT: 3xi1=0 0 1

func.func @cmp_f32(%a: tensor<7xf32>, %b: tensor<7xf32>) -> (tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>) {
  %0 = graph.compare eq, %a, %b : tensor<7xf32> -> tensor<7xi1>
  %1 = graph.compare ne, %a, %b : tensor<7xf32> -> tensor<7xi1>
  %2 = graph.compare lt, %a, %b : tensor<7xf32> -> tensor<7xi1>
  %3 = graph.compare le, %a, %b : tensor<7xf32> -> tensor<7xi1>
  %4 = graph.compare gt, %a, %b : tensor<7xf32> -> tensor<7xi1>
  %5 = graph.compare ge, %a, %b : tensor<7xf32> -> tensor<7xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>, tensor<7xi1>
}
func.func @cmp_i32(%a: tensor<5xi32>, %b: tensor<5xi32>) -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  %0 = graph.compare eq, %a, %b : tensor<5xi32> -> tensor<5xi1>
  %1 = graph.compare ne, %a, %b : tensor<5xi32> -> tensor<5xi1>
  %2 = graph.compare lt, %a, %b : tensor<5xi32> -> tensor<5xi1>
  %3 = graph.compare le, %a, %b : tensor<5xi32> -> tensor<5xi1>
  %4 = graph.compare gt, %a, %b : tensor<5xi32> -> tensor<5xi1>
  %5 = graph.compare ge, %a, %b : tensor<5xi32> -> tensor<5xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}
func.func @cmp_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xi1> {
  %0 = graph.compare le, %a, %b : tensor<3xf64> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}
