"""The runtime benchmark (run.sh runs it): xrun --repeat on the workloads of
programs/*.mlir against numpy (2 threads and 1), onnxruntime (2 intra-op
threads) and IREE llvm-cpu (local-task, 2 workers), plus the MLP's compile
time against iree-compile. Prints a markdown table and checks xrun's results
against numpy. A peer that is not installed is reported and its column left
empty. Needs only the standard library itself; the peers and the correctness
check need numpy (inputs then come from numpy's generator; without numpy,
from Python's, written as .npy by hand).

    bench.py --xrun PATH [--device local] [--workloads add,chain,matmul,mlp,small_mlp,compile]

small_mlp is issue 31's ONNX MLP (8x784 -> 256 -> relu -> 10 -> softmax): its
kernels take microseconds, so it measures the runtime's overhead per call. Its
target is against onnxruntime, and it also prints the time per call beyond
its kernels (the median call less the dispatches' time that --trace records).

Environment: REPEAT (xrun's --repeat, default 20), PEER_REPEAT (calls the
peers time, default 100), COMPILE_REPEAT (processes timed for compile times,
default 3), BENCH_DIR (where inputs and outputs go, default a temp dir).
"""
import argparse
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
SEED = 20261126
THREADS = 2
N1M = 1 << 20

# name: (title, input shapes, flops per call or None)
MLP_FLOPS = 2 * 64 * (512 * 1024 + 1024 * 1024 + 1024 * 10)
WORKLOADS = {
    "add": ("add 1M f32", [(N1M,), (N1M,)], None),
    "chain": ("exp(relu(a*b+c)) 1M f32", [(N1M,)] * 3, None),
    "matmul": ("matmul 512x512x512 f32", [(512, 512), (512, 512)], 2 * 512**3),
    "mlp": (
        "MLP 64x512-1024-1024-10",
        [(64, 512), (512, 1024), (1024,), (1024, 1024), (1024,), (1024, 10), (10,)],
        MLP_FLOPS,
    ),
    "small_mlp": (
        "MLP 8x784-256-10, softmax",
        [(8, 784), (784, 256), (256,), (256, 10), (10,)],
        None,
    ),
}
# (target text, check of the time ratio xir / peer, the peer: numpy 2T or onnxruntime 2T)
TARGETS = {
    "add": ("≤ 1.0×", lambda r: r <= 1.0, "numpy"),
    "chain": ("≤ 0.25×", lambda r: r <= 0.25, "numpy"),
    "matmul": ("≥ 0.5× GFLOP/s", lambda r: r <= 2.0, "numpy"),
    "mlp": ("≤ 1.5×", lambda r: r <= 1.5, "numpy"),
    "small_mlp": ("≤ 1.2× onnxruntime", lambda r: r <= 1.2, "ort"),
}
# small_mlp's time per call beyond its kernels, at most (µs).
OVERHEAD_TARGET_US = 15
COMPILE_TARGET_S = 0.05

try:
    import numpy as np
except ImportError:
    np = None


def env_int(name, default):
    v = os.environ.get(name, "")
    return int(v) if v.strip() else default


# ---------------------------------------------------------------- inputs


def write_npy_f32(path, shape, values):
    """A v1.0 .npy of little-endian f32 (no numpy needed)."""
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack(f"<{len(values)}f", *values))


def make_inputs(datadir, name, shapes):
    """DATADIR/NAME.I.npy: uniform in [-1, 1), weights scaled by 1/sqrt(fan-in)."""
    paths = []
    for i, shape in enumerate(shapes):
        scale = 1.0
        if name in ("mlp", "small_mlp") and i > 0:
            scale = 1.0 / (shape[0] ** 0.5) if len(shape) == 2 else 0.1
        p = datadir / f"{name}.{i}.npy"
        if np is not None:
            rng = np.random.default_rng([SEED, zlib.crc32(name.encode()), i])
            a = (rng.uniform(-1.0, 1.0, size=shape) * scale).astype(np.float32)
            np.save(p, a)
        else:
            import random

            r = random.Random(f"{SEED}/{name}/{i}")
            n = 1
            for d in shape:
                n *= d
            write_npy_f32(p, shape, [r.uniform(-1.0, 1.0) * scale for _ in range(n)])
        paths.append(p)
    return paths


