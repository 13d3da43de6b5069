// Parse errors of the generic op form, worded and placed as mlir-opt does.
// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{expected ')' to end operand list}}
"foo.op"(

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"foo.op"(%x) : (i32) -> ()

// -----

// expected-note@+1 {{previously defined here}}
%x = "foo.op"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%x'}}
%x = "foo.op"() : () -> i32

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%x:2 = "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected '=' after SSA name}}
%x "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected valid ssa identifier}}
%x, = "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected named operation to have at least 1 result}}
%x:0 = "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error@+1 {{expected 0 operand types but had 1}}
"foo.op"() : (i32) -> ()

// -----

// expected-error@+1 {{expected 2 operand types but had 1}}
"foo.op"(%a, %b) : (i32) -> ()

// -----

// expected-error@+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error@+1 {{expected operation name in quotes}}
5

// -----

// expected-error@+1 {{custom op 'foo' is unknown (tried 'builtin.foo' as well)}}
foo

// -----

// expected-error@+1 {{custom op 'builtin.foo' is unknown}}
builtin.foo

// -----

"foo.op"() ({
  %x = "foo.op"() : () -> i32
}) : () -> ()
// expected-error@+1 {{use of undeclared SSA value name}}
"foo.op"(%x) : (i32) -> ()

// -----

// Names are not isolated by isolated-from-above ops while parsing.
// expected-note@+1 {{previously defined here}}
%x = "foo.op"() : () -> i32
module {
  // expected-error@+1 {{redefinition of SSA value '%x'}}
  %x = "foo.op"() : () -> i32
}

// -----

"foo.op"() ({
^bb1:
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^bb2] : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb1:
  "foo.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.br"()[^bb1] : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a: i32, %b i32):
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
^bb1:
  // expected-error@+1 {{expected ',' or ']'}}
  "foo.op"() [^bb0 : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(foo)

// -----

// expected-error@+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#loc2)
