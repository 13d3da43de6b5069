// RUN: xopt %s --target-device=cpu=local --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s
// RUN: not xrun %s --input="2x3xf32=1 2 3 4 5 6" --input="2x2xf32=1 2 3 4" --input="1xf32=0" 2>&1 | xcheck %s --check-prefix=SEQ
// RUN: not xrun %s --input="2x3xf32=1 2 3 4 5 6" --input="1x3xf32=1 2 3" --input="1xf32=0" 2>&1 | xcheck %s --check-prefix=BATCH
// RUN: xrun %s --input="2x3xf32=1 2 3 4 5 6" --input="2x3xf32=1 1 1 1 1 1" --input="5xf32=0 0 0 0 0" | xcheck %s --check-prefix=OK

// Dims a frontend names (`xir.dim_names`, the ONNX importer's dim_params)
// are one size: the function ABI reads each argument's dims once and asserts
// a dim named as an earlier argument's equal to it, with a message naming
// both, before anything runs (the kernel's own dim check would name only
// the op). Unnamed dims ("") and other names are not compared.

func.func @main(%a: tensor<?x?xf32> {xir.dim_names = ["batch", "seq"]}, %b: tensor<?x?xf32> {xir.dim_names = ["batch", "seq"]}, %c: tensor<?xf32> {xir.dim_names = [""]}) -> tensor<?x?xf32> {
  %0 = graph.add %a, %b : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// CHECK: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x?xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1") shape(tensor<?x?xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg2 message("input 2") shape(tensor<?xf32>)
// CHECK-NEXT: %[[B0:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[S0:.+]] = hal.buffer_view.dim %arg0[1] : index
// CHECK-NEXT: %[[B1:.+]] = hal.buffer_view.dim %arg1[0] : index
// CHECK-NEXT: %[[S1:.+]] = hal.buffer_view.dim %arg1[1] : index
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1: dim 0 ('batch') must equal dim 0 of input 0") shape(tensor<?x?xf32>{%[[B0]], %[[S1]]})
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1: dim 1 ('seq') must equal dim 1 of input 0") shape(tensor<?x?xf32>{%[[B1]], %[[S0]]})
// CHECK-NEXT: hal.buffer_view.dim %arg2[0] : index
// CHECK-NOT: hal.buffer_view.assert

// SEQ: error: input 1: dim 1 ('seq') must equal dim 1 of input 0 (2 vs 3)
// BATCH: error: input 1: dim 0 ('batch') must equal dim 0 of input 0 (1 vs 2)
// OK: 2x3xf32=[2 3 4][5 6 7]
