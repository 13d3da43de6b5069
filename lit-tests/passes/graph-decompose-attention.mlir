// RUN: xopt %s --graph-decompose=keep-attention=true | xcheck %s
// RUN: xopt %s '--pass-pipeline=builtin.module(graph-decompose{keep-windows=true keep-attention=true})' | xcheck %s
// RUN: xopt %s --graph-decompose=keep-attention=true | xopt --graph-decompose=keep-attention=true | xcheck %s
// RUN: xopt %s --graph-decompose=keep-attention=true --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --graph-decompose=keep-attention=true --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --graph-decompose=keep-attention=true --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS
// RUN: xopt %s --graph-decompose | xcheck %s --check-prefix=DECOMPOSE
// RUN: xopt %s --graph-decompose | xcheck %s --check-prefix=NONE

// graph.attention in graph-decompose (dialects/graph/src/decompose/attention.rs).
// With keep-attention, the ops an exporter writes for attention become one
// graph.attention: matmul(q, kᵀ), optionally times or over a splat constant
// (also a broadcast 0-d or 1-element one), optionally plus a mask on either
// side, whatever computes it (a same-rank identity broadcast of it looked
// through, so a mask broadcast over heads keeps its size-1 dims), softmax on
// the last axis,
// optionally torch's select(compare ne(p, p), 0, p), then matmul(·, v); k is
// kᵀ transposed back, composed with the transpose that made kᵀ (no transpose
// left when the two cancel). Every intermediate must have one use, the
// softmax be on the last axis, the element type f32, the scale a splat and
// the operands' attention the result's shape: otherwise nothing is formed. An f32 graph.attention written as such is
// kept, prints and parses back (custom and generic forms); an f64 or f16 one
// is decomposed even with keep-attention. Plain graph-decompose forms
// nothing and decomposes every graph.attention: transpose, matmul, mul
// (scale ≠ 1), broadcast + add of the mask, the softmax, compare/select
// (nan_to_zero), matmul.

// Formed.

