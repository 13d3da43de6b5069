// What --verify-diagnostics reports when annotations and diagnostics disagree,
// worded and ordered as mlir-opt does: regex errors first, then unexpected
// diagnostics and kind mismatches in emission order, then missing ones.
// Annotation text in CHECK lines is spelled `expected{{-}}...` so that it is not
// an annotation itself.
// RUN: not xopt %s --split-input-file --verify-diagnostics 2>&1 | xcheck %s

// CHECK: verify-fail.mlir:[[# @LINE + 1]]:4: error: invalid regex: brackets ([ ]) not balanced
// expected-error-re@+1 {{a{{[0-9}}b}}
// CHECK-NEXT: {{^}}// expected{{-}}error-re@+1 {{[{][{]}}a{{[{][{]}}[0-9{{[}][}]}}b{{[}][}]$}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~{{$}}

// -----

// CHECK: verify-fail.mlir:[[# @LINE + 1]]:4: error: found start of regex with no end '}}'
// expected-error-re@+1 {{a{{b}}

// -----

// CHECK: verify-fail.mlir:[[# @LINE + 1]]:1: error: unexpected error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'
module attributes {foo = 1} {
}
// CHECK-NEXT: {{^}}module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}

// -----

// CHECK: verify-fail.mlir:[[# @LINE + 1]]:4: error: 'error' diagnostic emitted when expecting a 'warning'
// expected-warning@+1 {{dialect-prefixed}}
module attributes {foo = 1} {
}
// CHECK-NEXT: {{^}}// expected{{-}}warning@+1 {{[{][{]}}dialect-prefixed{{[}][}]$}}
// CHECK-NEXT: {{^}}   ^{{$}}

// -----

// CHECK: <unknown>:0: error: loc("named"): unexpected error: 'builtin.module' op
module attributes {foo = 1} {
} loc("named")

// -----

// A plain annotation takes `{{...}}` literally.
// expected-error@+1 {{found: '{{[a-z]+}}'}}
module attributes {foo = 1} {
}
// CHECK: error: unexpected error: 'builtin.module' op can only contain attributes

// -----

// Not annotations: text after `}}`, an absolute line number.
module attributes {foo = 1} { // expected-error {{prefixed}} trailing
}
// CHECK: error: unexpected error: 'builtin.module'

// -----

// expected-error@3 {{prefixed}}
module attributes {bar = 1} {
}
// CHECK: error: unexpected error: 'builtin.module'

// -----

// Missing diagnostics, underlined over the length of the expected text.
// CHECK: verify-fail.mlir:[[# @LINE + 1]]:4: error: expected warning "expects parent" was not produced
// expected-warning@+1 {{expects parent}}
// CHECK-NEXT: {{^}}// expected{{-}}warning@+1 {{[{][{]}}expects parent{{[}][}]$}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~{{$}}
module {
}
// CHECK: verify-fail.mlir:[[# @LINE + 1]]:4: error: expected note "n" was not produced
// expected-note@below {{n}}

// -----

// Missing diagnostics at unknown locations: mlir-opt reports these twice.
// expected-remark@unknown {{somewhere}}
// CHECK: <unknown>:0: error: expected remark "somewhere" was not produced
// CHECK-NEXT: <unknown>:0: error: expected remark "somewhere" was not produced
