"""A line that only says the rule before it holds for something else too.

Chat notes and checklists state a rule once and then reuse it: "get a yes before cancelling
anything" followed by "same for refunds", "refunds too", "ditto for discounts", "the same
goes for transfers". Read alone, such a line names an action and no rule, so it was read as
nothing. Here it takes the rules of the sentence just before it (in the same artifact and the
same section), each with its tool replaced by the thing the line names, located on the line
itself. The copy is as strong as the rule it repeats and never stronger: a condition the rule
kept stays on the copy (with its own located note), and a rule over every tool ("*") is not
copied, as the line then names no other tool it could hold for.

When the sentence before gave no rule, the line says so in a located `rule-not-compiled`
note, so nothing it states is lost in silence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.answer import ANY_TOOL
from specgap.extract.grammar_notes import condition_diagnostic, gap_diagnostic
from specgap.extract.grammar_rules import Gap
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

Read = tuple[Sentence, list[CandidateRule], list[Diagnostic]]

_EDGE = r"[\W_]*"  # emoji, bullets, dashes and full stops around the line
_THING = r"(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,4}?)"
_SAME = re.compile(
    rf"^{_EDGE}(?:and\s+|also\s+)?(?:"
    r"(?:the\s+)?same\s+(?:rule\s+|thing\s+|deal\s+|here\s+)?(?:goes\s+|applies\s+|holds\s+)?"
    r"(?:with|for|to)"
    r"|ditto\s+(?:for|with)|likewise\s+(?:for|with)"
    rf")\s+(?:the\s+|all\s+|any\s+)?{_THING}{_EDGE}$",
    re.I,
)
_TOO = re.compile(
    rf"^{_EDGE}(?:and\s+)?(?:the\s+|all\s+|any\s+)?{_THING},?\s+(?:too|as\s+well){_EDGE}$", re.I
)
# a thing that is no action another rule could hold for ("same with me", "same here")
_NOT_A_THING = frozenset({
    "me", "you", "us", "them", "it", "this", "that", "here", "there", "everyone", "everybody",
    "anyone", "all", "today"
})  # fmt: skip


def named(sentence: Sentence) -> str | None:
    """What a line that repeats the rule before it names ("same for refunds": "refunds")."""
    text = " ".join(sentence.clean.split())
    m = _SAME.match(text) or _TOO.match(text)
    if m is None or m["x"].casefold() in _NOT_A_THING:
        return None
    return m["x"]


def repeated(read: Iterable[Read]) -> Iterator[Read]:
    """Each sentence's rules; a line that repeats the rule before it ("same for refunds")
    gets that rule over the thing it names."""
    before: Read | None = None
    for sentence, found, notes in read:
        thing = None if found else named(sentence)
        if thing is None:
            before = sentence, found, notes
            yield sentence, found, notes
            continue
        earlier = _earlier(before, sentence)
        copies = [_copy(r, sentence, thing) for r in earlier if r.target not in {None, ANY_TOOL}]
        if not copies:
            notes = [*notes, _unread(sentence, thing, bool(earlier))]
        kept = [condition_diagnostic(sentence, r) for r in copies if r.condition]
        before = sentence, copies, notes  # "same for refunds. same for discounts."
        yield sentence, copies, [*notes, *kept]


def _earlier(before: Read | None, sentence: Sentence) -> list[CandidateRule]:
    """The rules of the sentence before, when it sits in the same artifact and section."""
    if before is None:
        return []
    prior, rules, _ = before
    if prior.artifact.path != sentence.artifact.path or prior.context != sentence.context:
        return []
    if prior.subject != sentence.subject:
        return []
    return rules


def _copy(rule: CandidateRule, sentence: Sentence, thing: str) -> CandidateRule:
    mentions = tuple(thing if m == rule.target else m for m in rule.mentions)
    if thing not in mentions:
        mentions = (thing, *mentions)
    return rule.model_copy(
        update={
            "text": " ".join(sentence.text.split()),
            "span": sentence.span(),
            "quote": sentence.quote(),
            "target": thing,
            "mentions": mentions,
            "grounding": "exact",
            "mention_context": {k: v for k, v in rule.mention_context.items() if k != rule.target},
        }
    )


def _unread(sentence: Sentence, thing: str, over_all: bool) -> Diagnostic:
    why = (
        "the rule before it holds for every tool already"
        if over_all
        else "no rule was read from the sentence before it"
    )
    message = f"this line says the rule before it holds for {thing!r} too, but {why}, so "
    gap = Gap("rule-not-compiled", message + "nothing is compiled from it",
              "state the rule for it in a sentence of its own")  # fmt: skip
    return gap_diagnostic(sentence, gap)
