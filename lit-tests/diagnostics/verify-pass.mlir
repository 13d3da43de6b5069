// Every annotation form mlir-opt's --verify-diagnostics accepts, all satisfied.
// RUN: xopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{can only contain attributes with dialect-prefixed names}}
module attributes {foo = 1} {
}

// -----

module attributes {foo = 1} { // expected-error {{found: 'foo'}}
}

// -----

module attributes {foo = 1} {
}
// expected-error@-2 {{dialect-prefixed}}

// -----

// expected-error@below {{dialect-prefixed}}
module attributes {foo = 1} {
}

// -----

module attributes {foo = 1} {
// expected-error@above {{dialect-prefixed}}
}

// -----

// Regexes only in `-re` annotations; elsewhere `{{` is literal text.
// expected-error-re@+1 {{{{.*}}names, found: '{{[a-z]+}}'{{$}}}}
module attributes {bar = 1} {
}

// -----

// Text before the annotation, spaces before `@` and `{{`, an octal offset.
// note: expected-error  @+010   {{prefixed}}
//
//
//
//
//
//
//
module attributes {foo = 1} {
}
