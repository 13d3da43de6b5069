// Intermediates of dynamic shape planned by scale (memory-plan's scaled
// pools, lit-tests/memory/scaled.mlir): slabs sized at run time from the
// arguments' dims, offsets in units of them. Three matmuls on x (their
// results 16 bytes per row of x, two of them live together) and row sums of
// y (4 bytes per row of y), at 0, 1, 5 and 70 rows of x and 0, 1, 3 and 67
// rows of y (past a vector, a tile and a 64-wide workgroup), on local,
// reference and vulkan. A row [1 2 3 4] of x gives
// (x·w·w·w + x·w) = [11.625 4 30 8].

// RUN: xrun %s --function=f --input="5x4xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20" --input="3x5xf32=1 -2 3 4 5 6 7 8 9 10 11 12 13 14 -15" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=FIVE --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="5x4xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20" --input="3x5xf32=1 -2 3 4 5 6 7 8 9 10 11 12 13 14 -15" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=FIVE --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="5x4xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20" --input="3x5xf32=1 -2 3 4 5 6 7 8 9 10 11 12 13 14 -15" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=FIVE --match-full-lines
// FIVE: result[0]: hal.buffer_view
// FIVE-NEXT: 4xf32=193.125 100 550 120
// FIVE-NEXT: result[1]: hal.buffer_view
// FIVE-NEXT: 3xf32=16 50 49
// RUN: xrun %s --function=f --input="70x4xf32=1" --input="1x1xf32=3" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=SEVENTY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="70x4xf32=1" --input="1x1xf32=3" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=SEVENTY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="70x4xf32=1" --input="1x1xf32=3" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=SEVENTY --match-full-lines
// SEVENTY: result[0]: hal.buffer_view
// SEVENTY-NEXT: 4xf32=236.25 140 700 140
// SEVENTY-NEXT: result[1]: hal.buffer_view
// SEVENTY-NEXT: 1xf32=6
// RUN: xrun %s --function=f --input="0x4xf32=" --input="0x3xf32=" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="0x4xf32=" --input="0x3xf32=" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="0x4xf32=" --input="0x3xf32=" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: result[0]: hal.buffer_view
// EMPTY-NEXT: 4xf32=0 0 0 0
// EMPTY-NEXT: result[1]: hal.buffer_view
// EMPTY-NEXT: 0xf32=
// RUN: xrun %s --function=f --input="1x4xf32=1 2 3 4" --input="67x2xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="1x4xf32=1 2 3 4" --input="67x2xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="1x4xf32=1 2 3 4" --input="67x2xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// ONE: result[0]: hal.buffer_view
// ONE-NEXT: 4xf32=11.625 4 30 8
// ONE-NEXT: result[1]: hal.buffer_view
// ONE-NEXT: 67xf32=3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3

func.func @f(%x: tensor<?x4xf32>, %y: tensor<?x?xf32>, %w: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<?xf32>) {
  %a = graph.matmul %x, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %b = graph.matmul %a, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %c = graph.matmul %b, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %d = graph.add %c, %a : tensor<?x4xf32>
  %t = graph.reduce_sum %d axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
  %s = graph.reduce_sum %y axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
  %m = graph.reduce_max %y axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
  %v = graph.add %s, %m : tensor<?xf32>
  return %t, %v : tensor<4xf32>, tensor<?xf32>
}

// A reshape's row count computed as exporters do, (b·s·4) / 4: the matmul
// between is planned by the product of both dims.
// RUN: xrun %s --function=g --input="2x3x4xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=G --match-full-lines
// RUN: xrun %s --device=reference --function=g --input="2x3x4xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=G --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=g --input="2x3x4xf32=1" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=G --match-full-lines
// G: 6x4xf32=[1.75 1 4 1][1.75 1 4 1][1.75 1 4 1][1.75 1 4 1][1.75 1 4 1][1.75 1 4 1]
// RUN: xrun %s --function=g --input="0x5x4xf32=" --input="4x4xf32=[0.5 0 0 0][0 1 0 0][0 0 2 0][1 0 0 1]" | xcheck %s --check-prefix=G0 --match-full-lines
// G0: 0x4xf32=
func.func @g(%y: tensor<?x?x4xf32>, %w: tensor<4x4xf32>) -> tensor<?x4xf32> {
  %b = graph.dim %y, 0 : tensor<?x?x4xf32>
  %s = graph.dim %y, 1 : tensor<?x?x4xf32>
  %c4 = arith.constant 4 : index
  %bs = arith.muli %b, %s : index
  %t = arith.muli %bs, %c4 : index
  %n = arith.divui %t, %c4 : index
  %r = graph.reshape %y [%n] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %m = graph.matmul %r, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %m2 = graph.matmul %m, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  return %m2 : tensor<?x4xf32>
}

// An intermediate of no bytes per unit (?x0): a scaled pool of 0 units, its
// slab empty at every size.
// RUN: xrun %s --function=z --input="3x4xf32=1" --input="4x0xf32=" --input="0x4xf32=" | xcheck %s --check-prefix=Z --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=z --input="3x4xf32=1" --input="4x0xf32=" --input="0x4xf32=" | xcheck %s --check-prefix=Z --match-full-lines
// Z: 3x4xf32=[0 0 0 0][0 0 0 0][0 0 0 0]
func.func @z(%x: tensor<?x4xf32>, %w: tensor<4x0xf32>, %v: tensor<0x4xf32>) -> tensor<?x4xf32> {
  %m = graph.matmul %x, %w : (tensor<?x4xf32>, tensor<4x0xf32>) -> tensor<?x0xf32>
  %m2 = graph.matmul %m, %v : (tensor<?x0xf32>, tensor<0x4xf32>) -> tensor<?x4xf32>
  return %m2 : tensor<?x4xf32>
}
