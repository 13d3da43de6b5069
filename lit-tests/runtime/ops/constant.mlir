// graph.constant run end to end: dense and splat constants of every element
// type returned as they are (a function with no arguments), a constant fed to
// a kernel together with an argument, a rank-0 and an empty constant, and two
// constants combined (which the compiler may fold: the numbers must not
// change).

// RUN: xrun %s --function=c_f32 | xcheck %s --check-prefix=F32 --match-full-lines
// F32:      EXEC @c_f32
// F32-NEXT: result[0]: hal.buffer_view
// F32-NEXT: 2x3xf32=[1 -2.5 1E+10][0.1 INF -0]
// F32-EMPTY:
func.func @c_f32() -> tensor<2x3xf32> {
  %0 = graph.constant dense<[[1.0, -2.5, 1.0e10], [0.1, 0x7F800000, -0.0]]> : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: xrun %s --function=c_ints | xcheck %s --check-prefix=INTS --match-full-lines
// INTS:      result[0]: hal.buffer_view
// INTS-NEXT: 3xi32=2147483647 -2147483648 7
// INTS-NEXT: result[1]: hal.buffer_view
// INTS-NEXT: 2xi64=-9223372036854775808 42
// INTS-NEXT: result[2]: hal.buffer_view
// INTS-NEXT: 5xi8=-128 127 -1 0 1
// INTS-NEXT: result[3]: hal.buffer_view
// INTS-NEXT: 4xi1=1 0 0 1
func.func @c_ints() -> (tensor<3xi32>, tensor<2xi64>, tensor<5xi8>, tensor<4xi1>) {
  %0 = graph.constant dense<[2147483647, -2147483648, 7]> : tensor<3xi32>
  %1 = graph.constant dense<[-9223372036854775808, 42]> : tensor<2xi64>
  %2 = graph.constant dense<[-128, 127, -1, 0, 1]> : tensor<5xi8>
  %3 = graph.constant dense<[true, false, false, true]> : tensor<4xi1>
  return %0, %1, %2, %3 : tensor<3xi32>, tensor<2xi64>, tensor<5xi8>, tensor<4xi1>
}

// RUN: xrun %s --function=c_floats | xcheck %s --check-prefix=FLOATS --match-full-lines
// FLOATS:      result[0]: hal.buffer_view
// FLOATS-NEXT: 2xf64=0.1 -1E+300
// FLOATS-NEXT: result[1]: hal.buffer_view
// FLOATS-NEXT: 3xf16=0.0999756 65504 -2
// FLOATS-NEXT: result[2]: hal.buffer_view
// FLOATS-NEXT: 2xbf16=0.100098 -3
func.func @c_floats() -> (tensor<2xf64>, tensor<3xf16>, tensor<2xbf16>) {
  %0 = graph.constant dense<[0.1, -1.0e300]> : tensor<2xf64>
  %1 = graph.constant dense<[0.1, 65504.0, -2.0]> : tensor<3xf16>
  %2 = graph.constant dense<[0.1, -3.0]> : tensor<2xbf16>
  return %0, %1, %2 : tensor<2xf64>, tensor<3xf16>, tensor<2xbf16>
}

// Splats, rank 0 and empty.
// RUN: xrun %s --function=c_shapes | xcheck %s --check-prefix=SHAPES --match-full-lines
// SHAPES:      result[0]: hal.buffer_view
// SHAPES-NEXT: 2x5xi32=[7 7 7 7 7][7 7 7 7 7]
// SHAPES-NEXT: result[1]: hal.buffer_view
// SHAPES-NEXT: f32=0.5
// SHAPES-NEXT: result[2]: hal.buffer_view
// SHAPES-NEXT: 3x0xf32=[][][]
func.func @c_shapes() -> (tensor<2x5xi32>, tensor<f32>, tensor<3x0xf32>) {
  %0 = graph.constant dense<7> : tensor<2x5xi32>
  %1 = graph.constant dense<0.5> : tensor<f32>
  %2 = graph.constant dense<[[], [], []]> : tensor<3x0xf32>
  return %0, %1, %2 : tensor<2x5xi32>, tensor<f32>, tensor<3x0xf32>
}

// A constant weight in a kernel: x * [[1 2][3 4]] + 0.5.
// RUN: xrun %s --function=c_used --input="1x2xf32=1 1" | xcheck %s --check-prefix=USED --match-full-lines
// USED: 1x2xf32=[4.5 6.5]
// RUN: xrun %s --function=c_used --input="1x2xf32=-1 2" | xcheck %s --check-prefix=USED2 --match-full-lines
// USED2: 1x2xf32=[5.5 6.5]
func.func @c_used(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %w = graph.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = graph.constant dense<0.5> : tensor<1x2xf32>
  %m = graph.matmul %x, %w : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %o = graph.add %m, %b : tensor<1x2xf32>
  return %o : tensor<1x2xf32>
}

// Constants only: [1 2 3] + [10 20 30], and exp of a constant.
// RUN: xrun %s --function=c_fold | xcheck %s --check-prefix=FOLD --match-full-lines
// FOLD:      result[0]: hal.buffer_view
// FOLD-NEXT: 3xi32=11 22 33
// FOLD-NEXT: result[1]: hal.buffer_view
// FOLD-NEXT: 2xf32=1 2.71828
func.func @c_fold() -> (tensor<3xi32>, tensor<2xf32>) {
  %a = graph.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = graph.constant dense<[10, 20, 30]> : tensor<3xi32>
  %s = graph.add %a, %b : tensor<3xi32>
  %c = graph.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %e = graph.exp %c : tensor<2xf32>
  return %s, %e : tensor<3xi32>, tensor<2xf32>
}
