"""Lines that name an action without asking for it: the label of a numbered step whose body
follows ("Step 3. Refill the feeders" over "- Refill each feeder with seed."), the term of a
glossary of actions ("**Check Battery** - Shows the charge left and ..."), an item of a
list of what an entity holds ("Each permit contains:" over "- issue date"), a setting whose
value is one identifier ("access: front_desk_agent") and an agent's or tool's profile in the
third person ("profile: This agent sorts parcels by size").

Such a label reads like an imperative ("refill the feeders", "check battery"), but it says
nothing the lines under it (a step's body) or after it (the term's description, in the third
person: "Shows", "Turns", "Returns") do not say: it is a heading or the name of what is
defined. A `rule-not-compiled` note on it is a false alarm, so `without_label_notes` drops
the notes of such a line, and only those. Everything else stays as it was:

- a step line with no body under it ("Step 2. Never refund a deposit.", or the last line),
  or one that ends as a sentence ends (a full stop): it is the step's own instruction;
- a term whose description is not in the third person ("**Refunds** - never refund cash"),
  or that holds a modal ("**Refunds** - must be approved"): a rule, kept and noted;
- a profile that states a rule ("profile: This agent must never open parcels", "... is not
  allowed on weekends"); "required documents", "allowed fields" are things, not rules;
- rules read from the line (policies) are never touched; only notes are.
"""

from __future__ import annotations

import re

from specgap.extract.segments import Sentence
from specgap.ir import Diagnostic

__all__ = ["is_label", "without_label_notes"]

# "Step 3. Refill the feeders", "Phase 2: Review", "### Stage 4) Close out"
_STEP = re.compile(
    r"^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:step|phase|stage)[ \t]+\d+[ \t]*[.:)](?:\*\*)?[ \t]+"
    r"(?P<label>[^\n]*?)[ \t]*(?:\*\*)?[ \t]*$",
    re.I,
)
# a line of a step's body: a bullet or an indented line (never another step)
_BODY = re.compile(r"^(?:[ \t]*[-*+•][ \t]+\S|[ \t]+\S)")
# "1. **Check Battery** - Shows ...", "- **Toggle Lamp**: Turns ..."
_TERM = re.compile(
    r"^[ \t]*(?:\d+[.)]|[-*+•])?[ \t]*\*\*(?P<term>[^*\n]{2,60})\*\*[ \t]*(?:-|–|—|:)[ \t]+"
    r"(?P<desc>[^\n]*)$"
)
# a description in the third person, as a glossary says what an action does
_THIRD = re.compile(r"^(?:it\s+)?[A-Z][a-z]+(?:e|[^s]s|ies|es)\b(?<!\bis)(?<!\bwas)(?<!\bhas)")
_MODAL = re.compile(
    r"\b(?:must|should|shall|never|only|cannot|can't|do\s+not|don't|does\s+not|doesn't|"
    r"may\s+not|not\s+allowed|required|requires?|needs?|forbidden|prohibited|limited|at\s+most|"
    r"at\s+least|up\s+to|no\s+more\s+than|maximum|minimum|unless|until|before|after)\b",
    re.I,
)


# "access: front_desk_agent": a setting whose value is one identifier, no sentence at all
_SETTING = re.compile(r"^[ \t]*[a-z][a-z_]*:[ \t]+`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?[ \t]*$")
# "profile: This agent sorts incoming parcels ...": what an agent or tool is, described
_PROFILE = re.compile(
    r"^[ \t]*(?:profile|description|summary|about|role|purpose|overview):[ \t]+"
    r"(?P<desc>(?:this|the)\s+(?:agent|assistant|tool|workflow|bot|service|step)\s+"
    r"(?:also\s+)?[a-z]+(?:es|[^s]s)\b.*)$",
    re.I,
)
# a description that still states a rule: a modal, or a copula over an obligation word
# ("required documents" and "allowed fields" are things, not rules)
_STATES_RULE = re.compile(
    r"\b(?:must|should|shall|never|only|cannot|can't|do\s+not|don't|does\s+not|doesn't|"
    r"may\s+not|(?:is|are|be)\s+(?:not\s+)?(?:required|allowed|permitted|forbidden|prohibited))\b",
    re.I,
)


