// RUN: xopt %s --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xopt --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect | xopt --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// Custom <-> generic round trips of every func op; CHECK lines are mlir-opt 22's
// output (a func.constant result is named %f whatever its symbol).

func.func private @decl(i32) -> i32
func.func private @decl2(i32 {foo.a}, f32) -> (i32 {foo.r}, f32)
func.func nested @decl3()
func.func private @hof() -> ((i32) -> i32)
func.func public @pub() attributes {foo.b} {
  return
}
func.func @f(%a: i32 {foo.a = 1}, %b: f32, %fn: (i32) -> i32) -> (i32 {foo.res}) attributes {foo.x = 1} {
  %0 = func.call @decl(%a) : (i32) -> i32
  %1:2 = call @decl2(%0, %b) {foo.y, no_inline} : (i32, f32) -> (i32, f32)
  %2 = func.call_indirect %fn(%1#0) {foo.z} : (i32) -> i32
  func.return %2 : i32
}
func.func @multi(%a: i32) -> (i32, i32) {
  "foo.region"(%a) ({
  ^bb0(%x: i32):
    "foo.yield"() : () -> ()
  }) : (i32) -> ()
  return {foo.ret} %a, %a : i32, i32
}
func.func @cfg(%c: i1) {
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  return
^bb2:
  return
}
"func.func"() ({
^bb0(%x: f32):
  "func.return"(%x) : (f32) -> ()
}) {function_type = (f32) -> f32, sym_name = "generic_in", foo.keep} : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "dropped_key", sym_visibility = "private", unknown = 1}> ({
}) : () -> ()
func.func @const() -> ((i32) -> i32) {
  %f = func.constant @decl : (i32) -> i32
  return %f : (i32) -> i32
}

// CHECK: module {
// CHECK-LABEL: func.func private @decl(i32) -> i32
// CHECK-LABEL: func.func private @decl2(i32 {foo.a}, f32) -> (i32 {foo.r}, f32)
// CHECK-LABEL: func.func nested @decl3()
// CHECK-LABEL: func.func private @hof() -> ((i32) -> i32)
// CHECK-LABEL: func.func public @pub() attributes {foo.b} {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @f(%arg0: i32 {foo.a = 1 : i64}, %arg1: f32, %arg2: (i32) -> i32) -> (i32 {foo.res}) attributes {foo.x = 1 : i64} {
// CHECK-NEXT: %0 = call @decl(%arg0) : (i32) -> i32
// CHECK-NEXT: %1:2 = call @decl2(%0, %arg1) {foo.y, no_inline} : (i32, f32) -> (i32, f32)
// CHECK-NEXT: %2 = call_indirect %arg2(%1#0) {foo.z} : (i32) -> i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @multi(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT: "foo.region"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: "foo.yield"() : () -> ()
// CHECK-NEXT: }) : (i32) -> ()
// CHECK-NEXT: return {foo.ret} %arg0, %arg0 : i32, i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cfg(%arg0: i1) {
// CHECK-NEXT: "foo.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @generic_in(%arg0: f32) -> f32 attributes {foo.keep} {
// CHECK-NEXT: return %arg0 : f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @dropped_key()
// CHECK-LABEL: func.func @const() -> ((i32) -> i32) {
// CHECK-NEXT: %f = constant @decl : (i32) -> i32
// CHECK-NEXT: return %f : (i32) -> i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT: "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{arg_attrs = [{foo.a}, {}], function_type = (i32, f32) -> (i32, f32), res_attrs = [{foo.r}, {}], sym_name = "decl2", sym_visibility = "private"}> ({
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = () -> (), sym_name = "decl3", sym_visibility = "nested"}> ({
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "hof", sym_visibility = "private"}> ({
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = () -> (), sym_name = "pub", sym_visibility = "public"}> ({
// GEN-NEXT: "func.return"() : () -> ()
// GEN-NEXT: }) {foo.b} : () -> ()
// GEN-NEXT: "func.func"() <{arg_attrs = [{foo.a = 1 : i64}, {}, {}], function_type = (i32, f32, (i32) -> i32) -> i32, res_attrs = [{foo.res}], sym_name = "f"}> ({
// GEN-NEXT: ^bb0(%arg4: i32, %arg5: f32, %arg6: (i32) -> i32):
// GEN-NEXT: %1 = "func.call"(%arg4) <{callee = @decl}> : (i32) -> i32
// GEN-NEXT: %2:2 = "func.call"(%1, %arg5) <{callee = @decl2, no_inline}> {foo.y} : (i32, f32) -> (i32, f32)
// GEN-NEXT: %3 = "func.call_indirect"(%arg6, %2#0) {foo.z} : ((i32) -> i32, i32) -> i32
// GEN-NEXT: "func.return"(%3) : (i32) -> ()
// GEN-NEXT: }) {foo.x = 1 : i64} : () -> ()
// GEN-NEXT: "func.func"() <{function_type = (i32) -> (i32, i32), sym_name = "multi"}> ({
// GEN-NEXT: ^bb0(%arg2: i32):
// GEN-NEXT: "foo.region"(%arg2) ({
// GEN-NEXT: ^bb0(%arg3: i32):
// GEN-NEXT: "foo.yield"() : () -> ()
// GEN-NEXT: }) : (i32) -> ()
// GEN-NEXT: "func.return"(%arg2, %arg2) {foo.ret} : (i32, i32) -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = (i1) -> (), sym_name = "cfg"}> ({
// GEN-NEXT: ^bb0(%arg1: i1):
// GEN-NEXT: "foo.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
// GEN-NEXT: ^bb1:  // pred: ^bb0
// GEN-NEXT: "func.return"() : () -> ()
// GEN-NEXT: ^bb2:  // pred: ^bb0
// GEN-NEXT: "func.return"() : () -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = (f32) -> f32, sym_name = "generic_in"}> ({
// GEN-NEXT: ^bb0(%arg0: f32):
// GEN-NEXT: "func.return"(%arg0) : (f32) -> ()
// GEN-NEXT: }) {foo.keep} : () -> ()
// GEN-NEXT: "func.func"() <{function_type = () -> (), sym_name = "dropped_key", sym_visibility = "private"}> ({
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "const"}> ({
// GEN-NEXT: %0 = "func.constant"() <{value = @decl}> : () -> ((i32) -> i32)
// GEN-NEXT: "func.return"(%0) : ((i32) -> i32) -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: }) : () -> ()
