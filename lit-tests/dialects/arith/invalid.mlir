// RUN: xopt %s --split-input-file --verify-diagnostics

// Every verifier and custom-syntax message of the arith dialect, worded as mlir-opt 22.

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %b : i64 to i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %1 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %2 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %3 = arith.extf %y : f64 to f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %4 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %5 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %6 = arith.select %vc, %v, %v : vector<2xi1>, vector<4xi32>
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %8 = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %9 = arith.addi %x, %x : f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %10 = arith.addf %a, %a : i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %11 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %12 = "arith.cmpi"(%a, %a) {predicate = 12 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %13 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %14 = arith.extsi %idx : index to i64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %15 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %16 = arith.bitcast %a : i32 to f64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %17 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %18 = "arith.addf"(%x, %x) {fastmath = 3 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+2 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error@+1 {{custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %19 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %20 = arith.constant 1 : si32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %21 = arith.constant "foo" : i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %23 = "arith.constant"() {value = dense<1> : tensor<4xi64>} : () -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.sitofp' op requires the same shape for all operands and results}}
  %24 = arith.sitofp %v : vector<4xi32> to f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %25 = arith.extsi %t : tensor<4xi32> to tensor<5xi64>
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %26 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %e1 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %e2 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i32, i64) -> i1
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.cmpf' op failed to verify that result type has i1 element type and same shape as operands}}
  %e3 = "arith.cmpf"(%x, %x) {predicate = 0 : i64} : (f32, f32) -> vector<4xi1>
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %e4 = arith.index_cast %idx : index to index
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.extui' op requires the same shape for all operands and results}}
  %e5 = arith.extui %v : vector<4xi32> to i64
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %e6 = "arith.truncf"(%y) {roundingmode = 7 : i32} : (f64) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %e7 = "arith.addi"(%a, %a) {overflowFlags = 1 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %e8 = arith.cmpf foo, %x, %x : f32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+2 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error@+1 {{custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %e9 = arith.addi %a, %a overflow<nsx> : i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %e10 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %e11 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'memref<4xi32>' and result type 'memref<4xf64>' are cast incompatible}}
  %e12 = arith.bitcast %m : memref<4xi32> to memref<4xf64>
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %e13 = arith.trunci %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %e14 = arith.fptosi %a : i32 to i32
  return
}

// -----

func.func @f(%a: i32, %b: i64, %x: f32, %y: f64, %c: i1, %v: vector<4xi32>, %vc: vector<2xi1>, %t: tensor<4xi32>, %idx: index, %vf: vector<4xf32>, %m: memref<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %e15 = "arith.select"(%vc, %v, %v) : (vector<2xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
