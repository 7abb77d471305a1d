"""A state test's act whose verb names another tool: a near tie, said as one.

"Only vaccinated pets may be booked" beside `book_stay` ("Book a stay for a pet") and
`groom_pet` ("Book a grooming session for a pet"): the mention "book pet" scores best on
`groom_pet` (its id shares "pet", its description "book"), while the verb of the act is the
verb `book_stay`'s id starts with. The two readings cannot be told apart from the words:
the resolution of such a `state_condition` is `ambiguous` (the compiler keeps the rule
`review_only` with its located `ambiguous-mention` note, naming both tools) instead of an
enforced test on the tool that only a description word tied to the act.

Only when the leader's id holds no form of the act's verb, a runner-up kept as a candidate
(scored at least `RESOLVED_AT`) has an id that begins with that verb, and the leader is no
exact id. A mention that names a tool by its id, or whose verb is in the leader's id, is
left alone; so is every other operator.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.ir import ResolvedRule
from specgap.operators.prose import lemmas
from specgap.resolve.evidence import RESOLVED_AT

__all__ = ["verb_ties"]

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _id_words(tool_id: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", _CAMEL.sub(" ", tool_id).casefold()) if w]


def _verb_forms(word: str) -> set[str]:
    low = word.casefold()
    verbs = lemmas(low).get("VERB") or ()
    return {low, *(str(v) for v in verbs)}


def _tied(each: ResolvedRule) -> bool:
    res = each.target
    if each.rule.operator != "state_condition" or res.status != "resolved":
        return False
    if len(res.candidates) < 2 or res.candidates[0].via == "exact_id":
        return False
    words = re.findall(r"[A-Za-z]+", res.mention)
    if not words:
        return False
    forms = _verb_forms(words[0])
    if forms & set(_id_words(res.candidates[0].tool_id)):
        return False
    return any(
        c.score >= RESOLVED_AT and (_id_words(c.tool_id)[:1] or [""])[0] in forms
        for c in res.candidates[1:]
    )


def verb_ties(resolved: Iterable[ResolvedRule]) -> tuple[ResolvedRule, ...]:
    """Every rule; a `state_condition` whose act's verb begins a runner-up's id and is no
    word of the leader's is `ambiguous` (module docstring)."""
    out: list[ResolvedRule] = []
    for each in resolved:
        if _tied(each):
            tie = each.target.model_copy(update={"status": "ambiguous"})
            each = each.model_copy(update={"target": tie})
        out.append(each)
    return tuple(out)
