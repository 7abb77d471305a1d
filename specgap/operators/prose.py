"""Support, not an operator: the fragments of rule language that operators' prose patterns
(`Operator.prose`) and the extractor's own pattern table share. Plain regular-expression
text, so an operator module can state its patterns without importing the extractor."""

from __future__ import annotations

import re
from functools import cache
from typing import Protocol


class Said(Protocol):
    """What a prose pattern may read of a sentence: its text, the text with markup blanked
    out (`clean`, what patterns search), and the tool a tool description is about."""

    @property
    def text(self) -> str: ...
    @property
    def clean(self) -> str: ...
    @property
    def subject(self) -> str | None: ...


ANY_TOOL = "*"
"""The target of a rule about every call (one call at a time, made-up values)."""
STOP = r"(?=\s*(?:[.;:!?](?=\s|$)|$))"
"""The end of a clause: a sentence stop or the end of the text."""
END = r"(?=\s*(?:[.;:!?](?=\s|$)|,|\bso\b|\bto\s+(?:make|ensure|avoid)\b|$))"
"""The end of a clause, also at a comma or a purpose ("so", "to make sure")."""
CALL_WORDS = "call|use|run|invoke|execute|perform|do|trigger"
_WORDS = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBER_WORDS = {word: n for n, word in enumerate(_WORDS.split(" "))}
NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
"""A number in digits or words, as the group `n` (read it with `number`)."""
COUNTS_NOTHING = frozenset(
    ["only", "otherwise", "overall", "total", "altogether", "apiece", "each", "max", "maximum"]
)
"""Words that may follow a number and count nothing ("amounts up to 500 only")."""


ONCE = (
    r"(?<!\bat\s)once(?!\s+(?:again|more)\b|\s+(?:you|we|they|he|she|it|i|the|this|that|these|those|their|"
    r"his|her|its|our|your|all|every|each|everything|an?\s+(?!(?:minute|hour|day|night|week|"
    r"fortnight|month|quarter|year)\b))\b|\s+[a-z]+ed\b)"
)
""""once" as a count ("only once", "once a day"), not the conjunction ("once you have found
it", "only once the payment has cleared", "once verified, ...") nor "at once" (together)."""


_TEENS = "thirteen fourteen fifteen sixteen seventeen eighteen nineteen"
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety"
SPELT_NUMBERS = {
    **NUMBER_WORDS,
    **{w: 13 + i for i, w in enumerate(_TEENS.split())},
    **{w: 20 + 10 * i for i, w in enumerate(_TENS.split())},
}
"""The numbers a count or a time is spelt in: `NUMBER_WORDS`, the teens and the tens."""
SPELT = "|".join(sorted(SPELT_NUMBERS, key=len, reverse=True))
"""An alternation of `SPELT_NUMBERS`, the longest first."""


def number(raw: str) -> float:
    """The value of a `NUMBER` match or a `SPELT` one: `12`, `1,000`, `2.5`, `three`,
    `forty`."""
    raw = raw.casefold()
    return float(SPELT_NUMBERS[raw]) if raw in SPELT_NUMBERS else float(raw.replace(",", ""))


TICKED = re.compile(r"`([^`\n]+)`")
QUOTED = re.compile(r"`([^`\n]+)`|'([^'\n]+)'|\"([^\"\n]+)\"")
_TOOLISH = re.compile(r"^[A-Za-z_][\w\-]*(?:[./:][\w\-]+)*$")


def is_toolish(token: str) -> bool:
    """`sql.execute`, `scan_for_secrets`, `PutItem` read as tools; `private`, `ACL` do not."""
    if not _TOOLISH.match(token):
        return False
    return any(c in token for c in "._/:") or bool(re.search(r"[a-z][A-Z]", token))


# a tool id as prose spells it inside a sentence: PascalCase of two humps or more, camelCase,
# snake_case, dotted (the shapes `is_toolish` accepts of a whole token)
TOOL_ID_WORD = (
    r"(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|"
    r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+)"
)


