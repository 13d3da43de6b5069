#!/usr/bin/env python3
"""Writes ONNX's backend node tests to a folder, one folder per case:
model.onnx, input_K.npy / output_K.npy (first data set), meta.txt (ops,
opset, tolerances as key=value lines). onnx >= 1.23 builds the cases in memory
(onnx.backend.test.case); older wheels ship them on disk. Usage:
export_node_tests.py OUT_DIR"""

import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper
from onnx.backend.test.case import node as node_cases


def main(out):
    tmp = out + ".partial"
    os.makedirs(tmp, exist_ok=True)
    cases = node_cases.collect_testcases(None)
    for case in cases:
        d = os.path.join(tmp, case.name)
        os.makedirs(d, exist_ok=True)
        model = case.model
        onnx.save(model, os.path.join(d, "model.onnx"))
        ops = sorted({n.op_type for n in model.graph.node})
        opset = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), None)
        meta = {"ops": ops, "opset": opset, "rtol": case.rtol, "atol": case.atol, "note": ""}
        inputs, outputs = case.data_sets[0] if case.data_sets else ([], [])
        for kind, values in (("input", inputs), ("output", outputs)):
            for k, v in enumerate(values):
                if isinstance(v, onnx.TensorProto):
                    v = numpy_helper.to_array(v)
                elif isinstance(v, np.generic):
                    v = np.asarray(v)
                if not isinstance(v, np.ndarray) or v.dtype == object:
                    meta["note"] = f"{kind} {k} is a {type(v).__name__}, not a numeric tensor"
                    continue
                np.save(os.path.join(d, f"{kind}_{k}.npy"), v, allow_pickle=False)
        meta["inputs"], meta["outputs"] = len(inputs), len(outputs)
        with open(os.path.join(d, "meta.txt"), "w") as f:
            for k, v in meta.items():
                v = " ".join(v) if isinstance(v, list) else v
                f.write(f"{k}={v}\n")
    with open(os.path.join(tmp, "VERSION"), "w") as f:
        f.write(f"onnx {onnx.__version__}\n{len(cases)} cases\n")
    os.replace(tmp, out)


if __name__ == "__main__":
    main(sys.argv[1])
