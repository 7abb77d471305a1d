"""A prerequisite said with alternative objects is satisfied by any of them.

"Only reserve a boat after you have looked up the member or the slip", "never reserve a
boat before checking the forecast or the slip": the reading took the first object alone
(`look up member`), an ordering stronger than the sentence, which any one of the lookups
satisfies. `alternative_prerequisites` widens such a prerequisite to the list of the
alternatives (an any-of `before`). Only objects joined by "or" are alternatives: "the
member and the slip" requires both (read elsewhere, one ordering each), and a part that is
no noun phrase ("or calling the harbour") ends the list.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import IMPERATIVE_VERBS, object_at
from specgap.ir import CandidateRule

__all__ = ["alternative_prerequisites"]

_DET = r"(?:the|a|an|its|their|his|her|your|any)\s+"
_OR = re.compile(r"^(?:\s*,\s*(?:or\s+)?|\s+or\s+)(?:" + _DET + r")?(?=[a-z])", re.I)
_AND = re.compile(r"^(?:\s*,\s*)?\s*(?:and|and/or)\s", re.I)
_OR_IDS = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.I)
_TOOL_ID = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+")
_NOT_NOUNS = frozenset({"it", "them", "this", "that", "then", "you", "we", "they", "so"})


def alternative_prerequisites(text: str, rule: CandidateRule) -> CandidateRule:
    """The ordering with its prerequisite widened to the alternatives said with it (module
    docstring); the rule itself when there are none."""
    before = rule.params.get("before")
    if rule.operator != "require_before" or not isinstance(before, str):
        return rule
    ids = [p.strip().strip("`") for p in _OR_IDS.split(before)]
    if len(ids) > 1 and " or " in f" {before.casefold()} " and all(map(_TOOL_ID.fullmatch, ids)):
        # "`a` or `b` must be called before `c`": a mention of two ids, either of which does
        return rule.model_copy(update={"params": {**rule.params, "before": ids}})
    words = before.split()
    for k in range(1, len(words)):
        verb, obj = words[:k], words[k:]
        said = re.search(
            r"\b(?:" + _DET + r")?" + r"\s+".join(map(re.escape, obj)) + r"\b", text, re.I
        )
        if said is None or not _said_by(text[: said.start()], verb[0]):
            continue  # the object is said as another action's ("before cancelling a booking")
        more = _alternatives(text, said.end())
        if more:
            ways = [before, *(" ".join([*verb, o]) for o in more)]
            return rule.model_copy(update={"params": {**rule.params, "before": ways}})
        return rule
    return rule


def _said_by(before: str, verb: str) -> bool:
    """The words just before the object say the prerequisite's verb (any of its forms:
    "look" in "looked up", "check" in "checking")."""
    near = re.findall(r"[a-z]+", before.casefold())[-3:]
    return any(w.startswith(verb.casefold()[:4]) for w in near)


def _alternatives(text: str, at: int) -> list[str]:
    """The noun phrases joined by "or" after position `at`; [] when a part joins by "and",
    or the list ends in no "or" (", the slip" alone is no alternative)."""
    found: list[str] = []
    said_or = False
    while (m := _OR.match(text[at:])) is not None:
        obj, end = object_at(text, at + m.end() - 1)
        first = obj.split()[0] if obj else ""
        det = re.match(r"\s*,?\s*(?:or\s+)?" + _DET, m[0], re.I) is not None
        if (
            not obj
            or first in _NOT_NOUNS
            or (not det and (first in IMPERATIVE_VERBS or first.endswith(("ing", "ed"))))
        ):
            break  # "or calling the harbour": another action, no alternative object
        said_or = said_or or "or" in m[0].casefold().split()
        found.append(obj)
        at = end
    if not said_or or _AND.match(text[at:]):
        return []
    return found
