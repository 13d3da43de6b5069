#!/usr/bin/env python3
"""Small models of the ops composed from index arithmetic (GatherElements,
Trilu, Tile, Range, OneHot, CumSum, ArgMax/ArgMin, Einsum, NonZero) in the forms
ONNX's node tests do not cover, with onnxruntime's outputs: one folder per
case, as export_node_tests.py writes them (model.onnx, input_K.npy,
output_K.npy, meta.txt). Usage: index_ops_ort.py OUT_DIR"""

import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

OPSET = 17
rng = np.random.default_rng(7)
T = {np.float32: TensorProto.FLOAT, np.float64: TensorProto.DOUBLE,
     np.int32: TensorProto.INT32, np.int64: TensorProto.INT64,
     np.float16: TensorProto.FLOAT16, np.bool_: TensorProto.BOOL}


def case(out, name, op, inputs, consts, attrs, outs=1):
    """`op` of graph inputs `inputs` (name -> array) and initializers
    `consts` (name -> array), in the order inputs then consts unless the
    name list `order` is given in attrs."""
    order = attrs.pop("_order", list(inputs) + list(consts))
    node = helper.make_node(op, order, [f"y{k}" for k in range(outs)], **attrs)
    ins = [helper.make_tensor_value_info(k, T[v.dtype.type], v.shape) for k, v in inputs.items()]
    inits = [numpy_helper.from_array(v, k) for k, v in consts.items()]
    outv = [helper.make_tensor_value_info(f"y{k}", TensorProto.UNDEFINED, None) for k in range(outs)]
    g = helper.make_graph([node], name, ins, outv, inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)])
    m.ir_version = 8
    m = onnx.shape_inference.infer_shapes(m, strict_mode=True)
    sess = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    got = sess.run(None, {k: v for k, v in inputs.items()})
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    onnx.save(m, os.path.join(d, "model.onnx"))
    for k, v in enumerate(inputs.values()):
        np.save(os.path.join(d, f"input_{k}.npy"), v)
    for k, v in enumerate(got):
        np.save(os.path.join(d, f"output_{k}.npy"), v)
    with open(os.path.join(d, "meta.txt"), "w") as f:
        f.write(f"ops={op}\nopset={OPSET}\nrtol=1e-4\natol=1e-5\nnote=\n"
                f"inputs={len(inputs)}\noutputs={len(got)}\n")


def f32(*s):
    return rng.standard_normal(s).astype(np.float32)


