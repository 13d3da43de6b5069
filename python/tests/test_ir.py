"""xir.ir: parse, print, verify, walk and passes, compared with xopt."""

import pathlib

import pytest
import xir
from xir.ir import Module, PassManager

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Files whose whole text is one module (no --split-input-file chunks).
ROUND_TRIP = [
    "examples/mlp.mlir",
    "lit-tests/dialects/graph/window.mlir",
    "lit-tests/runtime/ops/windows.mlir",
]

ADD = """func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = graph.add %a, %b : tensor<4xf32>
  return %c : tensor<4xf32>
}
"""


@pytest.mark.parametrize("path", ROUND_TRIP)
def test_print_matches_xopt(path, xopt):
    m = Module.parse_file(str(ROOT / path))
    for flags, text in [
        ([], str(m)),
        (["--mlir-print-op-generic"], m.print(generic=True)),
        (["--mlir-print-debuginfo"], m.print(debuginfo=True)),
        (["--mlir-print-local-scope"], m.print(local_scope=True)),
    ]:
        want = xopt(str(ROOT / path), *flags)
        assert want.returncode == 0, want.stderr
        assert text == want.stdout, flags


def test_unregistered_dialects(xopt):
    path = str(ROOT / "examples/multi_device.mlir")
    with pytest.raises(xir.CompileError, match="unregistered dialect"):
        Module.parse_file(path)
    m = Module.parse_file(path, allow_unregistered_dialect=True)
    want = xopt(path, "--allow-unregistered-dialect")
    assert want.returncode == 0, want.stderr
    assert str(m) == want.stdout


def test_parse_round_trips_its_own_text():
    m = Module.parse(ADD)
    again = Module.parse(str(m))
    assert str(again) == str(m)
    assert Module.parse(m.print(generic=True)).print(generic=True) == m.print(generic=True)


def test_parse_from_text_names_the_buffer(xopt, tmp_path):
    bad = "func.func @f() {\n  %0 = arith.constant 1 : i32\n  return %1 : i32\n}\n"
    with pytest.raises(xir.CompileError) as e:
        Module.parse(bad)
    assert str(e.value).startswith("<string>:3:")
    with pytest.raises(xir.CompileError) as e:
        Module.parse(bad, filename="mine.mlir")
    assert str(e.value).startswith("mine.mlir:3:")


BAD_TEXTS = {
    "syntax": "func.func @f( {\n}\n",
    "undefined_value": "func.func @f() -> i32 {\n  return %x : i32\n}\n",
    "verifier": (
        "func.func @f(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {\n"
        "  %c = graph.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>\n"
        "  return %c : tensor<4xf32>\n}\n"
    ),
    "redefinition": (
        "func.func @f() {\n  %0 = arith.constant 1 : i32\n"
        "  %0 = arith.constant 2 : i32\n  return\n}\n"
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_TEXTS))
def test_compile_error_prints_as_xopt(case, xopt, tmp_path):
    path = tmp_path / f"{case}.mlir"
    path.write_text(BAD_TEXTS[case])
    want = xopt(str(path))
    assert want.returncode == 1
    with pytest.raises(xir.CompileError) as e:
        Module.parse_file(str(path))
    assert str(e.value) == want.stderr
    with pytest.raises(xir.CompileError) as e2:
        Module.parse(BAD_TEXTS[case], filename=str(path))
    assert str(e2.value) == want.stderr
    d = e.value.diagnostics[0]
    assert d.severity == "error"
    assert d.file == str(path)
    assert isinstance(d.line, int) and d.line >= 1
    assert isinstance(d.column, int) and d.column >= 1
    assert d.message in want.stderr


def test_diagnostic_notes():
    text = "func.func @f() {\n  %0 = arith.constant 1 : i32\n  %0 = arith.constant 2 : i32\n  return\n}\n"
    with pytest.raises(xir.CompileError) as e:
        Module.parse(text)
    d = e.value.diagnostics[0]
    assert "redefinition" in d.message
    assert (d.line, d.column) == (3, 3)
    assert len(d.notes) == 1
    assert d.notes[0].severity == "note"
    assert d.notes[0].line == 2
    assert "previously defined" in d.notes[0].message


def test_compile_error_is_an_exception():
    assert issubclass(xir.CompileError, Exception)
    assert issubclass(xir.RuntimeError, RuntimeError)


def test_verify():
    m = Module.parse(ADD)
    assert m.verify() is None


def test_walk():
    m = Module.parse(ADD, filename="add.mlir")
    ops = m.walk()
    assert [op.name for op in ops] == ["builtin.module", "func.func", "graph.add", "func.return"]
    func = ops[1]
    assert func.attributes["sym_name"] == '"add"'
    assert func.attributes["function_type"] == "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>"
    add = ops[2]
    assert add.location == 'loc("add.mlir":2:8)'
    assert add.operand_types == ["tensor<4xf32>", "tensor<4xf32>"]
    assert add.result_types == ["tensor<4xf32>"]
    assert func.regions == 1 and add.regions == 0
    with pytest.raises(AttributeError):
        add.name = "x"


CANON = """func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.addi %a, %c0 : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}
"""


@pytest.mark.parametrize(
    "pipeline",
    ["builtin.module(canonicalize,cse)", "builtin.module(cse)", "builtin.module(func.func(canonicalize))"],
)
def test_passes_match_xopt(pipeline, xopt, tmp_path):
    path = tmp_path / "canon.mlir"
    path.write_text(CANON)
    want = xopt(str(path), f"--pass-pipeline={pipeline}")
    assert want.returncode == 0, want.stderr
    m = Module.parse(CANON)
    PassManager.parse(pipeline).run(m)
    assert str(m) == want.stdout
    assert str(PassManager.parse(pipeline)) == pipeline


def test_bad_pipeline(xopt):
    with pytest.raises(xir.CompileError) as e:
        PassManager.parse("builtin.module(no-such-pass)")
    want = xopt("--pass-pipeline=builtin.module(no-such-pass)", input=ADD)
    assert want.returncode == 1
    assert str(e.value) in want.stderr
    assert e.value.diagnostics[0].file is None
    with pytest.raises(xir.CompileError):
        PassManager.parse("canonicalize")


def test_failing_pass_leaves_module_unchanged(xopt):
    # graph-to-flow needs static shapes; a dynamic one fails in a pass.
    text = """func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %b = graph.exp %a : tensor<?xf32>
  %c = graph.reshape %b : tensor<?xf32> -> tensor<?x1xf32>
  %d = graph.reshape %c : tensor<?x1xf32> -> tensor<?xf32>
  return %d : tensor<?xf32>
}
"""
    m = Module.parse(text)
    before = str(m)
    with pytest.raises(xir.CompileError) as e:
        PassManager.parse("builtin.module(graph-decompose,graph-to-flow,flow-to-stream,stream-to-hal)").run(m)
    assert e.value.diagnostics
    assert str(m) == before
