// Ops given their dynamic result dims as index operands (what the ONNX
// importer writes for shapes computed at run time): a reshape that splits
// into two dynamic dims and one that merges them through index arithmetic, a
// broadcast to another tensor's dims, and a slice whose size is another
// tensor's dim. Each on local, reference and vulkan, at 2x3, 1x1 and 0 rows.

// RUN: xrun %s --function=split --input="2x3x4xf32=[[1 2 3 4][5 6 7 8][9 10 11 12]][[13 14 15 16][17 18 19 20][21 22 23 24]]" | xcheck %s --check-prefix=SPLIT --match-full-lines
// RUN: xrun %s --device=reference --function=split --input="2x3x4xf32=[[1 2 3 4][5 6 7 8][9 10 11 12]][[13 14 15 16][17 18 19 20][21 22 23 24]]" | xcheck %s --check-prefix=SPLIT --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=split --input="2x3x4xf32=[[1 2 3 4][5 6 7 8][9 10 11 12]][[13 14 15 16][17 18 19 20][21 22 23 24]]" | xcheck %s --check-prefix=SPLIT --match-full-lines
// SPLIT: 2x3x2x2xf32={{\[\[\[}}1 2][3 4]]{{\[\[}}5 6][7 8]]{{\[\[}}9 10][11 12]]]{{\[\[\[}}13 14][15 16]]{{\[\[}}17 18][19 20]]{{\[\[}}21 22][23 24]]]
// SPLIT: 6x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12][13 14 15 16][17 18 19 20][21 22 23 24]
// RUN: xrun %s --function=split --input="1x1x4xf32=[[1 2 3 4]]" | xcheck %s --check-prefix=SPLIT1 --match-full-lines
// RUN: xrun %s --device=reference --function=split --input="1x1x4xf32=[[1 2 3 4]]" | xcheck %s --check-prefix=SPLIT1 --match-full-lines
// SPLIT1: 1x1x2x2xf32={{\[\[\[}}1 2][3 4]]]
// SPLIT1: 1x4xf32=[1 2 3 4]
// RUN: xrun %s --function=split --input="0x3x4xf32=" | xcheck %s --check-prefix=SPLIT0 --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=split --input="0x3x4xf32=" | xcheck %s --check-prefix=SPLIT0 --match-full-lines
// SPLIT0: 0x3x2x2xf32=
// SPLIT0: 0x4xf32=
func.func @split(%x: tensor<?x?x4xf32>) -> (tensor<?x?x2x2xf32>, tensor<?x4xf32>) {
  %b = graph.dim %x, 0 : tensor<?x?x4xf32>
  %s = graph.dim %x, 1 : tensor<?x?x4xf32>
  %r = graph.reshape %x [%b, %s] : tensor<?x?x4xf32> -> tensor<?x?x2x2xf32>
  %bs = arith.muli %b, %s : index
  %m = graph.reshape %x [%bs] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  return %r, %m : tensor<?x?x2x2xf32>, tensor<?x4xf32>
}

// RUN: xrun %s --function=expand --input="2x3xf32=[1 2 3][4 5 6]" --input="1x3xf32=[10 20 30]" | xcheck %s --check-prefix=EXPAND --match-full-lines
// RUN: xrun %s --device=reference --function=expand --input="2x3xf32=[1 2 3][4 5 6]" --input="1x3xf32=[10 20 30]" | xcheck %s --check-prefix=EXPAND --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=expand --input="2x3xf32=[1 2 3][4 5 6]" --input="1x3xf32=[10 20 30]" | xcheck %s --check-prefix=EXPAND --match-full-lines
// EXPAND: 2x3xf32=[11 22 33][14 25 36]
// RUN: xrun %s --function=expand --input="0x3xf32=" --input="1x3xf32=[10 20 30]" | xcheck %s --check-prefix=EXPAND0 --match-full-lines
// EXPAND0: 0x3xf32=
func.func @expand(%x: tensor<?x3xf32>, %m: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %n = graph.dim %x, 0 : tensor<?x3xf32>
  %e = graph.broadcast %m [%n] dimensions = [0, 1] : tensor<1x3xf32> -> tensor<?x3xf32>
  %y = graph.add %x, %e : tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// The first n rows of a table, n the length of the ids (BERT's position ids).
// RUN: xrun %s --function=rows --input="3xi64=7 8 9" --input="5x2xf32=[0 1][2 3][4 5][6 7][8 9]" | xcheck %s --check-prefix=ROWS --match-full-lines
// RUN: xrun %s --device=reference --function=rows --input="3xi64=7 8 9" --input="5x2xf32=[0 1][2 3][4 5][6 7][8 9]" | xcheck %s --check-prefix=ROWS --match-full-lines
// RUN: xrun %s --target-device=vulkan --device=vulkan --function=rows --input="3xi64=7 8 9" --input="5x2xf32=[0 1][2 3][4 5][6 7][8 9]" | xcheck %s --check-prefix=ROWS --match-full-lines
// ROWS: 3x2xf32=[0 1][2 3][4 5]
// RUN: xrun %s --function=rows --input="1xi64=7" --input="5x2xf32=[0 1][2 3][4 5][6 7][8 9]" | xcheck %s --check-prefix=ROWS1 --match-full-lines
// ROWS1: 1x2xf32=[0 1]
// A slice past the table is a run-time error, not a wrong read.
// RUN: not xrun %s --function=rows --input="6xi64=1 2 3 4 5 6" --input="5x2xf32=[0 1][2 3][4 5][6 7][8 9]" 2>&1 | xcheck %s --check-prefix=PAST
// PAST: error:
func.func @rows(%ids: tensor<?xi64>, %table: tensor<5x2xf32>) -> tensor<?x2xf32> {
  %n = graph.dim %ids, 0 : tensor<?xi64>
  %r = graph.slice %table [%n] start = [0, 0] strides = [1, 1] : tensor<5x2xf32> -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
