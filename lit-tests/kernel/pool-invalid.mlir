// RUN: xopt %s --split-input-file --verify-diagnostics
// RUN: xopt %s --split-input-file --verify-diagnostics --mlir-print-op-generic 2>&1 | xcheck %s --check-prefix=OK
// OK-NOT: error

// kernel.pool's verifier, and a valid pool that prints and parses back.

func.func @k(%x: memref<1x3x8x8xf32>, %o: memref<1x3x4x4xf32>) {
  // expected-error@+1 {{'kernel.pool' op kind must be "max" or "avg"}}
  kernel.pool ins(%x : memref<1x3x8x8xf32>) outs(%o : memref<1x3x4x4xf32>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, kind = "min", pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %o: memref<1x3x4x4xf64>) {
  // expected-error@+1 {{'kernel.pool' op expects input and output of one float element type}}
  kernel.pool ins(%x : memref<1x3x8x8xf32>) outs(%o : memref<1x3x4x4xf64>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, kind = "max", pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %o: memref<1x3x4x4xf32>) {
  // expected-error@+1 {{'kernel.pool' op expects 2 kernel sizes, strides and dilations and 4 pads}}
  kernel.pool ins(%x : memref<1x3x8x8xf32>) outs(%o : memref<1x3x4x4xf32>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2>, kind = "max", pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %o: memref<1x3x4x4xf32>) {
  // expected-error@+1 {{'kernel.pool' op expects kernel sizes, strides and dilations of at least 1 and pads of at least 0}}
  kernel.pool ins(%x : memref<1x3x8x8xf32>) outs(%o : memref<1x3x4x4xf32>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, kind = "max", pads = array<i64: 0, -1, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %o: memref<1x2x4x4xf32>) {
  // expected-error@+1 {{'kernel.pool' op operand shapes do not form [n, c, d…] -> [n, c, o…]}}
  kernel.pool ins(%x : memref<1x3x8x8xf32>) outs(%o : memref<1x2x4x4xf32>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, kind = "max", pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @k(%x: memref<1x3x9x9xf32>, %o: memref<1x3x4x4xf32>) {
  // expected-error@+1 {{'kernel.pool' op output spatial dim 0 is 4, but the input, window and ceil_mode give 5}}
  kernel.pool ins(%x : memref<1x3x9x9xf32>) outs(%o : memref<1x3x4x4xf32>) attributes {ceil_mode = 1 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, kind = "max", pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>}
  return
}

// -----

func.func @ok(%x: memref<2x3x9xf32>, %o: memref<2x3x5xf32>) {
  kernel.pool ins(%x : memref<2x3x9xf32>) outs(%o : memref<2x3x5xf32>) attributes {ceil_mode = 1 : i64, count_include_pad = 1 : i64, dilations = array<i64: 1>, kernel_shape = array<i64: 2>, kind = "avg", pads = array<i64: 0, 0>, strides = array<i64: 2>}
  return
}
