"""The census: does xir import every exported model (export.py's, the judged
five and the other torchvision families), and, with --run, does it compute
what onnxruntime computes? One line per model.

    census.py [DIR] [--run] [--models a,b] [--import-onnx PATH] [--xrun PATH]

DIR holds the exports (<model>.<exporter>.onnx; default /work/models-export).
Each is imported with `xir-import-onnx` (this tree's release build unless
--import-onnx or $XIR_IMPORT_ONNX names one); the line says `imports` with
the import time and the number of graph ops, or the importer's error (its
first lines) and, where python has onnx, every op of the model that
docs/onnx.md's op table does not list, with its count. With --run the model is materialized first (materialize.py:
weights regenerated from seed 0, onnxruntime's outputs; needs onnx, numpy and
onnxruntime in this python), imported, run once with `xrun` on `local` and
compared as the judge does (1e-3 relative plus 1e-4 of the output's largest
magnitude).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def build(kind):
    """A release binary of this tree (kind: xir-import-onnx or xrun)."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", kind], cwd=ROOT, check=True)
    target = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    return str(target / "release" / kind)


def first_lines(text, n=3, width=400):
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    s = " | ".join(lines[:n]) + (f" | ... ({len(lines) - n} more lines)" if len(lines) > n else "")
    return s if len(s) <= width else s[: width - 3] + "..."


def import_model(tool, path, out):
    t = time.perf_counter()
    r = subprocess.run([tool, str(path), "-o", str(out)], capture_output=True, text=True)
    dt = time.perf_counter() - t
    if r.returncode != 0:
        msg = r.stderr.replace(f"{path}: ", "").replace("xir-import-onnx: error: ", "")
        return None, first_lines(msg), dt
    ops = 0
    op = re.compile(r'\s*(%[^=]*=\s*)?"?graph\.\w+')
    with open(out) as f:
        for line in f:
            ops += bool(op.match(line[:200]))
    return ops, None, dt


def claimed_ops():
    """The ops of docs/onnx.md's op table (the importer's converters)."""
    text = (ROOT / "docs" / "onnx.md").read_text()
    table = text.split("<!-- onnx-ops:begin -->")[-1].split("<!-- onnx-ops:end -->")[0]
    return {m.group(1) for m in re.finditer(r"^\| (\w+) \|", table, re.M)} - {"op"}


def unclaimed(path, claimed):
    """'Op xN, ...' for the ops of the model docs/onnx.md does not list (needs onnx)."""
    try:
        import onnx
    except ImportError:
        return None
    m = onnx.load(str(path), load_external_data=False)
    count = {}
    for n in m.graph.node:
        if n.domain in ("", "ai.onnx") and n.op_type not in claimed:
            count[n.op_type] = count.get(n.op_type, 0) + 1
    return ", ".join(f"{k} x{v}" for k, v in sorted(count.items()))


def compare(got, want):
    import numpy as np

    if got.shape != want.shape:
        return f"shape {got.shape}, onnxruntime's {want.shape}"
    g, w = got.astype(np.float64), want.astype(np.float64)
    m = float(np.abs(w).max()) if w.size else 0.0
    d = np.abs(g - w)
    bad = ~(d <= 1e-3 * np.abs(w) + 1e-4 * m)
    if bad.any():
        return (f"{int(bad.sum())} of {w.size} elements off, max abs difference "
                f"{float(np.nanmax(d)):.3g}, largest |value| {m:.3g}")
    return None


def run_model(xrun, mlir, workdir):
    import numpy as np

    ins, k = [], 0
    while (workdir / f"input_{k}.npy").exists():
        ins.append(f"--input=@{workdir / f'input_{k}.npy'}")
        k += 1
    outs, k = [], 0
    while (workdir / f"output_{k}.npy").exists():
        outs.append(k)
        k += 1
    env = dict(os.environ)
    env.setdefault("XIR_LOCAL_THREADS", "2")
    cmd = [xrun, str(mlir), "--function=main", "--device=local", "--repeat=1", *ins,
           *[f"--output=@{workdir / f'xir_{k}.npy'}" for k in outs]]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        return "RUN FAILED: " + first_lines(r.stderr)
    m = re.search(r"xrun: median ([0-9.]+) ms", r.stderr)
    problems = []
    for k in outs:
        why = compare(np.load(workdir / f"xir_{k}.npy"), np.load(workdir / f"output_{k}.npy"))
        if why:
            problems.append(f"output {k}: {why}")
    ms = f"{float(m.group(1)):.3g} ms" if m else "?"
    return ("MISMATCH: " + "; ".join(problems)) if problems else f"matches onnxruntime (one call {ms})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default="/work/models-export")
    ap.add_argument("--run", action="store_true",
                    help="materialize, run on local and compare with onnxruntime")
    ap.add_argument("--models", default="", help="comma list of model names (default all)")
    ap.add_argument("--import-onnx", default=os.environ.get("XIR_IMPORT_ONNX"))
    ap.add_argument("--xrun", default=os.environ.get("XRUN"))
    args = ap.parse_args()
    files = sorted(Path(args.dir).glob("*.onnx"))
    if args.models:
        want = set(args.models.split(","))
        files = [f for f in files if f.name.split(".")[0] in want]
    if not files:
        sys.exit(f"census.py: no .onnx files in {args.dir} (run export.py)")
    tool = args.import_onnx or build("xir-import-onnx")
    xrun = (args.xrun or build("xrun")) if args.run else None
    width = max(len(f.stem) for f in files)
    claimed = claimed_ops()
    with tempfile.TemporaryDirectory(prefix="xir-census-") as tmp:
        tmp = Path(tmp)
        for f in files:
            work = tmp / f.stem
            work.mkdir()
            src = f
            if args.run:
                r = subprocess.run([sys.executable, str(HERE / "materialize.py"), str(f), str(work)],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"{f.stem:<{width}}  MATERIALIZE FAILED: {first_lines(r.stderr)}", flush=True)
                    continue
                src = work / "model.onnx"
            mlir = work / "model.mlir"
            ops, err, dt = import_model(tool, src, mlir)
            if err:
                missing = unclaimed(f, claimed)
                more = f" [ops not in docs/onnx.md: {missing}]" if missing else ""
                print(f"{f.stem:<{width}}  {err}{more}", flush=True)
            else:
                line = f"{f.stem:<{width}}  imports ({ops} graph ops with constants, {dt:.2f} s)"
                if args.run:
                    line += "; " + run_model(xrun, mlir, work)
                print(line, flush=True)
            for p in work.iterdir():
                p.unlink()
            work.rmdir()


if __name__ == "__main__":
    main()
