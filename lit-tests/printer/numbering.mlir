// RUN: xopt %s --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom mode restores the counters per sibling region; generic mode does not.
%0 = "a.x"() ({
  ^bb0(%a: i32):
   "a.y"(%a) : (i32) -> ()
}, {
   %1 = "a.z"() : () -> i32
   "a.br"()[^bb1] : () -> ()
  ^bb1:
   "a.br"(%1)[^bb1, ^bb2] : (i32) -> ()
  ^bb2(%q: i64):
   "a.r"() : () -> ()
}) : () -> i32
%2:2, %3 = "a.op"() ({
   %4 = "a.z"() : () -> i32
}) : () -> (i32, i32, f32)
"a.use"(%2#1, %3) : (i32, f32) -> ()
"builtin.module"() ({
  "a.in"() : () -> ()
}) {sym_name = "m", sym_visibility = "private", xd.a = 1} : () -> ()
// CHECK: module {
// CHECK-NEXT:   %0 = "a.x"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     "a.y"(%arg0) : (i32) -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     %2 = "a.z"() : () -> i32
// CHECK-NEXT:     "a.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     "a.br"(%2)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT:   ^bb2(%3: i64):  // pred: ^bb1
// CHECK-NEXT:     "a.r"() : () -> ()
// CHECK-NEXT:   }) : () -> i32
// CHECK-NEXT:   %1:3 = "a.op"() ({
// CHECK-NEXT:     %2 = "a.z"() : () -> i32
// CHECK-NEXT:   }) : () -> (i32, i32, f32)
// CHECK-NEXT:   "a.use"(%1#1, %1#2) : (i32, f32) -> ()
// CHECK-NEXT:   module @m attributes {sym_visibility = "private", xd.a = 1 : i64} {
// CHECK-NEXT:     "a.in"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// GEN: "builtin.module"() ({
// GEN-NEXT:   %0 = "a.x"() ({
// GEN-NEXT:   ^bb0(%arg0: i32):
// GEN-NEXT:     "a.y"(%arg0) : (i32) -> ()
// GEN-NEXT:   }, {
// GEN-NEXT:     %3 = "a.z"() : () -> i32
// GEN-NEXT:     "a.br"()[^bb1] : () -> ()
// GEN-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// GEN-NEXT:     "a.br"(%3)[^bb1, ^bb2] : (i32) -> ()
// GEN-NEXT:   ^bb2(%4: i64):  // pred: ^bb1
// GEN-NEXT:     "a.r"() : () -> ()
// GEN-NEXT:   }) : () -> i32
// GEN-NEXT:   %1:3 = "a.op"() ({
// GEN-NEXT:     %2 = "a.z"() : () -> i32
// GEN-NEXT:   }) : () -> (i32, i32, f32)
// GEN-NEXT:   "a.use"(%1#1, %1#2) : (i32, f32) -> ()
// GEN-NEXT:   "builtin.module"() <{sym_name = "m", sym_visibility = "private"}> ({
// GEN-NEXT:     "a.in"() : () -> ()
// GEN-NEXT:   }) {xd.a = 1 : i64} : () -> ()
// GEN-NEXT: }) : () -> ()
// GEN-EMPTY:
