"""Where the user's yes is for, when the sentence's grammar names it in a list, a trailing
phrase or a tool description (`user_yes` reads the yes and the plain cases).

- a list that opens the `before` phrase, closed by its coordinator: "before any booking,
  cancellation or refund, ask ..." (three actions; what follows the list is the main clause),
  or a parenthesised list after a generic phrase: "before any change (book, move, cancel)";
- the action noun the sentence ends with: "... confirm the date and the fee for the
  cancellation" (`cancel`), or a "to be <done>" ("the slot to be released");
- the action put to the user or gone ahead with: "ask the member whether they want the
  upgrade (and go ahead only if they say yes)", "proceed with a refund only once ...";
- tools named by id: those of the `before` phrase, else those outside the yes ("never call
  `wire.transfer` unless the user agreed");
- in a tool description, the described tool (a `before` phrase may name other tools by id).
"""

from __future__ import annotations

import re

from specgap.extract.english import lemmas
from specgap.operators.prose import action_list, is_action_noun, lemma, ticked_tools

# the commas of a phrase, outside parentheses
_COMMA = re.compile(r",(?![^()]*\))")
# the item that closes a list: "or refund", "cancellation or refund" (a few words at most)
_CLOSER = re.compile(
    r"^\s*(?:(?:[\w'-]+\s+){0,3}(?:and|or|and/or)\s+)[\w'-]+(?:\s+[\w'-]+){0,3}\s*$"
)
_GENERIC_HEAD = re.compile(
    r"^(?:(?:any|every|each|all|the|a|an|such|these|those)\s+)*(?:[\w-]+\s+){0,4}"
    r"(?:actions?|operations?|changes?|steps?|requests?|updates?|writes?)\b",
    re.I,
)


def listed_actions(phrase: str) -> tuple[list[str], bool]:
    """The actions a `before` phrase lists (module docstring), [] when it lists none; and
    whether they are the spelled-out members of a generic phrase ("actions that change data
    (cancel, modify, return)"), each then an action in its own right, however general."""
    items = _COMMA.split(phrase)
    paren = action_list(items[0]) if "(" in items[0] else []
    if paren and _GENERIC_HEAD.match(items[0]):
        return paren, True  # "consequential actions (cancel, modify, return)": the ones listed
    for at, item in enumerate(items[1:], start=1):
        if _CLOSER.match(item):
            return action_list(",".join(items[: at + 1])), False
    # "issuing a pass or closing a ticket": two actions when each side opens with a verb
    pair = action_list(items[0]) if re.search(r"\s(?:and|or)\s", items[0]) else []
    if pair and all(_verb_first(item) for item in pair):
        return pair, False
    return [], False


def _verb_first(item: str) -> bool:
    first = item.split()[0].casefold()
    return first.endswith("ing") and bool(lemmas(first).get("VERB"))


_FOR_TAIL = re.compile(r"\bfor\s+(?:the\s+|an?\s+|this\s+|that\s+)?(?P<x>[a-z]+)\s*[.;]?\s*$", re.I)
_TO_BE_DONE = re.compile(r"\bto\s+be\s+(?P<x>[a-z]+ed)\b", re.I)


def tail_action(clean: str) -> str | None:
    """The action noun the sentence ends with ("... for the cancellation": `cancel`), or
    the action "to be <done>"; None when the last word names no action."""
    tail = _FOR_TAIL.search(clean) or _TO_BE_DONE.search(clean)
    if tail is None:
        return None
    word = tail["x"].casefold()
    base = lemma(word)
    return base if base != word or is_action_noun(word) else None


def described(text: str, subject: str) -> tuple[str, ...]:
    """In a tool description the yes guards the described tool, unless a `before` phrase
    names other tools by id ("ask the user before calling `delete_all`")."""
    before = re.search(r"\bbefore\b(?P<x>[^.;]*)", text, re.I)
    named = ticked_tools(before["x"]) if before is not None else []
    return tuple(named) if named else (subject,)


_PROPOSED = re.compile(
    r"\b(?:ask|asking)\s+(?:the\s+)?[\w-]+\s+(?:whether|if)\s+(?:they|he|she)\s+(?:would\s+like|"
    r"wants?|want)\s+(?:to\s+)?(?P<x>[^,;.]+?)(?=\s+(?:and|or|before|then)\b|\s*[,;.]|$)"
    r"|\b(?:proceed|go\s+ahead|continue)\s+with\s+(?P<y>[^,;.]+?)(?=\s+(?:only|once|until|unless|"
    r"after|when|if|and|or)\b|\s*[,;.]|$)",
    re.I,
)


def proposed_action(clean: str) -> str | None:
    """The action the user is asked about ("whether they want the upgrade": `upgrade`) or
    the agent goes ahead with ("proceed with a refund"); None when neither is said."""
    m = _PROPOSED.search(clean)
    if m is None:
        return None
    return m["x"] or m["y"]


_SOURCE = re.compile(
    r"\b(?:from|returned\s+by|listed\s+by|given\s+by|shown\s+by|provided\s+by|found\s+by|"
    r"out\s+of)\s+(?:the\s+)?(?:(?:output|result|results|record|records|list)\s+of\s+)?`[^`]+`",
    re.I,
)


def ticked_guard(text: str, yes: tuple[int, int]) -> tuple[str, ...] | None:
    """The tools named by id that the yes guards: those of a `before` phrase outside the yes,
    else any outside it; None when the sentence names no tool by id."""
    outside = text[: yes[0]] + " " * (yes[1] - yes[0]) + text[yes[1] :]
    # "the address on the record from `find_member`": where a value comes from, no action the
    # yes guards
    outside = _SOURCE.sub(lambda m: " " * len(m[0]), outside)
    before = re.search(r"\bbefore\b(?P<x>[^.;]*)", outside, re.I)
    named = ticked_tools(before["x"]) if before is not None else []
    return tuple(named or ticked_tools(outside)) or None
