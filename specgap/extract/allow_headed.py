"""A list of values right under a heading that says they are the only ones:

    ## Allowed currencies

    - EUR
    - USD

`join_headed` joins the one-value items that open such a section into one sentence, "Allowed
currencies: `EUR`, `USD`", which the closed-list grammar reads (`allowlists`), as
`listed_items` joins the items under an introducing sentence. The heading must say the
values are the only ones (`allowed`, `permitted`, `valid`, `accepted`, `supported`,
`approved`, `only`) and name no steps, order or tools; each item is one value (see
`listed_items`); the items must be the first thing in the section and at least two. The
added words sit where the first item starts, so the rule cites the list.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.extract.segments import Sentence

_ONLY = re.compile(
    r"\b(?:only|allowed|permitted|valid|accepted|acceptable|supported|approved|whitelist(?:ed)?|"
    r"allow-?list(?:ed)?)\b",
    re.I,
)
_STEPS = re.compile(
    r"\b(?:steps?|order|sequence|first|then|before|after|tools?|functions?|calls?|actions?|"
    r"uses?|cases?|examples?|topics?|requests?|questions?|tasks?|operations?)\b",
    re.I,
)
_BULLET = re.compile(r"(?:^|\n)[ \t]*(?:[-*+\u2022]|\d+[.)])[ \t]+$")


def join_headed(pending: list[Sentence]) -> Iterator[Sentence]:
    """The sentences, each run of one-value items opening a section whose heading announces
    the only values joined into one sentence (module docstring)."""
    from specgap.extract.listed_items import one_value

    i, before = 0, None
    while i < len(pending):
        s = pending[i]
        opens = before is None or before.context != s.context or before.artifact is not s.artifact
        before = s
        if not (opens and s.subject is None and _announces(s.context)):
            yield s
            i += 1
            continue
        items: list[tuple[Sentence, str]] = []
        for item in pending[i:]:
            if item.context != s.context or item.artifact is not s.artifact:
                break
            value = one_value(item) if _bulleted(item) else None
            if value is None:
                break
            items.append((item, value))
        if len(items) < 2:
            yield s
            i += 1
            continue
        yield _joined(s.context.strip().rstrip(":"), items)
        before = items[-1][0]
        i += len(items)


def _announces(heading: str) -> bool:
    said = heading.strip()
    return bool(said) and bool(_ONLY.search(said)) and not _STEPS.search(said)


def _bulleted(item: Sentence) -> bool:
    start = item.raw_range()[0]
    line_start = item.artifact.text.rfind("\n", 0, start) + 1
    return bool(_BULLET.search(item.artifact.text[max(0, line_start - 1) : start]))


def _joined(heading: str, items: list[tuple[Sentence, str]]) -> Sentence:
    from specgap.extract.listed_items import joined_to

    first = items[0][0]
    head = f"{heading}:"
    intro = Sentence(
        first.artifact, head, (first.offsets[0],) * (len(head) + 1), first.context, None
    )
    return joined_to(intro, items)
