// REQUIRES: vulkan
// The elementwise ops for ONNX (abs, sqrt, min, log, erf, sigmoid, pow,
// select, cast, compare, xor, not) on the vulkan backend, as the reference
// computes them (printed to 6 digits); i1 tensors are byte buffers
// (storageBuffer8BitAccess), i1 arithmetic is on bools (true is -1:
// add is xor, max and, min or). @vec4 runs the 4-lane form.

// RUN: xrun %s --function=unary --target-device=vulkan --device=vulkan --input="11xf32=0 1 -1 -0 0.5 nan inf -inf 1e-30 3.5 2.718282" | xcheck %s --check-prefix=U --match-full-lines
// U:      EXEC @unary
// U-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// U-NEXT: 11xf32=0 1 1 0 0.5 {{-?}}NAN INF INF 1E-30 3.5 2.71828
// U-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// U-NEXT: 11xf32=0 1 {{-?}}NAN -0 0.707107 {{-?}}NAN INF {{-?}}NAN 1E-15 1.87083 1.64872
// U-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// U-NEXT: 11xf32=-INF 0 {{-?}}NAN -INF -0.693147 {{-?}}NAN INF {{-?}}NAN -69.0776 1.25276 1
// U-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// U-NEXT: 11xf32=0 0.842701 -0.842701 -0 0.5205 {{-?}}NAN 1 -1 1.12838E-30 0.999999 0.999879
// U-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// U-NEXT: 11xf32=0.5 0.731059 0.268941 0.5 0.622459 {{-?}}NAN 1 0 0.5 0.970688 0.938097
// RUN: xrun %s --function=binary --target-device=vulkan --device=vulkan --input="14xf32=-2 -2 -2 -0 -0 0 -inf -inf -1 -1 1 nan 0.5 2" --input="14xf32=3 2 0.5 -1 3 -2 0.5 -3 inf nan nan 0 -inf 0.5" | xcheck %s --check-prefix=B --match-full-lines
// B:      EXEC @binary
// B-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// B-NEXT: 14xf32=-2 -2 -2 -1 -0 -2 -INF -INF -1 {{-?}}NAN {{-?}}NAN {{-?}}NAN -INF 0.5
// B-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// B-NEXT: 14xf32=-8 4 {{-?}}NAN -INF -0 INF INF -0 1 {{-?}}NAN 1 1 INF 1.41421
// RUN: xrun %s --function=where --target-device=vulkan --device=vulkan --input="2x5xf32=[1 2 3 nan 5][-1 -2 -3 -4 0]" --input="2x5xf32=[5 4 3 2 nan][0 0 0 0 -0]" | xcheck %s --check-prefix=W --match-full-lines
// W:      EXEC @where
// W-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// W-NEXT: 2x5xf32=[5 4 3 2 {{-?}}NAN][0 0 0 0 -0]
// W-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// W-NEXT: 2x5xf32=[1 1 0 0 0][1 1 1 1 0]
// RUN: xrun %s --function=casts --target-device=vulkan --device=vulkan --input="9xf32=-2.7 2.7 -0.5 1e10 -1e10 nan inf -0 3" | xcheck %s --check-prefix=C --match-full-lines
// C:      EXEC @casts
// C-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// C-NEXT: 9xi32=-2 2 0 2147483647 -2147483648 0 2147483647 0 3
// C-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// C-NEXT: 9xi64=-2 2 0 10000000000 -10000000000 0 9223372036854775807 0 3
// C-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// C-NEXT: 9xf64=-2.7 2.7 -0.5 1E+10 -1E+10 {{-?}}NAN INF -0 3
// C-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// C-NEXT: 9xf32=1 1 1 1 1 1 1 0 1
// RUN: xrun %s --function=ints --target-device=vulkan --device=vulkan --input="6xi32=-5 5 -2147483648 0 7 -1" --input="6xi32=3 3 0 0 -7 2" | xcheck %s --check-prefix=I --match-full-lines
// I:      EXEC @ints
// I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I-NEXT: 6xi32=5 5 -2147483648 0 7 1
// I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I-NEXT: 6xi32=-5 3 -2147483648 0 -7 -1
// I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I-NEXT: 6xf32=-5 5 -2.14748E+09 0 7 -1
// I-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// I-NEXT: 6xi32=0 1 0 1 1 0
// RUN: xrun %s --function=masks --target-device=vulkan --device=vulkan --input="9xi1=1 0 1 0 1 0 1 1 0" --input="9xf32=1 2 nan 4 -0 6 inf 8 9" --input="9xf32=-1 3 -3 nan -5 -0 -7 9 -9" | xcheck %s --check-prefix=M --match-full-lines
// M:      EXEC @masks
// M-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// M-NEXT: 9xf32=1 3 {{-?}}NAN {{-?}}NAN -0 -0 INF 8 -9
// M-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// M-NEXT: 9xi1=0 0 0 0 0 0 0 1 0
// M-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// M-NEXT: 9xi32=0 1 0 0 0 0 0 1 0
// RUN: xrun %s --function=bools --target-device=vulkan --device=vulkan --input="3x4xi1=[0 0 1 1][1 0 1 0][1 1 1 1]" --input="3x4xi1=[0 1 0 1][1 1 1 0][1 1 1 1]" | xcheck %s --check-prefix=BOOL --match-full-lines
// BOOL:      EXEC @bools
// BOOL-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BOOL-NEXT: 3x4xi1=[0 1 1 0][0 1 0 0][0 0 0 0]
// BOOL-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BOOL-NEXT: 3x4xi1=[0 0 0 1][1 0 1 0][1 1 1 1]
// BOOL-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BOOL-NEXT: 3x4xi1=[0 1 1 1][1 1 1 0][1 1 1 1]
// BOOL-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BOOL-NEXT: 3xi1=0 0 1
// BOOL-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// BOOL-NEXT: 3xi1=0 1 0
// RUN: xrun %s --function=vec4 --target-device=vulkan --device=vulkan --input="3x8xf32=[1 2 3 4 5 6 7 8][-1 -2 -3 -4 -5 -6 -7 -8][0 -0 9 16 nan 0.25 100 2]" --input="3x8xf32=[0 1 2 3 4 5 6 7][1 1 1 1 1 1 1 1][-9 -16 -25 0 1 nan 3 4]" | xcheck %s --check-prefix=V --match-full-lines
// V:      EXEC @vec4
// V-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// V-NEXT: 3x8xf32=[0 1 2 3 4 5 6 7][1 1.41421 1.73205 2 2.23607 2.44949 2.64575 2.82843][-9 -16 -25 0 1 {{-?}}NAN 3 1.41421]

