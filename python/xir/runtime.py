"""Compiling and running: ``xir.compile`` and the executables it returns.

Inputs that are C-contiguous, aligned numpy arrays reach the kernels without
a copy; results are numpy arrays over the runtime's buffers, also without a
copy (their ``base`` is an ``xir.runtime.Buffer``)."""

import functools
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from . import _xir
from .ir import Module

Buffer = _xir.Buffer


def _source(program: Union[Module, str, "os.PathLike[str]"]) -> "tuple[str, str]":
    if isinstance(program, Module):
        name, text = program._source()
        return text, name
    if isinstance(program, os.PathLike) or (
        isinstance(program, str) and "\n" not in program and os.path.isfile(program)
    ):
        name = os.fspath(program)
        with open(name, encoding="utf-8", errors="surrogateescape") as f:
            return f.read(), name
    if isinstance(program, str):
        return program, "<string>"
    raise TypeError(
        f"compile takes an xir.ir.Module, program text or a path, not {type(program).__name__}"
    )


class Executable:
    """A compiled program: ``exe.call("main", x, y)`` or ``exe.main(x, y)``."""

    def __init__(self, native: "_xir.Executable") -> None:
        self._native = native

    def call(self, function: str, *args: Any) -> List[np.ndarray]:
        """Calls a public function with numpy arrays (C-contiguous, aligned
        ones are read in place; others are copied; lists and numbers become
        arrays of the parameter's element type). Returns its results as numpy
        arrays over the runtime's buffers."""
        return self._native.call(function, *args)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in self._native.functions:
            raise AttributeError(
                f"the program has no public function @{name} "
                f"(it has {', '.join('@' + f for f in self._native.functions) or 'none'})"
            )
        bound = functools.partial(self._native.call, name)
        setattr(self, name, bound)  # later lookups skip __getattr__
        return bound

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._native.functions))

    @property
    def functions(self) -> List[str]:
        """The public functions' names."""
        return self._native.functions

    def signature(self, function: str) -> List[str]:
        """The parameter types of a function, as the IR spells them."""
        return self._native.signature(function)

    @property
    def devices(self) -> List[Dict[str, Any]]:
        """The devices the program runs on."""
        return self._native.devices

    def __repr__(self) -> str:
        return f"<xir.runtime.Executable: {', '.join('@' + f for f in self.functions)}>"


def compile(
    program: Union[Module, str, "os.PathLike[str]"],
    *,
    target_devices: Optional[Mapping[str, str]] = None,
    device_plan: str = "",
    devices: Optional[Sequence[str]] = None,
) -> Executable:
    """Compiles a graph-level (or runs a hal-level) program: an
    ``xir.ir.Module``, its text, or a path. ``target_devices`` maps each
    device name of the program to its target kinds (``{"cpu": "local",
    "gpu": "vulkan,local"}``, xopt's ``--target-device``); ``device_plan``
    is ``--device-plan``'s option text (``"auto-transfer=true"``);
    ``devices`` names the devices to open (xrun's ``--device``: ``local``,
    ``vulkan://0``); by default, those the program asks for."""
    text, name = _source(program)
    targets = [f"{k}={v}" for k, v in (target_devices or {}).items()]
    return Executable(_xir.compile(text, name, targets, device_plan, list(devices or [])))


def devices() -> List[Dict[str, Any]]:
    """Every device of every driver, as ``xrun --print-devices`` lists them."""
    return _xir.devices()


__all__ = ["Buffer", "Executable", "compile", "devices"]
