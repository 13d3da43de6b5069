// RUN: xopt %s --split-input-file --graph-fold-conv-affine | xcheck %s

// graph-fold-conv-affine folds a per-channel scale and shift after a conv
// with constant weights into its filter and bias (an inference
// BatchNormalization is x * s + t per channel): rows of the filter scaled,
// the bias shifted (made when there was none), the user replaced.

// CHECK-LABEL: func.func @scale_then_shift
// CHECK-NEXT: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}1.500000e+00]], {{\[\[}}2.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<[-1.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[C:.*]] = graph.conv %arg0, %[[W]], %[[B]] {{.*}}
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[C]]
// CHECK-NEXT: return %[[R]]
func.func @scale_then_shift(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %s = graph.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %t = graph.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %c = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %sb = graph.broadcast %s dimensions = [1] : tensor<2xf32> -> tensor<1x2x3x3xf32>
  %m = graph.mul %sb, %c : tensor<1x2x3x3xf32>
  %tb = graph.broadcast %t dimensions = [1] : tensor<2xf32> -> tensor<1x2x3x3xf32>
  %a = graph.sub %m, %tb : tensor<1x2x3x3xf32>
  %r = graph.relu %a : tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}

// -----

// A splat divisor divides the filter and the bias.
// CHECK-LABEL: func.func @splat_div
// CHECK-NEXT: %[[W:.*]] = graph.constant dense<[{{\[\[}}5.000000e-01, 1.000000e+00]]]> : tensor<1x1x2xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<1.500000e+00> : tensor<1xf32>
// CHECK-NEXT: %[[C:.*]] = graph.conv %arg0, %[[W]], %[[B]] {{.*}}
// CHECK-NEXT: return %[[C]]
func.func @splat_div(%x: tensor<1x1x4xf32>) -> tensor<1x1x3xf32> {
  %w = graph.constant dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>
  %b = graph.constant dense<[3.0]> : tensor<1xf32>
  %k = graph.constant dense<2.0> : tensor<1x1x3xf32>
  %c = graph.conv %x, %w, %b strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x4xf32>, tensor<1x1x2xf32>, tensor<1xf32>) -> tensor<1x1x3xf32>
  %d = graph.div %c, %k : tensor<1x1x3xf32>
  return %d : tensor<1x1x3xf32>
}

// -----

// Not folded: the conv has two users; the filter is not a constant; the
// conv is the divisor; the other operand varies within a channel.
// CHECK-LABEL: func.func @kept
// CHECK: graph.conv
// CHECK-NEXT: graph.add
// CHECK-NEXT: graph.conv
// CHECK-NEXT: graph.mul
// CHECK-NEXT: graph.conv
// CHECK-NEXT: graph.div
// CHECK-NEXT: graph.conv
// CHECK-NEXT: graph.mul
func.func @kept(%x: tensor<1x1x4xf32>, %v: tensor<1x1x2xf32>, %y: tensor<1x1x3xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>) {
  %w = graph.constant dense<[[[1.0, 2.0]]]> : tensor<1x1x2xf32>
  %k = graph.constant dense<2.0> : tensor<1x1x3xf32>
  %c0 = graph.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  %a = graph.add %c0, %k : tensor<1x1x3xf32>
  %c1 = graph.conv %x, %v strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  %m = graph.mul %c1, %k : tensor<1x1x3xf32>
  %c2 = graph.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  %d = graph.div %k, %c2 : tensor<1x1x3xf32>
  %c3 = graph.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  %n = graph.mul %c3, %y : tensor<1x1x3xf32>
  return %a, %m, %d, %n, %c0 : tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>, tensor<1x1x3xf32>
}

// -----

// A dynamic batch: the scale is broadcast with the conv's batch given
// (graph.dim of the conv), a use that only reads dims; it still folds, and
// the dead broadcast and its dim go with it.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NEXT: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}6.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT: %[[C:.*]] = graph.conv %arg0, %[[W]] {{.*}} -> tensor<?x2x3x3xf32>
// CHECK-NEXT: return %[[C]]
func.func @dynamic_batch(%x: tensor<?x1x3x3xf32>) -> tensor<?x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>
  %s = graph.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %c = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [0, 0, 0, 0] groups = 1 : (tensor<?x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<?x2x3x3xf32>
  %n = graph.dim %c, 0 : tensor<?x2x3x3xf32>
  %sb = graph.broadcast %s [%n] dimensions = [1] : tensor<2xf32> -> tensor<?x2x3x3xf32>
  %m = graph.mul %c, %sb : tensor<?x2x3x3xf32>
  return %m : tensor<?x2x3x3xf32>
}

// -----

// f64 filters scale in f64 (0.1 * 3 keeps its f64 rounding), and a splat filter is scaled per channel (it
// stops being a splat).
// CHECK-LABEL: func.func @f64_splat_filter
// CHECK-NEXT: %[[W:.*]] = graph.constant dense<{{\[\[\[}}0.30000000000000004]], {{\[\[}}-5.000000e-01]]]> : tensor<2x1x1xf64>
// CHECK-NEXT: %[[C:.*]] = graph.conv %arg0, %[[W]] {{.*}}
// CHECK-NEXT: return %[[C]]
func.func @f64_splat_filter(%x: tensor<1x1x3xf64>) -> tensor<1x2x3xf64> {
  %w = graph.constant dense<0.1> : tensor<2x1x1xf64>
  %s = graph.constant dense<[3.0, -5.0]> : tensor<2xf64>
  %c = graph.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x1x3xf64>, tensor<2x1x1xf64>) -> tensor<1x2x3xf64>
  %sb = graph.broadcast %s dimensions = [1] : tensor<2xf64> -> tensor<1x2x3xf64>
  %m = graph.mul %c, %sb : tensor<1x2x3xf64>
  return %m : tensor<1x2x3xf64>
}
