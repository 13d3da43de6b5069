// %s is this file, %S/%p its directory, %t a per-test temp path under %T.
// RUN: cat %s | grep -q 'MARKER-42'
// RUN: test -f %S/substitutions.mlir && test -d %p
// RUN: echo data > %t && grep -q data %t
// RUN: test "$(dirname %t)" = %T
// RUN: test "%basename_t" = substitutions.mlir && test "%{s:basename}" = substitutions.mlir
// RUN: test "100%%" = "100%"
// RUN: test "a%{pathsep}b" = "a:b"
// MARKER-42
