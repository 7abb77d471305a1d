"""State words read once the rule's tool is known: the states the tools list for the entity
the call names (`state_vocab`) decide what the sentence alone could not.

Two readings, both run before `specgap.resolve.conditions.bind_states` checks the entity,
field and readers of every `state_condition`:

- **a kept condition the tools' words bind.** The grammar keeps a ban `review_only` with
  its condition when it cannot tell that a word is a state ("accounts in arrears must not
  be closed": `in arrears`; "unless they are operational"; "for researchers with expired
  safety training"). When the kept condition reads, as a whole, as a test of states the
  readers of the call's own entity list ("state: open, suspended, in_arrears, closed"), the
  ban becomes that `state_condition`; the stale `condition-not-bound` note goes.
- **a state the ban leaves out.** A ban compiled without any condition from a sentence that
  puts a listed state on the entity the call names ("never disconnect the supply of a
  suspended account", "Should the stay be cancelled, do not send updates", "faulty or
  removed meters: do not schedule readings") would be stronger than the sentence: it
  becomes the `state_condition` the words say, or, when the sentence also limits it in
  words this reading does not follow ("only", "unless", "before"), it stays a ban kept
  `review_only` with the state as its condition and a located note.

Nothing here makes a rule stronger: a ban is only narrowed to the states its sentence names,
or demoted to review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from specgap.extract.grammar_emit import recast
from specgap.extract.state_vocab import Vocab, value_pattern, vocabularies
from specgap.ir import Diagnostic, ResolvedRule
from specgap.registry import Registry

__all__ = ["Settled", "settle_states"]

_COP = (
    r"(?:is|are|be|was|were|has\s+been|have\s+been|had\s+been|becomes?|became|remains?|gets?|"
    r"got|(?:is|are)\s+(?:marked|flagged|listed)(?:\s+as)?|(?:is|are)\s+in)"
)
_ADV = r"(?:still|already|currently|now|yet|ever|actually)"
_NEG = r"(?:not|no\s+longer|anything\s+(?:other\s+than|but)|other\s+than|never)"
_STATE_WORDS = r"(?:status|state|stage|phase|condition)"
_DET = r"(?:the|an?|any|this|that|its|their|such\s+an?)"
_HOLDS = r"(?:if|when|whenever|while|once|should|in\s+case|where)"
_UNLESS = r"(?:unless|except\s+(?:when|if|where|for)|except)"
# words that limit a ban in ways the shapes below do not follow
_LIMITS = re.compile(
    r"\b(?:only|unless|except|other\s+than|but\s+not|until|till|before|after|anything\s+but|"
    r"instead|rather)\b",
    re.I,
)


@dataclass(frozen=True)
class Settled:
    """The rules after both readings, the notes of the rules demoted here, and the
    extraction's notes that no longer hold (a kept condition now bound)."""

    resolved: tuple[ResolvedRule, ...]
    notes: tuple[Diagnostic, ...]
    stale: tuple[Diagnostic, ...]
    registry: Registry  # the tools they were read with


@dataclass(frozen=True)
class _Reading:
    vocab: Vocab
    field: str
    values: tuple[str, ...]
    denied: bool  # the ban holds while the entity is in one of the values


def _values(vocab: Vocab, kinds: bool = False) -> str:
    """A list of listed values joined by `or` (and by `and` only when `kinds`: "cancelled
    and attended bookings" are two kinds, but "it is used and void" is one state said twice,
    which no single field value is: never read as either)."""
    one = "|".join(value_pattern(v) for v in vocab.values())
    both = r"|\s*,\s*and\s+|\s+and\s+" if kinds else ""
    sep = rf"(?:\s*,\s*(?:or\s+)?|\s+or\s+|\s*/\s*{both})"
    return rf"(?:{one})(?:{sep}(?:{one}))*"


def _entity(vocab: Vocab) -> str:
    words = vocab.entity.split()
    last = re.escape(words[-1]) + r"(?:s|es)?"
    return r"[\s_-]+".join([*(re.escape(w) for w in words[:-1]), last])


def _fields(vocab: Vocab) -> str:
    names = "|".join(value_pattern(f) for f, _ in vocab.fields)
    return rf"(?:{names}|{_STATE_WORDS})" if names else _STATE_WORDS


