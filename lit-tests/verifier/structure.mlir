// RUN: xopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo = 1} {
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"x.region"() ({
^bb0:
  "x.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

"x.region"() ({
^bb0:
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "x.br"()[^bb1] : () -> ()
  "x.other"() : () -> ()
^bb1:
  "x.end"() : () -> ()
}) : () -> ()

// -----

// expected-note@+1 {{see existing symbol definition here}}
"x.symbol"() {sym_name = "a"} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'a'}}
"x.symbol"() {sym_name = "a"} : () -> ()

// -----

// Distinct names, and the same name in a nested (non-symbol-table) region, are fine.
"x.symbol"() {sym_name = "a"} : () -> ()
"x.symbol"() {sym_name = "b"} : () -> ()
"x.wrapper"() ({
  "x.symbol"() {sym_name = "a"} : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "x.br"()[^bb1] : () -> ()
^bb1:
  "x.end"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.foo"() : () -> ()

// -----

%0 = "x.a"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"builtin.module"() ({
  // expected-error@+1 {{'x.b' op using value defined outside the region}}
  "x.b"(%0) : (i32) -> ()
}) : () -> ()

// -----

// Values of nested isolated ops are checked by those ops; a nested module sees its own values.
"builtin.module"() ({
  %1 = "x.a"() : () -> i32
  "x.wrap"() ({
    "x.b"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