// CHECK-LABEL: func.func @plain(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2 scale = 1.000000e+00 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  return %0 : tensor<2x4x5xf32>
// DECOMPOSE-LABEL: func.func @plain(
// DECOMPOSE-NEXT:  %0 = graph.transpose %arg1 permutation = [0, 2, 1]
// DECOMPOSE-NEXT:  %1 = graph.matmul %arg0, %0
// DECOMPOSE-NEXT:  %2 = graph.reduce_max %1 axes = [2]
func.func @plain(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// Over sqrt(8) as a broadcast 0-d constant, the mask the add's first operand.
// CHECK-LABEL: func.func @div_sqrt_mask_first(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = 0.353553385 : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x4x6xf32>) -> tensor<1x2x4x8xf32>
// CHECK-NEXT:  return %0 : tensor<1x2x4x8xf32>
func.func @div_sqrt_mask_first(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<1x2x4x6xf32>) -> tensor<1x2x4x8xf32> {
  %kt = graph.transpose %k permutation = [0, 1, 3, 2] : tensor<1x2x6x8xf32> -> tensor<1x2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %c = graph.constant dense<2.828427> : tensor<f32>
  %cb = graph.broadcast %c dimensions = [] : tensor<f32> -> tensor<1x2x4x6xf32>
  %d = graph.div %s, %cb : tensor<1x2x4x6xf32>
  %a = graph.add %m, %d : tensor<1x2x4x6xf32>
  %p = graph.softmax %a axis = 3 : tensor<1x2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %o : tensor<1x2x4x8xf32>
}

// Times a splat (the constant first), the mask second and broadcast over the
// heads (it stays 1x1x4x6); kᵀ is an argument, so k is a new transpose of it.
// CHECK-LABEL: func.func @mul_mask_heads(
// CHECK-NEXT:  %0 = graph.transpose %arg1 permutation = [0, 1, 3, 2] : tensor<1x2x8x6xf32> -> tensor<1x2x6x8xf32>
// CHECK-NEXT:  %1 = graph.attention %arg0, %0, %arg2, %arg3 scale = 1.250000e-01 : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x5xf32>, tensor<1x1x4x6xf32>) -> tensor<1x2x4x5xf32>
// CHECK-NEXT:  return %1 : tensor<1x2x4x5xf32>
func.func @mul_mask_heads(%q: tensor<1x2x4x8xf32>, %kt: tensor<1x2x8x6xf32>, %v: tensor<1x2x6x5xf32>, %m: tensor<1x1x4x6xf32>) -> tensor<1x2x4x5xf32> {
  %c = graph.constant dense<0.125> : tensor<1x2x4x6xf32>
  %s = graph.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %d = graph.mul %c, %s : tensor<1x2x4x6xf32>
  %mb = graph.broadcast %m dimensions = [0, 1, 2, 3] : tensor<1x1x4x6xf32> -> tensor<1x2x4x6xf32>
  %a = graph.add %d, %mb : tensor<1x2x4x6xf32>
  %p = graph.softmax %a axis = 3 : tensor<1x2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x4x5xf32>
  return %o : tensor<1x2x4x5xf32>
}

// torch's export: the scale a broadcast 1-element constant, the mask over the
// heads, where(isnan(p), 0, p) through no-op broadcasts: nan_to_zero.
// CHECK-LABEL: func.func @torch_nan(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = 0.353553385 {nan_to_zero} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<1x1x4x6xf32>) -> tensor<1x2x4x8xf32>
// CHECK-NEXT:  return %0 : tensor<1x2x4x8xf32>
func.func @torch_nan(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<1x1x4x6xf32>) -> tensor<1x2x4x8xf32> {
  %kt = graph.transpose %k permutation = [0, 1, 3, 2] : tensor<1x2x6x8xf32> -> tensor<1x2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %c = graph.constant dense<0.353553385> : tensor<1xf32>
  %cb = graph.broadcast %c dimensions = [3] : tensor<1xf32> -> tensor<1x2x4x6xf32>
  %d = graph.mul %s, %cb : tensor<1x2x4x6xf32>
  %mb = graph.broadcast %m dimensions = [0, 1, 2, 3] : tensor<1x1x4x6xf32> -> tensor<1x2x4x6xf32>
  %a = graph.add %d, %mb : tensor<1x2x4x6xf32>
  %p = graph.softmax %a axis = 3 : tensor<1x2x4x6xf32>
  %n = graph.compare ne, %p, %p : tensor<1x2x4x6xf32> -> tensor<1x2x4x6xi1>
  %nb = graph.broadcast %n dimensions = [0, 1, 2, 3] : tensor<1x2x4x6xi1> -> tensor<1x2x4x6xi1>
  %z = graph.constant dense<0.0> : tensor<f32>
  %zb = graph.broadcast %z dimensions = [] : tensor<f32> -> tensor<1x2x4x6xf32>
  %sel = graph.select %nb, %zb, %p : tensor<1x2x4x6xi1>, tensor<1x2x4x6xf32>
  %sb = graph.broadcast %sel dimensions = [0, 1, 2, 3] : tensor<1x2x4x6xf32> -> tensor<1x2x4x6xf32>
  %o = graph.matmul %sb, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %o : tensor<1x2x4x8xf32>
}

// A mask broadcast otherwise than in order (a 2-d mask over the batch) is the
// broadcast's result, full size.
// CHECK-LABEL: func.func @mask_2d(
// CHECK-NEXT:  %0 = graph.broadcast %arg3 dimensions = [1, 2] : tensor<4x6xf32> -> tensor<2x4x6xf32>
// CHECK-NEXT:  %1 = graph.attention %arg0, %arg1, %arg2, %0 scale = 1.000000e+00 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x4x6xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  return %1 : tensor<2x4x5xf32>
func.func @mask_2d(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<4x6xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %mb = graph.broadcast %m dimensions = [1, 2] : tensor<4x6xf32> -> tensor<2x4x6xf32>
  %a = graph.add %s, %mb : tensor<2x4x6xf32>
  %p = graph.softmax %a axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// kᵀ from a [B, Sk, H, D] key: k is the composed transpose [0, 2, 1, 3].
// CHECK-LABEL: func.func @composed_transpose(
// CHECK-NEXT:  %0 = graph.transpose %arg1 permutation = [0, 2, 1, 3] : tensor<1x6x2x8xf32> -> tensor<1x2x6x8xf32>
// CHECK-NEXT:  %1 = graph.attention %arg0, %0, %arg2 scale = 1.000000e+00 : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x4x5xf32>
// CHECK-NEXT:  return %1 : tensor<1x2x4x5xf32>
func.func @composed_transpose(%q: tensor<1x2x4x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x2x6x5xf32>) -> tensor<1x2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 3, 1] : tensor<1x6x2x8xf32> -> tensor<1x2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %p = graph.softmax %s axis = 3 : tensor<1x2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<1x2x4x6xf32>, tensor<1x2x6x5xf32>) -> tensor<1x2x4x5xf32>
  return %o : tensor<1x2x4x5xf32>
}

