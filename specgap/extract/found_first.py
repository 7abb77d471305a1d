"""An action conditioned on what a search found: the search comes first.

"If a free locker is found, assign it to the guest", "When matching parcels are returned,
send them to the depot", "If the invoice is located, void it", "if `find_locker` returns a
free locker, assign it", "when the search finds a match, ...": the action is to be taken on
the outcome of a search, so a call of the action before any search for the thing cannot be
what the sentence describes. Read as `require_before(<action>, before=<find the thing>)`:

- the thing is the condition's subject, its determiner and evaluative words kept for the
  resolver ("find free locker"); the action is the consequent's verb phrase, a pronoun that
  stands for the found thing ("assign it", "send them") replaced by the thing's head noun;
- the order is inferred from the condition, not said, so the rule is always reviewed
  (`grounding: inferred`); that the action happens once the thing is found is an obligation
  no operator enforces, and the note says so.

Nothing else is read here: "if the slip is free" (a state), "if no slip is found" (the
action is for the case the search failed), a consequent that is no action on the tools
(the resolver leaves it unresolved and says so).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["found_first", "found_notes", "found_rules"]

_FOUND = re.compile(
    r"^\W*(?:if|when|once|whenever|as\s+soon\s+as)\s+(?P<np>(?:(?:an?|the|any|some|one\s+or\s+"
    r"more|matching|relevant|suitable|eligible|available|free|open|valid|existing|[a-z]+(?:ing|"
    r"ed))\s+)*(?P<head>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))\s+(?:is|are|was|were|has\s+been|"
    r"have\s+been|gets?)\s+(?:successfully\s+)?(?:found|returned|located|retrieved|listed)\b"
    r"(?P<rest>[^,;]*),\s*(?:then\s+)?(?P<do>[a-z][^;]*?)\s*[.!]?\s*$",
    re.I,
)
# "If `get_slip` returns a free slip, assign it", "when the search finds a match, ...": the
# search named by its tool id (the prerequisite exactly) or as a search of some kind
_RETURNS = re.compile(
    r"^\W*(?:if|when|once|whenever|as\s+soon\s+as)\s+(?:(?P<tool>`?(?>[A-Za-z]\w*(?:[_.]\w+)+)`?|"
    r"`?(?>[a-z]+(?:[A-Z][a-z0-9]+)+)`?)|(?:the|a|your)\s+(?:[a-z]+\s+){0,2}(?:search|lookup|look-up|"
    r"query))\s+(?:returns|finds|shows|lists|yields|gives(?:\s+back)?)\s+(?P<np>(?:(?:an?|the|"
    r"any|some|one\s+or\s+more|[a-z]+(?:ing|ed)|free|open|valid|suitable|eligible|available)\s+)*"
    r"(?P<head>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))\s*,\s*(?:then\s+)?(?P<do>[a-z][^;]*?)"
    r"\s*[.!]?\s*$",
    re.I,
)
_NONE = re.compile(r"^(?:no|none|nothing)\b", re.I)
# the verb's object, when it stands for the found thing ("assign it", "book one")
_PRONOUN = re.compile(r"^(?P<verb>\S+\s+)(?:it|them|this|these|those|that|one)\b", re.I)
_DETERMINERS = frozenset({"a", "an", "the", "any", "some", "one", "or", "more"})
# verbs of talk and checking: the found thing is then described or confirmed, not acted on
_NOT_ACTIONS = frozenset(
    {"tell", "inform", "explain", "say", "ask", "confirm", "verify", "check", "continue",
     "proceed", "go", "skip", "stop", "finish", "end", "let", "show", "present", "offer",
     "use", "consider", "note", "mention", "summarise", "summarize", "store", "keep"}
)  # fmt: skip
NOT_ACTIONS = _NOT_ACTIONS  # what `order_outcome` does not read as an action either


def found_first(text: str) -> list[Emit]:
    """The inferred ordering of a sentence of the shape above, or [] (module docstring)."""
    m = _FOUND.match(text)
    if m is None:
        return _returned(text)
    if _NONE.match(m["np"]) or re.search(r"\bnot\b", m["rest"], re.I):
        return []
    do = " ".join(m["do"].split())
    verb = do.split()[0].casefold()
    if verb in _NOT_ACTIONS or verb in {"do", "don't", "never", "you"}:
        return []
    words = [w for w in m["np"].split() if w.casefold() not in _DETERMINERS]
    if not words:
        return []
    thing = " ".join(words)
    head = m["head"].split()[-1]
    action = _PRONOUN.sub(lambda p: p["verb"] + head, do, count=1)
    action = re.split(r"\s+(?:and|but|so|then)\s+(?=[a-z]+\s)", action, maxsplit=1)[0]
    return [Emit("require_before", action, {"before": f"find {thing}"}, 0.6)]


def _returned(text: str) -> list[Emit]:
    """ "If `a` returns a free slip, assign it": the same reading, the search said actively."""
    m = _RETURNS.match(text)
    if m is None or _NONE.match(m["np"]):
        return []
    do = " ".join(m["do"].split())
    if do.split()[0].casefold() in _NOT_ACTIONS | {"do", "don't", "never", "you"}:
        return []
    head = m["head"].split()[-1]
    action = _PRONOUN.sub(lambda p: p["verb"] + head, do, count=1)
    action = re.split(r"\s+(?:and|but|so|then)\s+(?=[a-z]+\s)", action, maxsplit=1)[0]
    words = [w for w in m["np"].split() if w.casefold() not in _DETERMINERS]
    before = m["tool"].strip("`") if m["tool"] else f"find {' '.join(words)}"
    return [Emit("require_before", action, {"before": before}, 0.6)]


def found_rules(sentence: Sentence) -> list[CandidateRule]:
    """`found_first`'s rules of a prompt sentence, each reviewed (the order is inferred)."""
    if sentence.subject is not None:
        return []
    return [
        candidate(sentence, e).model_copy(update={"grounding": "inferred"})
        for e in found_first(sentence.clean)
    ]


def found_notes(sentence: Sentence, rules: list[CandidateRule]) -> list[Diagnostic]:
    """The note that only the order of an inferred `found_first` (or `order_outcome`) rule
    is compiled."""
    return [
        Diagnostic(
            code="obligation-not-enforced",
            message=f"only the order is compiled (`{r.params['before']}` before "
            f"`{r.target}`, inferred from the condition): the sentence also obliges the agent "
            "to act on what the search or check found, and no operator requires a call",
            severity="note",
            span=sentence.span(),
            help="check that the call happens with an eval, or state the order itself",
        )
        for r in rules[:1]
        if r.operator == "require_before" and r.grounding == "inferred"
    ]
