// graph.extract run end to end: the host reads a value a kernel computed (or
// an argument holds) and it sizes what follows. Each on local, reference and
// vulkan. Widths i8..i64, sign-extended; a prefix of 0, 1, 257 and 300 rows
// (past a vector, a tile and a 64-wide workgroup); a count of nonzero
// elements of 0, 1, 3 and 6.

// RUN: xrun %s --function=width --input="i8=-3" --input="1xi16=-300" --input="1x1xi32=70000" --input="i64=-5000000000" | xcheck %s --check-prefix=WIDTH --match-full-lines
// RUN: xrun %s --device=reference --function=width --input="i8=-3" --input="1xi16=-300" --input="1x1xi32=70000" --input="i64=-5000000000" | xcheck %s --check-prefix=WIDTH --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=width --input="i8=-3" --input="1xi16=-300" --input="1x1xi32=70000" --input="i64=-5000000000" | xcheck %s --check-prefix=WIDTH --match-full-lines
// WIDTH: result[0]: i64=-3
// WIDTH: result[1]: i64=-300
// WIDTH: result[2]: i64=70000
// WIDTH: result[3]: i64=-5000000000
func.func @width(%a: tensor<i8>, %b: tensor<1xi16>, %c: tensor<1x1xi32>, %d: tensor<i64>) -> (index, index, index, index) {
  %x = graph.extract %a : tensor<i8>
  %y = graph.extract %b : tensor<1xi16>
  %z = graph.extract %c : tensor<1x1xi32>
  %w = graph.extract %d : tensor<i64>
  return %x, %y, %z, %w : index, index, index, index
}

// RUN: xrun %s --function=sum_prefix --input="i64=257" | xcheck %s --check-prefix=P257 --match-full-lines
// RUN: xrun %s --device=reference --function=sum_prefix --input="i64=257" | xcheck %s --check-prefix=P257 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=sum_prefix --input="i64=257" | xcheck %s --check-prefix=P257 --match-full-lines
// P257: f32=32896
// RUN: xrun %s --function=sum_prefix --input="i64=300" | xcheck %s --check-prefix=P300 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=sum_prefix --input="i64=300" | xcheck %s --check-prefix=P300 --match-full-lines
// P300: f32=44850
// RUN: xrun %s --function=sum_prefix --input="i64=1" | xcheck %s --check-prefix=P1 --match-full-lines
// RUN: xrun %s --device=reference --function=sum_prefix --input="i64=1" | xcheck %s --check-prefix=P1 --match-full-lines
// P1: f32=0
// RUN: xrun %s --function=sum_prefix --input="i64=0" | xcheck %s --check-prefix=P0 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=sum_prefix --input="i64=0" | xcheck %s --check-prefix=P0 --match-full-lines
// P0: f32=0
// A prefix past the table, or a negative one, is a run-time error: the
// table is computed in the kernel (no buffer bounds it), so the kernel
// checks the slice.
// RUN: not xrun %s --function=sum_prefix --input="i64=301" 2>&1 | xcheck %s --check-prefix=PAST
// RUN: not xrun %s --target-device=vulkan --device=vulkan --function=sum_prefix --input="i64=301" 2>&1 | xcheck %s --check-prefix=PAST
// PAST: error: {{.*}}in kernel @sum_prefix_dispatch_0: graph.slice: dim 0 reads past its input (start 0, stride 1)
// RUN: not xrun %s --device=reference --function=sum_prefix --input="i64=301" 2>&1 | xcheck %s --check-prefix=PASTREF
// PASTREF: error: {{.*}}graph.slice: slice of dimension 0 reads index 300, past its size 300
// RUN: not xrun %s --function=sum_prefix --input="i64=-1" 2>&1 | xcheck %s --check-prefix=NEG
// NEG: error: expected a non-negative index, got -1 : index
func.func @sum_prefix(%k: tensor<i64>) -> tensor<f32> {
  %n = graph.extract %k : tensor<i64>
  %t = graph.iota dimension = 0 : tensor<300xf32>
  %s = graph.slice %t [%n] start = [0] strides = [1] : tensor<300xf32> -> tensor<?xf32>
  %r = graph.reduce_sum %s axes = [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// The count of nonzero elements, computed by a kernel, is how many rows of
// exp(table) come back.
// RUN: xrun %s --function=count --input="6xf32=1 0 2 0 0 3" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C3 --match-full-lines
// RUN: xrun %s --device=reference --function=count --input="6xf32=1 0 2 0 0 3" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C3 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=count --input="6xf32=1 0 2 0 0 3" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C3 --match-full-lines
// C3: 3x2xf32=[1 2.71828][7.38906 20.0855][54.5981 148.413]
// RUN: xrun %s --function=count --input="6xf32=0 0 0 0 0 0" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C0 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=count --input="6xf32=0 0 0 0 0 0" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C0 --match-full-lines
// C0: 0x2xf32=
// RUN: xrun %s --function=count --input="6xf32=0 0 0 0 0 -7" --input="6x2xf32=[0 1][2 3][4 5][6 7][8 9][1 1]" | xcheck %s --check-prefix=C1 --match-full-lines
// C1: 1x2xf32=[1 2.71828]
// RUN: xrun %s --function=count --input="6xf32=1 1 1 1 1 1" --input="6x2xf32=[0 0][0 0][0 0][0 0][0 0][0 0]" | xcheck %s --check-prefix=C6 --match-full-lines
// C6: 6x2xf32=[1 1][1 1][1 1][1 1][1 1][1 1]
func.func @count(%x: tensor<6xf32>, %table: tensor<6x2xf32>) -> tensor<?x2xf32> {
  %z = graph.constant dense<0.0> : tensor<6xf32>
  %m = graph.compare ne, %x, %z : tensor<6xf32> -> tensor<6xi1>
  %i = graph.cast %m : tensor<6xi1> -> tensor<6xi32>
  %s = graph.reduce_sum %i axes = [0] : tensor<6xi32> -> tensor<i32>
  %n = graph.extract %s : tensor<i32>
  %e = graph.exp %table : tensor<6x2xf32>
  %r = graph.slice %e [%n] start = [0, 0] strides = [1, 1] : tensor<6x2xf32> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
