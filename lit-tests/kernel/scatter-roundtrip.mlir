// RUN: xopt %s | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// kernel.scatter prints and parses back (custom and generic forms).

func.func @k(%n: index) {
  %d = kernel.binding 0(%n) : memref<?x4xf32>
  %i = kernel.binding 1 : memref<3xi32>
  %u = kernel.binding 2 : memref<3x4xf32>
  %o = kernel.binding 3(%n) : memref<?x4xf32>
  kernel.scatter ins(%d, %i, %u : memref<?x4xf32>, memref<3xi32>, memref<3x4xf32>) outs(%o : memref<?x4xf32>) reduction = none
  return
}
// CHECK: kernel.scatter ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<?x4xf32>, memref<3xi32>, memref<3x4xf32>) outs(%{{.*}} : memref<?x4xf32>) reduction = none
// GEN: "kernel.scatter"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{reduction = "none"}> : (memref<?x4xf32>, memref<3xi32>, memref<3x4xf32>, memref<?x4xf32>) -> ()
