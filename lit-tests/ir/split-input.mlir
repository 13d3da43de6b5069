// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s

// Each chunk is a module of its own; numbering restarts.
%0 = "t.a"() : () -> i32
"t.b"(%0) : (i32) -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.a"() : () -> i32
// CHECK-NEXT:   "t.b"(%0) : (i32) -> ()
// CHECK-NEXT: }) : () -> ()
// -----
%x = "t.c"() : () -> f32
"t.d"(%x) : (f32) -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.c"() : () -> f32
// CHECK-NEXT:   "t.d"(%0) : (f32) -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Aliases restart per chunk, too.
"t.e"() {m = affine_map<(d0) -> (d0 + 7)>} : () -> ()
// CHECK: #map = affine_map<(d0) -> (d0 + 7)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "t.e"() {m = #map} : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// -----
// An empty chunk still prints a module.
// CHECK: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) : () -> ()
