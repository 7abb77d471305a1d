"""What the deterministic pattern table is made of: the registry of patterns, what a
pattern returns, and the small pieces of rule language several patterns share (numbers,
tool-looking tokens, quoted values, verbs and their nouns, lists of actions)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from specgap.extract.segments import Sentence
from specgap.ir import Grounding

EXTRACTOR = "deterministic"
ANY_TOOL = "*"  # the target of a rule about every call (one call at a time, made-up values)

STOP = r"(?=\s*(?:[.;:!?](?=\s|$)|$))"
END = r"(?=\s*(?:[.;:!?](?=\s|$)|,|\bso\b|\bto\s+(?:make|ensure|avoid)\b|$))"
CALL_WORDS = "call|use|run|invoke|execute|perform|do|trigger"
FILLER = re.compile(
    r"^(?:(?:calling|using|running|invoking|executing|uploading|writing|sending|any|every|each|"
    r"an?|the|it|them|this|that|to|with|via|through|tool|call)\b\s*)+",
    re.I,
)
TICKED = re.compile(r"`([^`\n]+)`")
QUOTED = re.compile(r"`([^`\n]+)`|'([^'\n]+)'|\"([^\"\n]+)\"")
_TOOLISH = re.compile(r"^[A-Za-z_][\w\-]*(?:[./:][\w\-]+)*$")
_WORDS = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBER_WORDS = {word: n for n, word in enumerate(_WORDS.split(" "))}
NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
USER = (
    r"(?:user|customer|client|caller|requester|member|patron|guest|buyer|passenger|patient|"
    r"renter|borrower|account\s+holder|employee|traveler|traveller|resident|homeowner|tenant|"
    r"applicant|student|subscriber|cardholder|policyholder|shopper)"
)


def split_words(text: str) -> list[str]:
    """A word list written as one string."""
    return text.split()


def is_toolish(token: str) -> bool:
    """`sql.execute`, `scan_for_secrets`, `PutItem` read as tools; `private`, `ACL` do not."""
    if not _TOOLISH.match(token):
        return False
    return any(c in token for c in "._/:") or bool(re.search(r"[a-z][A-Z]", token))


@dataclass(frozen=True)
class Match:
    """What a pattern found: target chunk (text range) and parameters.

    `targets`, when given, are the constrained tools as mentions (a list the sentence
    names, a verb turned into a tool name, or `*`); one candidate rule is made per target.
    """

    operator: str
    target: tuple[int, int] | None  # range in the sentence naming the constrained tool
    params: dict[str, Any]
    tool_params: dict[str, tuple[int, int]]  # param -> range naming another tool
    confidence: float
    grounding: Grounding | None = None
    targets: tuple[str, ...] = ()


def mention_in(sentence: Sentence, span: tuple[int, int]) -> str | None:
    """The tool a chunk of the sentence names: a ticked tool id, else the bare phrase."""
    for m in TICKED.finditer(sentence.text):
        if m.end() > span[0] and m.start() < span[1] and is_toolish(m[1]):
            return m[1]
    chunk = sentence.clean[span[0] : span[1]].replace("`", " ").strip()
    phrase = FILLER.sub("", chunk).strip().strip(" ,")
    words = phrase.split()
    if not words or len(words) > 6:
        return None
    return " ".join(words)


_OR = re.compile(r",?\s+or\s+(?:else\s+)?", re.I)


def mentions_any_of(sentence: Sentence, span: tuple[int, int]) -> str | list[str] | None:
    """The tool, or the tools one of which will do, a chunk names: "`a` or `b`", "by e-mail
    or by name" is a list when every alternative names something, else one mention."""
    chunk = sentence.clean[span[0] : span[1]]
    cuts = [
        span[0],
        *(x for m in _OR.finditer(chunk) for x in (span[0] + m.start(), span[0] + m.end())),
        span[1],
    ]
    if len(cuts) > 2:
        parts = [mention_in(sentence, (a, b)) for a, b in zip(cuts[::2], cuts[1::2], strict=True)]
        named = [p for p in parts if p]
        if len(named) == len(parts) and len(set(named)) > 1:
            return sorted(set(named))
    return mention_in(sentence, span)


def quoted_values(text: str) -> list[str]:
    found = [a or b or c for a, b, c in QUOTED.findall(text)]
    return [v for v in found if not is_toolish(v)]


def number(raw: str) -> float:
    raw = raw.casefold()
    return float(NUMBER_WORDS[raw]) if raw in NUMBER_WORDS else float(raw.replace(",", ""))


PatternFn = Callable[[Sentence, re.Match[str]], Match | list[Match] | None]
PATTERNS: list[tuple[str, re.Pattern[str], PatternFn, bool]] = []


def pattern(name: str, regex: str, *, every: bool = False) -> Callable[[PatternFn], PatternFn]:
    """Register a pattern; with `every`, each non-overlapping match of the sentence counts
    (several bounds in one sentence), otherwise only the first."""

    def register(fn: PatternFn) -> PatternFn:
        PATTERNS.append((name, re.compile(regex, re.I), fn, every))
        return fn

    return register


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
}  # fmt: skip
_KEEP_E = re.compile(
    r"(?:[^e]at|rad|ut|et|ag|ang|eg|iv|av|ov|uv|ev|c|s|z|dg|rg|bl|pl|tl|ur|ir|in|rv|lv)$"
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
        base = w[:-3] if w.endswith("ing") else w[:-2]
        if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
            return base[:-1]  # shipped -> ship
        if base.endswith("ll") and len(base) > 5:
            return base[:-1]  # cancelled -> cancel
        if base.endswith("e"):
            return base
        return base + "e" if _KEEP_E.search(base) and not base.endswith("ss") else base
    return w


def is_action_noun(word: str) -> bool:
    """A noun naming an action (`refund`, `cancellations`): counting it counts calls."""
    w = singular(word)
    return w in _NOUN_VERBS and _NOUN_VERBS[w] not in {"use", "make", "take", "give"}


def singular(word: str) -> str:
    w = word.casefold()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ses", "xes", "ches", "shes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
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


def targets_in(sentence: Sentence, chunk: str) -> tuple[str, ...] | None:
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
