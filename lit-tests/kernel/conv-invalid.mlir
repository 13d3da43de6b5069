// RUN: xopt %s --split-input-file --verify-diagnostics

// kernel.conv's verifier.

func.func @k(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf64>, %o: memref<1x4x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op expects input, filter and output of one float element type}}
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf64>) outs(%o : memref<1x4x6x6xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x3x8x8x8xf32>, %w: memref<4x3x3x3x3xf32>, %o: memref<1x4x6x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op expects input, filter and output of rank 3 or 4 (1 or 2 spatial dims)}}
  kernel.conv ins(%x, %w : memref<1x3x8x8x8xf32>, memref<4x3x3x3x3xf32>) outs(%o : memref<1x4x6x6x6xf32>) attributes {dilations = array<i64: 1, 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0, 0, 0>, strides = array<i64: 1, 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op expects 2 strides and dilations and 4 pads}}
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op expects strides and dilations of at least 1 and pads of at least 0}}
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 0, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x6x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op groups = 4 must divide the input channels (6) and the filter's output channels (4)}}
  kernel.conv ins(%x, %w : memref<1x6x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) attributes {dilations = array<i64: 1, 1>, groups = 4 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x6x8x8xf32>, %w: memref<4x2x3x3xf32>, %o: memref<1x4x6x6xf32>) {
  // expected-error@+1 {{'kernel.conv' op operand shapes do not form [n, c, d…] x [m, c / groups, k…] -> [n, m, o…]}}
  kernel.conv ins(%x, %w : memref<1x6x8x8xf32>, memref<4x2x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x7xf32>) {
  // expected-error@+1 {{'kernel.conv' op output spatial dim 1 is 7, but the input, filter, strides, dilations and pads give 6}}
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x7xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32):
    kernel.yield %s : f32
  }
  return
}

// -----

func.func @k(%x: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x6x6xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{'kernel.conv' op body must end in a kernel.yield of 1 values}}
  kernel.conv ins(%x, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x6x6xf32>) epilogue(%b : memref<4xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>], pads = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} {
  ^bb0(%s: f32, %bv: f32):
    kernel.yield %s, %bv : f32, f32
  }
  return
}
