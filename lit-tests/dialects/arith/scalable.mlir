// Scalable vectors: casts, select (Elementwise) and constants tell scalable from
// fixed vectors as mlir-opt 22 does; stderr compared byte for byte.
// REQUIRES: mlir-opt
// RUN: not xopt %s --split-input-file 2> %t.x
// RUN: not mlir-opt %s --split-input-file 2> %t.m
// RUN: diff %t.m %t.x

func.func @f(%a: vector<[4]xi8>, %b: vector<4xi8>, %c: vector<[4]xi1>, %d: vector<2x[4]xi8>) {
  %0 = arith.extsi %a : vector<[4]xi8> to vector<[4]xi32>
  %1 = arith.extsi %a : vector<[4]xi8> to vector<4xi32>
  return
}
// -----
func.func @g(%a: vector<[4]xi8>, %b: vector<4xi8>, %c: vector<4xi1>) {
  %0 = arith.select %c, %a, %a : vector<4xi1>, vector<[4]xi8>
  return
}
// -----
func.func @h(%d: vector<2x[4]xi8>) {
  %0 = arith.bitcast %d : vector<2x[4]xi8> to vector<[2]x4xi8>
  return
}
// -----
func.func @k() {
  %0 = arith.constant dense<1> : vector<[4]xi32>
  %1 = arith.constant dense<[1, 2, 3, 4]> : vector<[4]xi32>
  return
}
// -----
func.func @f(%d: vector<2x[4]xi8>, %e: vector<[2]x[4]xi8>, %t: tensor<4xi1>, %v: vector<4xi8>) {
  %0 = arith.extsi %d : vector<2x[4]xi8> to vector<[2]x4xi32>
  %1 = arith.extsi %e : vector<[2]x[4]xi8> to vector<[2]x4xi32>
  return
}
// -----
func.func @g(%t: tensor<4xi1>, %v: vector<4xi8>) {
  %0 = arith.select %t, %v, %v : tensor<4xi1>, vector<4xi8>
  return
}
// -----
func.func @h(%c: vector<[4]xi1>, %v: vector<4xi8>) {
  %0 = arith.select %c, %v, %v : vector<[4]xi1>, vector<4xi8>
  return
}
