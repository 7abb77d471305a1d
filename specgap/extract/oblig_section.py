"""A read the agent is told to make in a section or list about one action: "## Renewing a
permit" over "- Look up the permit." or "Look up the holder's record.", or a lead line
"When a holder wants to renew a permit:" over "- Check the fee balance.".

The heading (or the lead) says which action the steps under it serve; a read, check or
lookup among them is made to decide that action, so it comes before it:
`require_before(<action>, before=<read>)`. The action is read from the heading's words
(`oblig_first.heading_action`) or from the lead as a scope (`oblig_scoped`), and resolved in
those words. That the read comes first is the reading, not the text's word, so the rule is
reviewed (`grounding: inferred`), never enforced, and keeps `within: <heading or lead>` as
its condition (as `openers` does).

Only a read is ordered, never a step that changes or tells something ("- Send the holder
a notice" may follow the action); a heading that names a topic or two actions, a heading of
the document itself, a negated or conditional step, or a step of the same verb as the
action gives nothing. A sentence another reader compiled never gets here.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.oblig_first import heading_action, in_section, next_orders
from specgap.extract.oblig_scoped import read_step, scope_action
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["section_candidates", "section_orders"]

_ITEM = re.compile(r"^[ \t]*(?:[-*+\u2022]|\d{1,2}[.)]|[a-h][.)])[ \t]+")
# a lead line over a list: "When a holder wants to renew a permit:", "For every renewal:"
_LEAD_LINE = re.compile(r"^[ \t]*(?:#+[ \t]*)?(?P<lead>[^\n:]{3,120}?)[ \t]*:[ \t]*$")


# a lead or heading that says when its items happen: `order_leads` reads it
_TIMED = re.compile(r"^\W*(?:before|after|once|prior\s+to|until|following)\b", re.I)


def section_candidates(sentence: Sentence) -> list[CandidateRule]:
    """The rules of `section_orders` for a prompt sentence, each an inference (reviewed)."""
    if sentence.subject is not None:
        return []
    rules = [candidate(sentence, e) for e in section_orders(sentence)]
    return [r.model_copy(update={"grounding": "inferred"}) for r in rules]


def section_orders(sentence: Sentence) -> list[Emit]:
    """`require_before(<action>, before=<read>)` for a read step under a heading or lead
    naming one action (module docstring), or []."""
    if _numbered(sentence) or next_orders(sentence):
        # numbered steps are a procedure's, ordered step by step (`procedures`); a later
        # "Then ..." opens a chain of steps (`sequences`)
        return []
    text = _ITEM.sub("", sentence.clean.strip())
    step = read_step(text.rstrip(" .!"))
    if step is None:
        return []
    lead = _lead_of(sentence)
    if lead == "":
        return []
    said = None
    later = None
    if lead is not None and _TIMED.match(lead):
        return []  # "Before you cancel X:" over items: `order_leads` orders them
    if lead is not None:
        later, said = scope_action(lead) or heading_action(lead), lead
    if later is None and in_section(sentence):
        if _TIMED.match(sentence.context.strip(" #*")):
            return []  # "## Before shipping X": `order_leads` orders its items
        later, said = heading_action(sentence.context), sentence.context.strip()
    if later is None or said is None or later.split()[0] == step.split()[0]:
        return []
    # the section is kept as the condition (as `openers` keeps it): what the order holds within
    return [
        Emit(
            "require_before", later, {"before": step}, 0.6,
            condition=f"within: {said}", contexts=((later, said),),
        )
    ]  # fmt: skip


def _numbered(sentence: Sentence) -> bool:
    """The sentence is on a numbered line ("2. Fetch the order.", "Step 2: ...")."""
    text = sentence.artifact.text
    line_start = text.rfind("\n", 0, sentence.offsets[0]) + 1
    return (
        re.match(r"[ \t]*(?:#+\s*)?(?:\*\*)?(?:step\s+)?\d{1,2}\s*[.):]", text[line_start:], re.I)
        is not None
    )


def _lead_of(sentence: Sentence) -> str | None:
    """The lead line of the list the sentence is an item of ("When X:"); "" for an item
    nested under another item (a detail of that step, or of someone else's: "They
    should:"), which is not read here; None for a sentence in no list, or a list without a
    lead."""
    text = sentence.artifact.text
    start = sentence.offsets[0]
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    if _ITEM.match(line) is None:
        return None
    indent = len(line) - len(line.lstrip(" \t"))
    # walk up over the list's items (siblings, their details, wrapped lines)
    for above in reversed(text[:line_start].split("\n")[:-1]):
        if not above.strip():
            return None  # a blank line: no lead over the list
        depth = len(above) - len(above.lstrip(" \t"))
        if depth >= indent and (_ITEM.match(above) or depth > indent):
            continue
        if _ITEM.match(above):
            return ""  # a nested item: its parent step says what it is about
        m = _LEAD_LINE.match(above)
        return m["lead"].strip(" *_") if m is not None else None
    return None