# a lead saying what an entity holds: "Each bill contains:", "a profile containing:"
_HOLDS = re.compile(
    r"\b(?:contains?|containing|includes?|including|consists?\s+of|comprises?|comprising|"
    r"is\s+made\s+up\s+of|(?:fields|attributes|properties|columns)(?:\s+are)?)\s*:\s*$",
    re.I,
)
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+(?P<item>[^\n]*)$")


def _data_item(text: str, at: int, line: str) -> bool:
    """Whether `line` is a short item (a noun phrase, no rule word) of a list whose lead
    says what an entity holds ("Each bill contains:" over "- issue date")."""
    item = _ITEM.match(line)
    if item is None or _MODAL.search(item["item"]) or len(item["item"].split("(")[0].split()) > 6:
        return False
    start = text.rfind("\n", 0, at) + 1
    before = text[: max(start - 1, 0)].split("\n")
    for lead in reversed(before):
        if not lead.strip():
            return False  # a blank line ends the list before any lead
        if _ITEM.match(lead) is None:
            return _HOLDS.search(lead) is not None
    return False


def _line_at(text: str, at: int) -> tuple[str, int]:
    """The line of `text` holding offset `at`, and where the next line starts."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    return text[start:end], end + 1


def _next_line(text: str, at: int) -> str:
    """The first non-blank line from offset `at` ("" at the end of the text)."""
    for line in text[at:].split("\n"):
        if line.strip():
            return line
    return ""


def is_label(text: str, at: int) -> bool:
    """Whether the line of `text` holding offset `at` is a step label over a body or a
    glossary term with its third-person description (module docstring)."""
    line, after = _line_at(text, at)
    step = _STEP.match(line)
    if step is not None:
        label = step["label"].strip()
        nxt = _next_line(text, after)
        return (
            bool(label)
            and not label.endswith((".", "!", "?", ":"))
            and not _MODAL.search(label)
            and bool(_BODY.match(nxt))
            and _STEP.match(nxt.lstrip(" \t-*+•")) is None
        )
    if _SETTING.match(line) is not None or _data_item(text, at, line):
        return True
    profile = _PROFILE.match(line)
    if profile is not None:
        return _STATES_RULE.search(profile["desc"].split(". ")[0]) is None
    term = _TERM.match(line)
    if term is None:
        return False
    desc = term["desc"].strip()
    return (
        _THIRD.match(desc) is not None
        and not _MODAL.search(term["term"])
        and not _MODAL.search(desc.split(".")[0])
    )


_NUMBER = re.compile(r"^[ \t]*(?:#+[ \t]*)?(?:\*\*)?(?:(?:step|phase|stage)[ \t]+)?\d+[.:)]", re.I)


def _opens_line(text: str, at: int) -> bool:
    """Whether the sentence at `at` is the line's first (the label's own, not a later
    sentence of a term's description, which may say a rule of its own)."""
    line_start = text.rfind("\n", 0, at) + 1
    return "." not in _NUMBER.sub("", text[line_start:at])


def without_label_notes(sentence: Sentence, notes: list[Diagnostic]) -> list[Diagnostic]:
    """`notes` without the `rule-not-compiled` ones when the sentence stands on a label
    line (module docstring); unchanged otherwise."""
    if sentence.subject is not None or not any(n.code == "rule-not-compiled" for n in notes):
        return notes
    start, _ = sentence.raw_range()
    text = sentence.artifact.text
    if not is_label(text, start) or not _opens_line(text, start):
        return notes
    return [n for n in notes if n.code != "rule-not-compiled"]
