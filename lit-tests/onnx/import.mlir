// xir-import-onnx on the example transformer block (examples/onnx/block.onnx,
// made by make_block.py there): graph-dialect text with the ONNX names as
// locations, --place pins, and the imported file runs with xrun. Bad inputs
// are errors with exit status 1.

// RUN: xir-import-onnx %S/../../examples/onnx/block.onnx --place='mlp/*=@gpu' | xcheck %s
// CHECK:      #[[X:loc[0-9]*]] = loc("x")
// CHECK:      func.func @main(%arg0: tensor<8x16xf32> loc("x")) -> tensor<8x16xf32> {
// CHECK:        %[[LN:.*]]:3 = graph.layer_norm %arg0, %{{.*}}, %{{.*}} axis = 1 epsilon = 9.99999974E-6 : (tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>, tensor<8x1xf32>) loc(#[[LNLOC:loc[0-9]*]])
// CHECK:        graph.matmul %[[LN]]#0, %{{.*}} : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
// CHECK:        graph.transpose %{{.*}} permutation = [1, 0] : tensor<8x16xf32> -> tensor<16x8xf32>
// CHECK:        graph.softmax %{{.*}} axis = 1 : tensor<8x8xf32>
// CHECK:        graph.on_device %{{.*}} on #device.promise<@gpu> : tensor<8x16xf32>
// CHECK:        graph.gelu %{{.*}} approximate = none : tensor<8x64xf32>
// CHECK:      #[[LNLOC]] = loc("attn/ln")

// The parameters as arguments, after the input, in initializer order.
// RUN: xir-import-onnx %S/../../examples/onnx/block.onnx --params-as-args | xcheck %s --check-prefix=PARAMS
// PARAMS: func.func @main(%arg0: tensor<8x16xf32> loc("x"), %arg1: tensor<16xf32> loc("ln1_g"), %arg2: tensor<16xf32> loc("ln1_b"), %arg3: tensor<16x16xf32> loc("wq"),
// PARAMS-NOT: graph.constant

// RUN: xir-import-onnx %S/../../examples/onnx/block.onnx -o %t.mlir
// RUN: xrun %t.mlir --function=main --input=@%S/../../examples/onnx/block_input.npy | xcheck %s --check-prefix=EXEC
// EXEC:      EXEC @main
// EXEC-NEXT: result[0]: hal.buffer_view
// EXEC-NEXT: 8x16xf32=[

// The issue's flow: xopt's usual flags compile the imported file to hal, xrun
// runs it with --input/--output files; the graph-level run gives the same bits.
// RUN: xopt %t.mlir --target-device=cpu=local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal -o %t.hal.mlir
// RUN: xrun %t.hal.mlir --function=main --input=@%S/../../examples/onnx/block_input.npy --output=@%t.hal.npy
// RUN: xrun %t.mlir --function=main --input=@%S/../../examples/onnx/block_input.npy --output=@%t.graph.npy
// RUN: cmp %t.hal.npy %t.graph.npy

// RUN: not xir-import-onnx %s 2>&1 | xcheck %s --check-prefix=NOTONNX
// NOTONNX: xir-import-onnx: error: {{.*}}import.mlir: not an ONNX model (protobuf decoding failed: {{.*}})

// RUN: not xir-import-onnx %t.missing.onnx 2>&1 | xcheck %s --check-prefix=MISSING
// MISSING: xir-import-onnx: error: cannot open input file '{{.*}}missing.onnx': {{.*}}

// RUN: not xir-import-onnx %S/../../examples/onnx/block.onnx --place=decoder/*=@gpu 2>&1 | xcheck %s --check-prefix=NOMATCH
// NOMATCH: xir-import-onnx: error: {{.*}}block.onnx: --place pattern 'decoder/*' matches no node

// RUN: not xir-import-onnx %S/../../examples/onnx/block.onnx --place=mlp 2>&1 | xcheck %s --check-prefix=BADPLACE
// BADPLACE: xir-import-onnx: error: --place 'mlp' is not PATTERN=@DEVICE

// --dim gives a symbolic dimension a size; naming one the model lacks, or a bad size, is an error.
// RUN: not xir-import-onnx %S/../../examples/onnx/block.onnx --dim=batch=2 2>&1 | xcheck %s --check-prefix=NODIM
// NODIM: error: {{.*}}block.onnx: --dim names 'batch', which no graph input or output has as a dimension
// RUN: not xir-import-onnx %S/../../examples/onnx/block.onnx --dim=batch=-2 2>&1 | xcheck %s --check-prefix=BADDIM
// BADDIM: --dim 'batch=-2' is not NAME=SIZE (a size of at least 0)
