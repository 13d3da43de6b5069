#!/usr/bin/env python3
"""Generates a graph-dialect module of about N ops for the device-plan benchmark:
functions of 1000 ops over two devices, pinned arguments, on_device pins, explicit
transfers, and calls of a shared private helper from both devices (device-plan clones
it per placement). Deterministic for a given N."""
import random
import sys

n = int(sys.argv[1])
rng = random.Random(n)
T = "tensor<16xf32>"
AFF = ["#device.affinity<@cpu>", "#device.affinity<@gpu>"]
out = ['module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {']
per = 1000
out.append(f"  func.func private @helper(%x: {T}) -> {T} {{")
out.append(f"    %0 = graph.neg %x : {T}")
out.append(f"    return %0 : {T}\n  }}")
for f in range(max(1, n // per)):
    out.append(f"  func.func @f{f}(%a: {T} {{device.affinity = {AFF[f % 2]}}}, %b: {T}) -> {T} {{")
    vals = ["%a", "%b"]
    pinned = {"%a"}  # a value takes at most one pin
    for k in range(per - 1):
        r = rng.random()
        x = vals[-1 - int(rng.random() * min(len(vals), 8))]
        y = vals[-1 - int(rng.random() * min(len(vals), 8))]
        v = f"%v{k}"
        if r < 0.35:
            out.append(f"    {v} = graph.add {x}, {y} : {T}")
        elif r < 0.6:
            out.append(f"    {v} = graph.relu {x} : {T}")
        elif r < 0.75:
            out.append(f"    {v} = graph.mul {x}, {y} : {T}")
        elif r < 0.80:
            out.append(f"    {v} = graph.constant dense<1.0> : {T}")
        elif r < 0.83 and x not in pinned:
            out.append(f"    {v} = graph.on_device {x} on {AFF[rng.randrange(2)]} : {T}")
            pinned.update((x, v))
        elif r < 0.855:
            out.append(f"    {v} = func.call @helper({x}) : ({T}) -> {T}")
        elif r < 0.86:
            out.append(f"    {v} = graph.transfer {x} to {AFF[rng.randrange(2)]} : {T}")
            pinned.add(v)
        else:
            out.append(f"    {v} = graph.exp {x} : {T}")
        vals.append(v)
    out.append(f"    return {vals[-1]} : {T}\n  }}")
out.append("}")
sys.stdout.write("\n".join(out) + "\n")
