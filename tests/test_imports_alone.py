"""Every module imports on its own, in a fresh interpreter: no module works only because
another one happened to be imported first (`specgap.controls.evaluate` once failed alone on
a cycle through the operator package, and passed in the suite by collection order)."""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import specgap


def _modules() -> list[str]:
    return sorted(
        m.name
        for m in pkgutil.walk_packages(specgap.__path__, "specgap.")
        if not m.name.endswith("__main__")
    )


def _import_alone(name: str) -> tuple[str, int, str]:
    done = subprocess.run(
        [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, check=False
    )
    return name, done.returncode, done.stderr.strip().splitlines()[-1:] and done.stderr


# The top-level packages of the optional run-time extras (pyproject's `mcp`, `langchain`,
# `openai-agents`): .ci/run installs them where it can, and a module that needs one which is
# not installed is left out, not failed (an optional install that fails makes its tests skip).
_OPTIONAL = frozenset({"mcp", "langchain", "langchain_core", "agents"})
_MISSING = re.compile(r"ModuleNotFoundError: No module named '([\w.]+)'\s*$")


def _needs_an_absent_extra(name: str, err: str) -> bool:
    missing = _MISSING.search(err)
    return (
        name.startswith("specgap.integrations.")
        and missing is not None
        and missing.group(1).split(".")[0] in _OPTIONAL
    )


@pytest.mark.slow
def test_every_module_imports_alone() -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(_import_alone, _modules()))
    failed = [(n, err) for n, rc, err in done if rc != 0 and not _needs_an_absent_extra(n, err)]
    assert not failed, "\n\n".join(f"{n}:\n{err}" for n, err in failed)


def test_a_missing_extra_is_told_from_a_missing_core_dependency() -> None:
    extra = "Traceback ...\nModuleNotFoundError: No module named 'langchain_core'\n"
    core = "Traceback ...\nModuleNotFoundError: No module named 'rapidfuzz'\n"
    assert _needs_an_absent_extra("specgap.integrations.langchain", extra)
    assert not _needs_an_absent_extra("specgap.integrations.langchain", core)
    assert not _needs_an_absent_extra("specgap.resolve.resolver", extra)


def test_the_module_list_is_the_package() -> None:
    names = _modules()
    assert "specgap.controls.evaluate" in names
    assert "specgap.operators.values" in names
