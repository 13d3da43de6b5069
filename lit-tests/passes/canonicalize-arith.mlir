// MLIR 22's arith folds and canonicalization patterns beyond constant folding:
// extensions and truncations (in place, and the ArithCanonicalization.td
// patterns), bitwise ops and cmpi of extensions, index_cast/bitcast/extf/truncf
// chains, select, not(cmpi), the extended ops, float identities, cmpf against NaN
// and of an [su]itofp against a constant (CmpFIntToFPConst), and folding of
// vector constants element by element. The same output as mlir-opt 22 (checked by
// canonicalize-arith-vs-mlir-opt.mlir).
// RUN: xopt %s --canonicalize | xcheck %s

// CHECK-LABEL: func.func @ext_trunc(
// CHECK-NEXT: %c48_i64 = arith.constant 48 : i64
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT: %2 = arith.shrui %arg1, %c48_i64 : i64
// CHECK-NEXT: %3 = arith.trunci %2 : i64 to i16
// CHECK-NEXT: %4 = arith.trunci %arg1 : i64 to i8
// CHECK-NEXT: %5 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT: return %0, %1, %3, %4, %5 : i32, i32, i16, i8, i16
// CHECK-NEXT: }
func.func @ext_trunc(%a: i8, %b: i64, %c: i16) -> (i32, i32, i16, i8, i16) {
  %0 = arith.extsi %a : i8 to i64
  %1 = arith.trunci %0 : i64 to i32
  %2 = arith.extui %a : i8 to i16
  %3 = arith.extui %2 : i16 to i32
  %c48 = arith.constant 48 : i64
  %4 = arith.shrsi %b, %c48 : i64
  %5 = arith.trunci %4 : i64 to i16
  %6 = arith.trunci %b : i64 to i32
  %7 = arith.trunci %6 : i32 to i8
  %8 = arith.extsi %a : i8 to i32
  %9 = arith.extsi %8 : i32 to i64
  %10 = arith.trunci %9 : i64 to i16
  return %1, %3, %5, %7, %10 : i32, i32, i16, i8, i16
}

// CHECK-LABEL: func.func @bitwise_of_ext(
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT: %1 = arith.extui %0 : i8 to i32
// CHECK-NEXT: %2 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT: %3 = arith.extui %2 : i8 to i32
// CHECK-NEXT: %4 = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT: %5 = arith.extsi %arg1 : i8 to i32
// CHECK-NEXT: %6 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT: %7 = arith.extsi %6 : i8 to i32
// CHECK-NEXT: %8 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT: %9 = arith.cmpi slt, %4, %5 : i32
// CHECK-NEXT: return %1, %3, %7, %8, %9 : i32, i32, i32, i1, i1
// CHECK-NEXT: }
func.func @bitwise_of_ext(%a: i8, %b: i8) -> (i32, i32, i32, i1, i1) {
  %x = arith.extui %a : i8 to i32
  %y = arith.extui %b : i8 to i32
  %0 = arith.andi %x, %y : i32
  %1 = arith.ori %x, %y : i32
  %sx = arith.extsi %a : i8 to i32
  %sy = arith.extsi %b : i8 to i32
  %2 = arith.xori %sx, %sy : i32
  %3 = arith.cmpi eq, %sx, %sy : i32
  %4 = arith.cmpi slt, %sx, %sy : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i1, i1
}

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %1 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: return %arg0, %0, %arg2, %arg3, %arg2, %1, %arg3 : i32, index, f32, f16, f32, f32, f16
// CHECK-NEXT: }
func.func @casts(%a: i32, %i: index, %f: f32, %h: f16) -> (i32, index, f32, f16, f32, f32, f16) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %0 : index to i32
  %2 = arith.extsi %a : i32 to i64
  %3 = arith.index_cast %2 : i64 to index
  %4 = arith.bitcast %f : f32 to i32
  %5 = arith.bitcast %4 : i32 to f32
  %6 = arith.extf %h : f16 to f64
  %7 = arith.truncf %6 : f64 to f16
  %8 = arith.truncf %f fastmath<contract> : f32 to f16
  %9 = arith.extf %8 fastmath<contract> : f16 to f32
  %10 = arith.sitofp %a : i32 to f64
  %11 = arith.truncf %10 : f64 to f32
  %12 = arith.bitcast %h : f16 to f16
  return %1, %3, %5, %7, %9, %11, %12 : i32, index, f32, f16, f32, f32, f16
}

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg1, %arg3 : i32
// CHECK-NEXT: %2 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT: %3 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %4 = arith.xori %arg0, %true : i1
// CHECK-NEXT: %5 = arith.extui %4 : i1 to i32
// CHECK-NEXT: return %0, %1, %2, %3, %5, %arg2, %arg1 : i32, i32, i32, i1, i32, i32, i32
// CHECK-NEXT: }
func.func @select(%c: i1, %a: i32, %b: i32, %d: i32) -> (i32, i32, i32, i1, i32, i32, i32) {
  %t = arith.constant true
  %nc = arith.xori %c, %t : i1
  %0 = arith.select %nc, %a, %b : i32
  %s = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %s, %d : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %2 = arith.select %c, %c1, %c0 : i32
  %f = arith.constant false
  %3 = arith.select %c, %f, %t : i1
  %4 = arith.select %c, %c0, %c1 : i32
  %eq = arith.cmpi eq, %a, %b : i32
  %5 = arith.select %eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  %6 = arith.select %ne, %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i1, i32, i32, i32
}

