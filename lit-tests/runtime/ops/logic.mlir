// graph.and, graph.or, graph.xor, graph.not on i1 run end to end (every
// combination), and fused with a compare.

// RUN: xrun %s --function=logic --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=L --match-full-lines
// RUN: xrun %s --function=logic --device=reference --input="4xi1=0 0 1 1" --input="4xi1=0 1 0 1" | xcheck %s --check-prefix=L --match-full-lines
// L:      EXEC @logic
// L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// L-NEXT: 4xi1=0 0 0 1
// L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// L-NEXT: 4xi1=0 1 1 1
// L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// L-NEXT: 4xi1=0 1 1 0
// L-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// L-NEXT: 4xi1=1 1 0 0
// RUN: xrun %s --function=in_range --input="6xf32=0 1 2 3 nan 1.5" --input="6xf32=1" --input="6xf32=3" | xcheck %s --check-prefix=R --match-full-lines
// RUN: xrun %s --function=in_range --device=reference --input="6xf32=0 1 2 3 nan 1.5" --input="6xf32=1" --input="6xf32=3" | xcheck %s --check-prefix=R --match-full-lines
// R:      EXEC @in_range
// R-NEXT: result[{{[0-9]+}}]: hal.buffer_view
// R-NEXT: 6xi1=1 0 0 1 1 0

func.func @logic(%a: tensor<4xi1>, %b: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = graph.and %a, %b : tensor<4xi1>
  %1 = graph.or %a, %b : tensor<4xi1>
  %2 = graph.xor %a, %b : tensor<4xi1>
  %3 = graph.not %a : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}
func.func @in_range(%x: tensor<6xf32>, %lo: tensor<6xf32>, %hi: tensor<6xf32>) -> tensor<6xi1> {
  %0 = graph.compare ge, %x, %lo : tensor<6xf32> -> tensor<6xi1>
  %1 = graph.compare lt, %x, %hi : tensor<6xf32> -> tensor<6xi1>
  %2 = graph.and %0, %1 : tensor<6xi1>
  %3 = graph.not %2 : tensor<6xi1>
  return %3 : tensor<6xi1>
}