// kᵀ's transpose has another use: it stays, and k transposes kᵀ back.
// CHECK-LABEL: func.func @shared_transpose(
// CHECK-NEXT:  %0 = graph.transpose %arg1 permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
// CHECK-NEXT:  %1 = graph.transpose %0 permutation = [0, 2, 1] : tensor<2x8x6xf32> -> tensor<2x6x8xf32>
// CHECK-NEXT:  %2 = graph.attention %arg0, %1, %arg2 scale = 1.000000e+00 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  return %2, %0 : tensor<2x4x5xf32>, tensor<2x8x6xf32>
func.func @shared_transpose(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> (tensor<2x4x5xf32>, tensor<2x8x6xf32>) {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o, %kt : tensor<2x4x5xf32>, tensor<2x8x6xf32>
}

// Dynamic batch and sequence dims, the scale broadcast to dims of the query
// and key (as the ONNX importer writes it): the broadcast and its graph.dim
// ops go with the pattern.
// CHECK-LABEL: func.func @dynamic(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2 scale = 1.250000e-01 : (tensor<?x8x?x64xf32>, tensor<?x8x?x64xf32>, tensor<?x8x?x64xf32>) -> tensor<?x8x?x64xf32>
// CHECK-NEXT:  return %0 : tensor<?x8x?x64xf32>
func.func @dynamic(%q: tensor<?x8x?x64xf32>, %k: tensor<?x8x?x64xf32>, %v: tensor<?x8x?x64xf32>) -> tensor<?x8x?x64xf32> {
  %kt = graph.transpose %k permutation = [0, 1, 3, 2] : tensor<?x8x?x64xf32> -> tensor<?x8x64x?xf32>
  %s = graph.matmul %q, %kt : (tensor<?x8x?x64xf32>, tensor<?x8x64x?xf32>) -> tensor<?x8x?x?xf32>
  %c = graph.constant dense<8.0> : tensor<f32>
  %d0 = graph.dim %q, 0 : tensor<?x8x?x64xf32>
  %d2 = graph.dim %q, 2 : tensor<?x8x?x64xf32>
  %d3 = graph.dim %k, 2 : tensor<?x8x?x64xf32>
  %cb = graph.broadcast %c[%d0, %d2, %d3] dimensions = [] : tensor<f32> -> tensor<?x8x?x?xf32>
  %sc = graph.div %s, %cb : tensor<?x8x?x?xf32>
  %p = graph.softmax %sc axis = 3 : tensor<?x8x?x?xf32>
  %o = graph.matmul %p, %v : (tensor<?x8x?x?xf32>, tensor<?x8x?x64xf32>) -> tensor<?x8x?x64xf32>
  return %o : tensor<?x8x?x64xf32>
}

// Rank 2 (no batch dims), a [1, Sk] mask first.
// CHECK-LABEL: func.func @rank2(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = 1.000000e+00 : (tensor<4x8xf32>, tensor<6x8xf32>, tensor<6x5xf32>, tensor<1x6xf32>) -> tensor<4x5xf32>
// CHECK-NEXT:  return %0 : tensor<4x5xf32>
func.func @rank2(%q: tensor<4x8xf32>, %k: tensor<6x8xf32>, %v: tensor<6x5xf32>, %m: tensor<1x6xf32>) -> tensor<4x5xf32> {
  %kt = graph.transpose %k permutation = [1, 0] : tensor<6x8xf32> -> tensor<8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  %mb = graph.broadcast %m dimensions = [0, 1] : tensor<1x6xf32> -> tensor<4x6xf32>
  %a = graph.add %mb, %s : tensor<4x6xf32>
  %p = graph.softmax %a axis = 1 : tensor<4x6xf32>
  %o = graph.matmul %p, %v : (tensor<4x6xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %o : tensor<4x5xf32>
}

// A mask computed by a mul ((1 - m) · -10000, as BERT exports write it), the
// add's first operand: the mask is the mul's result, the scores the other
// operand.
// CHECK-LABEL: func.func @mask_computed_first(
// CHECK:       %[[MM:.+]] = graph.mul %arg3, %{{.+}} : tensor<2x4x6xf32>
// CHECK-NEXT:  %[[R:.+]] = graph.attention %arg0, %arg1, %arg2, %[[MM]] scale = 1.000000e+00 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x4x6xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  return %[[R]] : tensor<2x4x5xf32>
func.func @mask_computed_first(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x4x6xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %big = graph.constant dense<-10000.0> : tensor<2x4x6xf32>
  %mm = graph.mul %m, %big : tensor<2x4x6xf32>
  %a = graph.add %mm, %s : tensor<2x4x6xf32>
  %p = graph.softmax %a axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// Not formed.

// CHECK-LABEL: func.func @softmax_axis(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max %{{.*}} axes = [1] : tensor<2x4x6xf32> -> tensor<2x6xf32>
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @softmax_axis(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 1 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// The scores have a second use.
// CHECK-LABEL: func.func @scores_reused(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @scores_reused(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x6xf32>) {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o, %s : tensor<2x4x5xf32>, tensor<2x4x6xf32>
}

// The scaled scores have a second use.
// CHECK-LABEL: func.func @scaled_reused(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @scaled_reused(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x6xf32>) {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %c = graph.constant dense<0.5> : tensor<2x4x6xf32>
  %d = graph.mul %s, %c : tensor<2x4x6xf32>
  %p = graph.softmax %d axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o, %d : tensor<2x4x5xf32>, tensor<2x4x6xf32>
}

// The masked scores have a second use.
// CHECK-LABEL: func.func @masked_reused(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @masked_reused(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x4x6xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x6xf32>) {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %a = graph.add %s, %m : tensor<2x4x6xf32>
  %p = graph.softmax %a axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o, %a : tensor<2x4x5xf32>, tensor<2x4x6xf32>
}

// The probabilities have a second use.
// CHECK-LABEL: func.func @probs_reused(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @probs_reused(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x6xf32>) {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o, %p : tensor<2x4x5xf32>, tensor<2x4x6xf32>
}

