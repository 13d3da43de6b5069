#!/usr/bin/env python3
"""A straight-line graph function of N placed tensor ops (complete form: every op
has its device.affinity) over three pools, with mixed shapes and lifetimes, for
memory-plan. Usage: gen.py N [seed]"""
import random
import sys

n = int(sys.argv[1])
rnd = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
affs = ['#device.affinity<@cpu>', '#device.affinity<@gpu>',
        '#device.affinity<@gpu, memory = "shared">']
dims = [4, 12, 32, 100, 256, 1000]
out = ['module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {']
out.append('  func.func @main(%%arg0: tensor<32xf32> {device.affinity = %s}) -> tensor<32xf32> {' % affs[0])
# Per pool and shape, recent values: operands come mostly from the last few.
vals = {(0, 32): ['%arg0']}
last = '%arg0'
for i in range(n):
    p = rnd.randrange(3)
    d = rnd.choice(dims)
    t = 'tensor<%dxf32>' % d
    a = affs[p]
    pool = vals.get((p, d))
    if not pool:
        src_key = rnd.choice(list(vals.keys()))
        src = vals[src_key][-1]
        st = 'tensor<%dxf32>' % src_key[1]
        if src_key[1] == d:
            line = '"graph.transfer"(%s) <{source = %s, target = %s}> {device.affinity = %s} : (%s) -> %s' % (src, affs[src_key[0]], a, a, st, t)
        else:
            line = '"graph.broadcast"(%s) <{dimensions = array<i64: 1>}> {device.affinity = %s} : (%s) -> tensor<%dx%dxf32>' % (src, affs[src_key[0]], st, d, src_key[1])
            out.append('    %%b%d = %s' % (i, line))
            line = '"graph.reduce_sum"(%%b%d) <{axes = array<i64: 1>}> {device.affinity = %s} : (tensor<%dx%dxf32>) -> %s' % (i, affs[src_key[0]], d, src_key[1], 'tensor<%dxf32>' % d)
            out.append('    %%c%d = %s' % (i, line))
            line = '"graph.transfer"(%%c%d) <{source = %s, target = %s}> {device.affinity = %s} : (%s) -> %s' % (i, affs[src_key[0]], a, a, t, t)
    else:
        x = pool[-1 - min(len(pool) - 1, int(rnd.expovariate(0.5)))]
        if rnd.random() < 0.5:
            y = pool[-1 - min(len(pool) - 1, int(rnd.expovariate(0.3)))]
            line = '"graph.add"(%s, %s) {device.affinity = %s} : (%s, %s) -> %s' % (x, y, a, t, t, t)
        else:
            line = '"graph.relu"(%s) {device.affinity = %s} : (%s) -> %s' % (x, a, t, t)
    name = '%%v%d' % i
    out.append('    %s = %s' % (name, line))
    vals.setdefault((p, d), []).append(name)
    vals[(p, d)] = vals[(p, d)][-16:]
out.append('    return %arg0 : tensor<32xf32>')
out.append('  }')
out.append('}')
print('\n'.join(out))
