"""One peer timing one real model, in its own process (so that the thread
count holds for the whole process); bench/runtime/peers.py's helpers, on ONNX
files instead of generated workloads.

    peers.py ort  MODELDIR REPEAT THREADS [SESSIONS]
    peers.py iree MODELDIR REPEAT THREADS

MODELDIR is materialize.py's output (model.onnx, input_K.npy). Prints one
JSON object on stdout: {"ms": median ms per inference, ...}, or
{"missing": why} when the peer is not installed or cannot run the model.
  ort:  onnxruntime's CPU provider, intra_op_num_threads=THREADS, sequential;
        "session_ms": the median of SESSIONS session creations (default 3)
        from the model file, graph optimizations included.
  iree: iree-import-onnx, then iree-compile for llvm-cpu (the host CPU),
        timed as "import_s" and "compile_s" (wall time of each process);
        then iree-benchmark-module on local-task with THREADS workers (its
        median), or the iree.runtime Python API where there is no such tool.
"""
import importlib.util
import json
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


rt = _load("runtime_peers", HERE.parent / "runtime" / "peers.py")
emit, median_ms, iree_tool, IREE_FLAGS = rt.emit, rt.median_ms, rt.iree_tool, rt.IREE_FLAGS


def inputs(d):
    import numpy as np

    out, k = [], 0
    while (d / f"input_{k}.npy").exists():
        out.append(np.load(d / f"input_{k}.npy"))
        k += 1
    return out


def run_ort(d, repeat, threads, sessions):
    try:
        import onnxruntime as ort
    except ImportError as e:
        emit(missing=f"{e.name} not installed")
    model = str(d / "model.onnx")
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.log_severity_level = 3
    times, sess = [], None
    for _ in range(max(sessions, 1)):
        t = time.perf_counter()
        sess = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
        times.append((time.perf_counter() - t) * 1e3)
    times.sort()
    feeds = dict(zip([i.name for i in sess.get_inputs()], inputs(d)))
    emit(ms=median_ms(lambda: sess.run(None, feeds), repeat, warmup=3),
         session_ms=times[len(times) // 2], version=ort.__version__)


def run_iree(d, repeat, threads):
    imp, comp = iree_tool("iree-import-onnx"), iree_tool("iree-compile")
    if imp is None or comp is None:
        emit(missing="iree-import-onnx / iree-compile not found (pip install iree-base-compiler)")
    mlir, vmfb = d / "model.iree.mlir", d / "model.vmfb"
    t = time.perf_counter()
    r = subprocess.run([imp, str(d / "model.onnx"), "-o", str(mlir)], capture_output=True, text=True)
    import_s = time.perf_counter() - t
    if r.returncode != 0:
        emit(missing=f"iree-import-onnx failed: {r.stderr.strip()[-400:]}")
    t = time.perf_counter()
    r = subprocess.run([comp, str(mlir), *IREE_FLAGS, "-o", str(vmfb)], capture_output=True, text=True)
    compile_s = time.perf_counter() - t
    if r.returncode != 0:
        emit(missing=f"iree-compile failed: {r.stderr.strip()[-400:]}")
    m = re.search(r"func\.func @([\w$.]+)", mlir.read_text(errors="replace")[:200000])
    fn = m.group(1) if m else "main_graph"
    n = len(inputs(d))
    ins = [f"--input=@{d / f'input_{k}.npy'}" for k in range(n)]
    dev = ["--device=local-task", f"--task_topology_group_count={threads}"]
    bench = iree_tool("iree-benchmark-module")
    if bench is not None:
        r = subprocess.run(
            [bench, f"--module={vmfb}", f"--function={fn}", *dev, *ins,
             "--benchmark_format=json", f"--benchmark_repetitions={max(3, min(repeat, 10))}",
             "--benchmark_report_aggregates_only=true"],
            capture_output=True, text=True,
        )
        if r.returncode != 0:
            emit(missing=f"iree-benchmark-module failed: {r.stderr.strip()[:400]}")
        data = json.loads(r.stdout[r.stdout.index("{"):])
        for b in data["benchmarks"]:
            if b.get("aggregate_name") == "median":
                scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
                emit(ms=b["real_time"] * scale, import_s=import_s, compile_s=compile_s,
                     via="iree-benchmark-module")
        emit(missing="iree-benchmark-module printed no median")
    try:
        import iree.runtime as ireert
    except ImportError as e:
        emit(missing=f"{e.name} not installed (pip install iree-base-runtime)")
    ireert.flags.parse_flags(f"--task_topology_group_count={threads}")
    config = ireert.Config("local-task")
    ctx = ireert.SystemContext(config=config)
    ctx.add_vm_module(ireert.VmModule.mmap(config.vm_instance, str(vmfb)))
    f = ctx.modules.module[fn]
    a = inputs(d)
    emit(ms=median_ms(lambda: f(*a).to_host(), repeat), import_s=import_s, compile_s=compile_s,
         via="iree.runtime")


def main():
    peer, d, repeat, threads = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    try:
        if peer == "ort":
            run_ort(d, repeat, threads, int(sys.argv[5]) if len(sys.argv) > 5 else 3)
        elif peer == "iree":
            run_iree(d, repeat, threads)
        else:
            raise SystemExit(f"peers.py: unknown peer {peer}")
    except SystemExit:
        raise
    except Exception as e:  # a broken install: the column is skipped, not the run
        emit(missing=f"{type(e).__name__}: {str(e)[:400]}")


if __name__ == "__main__":
    main()
