// A reshape whose dynamic dim changes size (?x4 -> ?: the flat length is 4
// times the rows). graph-to-flow computes the result's dim before the
// dispatch as the input's element count over the result's static one
// (graph.dim 0 times 4, arith.muli). Fed 3 rows, then 0.

// RUN: xrun %s --function=r_merge --input="3x4xi32=[1 2 3 4][5 6 7 8][9 10 11 12]" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 12xi32=1 2 3 4 5 6 7 8 9 10 11 12
// RUN: xrun %s --function=r_merge --input="0x4xi32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0xi32=
func.func @r_merge(%a: tensor<?x4xi32>) -> tensor<?xi32> {
  %0 = graph.reshape %a : tensor<?x4xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Two dynamic dims flattened: their product. Fed 2x3, then 3x0.
// RUN: xrun %s --function=r_flatten --input="2x3xi32=[1 2 3][4 5 6]" | xcheck %s --check-prefix=FLAT23 --match-full-lines
// FLAT23: 6xi32=1 2 3 4 5 6
// RUN: xrun %s --function=r_flatten --input="3x0xi32=" | xcheck %s --check-prefix=FLAT30 --match-full-lines
// FLAT30: 0xi32=
func.func @r_flatten(%a: tensor<?x?xi32>) -> tensor<?xi32> {
  %0 = graph.reshape %a : tensor<?x?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
