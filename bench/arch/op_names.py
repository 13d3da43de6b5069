#!/usr/bin/env python3
"""Counts dialect-qualified op-name string literals ("graph.add", "func.call")
outside their own dialect crate, tests aside (issue 20: at most 40).

A literal counts when it names an op of one of xir's dialects and sits in a
non-test Rust source file of another crate than `dialects/<that dialect>/`.
Discardable attribute names (`device.affinity`, ...) are not op names and do
not count. Test code is skipped: files under `tests/`, `*tests.rs`,
`testing.rs`, `fuzz/`, `bench/`, and everything after a file's first
`#[cfg(test)]`.

Usage: python3 bench/arch/op_names.py [TOP]   (run from anywhere in the repo)
Prints the total, then the TOP files (default 20) with their counts.
"""
import os
import re
import subprocess
import sys

DIALECTS = ["func", "arith", "scf", "graph", "flow", "stream", "hal", "device", "kernel"]
ATTRIBUTE_NAMES = {
    "device.affinity",
    "device.targets",
    "device.default",
    "device.host",
    "device.order",
    "device.conflict",
}
LITERAL = re.compile(r'"((%s)\.[a-z_][a-z_0-9]*(?:\.[a-z_0-9]+)*)"' % "|".join(DIALECTS))


def is_test(path):
    return (
        "/tests/" in path
        or path.endswith("tests.rs")
        or path.startswith("fuzz")
        or "testing.rs" in path
        or path.startswith("bench")
    )


def main():
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    root = subprocess.check_output(["git", "rev-parse", "--show-toplevel"]).decode().strip()
    os.chdir(root)
    files = subprocess.check_output(["git", "ls-files", "--cached", "--others",
                                     "--exclude-standard", "*.rs"]).decode().split()
    counts = {}
    for path in files:
        if is_test(path) or not os.path.exists(path):
            continue
        m = re.match(r"dialects/(\w+)/", path)
        own = m.group(1) if m else None
        src = open(path, encoding="utf-8").read()
        cut = src.find("#[cfg(test)]")
        if cut >= 0:
            src = src[:cut]
        n = sum(
            1
            for lit in LITERAL.finditer(src)
            if lit.group(2) != own and lit.group(1) not in ATTRIBUTE_NAMES
        )
        if n:
            counts[path] = n
    print("total", sum(counts.values()))
    for path, n in sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:top]:
        print(f"{n:4} {path}")


if __name__ == "__main__":
    main()
