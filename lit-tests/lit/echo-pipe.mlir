// A plain shell pipeline passes.
// RUN: echo hello | grep hello
// RUN: true
