// FileCheck-style checking through xcheck (the word FileCheck maps to xcheck).
// RUN: echo "hello lit" | xcheck %s
// RUN: echo "hello lit" | FileCheck %s
// RUN: echo "bye" | not xcheck %s
// CHECK: hello lit
