"""A transformer exported with dynamic batch and sequence axes, from Python:
imported and compiled once, called at two sizes, compared with onnxruntime;
a call whose inputs disagree on a named dim is an xir.RuntimeError naming
the input and the dim."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import pytest
import xir

REPO = Path(__file__).resolve().parents[2]
SKELETON = REPO / "bench/models/skeletons/bert.ts17.dynamic.onnx"


def materialize(tmp_path, batch, seq):
    d = tmp_path / f"{batch}x{seq}"
    subprocess.run(
        [sys.executable, str(REPO / "bench/models/materialize.py"), str(SKELETON), str(d),
         "--seed", "0", f"--dim=batch={batch}", f"--dim=seq={seq}", "--no-run"],
        check=True, capture_output=True,
    )
    inputs = [np.load(d / f"input_{k}.npy") for k in range(3)]
    return d / "model.onnx", inputs


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    path, _ = materialize(tmp_path_factory.mktemp("bert"), 1, 1)
    module = xir.onnx.import_model(str(path))
    return path, xir.compile(module)


def test_one_module_every_size(bert, tmp_path):
    path, exe = bert
    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    names = [i.name for i in sess.get_inputs()]
    assert "?x?xi64" in str(exe.signature("main"))
    for batch, seq in [(1, 16), (3, 5)]:
        _, inputs = materialize(tmp_path, batch, seq)
        (got,) = exe.main(*inputs)
        (want,) = sess.run(None, dict(zip(names, inputs)))
        assert got.shape == (batch, seq, 128)
        np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-4 * np.abs(want).max())


def test_named_dims_must_agree(bert, tmp_path):
    _, exe = bert
    _, inputs = materialize(tmp_path, 2, 7)
    inputs[1] = inputs[1][:, :5].copy()
    with pytest.raises(xir.RuntimeError, match=r"input 1: dim 1 \('seq'\) must equal dim 1 of input 0 \(5 vs 7\)"):
        exe.main(*inputs)
