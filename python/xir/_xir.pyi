"""Type stubs of xir's native module (what xir.ir and xir.runtime re-export)."""

import os
import numpy
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

class Module:
    """A parsed and verified module."""

    @staticmethod
    def parse(text: str, filename: str = "<string>", allow_unregistered_dialect: bool = False) -> "Module":
        """Parses and verifies ``text``; bad text raises ``xir.CompileError``."""
    @staticmethod
    def parse_file(path: Union[str, "os.PathLike[str]"], allow_unregistered_dialect: bool = False) -> "Module":
        """Reads, parses and verifies a file."""
    def print(self, generic: bool = False, debuginfo: bool = False, local_scope: bool = False) -> str:
        """The text, as xopt prints it with ``--mlir-print-op-generic``,
        ``--mlir-print-debuginfo`` and ``--mlir-print-local-scope``."""
    def verify(self) -> None:
        """Raises ``xir.CompileError`` if the module does not verify."""
    def walk(self) -> List["Operation"]:
        """Every op, the module first, in pre-order."""
    def _source(self) -> Tuple[str, str]: ...

class Operation:
    """A read-only snapshot of one op."""

    @property
    def name(self) -> str: ...
    @property
    def attributes(self) -> Dict[str, str]:
        """Attribute name → printed value."""
    @property
    def location(self) -> str:
        """``loc(...)`` as the printer writes it."""
    @property
    def operand_types(self) -> List[str]: ...
    @property
    def result_types(self) -> List[str]: ...
    @property
    def regions(self) -> int: ...

class PassManager:
    """A pass pipeline in mlir-opt's ``--pass-pipeline`` syntax."""

    @staticmethod
    def parse(pipeline_text: str) -> "PassManager":
        """A bad pipeline raises ``xir.CompileError``."""
    def run(self, module: Module) -> None:
        """Runs in place; on failure raises ``xir.CompileError`` and leaves
        the module as it was."""

class Buffer:
    """A result tensor in the runtime's memory; numpy wraps it without a copy."""

    @property
    def __array_struct__(self) -> Any:
        """numpy's array interface (C side): a capsule."""
    @property
    def data_ptr(self) -> int: ...

class Executable:
    def call(self, name: str, *args: Any) -> List["numpy.ndarray"]: ...
    @property
    def functions(self) -> List[str]: ...
    def signature(self, name: str) -> List[str]: ...
    @property
    def devices(self) -> List[Dict[str, Any]]: ...

def compile(
    text: str, name: str, target_devices: Sequence[str], device_plan: str, devices: Sequence[str]
) -> Executable: ...
def devices() -> List[Dict[str, Any]]: ...
def import_model(
    data: bytes,
    name: str,
    place: Sequence[Tuple[str, str]],
    dims: Sequence[Tuple[str, int]],
    bind: Sequence[Tuple[str, str]],
    params_as_args: bool,
) -> Module: ...
def compile_model(
    path: Optional[str],
    data: Optional[bytes],
    name: str,
    place: Sequence[Tuple[str, str]],
    dims: Sequence[Tuple[str, int]],
    bind: Sequence[Tuple[str, str]],
    target_devices: Sequence[str],
    device_plan: str,
    devices: Sequence[str],
) -> Executable: ...
def _panic_for_test() -> None: ...
