// Regions of several blocks joined by cf branches, printed as mlir-opt 22 prints
// them in every mode and read back: blocks renumbered in order, their argument
// lists, `// pred:` / `// N preds:` / `// no predecessors` comments, successors
// of unregistered terminators, block arguments with locations.
// REQUIRES: mlir-opt
// RUN: xopt %s --allow-unregistered-dialect > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %t.x --allow-unregistered-dialect > %t.x2
// RUN: diff %t.m %t.x2
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic > %t.m
// RUN: diff %t.m %t.x
// RUN: xopt %t.x --allow-unregistered-dialect > %t.x2
// RUN: mlir-opt %t.m --allow-unregistered-dialect > %t.m2
// RUN: diff %t.m2 %t.x2
// RUN: xopt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.x
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-debuginfo > %t.m
// RUN: diff %t.m %t.x

func.func @loops(%n: index, %flag: i1) -> index {
  %zero = arith.constant 0 : index
  cf.br ^head(%zero, %zero : index, index)
^head(%i: index, %acc: index):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^out, ^body
^body:
  %one = arith.constant 1 : index
  %next = arith.addi %i, %one : index
  %sum = arith.addi %acc, %i : index
  cf.cond_br %flag, ^head(%next, %sum : index, index), ^head(%next, %acc : index, index)
^orphan:
  cf.br ^orphan
^out:
  return %acc : index
}

func.func @results_across_blocks() -> (i8, f16) {
  %p:2 = "u.pair"() : () -> (i8, f16)
  cf.br ^late
^use:
  "u.take"(%q#1, %p#0) : (i8, i8) -> ()
  return %p#0, %p#1 : i8, f16
^late:
  %q:2 = "u.pair2"(%p#1) : (f16) -> (f16, i8)
  cf.br ^use
}

func.func @switch_and_unregistered(%v: i16, %c: i1) {
  cf.switch %v : i16, [
    default: ^a,
    3: ^b(%c : i1),
    -2: ^a
  ]
^a:
  "u.jump"(%c)[^b, ^c] : (i1) -> ()
^b(%x: i1 loc("arg here")):
  cf.assert %x, "b"
  cf.br ^c
^c:
  "u.region_term"()[^d] ({
    "u.inside"() : () -> ()
  }) : () -> ()
^d:
  return
}

func.func @empty_arg_list() {
^entry():
  cf.br ^x
^x():
  return
}
