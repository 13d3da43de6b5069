// arith's folds and canonicalization patterns on integers wider than 128 bits
// (i129, i256, i512), which MLIR computes with APInt: constant folds, identity
// folds, the re-association of constants, casts to and from wide integers and
// floats, cmpi, select, the extended ops and dense elements. The same output as
// mlir-opt 22 (checked by canonicalize-wide-int-vs-mlir-opt.mlir).
// RUN: xopt %s --canonicalize | xcheck %s

// addi(addi(x, c0), c1) and the other re-associations of constants; x + y * -1.
// CHECK-LABEL: func.func @reassociate(
// CHECK-NEXT: %c4_i129 = arith.constant 4 : i129
// CHECK-NEXT: %c1020847100762815390390123822295304634368_i256 = arith.constant 1020847100762815390390123822295304634368 : i256
// CHECK-NEXT: %c680564733841876926926749214863536422912_i256 = arith.constant 680564733841876926926749214863536422912 : i256
// CHECK-NEXT: %c5_i129 = arith.constant 5 : i129
// CHECK-NEXT: %c3_i256 = arith.constant 3 : i256
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i256 : i256
// CHECK-NEXT: %1 = arith.subi %arg0, %c680564733841876926926749214863536422912_i256 : i256
// CHECK-NEXT: %2 = arith.muli %arg0, %c1020847100762815390390123822295304634368_i256 : i256
// CHECK-NEXT: %3 = arith.subi %c4_i129, %arg1 : i129
// CHECK-NEXT: %4 = arith.subi %c5_i129, %arg1 : i129
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i256, i256, i256, i129, i129
// CHECK-NEXT: }
func.func @reassociate(%x: i256, %y: i129) -> (i256, i256, i256, i129, i129) {
  %c1 = arith.constant 1 : i256
  %c2 = arith.constant 2 : i256
  %0 = arith.addi %x, %c1 : i256
  %1 = arith.addi %0, %c2 : i256
  %big = arith.constant 340282366920938463463374607431768211456 : i256
  %2 = arith.subi %x, %big : i256
  %3 = arith.subi %2, %big : i256
  %c3 = arith.constant 3 : i256
  %4 = arith.muli %x, %c3 : i256
  %5 = arith.muli %4, %big : i256
  %m1 = arith.constant -1 : i129
  %c5 = arith.constant 5 : i129
  %6 = arith.subi %c5, %y : i129
  %7 = arith.addi %6, %m1 : i129
  %8 = arith.muli %y, %m1 : i129
  %9 = arith.addi %c5, %8 : i129
  return %1, %3, %5, %7, %9 : i256, i256, i256, i129, i129
}

// Folds with one constant operand: neutral and absorbing values.
// CHECK-LABEL: func.func @identities(
// CHECK-NEXT: %c57896044618658097711785492504343953926634992332820282019728792003956564819967_i256 = arith.constant 57896044618658097711785492504343953926634992332820282019728792003956564819967 : i256
// CHECK-NEXT: %c0_i256 = arith.constant 0 : i256
// CHECK-NEXT: %c-1_i256 = arith.constant -1 : i256
// CHECK-NEXT: return %arg0, %arg0, %c0_i256, %arg0, %c-1_i256, %c57896044618658097711785492504343953926634992332820282019728792003956564819967_i256, %arg0, %arg0, %arg0, %c0_i256, %arg2, %arg2 : i256, i256, i256, i256, i256, i256, i256, i256, i256, i256, i512, i512
// CHECK-NEXT: }
func.func @identities(%x: i256, %y: i256, %z: i512) -> (i256, i256, i256, i256, i256, i256, i256, i256, i256, i256, i512, i512) {
  %c0 = arith.constant 0 : i256
  %c1 = arith.constant 1 : i256
  %ones = arith.constant -1 : i256
  %smax = arith.constant 57896044618658097711785492504343953926634992332820282019728792003956564819967 : i256
  %smin = arith.constant -57896044618658097711785492504343953926634992332820282019728792003956564819968 : i256
  %0 = arith.addi %x, %c0 : i256
  %1 = arith.muli %x, %c1 : i256
  %2 = arith.subi %x, %x : i256
  %3 = arith.andi %x, %ones : i256
  %4 = arith.ori %x, %ones : i256
  %5 = arith.maxsi %x, %smax : i256
  %6 = arith.minsi %x, %smax : i256
  %7 = arith.maxsi %x, %smin : i256
  %8 = arith.divsi %x, %c1 : i256
  %n = arith.xori %y, %ones : i256
  %9 = arith.andi %y, %n : i256
  %zero = arith.constant 0 : i512
  %umax = arith.constant -1 : i512
  %10 = arith.minui %z, %umax : i512
  %11 = arith.maxui %z, %zero : i512
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i256, i256, i256, i256, i256, i256, i256, i256, i256, i256, i512, i512
}

