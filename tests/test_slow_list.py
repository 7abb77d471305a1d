"""`tests/slow_tests.txt` and `tests/table_tests.txt` name only tests that exist: an entry left
behind by a rename or a move would silently put nothing in its tier and leave the renamed test
in `make test`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
LISTS = ("slow_tests.txt", "table_tests.txt")


def _entries(name: str) -> list[str]:
    lines = (TESTS / name).read_text("utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def _missing(entry: str) -> str | None:
    """Why the entry names no test file and function, or None."""
    path, _, rest = entry.partition("::")
    source = ROOT / path
    if not source.is_file():
        return f"no test file {path}"
    if not source.name.startswith("test_"):
        return f"{path} is not a test file"
    function = rest.split("[", 1)[0]
    text = source.read_text("utf-8")
    if function and not re.search(rf"^def {re.escape(function)}\(", text, re.M):
        return f"no {function} in {path}"
    return None


@pytest.mark.parametrize("name", LISTS)
def test_the_list_has_no_duplicates(name: str) -> None:
    entries = _entries(name)
    assert entries
    assert len(set(entries)) == len(entries)


@pytest.mark.parametrize("name", LISTS)
def test_each_entry_names_a_test_file_and_function(name: str) -> None:
    problems = [f"{entry}: {why}" for entry in _entries(name) if (why := _missing(entry))]
    assert not problems, problems


def test_no_entry_is_in_both_lists() -> None:
    # a slow test inside a table file is fine: `make test-tables` runs "tables and not slow"
    slow, tables = (set(_entries(name)) for name in LISTS)
    assert not slow & tables


def test_a_missing_entry_is_caught() -> None:
    assert _missing("tests/test_nothing_here.py") == "no test file tests/test_nothing_here.py"
    assert _missing("tests/test_slow_list.py::test_nothing") == (
        "no test_nothing in tests/test_slow_list.py"
    )
