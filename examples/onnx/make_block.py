#!/usr/bin/env python3
"""Writes block.onnx: a small pre-norm transformer block (single-head
attention + GELU MLP, d=16, seq=8) built with onnx.helper, with its weights
as initializers, and block_input.npy. Nodes are named attn/* and mlp/*, so
`xir-import-onnx --place='mlp/*=@gpu'` splits the block across two devices.
With --check, also runs it with onnxruntime and prints the max abs error of
xir's output file (argument 2) against it."""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

D, S, H = 16, 8, 64


def build():
    rng = np.random.default_rng(7)
    w = lambda *s: (rng.standard_normal(s) / np.sqrt(s[0])).astype(np.float32)
    inits = {
        "ln1_g": (1 + 0.1 * rng.standard_normal(D)).astype(np.float32),
        "ln1_b": (0.1 * rng.standard_normal(D)).astype(np.float32),
        "wq": w(D, D), "wk": w(D, D), "wv": w(D, D), "wo": w(D, D),
        "scale": np.array(1 / np.sqrt(D), dtype=np.float32),
        "ln2_g": (1 + 0.1 * rng.standard_normal(D)).astype(np.float32),
        "ln2_b": (0.1 * rng.standard_normal(D)).astype(np.float32),
        "w1": w(D, H), "b1": (0.1 * rng.standard_normal(H)).astype(np.float32),
        "w2": w(H, D), "b2": (0.1 * rng.standard_normal(D)).astype(np.float32),
    }
    n = helper.make_node
    nodes = [
        n("LayerNormalization", ["x", "ln1_g", "ln1_b"], ["h"], name="attn/ln", axis=-1, epsilon=1e-5),
        n("MatMul", ["h", "wq"], ["q"], name="attn/q"),
        n("MatMul", ["h", "wk"], ["k"], name="attn/k"),
        n("MatMul", ["h", "wv"], ["v"], name="attn/v"),
        n("Transpose", ["k"], ["kt"], name="attn/kt", perm=[1, 0]),
        n("MatMul", ["q", "kt"], ["s0"], name="attn/scores"),
        n("Mul", ["s0", "scale"], ["s"], name="attn/scale"),
        n("Softmax", ["s"], ["p"], name="attn/softmax", axis=-1),
        n("MatMul", ["p", "v"], ["c"], name="attn/context"),
        n("MatMul", ["c", "wo"], ["o"], name="attn/out"),
        n("Add", ["x", "o"], ["r1"], name="attn/residual"),
        n("LayerNormalization", ["r1", "ln2_g", "ln2_b"], ["h2"], name="mlp/ln", axis=-1, epsilon=1e-5),
        n("MatMul", ["h2", "w1"], ["f0"], name="mlp/fc1"),
        n("Add", ["f0", "b1"], ["f1"], name="mlp/bias1"),
        n("Gelu", ["f1"], ["g"], name="mlp/gelu"),
        n("MatMul", ["g", "w2"], ["f2"], name="mlp/fc2"),
        n("Add", ["f2", "b2"], ["f3"], name="mlp/bias2"),
        n("Add", ["r1", "f3"], ["y"], name="mlp/residual"),
    ]
    graph = helper.make_graph(
        nodes, "block",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [S, D])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [S, D])],
        [numpy_helper.from_array(v, k) for k, v in inits.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)], producer_name="xir")
    model.ir_version = 9
    onnx.checker.check_model(model)
    return model


def main():
    here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        import onnxruntime as ort
        sess = ort.InferenceSession(f"{here}/block.onnx", providers=["CPUExecutionProvider"])
        x = np.load(f"{here}/block_input.npy")
        want = sess.run(None, {"x": x})[0]
        got = np.load(sys.argv[2])
        print(float(np.max(np.abs(got.astype(np.float64) - want))))
        return
    onnx.save(build(), f"{here}/block.onnx")
    x = np.random.default_rng(11).standard_normal((S, D)).astype(np.float32)
    np.save(f"{here}/block_input.npy", x)


if __name__ == "__main__":
    main()
