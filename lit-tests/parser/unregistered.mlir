// Ops of unknown dialects need --allow-unregistered-dialect.
// RUN: xopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.op"() : () -> ()

// -----

// expected-error@+1 {{custom op 'builtin.foo' is unknown}}
builtin.foo
