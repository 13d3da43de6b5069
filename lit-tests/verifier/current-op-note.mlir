// Verifier errors on an op carry mlir-opt's "see current operation" note (generic form,
// values named as in the nearest isolated-from-above op, others <<UNKNOWN SSA VALUE>>,
// successors by position); errors at a location only (entry-block predecessors) do not.
// RUN: not xopt %s --split-input-file --allow-unregistered-dialect 2>&1 | xcheck %s

"x.region"() ({
^bb0:
  "x.br"()[^bb1] : () -> ()
  "x.other"() : () -> ()
^bb1:
  "x.end"() : () -> ()
}) : () -> ()
// CHECK: current-op-note.mlir:8:3: error: operation with block successors must terminate its parent block
// CHECK-NEXT: "x.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^
// CHECK-NEXT: current-op-note.mlir:8:3: note: see current operation: "x.br"()[^bb1] : () -> ()

// -----

%0 = "x.a"() : () -> i32
"builtin.module"() ({
  "x.b"(%0) : (i32) -> ()
}) : () -> ()
// CHECK: current-op-note.mlir:22:3: error: 'x.b' op using value defined outside the region
// CHECK: current-op-note.mlir:22:3: note: see current operation: "x.b"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()
// CHECK-NEXT: current-op-note.mlir:21:1: note: required by region isolation constraints

// -----

module attributes {foo = 1} {
}
// CHECK: current-op-note.mlir:30:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'
// CHECK: current-op-note.mlir:30:1: note: see current operation: {{$}}
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) {foo = 1 : i64} : () -> ()

// -----

"x.region"() ({
^bb0:
  "x.br"()[^bb0] : () -> ()
}) : () -> ()
// CHECK: current-op-note.mlir:40:1: error: entry block of region may not have predecessors
// CHECK-NOT: see current operation

// -----

// Values of the enclosing function (the nearest isolated-from-above op) keep the
// names they have there, as mlir-opt numbers them.
func.func @f(%a: vector<[4]xi8>, %b: i32) {
  %0 = arith.addi %b, %b : i32
  %1 = arith.extsi %a : vector<[4]xi8> to vector<4xi32>
  return
}
// CHECK: current-op-note.mlir:[[#@LINE-3]]:8: error: 'arith.extsi' op requires the same shape for all operands and results
// CHECK: current-op-note.mlir:[[#@LINE-4]]:8: note: see current operation: %1 = "arith.extsi"(%arg0) : (vector<[4]xi8>) -> vector<4xi32>
