// xopt lists its dialects and their ops.
// RUN: xopt --show-dialects | xcheck %s --check-prefix=DIALECTS
// RUN: xopt --list-ops=func | xcheck %s --check-prefix=FUNC --match-full-lines
// RUN: xopt --list-ops=graph | xcheck %s --check-prefix=GRAPH
// RUN: not xopt --list-ops=nope 2>&1 | xcheck %s --check-prefix=BAD

// DIALECTS: Available Dialects: arith,builtin,cf,device,flow,func,graph,hal,kernel,scf,stream,test

// FUNC:      func.call
// FUNC-NEXT: func.call_indirect
// FUNC-NEXT: func.constant
// FUNC-NEXT: func.func
// FUNC-NEXT: func.return
// FUNC-EMPTY:

// GRAPH-DAG: graph.matmul
// GRAPH-DAG: graph.on_device
// GRAPH-DAG: graph.transfer
// GRAPH-DAG: graph.if

// BAD: xopt: no dialect named 'nope'
