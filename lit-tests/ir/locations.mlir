// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --split-input-file | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope --split-input-file | xcheck %s --check-prefix=DBG

// Unknown, file:line:col, and file:line (column 0).
"t.a"() : () -> () loc(unknown)
"t.b"() : () -> () loc("f.mlir":3:4)
"t.c"() : () -> () loc("f.mlir":3)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc(unknown)
// DBG-NEXT:   "t.b"() : () -> () loc("f.mlir":3:4)
// DBG-NEXT:   "t.c"() : () -> () loc("f.mlir":3:0)
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":0:0)
// -----
// Ranges; an empty range collapses.
"t.a"() : () -> () loc("f.mlir":1:2 to 3:4)
"t.b"() : () -> () loc("f.mlir":1:2 to :9)
"t.c"() : () -> () loc("f.mlir":1:2 to 1:2)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc("f.mlir":1:2 to 3:4)
// DBG-NEXT:   "t.b"() : () -> () loc("f.mlir":1:2 to :9)
// DBG-NEXT:   "t.c"() : () -> () loc("f.mlir":1:2)
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":17:9)
// -----
// Names, with and without a child; an unknown child is dropped.
"t.a"() : () -> () loc("name")
"t.b"() : () -> () loc("name"("f.mlir":1:2))
"t.c"() : () -> () loc("name"(unknown))
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc("name")
// DBG-NEXT:   "t.b"() : () -> () loc("name"("f.mlir":1:2))
// DBG-NEXT:   "t.c"() : () -> () loc("name")
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":31:9)
// -----
// Call sites.
"t.a"() : () -> () loc(callsite("callee" at "caller.c":10:2))
"t.b"() : () -> () loc(callsite(callsite("a" at "b") at "c":1:1))
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc(callsite("callee" at "caller.c":10:2))
// DBG-NEXT:   "t.b"() : () -> () loc(callsite(callsite("a" at "b") at "c":1:1))
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":45:9)
// -----
// Fused: unknowns removed, duplicates dropped, nested fused flattened.
"t.a"() : () -> () loc(fused[unknown, "a", "a", fused["b", "c"]])
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc(fused["a", "b", "c"])
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":56:9)
// -----
// Fused: one member collapses, no members become unknown.
"t.a"() : () -> () loc(fused["only"])
"t.b"() : () -> () loc(fused[])
"t.c"() : () -> () loc(fused[unknown, unknown])
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT:   "t.c"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc("only")
// DBG-NEXT:   "t.b"() : () -> () loc(unknown)
// DBG-NEXT:   "t.c"() : () -> () loc(unknown)
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":64:9)
// -----
// Fused with metadata keeps its brackets.
"t.a"() : () -> () loc(fused<"meta">[unknown])
"t.b"() : () -> () loc(fused<{k = 1 : i32}>["x", "y":1:2])
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc(fused<"meta">[unknown])
// DBG-NEXT:   "t.b"() : () -> () loc(fused<{k = 1 : i32}>["x", "y":1:2])
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":78:9)
// -----
// Escapes in file names and names.
"t.a"() : () -> () loc("q\22uote.c":1:1)
"t.b"() : () -> () loc("caf\C3\A9")
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc("q\22uote.c":1:1)
// DBG-NEXT:   "t.b"() : () -> () loc("caf\C3\A9")
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":89:9)
// -----
// Location aliases, defined before or after their use.
#early = loc("early.mlir":1:1)
"t.a"() : () -> () loc(#early)
"t.b"() : () -> () loc(#late)
#late = loc("late.mlir":2:2)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.a"() : () -> ()
// CHECK-NEXT:   "t.b"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   "t.a"() : () -> () loc("early.mlir":1:1)
// DBG-NEXT:   "t.b"() : () -> () loc("late.mlir":2:2)
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":100:9)
// -----
// Block argument locations.
"t.r"() ({
^bb0(%a: i32 loc("arg.c":1:1), %b: f32 loc(unknown)):
  "t.use"(%a) : (i32) -> () loc("use.c":2:2)
}) : () -> () loc("r.c":3:3)
// CHECK: "builtin.module"() ({
// CHECK-NEXT:   "t.r"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:     "t.use"(%arg0) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
// DBG:   ^bb0(%arg0: i32 loc("arg.c":1:1), %arg1: f32 loc(unknown)):
// DBG-NEXT:     "t.use"(%arg0) : (i32) -> () loc("use.c":2:2)
// DBG-NEXT:   }) : () -> () loc("r.c":3:3)
// DBG-NEXT: }) : () -> () loc("{{.*}}locations.mlir":113:9)
