"""xir.onnx: models imported, compiled and run, compared with onnxruntime."""

import numpy as np
import onnx
import onnxruntime as ort
import pytest
import xir
from onnx import TensorProto, helper, numpy_helper


def mlp_model(batch="batch"):
    rng = np.random.default_rng(0)
    w1 = numpy_helper.from_array(rng.standard_normal((16, 32)).astype(np.float32) * 0.2, "w1")
    b1 = numpy_helper.from_array(rng.standard_normal(32).astype(np.float32), "b1")
    w2 = numpy_helper.from_array(rng.standard_normal((32, 5)).astype(np.float32) * 0.2, "w2")
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h"], name="mlp/fc1"),
        helper.make_node("Add", ["h", "b1"], ["h1"], name="mlp/bias1"),
        helper.make_node("Relu", ["h1"], ["a"], name="mlp/relu"),
        helper.make_node("MatMul", ["a", "w2"], ["o"], name="head/fc2"),
        helper.make_node("Softmax", ["o"], ["y"], name="head/softmax", axis=-1),
    ]
    graph = helper.make_graph(
        nodes,
        "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [batch, 16])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [batch, 5])],
        [w1, b1, w2],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def reference(model, x):
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, {"x": x})[0]


@pytest.mark.parametrize("batch", [1, 3, 64])
def test_model_matches_onnxruntime(batch):
    model = mlp_model()
    m = xir.onnx.import_model(model, dims={"batch": batch})
    assert f"tensor<{batch}x16xf32>" in str(m)
    exe = xir.compile(m)
    x = np.random.default_rng(batch).standard_normal((batch, 16)).astype(np.float32)
    (y,) = exe.main(x)
    np.testing.assert_allclose(y, reference(model, x), rtol=1e-5, atol=1e-6)


def test_import_from_path_bytes_and_proto(tmp_path):
    model = mlp_model(batch=2)
    path = tmp_path / "mlp.onnx"
    onnx.save(model, str(path))
    texts = {
        str(xir.onnx.import_model(src))
        for src in [model, model.SerializeToString(), str(path), path]
    }
    assert len(texts) == 1


def test_placement_on_two_devices():
    model = mlp_model()
    m = xir.onnx.import_model(model, dims={"batch": 4}, place={"mlp/*": "@gpu"})
    assert "#device.promise<@gpu>" in str(m)
    exe = xir.compile(m, target_devices={"cpu": "local", "gpu": "vulkan,local"}, device_plan="auto-transfer=true")
    x = np.random.default_rng(4).standard_normal((4, 16)).astype(np.float32)
    (y,) = exe.main(x)
    np.testing.assert_allclose(y, reference(model, x), rtol=1e-5, atol=1e-6)


def test_unbound_dim_stays_dynamic():
    m = xir.onnx.import_model(mlp_model())
    assert "tensor<?x16xf32>" in str(m)


def test_bad_dims():
    with pytest.raises(xir.CompileError, match="--dim names 'seq'"):
        xir.onnx.import_model(mlp_model(), dims={"seq": 4})
    with pytest.raises(xir.CompileError, match="NAME=SIZE"):
        xir.onnx.import_model(mlp_model(), dims={"batch": -1})


def test_bad_models():
    with pytest.raises(xir.CompileError, match="not an ONNX model"):
        xir.onnx.import_model(b"\x01\x02garbage")
    node = helper.make_node("NoSuchOp", ["x"], ["y"], name="weird")
    graph = helper.make_graph(
        [node],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    with pytest.raises(xir.CompileError, match="NoSuchOp") as e:
        xir.onnx.import_model(model)
    assert e.value.diagnostics[0].message == str(e.value)
    with pytest.raises(TypeError):
        xir.onnx.import_model(42)
    with pytest.raises(FileNotFoundError):
        xir.onnx.import_model("/no/such/model.onnx")


@pytest.mark.parametrize("batch", [1, 3])
def test_compile_in_one_step_matches_the_text_path(tmp_path, batch):
    model = mlp_model()
    path = tmp_path / "mlp.onnx"
    onnx.save(model, str(path))
    x = np.random.default_rng(10 + batch).standard_normal((batch, 16)).astype(np.float32)
    want = reference(model, x)
    (text_path,) = xir.compile(xir.onnx.import_model(model)).main(x)
    for src in [model, model.SerializeToString(), str(path), path]:
        (y,) = xir.onnx.compile(src).main(x)
        np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(y, text_path)


def test_compile_in_one_step_takes_the_keywords():
    model = mlp_model()
    exe = xir.onnx.compile(model, dims={"batch": 4}, place={"mlp/*": "@gpu"},
                           target_devices={"cpu": "local", "gpu": "vulkan,local"},
                           device_plan="auto-transfer=true")
    assert exe.signature("main") == ["tensor<4x16xf32>"]
    x = np.random.default_rng(5).standard_normal((4, 16)).astype(np.float32)
    (y,) = exe.main(x)
    np.testing.assert_allclose(y, reference(model, x), rtol=1e-5, atol=1e-6)


def test_compile_in_one_step_refuses_bad_models(tmp_path):
    with pytest.raises(xir.CompileError, match="not an ONNX model"):
        xir.onnx.compile(b"\x08\x01garbage")
    with pytest.raises(xir.CompileError, match="--dim names 'seq'"):
        xir.onnx.compile(mlp_model(), dims={"seq": 4})
    with pytest.raises(FileNotFoundError, match="nope.onnx"):
        xir.onnx.compile(tmp_path / "nope.onnx")
    (tmp_path / "empty.onnx").write_bytes(b"\x08")
    with pytest.raises(xir.CompileError, match="empty.onnx"):
        xir.onnx.compile(tmp_path / "empty.onnx")
    with pytest.raises(TypeError, match="compile takes a path"):
        xir.onnx.compile(42)
