#!/usr/bin/env python3
"""Generates a graph program of N dispatches for the load benchmark: a chain
y = exp(y @ w + c_i) on one `local` device, each step a matmul with an
epilogue whose constant c_i differs, so that every step is a kernel of its
own (identical kernels would be shared). Deterministic for a given N."""
import sys

n = int(sys.argv[1])
T = "tensor<8x8xf32>"
out = ["module {",
       f"  func.func @main(%x: {T}, %w: {T}) -> {T} {{"]
y = "%x"
for i in range(n):
    c = f"{(i + 1) * 1e-3:.6e}"
    out.append(f"    %c{i} = graph.constant dense<{c}> : {T}")
    out.append(f"    %m{i} = graph.matmul {y}, %w : ({T}, {T}) -> {T}")
    out.append(f"    %a{i} = graph.add %m{i}, %c{i} : {T}")
    out.append(f"    %y{i} = graph.tanh %a{i} : {T}")
    y = f"%y{i}"
out.append(f"    return {y} : {T}")
out.append("  }")
out.append("}")
print("\n".join(out))
