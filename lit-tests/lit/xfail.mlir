// A failing test marked XFAIL is an expected failure.
// XFAIL: *
// RUN: false
