// A file that does not parse: xrun prints the parser's diagnostic with its
// location (file:line:col, the source line, a caret), as mlir-opt does, and
// exits with status 1 without running anything. So does a file that parses
// but does not verify.

// RUN: not xrun %s --input=2xf32=1 2>&1 | xcheck %s --check-prefix=PARSE --match-full-lines
// PARSE:      {{.*}}parse-error.mlir:[[#@LINE+8]]:35: error: expected '>' in tensor type
// PARSE-NEXT:   %0 = graph.neg %a : tensor<2xf32
// PARSE-NEXT:                                   ^
// PARSE-NOT:  EXEC
// RUN: not xrun %S/Inputs/bad-verify.mlir --input=2xf32=1 2>&1 | xcheck %s --check-prefix=VERIFY
// VERIFY:     {{.*}}bad-verify.mlir:3:8: error: 'graph.add' op requires the same type for all operands and results
// VERIFY-NOT: EXEC
func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = graph.neg %a : tensor<2xf32
  return %0 : tensor<2xf32>
}
