// REQUIRES expressions combine with &&, ||, ! and parentheses.
// REQUIRES: shell, (no-such-feature || !no-such-feature) && shell
// RUN: true
