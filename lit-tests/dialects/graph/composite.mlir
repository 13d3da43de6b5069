// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s | xopt | xcheck %s

// Custom <-> generic round trips of the composite graph ops (reduce_mean,
// softmax, log_softmax, layer_norm, gelu) that graph-decompose rewrites into
// primitive ops. The generic form's property names are what an importer
// writes: axes (array<i64>), axis (i64), epsilon (f32), approximate (string).

// CHECK-LABEL: func.func @composites
// CHECK: graph.reduce_mean %arg0 axes = [0, 2] : tensor<2x?x5xf32> -> tensor<?xf32>
// CHECK: graph.reduce_mean %arg0 axes = [] : tensor<2x?x5xf32> -> tensor<2x?x5xf32>
// CHECK: graph.softmax %arg0 axis = 2 : tensor<2x?x5xf32>
// CHECK: graph.log_softmax %arg0 axis = 0 {tag = "t"} : tensor<2x?x5xf32>
// CHECK: %{{.*}}:3 = graph.layer_norm %arg0, %arg1, %arg2 axis = 1 epsilon = 9.99999974E-6 : (tensor<2x?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>) -> (tensor<2x?x5xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
// CHECK: graph.gelu %arg0 approximate = none : tensor<2x?x5xf32>
// CHECK: graph.gelu %arg3 approximate = tanh : tensor<7xf16>
// GEN-LABEL: sym_name = "composites"
// GEN: "graph.reduce_mean"(%{{.*}}) <{axes = array<i64: 0, 2>}> : (tensor<2x?x5xf32>) -> tensor<?xf32>
// GEN: "graph.reduce_mean"(%{{.*}}) <{axes = array<i64>}> : (tensor<2x?x5xf32>) -> tensor<2x?x5xf32>
// GEN: "graph.softmax"(%{{.*}}) <{axis = 2 : i64}> : (tensor<2x?x5xf32>) -> tensor<2x?x5xf32>
// GEN: "graph.log_softmax"(%{{.*}}) <{axis = 0 : i64}> {tag = "t"} : (tensor<2x?x5xf32>) -> tensor<2x?x5xf32>
// GEN: "graph.layer_norm"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i64, epsilon = 9.99999974E-6 : f32}> : (tensor<2x?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>) -> (tensor<2x?x5xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
// GEN: "graph.gelu"(%{{.*}}) <{approximate = "none"}> : (tensor<2x?x5xf32>) -> tensor<2x?x5xf32>
// GEN: "graph.gelu"(%{{.*}}) <{approximate = "tanh"}> : (tensor<7xf16>) -> tensor<7xf16>
func.func @composites(%x: tensor<2x?x5xf32>, %s: tensor<?x5xf32>, %b: tensor<?x5xf32>, %h: tensor<7xf16>) {
  %0 = graph.reduce_mean %x axes = [0, 2] : tensor<2x?x5xf32> -> tensor<?xf32>
  %1 = graph.reduce_mean %x axes = [] : tensor<2x?x5xf32> -> tensor<2x?x5xf32>
  %2 = graph.softmax %x axis = 2 : tensor<2x?x5xf32>
  %3 = graph.log_softmax %x axis = 0 {tag = "t"} : tensor<2x?x5xf32>
  %4:3 = graph.layer_norm %x, %s, %b axis = 1 epsilon = 1.0e-05 : (tensor<2x?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>) -> (tensor<2x?x5xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  %5 = graph.gelu %x approximate = none : tensor<2x?x5xf32>
  %6 = graph.gelu %h approximate = tanh : tensor<7xf16>
  return
}

// The generic form an importer emits parses to the same ops.
// CHECK-LABEL: func.func @generic
// CHECK: graph.softmax %arg0 axis = 1 : tensor<3x4xbf16>
// CHECK: graph.layer_norm %arg0, %arg1, %arg1 axis = 1 epsilon = 1.000000e-01 : (tensor<3x4xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> (tensor<3x4xbf16>, tensor<3x1xbf16>, tensor<3x1xbf16>)
// CHECK: graph.reduce_mean %arg0 axes = [1] : tensor<3x4xbf16> -> tensor<3xbf16>
// CHECK: graph.gelu %arg0 approximate = tanh : tensor<3x4xbf16>
// GEN-LABEL: sym_name = "generic"
func.func @generic(%x: tensor<3x4xbf16>, %s: tensor<4xbf16>) {
  %0 = "graph.softmax"(%x) <{axis = 1 : i64}> : (tensor<3x4xbf16>) -> tensor<3x4xbf16>
  %1:3 = "graph.layer_norm"(%x, %s, %s) <{axis = 1 : i64, epsilon = 0.1 : f32}> : (tensor<3x4xbf16>, tensor<4xbf16>, tensor<4xbf16>) -> (tensor<3x4xbf16>, tensor<3x1xbf16>, tensor<3x1xbf16>)
  %2 = "graph.reduce_mean"(%x) <{axes = array<i64: 1>}> : (tensor<3x4xbf16>) -> tensor<3xbf16>
  %3 = "graph.gelu"(%x) <{approximate = "tanh"}> : (tensor<3x4xbf16>) -> tensor<3x4xbf16>
  return
}
