"""An obligation framed in other words, said plainly before `temporal` reads its order (see
`order_shapes.rephrasings`): "You are expected to look up the passenger before cancelling.",
"It is your responsibility to check the crossing before moving a booking.", "Your job is to
fetch the crossing before any move.", "It is essential that you look up the passenger before
issuing a voucher.", "Agents are obliged to ...", "The agent is responsible for checking the
crossing before ..."

Each frame says "you must": the sentence is said again as "You must <step> ..." (the rest as
written), so an order in it is read as any "You must X before Y". The frame is the agent's
duty only: "the passenger is expected to ..." (the user's), a negated frame ("you are not
expected to ...") or a permission ("you are allowed to ...") gives nothing here.
"""

from __future__ import annotations

import re

from specgap.extract.order_words import base_form

__all__ = ["plain_frames"]

_WHO = r"(?:you|agents|the\s+agent|staff|we|the\s+assistant|assistants|representatives)"
_DUTY = r"(?:expected|obliged|obligated|supposed|instructed|asked|required|mandated|bound)\s+to"
_FRAMES = (
    # "you are expected to X", "the agent is obliged to X"
    re.compile(rf"^\W*{_WHO}\s+(?:are|is)\s+(?:always\s+)?{_DUTY}\s+(?P<rest>[a-z].*)$", re.I),
    # "it is your responsibility to X", "it's the agent's job to X"
    re.compile(
        r"^\W*it(?:\s+is|'s)\s+(?:your|the\s+agent's|our|the\s+assistant's)\s+(?:responsibility|job|"
        r"duty|task|obligation)\s+to\s+(?P<rest>[a-z].*)$",
        re.I,
    ),
    # "your job is to X", "the agent's duty is to X"
    re.compile(
        r"^\W*(?:your|the\s+agent's|our)\s+(?:responsibility|job|duty|task|obligation)\s+is\s+to\s+"
        r"(?P<rest>[a-z].*)$",
        re.I,
    ),
    # "it is essential that you X", "it is crucial for you to X" ("important" is advice)
    re.compile(
        r"^\W*it(?:\s+is|'s)\s+(?:essential|crucial|vital|critical|mandatory)\s+(?:that\s+"
        rf"{_WHO}\s+(?:always\s+)?|(?:for\s+{_WHO}\s+)?to\s+(?:always\s+)?)(?P<rest>[a-z].*)$",
        re.I,
    ),
)
# "the agent is responsible for checking X before Y"
_RESPONSIBLE = re.compile(
    rf"^\W*{_WHO}\s+(?:are|is)\s+(?:always\s+)?responsible\s+for\s+(?P<rest>[a-z]+ing\b.*)$", re.I
)
_NEGATED = re.compile(r"^(?:not|never|no)\b", re.I)


def plain_frames(text: str) -> list[str]:
    """`text` said as "You must <step> ..." when its frame says the agent's duty (module
    doc), or []."""
    text = " ".join(text.split())
    for frame in _FRAMES:
        if (m := frame.match(text)) is not None and not _NEGATED.match(m["rest"]):
            return [f"You must {m['rest']}"]
    if (m := _RESPONSIBLE.match(text)) is not None:
        return [f"You must {base_form(m['rest'])}"]
    return []
