// XFAIL: *
// A reshape whose dynamic dim changes size (?x4 -> ?: the flat length is 4
// times the rows) is valid graph IR, but graph-to-flow cannot derive the
// result's dim yet ("cannot derive dynamic dimension #0 of the result of
// 'graph.reshape'"), so the program does not compile. Reported; remove the
// XFAIL line once the dim rule multiplies.

// RUN: xrun %s --function=r_merge --input="3x4xi32=[1 2 3 4][5 6 7 8][9 10 11 12]" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 12xi32=1 2 3 4 5 6 7 8 9 10 11 12
// RUN: xrun %s --function=r_merge --input="0x4xi32=" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 0xi32=
func.func @r_merge(%a: tensor<?x4xi32>) -> tensor<?xi32> {
  %0 = graph.reshape %a : tensor<?x4xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