// CHECK-LABEL: func.func @not_cmpi_and_extended(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.cmpi slt, %arg0, %c0_i32 : i32
// CHECK-NEXT: %4 = arith.extsi %3 : i1 to i32
// CHECK-NEXT: return %0, %1, %2, %4, %c0_i32, %c0_i32 : i1, i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @not_cmpi_and_extended(%a: i32, %b: i32) -> (i1, i32, i32, i32, i32, i32) {
  %0 = arith.cmpi slt, %a, %b : i32
  %t = arith.constant true
  %1 = arith.xori %0, %t : i1
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %c1 = arith.constant 1 : i32
  %l1, %h1 = arith.mulsi_extended %a, %c1 : i32
  %c0 = arith.constant 0 : i32
  %l0, %h0 = arith.mului_extended %a, %c0 : i32
  return %1, %lo, %s, %h1, %l0, %h0 : i1, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @float(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %cst, %arg0, %arg0, %0, %arg0, %arg1, %true, %false : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1
// CHECK-NEXT: }
func.func @float(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %pz : f32
  %2 = arith.mulf %x, %one : f32
  %3 = arith.divf %x, %one : f32
  %4 = arith.mulf %x, %pz fastmath<nnan,nsz> : f32
  %5 = arith.maximumf %x, %ninf : f32
  %6 = arith.minnumf %x, %nan : f32
  %nx = arith.negf %x : f32
  %ny = arith.negf %y : f32
  %7 = arith.mulf %nx, %ny fastmath<fast> : f32
  %8 = arith.negf %nx : f32
  %9 = arith.minimumf %y, %y : f32
  %10 = arith.cmpf ult, %x, %nan : f32
  %11 = arith.cmpf oeq, %nan, %y : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1
}

// CHECK-LABEL: func.func @cmpf_of_int(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst = arith.constant 1.07374182E+9 : f32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %0 = arith.cmpi sle, %arg0, %c4_i32 : i32
// CHECK-NEXT: %1 = arith.sitofp %arg2 : i64 to f32
// CHECK-NEXT: %2 = arith.cmpf oeq, %1, %cst : f32
// CHECK-NEXT: return %0, %false, %true, %false, %true, %2 : i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpf_of_int(%a: i32, %b: i8, %c: i64) -> (i1, i1, i1, i1, i1, i1) {
  %fa = arith.sitofp %a : i32 to f32
  %c44 = arith.constant 4.4 : f32
  %0 = arith.cmpf olt, %fa, %c44 : f32
  %1 = arith.cmpf oeq, %fa, %c44 : f32
  %fb = arith.uitofp %b : i8 to f32
  %cm = arith.constant -4.4 : f32
  %2 = arith.cmpf uge, %fb, %cm : f32
  %big = arith.constant 1.0e+10 : f32
  %3 = arith.cmpf ogt, %fa, %big : f32
  %4 = arith.cmpf ord, %fb, %c44 : f32
  %fc = arith.sitofp %c : i64 to f32
  %c2p30 = arith.constant 1073741824.0 : f32
  %5 = arith.cmpf oeq, %fc, %c2p30 : f32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @vectors(
// CHECK-NEXT: %cst = arith.constant dense<[10, 20, 30, 40]> : vector<4xi16>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2, 3, 40]> : vector<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_2 = arith.constant dense<[11, 22, 33, 44]> : vector<4xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<false> : vector<4xi1>
// CHECK-NEXT: %cst_4 = arith.constant dense<[1, 20, 3, 40]> : vector<4xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: %0 = arith.shli %cst_1, %cst_0 : vector<4xi32>
// CHECK-NEXT: return %cst_2, %cst_3, %cst_4, %cst_5, %0, %cst : vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xf32>, vector<4xi32>, vector<4xi16>
// CHECK-NEXT: }
func.func @vectors(%v: vector<4xi32>) -> (vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xf32>, vector<4xi32>, vector<4xi16>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
  %0 = arith.addi %a, %b : vector<4xi32>
  %1 = arith.cmpi slt, %v, %v : vector<4xi32>
  %m = arith.constant dense<[true, false, true, false]> : vector<4xi1>
  %2 = arith.select %m, %a, %b : vector<4xi1>, vector<4xi32>
  %3 = arith.sitofp %a : vector<4xi32> to vector<4xf32>
  %4 = arith.subi %v, %v : vector<4xi32>
  %s = arith.constant dense<[1, 2, 3, 40]> : vector<4xi32>
  %5 = arith.shli %a, %s : vector<4xi32>
  %6 = arith.trunci %b : vector<4xi32> to vector<4xi16>
  return %0, %1, %2, %3, %5, %6 : vector<4xi32>, vector<4xi1>, vector<4xi32>, vector<4xf32>, vector<4xi32>, vector<4xi16>
}

// CHECK-LABEL: func.func @add_mul_neg_one_splat(
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : vector<3xi64>
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : vector<3xi64>
// CHECK-NEXT: %2 = arith.subi %arg2, %arg3 : tensor<3xi64>
// CHECK-NEXT: return %0, %1, %2 : vector<3xi64>, vector<3xi64>, tensor<3xi64>
// CHECK-NEXT: }
func.func @add_mul_neg_one_splat(%arg0: vector<3xi64>, %arg1: vector<3xi64>, %arg2: tensor<3xi64>, %arg3: tensor<3xi64>) -> (vector<3xi64>, vector<3xi64>, tensor<3xi64>) {
  %m1 = arith.constant dense<-1> : vector<3xi64>
  %neg = arith.muli %arg1, %m1 : vector<3xi64>
  %0 = arith.addi %arg0, %neg : vector<3xi64>
  %1 = arith.addi %neg, %arg0 : vector<3xi64>
  %t1 = arith.constant dense<-1> : tensor<3xi64>
  %tneg = arith.muli %arg3, %t1 : tensor<3xi64>
  %2 = arith.addi %arg2, %tneg : tensor<3xi64>
  return %0, %1, %2 : vector<3xi64>, vector<3xi64>, tensor<3xi64>
}

// fptosi to i1 and [su]itofp of an i1 (rustc_apfloat cannot convert to 1 signed bit).
// CHECK-LABEL: func.func @i1_conversions(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = arith.fptosi %cst : f32 to i1
// CHECK-NEXT: %1 = arith.cmpi slt, %arg0, %false : i1
// CHECK-NEXT: return %true, %false, %0, %true, %1 : i1, i1, i1, i1, i1
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func @i1_conversions(%b: i1) -> (i1, i1, i1, i1, i1) {
  %c = arith.constant -1.0 : f32
  %0 = arith.fptosi %c : f32 to i1
  %h = arith.constant 0.5 : f32
  %1 = arith.fptosi %h : f32 to i1
  %o = arith.constant 1.0 : f32
  %2 = arith.fptosi %o : f32 to i1
  %3 = arith.fptoui %o : f32 to i1
  %s = arith.sitofp %b : i1 to f32
  %m = arith.constant -0.5 : f32
  %4 = arith.cmpf olt, %s, %m : f32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}
