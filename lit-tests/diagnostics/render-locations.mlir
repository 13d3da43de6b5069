// Diagnostics print as mlir-opt prints them: `file:line:col: error: message`, the
// source line and a caret; other locations as `<unknown>:0:` with the location.
// The input comes from stdin so that locations can name the buffer `<stdin>`.
// RUN: not xopt --split-input-file --allow-unregistered-dialect < %s 2>&1 | xcheck %s

module attributes {foo = 1} {
}
// CHECK: <stdin>:6:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}

// -----

module attributes {foo = 1} {
} loc("named")
// CHECK: <unknown>:0: error: loc("named"): 'builtin.module' op can only contain

// -----

module attributes {foo = 1} {
} loc(unknown)
// CHECK: <unknown>:0: error: 'builtin.module' op can only contain

// -----

// A name with a position shows the position.
module attributes {foo = 1} {
} loc("named"("<stdin>":27:8))
// CHECK: <stdin>:27:8: error: 'builtin.module' op can only contain
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}

// -----

// A fused location shows its first position.
module attributes {foo = 1} {
} loc(fused["x", "<stdin>":36:19, "<stdin>":36:1])
// CHECK: <stdin>:36:19: error: 'builtin.module' op can only contain
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}

// -----

// A call site shows the callee, then each caller as a note.
module attributes {foo = 1} {
} loc(callsite("<stdin>":45:3 at callsite("<stdin>":45:1 at "elsewhere.mlir":7:2)))
// CHECK: <stdin>:45:3: error: 'builtin.module' op can only contain
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: <stdin>:45:1: note: called from
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NEXT: elsewhere.mlir:7:2: note: called from

// -----

// A call site with no position anywhere prints the locations.
module attributes {foo = 1} {
} loc(callsite("a" at "b"))
// CHECK: <unknown>:0: error: loc(callsite("a" at "b")): 'builtin.module' op can only contain
// CHECK-NEXT: <unknown>:0: note: loc("b"): called from

// -----

// Malformed input: a parse error at the offending token.
"x.b"() : () -> )
// CHECK: <stdin>:[[# @LINE - 1]]:16: error: {{.+}}
// CHECK-NEXT: {{^}}"x.b"() : () -> ){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
