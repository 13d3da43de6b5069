"""A skeleton (skeleton.py) made runnable again: weights drawn from a seed, a
random input, and onnxruntime's outputs.

    materialize.py SKELETON.onnx OUTDIR [--seed S] [--dim NAME=V ...] [--no-run]
                   [--input-shape [NAME=]DIMS] [--activations]

Writes OUTDIR/model.onnx (the model with weights), OUTDIR/input_K.npy (one per
graph input, in order), OUTDIR/output_K.npy (onnxruntime's outputs, CPU
provider, in order) and OUTDIR/meta.json (names, shapes, each output's largest
magnitude). With --no-run only the model and the inputs are written.

Weights. Each floating-point initializer gets values by its role, found from
the node that consumes it (through Identity and Cast), so that activations
keep their scale through deep networks:

  Conv / ConvTranspose weight    normal * sqrt(2 / fan_in) (He; fan_in = C/group * prod(kernel),
                                 for ConvTranspose C * prod(kernel) / prod(strides))
  Gemm / MatMul weight           normal * sqrt(2 / fan_in) (fan_in: the contracted dim)
  conv / Gemm bias               uniform(-0.1, 0.1)
  BatchNormalization             scale and var uniform(0.5, 1.5), bias and mean normal * 0.1
  Layer/InstanceNormalization    scale uniform(0.5, 1.5), bias normal * 0.1
  PRelu slope                    uniform(0, 0.3)

Those roles are drawn whether or not the skeleton kept the data (a small
BatchNormalization's running mean would otherwise stay torch's zeros, which
tests nothing). Any other initializer whose data the skeleton dropped is drawn
as normal(mean, std) of the values it had (recorded in its doc_string); any
other kept initializer stays as it is. Every tensor has its own generator,
numpy's default_rng([seed, crc32(name)]), so values do not depend on the order
of the graph. Inputs are normal(0, 1) (integers: uniform in [0, 10), or below
the rows of the table they index; masks all ones but the last element), from
default_rng([seed, 1 << 20, K]); a symbolic input dim is 1 unless --dim gives it.
--input-shape gives an input other dims (a CNN at another image size: the
exporter's recorded intermediate shapes are dropped, the outputs' inferred).

--activations adds every floating-point intermediate value to the outputs for
one onnxruntime run and prints the largest magnitude by depth (to check that
activations stay sane); those extra outputs are not written.

Needs onnx, numpy and onnxruntime only (the CI venv's).
"""
import argparse
import json
import math
import sys
import zlib
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

MARK = "xir-skeleton "
FLOATS = {
    onnx.TensorProto.FLOAT: np.float32,
    onnx.TensorProto.FLOAT16: np.float16,
    onnx.TensorProto.DOUBLE: np.float64,
}
PASS_THROUGH = {"Identity", "Cast"}


def rng(seed, name):
    return np.random.default_rng([seed, zlib.crc32(name.encode())])


def attr(node, name, default):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def consumers(graph):
    """name -> [(node, input index)], in node order."""
    out = {}
    for node in graph.node:
        for i, x in enumerate(node.input):
            if x:
                out.setdefault(x, []).append((node, i))
    return out


def role(name, uses):
    """(op_type, input index, node) of the first non-pass-through use of name."""
    seen = set()
    todo = [name]
    while todo:
        n = todo.pop(0)
        if n in seen:
            continue
        seen.add(n)
        for node, i in uses.get(n, []):
            if node.op_type in PASS_THROUGH:
                todo.extend(node.output)
                continue
            return node.op_type, i, node
    return None, None, None


def by_role(shape, op, idx, node, g):
    """Values for an initializer of this role (op, input index), or None."""
    prod = lambda xs: int(np.prod(xs)) if len(xs) else 1  # noqa: E731
    he = lambda fan_in: g.standard_normal(shape) * math.sqrt(2.0 / max(fan_in, 1))  # noqa: E731
    small = lambda: g.uniform(-0.1, 0.1, shape)  # noqa: E731
    if op == "Conv" and idx == 1 and len(shape) >= 3:
        return he(shape[1] * prod(shape[2:]))
    if op == "ConvTranspose" and idx == 1 and len(shape) >= 3:
        strides = attr(node, "strides", [1] * (len(shape) - 2))
        return he(shape[0] * prod(shape[2:]) / prod(strides))
    if op in ("Conv", "ConvTranspose") and idx == 2:
        return small()
    if op == "Gemm" and idx == 1 and len(shape) == 2:
        return he(shape[1] if attr(node, "transB", 0) else shape[0])
    if op == "Gemm" and idx == 0 and len(shape) == 2:
        return he(shape[0] if attr(node, "transA", 0) else shape[1])
    if op == "Gemm" and idx == 2:
        return small()
    if op == "MatMul" and idx == 1 and len(shape) >= 1:
        return he(shape[-2] if len(shape) >= 2 else shape[0])
    if op == "MatMul" and idx == 0 and len(shape) >= 1:
        return he(shape[-1])
    if op == "BatchNormalization" and idx in (1, 4):
        return g.uniform(0.5, 1.5, shape)
    if op == "BatchNormalization" and idx in (2, 3):
        return g.standard_normal(shape) * 0.1
    if op in ("LayerNormalization", "InstanceNormalization", "GroupNormalization") and idx == 1:
        return g.uniform(0.5, 1.5, shape)
    if op in ("LayerNormalization", "InstanceNormalization", "GroupNormalization") and idx == 2:
        return g.standard_normal(shape) * 0.1
    if op == "PRelu" and idx == 1:
        return g.uniform(0.0, 0.3, shape)
    return None