// Constant folds past 128 bits, wrapping at the width.
// CHECK-LABEL: func.func @constants(
// CHECK-NEXT: %c18446744073709551615_i256 = arith.constant 18446744073709551615 : i256
// CHECK-NEXT: %c340282366920938463463374607431768211456_i256 = arith.constant 340282366920938463463374607431768211456 : i256
// CHECK-NEXT: %c-3_i256 = arith.constant -3 : i256
// CHECK-NEXT: %c-4_i256 = arith.constant -4 : i256
// CHECK-NEXT: %c0_i256 = arith.constant 0 : i256
// CHECK-NEXT: %c-1_i256 = arith.constant -1 : i256
// CHECK-NEXT: %c72057594037927935_i256 = arith.constant 72057594037927935 : i256
// CHECK-NEXT: %c-231584178474632390847141970017375815706539969331281128078915168015826259279871_i512 = arith.constant -231584178474632390847141970017375815706539969331281128078915168015826259279871 : i512
// CHECK-NEXT: return %c18446744073709551615_i256, %c340282366920938463463374607431768211456_i256, %c-3_i256, %c-3_i256, %c-4_i256, %c18446744073709551615_i256, %c0_i256, %c-1_i256, %c72057594037927935_i256, %c-231584178474632390847141970017375815706539969331281128078915168015826259279871_i512 : i256, i256, i256, i256, i256, i256, i256, i256, i256, i512
// CHECK-NEXT: }
func.func @constants() -> (i256, i256, i256, i256, i256, i256, i256, i256, i256, i512) {
  %a = arith.constant 115792089237316195423570985008687907853269984665640564039457584007913129639935 : i256
  %b = arith.constant 18446744073709551616 : i256
  %m7 = arith.constant -7 : i256
  %c2 = arith.constant 2 : i256
  %c200 = arith.constant 200 : i256
  %0 = arith.addi %a, %b : i256
  %1 = arith.muli %b, %b : i256
  %2 = arith.divsi %m7, %c2 : i256
  %3 = arith.ceildivsi %m7, %c2 : i256
  %4 = arith.floordivsi %m7, %c2 : i256
  %5 = arith.remui %a, %b : i256
  %6 = arith.shli %b, %c200 : i256
  %7 = arith.shrsi %a, %c200 : i256
  %8 = arith.shrui %a, %c200 : i256
  %w = arith.extui %a : i256 to i512
  %9 = arith.muli %w, %w : i512
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i256, i256, i256, i256, i256, i256, i256, i256, i256, i512
}

// Division by zero, signed overflow and shifts by the width do not fold.
// CHECK-LABEL: func.func @no_fold(
// CHECK-NEXT: %c0_i256 = arith.constant 0 : i256
// CHECK-NEXT: %c-1_i256 = arith.constant -1 : i256
// CHECK-NEXT: %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256 = arith.constant -57896044618658097711785492504343953926634992332820282019728792003956564819968 : i256
// CHECK-NEXT: %c256_i256 = arith.constant 256 : i256
// CHECK-NEXT: %0 = arith.divui %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256, %c0_i256 : i256
// CHECK-NEXT: %1 = arith.divsi %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256, %c-1_i256 : i256
// CHECK-NEXT: %2 = arith.shli %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256, %c256_i256 : i256
// CHECK-NEXT: %3 = arith.ceildivsi %c-57896044618658097711785492504343953926634992332820282019728792003956564819968_i256, %c-1_i256 : i256
// CHECK-NEXT: return %0, %1, %2, %3 : i256, i256, i256, i256
// CHECK-NEXT: }
func.func @no_fold() -> (i256, i256, i256, i256) {
  %c0 = arith.constant 0 : i256
  %ones = arith.constant -1 : i256
  %smin = arith.constant -57896044618658097711785492504343953926634992332820282019728792003956564819968 : i256
  %c256 = arith.constant 256 : i256
  %0 = arith.divui %smin, %c0 : i256
  %1 = arith.divsi %smin, %ones : i256
  %2 = arith.shli %smin, %c256 : i256
  %3 = arith.ceildivsi %smin, %ones : i256
  return %0, %1, %2, %3 : i256, i256, i256, i256
}

