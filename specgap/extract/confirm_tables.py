"""A Markdown table that says which actions need the user's confirmation:

    | Action           | Confirmation |
    |------------------|--------------|
    | Cancel a booking | Yes          |
    | Look up a member | No           |

The table is one paragraph to the sentence splitter. `confirmation_rows` reads a table whose
header names an action column (`action`, `operation`, `request`, `task`, `tool`) and a
confirmation column (`confirmation`, `confirm?`, `needs confirmation`, `user consent`,
`explicit yes`) and gives, for each row whose confirmation cell says yes ("yes", "required",
"always", a tick), the sentence "Get the user's explicit confirmation before you <action>.",
which the grammar reads as `require_confirmation` on the action's tool. A row that says no
states no rule and gives nothing; a row whose cell says anything else (a condition, "only
above $50") is given as it was, to be read or noted on its own. The words added to a row
sit where the row starts, so the rule cites the row.
"""

from __future__ import annotations

import re

from specgap.extract.segments import Sentence
from specgap.extract.value_tables import _RULE, _cells, _spans

__all__ = ["confirmation_rows", "is_confirmation_header"]

_ACTION = re.compile(r"^(?:actions?|operations?|requests?|tasks?|tools?|changes?)$", re.I)
_CONFIRM = re.compile(
    r"^(?:(?:needs?|requires?|user|customer|member|explicit)\s+)?(?:confirmation|consent|"
    r"confirm|confirmed|explicit\s+yes)(?:\s+(?:needed|required|first))?\??$",
    re.I,
)
_YES = frozenset({"yes", "y", "required", "always", "✓", "✔", "x", "true", "mandatory"})
_NO = frozenset({"no", "n", "never", "not required", "—", "-", "✗", "✘", "false", "none", ""})


def is_confirmation_header(header: list[str]) -> bool:
    """A header naming one action column and one confirmation column: the table is read
    whole, here."""
    cells = [c.strip().strip("*_` ") for c in header]
    return sum(bool(_ACTION.match(c)) for c in cells) == 1 and (
        sum(bool(_CONFIRM.match(c)) for c in cells) == 1
    )


def confirmation_rows(sentence: Sentence) -> list[Sentence] | None:
    """The rows of a table of actions and their confirmation (module docstring), each a
    sentence (a yes row reworded, any other row but a no as it was), or None when the
    sentence is no such table."""
    lines = sentence.text.split("\n")
    if len(lines) < 3 or "|" not in lines[0] or not _RULE.match(lines[1]):
        return None
    header = [c.strip().strip("*_` ") for c in _cells(lines[0])]
    if not is_confirmation_header(header):
        return None
    actions = [i for i, c in enumerate(header) if _ACTION.match(c)]
    confirms = [i for i, c in enumerate(header) if _CONFIRM.match(c)]
    out: list[Sentence] = []
    start = len(lines[0]) + 1 + len(lines[1]) + 1
    for line in lines[2:]:
        row = _row(sentence, line, start, actions[0], confirms[0])
        if row is not None:
            out.append(row)
        start += len(line) + 1
    return out


def _row(sentence: Sentence, line: str, start: int, action: int, confirm: int) -> Sentence | None:
    spans = _spans(line)
    if len(spans) <= max(action, confirm):
        return None
    (aa, ab), (ca, cb) = spans[action], spans[confirm]
    said = line[ca:cb].strip("*_` ").casefold()
    what = line[aa:ab].strip("*_` ")
    offsets = sentence.offsets
    if said in _NO or not what:
        return None
    if said not in _YES:  # "only above $50": the row as it was, read or noted on its own
        placed = [*offsets[start : start + len(line)], offsets[start + len(line) - 1] + 1]
        return Sentence(sentence.artifact, line, tuple(placed), sentence.context, sentence.subject)
    verb = what[0].lower() + what[1:]
    head = "Get the user's explicit confirmation before you "
    text = head + verb + "."
    placed = [offsets[start + aa]] * len(head) + list(offsets[start + aa : start + ab])
    placed += [offsets[start + ab - 1] + 1] * 2
    return Sentence(sentence.artifact, text, tuple(placed), sentence.context, sentence.subject)
