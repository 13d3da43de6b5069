"""Shared fixtures: the repository, and xopt/xrun (the oracles the package
is compared with). A missing tool is a failure, never a skip."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _tool(name: str) -> str:
    env = os.environ.get(f"XIR_{name.upper()}")
    if env:
        return env
    for profile in ("debug", "release"):
        p = ROOT / "target" / profile / name
        if p.exists():
            return str(p)
    raise RuntimeError(f"{name} is not built: run `cargo build -p {name}` (or set XIR_{name.upper()})")


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def xopt():
    tool = _tool("xopt")

    def run(*args: str, input: str = None):
        return subprocess.run([tool, *args], input=input, capture_output=True, text=True)

    return run


@pytest.fixture(scope="session")
def xrun():
    tool = _tool("xrun")

    def run(*args: str):
        return subprocess.run([tool, *args], capture_output=True, text=True)

    return run
