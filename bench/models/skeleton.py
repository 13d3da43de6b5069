"""An exported ONNX model as a skeleton: the graph without its weights.

    skeleton.py MODEL.onnx OUT.onnx [--min-elements N] [--keep-metadata]

Every floating-point initializer of more than N elements (default 256) keeps
its name, dims and data type but loses its data; its doc_string becomes
`xir-skeleton {"mean": m, "std": s}`, the statistics of the values it had
(materialize.py draws values for an initializer whose role in the graph it
cannot tell from them). Large floating-point `Constant` nodes become such
initializers first (same name as the node's output). Integer and small
initializers (shape constants, scalars, small biases) are kept as they are.
The model gets the metadata entry `xir.skeleton` = `min-elements=N`.

Node doc strings and node metadata (the dynamo exporter's stack traces and
scopes) are dropped unless --keep-metadata, to keep skeletons small.

Needs onnx and numpy only (no torch). bench/models/README.md has the design.
"""
import argparse
import json
import sys

import numpy as np
import onnx
from onnx import numpy_helper

MARK = "xir-skeleton "
FLOATS = {
    onnx.TensorProto.FLOAT,
    onnx.TensorProto.FLOAT16,
    onnx.TensorProto.DOUBLE,
    onnx.TensorProto.BFLOAT16,
}
DATA_FIELDS = (
    "raw_data", "float_data", "double_data", "int32_data", "int64_data", "uint64_data",
    "string_data",
)


def numel(t):
    n = 1
    for d in t.dims:
        n *= d
    return n


def strip(t):
    """Drops t's data in place, recording its mean and std."""
    a = numpy_helper.to_array(t).astype(np.float64)
    stats = {"mean": float(a.mean()), "std": float(a.std())} if a.size else {"mean": 0.0, "std": 0.0}
    for f in DATA_FIELDS:
        t.ClearField(f)
    t.ClearField("external_data")
    t.data_location = onnx.TensorProto.DEFAULT
    t.doc_string = MARK + json.dumps({k: float(f"{v:.6g}") for k, v in stats.items()})


def skeletonize(model, min_elements=256, keep_metadata=False):
    g = model.graph
    kept = []
    for node in g.node:
        if node.op_type == "Constant" and node.domain in ("", "ai.onnx") and len(node.attribute) == 1:
            a = node.attribute[0]
            if a.name == "value" and a.t.data_type in FLOATS and numel(a.t) > min_elements:
                t = onnx.TensorProto()
                t.CopyFrom(a.t)
                t.name = node.output[0]
                g.initializer.append(t)
                continue
        kept.append(node)
    if len(kept) != len(g.node):
        del g.node[:]
        g.node.extend(kept)
    stripped = 0
    for t in g.initializer:
        if t.data_type in FLOATS and numel(t) > min_elements:
            strip(t)
            stripped += 1
    if not keep_metadata:
        for node in g.node:
            node.doc_string = ""
            del node.metadata_props[:]
        for vi in list(g.value_info) + list(g.input) + list(g.output):
            del vi.metadata_props[:]
        for t in g.initializer:
            del t.metadata_props[:]
    props = [p for p in model.metadata_props if p.key != "xir.skeleton"]
    del model.metadata_props[:]
    model.metadata_props.extend(props)
    model.metadata_props.add(key="xir.skeleton", value=f"min-elements={min_elements}")
    return stripped


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("out")
    ap.add_argument("--min-elements", type=int, default=256,
                    help="float initializers with more elements than this lose their data")
    ap.add_argument("--keep-metadata", action="store_true")
    args = ap.parse_args()
    model = onnx.load(args.model)
    n = skeletonize(model, args.min_elements, args.keep_metadata)
    onnx.save(model, args.out)
    size = len(model.SerializeToString())
    print(f"{args.out}: {n} initializers stripped, {size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
