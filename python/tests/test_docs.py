"""The Python examples of README.md run and print what they say."""

import contextlib
import io
import os
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def test_readme_example_runs(monkeypatch):
    (block,) = python_blocks(ROOT / "README.md")
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    shape, value = out.getvalue().split(")")
    assert shape == "(8, 10"
    assert abs(float(value) - 1.62596) < 1e-3
