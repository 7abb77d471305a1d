"""`values.select` reads a one-name selector straight from the arguments dict; whatever the
arguments hold, it answers as the general dotted-path `lookup` does."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.irbase import Selector
from specgap.operators.values import lookup, select

ARGS: list[Any] = [
    {"q": "SELECT 1"},
    {"q": ["a", "b"]},
    {"q": []},
    {"q": None},
    {"q": {"nested": 1}},
    {"q": [{"x": 1}, 2]},
    {"other": 1},
    {},
    ["not", "a", "dict"],
    [{"q": 1}, {"q": [2, 3]}, {"r": 4}],
    "text",
    None,
]


@pytest.mark.parametrize("args", ARGS)
@pytest.mark.parametrize("path", ["q", "q.x", "nested"])
def test_one_name_reads_as_the_dotted_lookup(args: Any, path: str) -> None:
    assert select(Selector(arg=path), args) == list(lookup(args, path))


def test_a_list_subclass_fans_out_as_a_list() -> None:
    class Rows(list[int]):
        pass

    args = {"q": Rows([1, 2])}
    assert select(Selector(arg="q"), args) == [1, 2] == list(lookup(args, "q"))
