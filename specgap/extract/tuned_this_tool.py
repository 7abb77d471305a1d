"""In a tool's description, a step said before calling *this* tool comes first.

"Always check the invoice status before calling this method.", "Look the member up before
you use this tool.", "Fetch the latest quote prior to invoking this endpoint.": the main
clause is the step, the event is the described tool itself (`this` tool, function, method,
endpoint, API, operation), so the step's action is the prerequisite:
`require_before(<this tool>, before=<the step's action>)`, the action left to the resolver
(a near tie stays ambiguous, with its note).

Not read here: a step that names its tool (`temporal._first_for_this` reads it), a ban
("never call X before calling this tool"), a state check ("check that the invoice is
unpaid before ..."): a state, read by the state readers), talk ("tell the user ...").
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.pattern_base import CALL_VERBS

__all__ = ["first_for_this"]

_THIS = re.compile(
    r"^\W*(?:(?:you\s+)?(?:call(?:s|ing)?|us(?:e|es|ing)|invok(?:e|es|ing)|run(?:s|ning)?|"
    r"execut(?:e|es|ing)|trigger(?:s|ing)?)|(?:it|this)\s+is\s+"
    r"(?:called|used|invoked|run|executed))\s+(?:this|it)(?:\s+(?:tool|function|method|"
    r"endpoint|api|operation|action|command))?\W*$",
    re.I,
)
_STATE_CHECK = re.compile(
    r"\b(?:check|verify|ensure|confirm|make\s+sure|determine|see)\s+(?:that|whether|if)\b", re.I
)


def first_for_this(conj: str, only: str | None, event: str, main: str) -> str | None:
    """The action of the step `main` said `conj` ("before") the event `event` when that
    event is calling the described tool itself (module doc); None for any other sentence."""
    conj = " ".join(conj.casefold().split())
    if conj not in {"before", "prior to"} or only or _THIS.match(event) is None:
        return None
    if _STATE_CHECK.search(main):
        return None
    clause = parse(main)
    if clause.negated or clause.action is None or clause.passive:
        return None
    if clause.verb in NOT_ACTIONS or clause.verb in CALL_VERBS:
        return None
    return clause.action
