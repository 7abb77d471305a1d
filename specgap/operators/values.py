"""Reading the values a policy checks out of a tool call's arguments."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

from specgap.events import parse_output as parse_output  # where controls read it too
from specgap.irbase import Selector


class UnreadableValue(ValueError):
    """A checked value the policy cannot read with certainty (SQL that does not parse, or
    parses differently in different engines). The engine counts it as a violation of the
    policy that read it, whatever `on_error` says: input is not an internal error."""


@functools.cache
def _extractors() -> dict[str, Callable[[Any, str | None], list[Any]]]:
    # imported on first use; sqlquick reads the simplest SELECTs without sqlglot (~0.3 s to
    # import), which loads with the first other query
    from specgap.operators import sqlquick

    return {
        "sql_tables": sqlquick.sql_tables,
        "sql_limit": sqlquick.sql_limit,
        "sql_verb": sqlquick.sql_verb,
        "length": _length,
    }


def _length(value: Any, _dialect: str | None) -> list[Any]:
    """A text's length in characters (code points); nothing for a value that is no text,
    which a bound on it then skips as it skips a value that is no number."""
    return [len(value)] if isinstance(value, str) else []


def lookup(args: Any, path: str) -> Iterator[Any]:
    """Values at a dotted path; arrays along the way fan out to every element."""
    current = [args]
    for part in path.split("."):
        nxt: list[Any] = []
        for value in current:
            if isinstance(value, list):
                value = [v.get(part) for v in value if isinstance(v, dict) and part in v]
                nxt.extend(value)
            elif isinstance(value, dict) and part in value:
                nxt.append(value[part])
        current = nxt
    for value in current:
        if isinstance(value, list):
            yield from value
        else:
            yield value


def select(selector: Selector, args: Any) -> list[Any]:
    path = selector.arg
    if type(args) is dict and "." not in path:  # `list(lookup(args, path))` for one name
        if path not in args:
            values = []
        else:
            value = args[path]
            values = list(value) if isinstance(value, list) else [value]
    else:
        values = list(lookup(args, path))
    if selector.extract is None:
        return values
    extract = _extractors()[selector.extract]
    return [item for value in values for item in extract(value, selector.dialect)]


def string_leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from string_leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from string_leaves(item)


def as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "").strip())
        except ValueError:
            return None
    return None
