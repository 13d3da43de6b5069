// XFAIL: *
// graph.concat along a dynamic axis: ?x2 and 1x2 give ?x2 whose rows are the
// sum. Fed 3 rows, then 0. Valid graph IR, but graph-to-flow cannot derive
// the result's dim yet ("cannot derive dynamic dimension #0 of the result of
// 'graph.concat'"), so the program does not compile. Reported; remove the
// XFAIL line once the dim rule adds.

// RUN: xrun %s --function=c_dyn_axis --input="3x2xi32=[1 2][3 4][5 6]" --input="1x2xi32=7 8" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 4x2xi32=[1 2][3 4][5 6][7 8]
// RUN: xrun %s --function=c_dyn_axis --input="0x2xi32=" --input="1x2xi32=7 8" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 1x2xi32=[7 8]
func.func @c_dyn_axis(%a: tensor<?x2xi32>, %b: tensor<1x2xi32>) -> tensor<?x2xi32> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<?x2xi32>, tensor<1x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}
