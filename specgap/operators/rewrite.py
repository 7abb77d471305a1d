"""Small, pure rewrites of traces and tool-call arguments, shared by the mutators.

Nothing here mutates its input: every function returns new tuples, dicts and events, so a
safe trace can be mutated many times over. Mutators live beside their operators; this
module only knows how to put a value where a `Selector` reads it, including inside SQL
text (tables, row limits, statement verbs, rewritten through the parser), so a mutator can
say "make the selected value X" without knowing how the value is carried.
"""

from __future__ import annotations

import copy
import fnmatch
from collections.abc import Sequence
from typing import Any

from specgap.events import Event, ToolCall
from specgap.irbase import Selector

MUTANT_ORIGIN = "mutant"  # origin of events a mutator synthesises (no file to point back to)

_VERB_TEMPLATES = {
    "DELETE": "DELETE FROM {table}",
    "DROP": "DROP TABLE {table}",
    "TRUNCATE": "TRUNCATE TABLE {table}",
    "UPDATE": "UPDATE {table} SET id = id",
    "INSERT": "INSERT INTO {table} DEFAULT VALUES",
    "ALTER": "ALTER TABLE {table} ADD COLUMN specgap_mutant int",
    "CREATE": "CREATE TABLE {table}_copy AS SELECT * FROM {table}",
    "GRANT": "GRANT ALL ON {table} TO PUBLIC",
    "REVOKE": "REVOKE ALL ON {table} FROM PUBLIC",
}


def is_call_to(event: Event, target: str) -> bool:
    """Whether `event` is a tool call the policy target (an id or a glob) applies to."""
    if not isinstance(event, ToolCall) or event.tool is None:
        return False
    if any(ch in target for ch in "*?["):
        return fnmatch.fnmatchcase(event.tool, target)
    return event.tool == target


def calls_to(events: Sequence[Event], target: str) -> list[int]:
    """Indices of the calls `target` applies to, in trace order."""
    return [i for i, event in enumerate(events) if is_call_to(event, target)]


def replace_at(events: Sequence[Event], index: int, event: Event) -> tuple[Event, ...]:
    return (*events[:index], event, *events[index + 1 :])


def insert_at(events: Sequence[Event], index: int, event: Event) -> tuple[Event, ...]:
    return (*events[:index], event, *events[index:])


def without(events: Sequence[Event], indices: set[int]) -> tuple[Event, ...]:
    return tuple(e for i, e in enumerate(events) if i not in indices)


def with_args(call: ToolCall, args: dict[str, Any]) -> ToolCall:
    return call.model_copy(update={"args": args})


def set_path(args: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of `args` with `value` at a dotted path; missing objects along it are created,
    arrays along it get the value in each of their objects (as `lookup` reads them)."""
    out = copy.deepcopy(args)
    _set(out, path.split("."), value)
    return out


def _set(node: Any, parts: list[str], value: Any) -> None:
    head, rest = parts[0], parts[1:]
    if isinstance(node, list):
        for item in node:
            if isinstance(item, dict):
                _set(item, parts, value)
        return
    if not isinstance(node, dict):
        return
    if not rest:
        node[head] = value
        return
    child = node.get(head)
    if not isinstance(child, dict | list):
        child = node[head] = {}
    _set(child, rest, value)


def first_string(args: dict[str, Any], path: str) -> str | None:
    node: Any = args
    for part in path.split("."):
        if isinstance(node, list):
            node = next((v.get(part) for v in node if isinstance(v, dict) and part in v), None)
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            return None
    if isinstance(node, list):
        node = next((v for v in node if isinstance(v, str)), None)
    return node if isinstance(node, str) else None


def put_selected(selector: Selector, args: dict[str, Any], value: Any) -> dict[str, Any] | None:
    """A copy of `args` in which what `selector` reads is `value` (for SQL extracts: the
    first table, every row limit, or the statement), or None when that cannot be done."""
    if selector.extract is None:
        return set_path(args, selector.arg, value)
    if selector.extract == "length":  # a text of that many characters
        return set_path(args, selector.arg, "x" * max(int(value), 0))
    sql = first_string(args, selector.arg)
    if sql is None:
        return None
    dialect = selector.dialect
    if selector.extract == "sql_tables":
        rewritten = sql_replace_table(sql, str(value), dialect)
    elif selector.extract == "sql_limit":
        rewritten = sql_set_limit(sql, int(value), dialect)
    else:
        rewritten = sql_with_verb(sql, str(value), dialect)
    return None if rewritten is None else set_path(args, selector.arg, rewritten)


# The SQL rewrites read and write through the parser (`sqlfacets`), imported on first use.


def sql_replace_table(sql: str, table: str, dialect: str | None = None) -> str | None:
    """Every reference to the first real (non-CTE) table becomes `table`; None when the
    query cannot be read or names no table."""
    from specgap.operators.sqlfacets import replace_table

    return replace_table(sql, table, dialect)


def sql_set_limit(sql: str, limit: int, dialect: str | None = None) -> str | None:
    """Every query statement's row cap becomes `LIMIT limit`; None when the query cannot be
    read or has no query statement."""
    from specgap.operators.sqlfacets import set_limit

    return set_limit(sql, limit, dialect)


def sql_with_verb(sql: str, verb: str, dialect: str | None = None) -> str:
    """A statement of kind `verb` over the first table the original statement reads."""
    from specgap.operators.sqlfacets import tables_in

    tables = tables_in(sql, dialect)
    table = tables[0] if tables else "specgap_mutant"
    template = _VERB_TEMPLATES.get(verb.upper(), verb.upper() + " {table}")
    return template.format(table=table)


def outside(value: Any, allowed: Sequence[str]) -> str:
    """A value close to `value` that is not in `allowed` (compared case-insensitively)."""
    taken = {a.casefold() for a in allowed}
    stem = str(value) if value not in (None, "") else (allowed[0] if allowed else "value")
    candidate = f"{stem}_unlisted"
    n = 2
    while candidate.casefold() in taken:
        candidate = f"{stem}_unlisted{n}"
        n += 1
    return candidate


def just_over(bound: float) -> int | float:
    """The smallest "obviously over" number for a bound: +1, kept integral when it is."""
    return int(bound) + 1 if float(bound).is_integer() else bound + 1


def just_under(bound: float) -> int | float:
    return int(bound) - 1 if float(bound).is_integer() else bound - 1
