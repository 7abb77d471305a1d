"""Open-class actions: a rule whose verb is not among the grammar's action verbs.

The grammar reads a verb as an action only when it is in `grammar_words.IMPERATIVE_VERBS`
(a closed list of general English plus the verbs the agent's tools are named by). A rule
sentence whose verb is elsewhere in English ("never relocate a booking ...", "do not hand
out vouchers ...") was read with no action and reported `rule-not-compiled (no action)`.

`opened` (the hook around one sentence's read, `reading.read_sentence`) tries, for such a
sentence only (a modal or bound was found, no action was read), the words the English
lexicon (`lemminflect`, `english.lemmas`; a verb after a prefix, "rebook", too) says can
be verbs, at most four: each is added to the action verbs for one more parse of the same
sentence, and the first that parses as the action, with an object, is an action verb for
every reader of that sentence. A verb the grammar did read with its object but does not
know as an action, in a passive ban ("a work order ... must not be amended"), is one when
the lexicon says it is a verb (twenty-sixth session), and so is the verb of an ordering's
event ("before you amend it", `event_verbs`). The grammar then reads the object, the
passive, the condition and the quantity as for any verb; the resolver maps the verb phrase
to a tool from the tools' names, descriptions and parameters, and leaves it unresolved or
ambiguous otherwise (never a guess): an `unresolved-mention` note, located, in place of the
`rule-not-compiled` one.

`reshaped` (the hook in `grammar.parse`) first puts shapes the grammar has no rule for in
a form it reads, by same-length rewrites, only when the plain reading found no action:
- a phrasal verb's particle is blanked, the verb moved next to its object ("hand out a
  voucher": hand a voucher);
- "refrain / abstain from V-ing": never V.

Deliberately not read: a verb of state, perception or speech ("contain", "include",
"exceed", "affect"): no tool call performs it; an unknown verb over an object that is
itself an action ("lift the suspension", "reverse the cancellation"): the verb may undo
what the noun names, so the noun names no tool; a causative ("must have X flagged"): who
does it is not said; "X are to be offered Y" (read as "must be offered", another reader
takes Y for a value the user gives); a compound whose head is a nominalisation ("voucher issuance is
restricted to ..."): the grammar reads the noun after "to" as the object; a sentence with
no modal and no bound.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from specgap.extract.english import CLOSED_CLASS, lemmas
from specgap.extract.grammar_words import (
    IMPERATIVE_VERBS,
    NOT_OBJECT,
    current_tool_verbs,
    tool_verbs,
)
from specgap.extract.pattern_base import lemma, split_words

if TYPE_CHECKING:
    from specgap.extract.grammar import Clause

__all__ = ["open_verbs", "opened", "reshaped", "rewritten"]

# verbs of state, perception, speech or mind: what a call's arguments or outputs are, not a
# call ("notices must not contain card numbers" is about a message's content); and verbs of
# any action at all ("do not act on tickets whose ...": every action, read elsewhere)
STATIVE = frozenset(
    split_words(
        """contain include exceed mean involve require seem appear remain belong depend match
    equal cover hold keep know mention refer reference reflect indicate state describe
    list show look sound feel become stay last lack own possess deserve concern
    consist exist happen occur apply pertain relate correspond differ vary range fall
    suggest imply expect wait hope wish like prefer see hear say tell speak talk discuss
    explain claim promise guarantee assume understand believe allow permit require
    need want go come leave take bring put let help keep cause result arise face meet
    reach exceed surpass count amount total cost weigh measure last outlive affect
    act deal work interact engage touch intervene operate behave"""
    )
)
_MODALITIES = frozenset({"must", "must_not", "only", "limit", "may"})
_WORD = re.compile(r"[A-Za-z][a-z]+(?:-[a-z]+)?")
_PARTICLE = re.compile(
    r"\b(?P<v>[A-Za-z][a-z]+)\s+(?P<p>out|up|off|back|over|down|away|through)(?=\s+(?:an?|the|"
    r"any|all|each|every|their|his|her|its|this|that|these|those|more|[a-z]+s)\b)",
    re.I,
)
# "staff should refrain from sending notices": should never send them
_REFRAIN = re.compile(r"\b(?P<said>(?:refrain|abstain)\s+from\s+(?P<g>[a-z]+ing))\b", re.I)
_NOMINALS = (("ification", ("ify",)), ("ation", ("ate", "e", "")), ("ition", ("", "e")),
             ("ance", ("", "e")), ("ence", ("", "e")), ("ment", ("",)), ("sion", ("d", "de", "t")),
             ("tion", ("", "e")), ("ion", ("", "e")), ("al", ("", "e")))  # fmt: skip
_PREFIX = re.compile(r"^(?:re|un|over|pre|de|dis|co)(?=[a-z]{3})")
_MOST = 4  # candidates tried per sentence


def _verb_forms(word: str) -> frozenset[str]:
    """The verb lemmas of `word` per the lexicon, with the grammar's own lemma of it when the
    lexicon agrees it is a verb; empty for a word that is no verb or names no action."""
    w = word.casefold()
    if w in CLOSED_CLASS or w in NOT_OBJECT or len(w) < 3:
        return frozenset()
    verbs = set(lemmas(w).get("VERB", ()))
    stem = _PREFIX.sub("", w)
    if not verbs and stem != w and lemmas(stem).get("VERB"):
        verbs = {lemma(w)}  # "rebook", "unflag": a prefix on a verb the lexicon knows
    if not verbs:
        return frozenset()
    verbs.add(lemma(w))
    from specgap.extract.grammar_emit import NOT_ACTIONS  # (it imports the grammar)

    if verbs & (STATIVE | NOT_ACTIONS):
        return frozenset()
    return frozenset(verbs)


def nominal_verb(noun: str) -> str | None:
    """The verb a nominalisation names, per the lexicon (`issuance` -> issue, `approval` ->
    approve, `revision` -> revise); None for a noun that names no action."""
    w = noun.casefold()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    if lemmas(w).get("VERB"):
        return None  # "signal", "deposit": the word is a verb itself, not a derived noun
    for suffix, endings in _NOMINALS:
        if not w.endswith(suffix) or len(w) < len(suffix) + 3:
            continue
        stem = w[: -len(suffix)]
        stems = [stem, stem[:-1]] if stem.endswith(("ss", "ll")) else [stem]
        if suffix == "sion" and stem.endswith("s"):
            stems.append(stem[:-1])  # "admission": admit
        for base in stems:
            for ending in endings:
                verb = base + ending
                if verb in lemmas(verb).get("VERB", ()) and verb not in STATIVE:
                    return verb
    return None


def rewritten(text: str) -> str:
    """`text` with the shapes of the module docstring put as the grammar reads them (same
    length); unchanged otherwise."""
    m = _REFRAIN.search(text)
    if m is not None and _verb_forms(m["g"]):
        new = f"never {lemma(m['g'])}"
        if len(new) <= len(m["said"]):
            text = text[: m.start("said")] + new.ljust(len(m["said"])) + text[m.end("said") :]
    text = _PARTICLE.sub(lambda m: m["v"].rjust(len(m[0])), text)
    return text


def reshaped(text: str, clause: Clause, parse: Callable[[str], Clause]) -> Clause:
    """A clause read with no action (or a verb with no object: "hand over a X"), read again
    from the rewritten sentence (the module docstring's shapes) when that reading has an
    action with an object; else `clause`."""
    if clause.verb is not None and clause.object:
        return clause
    if clause.modality not in _MODALITIES:
        return clause
    shaped = rewritten(text)
    if shaped == text:
        return clause
    again = parse(shaped)
    return again if again.verb is not None and again.object else clause


def open_verbs(text: str, parse: Callable[[str], Clause]) -> frozenset[str]:
    """The verb forms, outside the action verbs, under which the rule sentence `text` (read
    with no action) reads with one as its action and an object; empty if none does."""
    clause = parse(text)
    if clause.modality not in _MODALITIES:
        return frozenset()
    if clause.verb is not None:
        # "A work order ... must not be amended": the grammar read the verb and its object,
        # but the verb is none of the action verbs; the lexicon's say it is one
        # (a passive ban only: "must not be amended"; an active clause's unknown verb is
        # often a light one, "perform an inspection", and a permission's may leave its
        # condition to another reader)
        verb = clause.verb.casefold()
        if not clause.passive or clause.modality != "must_not" or verb in IMPERATIVE_VERBS:
            return frozenset()
        if not clause.object or _acted(clause.object):
            return frozenset()
        return _verb_forms(verb)
    known = current_tool_verbs()
    tried = 0
    seen: set[str] = set()
    for m in _WORD.finditer(rewritten(text)):
        word = m[0].casefold()
        if word in seen or word in IMPERATIVE_VERBS or lemma(word) in IMPERATIVE_VERBS:
            continue
        seen.add(word)
        forms = _verb_forms(word)
        if not forms:
            continue
        tried += 1
        with tool_verbs(known | forms):
            again = parse(text)
        if again.verb in forms and again.object and not _acted(again.object):
            return forms
        if tried >= _MOST:
            break
    return frozenset()


def _acted(obj: str) -> bool:
    """An object that is itself an action ("lift the suspension", "reverse a refund"): an
    unknown verb over it may undo that action, so the object alone names no tool."""
    head = obj.split()[-1] if obj.split() else ""
    return nominal_verb(head) is not None


# the verb of an ordering's event: "before you amend the work order", "after amending it",
# "until we have archived it"
_EVENT_VERB = re.compile(
    r"\b(?:before|after|until|once|prior\s+to)\s+(?:(?:you|we|the\s+agent)\s+"
    r"(?:(?:have|has)\s+)?)?(?P<v>[a-z]+)\b"
    # (not a phrasal verb's: "hand it over", "hand out any paper" are read by their idioms)
    r"(?!\s+(?:(?:it|them)\s+)?(?:out|up|off|back|over|down|away|in|on|through)\b)",
    re.I,
)


def event_verbs(text: str) -> frozenset[str]:
    """The open-class verbs of the ordering events `text` states ("Call `t` before you amend
    the order": amend), outside the action verbs, which the event readers would otherwise
    not take for an action; empty if none."""
    found: set[str] = set()
    for m in _EVENT_VERB.finditer(text):
        word = m["v"].casefold()
        if word in IMPERATIVE_VERBS or lemma(word) in IMPERATIVE_VERBS:
            continue
        found |= _verb_forms(word)
    return frozenset(found)


@contextmanager
def opened(text: str, parse: Callable[[str], Clause]) -> Iterator[None]:
    """Within the block, the open-class verb the rule sentence `text` is read by (see
    `open_verbs`), and those of its ordering events (`event_verbs`), are action verbs too,
    for every reader of that sentence."""
    forms = open_verbs(text, parse) | event_verbs(text)
    if not forms:
        yield
        return
    with tool_verbs(current_tool_verbs() | forms):
        yield
