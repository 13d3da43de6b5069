// --split-input-file: chunks keep whole-file lines and columns, near misses of the
// marker are warned about, and outputs are joined with marker lines.
// RUN: not xopt %s --split-input-file 2>&1 >/dev/null | xcheck %s
// RUN: not xopt %s --split-input-file 2>/dev/null | xcheck %s --check-prefix=OUT

// Warnings for near misses come first, before any chunk is processed.
// CHECK: split-input.mlir:[[# @LINE + 1]]:7: warning: near miss with file split marker
// ----
// CHECK-NEXT: {{^}}// ----{{$}}
// CHECK-NEXT: {{^}}      ^{{$}}

// OUT: module {
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NEXT: {{^//}} -----
// OUT-NEXT: {{^//}} -----
// OUT-NEXT: {{^//}} -----
// OUT-NEXT: {{^//}} -----
// OUT-NEXT: module {
// OUT-NEXT: }
// OUT-EMPTY:
// OUT-NOT: {{.}}

// -----

// CHECK: split-input.mlir:[[# @LINE + 1]]:2: error: 'builtin.module' op can only contain attributes
	module attributes {foo = 1} {
	}
// CHECK-NEXT: {{^}}        module attributes {foo = 1} {{{$}}
// CHECK-NEXT: {{^}}        ^{{$}}

// Text after the marker belongs to the next chunk, at its whole-file column.
// CHECK: split-input.mlir:[[# @LINE + 1]]:10: error:
// ----- garbage
// CHECK-NEXT: {{^//}} ----- garbage{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}

// -----

// A line with non-ASCII text is shown without a caret: "é".
module attributes {foo = "é"} {
}
// CHECK: split-input.mlir:[[# @LINE - 2]]:1: error:
// CHECK-NEXT: {{^}}module attributes {foo = "é"} {{{$}}
// CHECK-NOT: {{^}}^{{$}}

// -----

module {
}
