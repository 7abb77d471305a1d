"""A tool said to be another party's (thirty-seventh session): "`tariff_override` belongs to the
pricing team, and the assistant must leave it alone", "`release_results` is run by the exams
officer and never by the assistant", "only the data protection officer runs it, never the
assistant", "`erase_customer` is for the DPO only".

The readers read a ban said as the agent's ("Never call X"). A tool (by its id) that belongs
to, is reserved for, is for, or is run or used by a person or a team other than the assistant,
or that the assistant must leave alone, is one the assistant never calls: the sentence is said
"Never call X." A pronoun ("runs it") is the sentence's first tool id. A party that is the
assistant itself ("is for the assistant only", "run by you") is no other party, and a tool
said to be a person's in any other way ("belongs to the customer's account") is left alone
unless the sentence also says the assistant does not run it.
"""

from __future__ import annotations

import re

from specgap.extract.people import is_person

__all__ = ["respelt"]

_TOOL = r"(?:`[A-Za-z][\w.:-]*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)"
_SELF = frozenset({"assistant", "agent", "bot", "you", "ai", "model", "chatbot"})
# (the tool's id is matched with its case: a camelCase id read without it would backtrack)
_OWNED = re.compile(
    rf"^(?P<lead>\W*)(?P<tool>{_TOOL})\s+(?:\([^)]{{0,40}}\)\s+)?(?i:belongs\s+to|is\s+reserved\s+"
    r"for|is\s+(?:only\s+)?for|is\s+(?:only\s+)?(?:run|used|called|operated)\s+(?:only\s+)?by)"
    r"\s+(?P<party>[^,;.]+?)(?P<rest>\s+(?i:only))?(?:\s*[,;.]|\s+(?i:and|but)\s|\s*$)"
)
_ONLY_PARTY = re.compile(
    r"(?:^|[,;:]\s*)(?i:only)\s+(?P<party>[^,;.]+?)\s+(?i:runs|uses|calls|operates|may\s+(?:run|"
    rf"use|call))\s+(?P<tool>{_TOOL}|(?i:it|this))\b"
)
_NOT_US = re.compile(
    r"\b(?:never|not)\s+(?:by\s+)?(?:the\s+)?(?:assistant|agent|bot|you)\b"
    r"|\b(?:the\s+assistant|the\s+agent|you)\s+(?:must|should|may|will)?\s*(?:never|not|"
    r"do(?:es)?\s+not)\s+(?:run|call|use|touch)",
    re.I,
)
_LEAVE = re.compile(
    r"\b(?i:must|should|will|is\s+to|has\s+to)\s+(?i:leave)\s+"
    rf"(?P<tool>{_TOOL}|(?i:it|this))\s+(?i:alone)\b"
)
_FIRST_TOOL = re.compile(_TOOL)


def respelt(text: str) -> str | None:
    """ "Never call X." for a tool said to be another party's (module docstring), or None."""
    tool = _owned(text) or _only_party(text) or _left_alone(text)
    if tool is None:
        return None
    lead = re.match(r"^\W*", text)
    return f"{lead.group() if lead else ''}Never call {tool}."


def _owned(text: str) -> str | None:
    m = _OWNED.match(text)
    if m is None or not _other_party(m["party"]):
        return None
    run_by = re.search(r"\b(?:run|used|called|operated)\s+(?:only\s+)?by\b", m.group(), re.I)
    if not (m["rest"] or run_by or re.search(r"\b(?:reserved|belongs)\b", m.group(), re.I)):
        return None if _NOT_US.search(text) is None else m["tool"]  # "is for X": only X's
    return m["tool"]


def _only_party(text: str) -> str | None:
    m = _ONLY_PARTY.search(text)
    if m is None or not _other_party(m["party"]):
        return None
    return _named(text, m["tool"])


def _left_alone(text: str) -> str | None:
    m = _LEAVE.search(text)
    return _named(text, m["tool"]) if m is not None else None


def _named(text: str, said: str) -> str | None:
    if said.casefold() not in {"it", "this"}:
        return said
    first = _FIRST_TOOL.search(text)
    return first.group() if first is not None else None


def _other_party(party: str) -> bool:
    """A person or a team that is not the assistant ("the pricing team", "the exams officer
    on the published results date")."""
    words = re.sub(r"^(?:the|a|an|our|your)\s+", "", party.strip(), flags=re.I).split()
    if not words or any(w.casefold() in _SELF for w in words[:3]):
        return False
    head = next((w for w in words[:4] if is_person(w.casefold().rstrip("s'"))), None)
    return head is not None
