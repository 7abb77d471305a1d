"""Every module imports on its own, in a fresh interpreter: no module works only because
another one happened to be imported first (`specgap.controls.evaluate` once failed alone on
a cycle through the operator package, and passed in the suite by collection order)."""

from __future__ import annotations

import pkgutil
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


@pytest.mark.slow
def test_every_module_imports_alone() -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        failed = [(n, err) for n, rc, err in pool.map(_import_alone, _modules()) if rc != 0]
    assert not failed, "\n\n".join(f"{n}:\n{err}" for n, err in failed)


def test_the_module_list_is_the_package() -> None:
    names = _modules()
    assert "specgap.controls.evaluate" in names
    assert "specgap.operators.values" in names
