"""`tests/slow_tests.txt` names only tests that exist: an entry left behind by a rename or a
move would silently put nothing in the slow tier and leave the renamed test in `make test`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
LINES = (TESTS / "slow_tests.txt").read_text("utf-8").splitlines()
ENTRIES = [line.split("#", 1)[0].strip() for line in LINES if line.split("#", 1)[0].strip()]


def test_the_list_has_no_duplicates() -> None:
    assert len(set(ENTRIES)) == len(ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES)
def test_each_entry_names_a_test_file_and_function(entry: str) -> None:
    path, _, rest = entry.partition("::")
    source = ROOT / path
    assert source.is_file(), f"no test file {path}"
    assert source.name.startswith("test_"), f"{path} is not a test file"
    if rest:
        function = rest.split("[", 1)[0]
        text = source.read_text("utf-8")
        assert re.search(rf"^def {re.escape(function)}\(", text, re.M), f"no {function} in {path}"
