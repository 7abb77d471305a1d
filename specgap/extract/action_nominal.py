"""A step required before an action, both named by nouns: "Identity verification is
mandatory for all voucher requests", "A vehicle inspection is required before any booking".

The rule grammar reads an ordering from verbs ("verify the identity before issuing a
voucher"); here both actions are nominalisations, so no verb is found and the sentence was
reported `rule-not-compiled (no action)`. Each noun is turned back into its verb with the
English lexicon (`action_open.nominal_verb`, the `noact_words.act` list), the words before
it as the object ("identity verification": verify identity), and the sentence is read again
spelt with the verbs ("Always verify identity before booking"). Only an ordering
(`require_before`) or a confirmation read from that spelling is kept; the resolver maps
each verb phrase to a tool from the tools' own names and descriptions, or leaves it
unresolved (a located note), never a guess.

Not read: a first part that names no action ("a valid passenger record is required
before ..."): what is to be obtained, and from where, is not said.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.action_open import nominal_verb
from specgap.extract.english import lemmas
from specgap.extract.noact_respell import spelt as spelt_as
from specgap.extract.noact_words import LIGHT_VERBS, act
from specgap.extract.pattern_base import is_action_noun, lemma, singular
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import inflections

__all__ = ["act_verb", "reread", "spelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_DET = r"(?:(?:a|an|the|any|all|each|every|valid|prior|explicit)\s+)*"
_NP = r"(?P<{0}>(?:[a-z][\w-]*\s+){{0,2}}?[a-z][\w-]*)"
_REQUIRED = re.compile(
    r"^\W*" + _DET + _NP.format("x") + r"\s+(?:is|are)\s+(?:always\s+)?(?:required|mandatory|"
    r"needed|necessary|compulsory|obligatory)\s+(?:before|prior\s+to|for)\s+" + _DET
    + _NP.format("y") + r"(?P<rest>(?:\s+(?:of|for|to|on|with)\s+[^.;!]*)?)\s*[.;!]?\s*$",
    re.I,
)  # fmt: skip
_YES = frozenset({"approve", "confirm", "consent", "authorize", "authorise", "agree", "sign"})
_KEPT = frozenset({"require_before", "require_confirmation"})


def act_verb(noun: str) -> str | None:
    """The verb an action noun names: an action noun, a nominalisation the lexicon turns
    back into a verb, a gerund, or a light verb's noun ("requests"); never a noun that is
    only spelt like a verb ("record", "notice")."""
    word = singular(noun.casefold())
    if is_action_noun(word) or word in LIGHT_VERBS:
        return act(word) or word
    if word.endswith("ing") and lemmas(word).get("VERB"):
        return lemma(word)
    return nominal_verb(word)


def _action(phrase: str) -> tuple[str, str] | None:
    """(verb, object) of an action said as a noun phrase: "identity verification" ->
    (verify, identity); "voucher requests" -> (request, voucher); None for no action."""
    words = phrase.casefold().split()
    verb = act_verb(words[-1])
    if verb is None:
        return None
    mods = words[:-1]
    if verb in LIGHT_VERBS and mods and (done := act_verb(mods[-1])) is not None:
        return done, " ".join(mods[:-1])  # "refund requests": the refund
    return verb, " ".join(mods)


def _gerund(verb: str) -> str:
    forms = inflections(verb, "VBG")
    return forms[-1] if forms else verb + "ing"


def spelt(text: str) -> str | None:
    """The sentence spelt with its verbs ("Always verify identity before requesting
    voucher"), or None when it is not a step required before an action, both nouns."""
    m = _REQUIRED.match(text)
    if m is None:
        return None
    first, then = _action(m["x"]), _action(m["y"])
    if first is None or then is None or first[0] == then[0] or first[0] in _YES:
        return None  # ("manager approval is required for X": a yes, its readers' business)
    said = f"Always {first[0]} {first[1]}".rstrip()
    later = f"{_gerund(then[0])} {then[1]}".rstrip()
    return " ".join(f"{said} before {later}{m['rest']}.".split())


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again spelt with its verbs (module docstring) when nothing was
    read from it; only an ordering or a confirmation from that reading is kept."""
    if rules or sentence.subject is not None:
        return rules, diagnostics
    said = spelt(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, notes = read(spelt_as(sentence, said))
    kept = [r for r in found if r.operator in _KEPT]
    if not kept or len(kept) != len(found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in kept], notes
