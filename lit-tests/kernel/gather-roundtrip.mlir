// RUN: xopt %s | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// kernel.gather prints and parses back (custom and generic forms).

func.func @k(%n: index) {
  %t = kernel.binding 0 : memref<10x4xf32>
  %i = kernel.binding 1(%n) : memref<?xi32>
  %o = kernel.binding 2(%n) : memref<10x?xf32>
  kernel.gather ins(%t, %i : memref<10x4xf32>, memref<?xi32>) outs(%o : memref<10x?xf32>) axis = 1
  return
}
// CHECK: kernel.gather ins(%{{.*}}, %{{.*}} : memref<10x4xf32>, memref<?xi32>) outs(%{{.*}} : memref<10x?xf32>) axis = 1
// GEN: "kernel.gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = 1 : i64}> : (memref<10x4xf32>, memref<?xi32>, memref<10x?xf32>) -> ()
