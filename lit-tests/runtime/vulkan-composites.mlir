// REQUIRES: vulkan
// The composite graph ops (decomposed by graph-decompose) on the vulkan
// backend: the runs of ops/composites.mlir, compiled for vulkan, checked
// against the same lines as on local and the reference. Not here: f16
// (no f16 shaders on vulkan yet), exp/erf of f64 (none on vulkan yet), and
// the mean of an empty axis (0 / 0: vulkan divides by a constant 0 to 0, an
// issue of graph.div on vulkan, not of the decomposition).

// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=mean_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %S/ops/composites.mlir --check-prefix=MEAN --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=mean_cols --input="2x7xf64=[1 2 3 4 5 6 7][0.5 0 -3 4 1e10 -6 0.25]" | xcheck %S/ops/composites.mlir --check-prefix=MEANF64 --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=mean_all --input="1x7xf32=1 2 3 4 5 6 8" | xcheck %S/ops/composites.mlir --check-prefix=MEANALL --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=mean_empty_kept --input="0x5xf32=" | xcheck %S/ops/composites.mlir --check-prefix=MEANEMPTYKEPT --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %S/ops/composites.mlir --check-prefix=SOFTMAX --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=softmax_one --input="3x1xf32=[5][-inf][1e30]" | xcheck %S/ops/composites.mlir --check-prefix=SOFTMAXONE --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=softmax_empty --input="0x7xf32=" | xcheck %S/ops/composites.mlir --check-prefix=SOFTMAXEMPTY --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=softmax_dyn --input="1x7xf32=[1000 1000 1000 1000 1000 1000 1000]" | xcheck %S/ops/composites.mlir --check-prefix=SOFTMAXDYN1 --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=softmax_dyn --input="3x7xf32=[0 0 0 0 0 0 0][1 1 1 1 1 1 1][0 0 0 0 0 0 -inf]" | xcheck %S/ops/composites.mlir --check-prefix=SOFTMAXDYN3 --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=log_softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %S/ops/composites.mlir --check-prefix=LOGSOFTMAX --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=log_softmax_one --input="1x3xf32=[7 -2 0.5]" | xcheck %S/ops/composites.mlir --check-prefix=LOGSOFTMAXONE --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=layer_norm --input="2x7xf32=[7 7 2 2 3 3 4][-1 -1 -1 -1 -1 -1 -1]" --input="7xf32=1 2 1 1 1 1 0.5" --input="7xf32=0 0 0 1 0 0 -1" | xcheck %S/ops/composites.mlir --check-prefix=LN --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=layer_norm_eps --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" --input="5xf32=1 1 2 1 1" --input="5xf32=0 0 0 0 1" | xcheck %S/ops/composites.mlir --check-prefix=LNEPS --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=layer_norm_all --input="1x5xf64=[1 1 1 1 6]" --input="1x5xf64=[1 1 1 1 2]" --input="1x5xf64=[0 0 0 0 0.5]" | xcheck %S/ops/composites.mlir --check-prefix=LNALL --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=layer_norm_one --input="3x1xf32=[5][-2][0]" --input="1xf32=3" --input="1xf32=0.5" | xcheck %S/ops/composites.mlir --check-prefix=LNONE --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=layer_norm_empty --input="0x5xf32=" --input="5xf32=1" --input="5xf32=0" | xcheck %S/ops/composites.mlir --check-prefix=LNEMPTY --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=gelu --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %S/ops/composites.mlir --check-prefix=GELU --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=gelu_tanh --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %S/ops/composites.mlir --check-prefix=GELUTANH --match-full-lines
// RUN: xrun %S/ops/composites.mlir --target-device=vulkan --device=vulkan --function=gelu_empty --input="0xf32=" | xcheck %S/ops/composites.mlir --check-prefix=GELUEMPTY --match-full-lines
