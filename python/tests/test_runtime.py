"""xir.compile and executables: results against numpy, zero-copy inputs and
results, every run-time error, the GIL, a two-device program."""

import pathlib
import threading
import time

import numpy as np
import pytest
import xir

ROOT = pathlib.Path(__file__).resolve().parents[2]

ADD = """func.func @add(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %c = graph.add %a, %b : tensor<4x3xf32>
  return %c : tensor<4x3xf32>
}
"""

ID = """func.func @id(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  return %a : tensor<8x16xf32>
}
"""


@pytest.fixture(scope="module")
def add():
    return xir.compile(ADD)


def rand(*shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def test_add_matches_numpy(add):
    a, b = rand(4, 3, seed=1), rand(4, 3, seed=2)
    (c,) = add.call("add", a, b)
    assert isinstance(c, np.ndarray) and c.dtype == np.float32 and c.shape == (4, 3)
    np.testing.assert_array_equal(c, a + b)
    (d,) = add.add(a, b)
    np.testing.assert_array_equal(d, c)
    assert add.functions == ["add"]
    assert add.signature("add") == ["tensor<4x3xf32>", "tensor<4x3xf32>"]


def test_compile_takes_module_text_and_path(tmp_path):
    path = tmp_path / "add.mlir"
    path.write_text(ADD)
    a, b = rand(4, 3), rand(4, 3, seed=3)
    for program in [ADD, str(path), path, xir.ir.Module.parse(ADD)]:
        (c,) = xir.compile(program).add(a, b)
        np.testing.assert_array_equal(c, a + b)


def test_compile_a_module_changed_by_passes():
    m = xir.ir.Module.parse(ADD)
    xir.ir.PassManager.parse("builtin.module(canonicalize,cse)").run(m)
    a, b = rand(4, 3), rand(4, 3, seed=5)
    np.testing.assert_array_equal(xir.compile(m).add(a, b)[0], a + b)


@pytest.mark.parametrize("n", [0, 1, 7, 65, 1000])
def test_sizes(n):
    text = f"""func.func @f(%a: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %b = graph.exp %a : tensor<{n}xf32>
  %c = graph.mul %b, %a : tensor<{n}xf32>
  return %c : tensor<{n}xf32>
}}
"""
    a = rand(n)
    (c,) = xir.compile(text).f(a)
    np.testing.assert_allclose(c, np.exp(a) * a, rtol=1e-5, atol=1e-6)


def test_inputs_are_not_copied():
    # The identity returns its argument's buffer: the result's memory is the
    # input's own, so neither was copied.
    exe = xir.compile(ID)
    a = rand(8, 16)
    (r,) = exe.id(a)
    assert r.__array_interface__["data"][0] == a.__array_interface__["data"][0]
    np.testing.assert_array_equal(r, a)


def test_results_are_not_copied(add):
    a, b = rand(4, 3), rand(4, 3, seed=1)
    (c,) = add.add(a, b)
    # numpy keeps the object it read __array_struct__ from as the base
    # (numpy 2: with the capsule, in a tuple).
    owner = c.base[0] if isinstance(c.base, tuple) else c.base
    assert isinstance(owner, xir.runtime.Buffer)
    assert not c.flags.owndata
    assert c.__array_interface__["data"][0] == owner.data_ptr
    # The array keeps the runtime's buffer alive after the executable is gone.
    del add
    import gc

    gc.collect()
    np.testing.assert_array_equal(c, a + b)


def test_inputs_are_left_unchanged(add):
    a, b = rand(4, 3), rand(4, 3, seed=1)
    a0, b0 = a.copy(), b.copy()
    add.add(a, b)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


def test_strided_and_non_array_inputs_are_copied_in(add):
    big = rand(8, 6)
    a = big[::2, ::2]  # not contiguous: a contiguous copy goes in
    np.testing.assert_array_equal(add.add(a, a)[0], a + a)
    f = np.asfortranarray(rand(4, 3))
    np.testing.assert_array_equal(add.add(f, f)[0], f + f)
    # Contiguous but misaligned (one byte into a buffer): copied to aligned memory.
    u = np.zeros(4 * 3 * 4 + 1, dtype=np.uint8)[1:].view(np.float32).reshape(4, 3)
    u[...] = rand(4, 3, seed=4)
    assert u.flags.c_contiguous and not u.flags.aligned
    np.testing.assert_array_equal(add.add(u, u)[0], u + u)
    # Lists and numbers become arrays of the parameter's element type.
    b = [[1, 2, 3]] * 4
    (c,) = add.add(a, b)
    np.testing.assert_array_equal(c, a + np.float32(b))
    with pytest.raises(xir.RuntimeError, match="input 1 of @add: expected tensor<4x3xf32>, got a list"):
        add.add(a, [1, 2])
    # An array of another element type is an error, never a silent conversion.
    with pytest.raises(xir.RuntimeError, match="input 1 of @add: expected tensor<4x3xf32>, got a int64 ndarray"):
        add.add(a, np.asarray(b))


def test_wrong_input_count(add):
    with pytest.raises(xir.RuntimeError, match=r"@add takes 2 input\(s\), got 1"):
        add.add(rand(4, 3))


def test_wrong_shape_names_the_input(add):
    with pytest.raises(xir.RuntimeError) as e:
        add.add(rand(4, 3), rand(3, 4))
    assert str(e.value) == (
        "input 1 of @add: expected tensor<4x3xf32>, got a float32 ndarray of shape (3, 4)"
    )


def test_wrong_dtype_names_the_input(add):
    with pytest.raises(xir.RuntimeError) as e:
        add.add(rand(4, 3, dtype=np.float64), rand(4, 3))
    assert str(e.value) == (
        "input 0 of @add: expected tensor<4x3xf32>, got a float64 ndarray of shape (4, 3)"
    )


def test_big_endian_is_an_error(add):
    with pytest.raises(xir.RuntimeError, match="input 0 of @add: expected tensor<4x3xf32>, got a >f4 ndarray"):
        add.add(rand(4, 3).astype(">f4"), rand(4, 3))


def test_objects_with_only_the_array_interface(add):
    # No __array_struct__: read through __array_interface__, still in place.
    class Wrapped:
        def __init__(self, a):
            self.a = a
            self.__array_interface__ = a.__array_interface__

    a, b = rand(4, 3), rand(4, 3, seed=1)
    np.testing.assert_array_equal(add.add(Wrapped(a), Wrapped(b))[0], a + b)
    exe = xir.compile(ID)
    x = rand(8, 16)
    (r,) = exe.id(Wrapped(x))
    assert r.__array_interface__["data"][0] == x.__array_interface__["data"][0]


def test_not_an_array(add):
    with pytest.raises(xir.RuntimeError, match="input 0 of @add: expected tensor<4x3xf32>, got a object"):
        add.add(object(), rand(4, 3))


def test_unknown_function(add):
    with pytest.raises(xir.RuntimeError, match=r"no public function @nope in the program \(it has @add\)"):
        add.call("nope")
    with pytest.raises(AttributeError, match="no public function @nope"):
        add.nope


def test_scalars_and_dtypes():
    text = """func.func @f(%a: tensor<5xi32>, %s: tensor<i32>, %m: tensor<5xi1>) -> (tensor<5xi32>, tensor<5xi1>) {
  %b = graph.broadcast %s dimensions = [] : tensor<i32> -> tensor<5xi32>
  %c = graph.add %a, %b : tensor<5xi32>
  %z = graph.constant dense<0> : tensor<5xi32>
  %d = graph.select %m, %c, %z : tensor<5xi1>, tensor<5xi32>
  %e = graph.compare gt, %d, %z : tensor<5xi32> -> tensor<5xi1>
  return %d, %e : tensor<5xi32>, tensor<5xi1>
}
"""
    exe = xir.compile(text)
    a = np.arange(5, dtype=np.int32) - 2
    m = np.array([True, False, True, True, False])
    for s in [3, np.int32(3), np.array(3, dtype=np.int32)]:
        d, e = exe.f(a, s, m)
        np.testing.assert_array_equal(d, np.where(m, a + 3, 0))
        assert d.dtype == np.int32 and e.dtype == np.bool_
        np.testing.assert_array_equal(e, np.where(m, a + 3, 0) > 0)
    with pytest.raises(xir.RuntimeError, match="input 1 of @f: expected tensor<i32>, got a str"):
        exe.f(a, "x", m)
    with pytest.raises(xir.RuntimeError, match="input 2 of @f: expected tensor<5xi1>, got a int8 ndarray"):
        exe.f(a, 3, m.astype(np.int8))


def test_hal_level_program(tmp_path, xopt):
    # A compiled artifact (xopt --compile-to=hal) runs as it is; its
    # parameters are buffer views, checked by the program's own assertions.
    path = tmp_path / "add.mlir"
    path.write_text(ADD)
    hal = xopt(str(path), "--target-device=cpu=local", "--device-assignment-pipeline", "--device-plan", "--compile-to=hal")
    assert hal.returncode == 0, hal.stderr
    exe = xir.compile(hal.stdout)
    assert exe.signature("add") == ["!hal.buffer_view", "!hal.buffer_view"]
    a, b = rand(4, 3), rand(4, 3, seed=9)
    np.testing.assert_array_equal(exe.add(a, b)[0], a + b)
    with pytest.raises(xir.RuntimeError, match="@add: "):
        exe.add(rand(4, 4), b)


def test_bad_program_raises_compile_error():
    with pytest.raises(xir.CompileError) as e:
        xir.compile("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %b : tensor<4xf32>\n}\n")
    assert str(e.value).startswith("<string>:2:")
    assert e.value.diagnostics[0].line == 2


def test_bad_target_raises_compile_error():
    with pytest.raises(xir.CompileError, match="nope"):
        xir.compile(ROOT / "examples/mlp.mlir", target_devices={"cpu": "nope", "gpu": "local"})


def test_bad_program_argument():
    with pytest.raises(TypeError, match="compile takes an xir.ir.Module, program text or a path"):
        xir.compile(42)


def test_bad_device_raises_runtime_error():
    with pytest.raises(xir.RuntimeError, match="no driver 'nope'"):
        xir.compile(ADD, devices=["nope"])


def test_reference_device(add):
    a, b = rand(4, 3), rand(4, 3, seed=1)
    exe = xir.compile(ADD, devices=["reference"])
    np.testing.assert_array_equal(exe.add(a, b)[0], a + b)
    assert [d["kind"] for d in exe.devices] == ["reference"]


def test_two_devices():
    # The README's example: input and result on `cpu`, one activation on `gpu`.
    rng = np.random.default_rng(7)
    x = rng.standard_normal((8, 784)).astype(np.float32) * 0.1
    w1 = rng.standard_normal((784, 128)).astype(np.float32) * 0.05
    b1 = rng.standard_normal(128).astype(np.float32)
    w2 = rng.standard_normal((128, 10)).astype(np.float32) * 0.05
    b2 = rng.standard_normal(10).astype(np.float32)
    exe = xir.compile(
        ROOT / "examples/mlp.mlir",
        target_devices={"cpu": "local", "gpu": "vulkan,local"},
        device_plan="auto-transfer=true",
    )
    (y,) = exe.mlp(x, w1, b1, w2, b2)
    want = np.exp(np.maximum(x @ w1 + b1, 0) @ w2 + b2)
    np.testing.assert_allclose(y, want, rtol=1e-4)
    kinds = {d["kind"] for d in exe.devices}
    assert "local" in kinds


def test_devices_match_xrun(xrun):
    want = xrun("--print-devices")
    assert want.returncode == 0
    got = xir.runtime.devices()
    assert [d["target"] for d in got] == want.stdout.splitlines()
    local = got[0]
    assert local["kind"] == "local" and local["id"] == 0
    assert local["formats"] == ["cranelift"]
    assert local["config"] == {"cpu": "host"}


def ticks_inside(calls):
    """Runs `calls` in another thread, timing each, while this thread counts
    loop iterations; returns how many fell strictly inside a call (none if
    the call held the GIL) and the calls' spans."""
    spans = []

    def work():
        for call in calls:
            t0 = time.perf_counter()
            call()
            spans.append((t0, time.perf_counter()))

    t = threading.Thread(target=work)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    return sum(1 for s in ticks for (t0, t1) in spans if t0 + 0.002 < s < t1 - 0.0005), spans


def test_gil_is_released_while_running():
    n = 1 << 22
    text = f"""func.func @f(%a: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %b = graph.exp %a : tensor<{n}xf32>
  %c = graph.sin %b : tensor<{n}xf32>
  %d = graph.cos %c : tensor<{n}xf32>
  return %d : tensor<{n}xf32>
}}
"""
    exe = xir.compile(text)
    a = rand(n)
    exe.f(a)
    during, spans = ticks_inside([lambda: exe.f(a)] * 20)
    assert during > 100, (during, spans[:3])


def test_gil_is_released_while_compiling():
    rows = "\n".join(f"  %x{i} = graph.exp %x{i - 1} : tensor<4xf32>" for i in range(1, 3000))
    text = (
        "func.func @f(%x0: tensor<4xf32>) -> tensor<4xf32> {\n" + rows + "\n  return %x2999 : tensor<4xf32>\n}\n"
    )
    during, spans = ticks_inside([lambda: xir.compile(text)])
    assert during > 100, (during, spans)


def test_calls_from_many_threads(add):
    a = rand(4, 3)
    errors = []

    def work(k):
        b = np.full((4, 3), k, dtype=np.float32)
        for _ in range(50):
            (c,) = add.add(a, b)
            if not np.array_equal(c, a + b):
                errors.append(k)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_a_panic_becomes_an_exception():
    with pytest.raises(xir.RuntimeError, match="internal error in xir"):
        xir._xir._panic_for_test()


@pytest.mark.parametrize(
    "dtype,ty",
    [
        (np.float16, "f16"),
        (np.float32, "f32"),
        (np.float64, "f64"),
        (np.int8, "i8"),
        (np.int16, "i16"),
        (np.int32, "i32"),
        (np.int64, "i64"),
    ],
)
def test_element_types_in_and_out(dtype, ty):
    text = f"""func.func @f(%a: tensor<3x5x{ty}>, %m: tensor<3x5xi1>) -> (tensor<3x5x{ty}>, tensor<3x5xi1>) {{
  %b = graph.add %a, %a : tensor<3x5x{ty}>
  return %b, %m : tensor<3x5x{ty}>, tensor<3x5xi1>
}}
"""
    exe = xir.compile(text)
    a = (np.arange(15).reshape(3, 5) - 7).astype(dtype)
    m = (np.arange(15).reshape(3, 5) % 3 == 0)
    b, m2 = exe.f(a, m)
    assert b.dtype == dtype and b.shape == (3, 5)
    np.testing.assert_array_equal(b, a + a)
    assert m2.dtype == np.bool_
    np.testing.assert_array_equal(m2, m)
    # uint8 data goes to an i8 parameter as its bits (the IR's integers are signless).
    if ty == "i8":
        u = np.arange(15, dtype=np.uint8).reshape(3, 5) + 120
        (bu, _) = exe.f(u, m)
        np.testing.assert_array_equal(bu, (u.astype(np.int8) * 2).astype(np.int8))
