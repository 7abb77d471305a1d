"""Words of an obliged ordering said plainly before `temporal` reads it (see
`order_shapes.rephrasings`):

- "ahead of any refund", "in advance of renewing it": before;
- "before they can renew it" (they: the agents the sentence opens with), "until you are
  able to renew it": the later step itself, without the modal ("before renewing it");
- "It is required that you fetch X before ...", "It is mandatory to fetch X before ...":
  "You must fetch X before ...".

Each says the same two actions in the same order, no stronger: a modal of permission in the
later clause ("before they can renew") is part of what must wait, not a permission given.
"""

from __future__ import annotations

import re

from specgap.extract.order_words import gerund_of

__all__ = ["plain_order_words"]

_AHEAD = re.compile(r"\b(?:ahead\s+of|in\s+advance\s+of|preliminary\s+to)\b", re.I)
_CAN = re.compile(
    r"\b(?P<c>before|until|till)\s+(?P<who>you|they|we|agents?|the\s+agent|staff|the\s+assistant)\s+"
    r"(?:can|could|may|are\s+able\s+to|is\s+able\s+to|will\s+be\s+able\s+to|are\s+allowed\s+to|"
    r"is\s+allowed\s+to)\s+(?P<v>[a-z]+)\b",
    re.I,
)
# who "they" is when the sentence opens with the agents: "Agents must X before they can Y"
_AGENTS = re.compile(
    r"^\W*(?:the\s+)?(?:agents|staff|representatives|assistants|operators|employees)\b", re.I
)


def _without_modal(m: re.Match[str], text: str) -> str:
    """ "before they can renew": "before renewing" when "they" are the agents (the agent's
    own later step), "before you renew" for "you"; as said otherwise."""
    who = m["who"].casefold()
    if who == "they" and not _AGENTS.match(text):
        return m[0]  # "before they can renew": the customers, maybe
    doing = gerund_of(m["v"].casefold())
    return f"{m['c']} {doing}" if doing else m[0]


_IT_IS = re.compile(
    r"^\W*it\s+is\s+(?:always\s+)?(?:required|mandatory|necessary|essential|compulsory|obligatory|"
    r"imperative)\s+(?:that\s+(?:you|the\s+agent|agents|we)\s+(?:always\s+)?|(?:for\s+(?:you|the\s+"
    r"agent|agents)\s+)?to\s+(?:always\s+)?)(?P<rest>[a-z].*)$",
    re.I,
)


def plain_order_words(text: str) -> list[str]:
    """`text` with the words above said plainly (one rewrite with all of them), or [] when
    it has none of them."""
    said = _AHEAD.sub("before", text)
    said = _CAN.sub(lambda m: _without_modal(m, said), said)
    if (m := _IT_IS.match(said)) is not None:
        said = f"You must {m['rest']}"
    return [said] if said != text else []
