"""The real-model benchmark (run.sh runs it): resnet18 and mobilenet_v2, batch
1, 224x224, f32, on xir `local` against onnxruntime (2 intra-op threads) and
IREE llvm-cpu (local-task, 2 workers) when installed, in the same run.

    bench.py --xrun PATH --import-onnx PATH [--models resnet18,mobilenet_v2] [--exporter ts17]

A model may name dims for a skeleton exported with dynamic axes:
`bert_bench@batch=1;seq=128` (exporter ts17.dynamic) is materialized at that
size and timed twice: imported as it is (one module for every size) and
imported specialized with `--dim` (the static module).

Each model is its checked-in skeleton (skeletons/<model>.<exporter>.onnx)
made runnable by materialize.py (weights from seed 0, a random input,
onnxruntime's outputs), so every peer runs the very same file. xir imports
it with xir-import-onnx and runs it with `xrun --repeat` (bench/runtime's
run_xrun: one warm-up call, then the median of REPEAT calls); its result is
checked against onnxruntime's as the judge does (1e-3 relative plus 1e-4 of
the largest magnitude). Compile time: xir's is the import (the
xir-import-onnx process) plus xrun's compile (text to a built executor) plus
what its first call costs over a later one (kernels are prepared lazily),
medians over COMPILE_REPEAT processes; onnxruntime's is its session creation
from the file; IREE's is iree-import-onnx plus iree-compile. Beside that text
path, `xrun model.onnx` (the import in process, no text between) is timed the
same way: its compile line plus its first call's preparation. Peak memory
(`/usr/bin/time -f %M`, when installed) is that of each process: the text
path's import and xrun, and the in-process xrun, against the file's size.

Environment: REPEAT (xrun's --repeat, 20), PEER_REPEAT (onnxruntime's timed
calls, 50), COMPILE_REPEAT (3), BENCH_DIR (a fresh temp dir).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# bench/runtime's runner of xrun and its helpers.
rb = _load("runtime_bench", HERE.parent / "runtime" / "bench.py")
THREADS = rb.THREADS
# xir / onnxruntime, at most.
TARGETS = {"resnet18": 1.0, "mobilenet_v2": 1.5, "bert_bench": 1.0, "bert": 1.5,
           "distilbert": 1.5, "gpt2": 1.5, "llama": 1.5, "t5_encoder": 1.5}

try:
    import numpy as np
except ImportError:
    np = None


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else None


def macs(path):
    """Multiply-accumulates of the Conv and Gemm/MatMul nodes (shape inference)."""
    try:
        import onnx
        from onnx import helper, shape_inference
    except ImportError:
        return None
    m = shape_inference.infer_shapes(onnx.load(str(path)))
    g = m.graph
    shapes = {}
    for vi in list(g.input) + list(g.value_info) + list(g.output):
        d = vi.type.tensor_type.shape.dim
        shapes[vi.name] = [x.dim_value if x.HasField("dim_value") else 0 for x in d]
    for t in g.initializer:
        shapes[t.name] = list(t.dims)
    total = 0
    for n in g.node:
        out = shapes.get(n.output[0]) if n.output else None
        if not out:
            continue
        if n.op_type == "Conv":
            w = shapes.get(n.input[1])
            if w:
                total += int(np.prod(out)) * int(np.prod(w[1:]))
        elif n.op_type in ("Gemm", "MatMul"):
            a = shapes.get(n.input[0])
            if a:
                k = a[0] if n.op_type == "Gemm" and any(
                    x.name == "transA" and helper.get_attribute_value(x) for x in n.attribute) else a[-1]
                total += int(np.prod(out)) * k
    return total


def materialize(skeleton, d, dims=()):
    r = subprocess.run([sys.executable, str(HERE / "materialize.py"), str(skeleton), str(d),
                        "--seed", "0", *[f"--dim={x}" for x in dims]], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"bench.py: materialize.py failed on {skeleton} (BENCH_PYTHON needs onnx, numpy "
                 f"and onnxruntime):\n{r.stderr.strip()[-1500:]}")


def xir_import(tool, d, repeat, dims=(), stem="xir"):
    """(median seconds, error) of `xir-import-onnx model.onnx -o STEM.mlir`
    (with `--dim` for each of `dims`)."""
    times = []
    for _ in range(max(repeat, 1)):
        t = time.perf_counter()
        r = subprocess.run([tool, str(d / "model.onnx"), "-o", str(d / f"{stem}.mlir"),
                            *[f"--dim={x}" for x in dims]],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None, r.stderr.strip()[-800:]
        times.append(time.perf_counter() - t)
    return median(times), None


def peak_mb(cmd):
    """The peak RSS in MB of running `cmd` (None without /usr/bin/time or on failure)."""
    if not os.path.exists(TIME):
        return None
    r = subprocess.run([TIME, "-f", "%M", *cmd], capture_output=True, text=True)
    try:
        return int(r.stderr.strip().splitlines()[-1]) / 1024 if r.returncode == 0 else None
    except (ValueError, IndexError):
        return None


TIME = "/usr/bin/time"


def timed_xrun(cmd):
    """xrun's --repeat lines of one process running `cmd` (compile_ms,
    first_ms, ms) and its peak RSS in MB (rss_mb, None without
    /usr/bin/time); or {"error": ...}."""
    import re
    rss = None
    if os.path.exists(TIME):
        fd, rss_file = tempfile.mkstemp(prefix="xir-bench-rss-")
        os.close(fd)
        cmd = [TIME, "-f", "%M", "-o", rss_file, *cmd]
    env = rb.clean_env()
    env.setdefault("XIR_LOCAL_THREADS", str(THREADS))
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if cmd[0] == TIME:
        try:
            rss = int(Path(rss_file).read_text().split()[-1]) / 1024
        except (ValueError, IndexError, OSError):
            rss = None
        os.unlink(rss_file)
    if r.returncode != 0:
        return {"error": (r.stderr or r.stdout).strip()[-600:]}

    def field(pat):
        m = re.search(pat, r.stderr)
        return float(m.group(1)) if m else None

    return {"compile_ms": field(r"xrun: compile ([0-9.]+) ms"),
            "first_ms": field(r"xrun: first call ([0-9.]+) ms"),
            "ms": field(r"xrun: median ([0-9.]+) ms"), "rss_mb": rss}


def ready_s(samples):
    """Median seconds from a file to a program ready to run: xrun's compile
    plus what its first call costs over a later one."""
    return median(s["compile_ms"] + max(0.0, s["first_ms"] - s["ms"]) for s in samples) / 1e3


def xrun_cmd(xrun, program, ins, repeat, dims=()):
    return [xrun, str(program), "--function=main", "--device=local", f"--repeat={repeat}",
            *[f"--input=@{p}" for p in ins], "--output=-", *[f"--dim={x}" for x in dims]]


def check(got_path, want_path):
    """None, or why xir's output is not onnxruntime's."""
    if np is None:
        return None
    g = np.load(got_path).astype(np.float64)
    w = np.load(want_path).astype(np.float64)
    if g.shape != w.shape:
        return f"shape {g.shape}, onnxruntime's {w.shape}"
    m = float(np.abs(w).max())
    d = np.abs(g - w)
    bad = ~(d <= 1e-3 * np.abs(w) + 1e-4 * m)
    if bad.any():
        return (f"{int(bad.sum())} of {w.size} elements off, max abs difference "
                f"{float(np.nanmax(d)):.3g}, largest |value| {m:.3g}")
    print(f"  check: xir matches onnxruntime (max abs difference {float(d.max()):.3g}, "
          f"largest |value| {m:.3g})")
    return None


def peer(kind, d, repeat, compile_repeat):
    cmd = [sys.executable, str(HERE / "peers.py"), kind, str(d), str(repeat), str(THREADS)]
    if kind == "ort":
        cmd.append(str(compile_repeat))
    r = subprocess.run(cmd, capture_output=True, text=True, env=rb.clean_env(THREADS))
    try:
        return json.loads(r.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"missing": f"peers.py {kind} failed: {(r.stderr or r.stdout).strip()[-400:]}"}


def fmt_s(s):
    return "–" if s is None else f"{s:.3g}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xrun", required=True)
    ap.add_argument("--import-onnx", required=True)
    ap.add_argument("--models", default="resnet18,mobilenet_v2")
    ap.add_argument("--exporter", default="ts17", help="ts17 or dynamo18 (keeps BatchNormalization)")
    args = ap.parse_args()
    repeat = rb.env_int("REPEAT", 20)
    peer_repeat = rb.env_int("PEER_REPEAT", 50)
    compile_repeat = rb.env_int("COMPILE_REPEAT", 3)
    datadir = Path(os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="xir-models-bench-"))
    datadir.mkdir(parents=True, exist_ok=True)
    print(f"xrun: {args.xrun}, REPEAT={repeat}; peers: {sys.executable}, PEER_REPEAT="
          f"{peer_repeat}, {THREADS} threads; COMPILE_REPEAT={compile_repeat}; data: {datadir}")
    load, cpus = os.getloadavg()[0], os.cpu_count() or 1
    if load > 0.5 * cpus:
        print(f"warning: load average {load:.1f} on {cpus} CPUs: the figures are unreliable "
              "on a busy machine")
    rows, crows, mrows, bad, said = [], [], [], False, set()
    for spec in [m for m in args.models.split(",") if m]:
        model, _, dimspec = spec.partition("@")
        dims = [x for x in dimspec.split(";") if x]
        fixed_ms = None
        name = f"{model}.{args.exporter}"
        skeleton = HERE / "skeletons" / f"{name}.onnx"
        if not skeleton.exists():
            sys.exit(f"bench.py: no skeleton {skeleton}")
        d = datadir / (name + "".join(f"_{x}" for x in dims))
        d.mkdir(exist_ok=True)
        print(f"{spec} ({args.exporter}):")
        materialize(skeleton, d, dims)
        ins = sorted(d.glob("input_*.npy"), key=lambda p: int(p.stem.split("_")[1]))
        mac = macs(d / "model.onnx")
        flops = 2 * mac if mac else None
        size = ", ".join(dims) if dims else "224x224"
        if dims:
            # The module specialized to this size, beside the dynamic one below.
            s_imp, s_err = xir_import(args.import_onnx, d, 1, dims, "xir_fixed")
            sx = ({"error": s_err} if s_err else
                  rb.run_xrun(args.xrun, "local", str(d / "xir_fixed"), ins, repeat, None))
            if "error" in sx:
                print(f"  !!!!! xir with --dim FAILED:\n  {sx['error']}")
                bad = True
            else:
                print(f"  xir specialized with --dim: {rb.fmt_ms(sx.get('ms'), flops)} ms")
                fixed_ms = sx.get("ms")
        # xir: import, then xrun --repeat on the imported text.
        imp_s, err = xir_import(args.import_onnx, d, compile_repeat)
        x, ready, samples = {}, None, []
        if err:
            print(f"  !!!!! xir-import-onnx FAILED:\n  {err}")
            bad = True
        else:
            # run_xrun runs PROGRAMS/<name>.mlir: an absolute name is taken as it is.
            stem = str(d / "xir")
            out = d / "xir_out.npy"
            x = rb.run_xrun(args.xrun, "local", stem, ins, repeat, out)
            if "error" in x:
                print(f"  !!!!! xrun FAILED:\n  {x['error']}")
                bad = True
            else:
                why = check(out, d / "output_0.npy")
                if why:
                    print(f"  !!!!! MISMATCH: {why}")
                    bad = True
                samples = [x]
                while len(samples) < compile_repeat:
                    s = timed_xrun(xrun_cmd(args.xrun, stem + ".mlir", ins, 1))
                    if "error" in s:
                        break
                    samples.append(s)
                if all(s.get("compile_ms") is not None for s in samples):
                    xc = ready_s(samples)
                    ready = imp_s + xc
                    print(f"  xir compile: import {imp_s:.3g} s + xrun compile and first-call "
                          f"preparation {xc:.3g} s")
        # xir in process: `xrun model.onnx`, no text between.
        direct, direct_rss = None, None
        dsamples = []
        while not err and len(dsamples) < max(compile_repeat, 1):
            s = timed_xrun(xrun_cmd(args.xrun, d / "model.onnx", ins, 1))
            if "error" in s:
                print(f"  !!!!! xrun model.onnx FAILED:\n  {s['error']}")
                bad = True
                break
            dsamples.append(s)
        if dsamples and all(s.get("compile_ms") is not None for s in dsamples):
            direct = ready_s(dsamples)
            rss = [s["rss_mb"] for s in dsamples if s.get("rss_mb") is not None]
            direct_rss = median(rss) if rss else None
            print(f"  xir in process (xrun model.onnx): compile {median(s['compile_ms'] for s in dsamples) / 1e3:.3g} s, "
                  f"ready to run {direct:.3g} s")
        imp_rss = None if err else peak_mb([args.import_onnx, str(d / "model.onnx"), "-o",
                                            str(d / "xir_rss.mlir")])
        text_rss = [s["rss_mb"] for s in samples[1:] if s.get("rss_mb") is not None]
        mb = (d / "model.onnx").stat().st_size / 2**20
        fmt_mb = lambda v: "–" if v is None else f"{v:.0f}"
        mrows.append([f"{model} ({args.exporter})", f"{mb:.1f}", fmt_mb(imp_rss),
                      fmt_mb(median(text_rss) if text_rss else None), fmt_mb(direct_rss),
                      "–" if direct_rss is None else f"{direct_rss / mb:.2g}×"])
        o = peer("ort", d, peer_repeat, compile_repeat)
        i = peer("iree", d, max(3, repeat // 2), compile_repeat)
        for p, res in (("onnxruntime", o), ("IREE llvm-cpu", i)):
            if "missing" in res and (p, res["missing"]) not in said:
                print(f"  peer: {p} MISSING or failed: {res['missing']} (column skipped)")
                said.add((p, res["missing"]))
        xms, oms, ims = x.get("ms"), o.get("ms"), i.get("ms")
        ratio = xms / oms if xms and oms else None
        target = TARGETS.get(model)
        verdict = "–" if ratio is None or target is None else ("PASS" if ratio <= target else "MISS")
        print(f"  xir {rb.fmt_ms(xms, flops)} ms | onnxruntime 2T {rb.fmt_ms(oms, flops)} ms | "
              f"IREE 2T {rb.fmt_ms(ims, flops)} ms")
        rows.append([
            f"{model} {size} ({args.exporter}) (ms)", rb.fmt_ms(xms, flops), rb.fmt_ms(oms, flops),
            rb.fmt_ms(ims, flops), "–" if ratio is None else f"{ratio:.3g}×",
            "–" if target is None else f"≤ {target}×", verdict,
        ])
        if dims and fixed_ms and oms:
            rows.append([
                f"{model} {size}, specialized (--dim) (ms)", rb.fmt_ms(fixed_ms, flops),
                rb.fmt_ms(oms, flops), "", f"{fixed_ms / oms:.3g}×",
                "–" if target is None else f"≤ {target}×",
                "PASS" if target and fixed_ms / oms <= target else "MISS",
            ])
        ort_s = o.get("session_ms") / 1e3 if o.get("session_ms") is not None else None
        iree_s = (i["import_s"] + i["compile_s"]) if "compile_s" in i else None
        crows.append([f"{model} ({args.exporter}) (s)", fmt_s(ready), fmt_s(imp_s if not err else None),
                      fmt_s(direct), fmt_s(ort_s), fmt_s(iree_s),
                      "–" if ready is None or not ort_s else f"{ready / ort_s:.3g}×",
                      "–" if direct is None or not ort_s else f"{direct / ort_s:.3g}×"])
    print()
    head = ["model, batch 1, f32", "xir `local`", "onnxruntime 2T", "IREE llvm-cpu 2T",
            "xir / onnxruntime", "target", ""]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print()
    head = ["compile, file → ready to run", "xir text path (import + compile + first-call preparation)",
            "of it xir-import-onnx", "xir in process (`xrun model.onnx`)", "onnxruntime session",
            "IREE import + compile", "text path / onnxruntime", "in process / onnxruntime"]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for r in crows:
        print("| " + " | ".join(r) + " |")
    print()
    head = ["peak memory (MB)", "model file", "xir-import-onnx", "xrun on its text",
            "xrun model.onnx", "in process / file"]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for r in mrows:
        print("| " + " | ".join(r) + " |")
    if bad:
        print("\n!!!!! xir failed or differed from onnxruntime on some model: see above")
        sys.exit(1)


if __name__ == "__main__":
    main()