def materialize(model, seed=0):
    """Fills model's weights in place; returns (regenerated, drawn from stats) counts."""
    uses = consumers(model.graph)
    n_role = n_stats = 0
    for t in model.graph.initializer:
        stats = None
        if t.doc_string.startswith(MARK):
            stats = json.loads(t.doc_string[len(MARK):])
        if t.data_type not in FLOATS and t.data_type != onnx.TensorProto.BFLOAT16:
            if stats is not None:
                sys.exit(f"materialize.py: initializer {t.name} has no data and is not a float")
            continue
        op, idx, node = role(t.name, uses)
        gen = rng(seed, t.name)
        a = by_role(tuple(t.dims), op, idx, node, gen)
        if a is not None:
            n_role += 1
        elif stats is not None:
            a = gen.standard_normal(tuple(t.dims)) * stats["std"] + stats["mean"]
            n_stats += 1
        else:
            continue
        if t.data_type == onnx.TensorProto.BFLOAT16:
            sys.exit(f"materialize.py: bfloat16 initializer {t.name} is not supported")
        t.CopyFrom(numpy_helper.from_array(np.asarray(a, dtype=FLOATS[t.data_type]), t.name))
    props = [p for p in model.metadata_props if p.key not in ("xir.skeleton", "xir.materialized")]
    del model.metadata_props[:]
    model.metadata_props.extend(props)
    model.metadata_props.add(key="xir.materialized", value=f"seed={seed}")
    return n_role, n_stats


def reshape_input(model, spec):
    """Gives a graph input other dims (`NAME=1x3x112x112`, or the dims alone
    for the first input): the intermediate shapes the exporter recorded are
    dropped and the outputs' shapes inferred again. For networks whose graph
    does not fix the spatial size (convs, pools, global pooling, flatten)."""
    name, _, dims = spec.rpartition("=")
    ins = graph_inputs(model)
    vi = next((i for i in ins if i.name == name), None) if name else ins[0]
    if vi is None:
        sys.exit(f"materialize.py: --input-shape {spec}: no graph input {name!r}")
    new = [int(x) for x in dims.split("x")]
    shape = vi.type.tensor_type.shape
    if len(new) != len(shape.dim):
        sys.exit(f"materialize.py: --input-shape {spec}: input {vi.name} has rank {len(shape.dim)}")
    for d, v in zip(shape.dim, new):
        d.Clear()
        d.dim_value = v
    del model.graph.value_info[:]
    for o in model.graph.output:
        o.type.tensor_type.ClearField("shape")
    inferred = onnx.shape_inference.infer_shapes(model)
    for o, io in zip(model.graph.output, inferred.graph.output):
        o.type.CopyFrom(io.type)


def graph_inputs(model):
    inits = {t.name for t in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in inits]


def index_bound(model, name):
    """The rows of the tables an integer input indexes (Gather data, through
    Cast/Identity), or None: a transformer's token_type_ids select from 2."""
    producers = {o: n for n in model.graph.node for o in n.output}
    sizes = {t.name: list(t.dims) for t in model.graph.initializer}
    seen, bound = {name}, None
    frontier = [name]
    while frontier:
        v = frontier.pop()
        for n in model.graph.node:
            if v not in n.input:
                continue
            if n.op_type in ("Cast", "Identity"):
                for o in n.output:
                    if o not in seen:
                        seen.add(o)
                        frontier.append(o)
            elif n.op_type == "Gather" and n.input[1] == v:
                table = n.input[0]
                while table in producers and producers[table].op_type in ("Cast", "Identity"):
                    table = producers[table].input[0]
                axis = next((a.i for a in n.attribute if a.name == "axis"), 0)
                if table in sizes and sizes[table]:
                    rows = sizes[table][axis]
                    bound = rows if bound is None else min(bound, rows)
    return bound