def main(out):
    os.makedirs(out, exist_ok=True)
    i64 = np.int64
    # GatherElements: BERT's token_type_ids (known data, run-time indices), 3-d along a middle axis.
    case(out, "gather_elements_3d_axis1", "GatherElements",
         {"x": f32(2, 5, 3), "i": rng.integers(-5, 5, (2, 4, 3)).astype(i64)}, {}, {"axis": 1})
    case(out, "gather_elements_const_data", "GatherElements",
         {"i": rng.integers(0, 8, (1, 6)).astype(np.int32)},
         {"x": np.arange(8, dtype=i64).reshape(1, 8)}, {"axis": 1, "_order": ["x", "i"]})
    # Trilu: GPT-2's causal mask on a 4-d tensor, k known.
    case(out, "trilu_4d_lower_k", "Trilu", {"x": f32(2, 3, 4, 5)}, {"k": np.array(1, i64)},
         {"upper": 0})
    case(out, "trilu_upper_neg_k", "Trilu", {"x": f32(6, 4)}, {"k": np.array(-2, i64)}, {})
    # Tile: 3-d with a zero-free mix of repeats.
    case(out, "tile_3d", "Tile", {"x": f32(2, 1, 3)}, {"r": np.array([1, 4, 2], i64)}, {})
    # Range: float with a fractional delta, int64 negative.
    case(out, "range_float_frac", "Range", {}, {"s": np.array(0.5, np.float32),
         "l": np.array(3.2, np.float32), "d": np.array(0.3, np.float32)}, {})
    case(out, "range_int64_neg", "Range", {}, {"s": np.array(20, i64), "l": np.array(-3, i64),
         "d": np.array(-4, i64)}, {})
    # Range of run-time values: the count is read by the host.
    case(out, "range_runtime_float", "Range", {"s": np.array(0.5, np.float32),
         "l": np.array(7.3, np.float32), "d": np.array(0.7, np.float32)}, {}, {})
    case(out, "range_runtime_int_neg", "Range", {"s": np.array(40, i64),
         "l": np.array(-3, i64), "d": np.array(-3, i64)}, {}, {})
    case(out, "range_runtime_int32_long", "Range", {"l": np.array(700, np.int32)},
         {"s": np.array(-5, np.int32), "d": np.array(1, np.int32)}, {"_order": ["s", "l", "d"]})
    case(out, "range_runtime_empty", "Range", {"s": np.array(5, i64),
         "l": np.array(5, i64), "d": np.array(2, i64)}, {}, {})
    # Slice with bounds that are run-time data: gathered, the count read by
    # the host. Negative bounds, clamping, steps of 2 and -2, an empty result,
    # an empty axis, int32 bounds.
    sl = lambda axes, steps: {"axes": np.array(axes, i64), "steps": np.array(steps, i64)}
    case(out, "slice_runtime_bounds", "Slice",
         {"x": f32(4, 7), "s": np.array([1, -5], i64), "e": np.array([3, 100], i64)},
         sl([0, 1], [1, 2]), {"_order": ["x", "s", "e", "axes", "steps"]})
    case(out, "slice_runtime_backward", "Slice",
         {"x": f32(9, 2), "s": np.array([-1], i64), "e": np.array([-100], i64)},
         sl([0], [-2]), {"_order": ["x", "s", "e", "axes", "steps"]})
    case(out, "slice_runtime_empty", "Slice",
         {"x": f32(5, 3), "s": np.array([4], i64), "e": np.array([2], i64)},
         sl([0], [1]), {"_order": ["x", "s", "e", "axes", "steps"]})
    case(out, "slice_runtime_empty_axis", "Slice",
         {"x": np.zeros((0, 4), np.float32), "s": np.array([-1], i64), "e": np.array([-1000], i64)},
         sl([0], [-1]), {"_order": ["x", "s", "e", "axes", "steps"]})
    case(out, "slice_runtime_int32_long", "Slice",
         {"x": f32(3, 300), "s": np.array([7], np.int32), "e": np.array([-2], np.int32)},
         {"axes": np.array([-1], np.int32)}, {"_order": ["x", "s", "e", "axes"]})
    # OneHot: int32 indices, default axis, int64 values.
    case(out, "onehot_default_axis", "OneHot",
         {"i": np.array([[0, 3, -1], [7, -4, 2]], np.int32)},
         {"depth": np.array(4, np.float32), "v": np.array([-2, 5], np.float32)}, {})
    # CumSum: 3-d middle axis reverse exclusive float; int64 reverse.
    case(out, "cumsum_3d_reverse_exclusive", "CumSum",
         {"x": f32(2, 5, 3)}, {"a": np.array(1, i64)}, {"exclusive": 1, "reverse": 1})
    # An infinity reaches only the sums that include it.
    case(out, "cumsum_inf", "CumSum",
         {"x": np.array([[1, np.inf, 2, -3, 5], [4, -1, -np.inf, 0, 1]], np.float32)},
         {"a": np.array(1, i64)}, {})
    case(out, "cumsum_int64_reverse", "CumSum",
         {"x": rng.integers(-9, 9, (3, 7)).astype(i64)}, {"a": np.array(-1, np.int32)},
         {"reverse": 1})
    # ArgMax/ArgMin: integers with ties, both index choices.
    ties = rng.integers(-3, 3, (4, 6)).astype(np.int32)
    case(out, "argmin_int_ties_last", "ArgMin", {"x": ties}, {}, {"axis": 1, "select_last_index": 1})
    case(out, "argmax_int_ties_first", "ArgMax", {"x": ties}, {}, {"axis": 0, "keepdims": 0})
    case(out, "argmin_3d_float", "ArgMin", {"x": f32(2, 3, 5)}, {}, {"axis": -1})
    # Einsum: what exporters emit.
    case(out, "einsum_attention_scores", "Einsum", {"q": f32(2, 3, 4, 8), "k": f32(2, 3, 5, 8)}, {},
         {"equation": "bhqd,bhkd->bhqk"})
    case(out, "einsum_ellipsis_matmul", "Einsum", {"a": f32(2, 3, 4, 5), "b": f32(2, 3, 5, 6)}, {},
         {"equation": "...ij,...jk->...ik"})
    case(out, "einsum_matmul", "Einsum", {"a": f32(4, 5), "b": f32(5, 3)}, {},
         {"equation": "ij,jk->ik"})
    case(out, "einsum_sum_axis0", "Einsum", {"a": f32(4, 5)}, {}, {"equation": "ij->j"})
    case(out, "einsum_outer_implicit", "Einsum", {"a": f32(4), "b": f32(3)}, {},
         {"equation": "i,j"})
    case(out, "einsum_trace_implicit", "Einsum", {"a": f32(4, 4)}, {}, {"equation": "ii"})
    case(out, "einsum_diagonal_moved", "Einsum", {"a": f32(3, 2, 3)}, {}, {"equation": "iji->ji"})
    # NonZero: a count the host reads. NaN is nonzero, -0.0 is zero; no hits;
    # one element; an empty input; sizes past a vector, a tile and a workgroup.
    v = f32(37)
    v[::3] = 0.0
    v[4], v[5], v[7] = np.nan, -0.0, np.inf
    case(out, "nonzero_1d_float_nan", "NonZero", {"x": v}, {}, {})
    sparse = rng.integers(-2, 3, (3, 5, 7)).astype(np.int32)
    sparse[sparse == 1] = 0
    case(out, "nonzero_3d_int32", "NonZero", {"x": sparse}, {}, {})
    case(out, "nonzero_none", "NonZero", {"x": np.zeros(17, i64)}, {}, {})
    case(out, "nonzero_one", "NonZero", {"x": np.array([5], i64)}, {}, {})
    case(out, "nonzero_empty", "NonZero", {"x": np.zeros((0, 3), np.float32)}, {}, {})
    case(out, "nonzero_bool_2d_large", "NonZero", {"x": rng.random((33, 65)) < 0.3}, {}, {})
    case(out, "einsum_bilinear_sum", "Einsum", {"a": f32(2, 3, 4), "b": f32(4, 5)}, {},
         {"equation": "bij,jk->bk"})


if __name__ == "__main__":
    main(sys.argv[1])
