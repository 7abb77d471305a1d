"""Tables of dos and don'ts (thirtieth session): a column of what the agent does beside a column
of what it must not do, each cell a whole instruction of its own.

    | Do                                         | Don't                              |
    |--------------------------------------------|------------------------------------|
    | Read the order with `get_order` first.     | Cancel an order that has shipped.  |

Read as one sentence, such a row runs two unrelated instructions together, and the second
loses the column's "not". Each cell is read on its own instead: a cell under a column of
what is done is said as written; the first sentence of a cell under a column of what is not
done is said with "Never" before it ("Never cancel an order that has shipped."), unless it
already opens with a refusal of its own. A column of neither kind (a topic, a note) labels
its row and says nothing. The inserted word sits at the offset of the cell's first
character, so every quote stays a span of the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.artifacts import Artifact
from specgap.extract.segments import Sentence, split_sentences

# a column of what the agent does ("Do", "Dos", "Always", "Must", "Allowed", "✅")
_DO = re.compile(
    r"^\W*(?:do(?:'?s)?|always|must|should|allowed|permitted|ok(?:ay)?|yes|fine|good|"
    r"recommended|encouraged|[✓✔✅👍])\W*$",
    re.I,
)
# a column of what it must not do ("Don't", "Do not", "Never", "Avoid", "Not allowed", "❌")
_DONT = re.compile(
    r"^\W*(?:don[’']?ts?|do\s+not|never|must\s+not|mustn[’']?t|should\s+not|shouldn[’']?t|"
    r"avoid|not\s+(?:allowed|permitted|ok(?:ay)?)|forbidden|prohibited|banned|no|bad|"
    r"[✗✘❌🚫👎])\W*$",
    re.I,
)
# a cell already saying the refusal ("Never ...", "No ...", "Don't ...", "Not ...")
_REFUSED = re.compile(
    r"^\W*(?:never|no|not|none|don[’']?t|do\s+not|must\s+not|avoid|nothing)\b", re.I
)
_NEVER = "Never "


def polarity_columns(header: list[str]) -> list[bool | None] | None:
    """Per column: True for a column of what is done, False for what is not, None for a label;
    None when the table is not one of dos and don'ts (no column of what is not done, or no
    column of what is done beside it and no label column)."""
    kinds: list[bool | None] = []
    for head in header:
        if _DONT.match(head):
            kinds.append(False)
        elif _DO.match(head):
            kinds.append(True)
        else:
            kinds.append(None)
    if False not in kinds or kinds.count(None) > 1:
        return None
    if True not in kinds and kinds[0] is not None:
        return None  # a lone "No" column is a permission column, read by the row reader
    return kinds


def cell_sentences(
    artifact: Artifact,
    cells: list[tuple[str, int, int]],
    kinds: list[bool | None],
    heading: str,
) -> Iterator[Sentence]:
    """The sentences of a row's cells, each cell on its own, "Never" said before the first
    sentence of a cell under a column of what is not done."""
    for content, at, column in cells:
        if not 0 <= column < len(kinds) or kinds[column] is None or not content.strip():
            continue
        offsets = list(range(at, at + len(content) + 1))
        said = content
        if kinds[column] is False and not _REFUSED.match(content):
            said = _NEVER + content[:1].lower() + content[1:]
            offsets = [at] * len(_NEVER) + offsets
        yield from split_sentences(artifact, said, offsets, heading)
