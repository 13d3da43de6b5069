// graph.if run end to end: the i1 condition comes from --input (`i1=1`,
// `i1=0`, `i1=true`), and each branch's yielded tensors become the results.
// Both branches of one function, an if with two results, an if whose branch
// holds a matmul, nested ifs, and an if on a condition computed on the host.

// RUN: xrun %s --function=pick --input="i1=1" --input="3xf32=1 -2 3" | xcheck %s --check-prefix=THEN --match-full-lines
// RUN: xrun %s --function=pick --input="i1=true" --input="3xf32=1 -2 3" | xcheck %s --check-prefix=THEN --match-full-lines
// THEN:      EXEC @pick
// THEN-NEXT: result[0]: hal.buffer_view
// THEN-NEXT: 3xf32=-1 2 -3
// RUN: xrun %s --function=pick --input="i1=0" --input="3xf32=1 -2 3" | xcheck %s --check-prefix=ELSE --match-full-lines
// ELSE: 3xf32=2.71828 0.135335 20.0855
func.func @pick(%c: i1, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = graph.if %c -> (tensor<3xf32>) {
    %n = graph.neg %x : tensor<3xf32>
    graph.yield %n : tensor<3xf32>
  } else {
    %e = graph.exp %x : tensor<3xf32>
    graph.yield %e : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}

// Two results; the then branch yields its input unchanged, the else branch
// swaps them. The result after the if reads both.
// RUN: xrun %s --function=two --input="i1=1" --input="2xi32=1 2" --input="2xi32=10 20" | xcheck %s --check-prefix=TWO1 --match-full-lines
// TWO1:      result[0]: hal.buffer_view
// TWO1-NEXT: 2xi32=1 2
// TWO1-NEXT: result[1]: hal.buffer_view
// TWO1-NEXT: 2xi32=11 22
// RUN: xrun %s --function=two --input="i1=0" --input="2xi32=1 2" --input="2xi32=10 20" | xcheck %s --check-prefix=TWO0 --match-full-lines
// TWO0:      result[0]: hal.buffer_view
// TWO0-NEXT: 2xi32=10 20
// TWO0-NEXT: result[1]: hal.buffer_view
// TWO0-NEXT: 2xi32=11 22
func.func @two(%c: i1, %a: tensor<2xi32>, %b: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %0:2 = graph.if %c -> (tensor<2xi32>, tensor<2xi32>) {
    graph.yield %a, %b : tensor<2xi32>, tensor<2xi32>
  } else {
    graph.yield %b, %a : tensor<2xi32>, tensor<2xi32>
  }
  %s = graph.add %0#0, %0#1 : tensor<2xi32>
  return %0#0, %s : tensor<2xi32>, tensor<2xi32>
}

// A matmul in one branch, a relu before the if and an add after it:
// h = relu([[1 -2][3 4]]) = [[1 0][3 4]], h x h = [[1 0][15 16]].
// RUN: xrun %s --function=branchy --input="2x2xf32=[1 -2][3 4]" --input="2x2xf32=1" --input="i1=1" | xcheck %s --check-prefix=MM1 --match-full-lines
// MM1: 2x2xf32=[2 1][16 17]
// RUN: xrun %s --function=branchy --input="2x2xf32=[1 -2][3 4]" --input="2x2xf32=1" --input="i1=0" | xcheck %s --check-prefix=MM0 --match-full-lines
// MM0: 2x2xf32=[2 1][4 5]
func.func @branchy(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>, %c: i1) -> tensor<2x2xf32> {
  %h = graph.relu %x : tensor<2x2xf32>
  %y = graph.if %c -> (tensor<2x2xf32>) {
    %m = graph.matmul %h, %h : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    graph.yield %m : tensor<2x2xf32>
  } else {
    graph.yield %h : tensor<2x2xf32>
  }
  %o = graph.add %y, %w : tensor<2x2xf32>
  return %o : tensor<2x2xf32>
}

// Nested: (a, b) = (1, 1) -> x + x; (1, 0) -> x * x; (0, _) -> -x.
// RUN: xrun %s --function=nested --input="i1=1" --input="i1=1" --input="3xi64=1 2 3" | xcheck %s --check-prefix=N11 --match-full-lines
// N11: 3xi64=2 4 6
// RUN: xrun %s --function=nested --input="i1=1" --input="i1=0" --input="3xi64=1 2 3" | xcheck %s --check-prefix=N10 --match-full-lines
// N10: 3xi64=1 4 9
// RUN: xrun %s --function=nested --input="i1=0" --input="i1=1" --input="3xi64=1 2 3" | xcheck %s --check-prefix=N01 --match-full-lines
// N01: 3xi64=-1 -2 -3
func.func @nested(%a: i1, %b: i1, %x: tensor<3xi64>) -> tensor<3xi64> {
  %0 = graph.if %a -> (tensor<3xi64>) {
    %1 = graph.if %b -> (tensor<3xi64>) {
      %s = graph.add %x, %x : tensor<3xi64>
      graph.yield %s : tensor<3xi64>
    } else {
      %p = graph.mul %x, %x : tensor<3xi64>
      graph.yield %p : tensor<3xi64>
    }
    graph.yield %1 : tensor<3xi64>
  } else {
    %n = graph.neg %x : tensor<3xi64>
    graph.yield %n : tensor<3xi64>
  }
  return %0 : tensor<3xi64>
}

// The condition computed on the host from a dynamic dim: more than 2 rows
// takes the then branch. Each branch returns a tensor of the input's rows.
// RUN: xrun %s --function=by_rows --input="3x2xf32=[1 2][3 4][5 6]" | xcheck %s --check-prefix=ROWS3 --match-full-lines
// ROWS3: 3x2xf32=[2 4][6 8][10 12]
// RUN: xrun %s --function=by_rows --input="1x2xf32=[1 2]" | xcheck %s --check-prefix=ROWS1 --match-full-lines
// ROWS1: 1x2xf32=[-1 -2]
func.func @by_rows(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %n = graph.dim %x, 0 : tensor<?x2xf32>
  %two = arith.constant 2 : index
  %c = arith.cmpi ugt, %n, %two : index
  %0 = graph.if %c -> (tensor<?x2xf32>) {
    %s = graph.add %x, %x : tensor<?x2xf32>
    graph.yield %s : tensor<?x2xf32>
  } else {
    %m = graph.neg %x : tensor<?x2xf32>
    graph.yield %m : tensor<?x2xf32>
  }
  return %0 : tensor<?x2xf32>
}
