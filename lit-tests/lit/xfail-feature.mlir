// XFAIL takes feature expressions; `shell` is always available.
// XFAIL: no-such-feature || shell
// RUN: echo a | grep b
