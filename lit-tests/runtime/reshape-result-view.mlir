// A value that a dispatch returns only reshaped (a layer norm's output,
// collapsed to 2-d for the next dispatches' matmuls) is written into that
// result's binding through a view, not copied there (HAL), and the matmul in
// the same dispatch reads it there. On local, reference and vulkan at 0, 1
// and 40 rows of a (0, 2 and 80 rows of its collapse: past a vector, a tile
// and a 64-wide workgroup).

// RUN: xopt %s --target-device=cpu=local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s --check-prefix=HAL
// HAL: %[[OUT:.*]] = kernel.binding 2(%{{.*}}) : memref<?x3xf32>
// HAL: %[[VIEW:.*]] = kernel.reshape %[[OUT]](%{{.*}}) : memref<?x3xf32> to memref<?x2x3xf32>
// HAL: kernel.generic ins(%{{.*}} : memref<?x2x3xf32>) outs(%[[VIEW]] : memref<?x2x3xf32>)
// HAL: kernel.matmul
// HAL-NOT: kernel.generic
// HAL: return

// RUN: xrun %s --function=f --input="1x2x3xf32=1 2 3 4 5 6" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="1x2x3xf32=1 2 3 4 5 6" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="1x2x3xf32=1 2 3 4 5 6" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=ONE --match-full-lines
// ONE: result[0]: hal.buffer_view
// ONE-NEXT: 2x3xf32=[-1 -2 -3][-4 -5 -6]
// ONE-NEXT: result[1]: hal.buffer_view
// ONE-NEXT: 2x2xf32=[-4 -5][-10 -11]

// RUN: xrun %s --function=f --input="0x2x3xf32=" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="0x2x3xf32=" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="0x2x3xf32=" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: result[0]: hal.buffer_view
// EMPTY-NEXT: 0x3xf32=
// EMPTY-NEXT: result[1]: hal.buffer_view
// EMPTY-NEXT: 0x2xf32=

// RUN: xrun %s --function=f --input="40x2x3xf32=-6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=MANY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="40x2x3xf32=-6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=MANY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="40x2x3xf32=-6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3" --input="3x2xf32=[1 0][0 1][1 1]" | xcheck %s --check-prefix=MANY --match-full-lines
// MANY: result[0]: hal.buffer_view
// MANY-NEXT: 80x3xf32=[6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3][3 -4 2][-5 1 -6][-0 6 -1][5 -2 4][-3 3 -4][2 -5 1][-6 -0 6][-1 5 -2][4 -3 3][-4 2 -5][1 -6 -0][6 -1 5][-2 4 -3]
// MANY-NEXT: result[1]: hal.buffer_view
// MANY-NEXT: 80x2xf32=[11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1][5 -2][-11 -5][-1 5][9 2][-7 -1][3 -4][0 6][-3 3][7 0][-9 -3][1 -6][11 4][-5 1]

func.func @f(%a: tensor<?x2x3xf32>, %w: tensor<3x2xf32>) -> (tensor<?x3xf32>, tensor<?x2xf32>) {
  %d = graph.dim %a, 0 : tensor<?x2x3xf32>
  %c2 = arith.constant 2 : index
  %n = arith.muli %d, %c2 : index
  %e = graph.neg %a : tensor<?x2x3xf32>
  %flat = graph.reshape %e[%n] : tensor<?x2x3xf32> -> tensor<?x3xf32>
  %m = graph.matmul %flat, %w : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return %flat, %m : tensor<?x3xf32>, tensor<?x2xf32>
}