// Casts of constants to and from wide integers; fptosi out of range does not fold.
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %cst = arith.constant 1.000000e+300 : f64
// CHECK-NEXT: %c-3_i512 = arith.constant -3 : i512
// CHECK-NEXT: %c115792089237316195423570985008687907853269984665640564039457584007913129639933_i512 = arith.constant 115792089237316195423570985008687907853269984665640564039457584007913129639933 : i512
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: %c-5_i129 = arith.constant -5 : i129
// CHECK-NEXT: %c18446744073709551611_i129 = arith.constant 18446744073709551611 : i129
// CHECK-NEXT: %cst_0 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_1 = arith.constant 1.157920892373162E+77 : f64
// CHECK-NEXT: %cst_2 = arith.constant -3.000000e+00 : f16
// CHECK-NEXT: %c-1000000015047466219876688855040_i256 = arith.constant -1000000015047466219876688855040 : i256
// CHECK-NEXT: %c340282366920938463463374607431768211457_i256 = arith.constant 340282366920938463463374607431768211457 : i256
// CHECK-NEXT: %0 = arith.fptosi %cst : f64 to i256
// CHECK-NEXT: return %c-3_i512, %c115792089237316195423570985008687907853269984665640564039457584007913129639933_i512, %c1_i64, %c-3, %c-5_i129, %c18446744073709551611_i129, %cst_0, %cst_1, %cst_2, %c-1000000015047466219876688855040_i256, %c340282366920938463463374607431768211457_i256, %0 : i512, i512, i64, index, i129, i129, f32, f64, f16, i256, i256, i256
// CHECK-NEXT: }
func.func @casts() -> (i512, i512, i64, index, i129, i129, f32, f64, f16, i256, i256, i256) {
  %m3 = arith.constant -3 : i256
  %big = arith.constant 340282366920938463463374607431768211457 : i256
  %0 = arith.extsi %m3 : i256 to i512
  %1 = arith.extui %m3 : i256 to i512
  %2 = arith.trunci %big : i256 to i64
  %3 = arith.index_cast %m3 : i256 to index
  %i = arith.constant -5 : index
  %4 = arith.index_cast %i : index to i129
  %5 = arith.index_castui %i : index to i129
  %6 = arith.sitofp %big : i256 to f32
  %7 = arith.uitofp %m3 : i256 to f64
  %8 = arith.sitofp %m3 : i256 to f16
  %f = arith.constant -1.0e+30 : f32
  %9 = arith.fptosi %f : f32 to i256
  %10 = arith.bitcast %big : i256 to i256
  %g = arith.constant 1.0e+300 : f64
  %11 = arith.fptosi %g : f64 to i256
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i512, i512, i64, index, i129, i129, f32, f64, f16, i256, i256, i256
}

// The cast patterns: trunci of extensions, extsi of extui, trunci of shrsi by
// the width difference, cmpf of sitofp against a constant.
// CHECK-LABEL: func.func @cast_chains(
// CHECK-NEXT: %c192_i256 = arith.constant 192 : i256
// CHECK-NEXT: %cst = arith.constant 1.000000e+10 : f32
// CHECK-NEXT: %0 = arith.extui %arg0 : i129 to i512
// CHECK-NEXT: %1 = arith.shrui %arg1, %c192_i256 : i256
// CHECK-NEXT: %2 = arith.trunci %1 : i256 to i64
// CHECK-NEXT: %3 = arith.sitofp %arg0 : i129 to f32
// CHECK-NEXT: %4 = arith.cmpf olt, %3, %cst : f32
// CHECK-NEXT: return %arg0, %0, %2, %4 : i129, i512, i64, i1
// CHECK-NEXT: }
func.func @cast_chains(%x: i129, %y: i256) -> (i129, i512, i64, i1) {
  %0 = arith.extsi %x : i129 to i256
  %1 = arith.extsi %0 : i256 to i512
  %2 = arith.trunci %1 : i512 to i129
  %3 = arith.extui %x : i129 to i256
  %4 = arith.extsi %3 : i256 to i512
  %c192 = arith.constant 192 : i256
  %5 = arith.shrsi %y, %c192 : i256
  %6 = arith.trunci %5 : i256 to i64
  %a = arith.sitofp %x : i129 to f32
  %c = arith.constant 1.0e+10 : f32
  %7 = arith.cmpf olt, %a, %c : f32
  return %2, %4, %6, %7 : i129, i512, i64, i1
}

