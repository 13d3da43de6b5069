"""What a call from Python costs over the runtime's own: xir's Python
package (`exe.call`) against `xrun --repeat` (the median time per call of
the same program, measured inside xrun) on the same machine in the same run;
onnxruntime's `InferenceSession.run` on the tiny program too, when installed.

Usage: python bench/python/overhead.py [--xrun target/release/xrun] [--calls N]
(run with the python that has the xir package installed: pip install ./python).
"""

import argparse
import pathlib
import re
import statistics
import subprocess
import tempfile
import time

import numpy as np
import xir

ROOT = pathlib.Path(__file__).resolve().parents[2]

TINY = """func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = graph.add %a, %b : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def arrays(exe, rng):
    out = []
    for t in exe.signature("main"):
        dims = [int(d) for d in re.match(r"tensor<(.*)xf32>", t).group(1).split("x")]
        out.append(rng.standard_normal(dims).astype(np.float32))
    return out


def xrun_median(xrun, path, inputs, calls, tmp):
    args = [xrun, str(path), f"--repeat={calls}"]
    for i, a in enumerate(inputs):
        f = tmp / f"in{i}.npy"
        np.save(f, a)
        args.append(f"--input=@{f}")
    r = subprocess.run(args, capture_output=True, text=True, check=True)
    return float(re.search(r"median ([0-9.]+) ms", r.stderr).group(1)) * 1e3


def python_median(exe, inputs, calls):
    for _ in range(20):
        exe.call("main", *inputs)
    times = []
    for _ in range(calls):
        t = time.perf_counter_ns()
        exe.call("main", *inputs)
        times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1e3


def ort_median(inputs, calls):
    try:
        import onnx
        import onnxruntime as ort
        from onnx import TensorProto, helper
    except ImportError:
        return None
    g = helper.make_graph(
        [helper.make_node("Add", ["a", "b"], ["r"])],
        "tiny",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [4]) for n in "ab"],
        [helper.make_tensor_value_info("r", TensorProto.FLOAT, [4])],
    )
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    feed = {"a": inputs[0], "b": inputs[1]}
    for _ in range(20):
        s.run(None, feed)
    times = []
    for _ in range(calls):
        t = time.perf_counter_ns()
        s.run(None, feed)
        times.append(time.perf_counter_ns() - t)
    return statistics.median(times) / 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xrun", default=str(ROOT / "target/release/xrun"))
    ap.add_argument("--calls", type=int, default=2000)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as d:
        tmp = pathlib.Path(d)
        (tmp / "tiny.mlir").write_text(TINY)
        rows = []
        for name, path, calls in [
            ("add 4xf32", tmp / "tiny.mlir", args.calls),
            ("add 1M f32", ROOT / "bench/runtime/programs/add.mlir", max(args.calls // 10, 50)),
            ("MLP 64x512-1024-1024-10", ROOT / "bench/runtime/programs/mlp.mlir", max(args.calls // 20, 50)),
        ]:
            exe = xir.compile(path)
            inputs = arrays(exe, rng)
            py = python_median(exe, inputs, calls)
            xr = xrun_median(args.xrun, path, inputs, calls, tmp)
            rows.append((name, py, xr))
        ort = ort_median(arrays(xir.compile(tmp / "tiny.mlir"), rng), args.calls)
    print("| program | Python exe.call (us) | xrun --repeat (us) | Python - xrun (us) | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for name, py, xr in rows:
        print(f"| {name} | {py:.1f} | {xr:.1f} | {py - xr:+.1f} | {py / xr:.2f} |")
    if ort is not None:
        print(f"\nonnxruntime InferenceSession.run, add 4xf32: {ort:.1f} us (xir from Python: {rows[0][1]:.1f} us, ratio {rows[0][1] / ort:.2f})")


if __name__ == "__main__":
    main()
