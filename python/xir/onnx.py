"""ONNX models as xir modules (what ``xir-import-onnx`` prints)."""

import os
from typing import Any, Mapping, Optional, Sequence, Union

from . import _xir
from .ir import Module


def import_model(
    model: Union[str, "os.PathLike[str]", bytes, Any],
    *,
    place: Optional[Mapping[str, str]] = None,
    dims: Optional[Mapping[str, int]] = None,
    bind: Optional[Mapping[str, Union[float, Sequence[float]]]] = None,
    params_as_args: bool = False,
) -> Module:
    """Imports an ONNX model: a path, the serialized bytes, or an
    ``onnx.ModelProto``. ``place`` pins the nodes whose name matches a glob
    to a device (``{"mlp/*": "@gpu"}``); ``dims`` gives symbolic dimensions
    static sizes (``{"batch": 1}``); ``bind`` takes graph inputs as
    constants; ``params_as_args`` makes initializers trailing arguments.
    Unsupported or malformed models raise ``xir.CompileError``."""
    if isinstance(model, (bytes, bytearray, memoryview)):
        data, name = bytes(model), "<bytes>"
    elif isinstance(model, (str, os.PathLike)):
        name = os.fspath(model)
        with open(name, "rb") as f:
            data = f.read()
    elif hasattr(model, "SerializeToString"):
        data, name = model.SerializeToString(), "<onnx.ModelProto>"
    else:
        raise TypeError(
            f"import_model takes a path, bytes or an onnx.ModelProto, not {type(model).__name__}"
        )

    def values(v: Union[float, Sequence[float]]) -> str:
        items = v if isinstance(v, (list, tuple)) else [v]
        return ",".join(str(x) for x in items)

    return _xir.import_model(
        data,
        name,
        [(str(k), str(v)) for k, v in (place or {}).items()],
        [(str(k), int(v)) for k, v in (dims or {}).items()],
        [(str(k), values(v)) for k, v in (bind or {}).items()],
        params_as_args,
    )


__all__ = ["import_model"]
