// FileCheck-style checking through xcheck (the word FileCheck maps to xcheck).
// TODO(xcheck): xcheck is still a stub that accepts everything, so the last
// RUN line fails; remove this XFAIL once it checks (an XPASS will say so).
// XFAIL: *
// RUN: echo "hello lit" | xcheck %s
// RUN: echo "hello lit" | FileCheck %s
// RUN: echo "bye" | not xcheck %s
// CHECK: hello lit
