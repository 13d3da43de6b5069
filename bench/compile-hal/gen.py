#!/usr/bin/env python3
"""Generates a two-device graph-dialect program of about N graph ops for the
compile-to-hal benchmark: functions of 1000 ops mixing matmuls, elementwise chains,
reductions, constants, transfers between a `cpu` and a `gpu`, calls of a private
helper and `graph.if`s. `--basic` leaves out constants, calls and ifs.
Deterministic for a given N."""
import random
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
basic = "--basic" in sys.argv
n = int(args[0])
rng = random.Random(n)
T = "tensor<16x16xf32>"
R = "tensor<16xf32>"
AFF = ["#device.affinity<@cpu>", "#device.affinity<@gpu>"]
out = ['module attributes {device.targets = {cpu = #device.alias<"local">, '
       'gpu = #device.select<[#device.alias<"vulkan">, #device.alias<"local">]>}} {']
per = 1000
if not basic:
    out.append(f"  func.func private @helper(%x: {T}) -> {T} {{")
    out.append(f"    %0 = graph.relu %x : {T}")
    out.append(f"    %1 = graph.matmul %0, %x : ({T}, {T}) -> {T}")
    out.append(f"    return %1 : {T}\n  }}")
for f in range(max(1, n // per)):
    out.append(f"  func.func @f{f}(%a: {T} {{device.affinity = {AFF[0]}}}, "
               f"%b: {T} {{device.affinity = {AFF[1]}}}, %c: i1) -> ({T} {{device.affinity = {AFF[0]}}}, {R}) {{")
    vals = ["%a", "%b"]
    reds = []
    k = 0
    while k < per - 2:
        r = rng.random()
        x = vals[-1 - int(rng.random() * min(len(vals), 6))]
        y = vals[-1 - int(rng.random() * min(len(vals), 6))]
        v = f"%v{k}"
        k += 1
        if r < 0.15:
            out.append(f"    {v} = graph.matmul {x}, {y} : ({T}, {T}) -> {T}")
        elif r < 0.40:
            out.append(f"    {v} = graph.add {x}, {y} : {T}")
        elif r < 0.55:
            out.append(f"    {v} = graph.relu {x} : {T}")
        elif r < 0.65:
            out.append(f"    {v} = graph.mul {x}, {y} : {T}")
        elif r < 0.70:
            out.append(f"    {v} = graph.reduce_sum {x} axes = [1] : {T} -> {R}")
            reds.append(v)
            continue
        elif r < 0.75:
            out.append(f"    {v} = graph.transfer {x} to {AFF[rng.randrange(2)]} : {T}")
        elif r < 0.80 and not basic:
            out.append(f"    {v} = graph.constant dense<0.5> : {T}")
        elif r < 0.82 and not basic:
            out.append(f"    {v} = func.call @helper({x}) : ({T}) -> {T}")
        elif r < 0.83 and not basic:
            out.append(f"    {v} = graph.if %c -> ({T}) {{")
            out.append(f"      %t{k} = graph.tanh {x} : {T}")
            out.append(f"      graph.yield %t{k} : {T}")
            out.append("    } else {")
            out.append(f"      %e{k} = graph.exp {y} : {T}")
            out.append(f"      graph.yield %e{k} : {T}")
            out.append("    }")
            k += 2
        else:
            out.append(f"    {v} = graph.exp {x} : {T}")
        vals.append(v)
    red = reds[-1] if reds else None
    if red is None:
        out.append(f"    %red = graph.reduce_sum {vals[-1]} axes = [1] : {T} -> {R}")
        red = "%red"
    out.append(f"    return {vals[-1]}, {red} : {T}, {R}\n  }}")
out.append("}")
sys.stdout.write("\n".join(out) + "\n")
