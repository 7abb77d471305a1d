"""Rule sentences whose action is a noun, not a verb and its object, spelt with the verb.

The rule grammar reads an action as a verb and what it acts on ("never refund cancelled
bookings"). Many rules name the action by a noun instead, and have no verb the grammar
finds:

- a ban opened by "no": "No refunds for cancelled bookings" -> "Never refund cancelled
  bookings"; "No rescheduling while the telescope is closed" -> "Never reschedule while ...";
- what a subject gets none of: "Cancelled bookings get no refund" -> "Never refund cancelled
  bookings"; "Suspended members get no guest passes" -> "Never give guest passes to
  suspended members" (a thing, not an act: the grammar reads what gives it);
- an action noun with its scope as the subject of a bar: "Bookings for closed telescopes are
  not allowed" -> "Never book closed telescopes"; "Cancellation after the night has started
  is not permitted" -> "Never cancel after the night has started";
- an action noun reserved for a state: "Refunds are only for bookings whose status is
  cancelled" -> "Only refund for bookings whose status is cancelled";
- a bound on an action noun said in a bare number: "Refunds may not exceed 400", "refunds
  are capped at 400" -> "Refund amounts may not exceed 400" (what a refund is measured by
  is its amount; the argument is bound against the tool's parameters at compile time, and a
  tool without one gets an `unknown-argument` note, never a guess);
- where an argument's values come from, said as a label: "Member ids: only those returned by
  `get_member`" -> "Member ids must come from `get_member`".

The forms are in `noact_forms` and `noact_more`, their words in `noact_words`. `respelled`
gives the sentence spelt with the verb, or None; `reread` reads that spelling
with the extractor's own reading of a sentence, and keeps it only when it gives rules. The
rules keep the sentence's own words, quote and span. Nothing here binds a condition itself:
the spelt sentence goes through the same grammar, so a condition no entity binds stays
`review_only` with its note, exactly as if the user had written the verb.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from specgap.extract.noact_described import described_spelling
from specgap.extract.noact_dotted import respelt_ids, snake
from specgap.extract.noact_forms import (
    above,
    as_said,
    barred,
    exceed,
    gets_none,
    label_no,
    label_no_thing,
    no_ban,
    no_beyond,
    no_thing,
    on_file,
    one_per,
    only_from,
    reserved,
    times_per,
)
from specgap.extract.noact_more import (
    LIGHT_LEAD,
    agree,
    closed_to,
    gerund_only,
    it_only,
    light,
    limited,
    only_count,
    only_given,
    only_with,
    possible,
    qualify,
    requires_state,
    things_per,
    yes_label,
)
from specgap.extract.noact_words import act
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "respelled", "spelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]


def respelled(text: str) -> str | None:
    """The sentence spelt with the verb its action noun names (module docstring), or None
    when it is in none of those forms (the first spelling, when several forms fit)."""
    return next((said for _, said in _respelled(text)), None)


_GIVEN = frozenset({gets_none, no_thing, label_no_thing})  # kept only with a state
_FORMS = (
    closed_to, no_ban, no_beyond, label_no, gets_none, barred, reserved, it_only, only_given,
    possible, gerund_only, agree, requires_state, qualify, one_per, exceed, above, only_from, light,
    only_with, only_count, limited, yes_label, times_per, as_said, on_file, things_per,
    no_thing, label_no_thing,
)  # fmt: skip
_TRIES = 3  # spellings read at most, in the forms' order
# "never reschedule bookings marked completed": the state of the object, said as its own
_MARKED = re.compile(
    r"\b(?P<np>[a-z][\w-]*s)\s+(?:marked|flagged|tagged|labell?ed)\s+(?:as\s+)?(?P<state>'[^']+'|"
    r"\"[^\"]+\"|[a-z][\w-]*)(?=\s*(?:[.;,!]|$))",
    re.I,
)


# a condition said before a ban by a noun: "If the plan is suspended, no bookings."
_CONDITION_FIRST = re.compile(
    r"^(?P<lead>[\s\-*\u2022>\d.)]*)(?P<if>if|when|while|whenever|once|as\s+long\s+as)\s+"
    r"(?P<cond>[^,;:]+?),\s*(?:then\s+)?(?P<no>no\s+[^,;:]+?)(?P<end>[.;!]?)\s*$",
    re.I,
)


def _respelled(text: str) -> list[tuple[bool, str]]:
    """Each spelling a form gives, in order, with whether only a state's rules are kept
    from it: "X get no Y" is as often a fact as a rule ("guests get no e-mail"), so only a
    reading of the state X is in ("suspended members get no guest passes") is kept. Two
    forms may fit one sentence ("no guest passes for X": passing a guest, or giving
    passes): each is read, the first kept reading wins."""
    out: list[tuple[bool, str]] = []
    texts = [text]
    last = _CONDITION_FIRST.match(text)
    if last is not None:  # "If X is S, no bookings.": "No bookings if X is S." too
        texts.append(f"{last['lead']}{last['no']} {last['if']} {last['cond']}{last['end']}")
    for form, said_as in ((f, t) for t in texts for f in _FORMS):
        said = form(said_as)
        if said is not None:
            said = re.sub(r"\s+(?=[.;!]\s*$)", "", " ".join(said.split()))
            said = _MARKED.sub(r"\g<np> that are \g<state>", said)  # "bookings marked X"
            out.append((form in _GIVEN, said))
    return list(dict.fromkeys(out))[:_TRIES]


def spelt_through(text: str, forms: Iterable[Callable[[str], str | None]]) -> str:
    """`text` spelt again by each form in turn, each on the previous one's answer (a form
    answers None where its shape is not in the text), with its spaces tidied."""
    said = text
    for form in forms:
        again = form(said)
        if again is not None:
            said = " ".join(again.split())
    return said


def spelt(sentence: Sentence, text: str) -> Sentence:
    """`sentence` with `text` in place of its words: each character of the new text sits
    at a proportional place in the old one, so the whole span and the quote stay the
    sentence's own."""
    old = sentence.offsets
    size = len(sentence.text)
    at = [old[min(size, (i * size) // max(1, len(text)))] for i in range(len(text))]
    return Sentence(sentence.artifact, text, (*at, old[-1]), sentence.context, sentence.subject,
                    sentence.asked)  # fmt: skip


def reread(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    read: Read,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again where the first reading (`rules`, `diagnostics`; `read` is
    the extractor's reading of one sentence) missed its action:

    - with its dotted tool ids in snake_case (`noact_dotted`), when that gives rules and
      the first reading gave none or cut a bare id at its dots;
    - spelt with its verb (a prompt sentence nothing was read from, or only a light verb's
      mention: "submit request"), when that gives a rule `_kept` allows;
    - in a tool's description, spelt the description's way when it names the tool's own
      act by its noun (`noact_described`).

    (A `for` is never dropped to make its noun the object: "refund for memberships"
    refunds a fee, not a membership.)"""
    text = sentence.clean
    dotted = snake(text)
    if dotted is not None and (not rules or dotted[2]):  # "... must come from plants.order.get"
        found, notes = read(spelt(sentence, dotted[0]))
        if found:
            return [respelt_ids(r, dotted[1]) for r in _own_words(sentence, found)], notes
    text = dotted[0] if dotted is not None else text
    if sentence.subject is not None:  # "No refunds for X" in `refund_fee`'s description
        own = described_spelling(text, sentence.subject) if not rules else None
        found, notes = read(spelt(sentence, own)) if own is not None else ([], [])
        return (_own_words(sentence, found), notes) if found else (rules, diagnostics)
    if not all(_light_led(r) or _misread(r) for r in rules):
        return rules, diagnostics
    tried = _respelled(text)
    for conditional, said in tried:
        found, notes = read(spelt(sentence, said))
        if _kept(found, conditional):
            return _own_words(sentence, found), notes
    if tried and not rules and not diagnostics and not tried[0][0] and not _reworded(text):
        # a ban or limit said with an action noun, read to nothing safe: never silence
        diagnostics = [_unsafe(sentence, tried[0][1])]
    return rules, diagnostics


def _reworded(text: str) -> bool:
    """Only a light verb reworded ("you can help users cancel X"): a permission as often as
    a rule, so a reading to nothing is no loss to note."""
    return all(form is light for form in _FORMS if form(text) is not None)


def _unsafe(sentence: Sentence, said: str) -> Diagnostic:
    return Diagnostic(
        code="rule-not-compiled",
        message=f"this sentence states a rule over an action it names by a noun (read as "
        f"`{said}`), but that reading compiles to no rule that keeps all of the sentence",
        severity="note",
        span=sentence.span(),
        help="name the action with its verb and the entity's state (`never reschedule bookings "
        "whose status is 'completed'`), or enforce it elsewhere",
    )


def _own_words(sentence: Sentence, found: list[CandidateRule]) -> list[CandidateRule]:
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in found]


Reread = Callable[
    [Sentence, list[CandidateRule], list[Diagnostic], Read],
    tuple[list[CandidateRule], list[Diagnostic]],
]


def when_none(respell: Callable[[str], str | None], only: str | None = None) -> Reread:
    """A reread of a sentence that gave no rule as `respell` spells it (its `clean` text), the
    first reading kept when the respelling gives none either (see `read_as` for `only`)."""

    def reread(
        sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
    ) -> tuple[list[CandidateRule], list[Diagnostic]]:
        if sentence.subject is not None or rules:
            return rules, diagnostics
        said = respell(sentence.clean)
        if said is None:
            return rules, diagnostics
        found, notes = read_as(sentence, said, read, only)
        return (found, notes) if found else (rules, diagnostics)

    return reread


def read_as(
    sentence: Sentence, said: str, read: Read, only: str | None = None
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules and notes of `sentence` read as `said` (its respelling), each rule with the
    sentence's own words as its text; with `only`, nothing unless every rule is of that
    operator (a respelling kept for one kind of rule)."""
    found, notes = read(spelt(sentence, said))
    if only is not None and any(r.operator != only for r in found):
        return [], []
    return _own_words(sentence, found), notes


def _kept(found: list[CandidateRule], conditional: bool) -> bool:
    """Whether the spelt reading is kept: it gives rules, a state's when only that is kept,
    and no ban of an argument's values ("never transfer for members with unpaid fees" read
    as `fees` = 'unpaid': a qualifier of the person, which no argument carries; the
    sentence keeps its note instead of a ban that drops the qualifier when `fees` is no
    argument)."""
    if not found or any(r.operator == "deny_action" and "values" in r.params for r in found):
        return False
    if any(r.operator == "deny_action" and not r.condition and not r.params for r in found):
        return False  # "changing the night of a completed booking": never a flat ban

    return not conditional or any(r.operator == "state_condition" for r in found)


def _light_led(rule: CandidateRule) -> bool:
    """A rule over a mention a light verb leads ("initiate transfer", "submit cancellation
    request"): it names the light verb, not the act, so the sentence is read again."""
    return rule.target is not None and LIGHT_LEAD.match(rule.target) is not None


_STATE_OBJECT = re.compile(r"[a-z]+ [a-z]+ed")


def _misread(rule: CandidateRule) -> bool:
    """A reading that took the act for something else: a bound on an argument named by the
    act's own noun ("bills may not exceed 300": `bills`), a mention with a number in it
    ("billing above 300": no tool is named so), or a verb whose object is a state word
    ("completed bookings are closed to ...": `book completed`)."""
    if rule.target is not None and re.search(r"\d", rule.target):
        return True
    if rule.target is not None and _STATE_OBJECT.fullmatch(rule.target):
        return True  # "book completed": a state word read as what is acted on
    facet = rule.params.get("facet")
    return (
        rule.operator == "arg_within_bound"
        and rule.target == "*"
        and isinstance(facet, str)
        and len(facet.split()) == 1
        and act(facet) is not None
    )
