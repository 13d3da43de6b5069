"""One peer timing one workload, in its own process (so that the thread count
set in the environment by bench.py holds for the whole process).

    peers.py PEER WORKLOAD DATADIR REPEAT [THREADS]

PEER: numpy, ort, iree (run) or iree-compile (compile time of the MLP).
Prints one JSON object on stdout: {"ms": median ms per call, ...}, or
{"missing": why} when the peer is not installed or cannot run the workload.
Inputs are DATADIR/WORKLOAD.N.npy (written by bench.py, identical for all).
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def emit(**kw):
    print(json.dumps(kw))
    sys.exit(0)


def inputs(datadir, workload):
    import numpy as np

    out, i = [], 0
    while (datadir / f"{workload}.{i}.npy").exists():
        out.append(np.load(datadir / f"{workload}.{i}.npy"))
        i += 1
    return out


def numpy_fn(workload):
    import numpy as np

    if workload == "add":
        return lambda a, b: a + b
    if workload == "chain":
        return lambda a, b, c: np.exp(np.maximum(a * b + c, 0))
    if workload == "matmul":
        return lambda a, b: a @ b
    if workload == "small_mlp":
        def small_mlp(x, w1, b1, w2, b2):
            z = np.maximum(x @ w1 + b1, 0) @ w2 + b2
            e = np.exp(z - z.max(axis=1, keepdims=True))
            return e / e.sum(axis=1, keepdims=True)
        return small_mlp
    if workload == "mlp":
        def mlp(x, w1, b1, w2, b2, w3, b3):
            h = np.maximum(x @ w1 + b1, 0)
            h = np.maximum(h @ w2 + b2, 0)
            return h @ w3 + b3
        return mlp
    raise SystemExit(f"peers.py: unknown workload {workload}")


def median_ms(f, repeat, warmup=2):
    for _ in range(warmup):
        f()
    times = []
    for _ in range(max(repeat, 1)):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1e3)
    times.sort()
    return times[len(times) // 2]


def run_numpy(workload, datadir, repeat, threads):
    try:
        import numpy  # noqa: F401
    except ImportError:
        emit(missing="numpy not installed")
    info = None
    try:
        import threadpoolctl

        threadpoolctl.threadpool_limits(threads)
        info = [
            f"{d.get('internal_api')} {d.get('version')} {d.get('architecture')} "
            f"{d.get('num_threads')} threads"
            for d in threadpoolctl.threadpool_info()
        ]
    except ImportError:
        pass
    a = inputs(datadir, workload)
    f = numpy_fn(workload)
    emit(ms=median_ms(lambda: f(*a), repeat), blas=info)


def onnx_model(workload, a):
    from onnx import TensorProto, helper

    def vi(name, arr):
        return helper.make_tensor_value_info(name, TensorProto.FLOAT, list(arr.shape))

    n = helper.make_node
    if workload == "add":
        names, nodes, out = ["a", "b"], [n("Add", ["a", "b"], ["y"])], (1048576,)
    elif workload == "chain":
        names = ["a", "b", "c"]
        nodes = [
            n("Mul", ["a", "b"], ["m"]),
            n("Add", ["m", "c"], ["s"]),
            n("Relu", ["s"], ["r"]),
            n("Exp", ["r"], ["y"]),
        ]
        out = a[0].shape
    elif workload == "matmul":
        names, nodes = ["a", "b"], [n("MatMul", ["a", "b"], ["y"])]
        out = (a[0].shape[0], a[1].shape[1])
    elif workload == "mlp":
        names = ["x", "w1", "b1", "w2", "b2", "w3", "b3"]
        nodes = [
            n("MatMul", ["x", "w1"], ["h1"]),
            n("Add", ["h1", "b1"], ["s1"]),
            n("Relu", ["s1"], ["a1"]),
            n("MatMul", ["a1", "w2"], ["h2"]),
            n("Add", ["h2", "b2"], ["s2"]),
            n("Relu", ["s2"], ["a2"]),
            n("MatMul", ["a2", "w3"], ["h3"]),
            n("Add", ["h3", "b3"], ["y"]),
        ]
        out = (a[0].shape[0], a[5].shape[1])
    elif workload == "small_mlp":
        names = ["x", "w1", "b1", "w2", "b2"]
        nodes = [
            n("MatMul", ["x", "w1"], ["h1"]),
            n("Add", ["h1", "b1"], ["s1"]),
            n("Relu", ["s1"], ["a1"]),
            n("MatMul", ["a1", "w2"], ["h2"]),
            n("Add", ["h2", "b2"], ["s2"]),
            n("Softmax", ["s2"], ["y"], axis=1),
        ]
        out = (a[0].shape[0], a[3].shape[1])
    else:
        raise SystemExit(f"peers.py: unknown workload {workload}")
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, list(out))
    graph = helper.make_graph(nodes, workload, [vi(k, v) for k, v in zip(names, a)], [y])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model, names


def run_ort(workload, datadir, repeat, threads):
    try:
        import numpy as np
        import onnx  # noqa: F401
        import onnxruntime as ort
    except ImportError as e:
        emit(missing=f"{e.name} not installed")
    a = inputs(datadir, workload)
    model, names = onnx_model(workload, a)
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    sess = ort.InferenceSession(
        model.SerializeToString(), so, providers=["CPUExecutionProvider"]
    )
    feeds = dict(zip(names, a))
    got = sess.run(None, feeds)[0]
    want = numpy_fn(workload)(*[x.astype(np.float64) for x in a])
    ok = bool(np.allclose(got, want, rtol=1e-4, atol=1e-4 * float(np.abs(want).max())))
    emit(ms=median_ms(lambda: sess.run(None, feeds), repeat), ok=ok, version=ort.__version__)


def iree_tool(name):
    """An IREE tool from the venv's bin (next to sys.executable) or PATH."""
    p = Path(sys.executable).parent / name
    return str(p) if p.exists() else shutil.which(name)


