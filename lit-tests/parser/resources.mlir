// File metadata `{-# ... #-}`: the builtin blobs `dense_resource` attributes name
// are kept and printed after the module (in first-use order, upper-case hex, keys
// quoted where needed, unused blobs dropped), and external resources are kept as
// parsed (a repeated key twice); byte for byte as mlir-opt 22 prints them, in every mode (the local scope
// prints no resources).
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-local-scope > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-local-scope > %t.m
// RUN: diff %t.m %t.x
// And what xir prints reads back the same.
// RUN: xopt %s --allow-unregistered-dialect > %t.1
// RUN: xopt %t.1 --allow-unregistered-dialect > %t.2
// RUN: diff %t.1 %t.2
// RUN: xcheck %s --input-file=%t.1

// CHECK:      "xa.op"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<i8>} : () -> ()
// CHECK-NEXT: "xa.op"() {c = dense_resource<"q r"> : memref<1xi8>, d = dense_resource<missing> : tensor<1xi8>} : () -> ()
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob2: "0x01000000ABCD",
// CHECK-NEXT:       blob1: "0x0100000007",
// CHECK-NEXT:       "q r": "0x00000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     tool: {
// CHECK-NEXT:       flag: false,
// CHECK-NEXT:       name: "x\22y",
// CHECK-NEXT:       flag: true,
// CHECK-NEXT:       data: "0x04000000FF",
// CHECK-NEXT:       "two words": ""
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"xa.op"() {a = dense_resource<blob2> : tensor<2xi8>, b = dense_resource<blob1> : tensor<i8>} : () -> ()
{-#
  dialect_resources: { builtin: { blob1: "0x0100000007", unused: "0x0400000001020304" } },
  external_resources: { tool: { flag: false, name: "x\"y" }, empty: {} }
#-}
"xa.op"() {c = dense_resource<"q r"> : memref<1xi8>, d = dense_resource<missing> : tensor<1xi8>} : () -> ()
{-#
  dialect_resources: { builtin: { blob2: "0x01000000aBcd", "q r": "0x08000000" } },
  external_resources: { tool: { flag: true, data: "0x04000000ff", "two words": "" } }
#-}
