// A trailing backslash joins RUN lines; the joined command is one pipeline.
// RUN: echo one two \
// RUN:   three \
// RUN: | grep -q 'one two three'
