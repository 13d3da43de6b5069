// Every bad option is diagnosed, and nothing runs.
// RUN: not xopt %s --memory-plan='alignment=0' 2>&1 | xcheck %s --check-prefix=ALIGN0
// RUN: not xopt %s --memory-plan='alignment=x' 2>&1 | xcheck %s --check-prefix=ALIGNX
// RUN: not xopt %s --memory-plan='alignment=8589934592' 2>&1 | xcheck %s --check-prefix=ALIGNBIG
// RUN: not xopt %s --memory-plan='allow-inplace=maybe' 2>&1 | xcheck %s --check-prefix=INPLACE
// RUN: not xopt %s --memory-plan='max-dim=-1' 2>&1 | xcheck %s --check-prefix=MAXDIM
// RUN: not xopt %s --memory-plan='report=2' 2>&1 | xcheck %s --check-prefix=REPORT
// RUN: not xopt %s --memory-plan='slab=1' 2>&1 | xcheck %s --check-prefix=NOSUCH
// RUN: not xopt %s --workspace-analysis='alignment=0' 2>&1 | xcheck %s --check-prefix=ALIGN0
// RUN: not xopt %s --workspace-analysis='max-dim=x' 2>&1 | xcheck %s --check-prefix=MAXDIMX
// RUN: not xopt %s --workspace-analysis='max-dim=9223372036854775808' 2>&1 | xcheck %s --check-prefix=MAXDIMBIG
// RUN: not xopt %s --workspace-analysis='remarks=x' 2>&1 | xcheck %s --check-prefix=REMARKS
// RUN: not xopt %s --memory-plan 2>&1 | xcheck %s --check-prefix=UNPLACED
// RUN: not xopt %s --workspace-analysis 2>&1 | xcheck %s --check-prefix=UNPLACEDW

// ALIGN0: for the --alignment option: alignment must be at least 1
// ALIGNX: for the --alignment option: 'x' value invalid for uint argument!
// ALIGNBIG: for the --alignment option: alignment 8589934592 is larger than 4 GiB
// INPLACE: for the --allow-inplace option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// MAXDIM: for the --max-dim option: '-1' value invalid for uint argument!
// MAXDIMX: for the --max-dim option: 'x' value invalid for uint argument!
// MAXDIMBIG: for the --max-dim option: max-dim 9223372036854775808 does not fit in i64
// REPORT: for the --report option: '2' is invalid value for boolean argument! Try 0 or 1
// REMARKS: for the --remarks option: 'x' is invalid value for boolean argument! Try 0 or 1
// NOSUCH: <Pass-Options-Parser>: no such option slab

// Without device-plan, an intermediate has no pool.
// UNPLACED: error: memory-plan: 'graph.relu' result #0 of type tensor<4xf32> has no placement; run device-plan first
// UNPLACEDW: error: workspace-analysis: 'graph.relu' result #0 of type tensor<4xf32> has no placement; run device-plan first
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.relu %a : tensor<4xf32>
  %1 = graph.exp %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
