// RUN: xopt %s | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// kernel.attention prints and parses back (custom and generic forms), with
// and without a mask and nan_to_zero, with another attribute beside it, and
// of dynamic shape. The generic form has no segment sizes: four operands
// are q, k, v and the output, five put the mask fourth.

func.func @k() {
  %q = kernel.binding 0 : memref<1x2x4x8xf32>
  %k = kernel.binding 1 : memref<1x2x6x8xf32>
  %v = kernel.binding 2 : memref<1x2x6x5xf32>
  %m = kernel.binding 3 : memref<1x1x4x6xf32>
  %o = kernel.binding 4 : memref<1x2x4x5xf32>
  kernel.attention ins(%q, %k, %v : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) mask(%m : memref<1x1x4x6xf32>) outs(%o : memref<1x2x4x5xf32>) scale = 0.353553385 attributes {nan_to_zero}
  kernel.attention ins(%q, %k, %v : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) outs(%o : memref<1x2x4x5xf32>) scale = 0.125
  kernel.attention ins(%q, %k, %v : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) mask(%m : memref<1x1x4x6xf32>) outs(%o : memref<1x2x4x5xf32>) scale = -2.0
  return
}
// CHECK-LABEL: func.func @k()
// CHECK:      %[[Q:.+]] = kernel.binding 0 : memref<1x2x4x8xf32>
// CHECK-NEXT: %[[K:.+]] = kernel.binding 1 : memref<1x2x6x8xf32>
// CHECK-NEXT: %[[V:.+]] = kernel.binding 2 : memref<1x2x6x5xf32>
// CHECK-NEXT: %[[M:.+]] = kernel.binding 3 : memref<1x1x4x6xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 4 : memref<1x2x4x5xf32>
// CHECK-NEXT: kernel.attention ins(%[[Q]], %[[K]], %[[V]] : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) mask(%[[M]] : memref<1x1x4x6xf32>) outs(%[[O]] : memref<1x2x4x5xf32>) scale = 0.353553385 attributes {nan_to_zero}{{$}}
// CHECK-NEXT: kernel.attention ins(%[[Q]], %[[K]], %[[V]] : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) outs(%[[O]] : memref<1x2x4x5xf32>) scale = 1.250000e-01{{$}}
// CHECK-NEXT: kernel.attention ins(%[[Q]], %[[K]], %[[V]] : memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>) mask(%[[M]] : memref<1x1x4x6xf32>) outs(%[[O]] : memref<1x2x4x5xf32>) scale = -2.000000e+00{{$}}
// CHECK-NEXT: return
// GEN-LABEL: sym_name = "k"
// GEN:      "kernel.attention"(%[[Q:[0-9]+]], %[[K:[0-9]+]], %[[V:[0-9]+]], %[[M:[0-9]+]], %[[O:[0-9]+]]) <{nan_to_zero, scale = 0.353553385 : f32}> : (memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>, memref<1x1x4x6xf32>, memref<1x2x4x5xf32>) -> ()
// GEN-NEXT: "kernel.attention"(%[[Q]], %[[K]], %[[V]], %[[O]]) <{scale = 1.250000e-01 : f32}> : (memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>, memref<1x2x4x5xf32>) -> ()
// GEN-NEXT: "kernel.attention"(%[[Q]], %[[K]], %[[V]], %[[M]], %[[O]]) <{scale = -2.000000e+00 : f32}> : (memref<1x2x4x8xf32>, memref<1x2x6x8xf32>, memref<1x2x6x5xf32>, memref<1x1x4x6xf32>, memref<1x2x4x5xf32>) -> ()

func.func @d(%b: index, %s: index, %t: index) {
  %q = kernel.binding 0(%b, %s) : memref<?x8x?x64xf32>
  %k = kernel.binding 1(%b, %t) : memref<?x8x?x64xf32>
  %v = kernel.binding 2(%b, %t) : memref<?x8x?x64xf32>
  %m = kernel.binding 3(%s, %t) : memref<1x1x?x?xf32>
  %o = kernel.binding 4(%b, %s) : memref<?x8x?x64xf32>
  kernel.attention ins(%q, %k, %v : memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<?x8x?x64xf32>) mask(%m : memref<1x1x?x?xf32>) outs(%o : memref<?x8x?x64xf32>) scale = 1.0 attributes {nan_to_zero, tag = "x"}
  return
}
// CHECK-LABEL: func.func @d(
// CHECK:      kernel.attention ins(%{{.+}}, %{{.+}}, %{{.+}} : memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<?x8x?x64xf32>) mask(%{{.+}} : memref<1x1x?x?xf32>) outs(%{{.+}} : memref<?x8x?x64xf32>) scale = 1.000000e+00 attributes {nan_to_zero, tag = "x"}{{$}}
// GEN-LABEL: sym_name = "d"
// GEN:      "kernel.attention"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{nan_to_zero, scale = 1.000000e+00 : f32}> {tag = "x"} : (memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<?x8x?x64xf32>, memref<1x1x?x?xf32>, memref<?x8x?x64xf32>) -> ()