IREE_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]


def iree_compile(workload, out):
    tool = iree_tool("iree-compile")
    if tool is None:
        emit(missing="iree-compile not found (pip install iree-base-compiler)")
    src = HERE / "programs" / "iree" / f"{workload}.mlir"
    if not src.exists():
        emit(missing=f"no IREE program for {workload} (programs/iree/{workload}.mlir)")
    t = time.perf_counter()
    r = subprocess.run([tool, str(src), *IREE_FLAGS, "-o", str(out)], capture_output=True, text=True)
    dt = time.perf_counter() - t
    if r.returncode != 0:
        emit(missing=f"iree-compile failed: {r.stderr.strip()[:400]}")
    return dt


def run_iree_compile(workload, datadir, repeat):
    out = datadir / f"{workload}.compile.vmfb"
    times = sorted(iree_compile(workload, out) for _ in range(max(repeat, 1)))
    emit(s=times[len(times) // 2])


def run_iree(workload, datadir, repeat, threads):
    vmfb = datadir / f"{workload}.vmfb"
    if not vmfb.exists():
        iree_compile(workload, vmfb)
    n = 0
    while (datadir / f"{workload}.{n}.npy").exists():
        n += 1
    ins = [f"--input=@{datadir / f'{workload}.{i}.npy'}" for i in range(n)]
    dev = ["--device=local-task", f"--task_topology_group_count={threads}"]
    bench = iree_tool("iree-benchmark-module")
    if bench is not None:
        r = subprocess.run(
            [bench, f"--module={vmfb}", "--function=main", *dev, *ins,
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
                emit(ms=b["real_time"] * scale, via="iree-benchmark-module")
        emit(missing="iree-benchmark-module printed no median")
    # No benchmark tool: the Python API, timed from here.
    try:
        import iree.runtime as rt
        import numpy as np  # noqa: F401
    except ImportError as e:
        emit(missing=f"{e.name} not installed (pip install iree-base-runtime)")
    rt.flags.parse_flags(f"--task_topology_group_count={threads}")
    config = rt.Config("local-task")
    ctx = rt.SystemContext(config=config)
    ctx.add_vm_module(rt.VmModule.mmap(config.vm_instance, str(vmfb)))
    f = ctx.modules.module["main"]
    a = inputs(datadir, workload)
    emit(ms=median_ms(lambda: f(*a).to_host(), repeat), via="iree.runtime")


def main():
    peer, workload, datadir, repeat = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
    threads = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    try:
        if peer == "numpy":
            run_numpy(workload, datadir, repeat, threads)
        elif peer == "ort":
            run_ort(workload, datadir, repeat, threads)
        elif peer == "iree":
            run_iree(workload, datadir, repeat, threads)
        elif peer == "iree-compile":
            run_iree_compile(workload, datadir, repeat)
        else:
            raise SystemExit(f"peers.py: unknown peer {peer}")
    except SystemExit:
        raise
    except Exception as e:  # a broken install: the column is skipped, not the run
        emit(missing=f"{type(e).__name__}: {str(e)[:400]}")


if __name__ == "__main__":
    os.environ.pop("OPENBLAS_CORETYPE", None)
    main()
