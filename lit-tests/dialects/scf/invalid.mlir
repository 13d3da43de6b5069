// RUN: xopt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// Every verifier and custom-syntax message of scf.if and scf.yield, worded as
// mlir-opt 22 words them.

func.func @f(%c: i1, %x: i32, %y: f32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %y : f32
  } else {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  }
  return
}

// -----

// The implicit yield of the then region has no operands.
func.func @f(%c: i1, %x: i32) {
  // expected-error@+2 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %0 = scf.if %c -> i32 {
    "test.op"() : () -> ()
  } else {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %x : i32
  }
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.if %c {
    // expected-note@+1 {{region branch point}}
    scf.yield %x : i32
  }
  return
}

// -----

// The else region is checked after the then region.
func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    %1 = arith.constant 1 : i64
    // expected-note@+1 {{region branch point}}
    scf.yield %1 : i64
  }
  return
}

// -----

func.func @f(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%c: i32) {
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  scf.if %c {
  }
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @f(%c: i1) {
  scf.if %c {
    "test.op"() ({
      // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
      scf.yield
    }) : () -> ()
  }
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects a non-empty block}}
  "scf.if"(%c) ({
  ^bb0:
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.op'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
    "test.op"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @f(%c: i1) {
  // expected-error@+1 {{'scf.if' op requires a single operand}}
  "scf.if"(%c, %c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i1, i1) -> ()
  return
}

// -----

func.func @f(%c: i1, %x: i32) {
  // expected-error@+1 {{expected ')'}}
  %0 = scf.if %c -> (i32 {
    scf.yield %x : i32
  }
  return
}