def quoted_values(text: str) -> list[str]:
    """The quoted values of a text (`x`, 'x', "x"), tool-looking ones left out."""
    found = [a or b or c for a, b, c in QUOTED.findall(text)]
    return [v for v in found if not is_toolish(v)]


TIME_UNITS = {
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
}  # fmt: skip
"""Seconds per time unit, as rules write them."""
UNIT_WORDS = {
    "ms": "milliseconds", "s": "seconds", "sec": "seconds", "secs": "seconds",
    "min": "minutes", "mins": "minutes", "h": "hours", "hr": "hours", "hrs": "hours",
    "d": "days", "wk": "weeks", "wks": "weeks",
}  # fmt: skip
"""A unit's abbreviation, as a table's column or cell writes it, spelt out for the readers."""

USER = (
    r"(?:user|customer|client|caller|requester|member|patron|guest|buyer|passenger|patient|"
    r"renter|borrower|account\s+holder|employee|traveler|traveller|resident|homeowner|tenant|"
    r"applicant|student|subscriber|cardholder|policyholder|shopper|"
    # the person a desk serves, named by what they do there
    r"boater|diner|angler|skier|snowboarder|hiker|camper|golfer|paddler|climber|"
    r"visitor|attendee|participant|researcher|learner|guardian|lessee|claimant|enrollee|"
    r"registrant|entrant|holidaymaker|vacationer|householder)"
)


def split_words(text: str) -> list[str]:
    """A word list written as one string."""
    return text.split()


# a word naming a state an entity is in: a participle (`cancelled`, `frozen`) or one of these
STATE_WORD = (
    r"(?:[a-z]+(?:ed|en)|"
    + "|".join(
        split_words(
            "pending active inactive open new unpaid overdue available enabled disabled suspended "
            "expired valid invalid draft live locked unlocked outstanding due unused upcoming"
        )
    )
    + ")"
)


# --- verbs, nouns and lists of actions --------------------------------------------------------

_NOUN_VERBS = {
    "cancellation": "cancel", "cancelation": "cancel", "modification": "modify",
    "deletion": "delete", "removal": "remove", "creation": "create", "reservation": "reserve",
    "booking": "book", "payment": "pay", "refund": "refund", "transfer": "transfer",
    "update": "update", "change": "change", "exchange": "exchange", "return": "return",
    "purchase": "purchase", "suspension": "suspend", "activation": "activate",
    "termination": "terminate", "submission": "submit", "approval": "approve",
    "creating": "create", "created": "create", "taking": "take", "making": "make",
    "giving": "give", "using": "use", "used": "use", "issued": "issue", "issuing": "issue",
    "assignment": "assign", "allocation": "allocate", "revocation": "revoke",
    "renewal": "renew", "extension": "extend", "withdrawal": "withdraw", "deposit": "deposit",
    "paid": "pay", "sent": "send", "sold": "sell", "bought": "buy", "held": "hold",
    "made": "make", "built": "build", "spent": "spend", "written": "write", "taken": "take",
    "given": "give", "chosen": "choose", "shipped": "ship", "unlocked": "unlock",
    "found": "find", "got": "get", "gotten": "get", "kept": "keep", "told": "tell",
    "brought": "bring", "sought": "seek", "ran": "run",
    "enrolment": "enrol", "enrollment": "enroll", "registration": "register",
    "verification": "verify", "installation": "install", "replacement": "replace",
    "adjustment": "adjust",
    "shown": "show",
    "withdrawn": "withdraw", "drawn": "draw", "redrawn": "redraw", "forgiven": "forgive",
    "overridden": "override", "rewritten": "rewrite", "undone": "undo", "withheld": "withhold",
    "upheld": "uphold", "rebuilt": "rebuild", "lent": "lend", "thrown": "throw",
}  # fmt: skip
_KEEP_E = re.compile(
    r"(?:[^e]at|rad|ut|et|ag|ang|eg|iv|av|ov|uv|ev|c|s|z|dg|rg|bl|pl|tl|ur|ir|in|rv|lv|dul|dl|cl|"
    r"[^aeiou]il|gl|kl|fl|stor|gnor|scor|plor|sum)$"
)


