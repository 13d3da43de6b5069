#!/usr/bin/env bash
# Checks that the core layer of `ir/` (see ir/src/lib.rs) compiles as a crate of its
# own: the files below, `diag/` reduced to its core part, nothing from the assembly
# or pass layers. This catches what bench/arch/circles.py cannot see: a core file
# calling a method that a layer above defines on a core type (`impl Context` in
# the printer).
#
#   bench/arch/core_alone.sh        (cargo check in $TMPDIR/xir-core-alone)
set -euo pipefail
cd "$(dirname "$0")/../.."
SRC=ir/src
CORE="entity interner types attributes float context dialect builtin store builder clone
  op_attrs walk symbol dominance resources"
WORK="${TMPDIR:-/tmp}/xir-core-alone"
rm -rf "$WORK/src"
mkdir -p "$WORK/src/diag" "$WORK/src/affine"
for f in $CORE; do cp "$SRC/$f.rs" "$WORK/src/"; done
cp "$SRC"/affine/*.rs "$WORK/src/affine/"
cp "$SRC/diag/diagnostic.rs" "$SRC/diag/pattern.rs" "$WORK/src/diag/"
# diag/mod.rs without its text-facing children (sources, rendering, verification).
grep -v -E '^(pub )?mod (loc_text|render|source|verify|pretty);|^pub use (loc_text|render|source|pretty)::' \
  "$SRC/diag/mod.rs" > "$WORK/src/diag/mod.rs"
{
  echo '//! The core layer of xir alone.'
  echo '#![allow(dead_code)]'
  for f in $CORE affine diag; do
    case $f in interner) echo "mod $f;" ;; *) echo "pub mod $f;" ;; esac
  done
  grep -E '^pub use (attributes|context|entity|store|types)::' "$SRC/lib.rs"
  echo 'pub use diag::{DiagEngine, Diagnostic, Severity};'
} > "$WORK/src/lib.rs"
{
  echo '[package]'
  echo 'name = "xir-core-alone"'
  echo 'version = "0.0.0"'
  echo 'edition = "2021"'
  echo '[workspace]'
  echo '[dependencies]'
  # the dependencies of ir/Cargo.toml, with the workspace's versions
  sed -n '/^\[dependencies\]/,/^\[/p' ir/Cargo.toml | grep -E '\.workspace = true' | cut -d. -f1 |
    while read -r dep; do grep -E "^$dep = " Cargo.toml; done
} > "$WORK/Cargo.toml"
cp Cargo.lock "$WORK/"
(cd "$WORK" && CARGO_TARGET_DIR="$WORK/target" cargo check --offline -q)
echo "core layer compiles alone: $(echo $CORE | wc -w) files + affine/ + diag/{mod,diagnostic,pattern}.rs"