def reference(name, paths):
    """numpy's result, in f64 from the f32 inputs."""
    a = [np.load(p).astype(np.float64) for p in paths]
    if name == "add":
        return a[0] + a[1]
    if name == "chain":
        return np.exp(np.maximum(a[0] * a[1] + a[2], 0))
    if name == "matmul":
        return a[0] @ a[1]
    if name == "small_mlp":
        x, w1, b1, w2, b2 = a
        z = np.maximum(x @ w1 + b1, 0) @ w2 + b2
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)
    x, w1, b1, w2, b2, w3, b3 = a
    h = np.maximum(x @ w1 + b1, 0)
    h = np.maximum(h @ w2 + b2, 0)
    return h @ w3 + b3


# ---------------------------------------------------------------- runners


def clean_env(threads=None):
    env = dict(os.environ)
    env.pop("OPENBLAS_CORETYPE", None)
    if threads is not None:
        for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env[k] = str(threads)
    return env


def run_xrun(xrun, device, name, paths, repeat, out, trace=False):
    cmd = [
        xrun, str(PROGRAMS / f"{name}.mlir"), "--function=main", f"--device={device}",
        f"--repeat={repeat}", *[f"--input=@{p}" for p in paths],
    ]
    if device.startswith("vulkan"):
        # The programs carry no targets: compile them for the device that runs them.
        cmd.append("--target-device=vulkan")
    cmd.append(f"--output=@{out}" if out else "--output=-")
    if trace:
        cmd.append("--trace")
    env = clean_env()
    # The peers get 2 threads; so does the local backend's worker pool.
    env.setdefault("XIR_LOCAL_THREADS", str(THREADS))
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        return {"error": (r.stderr or r.stdout).strip()[-600:]}

    def field(pat):
        m = re.search(pat, r.stderr)
        return float(m.group(1)) if m else None

    # Each traced dispatch: "xrun: trace: QUEUE START END us: dispatch ...".
    spans = [float(b) - float(a) for a, b in
             re.findall(r"xrun: trace: \S+ ([0-9.]+) ([0-9.]+) us: dispatch", r.stderr)]
    kernel_ms = None
    calls = repeat + 1
    if trace and spans and len(spans) % calls == 0:
        # The median over the calls of their dispatches' time (the first call
        # is a warm-up, as for the median call time).
        d = len(spans) // calls
        per_call = sorted(sum(spans[i * d:(i + 1) * d]) for i in range(1, calls))
        kernel_ms = per_call[len(per_call) // 2] / 1e3 if per_call else None
    return {
        "kernel_ms": kernel_ms,
        "ms": field(r"xrun: median ([0-9.]+) ms"),
        "compile_ms": field(r"xrun: compile ([0-9.]+) ms"),
        "first_ms": field(r"xrun: first call ([0-9.]+) ms"),
    }


def run_peer(peer, name, datadir, repeat, threads=None):
    cmd = [sys.executable, str(HERE / "peers.py"), peer, name, str(datadir), str(repeat)]
    if threads is not None:
        cmd.append(str(threads))
    r = subprocess.run(cmd, capture_output=True, text=True, env=clean_env(threads))
    try:
        return json.loads(r.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"missing": f"peers.py {peer} failed: {(r.stderr or r.stdout).strip()[-400:]}"}


# ---------------------------------------------------------------- output


def fmt_ms(ms, flops=None):
    if ms is None:
        return "–"
    t = f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"
    if flops:
        t += f" ({flops / (ms * 1e-3) / 1e9:.3g} GFLOP/s)"
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xrun", required=True)
    ap.add_argument("--device", default="local")
    ap.add_argument("--vulkan", action="store_true",
                    help="also run each workload on the first Vulkan device and print its time "
                         "and its ratio to the --device one")
    ap.add_argument("--workloads", default="add,chain,matmul,mlp,small_mlp,compile")
    args = ap.parse_args()
    repeat = env_int("REPEAT", 20)
    peer_repeat = env_int("PEER_REPEAT", 100)
    compile_repeat = env_int("COMPILE_REPEAT", 3)
    wanted = [w.strip() for w in args.workloads.split(",") if w.strip()]
    unknown = [w for w in wanted if w not in WORKLOADS and w != "compile"]
    if unknown:
        sys.exit(f"bench.py: unknown workload(s) {', '.join(unknown)}")
    datadir = Path(os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="xir-runtime-bench-"))
    datadir.mkdir(parents=True, exist_ok=True)

    print(f"xrun: {args.xrun} --device={args.device}, REPEAT={repeat}; "
          f"peers: {sys.executable}, PEER_REPEAT={peer_repeat}; data: {datadir}")
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    if load > 0.5 * cpus:
        print(f"warning: load average {load:.1f} on {cpus} CPUs: the figures (numpy 2T's "
              "OpenBLAS threads above all) are unreliable on a busy machine")
    if np is None:
        print("peer: numpy MISSING in this python (set BENCH_PYTHON to a venv with numpy, "
              "onnxruntime, onnx, iree-base-compiler, iree-base-runtime); inputs from "
              "Python's random, no correctness check")
    rows, bad, missing_said = [], False, set()

    def peer_fig(peer, name, threads=None):
        res = run_peer(peer, name, datadir, peer_repeat if peer != "iree-compile" else compile_repeat, threads)
        if "missing" in res:
            key = (peer, res["missing"])
            if key not in missing_said:
                print(f"peer: {peer} MISSING or failed: {res['missing']} (column skipped)")
                missing_said.add(key)
            return None, res
        return res.get("ms", res.get("s")), res

    mlp_xrun = None
    vk_rows = []
    for name in wanted:
        if name == "compile":
            continue
        title, shapes, flops = WORKLOADS[name]
        paths = make_inputs(datadir, name, shapes)
        out = datadir / f"{name}.xir-out.npy"
        x = run_xrun(args.xrun, args.device, name, paths, repeat, out)
        if name == "mlp":
            mlp_xrun = x
        if "error" in x:
            print(f"\n!!!!! xrun FAILED on {name}:\n{x['error']}\n")
            bad = True
        elif np is not None:
            got = np.load(out).astype(np.float64)
            want = reference(name, paths)
            tol = 1e-5 if name in ("add", "chain", "small_mlp") else 1e-4
            scale = float(np.abs(want).max()) or 1.0
            err = float(np.abs(got - want).max()) if got.shape == want.shape else float("inf")
            if got.shape != want.shape or not np.allclose(got, want, rtol=tol, atol=tol * scale):
                print(f"\n!!!!! MISMATCH on {name}: xrun's result differs from numpy's "
                      f"(shape {got.shape} vs {want.shape}, max abs error {err:.3g}, "
                      f"max |ref| {scale:.3g}, rtol {tol})\n")
                bad = True
            else:
                print(f"check {name}: xrun matches numpy (max abs error {err:.3g}, max |ref| {scale:.3g})")
        np2, np2res = peer_fig("numpy", name, THREADS)
        np1, _ = peer_fig("numpy", name, 1)
        ortf, ortres = peer_fig("ort", name, THREADS)
        ireef, _ = peer_fig("iree", name, THREADS)
        if np2res.get("blas") and "blas" not in missing_said:
            print(f"numpy 2T BLAS: {'; '.join(np2res['blas'])}")
            missing_said.add("blas")
        if ortres.get("ok") is False:
            print(f"warning: onnxruntime's result on {name} differs from numpy's")
        xms = x.get("ms")
        target, ok, versus = TARGETS[name]
        base = ortf if versus == "ort" else np2
        ratio = xms / base if xms is not None and base else None
        verdict = "–" if ratio is None else ("PASS" if ok(ratio) else "MISS")
        if versus == "numpy" and ratio is not None and np1 and np2 > 1.2 * np1:
            # OpenBLAS's two threads on a busy 2-core machine: numpy 2T slower
            # than 1T makes the ratio flatter xir; give the 1T verdict too.
            r1 = xms / np1
            verdict += (f" (numpy 2T slower than 1T: busy machine? vs 1T {r1:.3g}× "
                        f"{'PASS' if ok(r1) else 'MISS'})")
        rtext = "–" if ratio is None else f"{ratio:.3g}×"
        if name == "matmul" and ratio is not None:
            rtext += f" (GFLOP/s {1 / ratio:.3g}×)"
        rows.append([f"{title} (ms)", fmt_ms(xms, flops), fmt_ms(np2, flops), fmt_ms(np1, flops),
                     fmt_ms(ortf, flops), fmt_ms(ireef, flops), rtext, target, verdict])
        if args.vulkan:
            vout = datadir / f"{name}.vulkan-out.npy"
            v = run_xrun(args.xrun, "vulkan", name, paths, max(1, repeat // 4), vout)
            if "error" in v:
                print(f"\n!!!!! xrun --device=vulkan FAILED on {name}:\n{v['error']}\n")
                bad = True
            else:
                if np is not None:
                    got = np.load(vout).astype(np.float64)
                    want = reference(name, paths)
                    scale = float(np.abs(want).max()) or 1.0
                    if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4,
                                                                  atol=1e-4 * scale):
                        print(f"\n!!!!! MISMATCH on {name}: Vulkan's result differs from numpy's\n")
                        bad = True
                vr = v["ms"] / xms if xms else None
                vk_rows.append([f"{title} (ms)", fmt_ms(v["ms"], flops), fmt_ms(xms, flops),
                                "–" if vr is None else f"{vr:.3g}×"])
        if name == "small_mlp" and xms is not None:
            t = run_xrun(args.xrun, args.device, name, paths, repeat, None, trace=True)
            if t.get("kernel_ms") is not None:
                beyond = (xms - t["kernel_ms"]) * 1e3
                print(f"small_mlp: {xms * 1e3:.3g} µs per call, of it its dispatches "
                      f"{t['kernel_ms'] * 1e3:.3g} µs (--trace), beyond them {beyond:.3g} µs "
                      f"(target ≤ {OVERHEAD_TARGET_US} µs: "
                      f"{'PASS' if beyond <= OVERHEAD_TARGET_US else 'MISS'})")
        print(f"{name}: xir {fmt_ms(xms, flops)} ms | numpy 2T {fmt_ms(np2, flops)} | numpy 1T "
              f"{fmt_ms(np1, flops)} | ort 2T {fmt_ms(ortf, flops)} | iree 2T {fmt_ms(ireef, flops)}"
              + (f" | xrun compile {x['compile_ms']:.3g} ms, first call {x['first_ms']:.3g} ms"
                 if x.get("compile_ms") is not None else ""))

    if "compile" in wanted:
        paths = make_inputs(datadir, "mlp", WORKLOADS["mlp"][1])
        samples = [mlp_xrun] if mlp_xrun and "error" not in mlp_xrun else []
        while len(samples) < compile_repeat:
            s = run_xrun(args.xrun, args.device, "mlp", paths, 1, None)
            if "error" in s:
                break
            samples.append(s)
        xs = None
        if samples and all(s.get("compile_ms") is not None for s in samples):
            # Text to ready-to-run code: compile, plus what the first call
            # costs over a later one (devices prepare executables lazily).
            ready = sorted(s["compile_ms"] + max(0.0, s["first_ms"] - s["ms"]) for s in samples)
            comp = sorted(s["compile_ms"] for s in samples)
            xs = ready[len(ready) // 2] / 1e3
            print(f"compile: xir text→hal+executor {comp[len(comp) // 2]:.3g} ms; with lazy "
                  f"executable preparation (first call − median call) {xs * 1e3:.3g} ms")
        elif samples:
            print("compile: this xrun prints no 'xrun: compile' line (build from this tree)")
        iree_s, _ = peer_fig("iree-compile", "mlp")
        if iree_s is not None:
            print(f"compile: iree-compile (process, text → vmfb) {iree_s:.3g} s")
        verdict = "–" if xs is None else ("PASS" if xs <= COMPILE_TARGET_S else "MISS")
        rows.append([
            "compile MLP, text → ready (s)",
            "–" if xs is None else f"{xs:.3g}", "–", "–", "–",
            "–" if iree_s is None else f"{iree_s:.3g} (iree-compile)",
            "–" if xs is None or iree_s is None else f"{xs / iree_s:.3g}× of IREE's",
            f"≤ {COMPILE_TARGET_S} s", verdict,
        ])

    print()
    head = ["workload", f"xir `{args.device}`", "numpy 2T", "numpy 1T", "onnxruntime 2T",
            "IREE llvm-cpu 2T", "xir / numpy 2T (or as the target says)", "target", ""]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    if vk_rows:
        print()
        head = ["workload", "xir `vulkan`", f"xir `{args.device}`", "vulkan / " + args.device]
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for r in vk_rows:
            print("| " + " | ".join(r) + " |")
    if bad:
        print("\n!!!!! some xrun result was wrong or failed: see above")
        sys.exit(1)


if __name__ == "__main__":
    main()