def lemma(word: str) -> str:
    """A verb or action noun as the base verb tools are named by: `cancelled` -> `cancel`,
    `modified` -> `modify`, `exchanged` -> `exchange`, `sending` -> `send`, `cancellation`
    -> `cancel`."""
    w = word.casefold()
    if w in _NOUN_VERBS:
        return _NOUN_VERBS[w]
    if w.endswith("ied") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ed", "ing")) and len(w) > 4:
        return _inflected(w)
    return w


@cache
def lemmas(word: str) -> dict[str, tuple[str, ...]]:
    """The word's lemmas by part of speech in the English lexicon (`lemminflect`, whose
    tables ship in its wheel): `{"VERB": ("limit",), "NOUN": ("limit",)}`. The table takes
    ~0.4 s to load, on first use. A verb the lexicon lacks that is a verb it has done again
    (`rebook`, `rebooked`, `re-price`) is that verb with its prefix."""
    from lemminflect import getAllLemmas  # type: ignore[import-untyped]

    found: dict[str, tuple[str, ...]] = getAllLemmas(word)
    if not found and (again := _AGAIN.match(word)) is not None:
        verbs = getAllLemmas(again["verb"]).get("VERB", ())
        if verbs:
            return {"VERB": tuple(f"{again['re']}{v}" for v in verbs)}
    return found


_AGAIN = re.compile(r"^(?P<re>re-?)(?P<verb>[a-z]{3,})$")


@cache
def inflections(word: str, tag: str) -> tuple[str, ...]:
    """The forms of a lemma for a Penn tag (`VBG` -> "refunding", `VBN` -> "paid") in the same
    lexicon; every reader asks here, so each answer is looked up once per process."""
    from lemminflect import getInflection

    return tuple(str(f) for f in getInflection(word, tag))


@cache
def lemmas_as(word: str, upos: str) -> tuple[str, ...]:
    """The word's lemmas as one part of speech (`VERB`), guessed for a word the lexicon lacks."""
    from lemminflect import getLemma

    return tuple(str(f) for f in getLemma(word, upos))


def _inflected(w: str) -> str:
    """The base of a verb's `-ed` or `-ing` form: by the spelling rules below when they give
    a verb, else by the lexicon (`typing` -> `type`, `noting` -> `note`, `sharing` ->
    `share`, which the rules cut to `typ`, `not`, `shar`)."""
    base = w[:-3] if w.endswith("ing") else w[:-2]
    if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
        ruled = base[:-1]  # shipped -> ship
    elif base.endswith("ll") and len(base) > 5 and not base.endswith(("ill", "stall")):
        ruled = base[:-1]  # cancelled -> cancel (refilled, installed: refill, install)
    elif base.endswith("e"):
        ruled = base
    else:
        ruled = base + "e" if _KEEP_E.search(base) and not base.endswith("ss") else base
    if ruled in lemmas(ruled).get("VERB", ()):
        return ruled
    said = lemmas(w).get("VERB", ())
    return said[0] if said else ruled


def is_action_noun(word: str) -> bool:
    """A noun naming an action (`refund`, `cancellations`): counting it counts calls."""
    w = singular(word)
    return w in _NOUN_VERBS and _NOUN_VERBS[w] not in {"use", "make", "take", "give"}


def singular(word: str) -> str:
    w = word.casefold()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "tuses", "buses", "ruses", "nuses", "puses", "xes", "ches", "shes")):
        return w[:-2]  # classes, statuses, buses, viruses, bonuses, boxes, batches, dishes
    if w.endswith("ses") and len(w) > 4:
        return w[:-1]  # courses, cases, licenses, purchases, houses, uses
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]  # (status, bonus, basis, analysis are singular)
    return w


_ARTICLE = re.compile(r"^(?:(?:any|every|all|each|the|an?)\s+)+", re.I)
_PAREN_LIST = re.compile(r"\(([^()]*(?:,|\bor\b|\band\b)[^()]*)\)")
_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+")


