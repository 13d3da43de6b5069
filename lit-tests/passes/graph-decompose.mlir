// RUN: xopt %s --split-input-file --graph-decompose | xcheck %s
// RUN: xopt %s --split-input-file --graph-decompose --mlir-print-debuginfo | xcheck %s --check-prefix=LOC
// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose)' --mlir-print-op-generic | xopt --split-input-file | xcheck %s

// graph-decompose rewrites each composite graph op into primitive ones; each
// op it makes carries the composite's location and device.affinity.

// reduce_mean: reduce_sum, then a division by the static element count (3 * 4).
// CHECK-LABEL: func.func @mean
// CHECK-NEXT:  %[[S:.*]] = graph.reduce_sum %arg0 axes = [0, 2] {device.affinity = #device.affinity<@gpu>} : tensor<3x5x4xf32> -> tensor<5xf32>
// CHECK-NEXT:  %[[N:.*]] = graph.constant {device.affinity = #device.affinity<@gpu>} dense<1.200000e+01> : tensor<5xf32>
// CHECK-NEXT:  %[[M:.*]] = graph.div %[[S]], %[[N]] {device.affinity = #device.affinity<@gpu>} : tensor<5xf32>
// CHECK-NEXT:  return %[[M]]
// LOC-LABEL: func.func @mean
// LOC:      graph.reduce_sum {{.*}} loc(#[[L:loc[0-9]+]])
// LOC-NEXT: graph.constant {{.*}} loc(#[[L]])
// LOC-NEXT: graph.div {{.*}} loc(#[[L]])
// LOC: #[[L]] = loc("mean.onnx":7:0)
func.func @mean(%x: tensor<3x5x4xf32>) -> tensor<5xf32> {
  %0 = graph.reduce_mean %x axes = [2, 0] {device.affinity = #device.affinity<@gpu>} : tensor<3x5x4xf32> -> tensor<5xf32> loc("mean.onnx":7:0)
  return %0 : tensor<5xf32>
}

// -----

// softmax along axis 1 of a dynamic-batch tensor: max, subtract, exp, sum,
// divide; the reduced values broadcast back over the axis.
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT:  %[[M:.*]] = graph.reduce_max %arg0 axes = [1] : tensor<?x7xf32> -> tensor<?xf32>
// CHECK-NEXT:  %[[MB:.*]] = graph.broadcast %[[M]] dimensions = [0] : tensor<?xf32> -> tensor<?x7xf32>
// CHECK-NEXT:  %[[D:.*]] = graph.sub %arg0, %[[MB]] : tensor<?x7xf32>
// CHECK-NEXT:  %[[E:.*]] = graph.exp %[[D]] : tensor<?x7xf32>
// CHECK-NEXT:  %[[S:.*]] = graph.reduce_sum %[[E]] axes = [1] : tensor<?x7xf32> -> tensor<?xf32>
// CHECK-NEXT:  %[[SB:.*]] = graph.broadcast %[[S]] dimensions = [0] : tensor<?xf32> -> tensor<?x7xf32>
// CHECK-NEXT:  %[[R:.*]] = graph.div %[[E]], %[[SB]] : tensor<?x7xf32>
// CHECK-NEXT:  return %[[R]]
func.func @softmax(%x: tensor<?x7xf32>) -> tensor<?x7xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<?x7xf32>
  return %0 : tensor<?x7xf32>
}

// -----

// log_softmax along axis 0: (x - max) - log(sum(exp(x - max))).
// CHECK-LABEL: func.func @log_softmax
// CHECK-NEXT:  %[[M:.*]] = graph.reduce_max %arg0 axes = [0] : tensor<5x3xf64> -> tensor<3xf64>
// CHECK-NEXT:  %[[MB:.*]] = graph.broadcast %[[M]] dimensions = [1] : tensor<3xf64> -> tensor<5x3xf64>
// CHECK-NEXT:  %[[D:.*]] = graph.sub %arg0, %[[MB]] : tensor<5x3xf64>
// CHECK-NEXT:  %[[E:.*]] = graph.exp %[[D]] : tensor<5x3xf64>
// CHECK-NEXT:  %[[S:.*]] = graph.reduce_sum %[[E]] axes = [0] : tensor<5x3xf64> -> tensor<3xf64>
// CHECK-NEXT:  %[[L:.*]] = graph.log %[[S]] : tensor<3xf64>
// CHECK-NEXT:  %[[LB:.*]] = graph.broadcast %[[L]] dimensions = [1] : tensor<3xf64> -> tensor<5x3xf64>
// CHECK-NEXT:  %[[R:.*]] = graph.sub %[[D]], %[[LB]] : tensor<5x3xf64>
// CHECK-NEXT:  return %[[R]]
func.func @log_softmax(%x: tensor<5x3xf64>) -> tensor<5x3xf64> {
  %0 = graph.log_softmax %x axis = 0 : tensor<5x3xf64>
  return %0 : tensor<5x3xf64>
}

