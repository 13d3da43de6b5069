// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom <-> generic round trips of every arith op; CHECK lines are mlir-opt 22's
// output. Known gap: mlir-opt names results after constants (%c1_i32, %cst,
// %true) and extended ops (%sum, %low); xopt numbers them, so CHECK lines start
// at the op.

func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %i: index, %v: vector<4xi32>, %t: tensor<4xf32>, %vc: vector<4xi1>) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1.0 : f32
  %2 = arith.constant dense<1> : vector<4xi32>
  %3 = arith.constant true
  %4 = arith.constant 3 : index
  %5 = arith.addi %a, %b : i32
  %6 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %7 = arith.subi %a, %b overflow<nsw> : i32
  %8 = arith.muli %a, %b overflow<nuw> : i32
  %9 = arith.divsi %a, %b : i32
  %10 = arith.divui %a, %b : i32
  %11 = arith.ceildivsi %a, %b : i32
  %12 = arith.ceildivui %a, %b : i32
  %13 = arith.floordivsi %a, %b : i32
  %14 = arith.remsi %a, %b : i32
  %15 = arith.remui %a, %b : i32
  %16 = arith.andi %a, %b : i32
  %17 = arith.ori %a, %b : i32
  %18 = arith.xori %a, %b : i32
  %19 = arith.shli %a, %b overflow<nsw> : i32
  %20 = arith.shrsi %a, %b : i32
  %21 = arith.shrui %a, %b : i32
  %22 = arith.maxsi %a, %b : i32
  %23 = arith.maxui %a, %b : i32
  %24 = arith.minsi %a, %b : i32
  %25 = arith.minui %a, %b : i32
  %26:2 = arith.addui_extended %a, %b : i32, i1
  %27:2 = arith.mulsi_extended %a, %b : i32
  %28:2 = arith.mului_extended %a, %b : i32
  %29 = arith.addf %x, %y : f32
  %30 = arith.addf %x, %y fastmath<fast> : f32
  %31 = arith.subf %x, %y fastmath<nnan,ninf> : f32
  %32 = arith.mulf %x, %y : f32
  %33 = arith.divf %x, %y : f32
  %34 = arith.remf %x, %y : f32
  %35 = arith.negf %x fastmath<contract> : f32
  %36 = arith.maximumf %x, %y : f32
  %37 = arith.minimumf %x, %y : f32
  %38 = arith.maxnumf %x, %y : f32
  %39 = arith.minnumf %x, %y : f32
  %40 = arith.cmpi slt, %a, %b : i32
  %41 = arith.cmpf olt, %x, %y : f32
  %42 = arith.cmpf ugt, %x, %y fastmath<fast> : f32
  %43 = arith.select %c, %a, %b : i32
  %44 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %45 = arith.extsi %a : i32 to i64
  %46 = arith.extui %a : i32 to i64
  %47 = arith.trunci %a : i32 to i8
  %48 = arith.extf %x : f32 to f64
  %49 = arith.truncf %x : f32 to f16
  %50 = arith.truncf %x to_nearest_even : f32 to f16
  %51 = arith.sitofp %a : i32 to f32
  %52 = arith.uitofp %a : i32 to f32
  %53 = arith.fptosi %x : f32 to i32
  %54 = arith.fptoui %x : f32 to i32
  %55 = arith.index_cast %a : i32 to index
  %56 = arith.index_castui %i : index to i32
  %57 = arith.bitcast %a : i32 to f32
  %58 = arith.addf %t, %t : tensor<4xf32>
  %59 = arith.divsi %a, %b exact : i32
  %60 = arith.extf %x fastmath<fast> : f32 to f64
  %61 = arith.trunci %a overflow<nsw> : i32 to i8
  %64 = arith.truncf %x to_nearest_even fastmath<fast> : f32 to f16
  %g0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  %g1 = "arith.addf"(%x, %x) {fastmath = #arith.fastmath<ninf,nnan>} : (f32, f32) -> f32
  %g2 = arith.addf %x, %x fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %g3 = arith.addf %x, %x fastmath<none> : f32
  %g4 = arith.addi %a, %a overflow<nuw, nsw> : i32
  %g5 = arith.addi %a, %a overflow<none> : i32
  %g6 = arith.truncf %x downward : f32 to f16
  %g7 = arith.truncf %x upward : f32 to f16
  %g8 = arith.truncf %x toward_zero : f32 to f16
  %g9 = arith.truncf %x to_nearest_away : f32 to f16
  %g10 = arith.addf %x, %x fastmath<fast,nnan> : f32
  %g11 = arith.addi %a, %a {foo = 1} : i32
  %g12 = arith.cmpi eq, %a, %a {foo} : i32
  %g13 = arith.addf %x, %x fastmath<nnan,ninf,nsz,arcp,contract,afn> : f32
  %s1 = arith.scaling_extf %x, %x : f32, f32 to f64
  %s2 = arith.scaling_truncf %x, %x to_nearest_even fastmath<fast> : f32, f32 to f16
  %cc = "arith.cmpf"(%x, %y) <{predicate = 15 : i64}> : (f32, f32) -> i1
  %ci_eq = arith.cmpi eq, %v, %v : vector<4xi32>
  %ci_ne = arith.cmpi ne, %v, %v : vector<4xi32>
  %ci_slt = arith.cmpi slt, %v, %v : vector<4xi32>
  %ci_sle = arith.cmpi sle, %v, %v : vector<4xi32>
  %ci_sgt = arith.cmpi sgt, %v, %v : vector<4xi32>
  %ci_sge = arith.cmpi sge, %v, %v : vector<4xi32>
  %ci_ult = arith.cmpi ult, %v, %v : vector<4xi32>
  %ci_ule = arith.cmpi ule, %v, %v : vector<4xi32>
  %ci_ugt = arith.cmpi ugt, %v, %v : vector<4xi32>
  %ci_uge = arith.cmpi uge, %v, %v : vector<4xi32>
  %cf_false = arith.cmpf false, %t, %t : tensor<4xf32>
  %cf_oeq = arith.cmpf oeq, %t, %t : tensor<4xf32>
  %cf_ogt = arith.cmpf ogt, %t, %t : tensor<4xf32>
  %cf_oge = arith.cmpf oge, %t, %t : tensor<4xf32>
  %cf_olt = arith.cmpf olt, %t, %t : tensor<4xf32>
  %cf_ole = arith.cmpf ole, %t, %t : tensor<4xf32>
  %cf_one = arith.cmpf one, %t, %t : tensor<4xf32>
  %cf_ord = arith.cmpf ord, %t, %t : tensor<4xf32>
  %cf_ueq = arith.cmpf ueq, %t, %t : tensor<4xf32>
  %cf_ugt = arith.cmpf ugt, %t, %t : tensor<4xf32>
  %cf_uge = arith.cmpf uge, %t, %t : tensor<4xf32>
  %cf_ult = arith.cmpf ult, %t, %t : tensor<4xf32>
  %cf_ule = arith.cmpf ule, %t, %t : tensor<4xf32>
  %cf_une = arith.cmpf une, %t, %t : tensor<4xf32>
  %cf_uno = arith.cmpf uno, %t, %t : tensor<4xf32>
  %cf_true = arith.cmpf true, %t, %t : tensor<4xf32>
  %sel = arith.select %c, %t, %t {foo} : tensor<4xf32>
  %k = arith.constant {foo} -5 : i8
  %kd = arith.constant dense<[1.5, 2.0]> : tensor<2xf64>
  %ic = arith.index_cast %v : vector<4xi32> to vector<4xindex>
  return
}

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: index, %arg6: vector<4xi32>, %arg7: tensor<4xf32>, %arg8: vector<4xi1>) {
// CHECK: arith.constant 1 : i32
// CHECK: arith.constant 1.000000e+00 : f32
// CHECK: arith.constant dense<1> : vector<4xi32>
// CHECK: arith.constant true
// CHECK: arith.constant 3 : index
// CHECK: arith.addi %arg0, %arg1 : i32
// CHECK: arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK: arith.subi %arg0, %arg1 overflow<nsw> : i32
// CHECK: arith.muli %arg0, %arg1 overflow<nuw> : i32
// CHECK: arith.divsi %arg0, %arg1 : i32
// CHECK: arith.divui %arg0, %arg1 : i32
// CHECK: arith.ceildivsi %arg0, %arg1 : i32
// CHECK: arith.ceildivui %arg0, %arg1 : i32
// CHECK: arith.floordivsi %arg0, %arg1 : i32
// CHECK: arith.remsi %arg0, %arg1 : i32
// CHECK: arith.remui %arg0, %arg1 : i32
// CHECK: arith.andi %arg0, %arg1 : i32
// CHECK: arith.ori %arg0, %arg1 : i32
// CHECK: arith.xori %arg0, %arg1 : i32
// CHECK: arith.shli %arg0, %arg1 overflow<nsw> : i32
// CHECK: arith.shrsi %arg0, %arg1 : i32
// CHECK: arith.shrui %arg0, %arg1 : i32
// CHECK: arith.maxsi %arg0, %arg1 : i32
// CHECK: arith.maxui %arg0, %arg1 : i32
// CHECK: arith.minsi %arg0, %arg1 : i32
// CHECK: arith.minui %arg0, %arg1 : i32
// CHECK: arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK: arith.mulsi_extended %arg0, %arg1 : i32
// CHECK: arith.mului_extended %arg0, %arg1 : i32
// CHECK: arith.addf %arg2, %arg3 : f32
// CHECK: arith.addf %arg2, %arg3 fastmath<fast> : f32
// CHECK: arith.subf %arg2, %arg3 fastmath<nnan,ninf> : f32
// CHECK: arith.mulf %arg2, %arg3 : f32
// CHECK: arith.divf %arg2, %arg3 : f32
// CHECK: arith.remf %arg2, %arg3 : f32
// CHECK: arith.negf %arg2 fastmath<contract> : f32
// CHECK: arith.maximumf %arg2, %arg3 : f32
// CHECK: arith.minimumf %arg2, %arg3 : f32
// CHECK: arith.maxnumf %arg2, %arg3 : f32
// CHECK: arith.minnumf %arg2, %arg3 : f32
// CHECK: arith.cmpi slt, %arg0, %arg1 : i32
// CHECK: arith.cmpf olt, %arg2, %arg3 : f32
// CHECK: arith.cmpf ugt, %arg2, %arg3 fastmath<fast> : f32
// CHECK: arith.select %arg4, %arg0, %arg1 : i32
// CHECK: arith.select %arg8, %arg6, %arg6 : vector<4xi1>, vector<4xi32>
// CHECK: arith.extsi %arg0 : i32 to i64
// CHECK: arith.extui %arg0 : i32 to i64
// CHECK: arith.trunci %arg0 : i32 to i8
// CHECK: arith.extf %arg2 : f32 to f64
// CHECK: arith.truncf %arg2 : f32 to f16
// CHECK: arith.truncf %arg2 to_nearest_even : f32 to f16
// CHECK: arith.sitofp %arg0 : i32 to f32
// CHECK: arith.uitofp %arg0 : i32 to f32
// CHECK: arith.fptosi %arg2 : f32 to i32
// CHECK: arith.fptoui %arg2 : f32 to i32
// CHECK: arith.index_cast %arg0 : i32 to index
// CHECK: arith.index_castui %arg5 : index to i32
// CHECK: arith.bitcast %arg0 : i32 to f32
// CHECK: arith.addf %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.divsi %arg0, %arg1 exact : i32
// CHECK: arith.extf %arg2 fastmath<fast> : f32 to f64
// CHECK: arith.trunci %arg0 overflow<nsw> : i32 to i8
// CHECK: arith.truncf %arg2 to_nearest_even fastmath<fast> : f32 to f16
// CHECK: arith.addi %arg0, %arg0 : i32
// CHECK: arith.addf %arg2, %arg2 fastmath<nnan,ninf> : f32
// CHECK: arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK: arith.addf %arg2, %arg2 : f32
// CHECK: arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK: arith.addi %arg0, %arg0 : i32
// CHECK: arith.truncf %arg2 downward : f32 to f16
// CHECK: arith.truncf %arg2 upward : f32 to f16
// CHECK: arith.truncf %arg2 toward_zero : f32 to f16
// CHECK: arith.truncf %arg2 to_nearest_away : f32 to f16
// CHECK: arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK: arith.addi %arg0, %arg0 {foo = 1 : i64} : i32
// CHECK: arith.cmpi eq, %arg0, %arg0 {foo} : i32
// CHECK: arith.addf %arg2, %arg2 fastmath<nnan,ninf,nsz,arcp,contract,afn> : f32
// CHECK: arith.scaling_extf %arg2, %arg2 : f32, f32 to f64
// CHECK: arith.scaling_truncf %arg2, %arg2 to_nearest_even fastmath<fast> : f32, f32 to f16
// CHECK: arith.cmpf true, %arg2, %arg3 : f32
// CHECK: arith.cmpi eq, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi ne, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi slt, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi sle, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi sgt, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi sge, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi ult, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi ule, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi ugt, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpi uge, %arg6, %arg6 : vector<4xi32>
// CHECK: arith.cmpf false, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf oeq, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ogt, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf oge, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf olt, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ole, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf one, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ord, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ueq, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ugt, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf uge, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ult, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf ule, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf une, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf uno, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.cmpf true, %arg7, %arg7 : tensor<4xf32>
// CHECK: arith.select %arg4, %arg7, %arg7 {foo} : tensor<4xf32>
// CHECK: arith.constant {foo} -5 : i8
// CHECK: arith.constant dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK: arith.index_cast %arg6 : vector<4xi32> to vector<4xindex>
// CHECK: return
// CHECK: }
// CHECK: }

// GEN-LABEL: "func.func"() <{function_type = (i32, i32, f32, f32, i1, index, vector<4xi32>, tensor<4xf32>, vector<4xi1>) -> (), sym_name = "f"}> ({
// GEN: ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: index, %arg6: vector<4xi32>, %arg7: tensor<4xf32>, %arg8: vector<4xi1>):
// GEN: %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// GEN: %1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// GEN: %2 = "arith.constant"() <{value = dense<1> : vector<4xi32>}> : () -> vector<4xi32>
// GEN: %3 = "arith.constant"() <{value = true}> : () -> i1
// GEN: %4 = "arith.constant"() <{value = 3 : index}> : () -> index
// GEN: %5 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN: %6 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GEN: %7 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GEN: %8 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// GEN: %9 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %10 = "arith.divui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %11 = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %12 = "arith.ceildivui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %13 = "arith.floordivsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %14 = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %15 = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %16 = "arith.andi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %17 = "arith.ori"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %18 = "arith.xori"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %19 = "arith.shli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GEN: %20 = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %21 = "arith.shrui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %22 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %23 = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %24 = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %25 = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %26:2 = "arith.addui_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i1)
// GEN: %27:2 = "arith.mulsi_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
// GEN: %28:2 = "arith.mului_extended"(%arg0, %arg1) : (i32, i32) -> (i32, i32)
// GEN: %29 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %30 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GEN: %31 = "arith.subf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GEN: %32 = "arith.mulf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %33 = "arith.divf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %34 = "arith.remf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %35 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<contract>}> : (f32) -> f32
// GEN: %36 = "arith.maximumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %37 = "arith.minimumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %38 = "arith.maxnumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %39 = "arith.minnumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %40 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GEN: %41 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// GEN: %42 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, predicate = 9 : i64}> : (f32, f32) -> i1
// GEN: %43 = "arith.select"(%arg4, %arg0, %arg1) : (i1, i32, i32) -> i32
// GEN: %44 = "arith.select"(%arg8, %arg6, %arg6) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// GEN: %45 = "arith.extsi"(%arg0) : (i32) -> i64
// GEN: %46 = "arith.extui"(%arg0) : (i32) -> i64
// GEN: %47 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
// GEN: %48 = "arith.extf"(%arg2) : (f32) -> f64
// GEN: %49 = "arith.truncf"(%arg2) : (f32) -> f16
// GEN: %50 = "arith.truncf"(%arg2) <{roundingmode = 0 : i32}> : (f32) -> f16
// GEN: %51 = "arith.sitofp"(%arg0) : (i32) -> f32
// GEN: %52 = "arith.uitofp"(%arg0) : (i32) -> f32
// GEN: %53 = "arith.fptosi"(%arg2) : (f32) -> i32
// GEN: %54 = "arith.fptoui"(%arg2) : (f32) -> i32
// GEN: %55 = "arith.index_cast"(%arg0) : (i32) -> index
// GEN: %56 = "arith.index_castui"(%arg5) : (index) -> i32
// GEN: %57 = "arith.bitcast"(%arg0) : (i32) -> f32
// GEN: %58 = "arith.addf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GEN: %59 = "arith.divsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
// GEN: %60 = "arith.extf"(%arg2) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f64
// GEN: %61 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32) -> i8
// GEN: %62 = "arith.truncf"(%arg2) <{fastmath = #arith.fastmath<fast>, roundingmode = 0 : i32}> : (f32) -> f16
// GEN: %63 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN: %64 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
// GEN: %65 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GEN: %66 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN: %67 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GEN: %68 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN: %69 = "arith.truncf"(%arg2) <{roundingmode = 1 : i32}> : (f32) -> f16
// GEN: %70 = "arith.truncf"(%arg2) <{roundingmode = 2 : i32}> : (f32) -> f16
// GEN: %71 = "arith.truncf"(%arg2) <{roundingmode = 3 : i32}> : (f32) -> f16
// GEN: %72 = "arith.truncf"(%arg2) <{roundingmode = 4 : i32}> : (f32) -> f16
// GEN: %73 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GEN: %74 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {foo = 1 : i64} : (i32, i32) -> i32
// GEN: %75 = "arith.cmpi"(%arg0, %arg0) <{predicate = 0 : i64}> {foo} : (i32, i32) -> i1
// GEN: %76 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan,ninf,nsz,arcp,contract,afn>}> : (f32, f32) -> f32
// GEN: %77 = "arith.scaling_extf"(%arg2, %arg2) : (f32, f32) -> f64
// GEN: %78 = "arith.scaling_truncf"(%arg2, %arg2) <{fastmath = #arith.fastmath<fast>, roundingmode = 0 : i32}> : (f32, f32) -> f16
// GEN: %79 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (f32, f32) -> i1
// GEN: %80 = "arith.cmpi"(%arg6, %arg6) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %81 = "arith.cmpi"(%arg6, %arg6) <{predicate = 1 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %82 = "arith.cmpi"(%arg6, %arg6) <{predicate = 2 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %83 = "arith.cmpi"(%arg6, %arg6) <{predicate = 3 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %84 = "arith.cmpi"(%arg6, %arg6) <{predicate = 4 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %85 = "arith.cmpi"(%arg6, %arg6) <{predicate = 5 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %86 = "arith.cmpi"(%arg6, %arg6) <{predicate = 6 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %87 = "arith.cmpi"(%arg6, %arg6) <{predicate = 7 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %88 = "arith.cmpi"(%arg6, %arg6) <{predicate = 8 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %89 = "arith.cmpi"(%arg6, %arg6) <{predicate = 9 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
// GEN: %90 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %91 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %92 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %93 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %94 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %95 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 5 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %96 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 6 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %97 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 7 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %98 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 8 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %99 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 9 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %100 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 10 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %101 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %102 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 12 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %103 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 13 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %104 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %105 = "arith.cmpf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>, predicate = 15 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GEN: %106 = "arith.select"(%arg4, %arg7, %arg7) {foo} : (i1, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GEN: %107 = "arith.constant"() <{value = -5 : i8}> {foo} : () -> i8
// GEN: %108 = "arith.constant"() <{value = dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>}> : () -> tensor<2xf64>
// GEN: %109 = "arith.index_cast"(%arg6) : (vector<4xi32>) -> vector<4xindex>
// GEN: "func.return"() : () -> ()
// GEN: }) : () -> ()
// GEN: }) : () -> ()
