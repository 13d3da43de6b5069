// `END.` stops directive parsing, so the failing line below never runs.
// RUN: true
// END.
// RUN: false
