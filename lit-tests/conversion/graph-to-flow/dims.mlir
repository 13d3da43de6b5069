// RUN: xopt %s --split-input-file --flow-form-dispatch-regions | xcheck %s
// RUN: xopt %s --split-input-file --convert-graph-to-flow | xcheck %s --check-prefix=FLOW

// Dynamic dims of dispatch region results, computed outside the region from
// the inputs' dims by each op's shape rule (dims.rs): a graph.dim of the
// input dim the result dim equals, given to the region (and, outlined, to the
// flow.dispatch with the arguments' dims), joined by index arithmetic where a
// result dim is a sum (a concat's axis) or a quotient (a reshape's dynamic
// dim). Outlined, the kernel takes an index argument per dynamic dim: the
// arguments' then the results'.

// Elementwise: the operand's dims, through a chain of fused ops.
func.func @elementwise(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %e = graph.exp %x : tensor<?x4xf32>
  %a = graph.add %e, %e : tensor<?x4xf32>
  return %a : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @elementwise(%arg0: tensor<?x4xf32>)
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: %{{.+}} = flow.dispatch.region -> (tensor<?x4xf32>{%[[D]]}) {
// FLOW: func.func @elementwise_dispatch_0(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: index) -> tensor<?x4xf32> {
// FLOW-LABEL: func.func @elementwise(%arg0: tensor<?x4xf32>)
// FLOW-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// FLOW-NEXT: %{{.+}} = flow.dispatch @elementwise_dispatch_0::@elementwise_dispatch_0(%arg0) : (tensor<?x4xf32>{%[[D]]}) -> tensor<?x4xf32>{%[[D]]}

// -----

// Matmul: m from the lhs, n from the rhs; a fused consumer keeps them.
func.func @matmul(%a: tensor<?x8xf32>, %b: tensor<8x?xf32>) -> tensor<?x?xf32> {
  %m = graph.matmul %a, %b : (tensor<?x8xf32>, tensor<8x?xf32>) -> tensor<?x?xf32>
  %r = graph.relu %m : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @matmul(%arg0: tensor<?x8xf32>, %arg1: tensor<8x?xf32>)
// CHECK-NEXT: %[[M:.+]] = graph.dim %arg0, 0 : tensor<?x8xf32>
// CHECK-NEXT: %[[N:.+]] = graph.dim %arg1, 1 : tensor<8x?xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x?xf32>{%[[M]], %[[N]]}) {
// FLOW: func.func @matmul_dispatch_0(%arg0: tensor<?x8xf32>, %arg1: tensor<8x?xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> tensor<?x?xf32> {
// FLOW-LABEL: func.func @matmul(
// FLOW-NEXT: %[[M:.+]] = graph.dim %arg0, 0 : tensor<?x8xf32>
// FLOW-NEXT: %[[N:.+]] = graph.dim %arg1, 1 : tensor<8x?xf32>
// FLOW-NEXT: flow.dispatch @matmul_dispatch_0::@matmul_dispatch_0(%arg0, %arg1) : (tensor<?x8xf32>{%[[M]]}, tensor<8x?xf32>{%[[N]]}) -> tensor<?x?xf32>{%[[M]], %[[N]]}

// -----

// Batched matmul: the batch dim from the lhs.
func.func @batch(%a: tensor<?x2x8xf32>, %b: tensor<?x8x3xf32>) -> tensor<?x2x3xf32> {
  %m = graph.matmul %a, %b : (tensor<?x2x8xf32>, tensor<?x8x3xf32>) -> tensor<?x2x3xf32>
  return %m : tensor<?x2x3xf32>
}
// CHECK-LABEL: func.func @batch
// CHECK-NEXT: %[[B:.+]] = graph.dim %arg0, 0 : tensor<?x2x8xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x2x3xf32>{%[[B]]}) {

// -----

// Transpose: permuted.
func.func @transpose(%x: tensor<?x4x?xf32>) -> tensor<?x?x4xf32> {
  %t = graph.transpose %x permutation = [2, 0, 1] : tensor<?x4x?xf32> -> tensor<?x?x4xf32>
  return %t : tensor<?x?x4xf32>
}
// CHECK-LABEL: func.func @transpose
// CHECK-NEXT: %[[D2:.+]] = graph.dim %arg0, 2 : tensor<?x4x?xf32>
// CHECK-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x4x?xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x?x4xf32>{%[[D2]], %[[D0]]}) {
// FLOW: func.func @transpose_dispatch_0(%arg0: tensor<?x4x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> tensor<?x?x4xf32> {
// FLOW-LABEL: func.func @transpose(
// FLOW-NEXT: %[[D2:.+]] = graph.dim %arg0, 2 : tensor<?x4x?xf32>
// FLOW-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x4x?xf32>
// FLOW-NEXT: flow.dispatch @transpose_dispatch_0::@transpose_dispatch_0(%arg0) : (tensor<?x4x?xf32>{%[[D0]], %[[D2]]}) -> tensor<?x?x4xf32>{%[[D2]], %[[D0]]}

// -----

// Reduction: the dims not reduced.
func.func @reduce(%x: tensor<?x4x?xf32>) -> tensor<?x?xf32> {
  %s = graph.reduce_sum %x axes = [1] : tensor<?x4x?xf32> -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @reduce
// CHECK-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x4x?xf32>
// CHECK-NEXT: %[[D2:.+]] = graph.dim %arg0, 2 : tensor<?x4x?xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x?xf32>{%[[D0]], %[[D2]]}) {

// -----

// Broadcast: a result dim from the input dim mapped to it.
func.func @broadcast(%x: tensor<?x4xf32>) -> tensor<3x?x4xf32> {
  %b = graph.broadcast %x dimensions = [1, 2] : tensor<?x4xf32> -> tensor<3x?x4xf32>
  return %b : tensor<3x?x4xf32>
}
// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<3x?x4xf32>{%[[D]]}) {

// -----

// Concat: the dims off the axis from the first input.
func.func @concat(%x: tensor<?x4xf32>, %y: tensor<?x2xf32>) -> tensor<?x6xf32> {
  %c = graph.concat %x, %y axis = 1 : (tensor<?x4xf32>, tensor<?x2xf32>) -> tensor<?x6xf32>
  return %c : tensor<?x6xf32>
}
// CHECK-LABEL: func.func @concat
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x6xf32>{%[[D]]}) {

// -----

// Reshape: its one dynamic dim kept when the static rest has as many elements.
func.func @reshape(%x: tensor<?x4xf32>) -> tensor<2x?x2xf32> {
  %r = graph.reshape %x : tensor<?x4xf32> -> tensor<2x?x2xf32>
  return %r : tensor<2x?x2xf32>
}
// CHECK-LABEL: func.func @reshape
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<2x?x2xf32>{%[[D]]}) {

// -----

// Concat along a dynamic axis: the sum of the inputs' axis dims, the dynamic
// ones in order, then the static ones as one constant.
func.func @concat_axis(%a: tensor<?x2xi32>, %b: tensor<1x2xi32>) -> tensor<?x2xi32> {
  %c = graph.concat %a, %b axis = 0 : (tensor<?x2xi32>, tensor<1x2xi32>) -> tensor<?x2xi32>
  return %c : tensor<?x2xi32>
}
// CHECK-LABEL: func.func @concat_axis
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x2xi32>
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[S:.+]] = arith.addi %[[D]], %[[C1]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x2xi32>{%[[S]]}) {
// FLOW-LABEL: func.func @concat_axis(
// FLOW-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x2xi32>
// FLOW-NEXT: %[[C1:.+]] = arith.constant 1 : index
// FLOW-NEXT: %[[S:.+]] = arith.addi %[[D]], %[[C1]] : index
// FLOW-NEXT: flow.dispatch @concat_axis_dispatch_0::@concat_axis_dispatch_0(%arg0, %arg1) : (tensor<?x2xi32>{%[[D]]}, tensor<1x2xi32>) -> tensor<?x2xi32>{%[[S]]}

// -----

// Several dynamic inputs, and a static axis size in two places; through a
// fused consumer.
func.func @concat_sum(%a: tensor<?x4xf32>, %b: tensor<2x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %j = graph.concat %a, %b, %c, %b axis = 0 : (tensor<?x4xf32>, tensor<2x4xf32>, tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  %r = graph.relu %j : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @concat_sum
// CHECK-NEXT: %[[A:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: %[[C:.+]] = graph.dim %arg2, 0 : tensor<?x4xf32>
// CHECK-NEXT: %[[AC:.+]] = arith.addi %[[A]], %[[C]] : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[S:.+]] = arith.addi %[[AC]], %[[C4]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x4xf32>{%[[S]]}) {

// -----

// Reshape merging a dynamic dim with static ones: the input's element count
// over the result's static one (here 1, so no division).
func.func @reshape_merge(%x: tensor<?x4xi32>) -> tensor<?xi32> {
  %r = graph.reshape %x : tensor<?x4xi32> -> tensor<?xi32>
  return %r : tensor<?xi32>
}
// CHECK-LABEL: func.func @reshape_merge
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xi32>
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[N:.+]] = arith.muli %[[D]], %[[C4]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?xi32>{%[[N]]}) {
// FLOW: func.func @reshape_merge_dispatch_0(%arg0: tensor<?x4xi32>, %arg1: index, %arg2: index) -> tensor<?xi32> {
// FLOW-LABEL: func.func @reshape_merge(
// FLOW-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xi32>
// FLOW-NEXT: %[[C4:.+]] = arith.constant 4 : index
// FLOW-NEXT: %[[N:.+]] = arith.muli %[[D]], %[[C4]] : index
// FLOW-NEXT: flow.dispatch @reshape_merge_dispatch_0::@reshape_merge_dispatch_0(%arg0) : (tensor<?x4xi32>{%[[D]]}) -> tensor<?xi32>{%[[N]]}

// -----

// Two dynamic input dims multiplied.
func.func @reshape_flatten(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = graph.reshape %x : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @reshape_flatten
// CHECK-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x?xf32>
// CHECK-NEXT: %[[D1:.+]] = graph.dim %arg0, 1 : tensor<?x?xf32>
// CHECK-NEXT: %[[N:.+]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?xf32>{%[[N]]}) {

// -----

// Splitting: divided by the result's static element count.
func.func @reshape_split(%x: tensor<?xf32>) -> tensor<?x4xf32> {
  %r = graph.reshape %x : tensor<?xf32> -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @reshape_split
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?xf32>
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[N:.+]] = arith.divui %[[D]], %[[C4]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x4xf32>{%[[N]]}) {

// -----

// Both: the common factor of the two static counts (6 and 4) cancelled, so
// d0 * d2 * 3 / 2.
func.func @reshape_both(%x: tensor<?x6x?xf32>) -> tensor<4x?xf32> {
  %r = graph.reshape %x : tensor<?x6x?xf32> -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
// CHECK-LABEL: func.func @reshape_both
// CHECK-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x6x?xf32>
// CHECK-NEXT: %[[D2:.+]] = graph.dim %arg0, 2 : tensor<?x6x?xf32>
// CHECK-NEXT: %[[P:.+]] = arith.muli %[[D0]], %[[D2]] : index
// CHECK-NEXT: %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[N:.+]] = arith.muli %[[P]], %[[C3]] : index
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[Q:.+]] = arith.divui %[[N]], %[[C2]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<4x?xf32>{%[[Q]]}) {

// -----

// An input with no element: the result has none either.
func.func @reshape_empty(%x: tensor<0x?xf32>) -> tensor<?xf32> {
  %r = graph.reshape %x : tensor<0x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @reshape_empty
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?xf32>{%[[C0]]}) {

// -----

// Rules compose in a region: a split reshape feeds a concat (twice; its dim
// made once) that feeds the matmul root.
func.func @nested(%a: tensor<?x2xf32>, %b: tensor<?x4xf32>, %w: tensor<4x4xf32>) -> tensor<?x4xf32> {
  %r = graph.reshape %a : tensor<?x2xf32> -> tensor<?x4xf32>
  %c = graph.concat %r, %b, %r axis = 0 : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %m = graph.matmul %c, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  return %m : tensor<?x4xf32>
}
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %[[A:.+]] = graph.dim %arg0, 0 : tensor<?x2xf32>
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[R:.+]] = arith.divui %[[A]], %[[C2]] : index
// CHECK-NEXT: %[[B:.+]] = graph.dim %arg1, 0 : tensor<?x4xf32>
// CHECK-NEXT: %[[RB:.+]] = arith.addi %[[R]], %[[B]] : index
// CHECK-NEXT: %[[S:.+]] = arith.addi %[[RB]], %[[R]] : index
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x4xf32>{%[[S]]}) {
// CHECK-NEXT: graph.reshape
// CHECK-NEXT: graph.concat
// CHECK-NEXT: graph.matmul
// Outlined, the dispatch takes the arguments' dims from the graph.dim ops
// among the arithmetic.
// FLOW-LABEL: func.func @nested(
// FLOW-NEXT: %[[A:.+]] = graph.dim %arg0, 0 : tensor<?x2xf32>
// FLOW-NEXT: %[[C2:.+]] = arith.constant 2 : index
// FLOW-NEXT: %[[R:.+]] = arith.divui %[[A]], %[[C2]] : index
// FLOW-NEXT: %[[B:.+]] = graph.dim %arg1, 0 : tensor<?x4xf32>
// FLOW-NEXT: %[[RB:.+]] = arith.addi %[[R]], %[[B]] : index
// FLOW-NEXT: %[[S:.+]] = arith.addi %[[RB]], %[[R]] : index
// FLOW-NEXT: flow.dispatch @nested_dispatch_0::@nested_dispatch_0(%arg0, %arg1, %arg2) : (tensor<?x2xf32>{%[[A]]}, tensor<?x4xf32>{%[[B]]}, tensor<4x4xf32>) -> tensor<?x4xf32>{%[[S]]}

// -----

// Two regions in one block share the dims of their inputs; a region reading
// another's result takes its dims from a graph.dim of that result.
func.func @shared(%x: tensor<?x4xf32>, %w: tensor<4x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %e = graph.exp %x : tensor<?x4xf32>
  %m = graph.matmul %x, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %n = graph.matmul %m, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  return %e, %n : tensor<?x4xf32>, tensor<?x4xf32>
}
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// CHECK-NEXT: %[[E:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[D]]}) {
// CHECK: %[[M:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[D]]}) {
// CHECK: %[[DM:.+]] = graph.dim %[[M]], 0 : tensor<?x4xf32>
// CHECK-NEXT: flow.dispatch.region -> (tensor<?x4xf32>{%[[DM]]}) {
// Both matmuls have the same kernel (same body and signature, dim arguments
// included): one executable.
// FLOW: func.func @shared_dispatch_1(%arg0: tensor<?x4xf32>, %arg1: tensor<4x4xf32>, %arg2: index, %arg3: index) -> tensor<?x4xf32> {
// FLOW-NOT: func.func @shared_dispatch_2
// FLOW-LABEL: func.func @shared(
// FLOW: flow.dispatch @shared_dispatch_1::@shared_dispatch_1(%arg0, %arg1)
// FLOW: flow.dispatch @shared_dispatch_1::@shared_dispatch_1(%{{.+}}, %arg1)