def _split(vocab: Vocab, said: str) -> list[str]:
    """The values of a matched list, longest listed spelling first."""
    found: list[str] = []
    rest = said
    for value in vocab.values():
        pattern = re.compile(value_pattern(value), re.I)
        if pattern.search(rest):
            found.append(value)
            rest = pattern.sub(" ", rest)
    leftover = re.sub(r"\b(?:or|and)\b|[,/\s]", "", rest)
    return found if not leftover else []


def _reading(vocab: Vocab, said: str, field_said: str | None, denied: bool) -> _Reading | None:
    values = _split(vocab, said)
    if not values:
        return None
    flags = [v for v in values if v in vocab.flags]
    if flags:
        if len(values) != 1 or field_said:
            return None
        return _Reading(vocab, values[0], ("true",), denied)
    listed = vocab.field_of(values)
    if listed is None:
        return None
    field, spelled = listed
    if field_said and not re.fullmatch(
        rf"{value_pattern(field)}|{_STATE_WORDS}", field_said.strip(), re.I
    ):
        return None
    return _Reading(vocab, field, spelled, denied)


_CONTRACTED = re.compile(r"\b(it|they|that)'(s|re)\b|\b(is|are)n't\b", re.I)


def _spelled_out(m: re.Match[str]) -> str:
    if m[3]:
        return f"{m[3]} not"
    return f"{m[1]} {'is' if m[2].casefold() == 's' else 'are'}"


# --- a kept condition, read as a whole ---------------------------------------------------------


def _kept(vocab: Vocab, condition: str) -> _Reading | None:
    """The state test a ban's kept condition is, when it reads as one as a whole."""
    text = _CONTRACTED.sub(_spelled_out, re.sub(r"[\s.,;:!]+$", "", " ".join(condition.split())))
    opener = re.match(rf"^(?:(?P<holds>{_HOLDS})|(?P<unless>{_UNLESS}))\s+", text, re.I)
    unless = bool(opener and opener["unless"])
    rest = text[opener.end() :] if opener else text
    vals, ent, fld = _values(vocab), _entity(vocab), _fields(vocab)
    subject = rf"(?:{_DET}\s+)?(?:(?:[a-z][\w-]*\s+)?{ent}|it|they|this\s+one)"
    shapes = (
        # "it is not in arrears", "the booking is still pending_approval or approved"
        rf"{subject}\s+{_COP}\s+(?:{_ADV}\s+)?(?P<neg>{_NEG}\s+)?(?:{_ADV}\s+)?"
        rf"(?:in\s+(?:the\s+|an?\s+)?)?(?P<v>{vals})(?:\s+(?P<f>{fld}))?",
        # "the account state is anything other than open", "whose condition is anything but"
        rf"(?:(?:for|of|to|on)\s+(?:{_DET}\s+)?{ent}\s+)?(?:the|its|their|whose)\s+(?:{ent}(?:'s)?\s+)?(?P<f>{fld})(?:\s+of\s+(?:the|an?)\s+{ent})?"
        rf"\s+(?:is|are)\s+(?P<neg>{_NEG}\s+)?(?:one\s+of\s+)?(?P<v>{vals})",
        # "in arrears", "with expired vaccination", "for researchers who are suspended"
        rf"(?:(?:for|of|to|on)\s+)?(?:{_DET}\s+)?(?:{ent}\s+)?(?:(?:that|who|which)\s+(?:is|are|has|have)\s+)?"
        rf"(?P<neg>(?:not|other\s+than|except(?:\s+for)?)\s+)?(?:(?:in|with|marked(?:\s+as)?|"
        rf"flagged(?:\s+as)?)\s+)?(?:the\s+|an?\s+)?(?P<v>{vals})(?:\s+(?P<f>{fld})|\s+ones?)?",
        # "to cancelled or no_show stays", "for non-active researchers"
        rf"(?:(?:for|of|to|on|with)\s+)?(?:{_DET}\s+)?(?P<neg>non-?|not\s+)?"
        rf"(?P<v>{_values(vocab, kinds=True)})\s+(?:[a-z][\w-]*\s+)?{ent}(?P<f>)",
    )
    for shape in shapes:
        m = re.fullmatch(shape, rest, re.I)
        if m is not None:
            negated = bool(m["neg"])
            return _reading(vocab, m["v"], m["f"], denied=(not unless) != negated)
    return None


