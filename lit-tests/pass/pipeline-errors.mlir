// Pass pipeline syntax errors, worded and placed as mlir-opt's: the column is in the
// text inside the outer anchor, which is repeated with a caret.
// RUN: not xopt %s --pass-pipeline='builtin.module(foo)' 2>&1 | xcheck %s --check-prefix=UNKNOWN
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func(foo.bar()),foo)' 2>&1 | xcheck %s --check-prefix=EMPTY
// RUN: not xopt %s --pass-pipeline='builtin.module(any(x),foo)' 2>&1 | xcheck %s --check-prefix=UNKNOWN2
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func(any(x)' 2>&1 | xcheck %s --check-prefix=UNBALANCED
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func(x)))' 2>&1 | xcheck %s --check-prefix=EXTRA
// RUN: not xopt %s --pass-pipeline='builtin.module(func.func(x)y)' 2>&1 | xcheck %s --check-prefix=COMMA
// RUN: not xopt %s --pass-pipeline='builtin.module(x{a=1)' 2>&1 | xcheck %s --check-prefix=BRACE
// RUN: not xopt %s --pass-pipeline='builtin.module(,)' 2>&1 | xcheck %s --check-prefix=NONAME
// RUN: not xopt %s --pass-pipeline='func.func()' 2>&1 | xcheck %s --check-prefix=ANCHOR
// RUN: not xopt %s --pass-pipeline='builtin.module(' 2>&1 | xcheck %s --check-prefix=WRAP
// RUN: not xopt %s --pass-pipeline=',' 2>&1 | xcheck %s --check-prefix=WRAP
// RUN: not xopt %s --pass-pipeline='builtin.module()x' 2>&1 | xcheck %s --check-prefix=WRAP
// RUN: not xopt %s --mlir-print-ir-module-scope --pass-pipeline='builtin.module()' 2>&1 | xcheck %s --check-prefix=SCOPE

// UNKNOWN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: {{^}}foo{{$}}
// UNKNOWN-NEXT: {{^}}^{{$}}

// EMPTY: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:19: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT: {{^}}func.func(foo.bar()),foo{{$}}
// EMPTY-NEXT: {{^}}                  ^{{$}}

// UNKNOWN2: MLIR Textual PassPipeline Parser:1:5: error: 'x' does not refer to a registered pass or pass pipeline
// UNKNOWN2-NEXT: {{^}}any(x),foo{{$}}
// UNKNOWN2-NEXT: {{^}}    ^{{$}}

// UNBALANCED: MLIR Textual PassPipeline Parser:1:15: error: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT: {{^}}func.func(any(x{{$}}
// UNBALANCED-NEXT: {{^}}              ^{{$}}

// EXTRA: MLIR Textual PassPipeline Parser:1:13: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline

// COMMA: MLIR Textual PassPipeline Parser:1:13: error: expected ',' after parsing pipeline
// COMMA-NEXT: {{^}}func.func(x)y{{$}}
// COMMA-NEXT: {{^}}            ^{{$}}

// BRACE: MLIR Textual PassPipeline Parser:1:2: error: missing closing '}' while processing pass options

// NONAME: MLIR Textual PassPipeline Parser:1:1: error: '' does not refer to a registered pass or pass pipeline

// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

// WRAP: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// SCOPE: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.

func.func @f() {
  return
}
