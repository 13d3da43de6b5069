// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s

// An empty region.
"t.r"() ({
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Several regions, separated by }, {.
"t.r"() ({
  "t.a"() : () -> ()
}, {
  "t.b"() : () -> ()
}, {
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:     "t.a"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "t.b"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Entry block arguments are %argN; the header is printed when there are arguments.
"t.r"() ({
^bb0(%x: i32, %y: f32):
  "t.use"(%y, %x) : (f32, i32) -> ()
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:     "t.use"(%arg1, %arg0) : (f32, i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// An entry label without arguments is not printed.
"t.r"() ({
^entry:
  "t.a"() : () -> ()
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:     "t.a"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Successors and predecessor comments.
"t.r"() ({
^bb0(%c: i1):
  "t.cond_br"(%c)[^then, ^else] : (i1) -> ()
^then:
  "t.br"()[^join] : () -> ()
^else:
  %v = "t.val"() : () -> i32
  "t.br"(%v)[^join] : (i32) -> ()
^join:
  "t.loop"()[^join, ^then, ^join] : () -> ()
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:   ^bb0(%arg0: i1):
// CHECK-NEXT:     "t.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT:     "t.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %0 = "t.val"() : () -> i32
// CHECK-NEXT:     "t.br"(%0)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb3:  // 4 preds: ^bb1, ^bb2, ^bb3, ^bb3
// CHECK-NEXT:     "t.loop"()[^bb3, ^bb1, ^bb3] : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Non-entry block arguments; forward references to a dominating block.
"t.r"() ({
  "t.br"()[^b2] : () -> ()
^b1(%a: i32, %b: tensor<?xf32>):
  "t.use"(%a, %b, %d) : (i32, tensor<?xf32>, i64) -> ()
^b2:
  %d = "t.def"() : () -> i64
  "t.br"()[^b1] : () -> ()
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:     "t.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb1(%0: i32, %1: tensor<?xf32>):  // pred: ^bb2
// CHECK-NEXT:     "t.use"(%0, %1, %2) : (i32, tensor<?xf32>, i64) -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %2 = "t.def"() : () -> i64
// CHECK-NEXT:     "t.br"()[^bb1] : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Result groups merge: %a, %b:2 prints as %0:3 and uses as %0#N.
%a, %b:2 = "t.three"() : () -> (i8, i16, i32)
"t.use"(%b#1, %a, %b#0) : (i32, i8, i16) -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0:3 = "t.three"() : () -> (i8, i16, i32)
// CHECK-NEXT:   "t.use"(%0#2, %0#0, %0#1) : (i32, i8, i16) -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Generic numbering uses a stack of regions: the last op's last region is numbered first.
%0 = "t.a"() : () -> i32
%1 = "t.b"() : () -> i32
"t.x"() ({
^bb0(%p: i32):
  %2 = "t.in1"() : () -> i32
}, {
  %3 = "t.in2"() : () -> i32
}) : () -> ()
"t.y"() ({
^bb0(%q: i32):
  %4 = "t.in3"(%q, %0) : (i32, i32) -> i32
}) : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "t.a"() : () -> i32
// CHECK-NEXT:   %1 = "t.b"() : () -> i32
// CHECK-NEXT:   "t.x"() ({
// CHECK-NEXT:   ^bb0(%arg1: i32):
// CHECK-NEXT:     %4 = "t.in1"() : () -> i32
// CHECK-NEXT:   }, {
// CHECK-NEXT:     %3 = "t.in2"() : () -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "t.y"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %2 = "t.in3"(%arg0, %0) : (i32, i32) -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// -----
// Forward references in the module body (a graph region).
"t.use"(%late) : (i32) -> ()
%late = "t.def"() : () -> i32
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.use"(%0) : (i32) -> ()
// CHECK-NEXT:   %0 = "t.def"() : () -> i32
// CHECK-NEXT: }) : () -> ()
// -----
// An explicit module is not wrapped again; its attributes and name are kept.
"builtin.module"() <{sym_name = "m"}> ({
  "t.a"() : () -> ()
}) {t.attr = 1 : i32} : () -> ()
// CHECK: "builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT: }) {t.attr = 1 : i32} : () -> ()
// -----
// Op names are escaped strings.
"t.\C3\BCn\C3\AFcode"() : () -> ()
"t.w$1"() : () -> ()
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.\C3\BCn\C3\AFcode"() : () -> ()
// CHECK-NEXT:   "t.w$1"() : () -> ()
// CHECK-NEXT: }) : () -> ()