# --- a state the unconditional ban leaves out ------------------------------------------------


def _unsaid(vocab: Vocab, sentence: str) -> list[tuple[_Reading, str]]:
    """Every listed state the sentence puts on the entity, with the words that say it."""
    vals, ent, fld = _values(vocab), _entity(vocab), _fields(vocab)
    kinds = _values(vocab, kinds=True)
    shapes = (
        # "a suspended account", "faulty or removed meters", "non-active researchers"
        rf"(?P<neg>\bnon-?|\bnot\s+)?\b(?P<v>{kinds})\s+(?:[a-z][\w-]*\s+)?{ent}\b",
        # "stays that have been checked out", "a researcher who is suspended"
        rf"\b{ent}\s+(?:that|which|who)\s+{_COP}\s+(?:{_ADV}\s+)?(?P<neg>{_NEG}\s+)?"
        rf"(?:{_ADV}\s+)?(?P<v>{vals})",
        # "should the stay be cancelled", "if an instrument is under maintenance"
        rf"\b(?:{_HOLDS})\s+(?:{_DET}\s+)?(?:(?:[a-z][\w-]*\s+)?{ent}|it|they)\s+{_COP}\s+"
        rf"(?:{_ADV}\s+)?(?P<neg>{_NEG}\s+)?(?:{_ADV}\s+)?(?P<v>{vals})",
        # "accounts in arrears", "stays marked no_show", "meters with status faulty"
        rf"\b{ent}\s+(?:in|marked(?:\s+as)?|flagged(?:\s+as)?|with\s+(?:an?\s+)?{fld}(?:\s+of)?)"
        rf"\s+(?:the\s+)?(?P<v>{vals})\b",
        # a table row or label keyed by the state ("| faulty | do not schedule readings |",
        # read as "faulty: do not schedule readings")
        rf"^\W*(?P<v>{kinds})\s*:",
        # "instruments out of order are never reserved": the state right after the noun
        rf"\b{ent}\s+(?P<v>{vals})(?=\s+(?:are|is|must|may|can|cannot|can't|should|shall|will|"
        r"were|was|have|has|need)\b)",
    )
    found: list[tuple[_Reading, str]] = []
    for shape in shapes:
        for m in re.finditer(shape, sentence, re.I):
            reading = _reading(vocab, m["v"], None, denied=not m.groupdict().get("neg"))
            if reading is not None:
                found.append((reading, m[0].strip()))
    return found


# --- the rules ---------------------------------------------------------------------------------


def _as_state(each: ResolvedRule, reading: _Reading) -> ResolvedRule:
    side = "denied" if reading.denied else "allowed"
    params: dict[str, Any] = {
        "entity": reading.vocab.entity,
        "field": reading.field,
        side: list(reading.values),
    }
    rule = recast(each.rule, "state_condition", params, condition=None)
    return each.model_copy(update={"rule": rule})


def _one(readings: Iterable[_Reading]) -> _Reading | None:
    found = {(r.vocab.entity, r.field, r.values, r.denied): r for r in readings}
    return next(iter(found.values())) if len(found) == 1 else None


def _plain_ban(each: ResolvedRule) -> bool:
    rule = each.rule
    return (
        rule.operator == "deny_action"
        and not any(v for k, v in rule.params.items() if k != "operator")
        and each.target.status == "resolved"
    )


