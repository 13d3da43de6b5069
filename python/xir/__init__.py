"""xir: an MLIR-style multi-device compiler, from Python.

    m = xir.ir.Module.parse(text)
    exe = xir.compile(m, target_devices={"cpu": "local"})
    outs = exe.main(x, y)
"""

from . import ir, onnx, runtime
from ._errors import CompileError, Diagnostic, RuntimeError
from .runtime import Executable, compile

__all__ = [
    "CompileError",
    "Diagnostic",
    "Executable",
    "RuntimeError",
    "compile",
    "ir",
    "onnx",
    "runtime",
]