def action_list(chunk: str) -> list[str]:
    """The actions a chunk lists: `(cancel, modify, return)` -> three; `Exchange or modify
    order tools` -> `Exchange order tools`, `modify order tools` (a shared head noun is
    given to the one-word items). A chunk that lists nothing gives []."""
    inner = _PAREN_LIST.search(chunk)
    text = inner[1] if inner else chunk
    items = [_ARTICLE.sub("", i.strip(" .`'\"")) for i in _SPLIT.split(text.strip())]
    items = [i for i in items if i]
    if len(items) < 2 or any(len(i.split()) > 4 for i in items):
        return []
    last = items[-1].split()
    if len(last) > 1 and all(len(i.split()) == 1 for i in items[:-1]):
        head = " ".join(last[1:])
        items = [f"{i} {head}" for i in items[:-1]] + [items[-1]]
    return items


_PHRASE_STOP = frozenset(
    split_words(
        "per in on for to with and or at of each every a an the that which who whose is are "
        "was can may must should will would be than from by into when if unless before after "
        "as so but not you your their its"
    )
)
CALL_NOUNS = frozenset(
    split_words("time times call calls request requests invocation invocations attempt attempts")
)


def noun_phrase(text: str, start: int, most: int = 3) -> tuple[str, int]:
    """The noun phrase at `start` (up to `most` words, stopping at function words and
    punctuation) and where it ends."""
    words: list[str] = []
    end = start
    for m in re.finditer(r"\s*([A-Za-z][\w-]*)", text[start:]):
        if m.start() != end - start or m[1].casefold() in _PHRASE_STOP or len(words) == most:
            break
        words.append(m[1])
        end = start + m.end()
    return " ".join(words), end


# --- what a rule's words name -----------------------------------------------------------------

MODAL = r"(?:must|should|shall|have\s+to|has\s+to|needs?\s+to|is\s+required\s+to)"
NEG = r"(?:never|not|don't|do\s+not|must\s+not|should\s+not|may\s+not|cannot|can't|avoid)"
_GENERIC = re.compile(
    r"\b(?:any|every|all|each)\b|\b(?:actions?|operations?|changes?|writes?|updates?|anything|"
    r"something)\b",
    re.I,
)


def ticked_tools(text: str) -> list[str]:
    return [t for t in TICKED.findall(text) if is_toolish(t)]


def targets_in(sentence: Said, chunk: str) -> tuple[str, ...] | None:
    """What a chunk names as the constrained tools: ticked ids, a list of actions, the tool a
    description belongs to, or a short specific phrase. None: generic ("any action")."""
    ticked = ticked_tools(chunk)
    if ticked:
        return tuple(ticked)
    listed = action_list(chunk)
    if listed:
        return tuple(base_form(item) for item in listed)
    if sentence.subject:
        return (sentence.subject,)
    chunk = _SUBJECT.sub("", chunk.strip())  # "before you extend a rental": the action
    words = re.findall(r"[A-Za-z][\w-]*", chunk)
    if not words or len(words) > 5 or _GENERIC.search(chunk):
        return None
    return (base_form(" ".join(words)),)


_SUBJECT = re.compile(r"^(?:you|we|they|the\s+agent|the\s+assistant)\s+", re.I)


def base_form(phrase: str) -> str:
    """An action phrase with its first word as a base verb: `modifying flights` -> `modify
    flights`, `cancellation` -> `cancel`."""
    first, _, rest = phrase.partition(" ")
    return f"{lemma(first)} {rest}".strip() if first else phrase


DETERMINERS = re.compile(r"^(?:(?:all|any|every|each|the|a|an|its|their|your)\s+)+", re.I)


_NEGATION = re.compile(
    r"\b(?:never|not|don't|do\s+not|cannot|can't|mustn't|shouldn't|won't|may\s+not)\b", re.I
)


def negated_before(text: str, at: int) -> bool:
    """The clause that holds `text[at:]` is negated before `at` ("never launch servers with
    fewer than 2 cores"): a bound read there is the opposite of the one it states."""
    start = max(text.rfind(c, 0, at) for c in ".;:!?")
    return _NEGATION.search(text, start + 1, at) is not None
