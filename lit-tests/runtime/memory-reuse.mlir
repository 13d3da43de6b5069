// Intermediates whose slab bytes the memory plan may reuse: a chain of
// matmuls (each anchors its own dispatch) where an early result is read
// again at the end, a value read by three later ops, and a result returned
// next to values computed after it. With w = [[0 2][2 0]] (swap the columns,
// double), x = [[1 2][3 4]]:
//   m1 = x w  = [[4 2][8 6]]      m2 = m1 w = [[4 8][12 16]]
//   m3 = m2 w = [[16 8][32 24]]   m4 = m3 w = [[16 32][48 64]]
//   s = m1 + m3 = [[20 10][40 30]];  t = s + m1 = [[24 12][48 36]]
// On one device, on two (each matmul on the other device), repeated.

// RUN: xrun %s --function=chain --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[0 2][2 0]" | xcheck %s --match-full-lines
// RUN: xrun %s --function=chain --repeat=3 --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[0 2][2 0]" 2>/dev/null | xcheck %s --match-full-lines
// CHECK:      EXEC @chain
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 2x2xf32=[24 12][48 36]
// CHECK-NEXT: result[1]: hal.buffer_view
// CHECK-NEXT: 2x2xf32=[4 8][12 16]
// CHECK-NEXT: result[2]: hal.buffer_view
// CHECK-NEXT: 2x2xf32=[16 32][48 64]
// CHECK-EMPTY:
func.func @chain(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %m1 = graph.matmul %x, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %m2 = graph.matmul %m1, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %m3 = graph.matmul %m2, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %m4 = graph.matmul %m3, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %s = graph.add %m1, %m3 : tensor<2x2xf32>
  %t = graph.add %s, %m1 : tensor<2x2xf32>
  return %t, %m2, %m4 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// RUN: xrun %S/Inputs/chain-two-devices.mlir --device-plan=auto-transfer=true --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[0 2][2 0]" | xcheck %s --check-prefix=TWO --match-full-lines
// RUN: xrun %S/Inputs/chain-two-devices.mlir --device-plan=auto-transfer=true --repeat=3 --input="2x2xf32=[1 2][3 4]" --input="2x2xf32=[0 2][2 0]" 2>/dev/null | xcheck %s --check-prefix=TWO --match-full-lines
// TWO:      EXEC @chain
// TWO-NEXT: result[0]: hal.buffer_view
// TWO-NEXT: 2x2xf32=[24 12][48 36]
// TWO-NEXT: result[1]: hal.buffer_view
// TWO-NEXT: 2x2xf32=[4 8][12 16]
// TWO-NEXT: result[2]: hal.buffer_view
// TWO-NEXT: 2x2xf32=[16 32][48 64]
