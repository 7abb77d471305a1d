"""Reading the values a policy checks out of a tool call's arguments."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from specgap.ir import Selector

_STRING_OR_COMMENT = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|/\*.*?\*/", re.S)
_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([A-Za-z_][\w.$]*)", re.I)
_CTE = re.compile(r"(?:\bWITH(?:\s+RECURSIVE)?|,)\s*([A-Za-z_]\w*)\s+AS\s*\(", re.I)
_LIMIT = re.compile(r"\b(?:LIMIT|TOP|FETCH\s+FIRST)\s+\(?(\d+)", re.I)
_KEYWORD = re.compile(r"\b[A-Za-z]+\b")
_VERBS = "SELECT INSERT UPDATE DELETE DROP TRUNCATE ALTER CREATE GRANT REVOKE MERGE REPLACE RENAME "
SQL_VERBS = frozenset((_VERBS + "COPY CALL EXEC EXECUTE ATTACH DETACH VACUUM").split())


@functools.lru_cache(maxsize=4096)
def _parse_sql(query: str) -> tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
    """Tables, LIMITs and statement keywords of a query, outside literals and comments.

    Cached: several policies read the same query of the same call, and traces repeat
    queries; the parse is the dominant cost of checking a SQL call.
    """
    code = _STRING_OR_COMMENT.sub(" ", query)
    ctes = {name.casefold() for name in _CTE.findall(code)}
    named = (t.rsplit(".", 1)[-1] for t in _TABLE.findall(code))
    tables = tuple(t for t in named if t.casefold() not in ctes)
    limits = tuple(int(n) for n in _LIMIT.findall(code))
    words = {w.upper() for w in _KEYWORD.findall(code)}
    return tables, limits, tuple(sorted(words & SQL_VERBS))


def sql_tables(value: Any) -> list[Any]:
    return list(_parse_sql(value)[0]) if isinstance(value, str) else []


def sql_limit(value: Any) -> list[Any]:
    return list(_parse_sql(value)[1]) if isinstance(value, str) else []


def sql_verb(value: Any) -> list[Any]:
    return list(_parse_sql(value)[2]) if isinstance(value, str) else []


EXTRACTORS: dict[str, Callable[[Any], list[Any]]] = {
    "sql_tables": sql_tables,
    "sql_limit": sql_limit,
    "sql_verb": sql_verb,
}


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
    values = list(lookup(args, selector.arg))
    if selector.extract is None:
        return values
    extract = EXTRACTORS[selector.extract]
    return [item for value in values for item in extract(value)]


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


def parse_output(result: Any) -> Any:
    """Tool outputs are often JSON text; read them as JSON when they are."""
    if isinstance(result, str) and result.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(result)
        except ValueError:
            return result
    return result
