// UNSUPPORTED takes expressions; `shell && !no-such-feature` is true.
// UNSUPPORTED: shell && !no-such-feature
// RUN: false
