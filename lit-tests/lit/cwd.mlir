// Commands run in the test's exec dir, whose Output/ subdir is %T.
// RUN: test -d Output && test "$(pwd)/Output" = %T
