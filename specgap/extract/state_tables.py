"""A Markdown table of states and the actions each allows:

```
| Order status | Allowed actions      |
|--------------|----------------------|
| pending      | cancel, modify items |
| delivered    | return items         |
```

reads as one `state_condition` per action: the action is allowed only in the states whose
row lists it (`cancel order`: `pending`). A column of actions that are *not* allowed
("Forbidden actions", "Not allowed") denies them in its rows instead. A matrix with one
column per action and yes/no cells reads the same way. The field is the state column's
word (`status`), the entity the word before it or, failing that, the last noun of the
section heading ("What can be done with an order").

Only a table whose header names both a state column and an action column is read; any
other table states nothing here.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import lemma, singular, split_words
from specgap.extract.state_words import STATE_FIELDS

__all__ = ["is_state_header", "status_table"]

_ACTIONS = re.compile(r"\b(?:actions?|operations?|allowed|permitted|possible|can|may)\b", re.I)
_NEGATIVE = re.compile(r"\b(?:not|never|no|forbidden|disallowed|blocked|prohibited)\b", re.I)
_YES = frozenset({"yes", "y", "allowed", "permitted", "ok", "✓", "✔", "x", "true"})
_NO = frozenset({"no", "n", "not allowed", "forbidden", "—", "-", "✗", "✘", "false", ""})


def _cells(line: str) -> list[str]:
    return [c.strip().strip("`*_ ") for c in line.strip().strip("|").split("|")]


def _rows(text: str) -> list[list[str]]:
    lines = [ln for ln in text.splitlines() if ln.strip().startswith("|")]
    rows = [_cells(ln) for ln in lines]
    return [r for r in rows if not all(re.fullmatch(r":?-{2,}:?", c) for c in r if c)]


# words of a heading that name no entity ("Changes by status", "What can be done")
_NOT_ENTITY = frozenset(
    split_words(
        "change changes action actions rule rules policy policies overview table summary what "
        "which allowed permitted by per of for and the a an to in on with can be done may when how"
    )
)


def _entity(header: str, context: str) -> str | None:
    words = re.findall(r"[A-Za-z][\w-]*", header.casefold())
    if len(words) > 1:
        return singular(words[-2])
    nouns = [
        w
        for w in re.findall(r"[A-Za-z][\w-]*", context.casefold())
        if w not in STATE_FIELDS and w not in _NOT_ENTITY
    ]
    return singular(nouns[-1]) if nouns else None


_ABLE = re.compile(r"^(?:can|may|could)\s+(?:be\s+)?|^(?:is|are)\s+|^allowed\s+to\s+", re.I)


def _yes_no(body: list[list[str]], col: int) -> bool:
    """Every cell of the column is a yes or a no."""
    cells = [r[col].casefold().strip() for r in body if col < len(r)]
    return bool(cells) and all(c in _YES or c in _NO for c in cells)


def _items(cell: str) -> list[str]:
    parts = re.split(r"\s*(?:,|;|/|\band\b|\bor\b)\s*", cell.casefold())
    return [" ".join(p.split()) for p in parts if p.strip() and p.strip() not in _NO]


def _action(item: str, entity: str | None) -> str | None:
    words = item.split()
    if not words or lemma(words[0]) not in IMPERATIVE_VERBS:
        return None
    verb = lemma(words[0])
    return " ".join([verb, *words[1:]]) if len(words) > 1 else f"{verb} {entity or ''}".strip()


def is_state_header(header: list[str]) -> bool:
    """A table whose header names a state column (`Order status`): read whole, here."""
    return any(set(re.findall(r"[a-z]+", h.casefold())) & STATE_FIELDS for h in header)


def status_table(text: str, context: str = "") -> list[Emit]:
    """The `state_condition`s a table of states and actions states (module docstring)."""
    rows = _rows(text)
    if len(rows) < 2:
        return []
    header, body = rows[0], rows[1:]
    state_col = next(
        (
            i
            for i, h in enumerate(header)
            if set(re.findall(r"[a-z]+", h.casefold())) & STATE_FIELDS
        ),
        None,
    )
    if state_col is None:
        return []
    field = next(
        w for w in re.findall(r"[a-z]+", header[state_col].casefold()) if w in STATE_FIELDS
    )
    entity = _entity(header[state_col], context)
    allowed: dict[str, list[str]] = {}
    denied: dict[str, list[str]] = {}
    for col, title in enumerate(header):
        if col == state_col:
            continue
        title = title.strip(" ?:")  # "| Can book? |": the question's words
        listed = _ACTIONS.search(title) is not None
        matrix = _action(title.casefold(), entity)
        able = _action(_ABLE.sub("", title.casefold().strip()), entity)
        if able is not None and _yes_no(body, col):  # "| Can be moved |" over yes / no
            listed, matrix = False, able
        if not listed and matrix is None:
            continue
        for row in body:
            if col >= len(row) or state_col >= len(row) or not row[state_col]:
                continue
            state = row[state_col].casefold()
            if listed:
                into = denied if _NEGATIVE.search(title) else allowed
                for item in _items(row[col]):
                    action = _action(item, entity)
                    if action is not None:
                        into.setdefault(action, []).append(state)
            elif matrix is not None:
                cell = row[col].casefold().strip()
                if cell in _YES:
                    allowed.setdefault(matrix, []).append(state)
                elif cell in _NO:
                    allowed.setdefault(matrix, [])
    out: list[Emit] = []
    for side, table in (("allowed", allowed), ("denied", denied)):
        for action, states in table.items():
            if not states:
                continue  # never allowed in any row: a ban, not a state (left to review)
            params: dict[str, Any] = {"field": field, side: list(dict.fromkeys(states))}
            if entity:
                params["entity"] = entity
            out.append(Emit("state_condition", action, params, 0.7))
    return out
