"""An ordering said with the entity both calls share after its earlier step (forty-sixth
session): "Before a move or a cancellation, run `open_booking` on the same booking_id", "Before
a move, `open_booking` is run on the very booking_id concerned".

The readers read the ordering without the entity ("Before a move or a cancellation, run
`open_booking`": both acts after the read) and `order_same` reads the entity from the whole
sentence ("the same booking_id"); read with it, the phrase was taken for part of the step
("`open_booking` on the same booking_id", a mention no tool answers to) and the coordinated
acts for one. So in a sentence that orders calls ("before", "prior to", "beforehand", "first"),
the phrase that ends it and says the shared entity ("on / for / with the same / that same / the
very / that exact <noun> [concerned | in question]") is left out of what is read, and a step said in
the passive with its tool as the subject ("Before X, `t` is run") is said as the imperative
("Before X, run `t`").
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_ORDERS = re.compile(r"\b(?:before|prior\s+to|beforehand|first)\b", re.I)
_SHARED = re.compile(
    r",?\s+(?:on|for|with|against|under)\s+(?:(?:the|that|this)\s+(?:very\s+same\s+|very\s+|"
    r"same\s+)|that\s+exact\s+)`?[a-z][a-z-]*(?:_[a-z]+)*`?(?:\s+(?:concerned|in\s+question|involved))?"
    r"(?=\s*[.;!]?\s*$)",
    re.I,
)
_TOOL = r"`?[A-Za-z][\w]*(?:[._:-]+[\w]+)*`?"
_PASSIVE_STEP = re.compile(
    r"^(?P<lead>\W*(?:before|prior\s+to)\s+[^,;]{3,80},\s*)(?P<tool>" + _TOOL + r")\s+(?:is|must\s+"
    r"be|has\s+to\s+be|should\s+be|gets)\s+(?:first\s+)?(?:run|called|used|invoked)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The ordering without its shared entity's phrase, its passive step said as the
    imperative (module docstring); None when neither is there."""
    if not _ORDERS.search(text):
        return None
    said = _SHARED.sub("", text, count=1)
    passive = _PASSIVE_STEP.match(said)
    if passive is not None:
        said = f"{passive['lead']}run {passive['tool']}{said[passive.end() :]}"
    return said if said != text else None
