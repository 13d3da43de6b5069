// A 2-d matmul between ONNX-style reshapes, then a bias add and a DAG of
// elementwise ops that reads the biased value twice (GELU's shape:
// a * (a + 1)), then relu(y - 10). graph-sink-reshapes moves the reshape
// below them and the whole DAG becomes the matmul's epilogue (HAL). Run on
// local, reference and vulkan at 0, 1x2 and 3x37 rows (past a vector, the
// 8-row tile and a 64-wide workgroup), each row different.

// RUN: xopt %s --target-device=cpu=local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s --check-prefix=HAL
// HAL: kernel.matmul ins({{.*}}) outs({{.*}}) epilogue({{.*}} : memref<3xf32>)
// HAL-NEXT: ^bb0(%[[S:.*]]: f32, %[[B:.*]]: f32):
// HAL-NEXT: %[[A:.*]] = arith.addf %[[S]], %[[B]] : f32
// HAL: %[[T:.*]] = arith.addf %[[A]], %{{.*}} : f32
// HAL-NEXT: %[[Y:.*]] = arith.mulf %[[A]], %[[T]] : f32
// HAL: arith.subf %[[Y]]
// HAL: arith.maximumf
// HAL-NEXT: kernel.yield

// RUN: xrun %s --function=f --input="1x2x2xf32=1 2 0 0" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=TWO --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="1x2x2xf32=1 2 0 0" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=TWO --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="1x2x2xf32=1 2 0 0" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=TWO --match-full-lines
// TWO: 1x2x3xf32={{\[\[}}0 2 32][0 0 80]]

// RUN: xrun %s --function=f --input="0x5x2xf32=" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="0x5x2xf32=" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=EMPTY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="0x5x2xf32=" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: 0x5x3xf32=

// RUN: xrun %s --function=f --input="3x37x2xf32=0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=MANY --match-full-lines
// RUN: xrun %s --function=f --device=reference --input="3x37x2xf32=0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=MANY --match-full-lines
// RUN: xrun %s --function=f --target-device=vulkan --device=vulkan --input="3x37x2xf32=0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2 6 -1 0 0 1 1 2 2 3 -2 4 -1 5 0 6 1 0 2 1 -2 2 -1 3 0 4 1 5 2 6 -2 0 -1 1 0 2 1 3 2 4 -2 5 -1 6 0 0 1 1 2 2 -2 3 -1 4 0 5 1 6 2 0 -2 1 -1 2 0 3 1 4 2 5 -2" --input="2x3xf32=[1 0 1][0 1 1]" --input="3xf32=1 1 -10" | xcheck %s --check-prefix=MANY --match-full-lines
// MANY: 3x37x3xf32={{\[\[}}0 0 122][0 0 80][2 0 46][10 0 20][20 2 2][32 0 32][46 0 10][0 0 80][0 0 46][2 2 20][10 0 62][20 0 32][32 0 10][46 0 0][0 2 46][0 0 100][2 0 62][10 0 32][20 0 10][32 2 0][46 0 20][0 0 100][0 0 62][2 0 32][10 2 10][20 0 46][32 0 20][46 0 2][0 0 62][0 2 32][2 0 80][10 0 46][20 0 20][32 0 2][46 2 0][0 0 122][0 0 80]]{{\[\[}}2 0 46][10 0 20][20 2 2][32 0 32][46 0 10][0 0 80][0 0 46][2 2 20][10 0 62][20 0 32][32 0 10][46 0 0][0 2 46][0 0 100][2 0 62][10 0 32][20 0 10][32 2 0][46 0 20][0 0 100][0 0 62][2 0 32][10 2 10][20 0 46][32 0 20][46 0 2][0 0 62][0 2 32][2 0 80][10 0 46][20 0 20][32 0 2][46 2 0][0 0 122][0 0 80][2 0 46][10 0 20]]{{\[\[}}20 2 2][32 0 32][46 0 10][0 0 80][0 0 46][2 2 20][10 0 62][20 0 32][32 0 10][46 0 0][0 2 46][0 0 100][2 0 62][10 0 32][20 0 10][32 2 0][46 0 20][0 0 100][0 0 62][2 0 32][10 2 10][20 0 46][32 0 20][46 0 2][0 0 62][0 2 32][2 0 80][10 0 46][20 0 20][32 0 2][46 2 0][0 0 122][0 0 80][2 0 46][10 0 20][20 2 2][32 0 32]]

func.func @f(%x: tensor<?x?x2xf32>, %w: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<?x?x3xf32> {
  %d0 = graph.dim %x, 0 : tensor<?x?x2xf32>
  %d1 = graph.dim %x, 1 : tensor<?x?x2xf32>
  %n = arith.muli %d0, %d1 : index
  %x2 = graph.reshape %x[%n] : tensor<?x?x2xf32> -> tensor<?x2xf32>
  %m = graph.matmul %x2, %w : (tensor<?x2xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  %r = graph.reshape %m[%d0, %d1] : tensor<?x3xf32> -> tensor<?x?x3xf32>
  %bb = graph.broadcast %b[%d0, %d1] dimensions = [2] : tensor<3xf32> -> tensor<?x?x3xf32>
  %a = graph.add %r, %bb : tensor<?x?x3xf32>
  %one = graph.constant dense<1.0> : tensor<f32>
  %ob = graph.broadcast %one[%d0, %d1] dimensions = [] : tensor<f32> -> tensor<?x?x3xf32>
  %t = graph.add %a, %ob : tensor<?x?x3xf32>
  %y = graph.mul %a, %t : tensor<?x?x3xf32>
  %ten = graph.constant dense<10.0> : tensor<f32>
  %tb = graph.broadcast %ten[%d0, %d1] dimensions = [] : tensor<f32> -> tensor<?x?x3xf32>
  %z = graph.sub %y, %tb : tensor<?x?x3xf32>
  %o = graph.relu %z : tensor<?x?x3xf32>
  return %o : tensor<?x?x3xf32>
}
