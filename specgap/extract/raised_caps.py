"""A bound that the next sentence changes for some calls (twenty-second session):

    A credit is capped at $150 per call. For members in the low-income tier, that cap rises
    to $300.

The same holds when the next sentence allows more for some calls without pointing back
("Refunds run from $5 to $300. Gold members' refunds can go up to $600."): a figure above
the bound's maximum, said of a noun phrase, is that exception.

The first sentence alone reads as a bound on every credit; enforced so, it would refuse the
$300 credit the second sentence allows. So when the sentence after a bound refers back to it
("that cap", "the limit", "this maximum") and changes it ("rises to", "drops to", "is",
"doubles"), the bound holds only where the change does not apply: it keeps that as its
condition ("unless: for members in the low-income tier"), which no reader binds, and is
reviewed. The second sentence is read as it stands (its own condition keeps it reviewed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.grammar_notes import held_under
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import NUMBER_WORDS

Read = tuple[Sentence, list[CandidateRule], list[Diagnostic]]

# the rules a raised figure holds under its exception
BOUNDS = frozenset({"arg_within_bound", "arg_count_bound", "max_calls"})
# "For X, that cap rises to $300", "That limit doubles for X", "The maximum is $500 for X"
_CHANGES = re.compile(
    r"\b(?:that|this|the|these|those)\s+(?:same\s+)?(?:cap|caps|limit|limits|maximum|max|ceiling|"
    r"allowance|bound|minimum|floor)\s+(?:then\s+)?(?:rises|rise|increases|increase|goes\s+up|"
    r"go\s+up|is\s+raised|are\s+raised|doubles|double|triples|drops|drop|falls|fall|decreases|"
    r"goes\s+down|is\s+lowered|are\s+lowered|becomes|become|changes|is|are|moves)\b",
    re.I,
)
# "Except breeders.", "Except for trade accounts.", "Not for landlords.": an exception of its
# own, said right after the rule it is made to
_EXCEPT = re.compile(
    r"^\W*(?:except|excepting|apart\s+from|other\s+than|not\s+for)\s+(?:for\s+)?"
    r"(?P<who>[^.,;:!?]{2,60}?)\s*[.!]?\s*$",
    re.I,
)
_WHEN = re.compile(r"^\W*(?P<c>(?:for|if|when|whenever|with|on|during|in)\b[^,;]*?)\s*,", re.I)


def raised_caps(read: Iterable[Read]) -> Iterator[Read]:
    """The stream, each bound the next sentence changes kept under that change's exception
    (module docstring)."""
    window: list[Read] = []  # the last few sentences, the newest last
    for item in read:
        item = _excepted_within(item)
        for i, held in enumerate(window):
            near = i == len(window) - 1
            window[i] = _excepted(held, item[0]) if near else _excepted_later(held, item[0])
        window.append(item)
        if len(window) > _WINDOW:
            yield window.pop(0)
    yield from window


# a chat thread raises a figure a few messages on ("deposits are £20 to £60." ... "↳ schools:
# the deposit can go up to £150"): a sentence this far after the bound, about the same thing
_WINDOW = 8


def _excepted_later(item: Read, after: Sentence) -> Read:
    """`_excepted`, for a sentence a few after the bound's: only a figure allowed for some
    calls ("X can go up to N"), and only when it speaks of what the bound does (a word of
    the bound's sentence, or its figure)."""
    sentence = item[0]
    if sentence.artifact is not after.artifact or _CHANGES.search(after.clean) is not None:
        return item
    said = set(re.findall(r"[a-z]{4,}|\d+", sentence.clean.casefold().replace("_", " ")))
    later = set(re.findall(r"[a-z]{4,}|\d+", after.clean.casefold().replace("_", " ")))
    if not (said - _COMMON) & later:
        return item
    return _excepted(item, after)


_COMMON = frozenset(
    {"must", "call", "calls", "with", "only", "never", "most", "least", "between", "from",
     "that", "this", "than", "more", "less", "each", "every", "they", "them", "their", "there",
     "what", "when", "will", "would", "should", "could", "have", "been", "being"}
)  # fmt: skip


# "Reserve and collector add-on orders can go up to $1,200": some calls, a higher figure
_RAISED = re.compile(
    # (a lead that points back first: "The method of claim 4, wherein a member may ...")
    r"^\W*(?:[A-Za-z][^.;:!?,]{0,60},\s*(?:wherein|whereby|in\s+which|provided\s+that)\s+)?"
    r"(?P<who>[A-Za-z](?:[^,;.:!?()]|\([^()]{1,60}\)){2,80}?)"
    # "concert venues and schools: the deposit can go up to £150"
    r"(?:\s*:\s*(?:the|a|an|their|its)\s+[a-z]+)?\s+(?:can|may|are\s+allowed\s+to|"
    r"is\s+allowed\s+to|are\s+permitted\s+to|is\s+permitted\s+to)\s+(?:go\s+(?:up\s+)?to|be\s+"
    r"(?:up\s+to|as\s+(?:much|high|many)\s+as)|reach|run\s+(?:up\s+)?to|have\s+up\s+to|"
    # "... can pay as much as £2,500 at once", "... may spend up to $800", "... may sign for
    # as long as 36 months"
    r"(?:take|add|pay|spend|charge|order|book|claim|borrow|get|sign|stay|hire|rent|keep)"
    r"(?:\s+for)?\s+(?:up\s+to|as\s+(?:much|many|long)\s+as))"
    r"\s+[$€£]?\s?(?P<n>\d[\d,]*(?:\.\d+)?)",
    re.I,
)


# "If the household carries the flag: as many as 10 items", "for gold members, up to 40": a
# condition led by its own word, then only a higher figure
_IF_RAISED = re.compile(
    r"^\W*(?P<who>(?:if|when|whenever|where|for|on|with)\s+[^,;:.!?]{3,80}?)\s*[:,]\s*(?:(?:it|"
    r"they|this|that)\s+(?:can|may)\s+(?:be|take|hold|have)\s+|"
    # "on a trade account, servings may go up to 400"
    r"[a-z]+(?:\s+[a-z]+)?\s+(?:can|may)\s+go\s+)?(?:up\s+to|as\s+(?:many|much|long)\s+as|"
    r"at\s+most|no\s+more\s+than)\s+[$€£]?\s?(?P<n>\d[\d,]*(?:\.\d+)?)",
    re.I,
)


def _excepted_within(item: Read) -> Read:
    """A bound whose own sentence raises it in a later clause ("Book 1 to 25 garments; a
    gold customer may book up to 40"): kept under that clause's exception."""
    sentence, rules, _ = item
    clauses = re.split(r"\s*;\s*", sentence.clean)
    if len(clauses) < 2 or not any(r.operator in BOUNDS for r in rules):
        return item
    for later in clauses[1:]:
        raised = _raised_in(rules, later)
        if raised is not None:
            return _kept_unless(item, raised)
    return item


def _raised(rules: list[CandidateRule], after: Sentence) -> str | None:
    """The calls a higher figure is allowed for, when `after` allows more than a bound of
    `rules` ("X can go up to N", N above the bound's max), else None."""
    return _raised_in(rules, after.clean)


def _raised_in(rules: list[CandidateRule], text: str) -> str | None:
    m = _RAISED.match(text) or _IF_RAISED.match(text)
    if m is None:
        return None
    figure = float(m["n"].replace(",", ""))
    tops = [r.params.get("max") for r in rules if r.operator in BOUNDS]
    numbers = [float(t) for t in tops if isinstance(t, int | float)]
    who = m["who"].strip()
    who = who if re.match(r"(?:if|when|whenever|where|for)\b", who, re.I) else f"for {who}"
    return who if numbers and figure > max(numbers) else None


def _excepted(item: Read, after: Sentence) -> Read:
    sentence, rules, _ = item
    if sentence.artifact is not after.artifact:
        return item
    changes = _CHANGES.search(after.clean)
    if (but := _EXCEPT.match(after.clean)) is not None:
        unless = f"for {but['who'].strip()}"  # "Three bookings a chat. Except breeders."
    elif changes is not None:
        lead = _WHEN.match(after.clean)
        tail = after.clean[changes.end() :].strip(" .")
        unless = lead["c"] if lead is not None else tail
    elif (raised := _raised(rules, after)) is not None:
        unless = raised  # "$5 to $500. Reserve orders can go up to $1,200."
    elif (labelled := _labelled(rules, after.clean)) is not None:
        unless = labelled  # "Three games at most. Exception: a party above 6 may hold five."
    else:
        return item
    return _kept_unless(item, unless)


# "Exception: a booking for more than 6 players may hold five games", "Variation (patron
# members): one booking may hold up to 8 places": a rule book's or a recipe's labelled case
_LABELLED = re.compile(
    r"^\W*(?:exceptions?|variations?|variant|except)\s*(?:\((?P<who>[^()]{2,60})\))?\s*"
    r"[:\u2013\u2014]\s*(?P<rest>.+)$",
    re.I,
)
_ALLOWS = re.compile(
    r"\b(?:can|may|is\s+allowed\s+to|are\s+allowed\s+to)\s+(?:[a-z]+\s+){0,2}?(?:up\s+to\s+|"
    r"as\s+(?:many|much)\s+as\s+)?[$€£]?\s?(?P<n>\d[\d,]*(?:\.\d+)?|"
    + "|".join(NUMBER_WORDS)
    + r")\b",
    re.I,
)


def _labelled(rules: list[CandidateRule], text: str) -> str | None:
    """The case a labelled exception allows a higher figure for, when its figure is above a
    bound of `rules` (the label's own case, or the words before its "may"), else None."""
    m = _LABELLED.match(text)
    allows = _ALLOWS.search(m["rest"]) if m is not None else None
    if m is None or allows is None:
        return None
    raw = allows["n"].replace(",", "").casefold()
    figure = float(NUMBER_WORDS[raw]) if raw in NUMBER_WORDS else float(raw)
    tops = [r.params.get("max") for r in rules if r.operator in BOUNDS]
    if not any(isinstance(t, int | float) and figure > float(t) for t in tops):
        return None
    who = (m["who"] or m["rest"][: allows.start()]).strip(" ,")
    if not who:
        return None
    return who if re.match(r"(?:if|when|whenever|where|for)\b", who, re.I) else f"for {who}"


def _kept_unless(item: Read, unless: str) -> Read:
    """The item, its unconditional bounds held only "unless" the exception."""
    sentence, rules, notes = item
    bounds = [r for r in rules if r.operator in BOUNDS and r.condition is None]
    if not bounds or not unless:
        return item
    kept, said = held_under(sentence, rules, bounds, f"unless: {unless}")
    return sentence, kept, [*notes, *{d.message: d for d in said if _new(d, notes)}.values()]


def _new(note: Diagnostic, notes: list[Diagnostic]) -> bool:
    return all(n.message != note.message for n in notes)
