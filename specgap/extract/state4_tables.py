"""A table row that names an action and the state in which it is refused:

```
| Action          | Check with  | Refuse when            |
|-----------------|-------------|------------------------|
| `retire_vault`  | `get_vault` | `status` is `sealed`   |
| Share a vault   | `get_vault` | `tier` is not `public` |
| `remove_sample` | `get_vault` | never                  |
```

The row also reads as one more sentence, "Never call `retire_vault` when the vault's
`status` is `sealed`.", which the rule grammar reads as a `state_condition` (the resolver then
binds the field to what the readers return, or keeps the rule `review_only` with its note).
The refusal column is a header that refuses, blocks or denies (`refuse`, `reject`, `deny`,
`block`, `not allowed`, `forbidden`, `do not call`, `stop`) followed by `when`, `if`,
`while` or `on`; an "allowed only when" column gives "Call X only when ...". The entity is
the one the row's read tool names (`get_vault` -> `vault`, from a column that names a tool),
and only when the condition starts with its field; a cell that says no state ("never",
"-", "n/a", "none") gives nothing. The row's own sentence is read as before, so its other
columns (a tool to call first, a confirmation) keep their readings.
"""

from __future__ import annotations

import re

from specgap.extract.state3_respell import tool_noun
from specgap.extract.state6_tables import valued

__all__ = ["refusal_rows"]

_REFUSE = re.compile(
    r"\b(?:refuse[sd]?|reject(?:ed)?|den(?:y|ied)|block(?:ed|s)?|decline[sd]?|forbidden|"
    r"prohibited|disallowed|not\s+(?:allowed|permitted|possible)|(?:do\s+not|don't|never)\s+"
    r"(?:call|run|use|do)|stop|halt|unavailable)\s+(?:(?:it\s+)?(?:when|if|while|on|for)|"
    r"whenever|in\s+case)\b",
    re.I,
)
_ONLY = re.compile(
    r"\b(?:allowed|permitted|possible|available|ok|okay)\s+only\s+(?:when|if|while)\b|"
    r"^\s*only\s+(?:when|if|while)\b|^\s*(?:allowed|permitted)\s+(?:when|if|while)\s*$|"
    r"^\s*(?:allowed|permitted)\s+(?:when|if|while)\s+(?:the\s+|its\s+)?`?[A-Za-z][\w-]*`?\s+"
    r"(?:is|are|in|equals)\s*:?\s*$",  # "allowed when status is" (`state6_tables`)
    re.I,
)
_ACTION = re.compile(r"^(?:actions?|operations?|tools?|calls?|requests?|tasks?|changes?)$", re.I)
_NOTHING = re.compile(
    r"^\s*(?:never|no|none|n/?a|-+|—|–|always\s+allowed|nothing)?\s*\.?\s*$", re.I
)
_TOOL = re.compile(
    r"^\s*(?:`(?P<id>[A-Za-z][\w.:-]*)`|(?P<bare>[A-Za-z][a-z0-9]*(?:(?:_{1,2}|\.|-)[A-Za-z0-9]+)+"
    r"|[a-z]+[A-Z][A-Za-z0-9]*)\s*$)"  # a cell that is a bare id (`state5`)
)
# a condition that starts with a bare field: "`status` is ...", "legal_hold is true"
_FIELD_FIRST = re.compile(r"^\s*`?[A-Za-z][\w-]*`?\s+(?:is|are|equals|=)\b", re.I)
_SAID = re.compile(r"\bis\s+anything\s+(?:but|other\s+than|except)\b", re.I)

Cells = list[tuple[str, int, int]]


def _column(header: list[str], pattern: re.Pattern[str]) -> int | None:
    found = [i for i, h in enumerate(header) if pattern.search(h.strip("*_` "))]
    return found[0] if len(found) == 1 else None


def _reader(cells: Cells, skip: set[int]) -> str | None:
    """The entity the row's read tool names (`get_vault` -> `vault`), from any other cell
    that is a tool id."""
    for content, _, column in cells:
        m = _TOOL.match(content)
        if column not in skip and m is not None:
            noun = tool_noun(m["id"] or m["bare"])
            if noun is not None:
                return noun
    return None


def refusal_rows(cells: Cells, header: list[str]) -> list[tuple[str, list[int]]]:
    """The sentence a row of such a table states (module docstring), with its offsets, or
    nothing when the table or the row is no such thing."""
    refuse = _column(header, _REFUSE)
    only = _column(header, _ONLY) if refuse is None else None
    state = refuse if refuse is not None else only
    if state is None:
        return []
    action = _column(header, _ACTION)
    action = 0 if action is None and state != 0 else action
    by_column = {column: (content, at) for content, at, column in cells}
    if action is None or action == state or action not in by_column or state not in by_column:
        return []
    (what, wat), (cond, cat) = by_column[action], by_column[state]
    if _NOTHING.match(cond) or not what.strip() or cat < wat:
        return []
    tool = _TOOL.match(what)
    if tool is not None:
        done = f"call `{tool['id'] or tool['bare']}`"
        placed = [wat] * len("call ") + list(range(wat, wat + len(done) - len("call ")))
    else:
        done = what.strip()[:1].lower() + what.strip()[1:]
        at = wat + what.find(what.strip())
        placed = list(range(at, at + len(done)))
    entity = _reader(cells, {action, state})
    cond_text = _SAID.sub("is not", cond.strip().rstrip("."))
    lead = f"the {entity}'s " if entity and _FIELD_FIRST.match(cond_text) else ""
    if (field := valued(header[state], cond_text)) is not None:  # "| allowed when status is |"
        cond_text, lead = field, ""
    if refuse is not None:
        head, joint = "Never ", f" when {lead}"
    else:
        head, joint = "Only ", f" when {lead}"
    chars = head + done + joint + cond_text + "."
    offsets = [wat] * len(head) + placed + [cat] * len(joint)
    offsets += [cat + min(i, len(cond) - 1) for i in range(len(cond_text))]
    offsets += [cat + len(cond)]
    offsets.append(cat + len(cond))
    return [(chars, offsets)]
