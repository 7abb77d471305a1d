"""Orderings over coordinated actions, each with its own object: every one is constrained.

"Call `get_slip` before `assign_slip` or `release_slip`", "Call `get_slip` before assigning
a slip, releasing a slip or charging the fee", "Before cancelling a booking or refunding
the deposit, look up the booking": the prerequisite holds for each coordinated action.
A reader that took the first action alone (or the whole coordination as one mention, which
then ties between the tools it names) would state less than the sentence, silently.
`coordinated_orders` gives each `require_before` whose constrained action stands in such a
coordination one copy per action:

- a target mention that is itself the coordination ("`a` or `b`", "assigning a slip or
  releasing it") is split, when every part is a tool id or every part a gerund phrase, or
  when gerunds with no object of their own share the last one's ("amending or withdrawing
  any work order": amending any work order, withdrawing any work order);
- a target mention that is the first part of one in the sentence is followed by the parts
  after it that have its form (a gerund phrase after a gerund, a tool id after a tool id, an
  act named by a noun after another: "before any lesson booking, kit reservation or
  refund"); the coordination ends where a part of another form begins (", look up the
  booking").

Each copy is resolved on its own; a part that names no tool gets its own note, as any
mention does. Parts that share one object ("before you modify, cancel or refund it") are
read by `order_words.coordinated_events`; objects of one verb, by `coordination`.
"""

from __future__ import annotations

import re

from specgap.extract.action_nominal import _action
from specgap.extract.clause_steps import TOOL_ID as _ID
from specgap.extract.english import base_verb
from specgap.extract.grammar import IMPERATIVE_VERBS
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.order_alternatives import alternative_prerequisites
from specgap.extract.order_events import gerund_verb
from specgap.extract.order_words import (
    base_form,
    coordinated_events,
    coordinated_gerunds,
    passive_gerund,
)
from specgap.extract.pattern_base import singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule
from specgap.irbase import Grounding

__all__ = ["coordinated_orders"]

_SEP = re.compile(
    r"\s*,\s*(?:(?:and|or|as\s+well\s+as)\s+)?|\s+(?:or|and|and/or|as\s+well\s+as)\s+", re.I
)
_CLAUSE_END = re.compile(r"[.;:!?]|\s+(?:then|so|because|unless|if|when|while)\s", re.I)
_WORD = re.compile(r"[A-Za-z][\w'-]*")
_DETERMINERS = frozenset({"a", "an", "the", "any", "every", "each", "all"})
_BEFORE_GERUND = re.compile(r"\b(?:before|prior\s+to)\s+(?P<g>[a-z]+ing\b.*)$", re.I)


def _coordination(text: str) -> str:
    """The leading coordination of gerund phrases of `text`, up to where the clause ends or
    a part of another form begins ("cancelling X or refunding Y, look it up": the first two)."""
    end = _CLAUSE_END.search(text)
    pieces = _SEP.split(text[: end.start() if end else len(text)])
    kept = [p.strip() for p in pieces if p.strip()]
    n = next((i for i, p in enumerate(kept) if not (_gerund(p) or _lone(p))), len(kept))
    return " or ".join(kept[:n])


def _lone(piece: str) -> bool:
    """A gerund with no object of its own ("amending" of "amending or withdrawing X")."""
    return piece.isalpha() and _gerund(f"{piece} it")


