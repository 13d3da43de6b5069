// RUN: xopt %s --split-input-file --verify-diagnostics

// kernel.scatter's verifier.

func.func @k(%d: memref<10x4xf32>, %i: memref<3xi64>, %u: memref<3x4xf32>, %o: memref<10x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op unknown reduction 'sum' (expected one of none, add, mul, max, min)}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3xi64>, memref<3x4xf32>) outs(%o : memref<10x4xf32>) reduction = sum
  return
}

// -----

func.func @k(%d: memref<10x4xf32>, %i: memref<3x1xi64>, %u: memref<3x4xf32>, %o: memref<10x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op indices must be a 1-d memref of i32 or i64}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3x1xi64>, memref<3x4xf32>) outs(%o : memref<10x4xf32>) reduction = none
  return
}

// -----

func.func @k(%d: memref<10x4xf32>, %i: memref<3xi16>, %u: memref<3x4xf32>, %o: memref<10x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op indices must be a 1-d memref of i32 or i64}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3xi16>, memref<3x4xf32>) outs(%o : memref<10x4xf32>) reduction = none
  return
}

// -----

func.func @k(%d: memref<10x4xf32>, %i: memref<3xi64>, %u: memref<3x4xf16>, %o: memref<10x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op data, updates and output element types differ}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3xi64>, memref<3x4xf16>) outs(%o : memref<10x4xf32>) reduction = none
  return
}

// -----

func.func @k(%d: memref<10xi1>, %i: memref<3xi64>, %u: memref<3xi1>, %o: memref<10xi1>) {
  // expected-error@+1 {{'kernel.scatter' op reduction 'max' is not defined on i1}}
  kernel.scatter ins(%d, %i, %u : memref<10xi1>, memref<3xi64>, memref<3xi1>) outs(%o : memref<10xi1>) reduction = max
  return
}

// -----

func.func @k(%d: memref<10x4xf32>, %i: memref<3xi64>, %u: memref<3x4xf32>, %o: memref<9x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op output shape is not the data's (of rank 1 or more)}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3xi64>, memref<3x4xf32>) outs(%o : memref<9x4xf32>) reduction = none
  return
}

// -----

func.func @k(%d: memref<10x4xf32>, %i: memref<3xi64>, %u: memref<2x4xf32>, %o: memref<10x4xf32>) {
  // expected-error@+1 {{'kernel.scatter' op updates shape is not indices + data[1:]}}
  kernel.scatter ins(%d, %i, %u : memref<10x4xf32>, memref<3xi64>, memref<2x4xf32>) outs(%o : memref<10x4xf32>) reduction = none
  return
}
