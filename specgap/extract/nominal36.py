"""An act named by a noun as the subject of a permission (thirty-sixth session): "A move is
allowed only if its status reads booked.", "A refund is permitted only while the order is
open", "Cancellation is possible only before the day".

The readers read the act as a gerund ("Moving is allowed only if ..."), as they read it in "Moving
the booking is allowed only if ...". A noun that names an act of the agent's tools (a verb a
tool is named by, `move_appointment`: "a move"; or an action noun whose verb the lexicon gives,
"a cancellation": cancel) is said as that verb's gerund, with the rest of the sentence as it
stands; so is the act said to be "made" (or done, issued, given) "only" under a condition
("A cancellation is made only after the guest has confirmed it": cancelling is allowed only
after it). Nothing else is changed: a noun of a thing ("A seat is allowed only ...") is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.noact_words import act
from specgap.extract.order_words import gerund_of
from specgap.extract.pattern_base import is_action_noun, singular

__all__ = ["respelt"]

_ALLOWED = re.compile(
    r"^(?P<lead>\W*)(?:(?:a|an|the|any|each|every)\s+)?(?P<noun>[a-z]+)\s+(?P<rest>(?:is|are)\s+"
    r"(?:only\s+)?(?:allowed|permitted|possible|accepted|(?P<made>made|done|issued|given|"
    r"carried\s+out|processed|placed)(?=\s+only\s+(?:after|when|whenever|if|once|while|until|"
    r"before|with)\b))\b.*)$",
    re.I | re.S,
)


def respelt(text: str) -> str | None:
    """The sentence with its act-noun subject said as a gerund (module docstring), else
    None."""
    m = _ALLOWED.match(text)
    if m is None:
        return None
    noun = singular(m["noun"].casefold())
    verb = noun if noun in current_tool_verbs() else None
    if verb is None and is_action_noun(noun):
        verb = act(noun)
    gerund = gerund_of(verb) if verb else None
    if gerund is None:
        return None
    rest = re.sub(r"^are\b", "is", m["rest"])
    if m["made"]:  # "a cancellation is made only after X": the act "is allowed only after X"
        rest = re.sub(r"^is\s+(?:only\s+)?\S+(?:\s+out)?", "is allowed", rest)
    return f"{m['lead']}{gerund.capitalize()} {rest}"
