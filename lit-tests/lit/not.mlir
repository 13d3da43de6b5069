// `not` inverts the exit status; it works at any command position.
// RUN: not false
// RUN: not grep -q NO-SUCH-TEXT-ANYWHERE %s.missing
// RUN: echo x | not grep y
// RUN: not not true
// RUN: not --crash bash -c 'kill -SEGV $$'
// RUN: not not --crash bash -c 'exit 3'
