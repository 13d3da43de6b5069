// RUN: xopt %s --split-input-file --verify-diagnostics | xcheck %s

// kernel.sin and kernel.cos print and parse back (custom and generic
// forms) and take floats only, with the result type of the operand.

#id = affine_map<(d0) -> (d0)>
func.func @k(%n: index) {
  %a = kernel.binding 0(%n) : memref<?xf32>
  %o = kernel.binding 1(%n) : memref<?xf32>
  kernel.generic ins(%a : memref<?xf32>) outs(%o : memref<?xf32>) domain(%n) attributes {indexing_maps = [#id, #id], iterator_types = ["parallel"]} {
  ^bb0(%x: f32, %z: f32):
    %s = kernel.sin %x : f32
    %c = "kernel.cos"(%s) : (f32) -> f32
    kernel.yield %c : f32
  }
  return
}
// CHECK-LABEL: func.func @k(
// CHECK: %[[S:.+]] = kernel.sin %{{.+}} : f32
// CHECK-NEXT: %[[C:.+]] = kernel.cos %[[S]] : f32
// CHECK-NEXT: kernel.yield %[[C]] : f32

// -----

func.func @bad(%x: i32) {
  // expected-error@+1 {{'kernel.sin' op operand #0 must be floating-point, but got 'i32'}}
  %s = kernel.sin %x : i32
  return
}

// -----

func.func @bad(%x: f32) {
  // expected-error@+1 {{'kernel.cos' op failed to verify that all of {operand, result} have same type}}
  %s = "kernel.cos"(%x) : (f32) -> f64
  return
}