// cmpi folds and its constant moved to the right; select of constants.
// CHECK-LABEL: func.func @compare_select(
// CHECK-NEXT: %c-1_i256 = arith.constant -1 : i256
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = arith.cmpi slt, %arg0, %c-1_i256 : i256
// CHECK-NEXT: %1 = arith.extui %arg1 : i1 to i256
// CHECK-NEXT: return %true, %false, %0, %c-1_i256, %1 : i1, i1, i1, i256, i256
// CHECK-NEXT: }
func.func @compare_select(%x: i256, %c: i1) -> (i1, i1, i1, i256, i256) {
  %a = arith.constant -1 : i256
  %b = arith.constant 1 : i256
  %0 = arith.cmpi slt, %a, %b : i256
  %1 = arith.cmpi ult, %a, %b : i256
  %2 = arith.cmpi sgt, %a, %x : i256
  %3 = arith.select %0, %a, %b : i256
  %c1 = arith.constant 1 : i256
  %c0 = arith.constant 0 : i256
  %4 = arith.select %c, %c1, %c0 : i256
  return %0, %1, %2, %3, %4 : i1, i1, i1, i256, i256
}

// The extended ops: the carry, the high halves, and mului_extended(x, 1).
// CHECK-LABEL: func.func @extended(
// CHECK-NEXT: %c1_i256 = arith.constant 1 : i256
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c-2_i256 = arith.constant -2 : i256
// CHECK-NEXT: %c-1_i256 = arith.constant -1 : i256
// CHECK-NEXT: %c0_i256 = arith.constant 0 : i256
// CHECK-NEXT: return %c1_i256, %true, %c-2_i256, %c-1_i256, %c-2_i256, %c1_i256, %arg0, %c0_i256 : i256, i1, i256, i256, i256, i256, i256, i256
// CHECK-NEXT: }
func.func @extended(%x: i256) -> (i256, i1, i256, i256, i256, i256, i256, i256) {
  %a = arith.constant -1 : i256
  %b = arith.constant 2 : i256
  %s, %o = arith.addui_extended %a, %b : i256, i1
  %l, %h = arith.mulsi_extended %a, %b : i256
  %ul, %uh = arith.mului_extended %a, %b : i256
  %c1 = arith.constant 1 : i256
  %xl, %xh = arith.mului_extended %x, %c1 : i256
  return %s, %o, %l, %h, %ul, %uh, %xl, %xh : i256, i1, i256, i256, i256, i256, i256, i256
}

// Dense elements of wide integers: lists and splats, element by element.
// CHECK-LABEL: func.func @dense(
// CHECK-NEXT: %cst = arith.constant dense<[340282366920938463463374607431768211455, -7]> : vector<2xi129>
// CHECK-NEXT: %cst_0 = arith.constant dense<[-1, 1]> : vector<2xi129>
// CHECK-NEXT: %cst_1 = arith.constant dense<false> : vector<2xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<[170141183460469231731687303715884105729, 170141183460469231731687303715884105730, 170141183460469231731687303715884105731]> : tensor<3xi256>
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 7]> : vector<2xi129>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %arg0, %cst_3 : vector<2xi129>, vector<2xi129>, vector<2xi1>, tensor<3xi256>, vector<2xi129>, vector<2xi129>
// CHECK-NEXT: }
func.func @dense(%v: vector<2xi129>, %m: vector<2xi1>) -> (vector<2xi129>, vector<2xi129>, vector<2xi1>, tensor<3xi256>, vector<2xi129>, vector<2xi129>) {
  %a = arith.constant dense<[1, -1]> : vector<2xi129>
  %b = arith.constant dense<[340282366920938463463374607431768211455, 7]> : vector<2xi129>
  %0 = arith.muli %a, %b : vector<2xi129>
  %s = arith.constant dense<-2> : vector<2xi129>
  %1 = arith.xori %s, %a : vector<2xi129>
  %2 = arith.cmpi sgt, %a, %b : vector<2xi129>
  %t = arith.constant dense<[1, 2, 3]> : tensor<3xi256>
  %u = arith.constant dense<170141183460469231731687303715884105728> : tensor<3xi256>
  %3 = arith.addi %t, %u : tensor<3xi256>
  %z = arith.constant dense<0> : vector<2xi129>
  %4 = arith.addi %v, %z : vector<2xi129>
  %k = arith.constant dense<[true, false]> : vector<2xi1>
  %5 = arith.select %k, %a, %b : vector<2xi1>, vector<2xi129>
  return %0, %1, %2, %3, %4, %5 : vector<2xi129>, vector<2xi129>, vector<2xi1>, tensor<3xi256>, vector<2xi129>, vector<2xi129>
}
