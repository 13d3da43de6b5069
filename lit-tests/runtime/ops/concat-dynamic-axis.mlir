// graph.concat along a dynamic axis: ?x2 and 1x2 give ?x2 whose rows are the
// sum, which graph-to-flow computes before the dispatch (graph.dim 0 plus 1,
// arith.addi). Fed 3 rows, then 0.

// RUN: xrun %s --function=c_dyn_axis --input="3x2xi32=[1 2][3 4][5 6]" --input="1x2xi32=7 8" | xcheck %s --check-prefix=DYN3 --match-full-lines
// DYN3: 4x2xi32=[1 2][3 4][5 6][7 8]
// RUN: xrun %s --function=c_dyn_axis --input="0x2xi32=" --input="1x2xi32=7 8" | xcheck %s --check-prefix=DYN0 --match-full-lines
// DYN0: 1x2xi32=[7 8]
func.func @c_dyn_axis(%a: tensor<?x2xi32>, %b: tensor<1x2xi32>) -> tensor<?x2xi32> {
  %0 = graph.concat %a, %b axis = 0 : (tensor<?x2xi32>, tensor<1x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}

// Two dynamic inputs around a static one: rows 2 + 1 + 1, then 0 + 1 + 2.
// RUN: xrun %s --function=c_two_dyn --input="2x2xi32=[1 2][3 4]" --input="1x2xi32=5 6" --input="1x2xi32=7 8" | xcheck %s --check-prefix=TWO211 --match-full-lines
// TWO211: 4x2xi32=[1 2][3 4][5 6][7 8]
// RUN: xrun %s --function=c_two_dyn --input="0x2xi32=" --input="1x2xi32=5 6" --input="2x2xi32=[7 8][9 10]" | xcheck %s --check-prefix=TWO012 --match-full-lines
// TWO012: 3x2xi32=[5 6][7 8][9 10]
func.func @c_two_dyn(%a: tensor<?x2xi32>, %b: tensor<1x2xi32>, %c: tensor<?x2xi32>) -> tensor<?x2xi32> {
  %0 = graph.concat %a, %b, %c axis = 0 : (tensor<?x2xi32>, tensor<1x2xi32>, tensor<?x2xi32>) -> tensor<?x2xi32>
  return %0 : tensor<?x2xi32>
}
