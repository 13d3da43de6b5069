#!/usr/bin/env python3
"""Generates the xcheck benchmark: ~50 MB of MLIR-like input and a check
file with 5000 CHECK / CHECK-NEXT / CHECK-DAG directives (deterministic)."""
import os
import random
import sys

out = sys.argv[1]
target = int(sys.argv[2]) if len(sys.argv) > 2 else 50 * 1024 * 1024
checks = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
rng = random.Random(42)
per_block = 5
blocks = checks // per_block
filler_bytes = target // blocks
ops = ["arith.addi", "arith.subi", "arith.muli", "arith.xori", "arith.andi"]

with open(os.path.join(out, "input.txt"), "w") as inp, \
        open(os.path.join(out, "check.txt"), "w") as chk:
    for k in range(blocks):
        size = 0
        i = 0
        while size < filler_bytes:
            line = "  %%t%d_%d = %s %%x%d, %%y%d : i32 // filler\n" % (
                k, i, ops[i % 5], rng.randrange(1000), rng.randrange(1000))
            inp.write(line)
            size += len(line)
            i += 1
        c = rng.randrange(100000)
        inp.write("func.func @f%d(%%arg0: i32) -> i32 {\n" % k)
        inp.write("  %%a%d = arith.constant %d : i32\n" % (k, c))
        inp.write("  %%b%d = arith.muli %%a%d, %%arg0 : i32\n" % (k, k))
        inp.write("  %%c%d = arith.addi %%b%d, %%a%d : i32\n" % (k, k, k))
        inp.write("  return %%c%d : i32\n}\n" % k)
        # Five directives per block: literal, regex + variable, NEXT, two DAGs.
        chk.write("CHECK: func.func @f%d(\n" % k)
        chk.write("CHECK-NEXT: %[[A:a[0-9]+]] = arith.constant {{[0-9]+}} : i32\n")
        chk.write("CHECK-DAG: arith.addi %%b%d, %%[[A]]\n" % k)
        chk.write("CHECK-DAG: %%b%d = arith.muli\n" % k)
        chk.write("CHECK: return %%c%d : i32\n" % k)
