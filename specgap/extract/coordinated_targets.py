"""Confirmations and bans over coordinated actions, each with its own object: every one is
constrained.

"Never cancel a booking or refund a deposit without the member's yes", "Cancel a booking or
refund a deposit only after the member confirms": a reader that took the clause's first
action alone would state less than the sentence, silently. `coordinated_targets` gives each
rule of a distributive operator whose target is the clause's first action a copy for each
action coordinated with it (`coordination.coordinated_actions`). Counts are left alone ("at
most one refund or exchange per order" counts them together: one count per action would be
weaker); orderings are split by `order_targets`. A copied part is resolved on its own, so a
part that names no tool gets its own note.

A qualifier after the last action ("never cancel bookings or refund deposits that are older
than a month") limits the ban: it is kept as the bans' condition, so they stay
`review_only` with a note rather than forbid every call.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.coordinated_args import tools_args
from specgap.extract.coordination import coordinated_actions, coordination_tail
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["coordinated_targets", "without_correlative"]

# the operators whose rule holds for each of the actions it is said of
_DISTRIBUTIVE = frozenset({"require_confirmation", "deny_action", "state_condition"})
# "never call both `a` and `b`", "do not both cancel X and refund Y": the pair is banned
_BOTH = re.compile(r"(?<=\s)both\s[^.;]*?\band\s+[^.;,]+", re.I)
_TOGETHER = re.compile(
    r"\b(?:together|at\s+the\s+same\s+time|at\s+once|simultaneously|in\s+combination|"
    r"in\s+the\s+same\s+(?:turn|step|session|conversation|request|reply|call))\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:never|not|n't|no)\b", re.I)
# a tail that restricts what is banned: a relative clause, a condition, a comparison
_QUALIFIER = re.compile(
    r"^(?:that|which|who|whose|where|when|whenever|if|unless|while|after|before|until|once|"
    r"older|newer|over|under|above|below|more|less|fewer|greater|within|outside|except|"
    r"without|beyond|past|during|on|in|from|for|with|by)\b",
    re.I,
)


def coordinated_targets(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules, each distributive rule on the clause's first action also given for every
    action coordinated with it (module docstring), without repeats."""
    if sentence.subject is not None:
        return rules
    rules = tools_args(rules, sentence.clean)  # "the X of `a` and `b` ...": X of each
    rules = [each for r in rules for each in _per_id(r)]  # "`a` and `b` must never ...": each
    spread = [r for r in rules if r.operator in _DISTRIBUTIVE and r.target]
    actions = coordinated_actions(sentence.clean) if spread else []
    if len(actions) < 2:
        return _qualified(sentence.clean, rules)
    first = " ".join(actions[0].casefold().split())
    had = {(r.operator, (r.target or "").casefold()) for r in rules}
    more: list[CandidateRule] = []
    for rule in spread:
        if " ".join((rule.target or "").casefold().split()) != first:
            continue  # a rule on another part of the sentence (the prerequisite, the state)
        for action in actions[1:]:
            if (rule.operator, action.casefold()) in had:
                continue
            had.add((rule.operator, action.casefold()))
            others = tuple(m for m in rule.mentions if m != rule.target)
            more.append(
                rule.model_copy(
                    update={"target": action, "mentions": (action, *others), "grounding": "partial"}
                )
            )
    return _qualified(sentence.clean, [*rules, *more])


_ID = r"`?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+`?(?:\(\))?"
_IDS = re.compile(
    r"(?:(?:call|calling|use|using|invoke|invoking|run|running)\s+)?(?P<ids>"
    + _ID
    + r"(?:(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+)"
    + _ID
    + r")+)",
    re.I,
)


def _per_id(rule: CandidateRule) -> list[CandidateRule]:
    """A distributive rule whose target mention is tool ids coordinated ("call `a` and
    `b`": a tie the resolver cannot settle), one per id; any other rule as it is."""
    m = _IDS.fullmatch((rule.target or "").strip())
    if rule.operator not in _DISTRIBUTIVE or m is None:
        return [rule]
    ids = [i.strip("`").removesuffix("()").strip("`") for i in re.findall(_ID, m["ids"])]
    others = tuple(x for x in rule.mentions if x != rule.target)
    return [rule.model_copy(update={"target": i, "mentions": (i, *others)}) for i in ids]


def _qualified(text: str, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The bans, each kept under the qualifier said after the coordination (module
    docstring) when it has no condition of its own; "never call both `a` and `b`", "... `a`
    and `b` together" forbid the pair, not each call: each ban is kept under that
    condition."""
    both = _BOTH.search(text)
    if both is not None and not _NEGATED.search(text[: both.start()]):
        both = None  # "both `a` and `b` must never be called": each of them
    bans = [r for r in rules if r.operator == "deny_action"]
    if both is None and len({r.target for r in bans}) > 1 and _NEGATED.search(text):
        both = _TOGETHER.search(text)  # "`a` and `b` must never be called together"
    tail = both[0] if both else coordination_tail(text)
    if not tail or not (both or _QUALIFIER.match(tail)):
        return rules
    return [
        r.model_copy(update={"condition": tail})
        if r.operator == "deny_action" and r.condition is None and not r.params.get("values")
        else r
        for r in rules
    ]


# "Both X and Y ...", "Either X or Y ...": a correlative word opening a coordinated subject
# of actions (gerunds or tool ids); the readers take the subject without it
_CORRELATIVE = re.compile(
    r"^(?P<lead>\W*)(?P<word>both|either)\s+(?=(?:[a-z]+ing\b|`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?)"
    r"[^.;]*?\b(?P<join>and|or)\b)",
    re.I,
)


def without_correlative(sentence: Sentence) -> Sentence:
    """The sentence with its opening "both" (before "... and ...") or "either" (before
    "... or ...") blanked out, so the coordinated actions read as any coordinated subject
    does ("Both refunding X and voiding Y require a yes": each of them); the same length,
    so the offsets still hold. Any other sentence unchanged."""
    m = _CORRELATIVE.match(sentence.text)
    if m is None or (m["word"].casefold() == "both") != (m["join"].casefold() == "and"):
        return sentence
    start, end = m.start("word"), m.end("word")
    return replace(sentence, text=sentence.text[:start] + " " * (end - start) + sentence.text[end:])
