// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom <-> generic round trips of every arith op; CHECK lines are mlir-opt 22's
// output, including the result names of the custom form (%c1_i32, %cst, %true,
// %sum, %overflow, %low, %high).

// Result names: a duplicate gets a _N suffix from a counter of the enclosing region
// (restored for sibling regions), i1 constants are %true / %false, others %cst.
func.func @names(%a: i64) -> (i64, i1) {
  %0 = arith.constant 1 : i64
  %1 = arith.constant 1 : i64
  %2 = arith.constant false
  %3 = arith.constant false
  %4 = arith.constant -7 : i64
  %5 = arith.constant 0 : index
  %6 = arith.constant 0 : index
  %7 = arith.constant 2.5 : f64
  %8 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %s:2 = arith.addui_extended %a, %0 : i64, i1
  %t:2 = arith.addui_extended %s#0, %1 : i64, i1
  %l:2 = arith.mulsi_extended %t#0, %4 : i64
  %9 = arith.addi %l#0, %l#1 : i64
  %10 = arith.ori %s#1, %t#1 : i1
  %11 = arith.andi %10, %3 : i1
  return %9, %11 : i64, i1
}

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


// CHECK-LABEL: func.func @names(%arg0: i64) -> (i64, i1) {
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %c1_i64_0 = arith.constant 1 : i64
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %c-7_i64 = arith.constant -7 : i64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_2 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %c1_i64 : i64, i1
// CHECK-NEXT: %sum_4, %overflow_5 = arith.addui_extended %sum, %c1_i64_0 : i64, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %sum_4, %c-7_i64 : i64
// CHECK-NEXT: %0 = arith.addi %low, %high : i64
// CHECK-NEXT: %1 = arith.ori %overflow, %overflow_5 : i1
// CHECK-NEXT: %2 = arith.andi %1, %false_1 : i1
// CHECK-NEXT: return %0, %2 : i64, i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: i1, %arg5: index, %arg6: vector<4xi32>, %arg7: tensor<4xf32>, %arg8: vector<4xi1>) {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %2 = arith.subi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %3 = arith.muli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %4 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.shli %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %15 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: %17 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_1, %high_2 = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT: %21 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT: %22 = arith.addf %arg2, %arg3 fastmath<fast> : f32
// CHECK-NEXT: %23 = arith.subf %arg2, %arg3 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %24 = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT: %25 = arith.divf %arg2, %arg3 : f32
// CHECK-NEXT: %26 = arith.remf %arg2, %arg3 : f32
// CHECK-NEXT: %27 = arith.negf %arg2 fastmath<contract> : f32
// CHECK-NEXT: %28 = arith.maximumf %arg2, %arg3 : f32
// CHECK-NEXT: %29 = arith.minimumf %arg2, %arg3 : f32
// CHECK-NEXT: %30 = arith.maxnumf %arg2, %arg3 : f32
// CHECK-NEXT: %31 = arith.minnumf %arg2, %arg3 : f32
// CHECK-NEXT: %32 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %33 = arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-NEXT: %34 = arith.cmpf ugt, %arg2, %arg3 fastmath<fast> : f32
// CHECK-NEXT: %35 = arith.select %arg4, %arg0, %arg1 : i32
// CHECK-NEXT: %36 = arith.select %arg8, %arg6, %arg6 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %37 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT: %38 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %39 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT: %40 = arith.extf %arg2 : f32 to f64
// CHECK-NEXT: %41 = arith.truncf %arg2 : f32 to f16
// CHECK-NEXT: %42 = arith.truncf %arg2 to_nearest_even : f32 to f16
// CHECK-NEXT: %43 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT: %44 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT: %45 = arith.fptosi %arg2 : f32 to i32
// CHECK-NEXT: %46 = arith.fptoui %arg2 : f32 to i32
// CHECK-NEXT: %47 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %48 = arith.index_castui %arg5 : index to i32
// CHECK-NEXT: %49 = arith.bitcast %arg0 : i32 to f32
// CHECK-NEXT: %50 = arith.addf %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %51 = arith.divsi %arg0, %arg1 exact : i32
// CHECK-NEXT: %52 = arith.extf %arg2 fastmath<fast> : f32 to f64
// CHECK-NEXT: %53 = arith.trunci %arg0 overflow<nsw> : i32 to i8
// CHECK-NEXT: %54 = arith.truncf %arg2 to_nearest_even fastmath<fast> : f32 to f16
// CHECK-NEXT: %55 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %56 = arith.addf %arg2, %arg2 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %57 = arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT: %58 = arith.addf %arg2, %arg2 : f32
// CHECK-NEXT: %59 = arith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT: %60 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %61 = arith.truncf %arg2 downward : f32 to f16
// CHECK-NEXT: %62 = arith.truncf %arg2 upward : f32 to f16
// CHECK-NEXT: %63 = arith.truncf %arg2 toward_zero : f32 to f16
// CHECK-NEXT: %64 = arith.truncf %arg2 to_nearest_away : f32 to f16
// CHECK-NEXT: %65 = arith.addf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT: %66 = arith.addi %arg0, %arg0 {foo = 1 : i64} : i32
// CHECK-NEXT: %67 = arith.cmpi eq, %arg0, %arg0 {foo} : i32
// CHECK-NEXT: %68 = arith.addf %arg2, %arg2 fastmath<nnan,ninf,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %69 = arith.scaling_extf %arg2, %arg2 : f32, f32 to f64
// CHECK-NEXT: %70 = arith.scaling_truncf %arg2, %arg2 to_nearest_even fastmath<fast> : f32, f32 to f16
// CHECK-NEXT: %71 = arith.cmpf true, %arg2, %arg3 : f32
// CHECK-NEXT: %72 = arith.cmpi eq, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %73 = arith.cmpi ne, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %74 = arith.cmpi slt, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %75 = arith.cmpi sle, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %76 = arith.cmpi sgt, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %77 = arith.cmpi sge, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %78 = arith.cmpi ult, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %79 = arith.cmpi ule, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %80 = arith.cmpi ugt, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %81 = arith.cmpi uge, %arg6, %arg6 : vector<4xi32>
// CHECK-NEXT: %82 = arith.cmpf false, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %83 = arith.cmpf oeq, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %84 = arith.cmpf ogt, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %85 = arith.cmpf oge, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %86 = arith.cmpf olt, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %87 = arith.cmpf ole, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %88 = arith.cmpf one, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %89 = arith.cmpf ord, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %90 = arith.cmpf ueq, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %91 = arith.cmpf ugt, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %92 = arith.cmpf uge, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %93 = arith.cmpf ult, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %94 = arith.cmpf ule, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %95 = arith.cmpf une, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %96 = arith.cmpf uno, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %97 = arith.cmpf true, %arg7, %arg7 : tensor<4xf32>
// CHECK-NEXT: %98 = arith.select %arg4, %arg7, %arg7 {foo} : tensor<4xf32>
// CHECK-NEXT: %c-5_i8 = arith.constant {foo} -5 : i8
// CHECK-NEXT: %cst_3 = arith.constant dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK-NEXT: %99 = arith.index_cast %arg6 : vector<4xi32> to vector<4xindex>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

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
