"""A step said "first" under a label that names the later action, and a tool id said as a
step without a verb (fifteenth session):

- "Refunds: read the booking with `getBooking` first." The label is an action noun
  ("Refunds", "Renewals", "Booking changes"); the sentence reads as "Before you refund, read
  the booking with `getBooking`", so the step comes before the labelled action and no
  other. Without the label's action the step would be required before every tool, which is
  stronger than the sentence.
- the same under a lead line ("Refunds:" then "- read the booking first"), the lead the
  bullet's label;
- "`passengers.Lookup` first, then book", "findMember before booking, always": a tool's id
  at the head of the clause is the call of that tool ("Call `passengers.Lookup` first, ...").

Each respelling is read by the extractor's own reader; its reading is kept only when it
orders named actions (no order before every tool) and it replaces a first reading that read
nothing or only an order before every tool.
"""

from __future__ import annotations

import re

from specgap.extract.noact_dotted import respelt_ids, snake
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.order15_bare import named_tool, noun_verb
from specgap.extract.order_events import nominal_action
from specgap.extract.segments import Sentence
from specgap.extract.state_bullets import BULLET, bullet_lead
from specgap.ir import CandidateRule, Diagnostic

_ANY = "*"

_LABEL_FIRST = re.compile(
    r"^\W*(?P<label>[A-Za-z][A-Za-z' -]{1,40}?)\s*[:\u2013\u2014]\s+(?P<rest>[^:]+?)\s*,?\s+"
    r"(?:first|beforehand|before\s+anything\s+else)\s*[.!]?$",
    re.I,
)
# a tool id (`a.b`, `a_b`, `aB`, in backticks or not) opening the clause, then an ordering word
_ID_LEAD = re.compile(
    r"^\W*(?P<id>`[^`\s]+`|[A-Za-z][\w.-]*[\w])(?:\(\))?(?P<rest>\s*,?\s+(?:first|before|prior\s+to|"
    r"ahead\s+of|then)\b.*)$",
    re.I | re.S,
)


def respelt(text: str) -> str | None:
    """The sentence spelt so the ordering readers read it, or None (module docstring)."""
    lead = _ID_LEAD.match(text)
    if lead is not None and named_tool(lead["id"].strip("`")):
        return f"Call {lead['id']}{lead['rest']}"
    m = _LABEL_FIRST.match(text)
    if m is None:
        return None
    label = m["label"].split()
    action = nominal_action(m["label"]) or (noun_verb(label[0]) if len(label) == 1 else None)
    if action is None:
        return None
    rest = m["rest"].strip()
    if named_tool(rest.strip("`").removesuffix("()")):  # "Refunds: `getBooking` first"
        rest = f"call {rest}"
    return f"Before you {action}, {rest[0].lower()}{rest[1:]}."


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again respelt (module docstring) when the first reading gave no
    rule or only orders before every tool."""
    if sentence.subject is not None:
        return rules, diagnostics
    if any(r.operator != "require_before" or r.target != _ANY for r in rules):
        return rules, diagnostics
    lead = bullet_lead(sentence)
    said = None
    if lead is not None and len(lead.split()) <= 4:  # "Refunds:\n- read X first": the lead's
        said = respelt(f"{lead}: {BULLET.sub('', sentence.clean)}")
    said = said or respelt(sentence.clean)
    if said is None:
        return rules, diagnostics
    dotted = snake(said)  # "`passengers.Lookup`": read in snake_case, spelt back after
    found, notes = read_as(sentence, dotted[0] if dotted is not None else said, read)
    if dotted is not None:
        found = [respelt_ids(r, dotted[1]) for r in found]
    if not found or any(r.operator != "require_before" or r.target in {None, _ANY} for r in found):
        return rules, diagnostics
    return found, notes
