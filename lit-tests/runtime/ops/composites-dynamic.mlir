// Composites whose dims are dynamic (graph-decompose gives the dims that no
// operand holds) compute bit for bit what their static forms compute: each
// function returns the dynamic form's result, then the static form's, of the
// same input; the two printed lines must be equal, and so must the bytes of
// the two results written as .npy files. On local, reference and vulkan.

// RUN: xrun %s --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --output=@%t.1a.npy --output=@%t.1b.npy && cmp %t.1a.npy %t.1b.npy
// RUN: xrun %s --device=reference --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --device=reference --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --output=@%t.2a.npy --output=@%t.2b.npy && cmp %t.2a.npy %t.2b.npy
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=softmax --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" --output=@%t.3a.npy --output=@%t.3b.npy && cmp %t.3a.npy %t.3b.npy
// RUN: xrun %s --function=softmax --input="2x1xf32=[3][4]" --input="2x5xf32=[1 2 3 4 5][-1 0.5 2 -3 7]" | xcheck %s --check-prefix=ONE
// ONE: 2x1xf32=[1][1]
func.func @softmax(%x: tensor<2x?xf32>, %y: tensor<2x5xf32>) -> (tensor<2x?xf32>, tensor<2x5xf32>) {
  %0 = graph.softmax %x axis = 1 : tensor<2x?xf32>
  %1 = graph.softmax %y axis = 1 : tensor<2x5xf32>
  return %0, %1 : tensor<2x?xf32>, tensor<2x5xf32>
}

// RUN: xrun %s --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" --output=@%t.4a.npy --output=@%t.4b.npy && cmp %t.4a.npy %t.4b.npy
// RUN: xrun %s --device=reference --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --device=reference --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" --output=@%t.5a.npy --output=@%t.5b.npy && cmp %t.5a.npy %t.5b.npy
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=layer_norm --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" --output=@%t.6a.npy --output=@%t.6b.npy && cmp %t.6a.npy %t.6b.npy
// RUN: xrun %s --function=layer_norm --input="0x4xf32=" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="4xf32=1 0.5 -2 3" --input="4xf32=0 1 2 -1" | xcheck %s --check-prefix=EMPTY
// EMPTY: 0x4xf32=
func.func @layer_norm(%x: tensor<?x4xf32>, %y: tensor<3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<?x4xf32>, tensor<3x4xf32>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  %1:3 = graph.layer_norm %y, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<3x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
  return %0#0, %1#0 : tensor<?x4xf32>, tensor<3x4xf32>
}

// RUN: xrun %s --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --output=@%t.7a.npy --output=@%t.7b.npy && cmp %t.7a.npy %t.7b.npy
// RUN: xrun %s --device=reference --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --device=reference --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --output=@%t.8a.npy --output=@%t.8b.npy && cmp %t.8a.npy %t.8b.npy
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" | xcheck %s --check-prefix=SAME
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=mean_gelu --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --input="3x4xf32=[1 2 3 4][0 -1 5 9][2 2 2 2.5]" --output=@%t.9a.npy --output=@%t.9b.npy && cmp %t.9a.npy %t.9b.npy
func.func @mean_gelu(%x: tensor<?x4xf32>, %y: tensor<3x4xf32>) -> (tensor<?xf32>, tensor<3xf32>) {
  %0 = graph.gelu %x approximate = tanh : tensor<?x4xf32>
  %1 = graph.reduce_mean %0 axes = [1] : tensor<?x4xf32> -> tensor<?xf32>
  %2 = graph.gelu %y approximate = tanh : tensor<3x4xf32>
  %3 = graph.reduce_mean %2 axes = [1] : tensor<3x4xf32> -> tensor<3xf32>
  return %1, %3 : tensor<?xf32>, tensor<3xf32>
}

// SAME: result[0]: hal.buffer_view
// SAME-NEXT: [[R:.+]]
// SAME-NEXT: result[1]: hal.buffer_view
// SAME-NEXT: [[R]]