// f64.
// CHECK-LABEL: func.func @wide(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @wide(%q: tensor<2x4x8xf64>, %k: tensor<2x6x8xf64>, %v: tensor<2x6x5xf64>) -> tensor<2x4x5xf64> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf64> -> tensor<2x8x6xf64>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf64>, tensor<2x8x6xf64>) -> tensor<2x4x6xf64>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf64>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf64>, tensor<2x6x5xf64>) -> tensor<2x4x5xf64>
  return %o : tensor<2x4x5xf64>
}

// A scale that is not a splat.
// CHECK-LABEL: func.func @non_splat_scale(
// CHECK-NOT:   graph.attention
// CHECK:       graph.mul
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @non_splat_scale(%q: tensor<1x2x8xf32>, %k: tensor<1x3x8xf32>, %v: tensor<1x3x5xf32>) -> tensor<1x2x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<1x3x8xf32> -> tensor<1x8x3xf32>
  %s = graph.matmul %q, %kt : (tensor<1x2x8xf32>, tensor<1x8x3xf32>) -> tensor<1x2x3xf32>
  %c = graph.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>
  %d = graph.mul %s, %c : tensor<1x2x3xf32>
  %p = graph.softmax %d axis = 2 : tensor<1x2x3xf32>
  %o = graph.matmul %p, %v : (tensor<1x2x3xf32>, tensor<1x3x5xf32>) -> tensor<1x2x5xf32>
  return %o : tensor<1x2x5xf32>
}

