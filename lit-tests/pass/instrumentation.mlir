// Instrumentation flags with an empty pipeline: reports keep mlir-opt's layout (times
// differ, so only the structure is checked); --list-passes starts with its header.
// RUN: xopt %s --pass-pipeline='builtin.module()' --mlir-timing 2>&1 >/dev/null | xcheck %s --check-prefix=TREE
// RUN: xopt %s --pass-pipeline='builtin.module()' --mlir-timing --mlir-timing-display=list 2>&1 >/dev/null | xcheck %s --check-prefix=LIST
// RUN: xopt %s --pass-pipeline='builtin.module()' --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS
// RUN: xopt %s --mlir-pass-statistics --mlir-pass-statistics-display=list 2>&1 >/dev/null | xcheck %s --check-prefix=STATS
// RUN: xopt --list-passes | xcheck %s --check-prefix=PASSES --strict-whitespace
// RUN: xopt %s --mlir-print-ir-after-all --mlir-print-ir-before-all --mlir-print-ir-after-change --mlir-print-ir-after-failure --mlir-print-ir-before=cse --mlir-print-ir-after=cse,canonicalize --pass-pipeline='builtin.module()' | xcheck %s --check-prefix=PLAIN
// RUN: not xopt %s --mlir-timing-display=flat 2>&1 | xcheck %s --check-prefix=BADDISPLAY

// TREE: ===-------------------------------------------------------------------------===
// TREE-NEXT: {{^}}                         ... Execution time report ...{{$}}
// TREE-NEXT: ===-------------------------------------------------------------------------===
// TREE-NEXT: Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// TREE-EMPTY:
// TREE-NEXT: ----Wall Time----  ----Name----
// TREE-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  Parser$}}
// TREE-NEXT: Output
// TREE-NEXT: Rest
// TREE-NEXT: (100.0%)  Total

// LIST: ----Wall Time----  ----Name----
// LIST-NEXT: (100.0%)  root
// LIST: Rest
// LIST-NEXT: (100.0%)  Total

// STATS: ===-------------------------------------------------------------------------===
// STATS-NEXT: {{^}}                         ... Pass statistics report ...{{$}}
// STATS-NEXT: ===-------------------------------------------------------------------------===
// STATS-EMPTY:

// PASSES: Passes:
// Descriptions of passes, options and pipelines start in one column, past the
// longest flag (the longest pass name here is flow-outline-dispatch-regions).
// PASSES: {{^    --max-iterations=<long>        - Max. iterations}}
// PASSES: {{^  --cse                            -   Eliminate common sub-expressions$}}
// PASSES: {{^  --flow-outline-dispatch-regions  -   Outline}}
// PASSES: Pass Pipelines:
// PASSES: {{^  --graph-to-hal                   -   Lower graph to hal}}

// PLAIN: func.func @f

// BADDISPLAY: error: invalid value 'flat' for '--mlir-timing-display=<TIMING_DISPLAY>'

func.func @f() {
  return
}
