// The composite graph ops run end to end: graph-decompose rewrites them into
// primitive ops (first in graph -> flow), which run on local (the default
// here) and on the reference; lit-tests/runtime/vulkan-composites.mlir runs
// the same lines on Vulkan. The reference's direct semantics of each
// composite are compared with the decomposition on random inputs in
// tools/xrun/tests/composites.rs. Sizes 1, 5, 7 and 0 (an empty result, or
// an empty reduction: a mean of nothing is 0 / 0 = NaN).

// reduce_mean: the sum over the axes divided by the element count reduced.
// RUN: xrun %s --function=mean_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=MEAN --match-full-lines
// RUN: xrun %s --device=reference --function=mean_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=MEAN --match-full-lines
// MEAN: 2xf32=3 -0.5
// RUN: xrun %s --function=mean_cols --input="2x7xf64=[1 2 3 4 5 6 7][0.5 0 -3 4 1e10 -6 0.25]" | xcheck %s --check-prefix=MEANF64 --match-full-lines
// RUN: xrun %s --device=reference --function=mean_cols --input="2x7xf64=[1 2 3 4 5 6 7][0.5 0 -3 4 1e10 -6 0.25]" | xcheck %s --check-prefix=MEANF64 --match-full-lines
// MEANF64: 7xf64=0.75 1 0 4 5E+09 0 3.625
// RUN: xrun %s --function=mean_all --input="1x7xf32=1 2 3 4 5 6 8" | xcheck %s --check-prefix=MEANALL --match-full-lines
// RUN: xrun %s --device=reference --function=mean_all --input="1x7xf32=1 2 3 4 5 6 8" | xcheck %s --check-prefix=MEANALL --match-full-lines
// MEANALL: f32=4.14286
// RUN: xrun %s --function=mean_empty --input="3x0xf32=" | xcheck %s --check-prefix=MEANEMPTY --match-full-lines
// RUN: xrun %s --device=reference --function=mean_empty --input="3x0xf32=" | xcheck %s --check-prefix=MEANEMPTY --match-full-lines
// MEANEMPTY: 3xf32={{-?}}NAN {{-?}}NAN {{-?}}NAN
// RUN: xrun %s --function=mean_empty_kept --input="0x5xf32=" | xcheck %s --check-prefix=MEANEMPTYKEPT --match-full-lines
// RUN: xrun %s --device=reference --function=mean_empty_kept --input="0x5xf32=" | xcheck %s --check-prefix=MEANEMPTYKEPT --match-full-lines
// MEANEMPTYKEPT: 0xf32=
// RUN: xrun %s --function=mean_f16 --input="5xf16=1 2 3 4 6" | xcheck %s --check-prefix=MEANF16 --match-full-lines
// RUN: xrun %s --device=reference --function=mean_f16 --input="5xf16=1 2 3 4 6" | xcheck %s --check-prefix=MEANF16 --match-full-lines
// MEANF16: f16=3.19922
func.func @mean_rows(%x: tensor<2x5xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_mean %x axes = [1] : tensor<2x5xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @mean_cols(%x: tensor<2x7xf64>) -> tensor<7xf64> {
  %0 = graph.reduce_mean %x axes = [0] : tensor<2x7xf64> -> tensor<7xf64>
  return %0 : tensor<7xf64>
}
func.func @mean_all(%x: tensor<1x7xf32>) -> tensor<f32> {
  %0 = graph.reduce_mean %x axes = [1, 0] : tensor<1x7xf32> -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @mean_empty(%x: tensor<3x0xf32>) -> tensor<3xf32> {
  %0 = graph.reduce_mean %x axes = [1] : tensor<3x0xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @mean_empty_kept(%x: tensor<0x5xf32>) -> tensor<0xf32> {
  %0 = graph.reduce_mean %x axes = [1] : tensor<0x5xf32> -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
func.func @mean_f16(%x: tensor<5xf16>) -> tensor<f16> {
  %0 = graph.reduce_mean %x axes = [0] : tensor<5xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

// softmax / log_softmax along an axis: exp(x - max) / sum, (x - max) - log(sum).
// Large inputs do not overflow (the max is subtracted first); a size-1 axis
// gives 1 (log_softmax 0); -inf gets 0, and an axis of only -inf is NaN.
// RUN: xrun %s --function=softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=SOFTMAX --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=SOFTMAX --match-full-lines
// SOFTMAX: 2x5xf32=[0.0116562 0.0316849 0.086128{{[56]}} 0.234122 0.636409][0.0635956 0.172871 0.469911 0.285016 0.00860673]
// RUN: xrun %s --function=softmax_cols --input="2x3xf64=[0 1 100][0 -1 101]" | xcheck %s --check-prefix=SOFTMAXF64 --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_cols --input="2x3xf64=[0 1 100][0 -1 101]" | xcheck %s --check-prefix=SOFTMAXF64 --match-full-lines
// SOFTMAXF64: 2x3xf64=[0.5 0.880797 0.268941][0.5 0.119203 0.731059]
// RUN: xrun %s --function=softmax_one --input="3x1xf32=[5][-inf][1e30]" | xcheck %s --check-prefix=SOFTMAXONE --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_one --input="3x1xf32=[5][-inf][1e30]" | xcheck %s --check-prefix=SOFTMAXONE --match-full-lines
// SOFTMAXONE: 3x1xf32=[1][{{-?}}NAN][1]
// RUN: xrun %s --function=softmax_empty --input="0x7xf32=" | xcheck %s --check-prefix=SOFTMAXEMPTY --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_empty --input="0x7xf32=" | xcheck %s --check-prefix=SOFTMAXEMPTY --match-full-lines
// SOFTMAXEMPTY: 0x7xf32=
// RUN: xrun %s --function=softmax_dyn --input="1x7xf32=[1000 1000 1000 1000 1000 1000 1000]" | xcheck %s --check-prefix=SOFTMAXDYN1 --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_dyn --input="1x7xf32=[1000 1000 1000 1000 1000 1000 1000]" | xcheck %s --check-prefix=SOFTMAXDYN1 --match-full-lines
// SOFTMAXDYN1: 1x7xf32=[0.142857 0.142857 0.142857 0.142857 0.142857 0.142857 0.142857]
// RUN: xrun %s --function=softmax_dyn --input="3x7xf32=[0 0 0 0 0 0 0][1 1 1 1 1 1 1][0 0 0 0 0 0 -inf]" | xcheck %s --check-prefix=SOFTMAXDYN3 --match-full-lines
// RUN: xrun %s --device=reference --function=softmax_dyn --input="3x7xf32=[0 0 0 0 0 0 0][1 1 1 1 1 1 1][0 0 0 0 0 0 -inf]" | xcheck %s --check-prefix=SOFTMAXDYN3 --match-full-lines
// SOFTMAXDYN3: 3x7xf32=[0.142857 0.142857 0.142857 0.142857 0.142857 0.142857 0.142857][0.142857 0.142857 0.142857 0.142857 0.142857 0.142857 0.142857][0.166667 0.166667 0.166667 0.166667 0.166667 0.166667 0]
// RUN: xrun %s --function=log_softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=LOGSOFTMAX --match-full-lines
// RUN: xrun %s --device=reference --function=log_softmax_rows --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" | xcheck %s --check-prefix=LOGSOFTMAX --match-full-lines
// LOGSOFTMAX: 2x5xf32=[-4.45191 -3.45191 -2.45191 -1.45191 -0.451914][-2.75521 -1.75521 -0.755211 -1.25521 -4.75521]
// RUN: xrun %s --function=log_softmax_one --input="1x3xf32=[7 -2 0.5]" | xcheck %s --check-prefix=LOGSOFTMAXONE --match-full-lines
// RUN: xrun %s --device=reference --function=log_softmax_one --input="1x3xf32=[7 -2 0.5]" | xcheck %s --check-prefix=LOGSOFTMAXONE --match-full-lines
// LOGSOFTMAXONE: 1x3xf32=[0 0 0]
func.func @softmax_rows(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
func.func @softmax_cols(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = graph.softmax %x axis = 0 : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}
func.func @softmax_one(%x: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
func.func @softmax_empty(%x: tensor<0x7xf32>) -> tensor<0x7xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<0x7xf32>
  return %0 : tensor<0x7xf32>
}
func.func @softmax_dyn(%x: tensor<?x7xf32>) -> tensor<?x7xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}
func.func @log_softmax_rows(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = graph.log_softmax %x axis = 1 : tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
func.func @log_softmax_one(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %0 = graph.log_softmax %x axis = 0 : tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// layer_norm over dims [axis, rank): (x - mean) / sqrt(var + epsilon) * scale
// + bias, the population variance; mean and inv_std_dev keep the normalized
// dims as 1. Rows chosen so that f32 is exact: [7 7 2 2 3 3 4] has mean 4 and
// variance 4. A constant row with epsilon 0 is 0 / 0 = NaN (inv_std_dev INF),
// as in ONNX; a size-1 normalized dim gives the bias (inv_std_dev =
// 1 / sqrt(0 + 0.25) = 2); axis 0 normalizes everything.
// RUN: xrun %s --function=layer_norm --input="2x7xf32=[7 7 2 2 3 3 4][-1 -1 -1 -1 -1 -1 -1]" --input="7xf32=1 2 1 1 1 1 0.5" --input="7xf32=0 0 0 1 0 0 -1" | xcheck %s --check-prefix=LN --match-full-lines
// RUN: xrun %s --device=reference --function=layer_norm --input="2x7xf32=[7 7 2 2 3 3 4][-1 -1 -1 -1 -1 -1 -1]" --input="7xf32=1 2 1 1 1 1 0.5" --input="7xf32=0 0 0 1 0 0 -1" | xcheck %s --check-prefix=LN --match-full-lines
// LN: 2x7xf32=[1.5 3 -1 0 -0.5 -0.5 -1][{{-?}}NAN {{-?}}NAN {{-?}}NAN {{-?}}NAN {{-?}}NAN {{-?}}NAN {{-?}}NAN]
// LN-NEXT: result[1]: hal.buffer_view
// LN-NEXT: 2x1xf32=[4][-1]
// LN-NEXT: result[2]: hal.buffer_view
// LN-NEXT: 2x1xf32=[0.5][INF]
// RUN: xrun %s --function=layer_norm_eps --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" --input="5xf32=1 1 2 1 1" --input="5xf32=0 0 0 0 1" | xcheck %s --check-prefix=LNEPS --match-full-lines
// RUN: xrun %s --device=reference --function=layer_norm_eps --input="2x5xf32=[1 2 3 4 5][-1 0 1 0.5 -3]" --input="5xf32=1 1 2 1 1" --input="5xf32=0 0 0 0 1" | xcheck %s --check-prefix=LNEPS --match-full-lines
// LNEPS: 2x5xf32=[-1.41421 -0.70710{{[0-9]}} 0 0.70710{{[0-9]}} 2.41421][-0.35355{{[0-9]}} 0.35355{{[0-9]}} 2.12132 0.70710{{[0-9]}} -0.76776{{[0-9]}}]
// RUN: xrun %s --function=layer_norm_all --input="1x5xf64=[1 1 1 1 6]" --input="1x5xf64=[1 1 1 1 2]" --input="1x5xf64=[0 0 0 0 0.5]" | xcheck %s --check-prefix=LNALL --match-full-lines
// RUN: xrun %s --device=reference --function=layer_norm_all --input="1x5xf64=[1 1 1 1 6]" --input="1x5xf64=[1 1 1 1 2]" --input="1x5xf64=[0 0 0 0 0.5]" | xcheck %s --check-prefix=LNALL --match-full-lines
// LNALL: 1x5xf64=[-0.5 -0.5 -0.5 -0.5 4.5]
// LNALL-NEXT: result[1]: hal.buffer_view
// LNALL-NEXT: 1x1xf64=[2]
// LNALL-NEXT: result[2]: hal.buffer_view
// LNALL-NEXT: 1x1xf64=[0.5]
// RUN: xrun %s --function=layer_norm_one --input="3x1xf32=[5][-2][0]" --input="1xf32=3" --input="1xf32=0.5" | xcheck %s --check-prefix=LNONE --match-full-lines
// RUN: xrun %s --device=reference --function=layer_norm_one --input="3x1xf32=[5][-2][0]" --input="1xf32=3" --input="1xf32=0.5" | xcheck %s --check-prefix=LNONE --match-full-lines
// LNONE: 3x1xf32=[0.5][0.5][0.5]
// LNONE-NEXT: result[1]: hal.buffer_view
// LNONE-NEXT: 3x1xf32=[5][-2][0]
// LNONE-NEXT: result[2]: hal.buffer_view
// LNONE-NEXT: 3x1xf32=[2][2][2]
// RUN: xrun %s --function=layer_norm_empty --input="0x5xf32=" --input="5xf32=1" --input="5xf32=0" | xcheck %s --check-prefix=LNEMPTY --match-full-lines
// RUN: xrun %s --device=reference --function=layer_norm_empty --input="0x5xf32=" --input="5xf32=1" --input="5xf32=0" | xcheck %s --check-prefix=LNEMPTY --match-full-lines
// LNEMPTY: 0x5xf32=
// LNEMPTY-NEXT: result[1]: hal.buffer_view
// LNEMPTY-NEXT: 0x1xf32=
// LNEMPTY-NEXT: result[2]: hal.buffer_view
// LNEMPTY-NEXT: 0x1xf32=
func.func @layer_norm(%x: tensor<2x7xf32>, %s: tensor<7xf32>, %b: tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 0.0 : (tensor<2x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}
func.func @layer_norm_eps(%x: tensor<2x5xf32>, %s: tensor<5xf32>, %b: tensor<5xf32>) -> tensor<2x5xf32> {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<2x5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<2x5xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %0#0 : tensor<2x5xf32>
}
func.func @layer_norm_all(%x: tensor<1x5xf64>, %s: tensor<1x5xf64>, %b: tensor<1x5xf64>) -> (tensor<1x5xf64>, tensor<1x1xf64>, tensor<1x1xf64>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 0 epsilon = 0.0 : (tensor<1x5xf64>, tensor<1x5xf64>, tensor<1x5xf64>) -> (tensor<1x5xf64>, tensor<1x1xf64>, tensor<1x1xf64>)
  return %0#0, %0#1, %0#2 : tensor<1x5xf64>, tensor<1x1xf64>, tensor<1x1xf64>
}
func.func @layer_norm_one(%x: tensor<3x1xf32>, %s: tensor<1xf32>, %b: tensor<1xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 0.25 : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
  return %0#0, %0#1, %0#2 : tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}
func.func @layer_norm_empty(%x: tensor<0x5xf32>, %s: tensor<5xf32>, %b: tensor<5xf32>) -> (tensor<0x5xf32>, tensor<0x1xf32>, tensor<0x1xf32>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<0x5xf32>, tensor<5xf32>, tensor<5xf32>) -> (tensor<0x5xf32>, tensor<0x1xf32>, tensor<0x1xf32>)
  return %0#0, %0#1, %0#2 : tensor<0x5xf32>, tensor<0x1xf32>, tensor<0x1xf32>
}
// gelu: 0.5 x (1 + erf(x / sqrt 2)), and the tanh approximation; -0 stays
// -0, inf stays inf, a large negative x gives -0.
// RUN: xrun %s --function=gelu --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %s --check-prefix=GELU --match-full-lines
// RUN: xrun %s --device=reference --function=gelu --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %s --check-prefix=GELU --match-full-lines
// GELU: 7xf32=-0.00404969 -0.158655 -0.154269 0 0.345731 0.841345 2.99595
// RUN: xrun %s --function=gelu_tanh --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %s --check-prefix=GELUTANH --match-full-lines
// RUN: xrun %s --device=reference --function=gelu_tanh --input="7xf32=-3 -1 -0.5 0 0.5 1 3" | xcheck %s --check-prefix=GELUTANH --match-full-lines
// GELUTANH: 7xf32=-0.003637{{[0-9]+}} -0.158808 -0.154286 0 0.345714 0.841192 2.99636
// RUN: xrun %s --function=gelu_f64 --input="1x5xf64=-10 -0 2 10 inf" | xcheck %s --check-prefix=GELUF64 --match-full-lines
// RUN: xrun %s --device=reference --function=gelu_f64 --input="1x5xf64=-10 -0 2 10 inf" | xcheck %s --check-prefix=GELUF64 --match-full-lines
// GELUF64: 1x5xf64=[-0 -0 1.9545 10 INF]
// RUN: xrun %s --function=gelu_empty --input="0xf32=" | xcheck %s --check-prefix=GELUEMPTY --match-full-lines
// RUN: xrun %s --device=reference --function=gelu_empty --input="0xf32=" | xcheck %s --check-prefix=GELUEMPTY --match-full-lines
// GELUEMPTY: 0xf32=

func.func @gelu(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.gelu %x approximate = none : tensor<7xf32>
  return %0 : tensor<7xf32>
}
func.func @gelu_tanh(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.gelu %x approximate = tanh : tensor<7xf32>
  return %0 : tensor<7xf32>
}
func.func @gelu_f64(%x: tensor<1x5xf64>) -> tensor<1x5xf64> {
  %0 = graph.gelu %x approximate = none : tensor<1x5xf64>
  return %0 : tensor<1x5xf64>
}
func.func @gelu_empty(%x: tensor<0xf32>) -> tensor<0xf32> {
  %0 = graph.gelu %x approximate = tanh : tensor<0xf32>
  return %0 : tensor<0xf32>
}
