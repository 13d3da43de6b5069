// REQUIRES with a feature nobody has: the test is unsupported, never run.
// REQUIRES: no-such-feature-xyz
// RUN: false
