"""Shared fixtures: the repository's reference project, copied when a test edits it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from specgap.config import Project, load_project

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture(autouse=True, scope="session")
def _private_cache_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Builds sign their cache manifest with a per-account key under `$XDG_CACHE_HOME`:
    the test run keeps its own, never the developer's (subprocesses inherit it)."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache-home"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture
def reference() -> Project:
    """The bundled reference project, read in place (do not write through it)."""
    return load_project(ROOT / "specgap.toml")


@pytest.fixture
def project_dir(tmp_path: Path) -> Path:
    """A private copy of the reference project that a test may edit freely."""
    for name in ("fixtures", "registries", "policy"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "specgap.toml", tmp_path / "specgap.toml")
    return tmp_path


@pytest.fixture
def corpus() -> Path:
    """`../shared/corpus`; tests that need it skip where it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    return CORPUS


# Property tests are reproducible: the same examples on every run and every machine.
from hypothesis import settings  # noqa: E402

settings.register_profile("specgap", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("specgap")


# `make test` must stay fast (<= 90 s on two cores) while the suite grows: the tests listed in
# tests/slow_tests.txt (subprocess CLI runs, full rebuilds, fuzzers, ...) are marked `slow`
# and the probe tables listed in tests/table_tests.txt are marked `tables` here, in one place,
# rather than by edits to files other developers are changing. `tryfirst` so the marks are on
# before `-m "not slow and not tables"` deselects.
TIERS = {
    "slow": Path(__file__).with_name("slow_tests.txt"),
    "tables": Path(__file__).with_name("table_tests.txt"),
}


def _listed(path: Path) -> set[str]:
    lines = path.read_text("utf-8").splitlines()
    return {line.split("#", 1)[0].strip() for line in lines} - {""}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    tiers = {mark: _listed(path) for mark, path in TIERS.items()}
    for item in items:
        nodeid = item.nodeid
        function = nodeid.split("[", 1)[0]
        for mark, listed in tiers.items():
            if {nodeid, function, nodeid.split("::", 1)[0]} & listed:
                item.add_marker(getattr(pytest.mark, mark))
