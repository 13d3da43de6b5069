// RUN: xopt %s --split-input-file --verify-diagnostics

// kernel.gather's verifier.

func.func @k(%t: memref<10x4xf32>, %i: memref<3xi16>, %o: memref<3x4xf32>) {
  // expected-error@+1 {{'kernel.gather' op indices must be a memref of i32 or i64}}
  kernel.gather ins(%t, %i : memref<10x4xf32>, memref<3xi16>) outs(%o : memref<3x4xf32>) axis = 0
  return
}

// -----

func.func @k(%t: memref<10x4xf32>, %i: memref<3xi64>, %o: memref<3x4xf32>) {
  // expected-error@+1 {{'kernel.gather' op axis 2 out of range for input rank 2}}
  kernel.gather ins(%t, %i : memref<10x4xf32>, memref<3xi64>) outs(%o : memref<3x4xf32>) axis = 2
  return
}

// -----

func.func @k(%t: memref<10x4xf32>, %i: memref<3xi64>, %o: memref<3x4xf32>) {
  // expected-error@+1 {{'kernel.gather' op output shape is not input[:axis] + indices + input[axis+1:]}}
  kernel.gather ins(%t, %i : memref<10x4xf32>, memref<3xi64>) outs(%o : memref<3x4xf32>) axis = 1
  return
}

// -----

func.func @k(%t: memref<10x4xf32>, %i: memref<3xi64>, %o: memref<3x4xf64>) {
  // expected-error@+1 {{'kernel.gather' op input and output element types differ}}
  kernel.gather ins(%t, %i : memref<10x4xf32>, memref<3xi64>) outs(%o : memref<3x4xf64>) axis = 0
  return
}
