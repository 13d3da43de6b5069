// graph.dim run end to end: the host-side size of a dim, an `index` result
// printed as iree-run-module prints a host scalar, with no buffer view (an
// index is an i64 on the host, as in IREE's VM: `result[0]: i64=3`). Static
// dims are known at compile time, dynamic ones are read from the argument's
// buffer view at run time; a dim can feed arithmetic on the host and be
// returned next to a tensor.

// RUN: xrun %s --function=dim_dyn --input="3x4xf32=0" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3:      EXEC @dim_dyn
// DYN3-NEXT: result[0]: i64=3
// DYN3-EMPTY:
// RUN: xrun %s --function=dim_dyn --input="0x4xf32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: result[0]: i64=0
// RUN: xrun %s --function=dim_dyn --input="7x4xf32=1" | xcheck %s --check-prefix=DYN7 --match-full-lines
// DYN7: result[0]: i64=7
func.func @dim_dyn(%a: tensor<?x4xf32>) -> index {
  %0 = graph.dim %a, 0 : tensor<?x4xf32>
  return %0 : index
}

// A static dim of the same argument.
// RUN: xrun %s --function=dim_static --input="5x4xf32=0" | xcheck %s --check-prefix=STATIC --match-full-lines
// STATIC: result[0]: i64=4
func.func @dim_static(%a: tensor<?x4xf32>) -> index {
  %0 = graph.dim %a, 1 : tensor<?x4xf32>
  return %0 : index
}

// Two dynamic dims of an i8 tensor multiplied on the host, returned after the
// tensor itself.
// RUN: xrun %s --function=dim_both --input="2x3xi8=[1 2 3][4 5 6]" | xcheck %s --check-prefix=BOTH --match-full-lines
// BOTH:      EXEC @dim_both
// BOTH-NEXT: result[0]: hal.buffer_view
// BOTH-NEXT: 2x3xi8=[1 2 3][4 5 6]
// BOTH-NEXT: result[1]: i64=6
func.func @dim_both(%a: tensor<?x?xi8>) -> (tensor<?x?xi8>, index) {
  %r = graph.dim %a, 0 : tensor<?x?xi8>
  %c = graph.dim %a, 1 : tensor<?x?xi8>
  %n = arith.muli %r, %c : index
  return %a, %n : tensor<?x?xi8>, index
}
