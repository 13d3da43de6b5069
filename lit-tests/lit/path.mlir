// The build dir (where xopt, xcheck and not live) comes first on PATH.
// RUN: test "$(dirname "$(command -v not)")" = "$(echo "$PATH" | cut -d: -f1)"
