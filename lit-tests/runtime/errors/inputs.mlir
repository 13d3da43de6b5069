// Bad --input values: each is one clear line on stderr naming the input
// (and, for a type or shape mismatch, what the function expected), exit
// status 1, nothing on stdout, never a panic.

// RUN: not xrun %s --function=f --input=2x3xf32=1 2>&1 | xcheck %s --check-prefix=COUNT --match-full-lines
// COUNT:     xrun: @f takes 2 input(s), got 1
// COUNT-NOT: {{.}}
// RUN: not xrun %s --function=f --input=2x3xf32=1 --input=1x3xi32=1 --input=i1=1 2>&1 | xcheck %s --check-prefix=COUNT3 --match-full-lines
// COUNT3: xrun: @f takes 2 input(s), got 3

// Wrong static shape, wrong rank, wrong static dim next to a dynamic one,
// wrong element type: the diagnostic names the input and the expected type.
// RUN: not xrun %s --function=f --input=3x2xf32=1 --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=SHAPE
// SHAPE:     xrun: error: input 0: expected tensor<2x3xf32>, got 3x2xf32 (at {{.*}}inputs.mlir:[[#@LINE+18]]:1)
// SHAPE-NOT: panicked
// RUN: not xrun %s --function=f --input=2x3xf32=1 --input=3xi32=1 2>&1 | xcheck %s --check-prefix=RANK
// RANK: error: input 1: expected tensor<?x3xi32>, got 3xi32
// RUN: not xrun %s --function=f --input=2x3xf32=1 --input=1x4xi32=1 2>&1 | xcheck %s --check-prefix=DIM
// DIM: error: input 1: expected tensor<?x3xi32>, got 1x4xi32
// RUN: not xrun %s --function=f --input=2x3xi32=1 --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=ELT
// ELT: error: input 0: expected tensor<2x3xf32>, got 2x3xi32
// RUN: not xrun %s --function=f --input=2x3xf32=1 --input=1x3xf32=1 2>&1 | xcheck %s --check-prefix=ELT1
// ELT1: error: input 1: expected tensor<?x3xi32>, got 1x3xf32
// A scalar where a tensor is expected and the other way round.
// RUN: not xrun %s --function=f --input=f32=1 --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=SCALAR4TENSOR
// SCALAR4TENSOR: error: input 0: expected tensor<2x3xf32>, got f32
// RUN: not xrun %s --function=g --input=2xi1=1 2>&1 | xcheck %s --check-prefix=TENSOR4SCALAR --match-full-lines
// TENSOR4SCALAR:     xrun: input 0: expected a scalar i1, got 2xi1
// TENSOR4SCALAR-NOT: {{.}}
// RUN: not xrun %s --function=g --input=i32=1 2>&1 | xcheck %s --check-prefix=SCALARTYPE --match-full-lines
// SCALARTYPE: xrun: input 0: expected a scalar i1, got i32
func.func @f(%a: tensor<2x3xf32>, %b: tensor<?x3xi32>) -> tensor<2x3xf32> {
  %0 = graph.neg %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @g(%c: i1) -> i1 {
  return %c : i1
}

// Unparseable text: a value count that is neither 1 nor the element count, a
// bad number, an unknown element type, a bad dim, an out-of-range integer or
// i1, an empty --input.
// RUN: not xrun %s --function=f --input="2x3xf32=1 2" --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=NVALUES --match-full-lines
// NVALUES:     xrun: input 0: expected 6 values for 2x3xf32, got 2
// NVALUES-NOT: {{.}}
// RUN: not xrun %s --function=f --input="2x3xf32=1 x 3 4 5 6" --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=BADNUM --match-full-lines
// BADNUM: xrun: input 0: 'x' is not a valid f32
// RUN: not xrun %s --function=f --input=2x3xf99=1 --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=BADTYPE --match-full-lines
// BADTYPE: xrun: input 0: unknown element type 'f99' in '2x3xf99'
// RUN: not xrun %s --function=f --input=2x-3xf32=1 --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=BADDIM --match-full-lines
// BADDIM: xrun: input 0: invalid dimension '-3' in shape '2x-3' of '2x-3xf32'
// RUN: not xrun %s --function=f --input=2x3xf32=1 --input=1x3xi32=4294967296 2>&1 | xcheck %s --check-prefix=RANGE --match-full-lines
// RANGE: xrun: input 1: '4294967296' is out of range for i32
// RUN: not xrun %s --function=g --input=i1=2 2>&1 | xcheck %s --check-prefix=I1RANGE --match-full-lines
// I1RANGE: xrun: input 0: '2' is out of range for i1 (0, 1, true, false)
// RUN: not xrun %s --function=g --input= 2>&1 | xcheck %s --check-prefix=EMPTY --match-full-lines
// EMPTY: xrun: input 0: empty input: expected a value such as '2x2xf32=1 2 3 4' or '@file.npy'

// .npy inputs: a missing file, a file that is not npy, a truncated header,
// an npy of the wrong type for the argument, and a dtype xrun cannot hold.
// RUN: not xrun %s --function=f --input=@%S/does-not-exist.npy --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=MISSING --match-full-lines
// MISSING: xrun: input 0: cannot read '{{.*}}does-not-exist.npy': No such file or directory (os error 2)
// RUN: not xrun %s --function=f --input=@%s --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=NOTNPY --match-full-lines
// NOTNPY: xrun: input 0: '{{.*}}inputs.mlir': not an npy file (bad magic)
// RUN: head -c 100 %S/../Inputs/float32_2x3.npy > %t.trunc.npy
// RUN: not xrun %s --function=f --input=@%t.trunc.npy --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=TRUNC --match-full-lines
// TRUNC: xrun: input 0: '{{.*}}.trunc.npy': truncated npy header (118 bytes announced, 90 present)
// RUN: head -c 140 %S/../Inputs/float32_2x3.npy > %t.short.npy
// RUN: not xrun %s --function=f --input=@%t.short.npy --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=SHORT
// SHORT:     xrun: input 0: '{{.*}}.short.npy': npy data is truncated: 2x3xf32 needs 24 bytes, the file has 12
// SHORT-NOT: {{.}}
// RUN: not xrun %s --function=f --input=@%S/../Inputs/int32_3.npy --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=NPYTYPE
// NPYTYPE: error: input 0: expected tensor<2x3xf32>, got 3xi32
// RUN: not xrun %s --function=f --input=@%S/../Inputs/complex64_2.npy --input=1x3xi32=1 2>&1 | xcheck %s --check-prefix=DTYPE --match-full-lines
// DTYPE:     xrun: input 0: '{{.*}}complex64_2.npy': unsupported npy dtype '<c8'
// DTYPE-NOT: {{.}}

// Two dynamic arguments that must agree but do not: the kernel's check
// fails the run with the op's message.
// RUN: not xrun %s --device=reference --function=dyn2 --input=2x4xf32=1 --input=3x4xf32=1 2>&1 | xcheck %s --check-prefix=DYNMISMATCH
// DYNMISMATCH: error: a submission failed: in kernel @dyn2_dispatch_0: graph.add: operand 1 is 3x4xf32, expected 2x4xf32 (the result type)
// On local the kernel checks the dims the op's shape rule equates (kernel.assert).
// RUN: not xrun %s --device=local --function=dyn2 --input=2x4xf32=1 --input=3x4xf32=1 2>&1 | xcheck %s --check-prefix=DYNMISMATCH-LOCAL
// DYNMISMATCH-LOCAL: xrun: error: a submission failed: in kernel @dyn2_dispatch_0: graph.add: dim 0 of operand 1 differs from operand 0's (at {{.*}}inputs.mlir:[[#@LINE+2]]:8)
func.func @dyn2(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = graph.add %a, %b : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// A dynamic input with too few rows for a static slice: the kernel reports
// the index it would read.
// RUN: not xrun %s --device=reference --function=short_slice --input=2x2xf32=1 2>&1 | xcheck %s --check-prefix=SHORTSLICE
// On local the kernel checks a slice of a dynamic input before it runs.
// RUN: not xrun %s --device=local --function=short_slice --input=2x2xf32=1 2>&1 | xcheck %s --check-prefix=SHORTSLICE-LOCAL
// SHORTSLICE-LOCAL: xrun: error: a submission failed: in kernel @short_slice_dispatch_0: graph.slice: dim 0 reads past its input (start 0, stride 2) (at {{.*}}inputs.mlir:[[#@LINE+3]]:8)
// SHORTSLICE: xrun: error: a submission failed: in kernel @short_slice_dispatch_0: graph.slice: slice of dimension 0 reads index 2, past its size 2 (dispatched at {{.*}}inputs.mlir:[[#@LINE+2]]:8) (at {{.*}}inputs.mlir:{{[0-9]+}}:{{[0-9]+}})
func.func @short_slice(%a: tensor<?x2xf32>) -> tensor<2x1xf32> {
  %0 = graph.slice %a start = [0, 0] strides = [2, 1] : tensor<?x2xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}
