"""Names imported on first use, so `specgap --help` does not load the whole compiler.

`lazy("specgap.api", "build")` stands for `specgap.api.build`: calling it, or reading an
attribute of it (`ExitCode.OK`, `Diagnostic.sort_key`), imports the module then. A module
binds such names at run time only, with the real import under `TYPE_CHECKING` for mypy.
Exceptions cannot be lazy (an `except` clause needs the class itself): import those where
they are caught.
"""

from __future__ import annotations

import importlib
from typing import Any


class lazy:
    __slots__ = ("_module", "_name", "_target")

    def __init__(self, module: str, name: str) -> None:
        self._module = module
        self._name = name
        self._target: Any = None

    def _resolve(self) -> Any:
        if self._target is None:
            self._target = getattr(importlib.import_module(self._module), self._name)
        return self._target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._resolve()(*args, **kwargs)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._resolve(), attribute)

    def __repr__(self) -> str:
        return f"lazy({self._module}.{self._name})"
