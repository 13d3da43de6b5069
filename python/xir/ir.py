"""Modules, ops and pass managers (MLIR's ``mlir.ir`` / ``mlir.passmanager``).

    m = Module.parse(text)                 # bad text: xir.CompileError
    str(m)                                 # the custom form, as xopt prints it
    m.print(generic=True)                  # as xopt --mlir-print-op-generic
    m.verify()
    for op in m.walk(): op.name, op.attributes, op.location
    PassManager.parse("builtin.module(canonicalize,cse)").run(m)
"""

from ._xir import Module, Operation, PassManager

__all__ = ["Module", "Operation", "PassManager"]
