// Blocks and successors in regions of several blocks, as mlir-opt 22 verifies
// and reports them: a region of several blocks follows dominance even under an
// unregistered op (only a single-block region may be a graph region), each of
// its blocks needs a terminator, and an op streamed into an error message is
// printed generic, in its function's numbering, large elements attrs elided,
// with its locations under --mlir-print-debuginfo.
// REQUIRES: mlir-opt
// RUN: xopt %s --split-input-file --allow-unregistered-dialect > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect > %t.m 2>&1 || true
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --mlir-print-debuginfo > %t.m 2>&1 || true
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic > %t.m 2>&1 || true
// RUN: diff %t.m %t.x
// RUN: xopt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics > %t.x 2>&1 || true
// RUN: mlir-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics > %t.m 2>&1 || true
// RUN: diff %t.m %t.x

// One block of an unregistered op: a graph region, a use may come first.
func.func @graph_block() {
  "u.wrap"() ({
    "u.take"(%late) : (i64) -> ()
    %late = "u.make"() : () -> i64
  }) : () -> ()
  return
}

// -----

func.func @later_block_def() {
  "u.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "u.take"(%late) : (i64) -> ()
    cf.br ^next
  ^next:
    // expected-note@+1 {{operand defined here (op in the same region)}}
    %late = "u.make"() : () -> i64
    "u.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @same_block_before_branch() {
  "u.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "u.take"(%late) : (i64) -> ()
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %late = "u.make"() : () -> i64
    cf.br ^next
  ^next:
    "u.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A block argument of a later block, forwarded by the branch itself.
func.func @later_block_argument(%c: i1) {
  // expected-note@+1 {{operand defined as a block argument (block #3 in the same region)}}
  "u.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "u.take"(%arg) : (f32) -> ()
    cf.cond_br %c, ^left, ^right
  ^left:
    %v = "u.make"() : () -> f32
    cf.br ^join(%v : f32)
  ^right:
    cf.br ^join(%v : f32)
  ^join(%arg: f32):
    "u.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Not dominated, but in a block no path reaches: accepted.
func.func @unreachable_use() {
  "u.wrap"() ({
    "u.done"() : () -> ()
  ^dead:
    "u.take"(%late) : (i64) -> ()
    cf.br ^dead2
  ^dead2:
    %late = "u.make"() : () -> i64
    "u.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A graph region nested in a multi-block one still sees the outer dominance.
func.func @graph_in_cfg() {
  "u.wrap"() ({
    "u.inner"() ({
      // expected-error@+1 {{operand #0 does not dominate this use}}
      "u.take"(%late) : (i64) -> ()
    }) : () -> ()
    cf.br ^next
  ^next:
    // expected-note@+1 {{operand defined here (op in a parent region)}}
    %late = "u.make"() : () -> i64
    "u.done"() : () -> ()
  }) : () -> ()
  return
}

// -----

// The region of an op in an unreachable block is still checked.
func.func @nested_in_dead_block() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
^dead:
  "u.wrap"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %x = "u.take"(%y) : (i32) -> i32
    cf.br ^b2
  ^b2:
    // expected-note@+1 {{operand defined here (op in the same region)}}
    %y = arith.addi %c, %c : i32
    "u.done"() : () -> ()
  }) : () -> ()
  return %c : i32
}

// -----

func.func @switch_forwards_later_value(%f: i32) {
  // expected-error@+1 {{operand #1 does not dominate this use}}
  cf.switch %f : i32, [
    default: ^exit(%w : i64),
    4: ^make
  ]
^exit(%x: i64):
  return
^make:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %w = "u.make"() : () -> i64
  cf.br ^exit(%w : i64)
}

// -----

// Fine: the value dominates every block that uses it.
func.func @dominated(%c: i1) -> i64 {
  "u.wrap"() ({
    %v = "u.make"() : () -> i64
    cf.cond_br %c, ^a(%v : i64), ^b
  ^a(%p: i64):
    "u.take"(%v, %p) : (i64, i64) -> ()
    cf.br ^b
  ^b:
    "u.done"(%v) : (i64) -> ()
  }) : () -> ()
  %r = "u.make"() : () -> i64
  return %r : i64
}

// -----

// Each block of a multi-block region needs a terminator, even under an
// unregistered op.
func.func @unterminated_in_unregistered(%a: i32) {
  "u.wrap"() ({
    cf.br ^tail
  ^tail:
    // expected-error@+1 {{block with no terminator, has %0 = "arith.muli"(%arg0, %arg0)}}
    %m = arith.muli %a, %a : i32
  }) : () -> ()
  return
}

// -----

func.func @unterminated_after_branch(%a: i32) {
  cf.br ^tail
^tail:
  %s = arith.subi %a, %a : i32
  // expected-error@+1 {{block with no terminator, has %1 = "arith.xori"(%0, %arg0)}}
  %x = arith.xori %s, %a : i32
}

// -----

// The last op spans several lines: the message breaks before it.
func.func @unterminated_with_region(%c: i1) {
  cf.br ^tail
^tail:
  // expected-error@+1 {{block with no terminator, has}}
  scf.if %c {
    %k = arith.constant 5 : i16
  }
}

// -----

// Large elements attrs are elided in the message and the note; splats and
// small ones are not.
func.func @unterminated_large_constant() {
  cf.br ^tail
^tail:
  %s = arith.constant dense<9> : tensor<30xi8>
  %t = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi16>
  // expected-error@+1 {{block with no terminator, has %2 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<20xi64>}>}}
  %u = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]> : tensor<20xi64>
}

// -----

func.func @elided_in_note(%c: i1) {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "u.take"(%late) {big = dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]> : tensor<3x6xf32>, names = dense<["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q"]> : tensor<17x!u.str>, same = dense<"s"> : tensor<40x!u.str>, flags = dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true]> : tensor<17xi1>, few = sparse<[[1], [3]], [5, 6]> : tensor<50xi32>} : (i64) -> ()
  cf.br ^next
^next:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %late = "u.make"() : () -> i64
  return
}

// -----

// An empty block among several is an error, even under an unregistered op.
func.func @empty_block_in_unregistered() {
  // expected-error@+1 {{empty block: expect at least a terminator}}
  "u.wrap"() ({
    cf.br ^empty
  ^empty:
  }) : () -> ()
  return
}
