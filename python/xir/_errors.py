"""The exceptions xir raises."""

import builtins
from typing import List, Optional


class Diagnostic:
    """One diagnostic: a message at a source location, with its notes."""

    __slots__ = ("message", "severity", "file", "line", "column", "notes")

    def __init__(
        self,
        message: str,
        severity: str,
        file: Optional[str],
        line: Optional[int],
        column: Optional[int],
        notes: "List[Diagnostic]",
    ) -> None:
        self.message = message
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.notes = notes

    def __repr__(self) -> str:
        at = f"{self.file}:{self.line}:{self.column}" if self.file is not None else "<unknown>"
        return f"<xir.Diagnostic {self.severity} at {at}: {self.message!r}>"


class CompileError(Exception):
    """Bad text, a verifier or pass failure, a bad pipeline or model.

    ``str()`` gives the diagnostics exactly as xopt prints them;
    ``diagnostics`` holds them as `Diagnostic` objects."""

    def __init__(self, text: str, diagnostics: "List[Diagnostic]" = ()) -> None:
        super().__init__(text)
        self.diagnostics = list(diagnostics)

    def __str__(self) -> str:
        return self.args[0]


class RuntimeError(builtins.RuntimeError):
    """A run that cannot happen or fails: wrong inputs, a failing kernel, a
    device that cannot open."""
