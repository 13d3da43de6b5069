// scf.if and scf.yield printed byte for byte as mlir-opt prints them, in every
// print mode (hidden implicit yields get no location alias).
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic --mlir-print-local-scope > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic --mlir-print-local-scope > %t.m
// RUN: diff %t.m %t.x

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

// A trailing location names the op; the implicit yield keeps the op name's.
func.func @locations(%c: i1) {
  scf.if %c {
  } loc("here")
  scf.if %c {
    scf.yield
  } else {
  } loc(fused["a", "b"])
  return
}
