// The workgroup grid of a dispatch is the compiler's rule on its first
// result (x = ceil(d[n-1] / 64), y = d[n-2], z = the rest). Both backends
// check it before running a kernel: a hal-level program whose dispatch
// gives another grid is an error naming the kernel, the grid and the
// result's shape, for a fused elementwise kernel (@f) and a matmul (@g).

// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | xrun - --device=local --function=g --input="2x4xf32=[1 2 3 4][5 6 7 8]" --input="4x3xf32=[1 0 0][0 1 0][0 0 1][1 1 1]" | xcheck %s --check-prefix=OK --match-full-lines
// RUN: xopt %s --target-device=local --device-assignment-pipeline --device-plan --compile-to=hal | sed 's/workgroups(%c1, %c2, %c1)/workgroups(%c1, %c1, %c1)/' > %t.mlir
// RUN: not xrun %t.mlir --device=local --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" 2>&1 | xcheck %s --check-prefix=F
// RUN: not xrun %t.mlir --device=reference --function=f --input="2x3xf32=[1 2 3][4 5 6]" --input="3xf32=10 20 30" 2>&1 | xcheck %s --check-prefix=F
// RUN: not xrun %t.mlir --device=local --function=g --input="2x4xf32=[1 2 3 4][5 6 7 8]" --input="4x3xf32=[1 0 0][0 1 0][0 0 1][1 1 1]" 2>&1 | xcheck %s --check-prefix=G
// RUN: not xrun %t.mlir --device=reference --function=g --input="2x4xf32=[1 2 3 4][5 6 7 8]" --input="4x3xf32=[1 0 0][0 1 0][0 0 1][1 1 1]" 2>&1 | xcheck %s --check-prefix=G

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.broadcast %b dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = graph.add %a, %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

func.func @g(%a: tensor<2x4xf32>, %b: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.matmul %a, %b : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %1 = graph.relu %0 : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
// OK: EXEC @g
// OK-NEXT: result[0]: hal.buffer_view
// OK-NEXT: 2x3xf32=[5 6 7][13 14 15]
// F: xrun: error: {{.*}}@f_dispatch_0: dispatched with workgroups [1, 1, 1], a [2, 3] result needs [1, 2, 1]
// G: xrun: error: {{.*}}@g_dispatch_0: dispatched with workgroups [1, 1, 1], a [2, 3] result needs [1, 2, 1]
