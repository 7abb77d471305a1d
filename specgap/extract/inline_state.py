"""A state written as a field test in a tool's description: "Use ONLY for first-time cards
(issue_reason = 'new_account' or 'first_card')". The described tool is allowed only while
the field holds one of the values: `state_condition(field, allowed)` over the outputs read
before it.

Read only where the sentence restricts the tool to the test ("only", "exclusively",
"solely") and the test is written with `=` (or `==`, `in`) between an argument-like field
name and quoted values; a test in a sentence that does not restrict the tool ("e.g.
status = 'open'") states nothing here. The field test may be only part of what the
sentence requires ("first-time cards on a checking account"); the rule checks that part,
so it is never stronger than the sentence.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar import Clause
from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import CALL_VERBS, QUOTED
from specgap.extract.segments import Sentence

_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
_TEST = re.compile(
    r"\b(?P<field>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s*(?:==?|\bin\b)\s*(?P<values>(?:['\"][^'\"]+"
    r"['\"]\s*(?:,\s*(?:or\s+)?|\bor\s+)?)+)"
)
_EXAMPLE = re.compile(r"\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|like)\s*[,:]?\s*$", re.I)


def inline_state(sentence: Sentence) -> list[Emit]:
    """`state_condition` on the described tool for a restricting sentence with a field
    test (module docstring); [] otherwise."""
    if sentence.subject is None:
        return []
    text = sentence.clean
    only = _ONLY.search(text)
    if only is None:
        return []
    out: list[Emit] = []
    for m in _TEST.finditer(text, only.end()):
        if _EXAMPLE.search(text[: m.start()]):
            continue  # an example of a value, not the rule's test
        if "=" not in m[0] and re.match(
            r"\s*(?:status|state|stage|phase)\b", text[m.end() :], re.I
        ):
            continue  # "for orders in 'pending' status": a preposition, not a field test
        values = [a or b or c for a, b, c in QUOTED.findall(m["values"])]
        if values:
            out.append(Emit("state_condition", None, {"field": m["field"], "allowed": values}, 0.7))
    return out[:1]


# what a description's own sentence calls the described tool (a leading modal is what the
# grammar reads of a subjectless "can only be used ...")
_ITSELF = frozenset(
    {"", "this", "it", "tool", "function", "method", "endpoint", "this tool", "can", "may",
     "should", "must"}
)  # fmt: skip


def own_state(sentence: Sentence, clause: Clause) -> list[Emit]:
    """In a tool's description, "only use this when the booking status is 'reserved'",
    "never call this tool if the booking is 'active'": `state_condition` on the described
    tool (allowed under "only", denied under a ban; a negated test flips it)."""
    cond = clause.condition
    fragment = _fragment(sentence.clean) if sentence.subject is not None else []
    if fragment:  # "Only for pending orders.", "The order must be pending."
        return fragment
    if sentence.subject is None or cond is None or not cond.bound or clause.verb not in CALL_VERBS:
        return []
    if clause.object not in _ITSELF:
        return []
    if clause.negated:
        allowed = cond.negated  # "never ... if it is not 'x'": only when it is
    elif clause.modality == "only" or cond.kind == "only_if":
        allowed = not cond.negated
    else:
        return []  # "use this when ...": a suggestion, no restriction
    params: dict[str, Any] = {("allowed" if allowed else "denied"): list(cond.values)}
    if cond.entity:
        params["entity"] = cond.entity
    if cond.field:
        params["field"] = cond.field
    return [Emit("state_condition", None, params, 0.7)]


_USABLE = (
    r"(?:available|allowed|permitted|valid|usable|used|called|invoked|applied|applicable|"
    r"works?|applies|apply|run)"
)
_FRAGMENT = re.compile(
    r"^\W*(?:(?:this\s+)?(?:tool|function|endpoint|it)\s+)?(?P<mod>only|not|never|cannot|can't|"
    r"can\s+only|may\s+only|must\s+not|should\s+not|may\s+not|is\s+not|is\s+only)\s+"
    r"(?:be\s+)?(?:" + _USABLE + r"\s+)?(?P<only>only\s+)?(?:for|on|with|to)\s+"
    r"(?P<np>[^.;:!?]+?)\s*[.!]?\s*$",
    re.I,
)  # "Only for pending orders", "Cannot be used on closed tickets", "Can only be used for ..."
_WORKS_ONLY = re.compile(
    r"^\W*(?:(?:this\s+)?(?:tool|function|endpoint|it)\s+)?" + _USABLE
    + r"\s+only\s+(?:for|on|with|to)\s+(?P<np>[^.;:!?]+?)\s*[.!]?\s*$",
    re.I,
)  # fmt: skip  # "Works only for reserved bookings"
_ONLY_TAIL = re.compile(r"\((?P<np>[^()]{3,60}?)\s+only\)")  # "(reserved bookings only)"
_WHEN_USABLE = re.compile(
    r"^\W*(?:(?:this\s+)?(?:tool|function|endpoint|it)\s+)?(?P<mod>only|not|never|cannot|can't|"
    r"can\s+only|may\s+only|must\s+not|is\s+not|is\s+only)\s+(?:be\s+)?" + _USABLE + r"\b",
    re.I,
)  # "Not available once the booking has been attended", "Only available while ..."
_MUST_BE = re.compile(
    r"^\W*(?:the|an?|its)\s+(?P<ent>[a-z][\w-]*)\s+must\s+(?P<neg>not\s+)?be\s+"
    r"(?P<state>[^.;,]+?)\s*[.!]?\s*$",
    re.I,
)


def _fragment(text: str) -> list[Emit]:
    """In a tool's description, "Only for pending orders.", "Not for delivered orders.",
    "The order must be pending.": the described tool is allowed only in (or never in) the
    state of the entity it acts on."""
    from specgap.extract.grammar_conditions import Condition, bind_state, read_condition
    from specgap.extract.state_positions import phrase_state

    m = _FRAGMENT.match(text) or _WORKS_ONLY.match(text) or _ONLY_TAIL.search(text)
    cond: Condition | None = None
    allowed = True
    if m is not None:
        cond = phrase_state(m["np"], m.start("np"))
        mod = (m.groupdict().get("mod") or "only").casefold()
        allowed = "only" in mod.split() or bool(m.groupdict().get("only"))
        allowed = allowed != bool(cond and cond.negated)  # "... other than 'paid'": flipped
    elif (when := _WHEN_USABLE.match(text)) is not None:
        read, _, _ = read_condition(text)
        if read is not None and read.bound and read.kind != "otherwise":
            cond = read
            only = "only" in when["mod"].casefold().split() or read.kind == "only_if"
            until = re.match(r"(?:until|till)\b", read.text, re.I) is not None
            # "not available unless S", "not available until S": allowed only in S; "only
            # available while S": likewise; "only available until S": never in S
            allowed = (only != until) if only else (read.kind == "unless" or until)
            allowed = allowed != read.negated
    elif (must := _MUST_BE.match(text)) is not None:
        entity = must["ent"].casefold()
        said = f"{entity} is {'not ' if must['neg'] else ''}{must['state']}"
        cond = bind_state(Condition("if", text, 0, len(text)), entity, said)
        allowed = not cond.negated
        cond = cond if cond.bound else None
    if cond is None or not cond.bound:
        return []
    params: dict[str, Any] = {("allowed" if allowed else "denied"): list(cond.values)}
    if cond.entity:
        params["entity"] = cond.entity
    if cond.field:
        params["field"] = cond.field
    return [Emit("state_condition", None, params, 0.7)]
