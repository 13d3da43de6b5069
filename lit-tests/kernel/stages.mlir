// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel --split-input-file 2>/dev/null | xcheck %s

// Matmul is the named micro-kernel; the single-use elementwise ops after it
// (bias add, relu) are its epilogue, each input read through a map over the
// result's dims. A producer of a matmul operand gets a scratch buffer.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @layer(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
    %t = graph.tanh %x : tensor<8x16xf32>
    %0 = graph.matmul %t, %w : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %1 = graph.broadcast %b dimensions = [1] : tensor<32xf32> -> tensor<8x32xf32>
    %2 = graph.add %0, %1 : tensor<8x32xf32>
    %3 = graph.relu %2 : tensor<8x32xf32>
    return %3 : tensor<8x32xf32>
  }
}
// CHECK: #[[BIAS:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @layer_dispatch_0() {
// CHECK: %[[X:.+]] = kernel.binding 0 : memref<8x16xf32>
// CHECK: %[[W:.+]] = kernel.binding 1 : memref<16x32xf32>
// CHECK: %[[B:.+]] = kernel.binding 2 : memref<32xf32>
// CHECK: %[[O:.+]] = kernel.binding 3 : memref<8x32xf32>
// CHECK: %[[T:.+]] = kernel.alloc() : memref<8x16xf32>
// CHECK: kernel.generic ins(%[[X]] : memref<8x16xf32>) outs(%[[T]] : memref<8x16xf32>)
// CHECK: kernel.tanh
// CHECK: kernel.matmul ins(%[[T]], %[[W]] : memref<8x16xf32>, memref<16x32xf32>) outs(%[[O]] : memref<8x32xf32>) epilogue(%[[B]] : memref<32xf32>) attributes {indexing_maps = [#[[BIAS]]]} {
// CHECK-NEXT: ^bb0(%[[ACC:.+]]: f32, %[[BV:.+]]: f32):
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[ACC]], %[[BV]] : f32
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.+]] = arith.maximumf %[[S]], %[[Z]] : f32
// CHECK-NEXT: kernel.yield %[[R]] : f32

// -----

// A reduction is a fill with the identity (-inf for a max), then a generic
// whose reduced dims come last, in order, and whose body combines into the
// accumulator (the output's block argument); its producers are fused in.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @rmax(%x: tensor<3x5x7xf32>) -> tensor<5xf32> {
    %0 = graph.neg %x : tensor<3x5x7xf32>
    %1 = graph.reduce_max %0 axes = [2, 0] : tensor<3x5x7xf32> -> tensor<5xf32>
    return %1 : tensor<5xf32>
  }
}
// CHECK-DAG: #[[ID1:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[IN:.+]] = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
// CHECK-DAG: #[[OUT:.+]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @rmax_dispatch_0() {
// CHECK: kernel.generic outs(%[[O:.+]] : memref<5xf32>) domain(%{{.+}}) attributes {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"], vector_width = 4 : i64} {
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: kernel.generic ins(%{{.+}} : memref<3x5x7xf32>) outs(%[[O]] : memref<5xf32>) domain(%c5, %c3, %c7) attributes {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction", "reduction"]} {
// CHECK-NEXT: ^bb0(%[[V:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT: %[[N:.+]] = arith.negf %[[V]] : f32
// CHECK-NEXT: %[[M:.+]] = arith.maximumf %[[ACC]], %[[N]] : f32
// CHECK-NEXT: kernel.yield %[[M]] : f32

// -----

// Dynamic dims: a binding takes its dims from the kernel's index arguments;
// a concat writes each piece at its offset, a dynamic offset as a map symbol.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @cat(%a: tensor<?x4xi32>, %b: tensor<?x4xi32>) -> tensor<?x4xi32> {
    %0 = graph.concat %a, %b axis = 0 : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
    return %0 : tensor<?x4xi32>
  }
}
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[IDS:.+]] = affine_map<(d0, d1)[s0] -> (d0, d1)>
// CHECK-DAG: #[[SHIFT:.+]] = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>
// CHECK-LABEL: func.func @cat_dispatch_0(
// CHECK-SAME: %[[D0:.+]]: index, %[[D1:.+]]: index, %[[D2:.+]]: index) {
// CHECK: %[[A:.+]] = kernel.binding 0(%[[D0]]) : memref<?x4xi32>
// CHECK: %[[B:.+]] = kernel.binding 1(%[[D1]]) : memref<?x4xi32>
// CHECK: %[[O:.+]] = kernel.binding 2(%[[D2]]) : memref<?x4xi32>
// CHECK: kernel.generic ins(%[[A]] : memref<?x4xi32>) outs(%[[O]] : memref<?x4xi32>) domain(%[[D0]], %{{.+}}) attributes {indexing_maps = [#[[ID]], #[[ID]]]
// CHECK: kernel.generic ins(%[[B]] : memref<?x4xi32>) outs(%[[O]] : memref<?x4xi32>) domain(%[[D1]], %{{.+}}) symbols(%[[D0]]) attributes {indexing_maps = [#[[IDS]], #[[SHIFT]]]

