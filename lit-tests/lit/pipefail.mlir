// Pipelines run with pipefail: a failure early in a pipeline fails the line.
// RUN: not bash -c 'set -o pipefail; false | cat'
// RUN: not bash -c 'false | true' || true