// -----

// layer_norm over dims [1, 3): mean, deviation, population variance,
// sqrt(var + epsilon); result = d / std * scale + bias; mean and inv_std_dev
// (1 / std) broadcast to their keep-dims shape.
// CHECK-LABEL: func.func @layer_norm
// CHECK-NEXT:  %[[S:.*]] = graph.reduce_sum %arg0 axes = [1, 2] {device.affinity = #device.affinity<@cpu>} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT:  %[[N:.*]] = graph.constant {device.affinity = #device.affinity<@cpu>} dense<1.200000e+01> : tensor<2xf32>
// CHECK-NEXT:  %[[MEAN:.*]] = graph.div %[[S]], %[[N]] {{.*}}: tensor<2xf32>
// CHECK-NEXT:  %[[MB:.*]] = graph.broadcast %[[MEAN]] dimensions = [0] {{.*}}: tensor<2xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:  %[[D:.*]] = graph.sub %arg0, %[[MB]] {{.*}}: tensor<2x3x4xf32>
// CHECK-NEXT:  %[[SQ:.*]] = graph.mul %[[D]], %[[D]] {{.*}}: tensor<2x3x4xf32>
// CHECK-NEXT:  %[[SQS:.*]] = graph.reduce_sum %[[SQ]] axes = [1, 2] {{.*}}: tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT:  %[[N2:.*]] = graph.constant {{.*}}dense<1.200000e+01> : tensor<2xf32>
// CHECK-NEXT:  %[[VAR:.*]] = graph.div %[[SQS]], %[[N2]] {{.*}}: tensor<2xf32>
// CHECK-NEXT:  %[[EPS:.*]] = graph.constant {{.*}}dense<9.99999974E-6> : tensor<2xf32>
// CHECK-NEXT:  %[[VE:.*]] = graph.add %[[VAR]], %[[EPS]] {{.*}}: tensor<2xf32>
// CHECK-NEXT:  %[[STD:.*]] = graph.sqrt %[[VE]] {{.*}}: tensor<2xf32>
// CHECK-NEXT:  %[[STDB:.*]] = graph.broadcast %[[STD]] dimensions = [0] {{.*}}: tensor<2xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:  %[[NORM:.*]] = graph.div %[[D]], %[[STDB]] {{.*}}: tensor<2x3x4xf32>
// CHECK-NEXT:  %[[SC:.*]] = graph.broadcast %arg1 dimensions = [1, 2] {{.*}}: tensor<3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:  %[[Y0:.*]] = graph.mul %[[NORM]], %[[SC]] {{.*}}: tensor<2x3x4xf32>
// CHECK-NEXT:  %[[B:.*]] = graph.broadcast %arg2 dimensions = [1, 2] {{.*}}: tensor<3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:  %[[Y:.*]] = graph.add %[[Y0]], %[[B]] {{.*}}: tensor<2x3x4xf32>
// CHECK-NEXT:  %[[MK:.*]] = graph.broadcast %[[MEAN]] dimensions = [0] {{.*}}: tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK-NEXT:  %[[ONE:.*]] = graph.constant {{.*}}dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT:  %[[INV:.*]] = graph.div %[[ONE]], %[[STD]] {{.*}}: tensor<2xf32>
// CHECK-NEXT:  %[[IK:.*]] = graph.broadcast %[[INV]] dimensions = [0] {{.*}}: tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK-NEXT:  return %[[Y]], %[[MK]], %[[IK]]
func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %0:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 {device.affinity = #device.affinity<@cpu>} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// -----

// The statistics (mean, inv_std_dev) of a layer norm are only computed
// where they are used.
// CHECK-LABEL: func.func @layer_norm_result_only
// CHECK-NOT:   graph.constant {{.*}}dense<1.000000e+00>
// CHECK-NOT:   tensor<4x1xf32>
// CHECK:       return
func.func @layer_norm_result_only(%x: tensor<4x6xf32>, %s: tensor<6xf32>) -> tensor<4x6xf32> {
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %0#0 : tensor<4x6xf32>
}

// -----

// gelu: 0.5 x (1 + erf(x / sqrt 2)), and the tanh approximation.
// CHECK-LABEL: func.func @gelu
// CHECK-NEXT:  %[[H:.*]] = graph.constant dense<5.000000e-01> : tensor<7xf32>
// CHECK-NEXT:  %[[ONE:.*]] = graph.constant dense<1.000000e+00> : tensor<7xf32>
// CHECK-NEXT:  %[[HX:.*]] = graph.mul %arg0, %[[H]] : tensor<7xf32>
// CHECK-NEXT:  %[[C:.*]] = graph.constant dense<0.707106769> : tensor<7xf32>
// CHECK-NEXT:  %[[A:.*]] = graph.mul %arg0, %[[C]] : tensor<7xf32>
// CHECK-NEXT:  %[[E:.*]] = graph.erf %[[A]] : tensor<7xf32>
// CHECK-NEXT:  %[[T:.*]] = graph.add %[[E]], %[[ONE]] : tensor<7xf32>
// CHECK-NEXT:  %[[R:.*]] = graph.mul %[[HX]], %[[T]] : tensor<7xf32>
// CHECK-NEXT:  return %[[R]]
func.func @gelu(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = graph.gelu %x approximate = none : tensor<7xf32>
  return %0 : tensor<7xf32>
}
// f16 is computed in f32 (cast in, cast out: one rounding).
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-NEXT:  %[[X:.*]] = graph.cast %arg0 : tensor<7xf16> -> tensor<7xf32>
// CHECK-NEXT:  %[[H:.*]] = graph.constant dense<5.000000e-01> : tensor<7xf32>
// CHECK-NEXT:  %[[ONE:.*]] = graph.constant dense<1.000000e+00> : tensor<7xf32>
// CHECK-NEXT:  %[[HX:.*]] = graph.mul %[[X]], %[[H]] : tensor<7xf32>
// CHECK-NEXT:  %[[K:.*]] = graph.constant dense<4.471500e-02> : tensor<7xf32>
// CHECK-NEXT:  %[[C:.*]] = graph.constant dense<0.797884583> : tensor<7xf32>
// CHECK-NEXT:  %[[X2:.*]] = graph.mul %[[X]], %[[X]] : tensor<7xf32>
// CHECK-NEXT:  %[[X3:.*]] = graph.mul %[[X2]], %[[X]] : tensor<7xf32>
// CHECK-NEXT:  %[[KX3:.*]] = graph.mul %[[X3]], %[[K]] : tensor<7xf32>
// CHECK-NEXT:  %[[S:.*]] = graph.add %[[X]], %[[KX3]] : tensor<7xf32>
// CHECK-NEXT:  %[[A:.*]] = graph.mul %[[S]], %[[C]] : tensor<7xf32>
// CHECK-NEXT:  %[[TH:.*]] = graph.tanh %[[A]] : tensor<7xf32>
// CHECK-NEXT:  %[[T:.*]] = graph.add %[[TH]], %[[ONE]] : tensor<7xf32>
// CHECK-NEXT:  %[[R:.*]] = graph.mul %[[HX]], %[[T]] : tensor<7xf32>
// CHECK-NEXT:  %[[RH:.*]] = graph.cast %[[R]] : tensor<7xf32> -> tensor<7xf16>
// CHECK-NEXT:  return %[[RH]]
func.func @gelu_tanh(%x: tensor<7xf16>) -> tensor<7xf16> {
  %0 = graph.gelu %x approximate = tanh : tensor<7xf16>
  return %0 : tensor<7xf16>
}

// -----

// Composites inside a graph.if region are decomposed too; other ops are kept.
// CHECK-LABEL: func.func @nested
// CHECK:       graph.if
// CHECK-NEXT:  graph.reduce_sum
// CHECK-NEXT:  graph.constant
// CHECK-NEXT:  graph.div
// CHECK-NEXT:  graph.yield
// CHECK-NOT:   graph.reduce_mean
func.func @nested(%c: i1, %x: tensor<2x2xf32>) -> tensor<2xf32> {
  %0 = graph.if %c -> (tensor<2xf32>) {
    %1 = graph.reduce_mean %x axes = [1] : tensor<2x2xf32> -> tensor<2xf32>
    graph.yield %1 : tensor<2xf32>
  } else {
    %2 = graph.reduce_max %x axes = [1] : tensor<2x2xf32> -> tensor<2xf32>
    graph.yield %2 : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// pow by 1, 2, 3 or 4 everywhere (a broadcast or splat constant) becomes
// multiplications; the exponent's constant goes with it. Other exponents, a
// tensor of exponents that differ, and f16 (computed in f32 by pow) stay pow.
// CHECK-LABEL: func.func @powers
// CHECK-NEXT:  %[[C:.*]] = graph.mul %arg0, %arg0 : tensor<2x3xf32>
// CHECK-NEXT:  %[[C3:.*]] = graph.mul %[[C]], %arg0 : tensor<2x3xf32>
// CHECK-NEXT:  %[[S:.*]] = graph.mul %arg0, %arg0 : tensor<2x3xf32>
// CHECK-NEXT:  %[[S4:.*]] = graph.mul %[[S]], %[[S]] : tensor<2x3xf32>
// CHECK-NEXT:  %[[Q:.*]] = graph.mul %arg1, %arg1 : tensor<4xf64>
// CHECK-NEXT:  %[[H:.*]] = graph.constant dense<5.000000e-01> : tensor<2x3xf32>
// CHECK-NEXT:  %[[P:.*]] = graph.pow %arg0, %[[H]] : tensor<2x3xf32>
// CHECK-NEXT:  %[[M:.*]] = graph.constant dense<[2.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:  %[[MB:.*]] = graph.broadcast %[[M]] dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:  %[[PM:.*]] = graph.pow %arg0, %[[MB]] : tensor<2x3xf32>
// CHECK-NEXT:  %[[I:.*]] = graph.constant dense<2.000000e+00> : tensor<5xf16>
// CHECK-NEXT:  %[[PI:.*]] = graph.pow %arg2, %[[I]] : tensor<5xf16>
// CHECK-NEXT:  return %[[C3]], %[[S4]], %arg0, %[[Q]], %[[P]], %[[PM]], %[[PI]]
func.func @powers(%x: tensor<2x3xf32>, %y: tensor<4xf64>, %i: tensor<5xf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<5xf16>) {
  %three = graph.constant dense<3.0> : tensor<f32>
  %e3 = graph.broadcast %three dimensions = [] : tensor<f32> -> tensor<2x3xf32>
  %cube = graph.pow %x, %e3 : tensor<2x3xf32>
  %e4 = graph.constant dense<4.0> : tensor<2x3xf32>
  %fourth = graph.pow %x, %e4 : tensor<2x3xf32>
  %e1 = graph.constant dense<1.0> : tensor<2x3xf32>
  %first = graph.pow %x, %e1 : tensor<2x3xf32>
  %e2 = graph.constant dense<2.0> : tensor<4xf64>
  %square = graph.pow %y, %e2 : tensor<4xf64>
  %eh = graph.constant dense<0.5> : tensor<2x3xf32>
  %root = graph.pow %x, %eh : tensor<2x3xf32>
  %em = graph.constant dense<[2.0, 3.0, 2.0]> : tensor<3xf32>
  %emb = graph.broadcast %em dimensions = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %mixed = graph.pow %x, %emb : tensor<2x3xf32>
  %ei = graph.constant dense<2.0> : tensor<5xf16>
  %ipow = graph.pow %i, %ei : tensor<5xf16>
  return %cube, %fourth, %first, %square, %root, %mixed, %ipow : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<5xf16>
}
