// RUN: xopt %s --split-input-file --verify-diagnostics

func.func @dims(%n: index) {
  // expected-error @+1 {{'kernel.binding' op expects 1 dim operands (one per dynamic dim of the result), got 0}}
  %a = kernel.binding 0 : memref<?x4xf32>
  return
}

// -----

func.func @maps(%a: memref<4xf32>, %o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'kernel.generic' op expects 2 indexing maps, one per buffer operand, got 1}}
  kernel.generic ins(%a : memref<4xf32>) outs(%o : memref<4xf32>) domain(%n) attributes {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} {
  ^bb0(%x: f32, %y: f32):
    kernel.yield %x : f32
  }
  return
}

// -----

func.func @rank(%a: memref<4x4xf32>, %o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'kernel.generic' op indexing map 0 has 1 results, its buffer has rank 2}}
  kernel.generic ins(%a : memref<4x4xf32>) outs(%o : memref<4xf32>) domain(%n) attributes {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} {
  ^bb0(%x: f32, %y: f32):
    kernel.yield %x : f32
  }
  return
}

// -----

func.func @nonlinear(%a: memref<4xf32>, %o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'kernel.generic' op indexing map 0 must be a sum of constant multiples of dims and symbols}}
  kernel.generic ins(%a : memref<4xf32>) outs(%o : memref<4xf32>) domain(%n) attributes {indexing_maps = [affine_map<(d0) -> (d0 mod 2)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} {
  ^bb0(%x: f32, %y: f32):
    kernel.yield %x : f32
  }
  return
}

// -----

func.func @iterators(%o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'kernel.generic' op iterator types must be "parallel" or "reduction"}}
  kernel.generic outs(%o : memref<4xf32>) domain(%n) attributes {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["window"]} {
  ^bb0(%y: f32):
    kernel.yield %y : f32
  }
  return
}

// -----

func.func @body(%a: memref<4xi32>, %o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{'kernel.generic' op body argument 0 does not match its buffer's element type}}
  kernel.generic ins(%a : memref<4xi32>) outs(%o : memref<4xf32>) domain(%n) attributes {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} {
  ^bb0(%x: f32, %y: f32):
    kernel.yield %x : f32
  }
  return
}

// -----

func.func @shapes(%a: memref<4x3xf32>, %b: memref<4x5xf32>, %o: memref<4x5xf32>) {
  // expected-error @+1 {{'kernel.matmul' op operand shapes do not form [b…, m, k] x [b…, k, n] -> [b…, m, n]}}
  kernel.matmul ins(%a, %b : memref<4x3xf32>, memref<4x5xf32>) outs(%o : memref<4x5xf32>) attributes {indexing_maps = []} {
  ^bb0(%acc: f32):
    kernel.yield %acc : f32
  }
  return
}

// -----

func.func @reshape(%a: memref<4x3xf32>) {
  // expected-error @+1 {{'kernel.reshape' op source and result element types differ}}
  %v = kernel.reshape %a : memref<4x3xf32> to memref<12xi32>
  return
}

// -----

func.func @constant() {
  // expected-error @+1 {{'kernel.constant' op value's shape and element type must be the result's}}
  %k = kernel.constant dense<1.0> : tensor<4xf32> : memref<5xf32>
  return
}
