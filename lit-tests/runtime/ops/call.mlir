// func.call run end to end: a public function calling a private one (twice,
// with different arguments), a callee with two results, a chain of calls,
// calls passing host scalars (an i1 for a graph.if in the callee, an index),
// a callee on a dynamic shape called with the caller's rows, and a callee
// that is itself public and runnable on its own.

// relu(x) + relu(-x) = |x|, each relu a call.
// RUN: xrun %s --function=abs --input="5xf32=-2 -0.5 0 1.5 3" | xcheck %s --check-prefix=ABS --match-full-lines
// ABS:      EXEC @abs
// ABS-NEXT: result[0]: hal.buffer_view
// ABS-NEXT: 5xf32=2 0.5 0 1.5 3
// ABS-EMPTY:
func.func private @relu(%x: tensor<5xf32>) -> tensor<5xf32> {
  %0 = graph.relu %x : tensor<5xf32>
  return %0 : tensor<5xf32>
}
func.func @abs(%x: tensor<5xf32>) -> tensor<5xf32> {
  %n = graph.neg %x : tensor<5xf32>
  %a = func.call @relu(%x) : (tensor<5xf32>) -> tensor<5xf32>
  %b = func.call @relu(%n) : (tensor<5xf32>) -> tensor<5xf32>
  %s = graph.add %a, %b : tensor<5xf32>
  return %s : tensor<5xf32>
}

// Two results from the callee: (a + b, a - b); the caller multiplies them:
// a*a - b*b.
// RUN: xrun %s --function=diff_squares --input="3xi32=5 3 -4" --input="3xi32=3 5 1" | xcheck %s --check-prefix=SQ --match-full-lines
// SQ: 3xi32=16 -16 15
// The callee is public too and runs by itself.
// RUN: xrun %s --function=sum_diff --input="3xi32=5 3 -4" --input="3xi32=3 5 1" | xcheck %s --check-prefix=SD --match-full-lines
// SD:      result[0]: hal.buffer_view
// SD-NEXT: 3xi32=8 8 -3
// SD-NEXT: result[1]: hal.buffer_view
// SD-NEXT: 3xi32=2 -2 -5
func.func @sum_diff(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %s = graph.add %a, %b : tensor<3xi32>
  %d = graph.sub %a, %b : tensor<3xi32>
  return %s, %d : tensor<3xi32>, tensor<3xi32>
}
func.func @diff_squares(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0:2 = func.call @sum_diff(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  %p = graph.mul %0#0, %0#1 : tensor<3xi32>
  return %p : tensor<3xi32>
}

// A chain: outer -> middle -> inner, each adding one.
// RUN: xrun %s --function=outer --input="2x2xf64=[0 1][2 3]" | xcheck %s --check-prefix=CHAIN --match-full-lines
// CHAIN: 2x2xf64=[3 4][5 6]
func.func private @inner(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %one = graph.constant dense<1.0> : tensor<2x2xf64>
  %0 = graph.add %x, %one : tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}
func.func private @middle(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %one = graph.constant dense<1.0> : tensor<2x2xf64>
  %0 = func.call @inner(%x) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  %1 = graph.add %0, %one : tensor<2x2xf64>
  return %1 : tensor<2x2xf64>
}
func.func @outer(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %one = graph.constant dense<1.0> : tensor<2x2xf64>
  %0 = func.call @middle(%x) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  %1 = graph.add %0, %one : tensor<2x2xf64>
  return %1 : tensor<2x2xf64>
}

// A host scalar passed on: the i1 picks a branch inside the callee.
// RUN: xrun %s --function=choose --input="i1=1" --input="2xf32=1 -1" | xcheck %s --check-prefix=CHOOSE1 --match-full-lines
// CHOOSE1: 2xf32=-1 1
// RUN: xrun %s --function=choose --input="i1=0" --input="2xf32=1 -1" | xcheck %s --check-prefix=CHOOSE0 --match-full-lines
// CHOOSE0: 2xf32=1 0
func.func private @neg_or_relu(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = graph.if %c -> (tensor<2xf32>) {
    %n = graph.neg %x : tensor<2xf32>
    graph.yield %n : tensor<2xf32>
  } else {
    %r = graph.relu %x : tensor<2xf32>
    graph.yield %r : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}
func.func @choose(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @neg_or_relu(%c, %x) : (i1, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// A dynamic callee called on the caller's rows; it also returns the row
// count (an index) computed by graph.dim inside the callee.
// RUN: xrun %s --function=rows --input="3x2xi64=[1 2][3 4][5 6]" | xcheck %s --check-prefix=ROWS3 --match-full-lines
// ROWS3:      result[0]: hal.buffer_view
// ROWS3-NEXT: 3x2xi64=[2 4][6 8][10 12]
// ROWS3-NEXT: result[1]: i64=3
// RUN: xrun %s --function=rows --input="0x2xi64=" | xcheck %s --check-prefix=ROWS0 --match-full-lines
// ROWS0:      result[0]: hal.buffer_view
// ROWS0-NEXT: 0x2xi64=
// ROWS0-NEXT: result[1]: i64=0
func.func private @double(%x: tensor<?x2xi64>) -> (tensor<?x2xi64>, index) {
  %0 = graph.add %x, %x : tensor<?x2xi64>
  %n = graph.dim %x, 0 : tensor<?x2xi64>
  return %0, %n : tensor<?x2xi64>, index
}
func.func @rows(%x: tensor<?x2xi64>) -> (tensor<?x2xi64>, index) {
  %0:2 = func.call @double(%x) : (tensor<?x2xi64>) -> (tensor<?x2xi64>, index)
  return %0#0, %0#1 : tensor<?x2xi64>, index
}