def settle_states(
    registry: Registry, resolved: Iterable[ResolvedRule], diagnostics: Iterable[Diagnostic]
) -> Settled:
    """Both readings (module docstring) over every resolved rule; the other rules are the
    very objects they were."""
    out: list[ResolvedRule] = []
    notes: list[Diagnostic] = []
    stale: list[Diagnostic] = []
    kept_notes = [d for d in diagnostics if d.code == "condition-not-bound"]
    for each in resolved:
        stated = _state_not_step(registry, each)
        if stated is not None:  # "cancelling requires the stay to be booked"
            out.append(_as_state(each, stated))
            continue
        tool = registry.by_id.get(each.target.tool_id or "") if _plain_ban(each) else None
        vocabs = vocabularies(registry, tool) if tool is not None else ()
        if not vocabs:
            out.append(each)
            continue
        condition = each.rule.condition
        if condition is not None:
            reading = _one(r for v in vocabs if (r := _kept(v, condition)) is not None)
            if reading is not None:
                out.append(_as_state(each, reading))
                said, at = repr(condition), each.rule.span
                stale.extend(d for d in kept_notes if d.span == at and said in d.message)
                continue
            more = [
                (r, w)
                for v in vocabs
                for r, w in _unsaid(v, each.rule.text)
                if not re.search(value_pattern(r.values[0]), condition, re.I)
                and not (r.field in v.flags and re.search(value_pattern(r.field), condition, re.I))
            ]
            if not more:
                out.append(each)
                continue
            # "do not disconnect an open account during winter" kept only 'during winter':
            # the state the sentence also puts on the entity belongs to the condition too
            words = "; ".join(dict.fromkeys(w for _, w in more))
            said, at = repr(condition), each.rule.span
            stale.extend(d for d in kept_notes if d.span == at and said in d.message)
            out.append(_with_condition(each, f"{condition}, and while {words}"))
            notes.append(_note(each, f"{condition}, and while {words}", more[0][0].vocab))
            continue
        found = [pair for v in vocabs for pair in _unsaid(v, each.rule.text)]
        if not found:
            out.append(each)
            continue
        reading = _one(r for r, _ in found)
        if reading is not None and not _LIMITS.search(each.rule.text):
            out.append(_as_state(each, reading))
            continue
        words = "while " + "; ".join(dict.fromkeys(w for _, w in found))
        out.append(_with_condition(each, words))
        notes.append(_note(each, words, found[0][0].vocab))
    return Settled(tuple(out), tuple(notes), tuple(stale), registry)


def _state_not_step(registry: Registry, each: ResolvedRule) -> _Reading | None:
    """An ordering read from a participle that is a state the tools list for the call's
    entity, said as a state ("requires the stay to be booked", "must still be booked"), not
    as a step done ("has been booked"): the stay was booked before this session, so the
    state is what the sentence asks, not a call to `book_stay` first."""
    rule = each.rule
    before = each.params.get("before") or ()
    if (
        rule.operator != "require_before"
        or rule.condition is not None
        or each.target.status != "resolved"
        or len(before) != 1
        or before[0].status != "resolved"
    ):
        return None
    tool = registry.by_id.get(each.target.tool_id or "")
    step = re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", (before[0].tool_id or "").casefold())
    if tool is None or not step or not step[0]:
        return None
    for vocab in vocabularies(registry, tool):
        for value in vocab.values():
            words = re.findall(r"[a-z0-9]+", value.casefold())
            if not words or not words[0].startswith(step[0]) or len(words[0]) > len(step[0]) + 3:
                continue
            if words[1:] != step[1 : len(words)]:  # `checked in` of `check_in_pet`
                continue
            spelled = value_pattern(value)
            said = re.search(rf"\b(?:to\s+be|be|is|are|being|remains?)\s+(?:{_ADV}\s+)?{spelled}",
                             rule.text, re.I)  # fmt: skip
            done = re.search(
                rf"\b(?:has|have|had)\s+(?:{_ADV}\s+)?been\s+{spelled}", rule.text, re.I
            )
            listed = vocab.field_of([value])
            if said and not done and listed is not None:
                return _Reading(vocab, listed[0], listed[1], denied=False)
    return None


def _with_condition(each: ResolvedRule, condition: str) -> ResolvedRule:
    return each.model_copy(update={"rule": each.rule.model_copy(update={"condition": condition})})


def _note(each: ResolvedRule, condition: str, vocab: Vocab) -> Diagnostic:
    return Diagnostic(
        code="condition-not-bound",
        message=f"`deny_action` on `{each.target.tool_id}` holds only {condition!r} (with a state "
        f"the tools list for the {vocab.entity}), in words no state test here follows; it stays "
        "`review_only` with that condition",
        severity="note",
        span=each.rule.span,
        help="write the condition as a state test (`only while its status is 'open'`) to "
        "enforce it",
    )