def coordinated_orders(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules, each ordering over a coordinated action given once per action (module
    docstring), in order and without repeats."""
    out: list[CandidateRule] = []
    seen: set[tuple[str | None, str]] = set()
    said = coordinated_events(sentence.clean)  # "before you cancel X or refund Y": gerunds
    for rule in rules:
        rule = alternative_prerequisites(sentence.clean, rule)  # "after A or B": either
        rule = _passive_continued(sentence.clean, rule)  # "a visit is shown, moved or ..."
        for each in _per_action(said, rule):
            key = (each.target, repr(sorted(each.params.items(), key=lambda kv: kv[0])))
            if each.operator != "require_before" or key not in seen:
                seen.add(key)
                out.append(each)
    return out


def _passive_continued(text: str, rule: CandidateRule) -> CandidateRule:
    """A target that is the first of a passive's coordinated participles, cut at its comma
    ("visit is shown" of "before a visit is shown, moved or cancelled"), given with the rest
    of the coordination, which `_passive_parts` reads one action per verb; else the rule."""
    target = rule.target
    if rule.operator != "require_before" or not target or len(_passive_parts(target) or []) > 1:
        return rule
    if not re.search(r"\b(?:is|are)\s+[a-z]+$", target, re.I):
        return rule
    more = re.search(re.escape(target) + _MORE_PARTICIPLES, text, re.I)
    if more is None or len(_passive_parts(whole := target + more["more"]) or []) < 2:
        return rule
    return rule.model_copy(update={"target": whole})


_MORE_PARTICIPLES = r"(?P<more>(?:\s*,\s*[a-z]+)*\s*,?\s*(?:or|and)\s+[a-z]+)\b"


def _per_action(text: str, rule: CandidateRule) -> list[CandidateRule]:
    """The rule once per coordinated action of `text` (the sentence, its coordinated events
    said by gerunds)."""
    target = rule.target
    if rule.operator != "require_before":
        return [rule]
    if target is None:  # left to the resolver: it would tie between the coordinated actions
        led = _BEFORE_GERUND.search(text)
        first = str(rule.params.get("before", "")).split()
        # only when the prerequisite is said before "before" ("call X before ..."): after
        # it, the gerunds are what comes first, not what is constrained
        said_first = (
            bool(first)
            and led is not None
            and first[0].strip("`").casefold() in (text[: led.start()].casefold())
        )
        parts = _parts(_coordination(led["g"])) if led is not None and said_first else None
        if parts is None:
            return [rule]
        return [
            rule.model_copy(update={"target": p, "mentions": (p, *rule.mentions)}) for p in parts
        ]
    if not target.strip():
        return [rule]
    parts = _parts(target) or _passive_parts(target) or _shared_following(text, target)
    parts = parts or _verbs_before(text, target)
    if parts is None:
        more = _following(text, target) or _nouns_following(text, target)
        if not more:
            return [rule]
        parts = [target, *more]
    others = tuple(m for m in rule.mentions if m != target)
    return [
        rule.model_copy(
            update={"target": part, "mentions": (part, *others), "grounding": _grounded(rule, part)}
        )
        for part in parts
    ]


_DET = r"(?:(?:the|a|an|any|that|this|its|their|each|every)\s+)?"


def _verbs_before(text: str, target: str) -> list[str] | None:
    """The target and the verbs coordinated before its own over one object ("move or cancel
    the booking", "move, change or cancel the booking": each act on the booking, the last
    one the target the clause was read with, `cancel booking`); None when there are none."""
    verb, _, obj = target.partition(" ")
    if not obj or not verb.isalpha():
        return None
    m = re.search(
        rf"\b(?P<verbs>(?:[a-z]+\s*,\s*)*[a-z]+)\s*,?\s+(?:or|and|and/or)\s+{re.escape(verb)}\s+"
        rf"{_DET}{re.escape(obj)}\b",
        text,
        re.I,
    )
    if m is None:
        return None
    verbs = [v.casefold() for v in re.split(r"\s*,\s*", m["verbs"])]
    if not all(v in IMPERATIVE_VERBS or base_verb(v) for v in verbs):
        return None  # "only then cancel", "not cancel": no act of its own before it
    return [*(f"{v} {obj}" for v in verbs), target]


def _grounded(rule: CandidateRule, part: str) -> Grounding:
    """A part said word for word in the sentence is grounded as any target the sentence
    names (`grammar_rules.candidate`), whatever words the first part was given in."""
    if rule.grounding == "partial" and part.casefold() in rule.text.casefold():
        return "exact"
    return rule.grounding


def _parts(mention: str) -> list[str] | None:
    """ "`a` or `b`", "assigning a slip, releasing a slip or charging the fee": the parts,
    when there are two or more and all have one form; else None."""
    pieces = [p.strip() for p in _SEP.split(mention.strip()) if p.strip()]
    if len(pieces) < 2:
        return None
    if all(_ID.fullmatch(p) for p in pieces):
        return [_bare(p) for p in pieces]
    if all(_gerund(p) for p in pieces) or all(_nominal(p) for p in pieces):
        return pieces
    return _shared_object(pieces)


def _passive_parts(mention: str) -> list[str] | None:
    """ "visit is moved or cancelled": one action per verb, each over the subject ("moving
    the visit", "cancelling the visit"); "booking is removed": its one action ("removing the
    booking"); None when the mention is no such passive."""
    event = mention if _DETERMINED.match(mention) else f"the {mention}"
    said = coordinated_gerunds(event)
    if said == event:  # "booking is removed": "removing the booking", the one act
        one = passive_gerund(event)
        return [one] if one is not None and _CLAUSE_END.search(one) is None else None
    return _shared_object([p.strip() for p in _SEP.split(said) if p.strip()]) if said else None


_DETERMINED = re.compile(r"(?:any|the|a|an|each|every|its|their)\s", re.I)


def _shared_object(pieces: list[str]) -> list[str] | None:
    """ "amending, rescheduling or withdrawing any work order": gerunds with no object of
    their own before a gerund phrase share its object, each an action of its own ("amending
    any work order", ...), and the gerund phrases after it are actions of their own
    ("..., withdrawing any work order or taking a payment"); None when the pieces are not
    so."""
    n = next((i for i, p in enumerate(pieces) if len(p.split()) > 1), len(pieces) - 1)
    *bare, last = pieces[: n + 1]
    lone = [p.split() for p in bare]
    if not _gerund(last) or not last.split()[0].isalpha():
        return None  # (`cancel_firing` ends in -ing: a tool's id, no gerund)
    if not all(len(w) == 1 and _lone(w[0]) for w in lone):
        return None
    more: list[str] = []  # "..., cancelling a booking, taking a payment": each its own
    for piece in pieces[n + 1 :]:
        if not (_gerund(piece) and piece.split()[0].isalpha()):
            break  # the coordination ends where a part of another form begins
        more.append(piece)
    said = last.split(None, 1)[1]
    return [*(f"{p} {said}" for p in bare), last, *more]


def _pieces_from(text: str, target: str) -> tuple[list[str], bool]:
    """The parts of the coordination that opens where the target is said in `text`, up to
    where its clause ends ([] when the target is not said), and whether the target was
    given in its base form (`_find`)."""
    start, said_as_base = _find(text, target)
    if start < 0:
        return [], said_as_base
    end = _CLAUSE_END.search(text, start)
    chunk = text[start : end.start() if end else len(text)]
    return [p.strip() for p in _SEP.split(chunk) if p.strip()], said_as_base


def _shared_following(text: str, target: str) -> list[str] | None:
    """The target, a gerund with no object ("opening"), and the gerunds after it up to the
    first with an object, which they share ("opening, amending or withdrawing any work
    order"); None when the target does not open such a coordination."""
    pieces, _ = _pieces_from(text, target)
    if len(pieces) < 2 or pieces[0].casefold() != target.strip().casefold():
        return None
    n = next((i for i, p in enumerate(pieces) if len(p.split()) > 1), None)
    return _shared_object(pieces) if n else None


def _following(text: str, target: str) -> list[str]:
    """The parts of the target's form that follow it in a coordination of `text` (said as
    the target is: verbatim, or by its base form when the target was given so)."""
    pieces, said_as_base = _pieces_from(text, target)
    if len(pieces) < 2:
        return []
    first = pieces[0]
    if not _is_target(first, target, said_as_base):
        return []  # the target is not a part of its own ("X requires doing A or B")
    as_id = _ID.fullmatch(first) is not None
    as_noun = not as_id and not _gerund(first) and _nominal(first)
    if not as_id and not as_noun and not _gerund(first):
        return []
    more: list[str] = []
    for piece in pieces[1:]:
        said = _ID.match(piece) if as_id else None
        if said is not None:  # "`a` and `b` require ...": the last id ends the coordination
            more.append(_bare(said[0]))
            if said.end() < len(piece):
                break
        elif as_noun and _nominal(piece):
            more.append(piece)
        elif not as_id and not as_noun and _gerund(piece):
            more.append(_as_base(piece) if said_as_base else piece)
        else:
            break  # the coordination ends where a part of another form begins
    return more


def _nouns_following(text: str, target: str) -> list[str]:
    """The acts named by nouns that follow the target in a coordination of such nouns, when
    the target was given as the verb and object of the first ("book lesson" for "any lesson
    booking, kit reservation or refund")."""
    wanted = " ".join(target.casefold().split())
    for clause in re.split(r"[.;:!?()]", text):
        pieces = [p.strip() for p in _SEP.split(clause) if p.strip()]
        for i, piece in enumerate(pieces[:-1]):
            words = [w for w in piece.split() if w.casefold() not in _DETERMINERS]
            tail = _tail_nominal(words)
            if tail is None or " ".join(_action(tail) or ()).strip() != wanted:
                continue
            more: list[str] = []
            for after in pieces[i + 1 :]:
                if not _nominal(after):
                    break
                more.append(after)
            return more
    return []


def _tail_nominal(words: list[str]) -> str | None:
    """The noun phrase of at most three words that ends a piece ("first, before any lesson
    booking": lesson booking), when it names an act."""
    for n in (2, 1, 3):
        if len(words) >= n and _nominal(" ".join(words[-n:])):
            return " ".join(words[-n:])
    return None


def _find(text: str, target: str) -> tuple[int, bool]:
    """Where the target is said in `text`, and whether it was given in its base form
    ("cancel reservation" for "cancelling a reservation"); -1 when it is not found."""
    at = text.casefold().find(target.casefold())
    if at >= 0:
        return at, False
    words = target.split()
    if not words:
        return -1, False
    for m in _WORD.finditer(text):
        word = m[0]
        if word.casefold().endswith("ing") and gerund_verb(word) == words[0].casefold():
            return m.start(), True
    return -1, False


def _is_target(piece: str, target: str, said_as_base: bool) -> bool:
    """The first part of the coordination is the target itself, all of it: said verbatim,
    or its base form with the same content words ("cancelling a booking": cancel booking)."""
    if not said_as_base:
        return _bare(piece).casefold() == _bare(target).casefold()
    return _as_base(piece).casefold() == " ".join(target.split()).casefold()


def _bare(piece: str) -> str:
    """A part without its ticks and call parentheses ("`a()`": a)."""
    return piece.strip().strip("`").removesuffix("()").strip("`")


def _gerund(piece: str) -> bool:
    """The piece is an action said by a gerund with an object ("refunding the deposit")."""
    words = piece.split()
    return (
        len(words) >= 2
        and words[0].casefold().endswith("ing")
        and gerund_verb(words[0]) != words[0].casefold()
    )


def _nominal(piece: str) -> bool:
    """The piece is an act named by a noun phrase of at most three words ("refund", "kit
    reservation", "any lesson booking"): its last word names an act (`action_nominal`), or
    is a verb of the agent's own tools said as a noun ("any card charge", "a membership
    pause": `charge_card`, `pause_membership`)."""
    words = [w for w in piece.split() if w.casefold() not in _DETERMINERS]
    return (
        0 < len(words) <= 3
        and all(_WORD.fullmatch(w) for w in words)
        and (
            _action(" ".join(words)) is not None
            or singular(words[-1].casefold()) in current_tool_verbs()
        )
    )


def _as_base(piece: str) -> str:
    """ "refunding the deposit": "refund deposit", as a base-form target is given."""
    words = base_form(piece).split()
    return " ".join(w for w in words if w.casefold() not in {"a", "an", "the", "any"})