func.func @unary(%a: tensor<11xf32>) -> (tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>) {
  %0 = graph.abs %a : tensor<11xf32>
  %1 = graph.sqrt %a : tensor<11xf32>
  %2 = graph.log %a : tensor<11xf32>
  %3 = graph.erf %a : tensor<11xf32>
  %4 = graph.sigmoid %a : tensor<11xf32>
  return %0, %1, %2, %3, %4 : tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>, tensor<11xf32>
}
func.func @binary(%a: tensor<14xf32>, %b: tensor<14xf32>) -> (tensor<14xf32>, tensor<14xf32>) {
  %0 = graph.min %a, %b : tensor<14xf32>
  %1 = graph.pow %a, %b : tensor<14xf32>
  return %0, %1 : tensor<14xf32>, tensor<14xf32>
}
func.func @where(%a: tensor<2x5xf32>, %b: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
  %c = graph.compare gt, %a, %b : tensor<2x5xf32> -> tensor<2x5xi1>
  %0 = graph.select %c, %a, %b : tensor<2x5xi1>, tensor<2x5xf32>
  %n = graph.compare ne, %a, %b : tensor<2x5xf32> -> tensor<2x5xi1>
  %l = graph.compare le, %a, %b : tensor<2x5xf32> -> tensor<2x5xi1>
  %x = graph.xor %n, %l : tensor<2x5xi1>
  %y = graph.not %x : tensor<2x5xi1>
  %1 = graph.cast %y : tensor<2x5xi1> -> tensor<2x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x5xf32>
}
func.func @casts(%a: tensor<9xf32>) -> (tensor<9xi32>, tensor<9xi64>, tensor<9xf64>, tensor<9xf32>) {
  %0 = graph.cast %a : tensor<9xf32> -> tensor<9xi32>
  %1 = graph.cast %a : tensor<9xf32> -> tensor<9xi64>
  %2 = graph.cast %a : tensor<9xf32> -> tensor<9xf64>
  %b = graph.cast %a : tensor<9xf32> -> tensor<9xi1>
  %3 = graph.cast %b : tensor<9xi1> -> tensor<9xf32>
  return %0, %1, %2, %3 : tensor<9xi32>, tensor<9xi64>, tensor<9xf64>, tensor<9xf32>
}
func.func @ints(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi32>) {
  %0 = graph.abs %a : tensor<6xi32>
  %1 = graph.min %a, %b : tensor<6xi32>
  %2 = graph.cast %a : tensor<6xi32> -> tensor<6xf32>
  %c = graph.compare ge, %a, %b : tensor<6xi32> -> tensor<6xi1>
  %3 = graph.cast %c : tensor<6xi1> -> tensor<6xi32>
  return %0, %1, %2, %3 : tensor<6xi32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi32>
}
func.func @masks(%c: tensor<9xi1>, %a: tensor<9xf32>, %b: tensor<9xf32>) -> (tensor<9xf32>, tensor<9xi1>, tensor<9xi32>) {
  %0 = graph.select %c, %a, %b : tensor<9xi1>, tensor<9xf32>
  %l = graph.compare lt, %a, %b : tensor<9xf32> -> tensor<9xi1>
  %1 = graph.and %c, %l : tensor<9xi1>
  %2 = graph.cast %l : tensor<9xi1> -> tensor<9xi32>
  return %0, %1, %2 : tensor<9xf32>, tensor<9xi1>, tensor<9xi32>
}
func.func @bools(%a: tensor<3x4xi1>, %b: tensor<3x4xi1>) -> (tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3xi1>, tensor<3xi1>) {
  %0 = graph.add %a, %b : tensor<3x4xi1>
  %1 = graph.max %a, %b : tensor<3x4xi1>
  %2 = graph.min %a, %b : tensor<3x4xi1>
  %3 = graph.reduce_max %a axes = [1] : tensor<3x4xi1> -> tensor<3xi1>
  %4 = graph.reduce_sum %b axes = [1] : tensor<3x4xi1> -> tensor<3xi1>
  return %0, %1, %2, %3, %4 : tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3xi1>, tensor<3xi1>
}
func.func @vec4(%a: tensor<3x8xf32>, %b: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %0 = graph.min %a, %b : tensor<3x8xf32>
  %1 = graph.abs %0 : tensor<3x8xf32>
  %2 = graph.sqrt %1 : tensor<3x8xf32>
  %c = graph.compare lt, %a, %b : tensor<3x8xf32> -> tensor<3x8xi1>
  %3 = graph.select %c, %2, %b : tensor<3x8xi1>, tensor<3x8xf32>
  return %3 : tensor<3x8xf32>
}
