#!/usr/bin/env python3
"""Small models of Mod and TopK with onnxruntime's outputs: one folder per
case (model.onnx, input_K.npy, output_K.npy, meta.txt), as
index_ops_ort.py writes them. Usage: select_ops_ort.py OUT_DIR"""

import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
rng = np.random.default_rng(11)
T = {np.float32: TensorProto.FLOAT, np.float64: TensorProto.DOUBLE,
     np.int8: TensorProto.INT8, np.int16: TensorProto.INT16,
     np.int32: TensorProto.INT32, np.int64: TensorProto.INT64}


def case(out, name, op, inputs, consts, attrs, outs=1, post=None, tol=None):
    """`post` rewrites onnxruntime's outputs; `tol`: an absolute tolerance
    (tol.txt), else the comparison is exact."""
    order = list(inputs) + list(consts)
    node = helper.make_node(op, order, [f"y{k}" for k in range(outs)], **attrs)
    ins = [helper.make_tensor_value_info(k, T[v.dtype.type], v.shape) for k, v in inputs.items()]
    inits = [numpy_helper.from_array(v, k) for k, v in consts.items()]
    outv = [helper.make_tensor_value_info(f"y{k}", TensorProto.UNDEFINED, None) for k in range(outs)]
    g = helper.make_graph([node], name, ins, outv, inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)])
    m.ir_version = 8
    m = onnx.shape_inference.infer_shapes(m, strict_mode=True)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    got = sess.run(None, dict(inputs))
    if post:
        got = post(got)
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for k, v in enumerate(inputs.values()):
        np.save(os.path.join(d, f"input_{k}.npy"), v)
    for k, v in enumerate(got):
        np.save(os.path.join(d, f"output_{k}.npy"), v)
    if tol is not None:
        with open(os.path.join(d, "tol.txt"), "w") as f:
            f.write(f"{tol}\n")


def sort_top(axis, largest):
    """onnxruntime's sorted=0 order (unspecified by ONNX) in the sorted one
    xir returns: by value (NaN largest), then by index."""
    def post(got):
        v, i = (np.moveaxis(t, axis, -1) for t in got)
        key = np.where(np.isnan(v), np.inf, v) if v.dtype.kind == "f" else v
        nan = np.isnan(v) if v.dtype.kind == "f" else np.zeros(v.shape, bool)
        big = nan if largest else ~nan
        order = np.lexsort((i, -key if largest else key, ~big if largest else big), axis=-1)
        return [np.moveaxis(np.take_along_axis(t, order, -1), -1, axis) for t in (v, i)]
    return post


def topk(out, name, x, k, **attrs):
    post = None
    if attrs.get("sorted", 1) == 0:
        post = sort_top(attrs.get("axis", -1), attrs.get("largest", 1))
    case(out, name, "TopK", {"x": x}, {"k": np.array([k], np.int64)}, attrs, outs=2, post=post)


