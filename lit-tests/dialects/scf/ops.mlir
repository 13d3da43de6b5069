// RUN: xopt %s --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic | xopt --allow-unregistered-dialect | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect | xopt --allow-unregistered-dialect --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --allow-unregistered-dialect | xopt --allow-unregistered-dialect | xcheck %s

// Custom <-> generic round trips of scf.if and scf.yield; CHECK lines are
// mlir-opt 22's output.

// Results: `-> t` is read as `-> (t)`; the yields are printed; the attribute
// dictionary comes after the regions.
func.func @results(%c: i1, %a: i32, %b: f32) -> (i32, f32) {
  %0 = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  } {tag = 1 : i64}
  %1:2 = scf.if %c -> (i32, f32) {
    scf.yield %0, %b : i32, f32
  } else {
    scf.yield %a, %b : i32, f32
  }
  return %1#0, %1#1 : i32, f32
}

// Without results: the yields are implicit (added when missing, hidden when
// printed); the else region is printed only when it has a block.
func.func @no_results(%c: i1, %a: i32) {
  scf.if %c {
    "test.op"(%a) : (i32) -> ()
  }
  scf.if %c {
  } else {
  }
  scf.if %c {
    "test.op"() : () -> ()
    scf.yield
  } else {
    "test.op"() : () -> ()
  }
  return
}

// Nested: the inner op's yields follow its own results.
func.func @nested(%c: i1, %d: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    scf.if %d {
      "test.op"() : () -> ()
    }
    %1 = scf.if %d -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %a : i32
    }
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  return %0 : i32
}

// CHECK-LABEL: func.func @results(%arg0: i1, %arg1: i32, %arg2: f32) -> (i32, f32) {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %2 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: scf.yield %2 : i32
// CHECK-NEXT: } {tag = 1 : i64}
// CHECK-NEXT: %1:2 = scf.if %arg0 -> (i32, f32) {
// CHECK-NEXT: scf.yield %0, %arg2 : i32, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg1, %arg2 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %1#0, %1#1 : i32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @no_results(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.op"(%arg1) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: } else {
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: } else {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(%arg0: i1, %arg1: i1, %arg2: i32) -> i32 {
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT: "test.op"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.if %arg1 -> (i32) {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }

// GEN: "func.func"() <{function_type = (i1, i32, f32) -> (i32, f32), sym_name = "results"}> ({
// GEN-NEXT: ^bb0(%arg5: i1, %arg6: i32, %arg7: f32):
// GEN-NEXT: %2 = "scf.if"(%arg5) ({
// GEN-NEXT: "scf.yield"(%arg6) : (i32) -> ()
// GEN-NEXT: }, {
// GEN-NEXT: %4 = "arith.addi"(%arg6, %arg6) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN-NEXT: "scf.yield"(%4) : (i32) -> ()
// GEN-NEXT: }) {tag = 1 : i64} : (i1) -> i32
// GEN-NEXT: %3:2 = "scf.if"(%arg5) ({
// GEN-NEXT: "scf.yield"(%2, %arg7) : (i32, f32) -> ()
// GEN-NEXT: }, {
// GEN-NEXT: "scf.yield"(%arg6, %arg7) : (i32, f32) -> ()
// GEN-NEXT: }) : (i1) -> (i32, f32)
// GEN-NEXT: "func.return"(%3#0, %3#1) : (i32, f32) -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = (i1, i32) -> (), sym_name = "no_results"}> ({
// GEN-NEXT: ^bb0(%arg3: i1, %arg4: i32):
// GEN-NEXT: "scf.if"(%arg3) ({
// GEN-NEXT: "test.op"(%arg4) : (i32) -> ()
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }, {
// GEN-NEXT: }) : (i1) -> ()
// GEN-NEXT: "scf.if"(%arg3) ({
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }, {
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }) : (i1) -> ()
// GEN-NEXT: "scf.if"(%arg3) ({
// GEN-NEXT: "test.op"() : () -> ()
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }, {
// GEN-NEXT: "test.op"() : () -> ()
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }) : (i1) -> ()
// GEN-NEXT: "func.return"() : () -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: "func.func"() <{function_type = (i1, i1, i32) -> i32, sym_name = "nested"}> ({
// GEN-NEXT: ^bb0(%arg0: i1, %arg1: i1, %arg2: i32):
// GEN-NEXT: %0 = "scf.if"(%arg0) ({
// GEN-NEXT: "scf.if"(%arg1) ({
// GEN-NEXT: "test.op"() : () -> ()
// GEN-NEXT: "scf.yield"() : () -> ()
// GEN-NEXT: }, {
// GEN-NEXT: }) : (i1) -> ()
// GEN-NEXT: %1 = "scf.if"(%arg1) ({
// GEN-NEXT: "scf.yield"(%arg2) : (i32) -> ()
// GEN-NEXT: }, {
// GEN-NEXT: "scf.yield"(%arg2) : (i32) -> ()
// GEN-NEXT: }) : (i1) -> i32
// GEN-NEXT: "scf.yield"(%1) : (i32) -> ()
// GEN-NEXT: }, {
// GEN-NEXT: "scf.yield"(%arg2) : (i32) -> ()
// GEN-NEXT: }) : (i1) -> i32
// GEN-NEXT: "func.return"(%0) : (i32) -> ()
// GEN-NEXT: }) : () -> ()
// GEN-NEXT: }) : () -> ()
