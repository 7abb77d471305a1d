"""What the agent must do before anything else: "At the beginning of the conversation, you
have to authenticate the user by finding their id via e-mail, or via name and zip code",
"You must first identify the customer".

Such a sentence orders one action before every other call: `require_before("*", X)`, where
X is the action, or the means it is done by ("by finding their id ...": `find id`), and a
disjunction of ways ("via e-mail, or via name and zip code") is any one of them. A target
that names no tool is reviewed before it is enforced (`glob_resolution`).

The order holds within what the sentence is about, and no wider:

- under a section heading below the document's title ("## Technical support"), or after a
  scope of its own ("for any request about accounts, you must first ..."), the rule keeps
  that scope as its condition (`within: ...`), so it stays `review_only`;
- a condition before the subject ("if the member is new, you must first ...") is kept as
  the rule's condition (so the rule is reviewed); a negation, a condition after the
  opening, or a later action of its own ("... first X before Y-ing", read by `temporal`)
  is not read here;
- the obligation itself (that X happens at all) is not enforced: no operator requires a
  call; only the order is compiled.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS, object_at
from specgap.extract.order3_then import named_step
from specgap.extract.pattern_base import ANY_TOOL, lemma
from specgap.extract.segments import Sentence

_OPENING = re.compile(
    r"^\W*(?:(?:in|for|during)\s+(?:every|each|any)\s+(?:conversation|session|chat|call|"
    r"interaction)\s*,\s*)?(?:at\s+the\s+(?:very\s+)?(?:beginning|start|outset)\s+of\s+(?:the|each|every|a|any)\s+"
    r"(?:conversation|session|chat|interaction|call|dialog(?:ue)?)|before\s+(?:doing\s+)?"
    r"anything\s+else|(?:first\s+of\s+all))\s*,?\s*",
    re.I,
)
_MUST_FIRST = re.compile(
    r"\b(?:you|the\s+agent|the\s+assistant|we)\s+(?:must|should|shall|have\s+to|has\s+to|"
    r"need\s+to|needs\s+to)\s+(?:always\s+)?first\b",
    re.I,
)
# what "before" may point at without naming a later action
_NO_LATER = re.compile(
    r"^(?:proceeding|continuing|going\s+on|anything\s+else|doing\s+anything(?:\s+else)?|"
    r"moving\s+on|you\s+proceed|you\s+continue)$",
    re.I,
)
_BY = re.compile(r"\bby\s+(?P<v>[a-z]+ing)\s+", re.I)
_WAYS = re.compile(
    r"\b(?P<p>by|via|using|through|with)\s+(?P<a>[^,;]+?)\s*,?\s+or\s+(?:(?:by|via|using|"
    r"through|with)\s+)?(?P<b>[^,;.]+?)\s*(?:[.;]|$)",
    re.I,
)
_FILLER = frozenset({"the", "a", "an", "its", "their", "his", "her", "your", "customer's"})
_YOU = re.compile(r"(?P<you>you\s+)(?P<v>[a-z]+)\b", re.I)
_LEAD = re.compile(r"^(?:generally|usually|normally|always|also|so|then|and|please)\b", re.I)


def opening_rules(sentence: Sentence) -> list[Emit]:
    """`require_before("*", X)` for a sentence saying X comes before anything else (see the
    module docstring); [] for any other sentence."""
    text = sentence.clean.strip()
    opening = _OPENING.match(text)
    first = _MUST_FIRST.search(text) if opening is None else None
    if opening is None and first is None:
        return []
    main = text[opening.end() :] if opening is not None else text[first.start() :]  # type: ignore[union-attr]
    if opening is not None and (you := _YOU.match(main)) is not None and base_verb(you["v"]):
        main = main[you.end("you") :]  # "..., before anything else, you find X": "find X"
    before = text[: first.start()] if first is not None else ""
    clause = parse(main)
    if clause.negated or clause.condition is not None or clause.modality not in {"must", "none"}:
        return []
    if clause.obtain is not None:
        return []  # "you must first get the booking number from the customer": a value
    if clause.modality == "none" and not clause.imperative:
        return []
    if clause.verb is None or clause.verb not in IMPERATIVE_VERBS or clause.verb in NOT_ACTIONS:
        return []
    if clause.before and not _NO_LATER.match(clause.before.strip(" .")):
        return []  # "first X before Y-ing": the order of two actions, read elsewhere
    pronoun = not clause.object or clause.object.split()[0] in {"it", "them", "this", "that"}
    if pronoun and not named_step(main):  # "check it with `get_refill`": the tool says what
        return []
    action = _means(main, clause.action_span[1] if clause.action_span else 0) or clause.action
    assert action is not None
    ways = _ways(action, main)
    return [
        Emit(
            "require_before",
            ANY_TOOL,
            {"before": ways if len(ways) > 1 else action},
            0.7,
            condition=_scope(sentence, before),
        )
    ]


def _means(main: str, at: int) -> str | None:
    """ "authenticate the user by locating their id ...": the action done (`locate id`)."""
    m = _BY.search(main, at)
    if m is None:
        return None
    verb = lemma(m["v"].casefold())
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS:
        return None
    obj, _ = object_at(main, m.end() - 1)
    return f"{verb} {obj}" if obj else None


def _ways(action: str, main: str) -> list[str]:
    """One mention per alternative of "via A, or via B" (each ending the sentence), any of
    which satisfies the order; the action alone when there are none, or one is too long to
    be a way of doing it."""
    for start in [m.start() for m in re.finditer(r"\b(?:by|via|using|through|with)\b", main)]:
        m = _WAYS.match(main, start)
        if m is None:
            continue
        ways = []
        for part in (m["a"], m["b"]):
            words = [w for w in re.findall(r"[A-Za-z][\w'-]*", part) if w.casefold() not in _FILLER]
            if not words or len(words) > 4:
                break
            ways.append(f"{action} {m['p'].casefold()} {' '.join(words).casefold()}")
        else:
            return ways
    return [action]


def _scope(sentence: Sentence, before: str) -> str | None:
    """What the order holds within: the sentence's own lead ("for any request about X, you
    must first ..."), or a section heading below the document's title."""
    lead = " ".join(_LEAD.sub("", before.strip(" ,-*")).split()).strip(" ,")
    if re.match(r"(?:if|when|whenever|unless|once|after|while)\b", lead, re.I):
        return lead  # a condition, kept as written
    if lead:
        return f"within: {lead}"
    heading = sentence.context.strip()
    if not heading or sentence.subject is not None:
        return None
    m = re.search(r"^(#{1,6})\s+" + re.escape(heading) + r"\s*#*\s*$", sentence.artifact.text, re.M)
    return f"within: {heading}" if m is None or len(m[1]) > 1 else None