def main(out):
    os.makedirs(out, exist_ok=True)
    i64, i32, f32, f64 = np.int64, np.int32, np.float32, np.float64
    # Mod: integers of every sign (no zero divisors: onnxruntime refuses them).
    a = rng.integers(-50, 50, (5, 7))
    b = rng.choice([v for v in range(-9, 10) if v != 0], (7,))
    for t in (i64, i32, np.int8, np.int16):
        case(out, f"mod_int_{t.__name__}", "Mod", {"a": a.astype(t), "b": b.astype(t)}, {}, {})
        case(out, f"mod_int_{t.__name__}_fmod", "Mod", {"a": a.astype(t), "b": b.astype(t)}, {},
             {"fmod": 1})
    ext = np.array([np.iinfo(i64).min, np.iinfo(i64).min, np.iinfo(i64).max, -1, 7, 0], i64)
    dv = np.array([-1, 7, -3, np.iinfo(i64).min, np.iinfo(i64).max, -5], i64)
    case(out, "mod_int64_extremes", "Mod", {"a": ext, "b": dv}, {}, {})
    case(out, "mod_int64_extremes_fmod", "Mod", {"a": ext, "b": dv}, {}, {"fmod": 1})
    # Floats: C's fmod, with large quotients, infinities, NaN, zeros.
    fa = np.concatenate([rng.standard_normal(40) * 100, [1e30, -1e30, 3e8, 7.5, -7.5, np.inf,
                         -np.inf, np.nan, 1.0, -0.0, 0.0, 5.0, -5.0, 1e-40]]).astype(f32)
    fb = np.concatenate([rng.standard_normal(40) * 3, [3.3, 0.7, 1e-3, np.inf, -np.inf, 2.0,
                         1.0, 1.0, 0.0, 3.0, -3.0, 2.5, -2.5, 3e-41]]).astype(f32)
    case(out, "mod_float_fmod", "Mod", {"a": fa, "b": fb}, {}, {"fmod": 1})
    # f64 takes one round a - trunc(a / b) * b: close, not exact.
    da, db = fa.astype(f64) * 1.1, fb.astype(f64)
    keep = ~(np.abs(da / np.where(db == 0, 1, db)) > 2**20)
    case(out, "mod_double_fmod", "Mod", {"a": da[keep], "b": db[keep]}, {}, {"fmod": 1},
         tol=1e-12)
    case(out, "mod_float_broadcast", "Mod", {"a": rng.standard_normal((3, 1, 4)).astype(f32) * 9,
         "b": np.array([1.5, -2.0, 0.25, 3.0], f32)}, {}, {"fmod": 1})
    # TopK: sizes 1, odd, past 64, k of 0, 1, all; ties; NaN; integers; axes.
    topk(out, "topk_1", rng.standard_normal((3, 1)).astype(f32), 1)
    topk(out, "topk_k0", rng.standard_normal((3, 5)).astype(f32), 0)
    topk(out, "topk_odd", rng.standard_normal((4, 7)).astype(f32), 3)
    topk(out, "topk_all_smallest", rng.standard_normal((2, 9)).astype(f32), 9, largest=0)
    topk(out, "topk_long_axis0", rng.standard_normal((131, 3)).astype(f32), 5, axis=0)
    topk(out, "topk_k64", rng.standard_normal((2, 100)).astype(f32), 64)
    topk(out, "topk_k64_smallest", rng.standard_normal((2, 70)).astype(f32), 64, largest=0)
    ties = rng.integers(-2, 3, (5, 11)).astype(f32)
    topk(out, "topk_ties", ties, 6)
    topk(out, "topk_ties_smallest", ties, 6, largest=0)
    topk(out, "topk_ties_unsorted", ties, 4, sorted=0)
    topk(out, "topk_ties_unsorted_smallest_axis0", ties, 3, sorted=0, largest=0, axis=0)
    nan = np.array([[1, np.nan, 3, np.nan, 3, -np.inf, 2, np.inf],
                    [np.nan, np.nan, np.nan, 0, -0.0, np.inf, -np.inf, 5]], f32)
    topk(out, "topk_nan", nan, 8)
    topk(out, "topk_nan_smallest", nan, 8, largest=0)
    topk(out, "topk_nan_3", nan, 3)
    topk(out, "topk_nan_smallest_3", nan, 3, largest=0)
    ints = rng.integers(-4, 4, (3, 13)).astype(i64)
    ints[0, :3] = [np.iinfo(i64).min, np.iinfo(i64).max, np.iinfo(i64).min]
    topk(out, "topk_int64", ints, 13)
    topk(out, "topk_int64_smallest", ints, 7, largest=0)
    i32s = rng.integers(-4, 4, (2, 3, 6)).astype(i32)
    i32s[0, 0, :2] = np.iinfo(i32).min
    topk(out, "topk_int32_mid_axis", i32s, 2, axis=1)
    topk(out, "topk_int32_smallest", i32s, 4, largest=0)
    topk(out, "topk_double", rng.standard_normal((3, 4, 5)), 2, axis=-2)


if __name__ == "__main__":
    main(sys.argv[1])