// -----

// Integer division keeps the reference's total semantics: x / 0 = 0 and
// MIN / -1 = MIN, by a safe divisor and selects (never a trap).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @idiv(%a: tensor<6xi16>, %b: tensor<6xi16>) -> tensor<6xi16> {
    %0 = graph.div %a, %b : tensor<6xi16>
    return %0 : tensor<6xi16>
  }
}
// CHECK-LABEL: func.func @idiv_dispatch_0() {
// CHECK: ^bb0(%[[X:.+]]: i16, %[[Y:.+]]: i16, %{{.+}}: i16):
// CHECK: %[[IS0:.+]] = arith.cmpi eq, %[[Y]], %[[C0:.+]] : i16
// CHECK: %[[ISM1:.+]] = arith.cmpi eq, %[[Y]], %[[CM1:.+]] : i16
// CHECK: %[[BAD:.+]] = arith.ori %[[IS0]], %[[ISM1]] : i1
// CHECK: %[[SAFE:.+]] = arith.select %[[BAD]], %{{.+}}, %[[Y]] : i16
// CHECK: %[[Q:.+]] = arith.divsi %[[X]], %[[SAFE]] : i16
// CHECK: %[[NEG:.+]] = arith.subi %[[C0]], %[[X]] : i16
// CHECK: %[[Q2:.+]] = arith.select %[[ISM1]], %[[NEG]], %[[Q]] : i16
// CHECK: arith.select %[[IS0]], %[[C0]], %[[Q2]] : i16

// -----

// A reshape is a view of its operand's buffer (graph → flow fuses it into
// its producer's kernel); a value returned only reshaped is written into the
// result's binding through a view of it, with no copy.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @flat(%a: tensor<2x6xf32>) -> tensor<12xf32> {
    %0 = graph.exp %a : tensor<2x6xf32>
    %1 = graph.reshape %0 : tensor<2x6xf32> -> tensor<12xf32>
    return %1 : tensor<12xf32>
  }
}
// CHECK-LABEL: func.func @flat_dispatch_0() {
// CHECK-NEXT: %[[A:.+]] = kernel.binding 0 : memref<2x6xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 1 : memref<12xf32>
// CHECK-NEXT: %[[T:.+]] = kernel.reshape %[[O]] : memref<12xf32> to memref<2x6xf32>
// CHECK: kernel.generic ins(%[[A]] : memref<2x6xf32>) outs(%[[T]] : memref<2x6xf32>)
// CHECK: kernel.exp
// CHECK: kernel.reshape %[[T]] : memref<2x6xf32> to memref<12xf32>
// CHECK-NOT: kernel.generic
// CHECK: return
