"""Rules a parameter's description states about where its value comes from.

A tools file says in a parameter's description which tool's output the value is taken
from: "Must be an id returned by `get_booking`", "The order number, as returned by
`find_order`", "Taken from the output of `list_slots`". Such a value is grounded in that
tool's output: `arg_grounded(<tool>, facet=<parameter>, from_tools=[<other tool>])`.
"Obtain it from `lookup_guest` first", "Call `lookup_guest` first to get it" also order
the calls: `require_before(<tool>, before=<other tool>)` as well.

Only a tool named by its id is read (a verb phrase here names no output exactly), and
never the described tool itself. A value list ("One of: a, b") is another reader's. The
sentences read here get no `rule-not-compiled` note from `parameter_notes`.
"""

from __future__ import annotations

import re

from specgap.artifacts import Artifact
from specgap.extract.grammar_rules import Emit, candidate
from specgap.extract.parameter_notes import _described
from specgap.extract.segments import Sentence, description_sentences
from specgap.ir import CandidateRule
from specgap.toolspecs import ToolSpec

__all__ = ["parameter_rules"]

# a tool id (snake_case or camelCase), matched case-sensitively inside the patterns' re.I
_ID = (
    r"`?(?P<id>(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)))`?"
    r"(?:\(\))?"
)
_TOOL = r"(?:the\s+)?" + _ID + r"(?:\s+(?:tool|function|endpoint|call))?"
_MODAL = (
    r"(?:(?:it|this|the\s+value)\s+)?(?:must|should|shall|has\s+to|needs\s+to)\s+(?:always\s+)?"
    r"(?:be|come|match)\s+|(?:always\s+)?(?:use|take|pass|copy|enter)\s+"
)  # "must be ...", "must match ...", or an imperative: "use the id from X"
# "Must be an id returned by X", "the order number as returned by X", "an id from the
# output of X", "taken from X's response", "comes from X"
_RETURNED = re.compile(
    r"^\W*(?P<modal>"
    + _MODAL
    + r")?(?:(?:the|an?|one|any)\s+)?(?:[\w-]+,?\s+){0,4}?(?:\(?\s*as\s+)?"
    r"(?:(?:returned|given|produced|provided|listed|issued)\s+(?:by|from|in)|(?:taken|obtained|"
    r"copied|read)\s+from|(?:found|looked\s+up)\s+(?:with|using|via|by)|from)\s+(?:(?:the|a)\s+)?(?:(?:output|result|results|response)\s+of\s+)?"
    + _TOOL
    + r"(?:'s?\s+(?:output|result|results|response))?(?:\s+(?:output|result|results|"
    r"response))?\s*\)?\s*[.;]?\s*$",
    re.I,
)
# "Obtain it from X first", "Get this from X before calling", "Look it up with X first"
_FIRST_FROM = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+)?(?:first\s+)?(?:obtain|get|retrieve|"
    r"fetch|look\s+(?:it\s+)?up|find)(?:\s+(?:it|this|the\s+value|this\s+value|the\s+id))?"
    r"(?:\s+up)?\s+(?:from|with|using|via|by\s+calling)\s+"
    + _TOOL
    + r"\s+(?:first|beforehand|before\s+calling(?:\s+this(?:\s+tool|\s+function)?)?)\s*[.;]?\s*$",
    re.I,
)  # fmt: skip
# "Call X first to get it", "Call X first to obtain this id"
_CALL_FIRST = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+)?(?:first\s+)?(?:call|use|run|invoke)\s+"
    + _TOOL
    + r"\s+(?:first\s+)?to\s+(?:get|obtain|retrieve|fetch|find|look\s+up)\s+(?:it|this|the\s+value|"
    r"this\s+value|the\s+id|this\s+id|one)(?:\s+first)?\s*[.;]?\s*$",
    re.I,
)


def parameter_rules(artifact: Artifact, spec: ToolSpec) -> list[CandidateRule]:
    """The rules `spec`'s parameter descriptions state, in schema order."""
    from specgap.extract.desc4_states import state_rules

    if spec.schema_pointer is None:
        return []
    rules: list[CandidateRule] = []
    for name, pointer, _ in _described(spec.schema, spec.schema_pointer, "", 0):
        for sentence in description_sentences(artifact, pointer, spec.name):
            rules.extend(_graded(sentence, e) for e in read_parameter(sentence, name))
            rules.extend(state_rules(sentence, name))  # "A refill whose status is queued."
    return rules


def _graded(sentence: Sentence, emit: Emit) -> CandidateRule:
    """A rule the sentence states (a modal, "... first") is enforced; one a gloss implies
    ("the booking number, as returned by `a`") is reviewed."""
    rule = candidate(sentence, emit)
    said = _RETURNED.match(sentence.clean.strip())
    if said is None or said["modal"] or emit.operator != "arg_grounded":
        return rule
    if _FIRST_FROM.match(sentence.clean.strip()) or _CALL_FIRST.match(sentence.clean.strip()):
        return rule
    return rule.model_copy(update={"grounding": "inferred"})


def read_parameter(sentence: Sentence, parameter: str) -> list[Emit]:
    """What one sentence of the description of `parameter` (of tool `sentence.subject`)
    says about where its value comes from, or []. A nested field gives [] (no selector of
    the call's arguments names it; its sentence keeps its note)."""
    if "." in parameter or "[]" in parameter:
        return []
    text = sentence.clean.strip()
    first = _FIRST_FROM.match(text) or _CALL_FIRST.match(text)
    said = first or _RETURNED.match(text)
    if said is None or said["id"] == sentence.subject:
        return []
    tool = said["id"]
    source = {"facet": parameter, "from_user": False, "from_tools": [tool]}
    emits = [Emit("arg_grounded", None, source, 0.7)]
    if first is not None:  # "... first": the other tool is called before this one
        emits.append(Emit("require_before", None, {"before": tool}, 0.7))
    return emits