def make_inputs(model, seed, dims):
    """Normal floats; integers in [0, 10), or below the rows of the table they
    index; an integer input named *mask* is all ones but its last element
    (one padded position)."""
    out = []
    for k, vi in enumerate(graph_inputs(model)):
        tt = vi.type.tensor_type
        shape = []
        for d in tt.shape.dim:
            if d.HasField("dim_value"):
                shape.append(d.dim_value)
            elif d.dim_param in dims:
                shape.append(dims[d.dim_param])
            else:
                shape.append(1)
        dtype = onnx.helper.tensor_dtype_to_np_dtype(tt.elem_type)
        g = np.random.default_rng([seed, 1 << 20, k])
        if np.issubdtype(dtype, np.floating):
            a = g.standard_normal(shape).astype(dtype)
        elif dtype == np.bool_:
            a = g.integers(0, 2, shape).astype(dtype)
        elif "mask" in vi.name:
            a = np.ones(shape, dtype)
            if a.size:
                a.reshape(-1)[-1] = 0
        else:
            a = g.integers(0, min(10, index_bound(model, vi.name) or 10), shape).astype(dtype)
        out.append((vi.name, a))
    return out


def session(model_bytes):
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.log_severity_level = 3
    return ort.InferenceSession(model_bytes, so, providers=["CPUExecutionProvider"])


def activations(model, feeds):
    """The largest magnitude of every float intermediate value, in node order."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    m = onnx.shape_inference.infer_shapes(m)
    types = {vi.name: vi for vi in m.graph.value_info}
    outs = {o.name for o in m.graph.output}
    names = []
    for node in m.graph.node:
        for o in node.output:
            vi = types.get(o)
            if o and vi is not None and o not in outs and vi.type.tensor_type.elem_type in FLOATS:
                m.graph.output.append(vi)
                names.append((node.name or node.op_type, o))
    sess = session(m.SerializeToString())
    want = [o.name for o in sess.get_outputs()]
    res = dict(zip(want, sess.run(None, feeds)))
    return [(n, o, float(np.abs(res[o]).max()) if res[o].size else 0.0) for n, o in names if o in res]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("skeleton")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dim", action="append", default=[], metavar="NAME=V",
                    help="the value of a symbolic input dim (default 1)")
    ap.add_argument("--input-shape", metavar="[NAME=]DIMS",
                    help="another shape for an input (the first one without NAME), e.g. 1x3x112x112")
    ap.add_argument("--no-run", action="store_true", help="write the model and inputs only")
    ap.add_argument("--activations", action="store_true",
                    help="print the largest magnitude of the intermediate values")
    args = ap.parse_args()
    dims = {}
    for d in args.dim:
        k, v = d.split("=", 1)
        dims[k] = int(v)
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    model = onnx.load(args.skeleton)
    n_role, n_stats = materialize(model, args.seed)
    if args.input_shape:
        reshape_input(model, args.input_shape)
    data = model.SerializeToString()
    (out / "model.onnx").write_bytes(data)
    inputs = make_inputs(model, args.seed, dims)
    for k, (_, a) in enumerate(inputs):
        np.save(out / f"input_{k}.npy", a)
    meta = {
        "skeleton": str(args.skeleton),
        "seed": args.seed,
        "weights_by_role": n_role,
        "weights_from_stats": n_stats,
        "input_shape": args.input_shape,
        "inputs": [{"name": n, "shape": list(a.shape), "dtype": str(a.dtype)} for n, a in inputs],
    }
    if not args.no_run:
        sess = session(data)
        feeds = dict(inputs)
        res = sess.run(None, feeds)
        meta["outputs"] = []
        for k, (o, a) in enumerate(zip(sess.get_outputs(), res)):
            np.save(out / f"output_{k}.npy", a)
            meta["outputs"].append({
                "name": o.name, "shape": list(a.shape), "dtype": str(a.dtype),
                "max_abs": float(np.abs(a).max()) if a.size else 0.0,
                "std": float(a.std()) if a.size else 0.0,
            })
        if args.activations:
            acts = activations(model, feeds)
            mags = [m for _, _, m in acts]
            if mags:
                print(f"{len(acts)} intermediate values: largest magnitude min {min(mags):.3g}, "
                      f"median {sorted(mags)[len(mags) // 2]:.3g}, max {max(mags):.3g}")
                step = max(1, len(acts) // 12)
                for n, o, m in acts[::step] + ([acts[-1]] if (len(acts) - 1) % step else []):
                    print(f"  {n} -> {o}: {m:.3g}")
    (out / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")


if __name__ == "__main__":
    main()