// A splat over the scores (not the scores over a splat).
// CHECK-LABEL: func.func @splat_over_scores(
// CHECK-NOT:   graph.attention
// CHECK:       graph.div
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @splat_over_scores(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %c = graph.constant dense<2.0> : tensor<2x4x6xf32>
  %d = graph.div %c, %s : tensor<2x4x6xf32>
  %p = graph.softmax %d axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// The probabilities are the second matmul's right operand.
// CHECK-LABEL: func.func @probs_on_the_right(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @probs_on_the_right(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %w: tensor<2x5x4xf32>) -> tensor<2x5x6xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %w, %p : (tensor<2x5x4xf32>, tensor<2x4x6xf32>) -> tensor<2x5x6xf32>
  return %o : tensor<2x5x6xf32>
}

// A NaN select that fills in 1, not 0.
// CHECK-LABEL: func.func @nan_to_one(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK:       graph.select
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @nan_to_one(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %n = graph.compare ne, %p, %p : tensor<2x4x6xf32> -> tensor<2x4x6xi1>
  %one = graph.constant dense<1.0> : tensor<2x4x6xf32>
  %sel = graph.select %n, %one, %p : tensor<2x4x6xi1>, tensor<2x4x6xf32>
  %o = graph.matmul %sel, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// select(isnan(p), p, 0): the NaN kept, the rest zeroed: not nan_to_zero.
// CHECK-LABEL: func.func @nan_kept(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK:       graph.select
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @nan_kept(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
  %p = graph.softmax %s axis = 2 : tensor<2x4x6xf32>
  %n = graph.compare ne, %p, %p : tensor<2x4x6xf32> -> tensor<2x4x6xi1>
  %z = graph.constant dense<0.0> : tensor<2x4x6xf32>
  %sel = graph.select %n, %p, %z : tensor<2x4x6xi1>, tensor<2x4x6xf32>
  %o = graph.matmul %sel, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// The scores broadcast along Sq before the mask is added: an attention of
// this query would have Sq = 1, not the 4 the result has.
// CHECK-LABEL: func.func @scores_broadcast(
// CHECK-NOT:   graph.attention
// CHECK:       graph.reduce_max
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @scores_broadcast(%q: tensor<2x1x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x1x6xf32>) -> tensor<2x4x5xf32> {
  %kt = graph.transpose %k permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<2x1x8xf32>, tensor<2x8x6xf32>) -> tensor<2x1x6xf32>
  %sb = graph.broadcast %s dimensions = [0, 1, 2] : tensor<2x1x6xf32> -> tensor<2x4x6xf32>
  %mb = graph.broadcast %m dimensions = [0, 1, 2] : tensor<2x1x6xf32> -> tensor<2x4x6xf32>
  %a = graph.add %sb, %mb : tensor<2x4x6xf32>
  %p = graph.softmax %a axis = 2 : tensor<2x4x6xf32>
  %o = graph.matmul %p, %v : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// A broadcast on the scores' side that only states a dynamic dim's size (T5's
// dynamic export: the heads dim of the product is `?`, the add's 4) is looked
// through; the attention takes the product's operands.

// CHECK-LABEL: func.func @scores_refined(
// CHECK:       graph.attention %arg0, %arg1, %arg2, %arg3 scale = 1.000000e+00 : (tensor<?x?x5x8xf32>, tensor<?x?x6x8xf32>, tensor<?x4x6x3xf32>, tensor<?x4x5x6xf32>) -> tensor<?x4x5x3xf32>
// CHECK-NOT:   graph.softmax
func.func @scores_refined(%q: tensor<?x?x5x8xf32>, %k: tensor<?x?x6x8xf32>, %v: tensor<?x4x6x3xf32>, %m: tensor<?x4x5x6xf32>) -> tensor<?x4x5x3xf32> {
  %kt = graph.transpose %k permutation = [0, 1, 3, 2] : tensor<?x?x6x8xf32> -> tensor<?x?x8x6xf32>
  %s = graph.matmul %q, %kt : (tensor<?x?x5x8xf32>, tensor<?x?x8x6xf32>) -> tensor<?x?x5x6xf32>
  %sb = graph.broadcast %s dimensions = [0, 1, 2, 3] : tensor<?x?x5x6xf32> -> tensor<?x4x5x6xf32>
  %a = graph.add %sb, %m : tensor<?x4x5x6xf32>
  %p = graph.softmax %a axis = 3 : tensor<?x4x5x6xf32>
  %o = graph.matmul %p, %v : (tensor<?x4x5x6xf32>, tensor<?x4x6x3xf32>) -> tensor<?x4x5x3xf32>
  return %o : tensor<?x4x5x3xf32>
}

// Written as graph.attention: f32 kept (and printed, parsed back), with and
// without a mask and nan_to_zero; f64 and f16 decomposed (f16 in f32).

// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:  %0 = graph.attention %arg0, %arg1, %arg2 scale = 5.000000e-01 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  %1 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = 1.000000e+00 {nan_to_zero} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  %2 = graph.attention %arg0, %arg1, %arg2, %arg3 scale = -2.500000e-01 {tag = "t"} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  %3 = graph.attention %arg0, %arg1, %arg2 scale = 1.250000e-01 {nan_to_zero} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT:  return %0, %1, %2, %3 :
// GEN-LABEL:   "func.func"() <{function_type = {{.*}}, sym_name = "kept"}>
// GEN:         %{{[0-9]+}} = "graph.attention"(%[[Q:arg[0-9]+]], %[[K:arg[0-9]+]], %[[V:arg[0-9]+]]) <{scale = 5.000000e-01 : f32}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// GEN-NEXT:    %{{[0-9]+}} = "graph.attention"(%[[Q]], %[[K]], %[[V]], %[[M:arg[0-9]+]]) <{nan_to_zero, scale = 1.000000e+00 : f32}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
// GEN-NEXT:    %{{[0-9]+}} = "graph.attention"(%[[Q]], %[[K]], %[[V]], %[[M]]) <{scale = -2.500000e-01 : f32}> {tag = "t"} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
// GEN-NEXT:    %{{[0-9]+}} = "graph.attention"(%[[Q]], %[[K]], %[[V]]) <{nan_to_zero, scale = 1.250000e-01 : f32}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// STATS:       Decompose
// STATS-NEXT:  (S) 11 num-attention - Number of attentions formed
// STATS-NEXT:  (S) 14 num-decomposed - Number of composite ops decomposed
func.func @kept(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>, %m: tensor<2x1x6xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>) {
  %0 = graph.attention %q, %k, %v scale = 0.5 : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  %1 = graph.attention %q, %k, %v, %m scale = 1.0 {nan_to_zero} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
  %2 = graph.attention %q, %k, %v, %m scale = -0.25 {tag = "t"} : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, tensor<2x1x6xf32>) -> tensor<2x4x5xf32>
  %3 = "graph.attention"(%q, %k, %v) <{nan_to_zero, scale = 0.125 : f32}> : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %0, %1, %2, %3 : tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>, tensor<2x4x5xf32>
}

// CHECK-LABEL: func.func @kept_wide(
// CHECK-NOT:   graph.attention
// CHECK:       graph.matmul
// CHECK-NOT:   graph.attention
// CHECK:       return
func.func @kept_wide(%q: tensor<2x4x8xf64>, %k: tensor<2x6x8xf64>, %v: tensor<2x6x5xf64>) -> tensor<2x4x5xf64> {
  %0 = graph.attention %q, %k, %v scale = 0.5 : (tensor<2x4x8xf64>, tensor<2x6x8xf64>, tensor<2x6x5xf64>) -> tensor<2x4x5xf64>
  return %0 : tensor<2x4x5xf64>
}

// CHECK-LABEL: func.func @kept_half(
// CHECK-NOT:   graph.attention
// CHECK:       graph.cast %arg0 : tensor<2x4x8xf16> -> tensor<2x4x8xf32>
// CHECK:       graph.matmul
// CHECK-NOT:   graph.attention
// CHECK:       graph.cast %{{.*}} : tensor<2x4x5xf32> -> tensor<2x4x5xf16>
// CHECK-NEXT:  return
func.func @kept_half(%q: tensor<2x4x8xf16>, %k: tensor<2x6x8xf16>, %v: tensor<2x6x5xf16>) -> tensor<2x4x5xf16> {
  %0 = graph.attention %q, %k, %v scale = 0.5 : (tensor<2x4x8xf16>, tensor<2x6x8xf16>, tensor<2x6x5xf16>) -> tensor<2x4x5xf16>
  return %0 : tensor<2x4x5xf16>
}

// The decomposition (plain graph-decompose), which forms none.
// NONE-NOT: graph.attention

// DECOMPOSE-LABEL: func.func @kept(
// DECOMPOSE-NEXT:  %0 = graph.transpose %arg1 permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
// DECOMPOSE-NEXT:  %1 = graph.matmul %arg0, %0 : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %2 = graph.constant dense<5.000000e-01> : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %3 = graph.mul %1, %2 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %4 = graph.reduce_max %3 axes = [2] : tensor<2x4x6xf32> -> tensor<2x4xf32>
// DECOMPOSE-NEXT:  %5 = graph.broadcast %4 dimensions = [0, 1] : tensor<2x4xf32> -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %6 = graph.sub %3, %5 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %7 = graph.exp %6 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %8 = graph.reduce_sum %7 axes = [2] : tensor<2x4x6xf32> -> tensor<2x4xf32>
// DECOMPOSE-NEXT:  %9 = graph.broadcast %8 dimensions = [0, 1] : tensor<2x4xf32> -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %10 = graph.div %7, %9 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %11 = graph.matmul %10, %arg2 : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// Scale 1: no mul; the mask broadcast in order and added; nan_to_zero's select.
// DECOMPOSE-NEXT:  %12 = graph.transpose %arg1 permutation = [0, 2, 1] : tensor<2x6x8xf32> -> tensor<2x8x6xf32>
// DECOMPOSE-NEXT:  %13 = graph.matmul %arg0, %12 : (tensor<2x4x8xf32>, tensor<2x8x6xf32>) -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %14 = graph.broadcast %arg3 dimensions = [0, 1, 2] : tensor<2x1x6xf32> -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %15 = graph.add %13, %14 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %16 = graph.reduce_max %15 axes = [2] : tensor<2x4x6xf32> -> tensor<2x4xf32>
// DECOMPOSE-NEXT:  %17 = graph.broadcast %16 dimensions = [0, 1] : tensor<2x4xf32> -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %18 = graph.sub %15, %17 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %19 = graph.exp %18 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %20 = graph.reduce_sum %19 axes = [2] : tensor<2x4x6xf32> -> tensor<2x4xf32>
// DECOMPOSE-NEXT:  %21 = graph.broadcast %20 dimensions = [0, 1] : tensor<2x4xf32> -> tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %22 = graph.div %19, %21 : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %23 = graph.compare ne, %22, %22 : tensor<2x4x6xf32> -> tensor<2x4x6xi1>
// DECOMPOSE-NEXT:  %24 = graph.constant dense<0.000000e+00> : tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %25 = graph.select %23, %24, %22 : tensor<2x4x6xi1>, tensor<2x4x6xf32>
// DECOMPOSE-NEXT:  %26 = graph.matmul %25, %arg2 : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
// DECOMPOSE-NOT:   graph.attention
// DECOMPOSE:       return
// DECOMPOSE-NOT:   graph.attention
