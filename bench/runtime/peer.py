"""numpy doing what an xrun case does: parses the same --input=SHAPExTYPE=SPLAT
flags, evaluates EXPR over the list `a`, prints the median ms over REPEAT calls."""
import re
import sys
import time

import numpy as np

repeat, flags, expr = int(sys.argv[1]), sys.argv[2], sys.argv[3]
a = []
for m in re.finditer(r"--input=([0-9x]*)(f32|f64|i32|i64)=(\S+)", flags):
    dims = [int(d) for d in m.group(1).split("x") if d]
    dtype = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}[m.group(2)]
    a.append(np.full(dims, float(m.group(3)), dtype=dtype))
f = eval("lambda a: " + expr, {"np": np})
f(a)
times = []
for _ in range(max(repeat, 1)):
    t = time.perf_counter()
    f(a)
    times.append((time.perf_counter() - t) * 1e3)
times.sort()
print(f"{times[len(times) // 2]:.4f}")
