"""Closed lists of an argument's values in shapes the other list readers leave, each a frame
that itself closes the list:

- the argument as subject, then the values: "the berth must be North, South or Old Quay",
  "the refund reason is one of damaged, late or lost", "the tier has to be one of the codes
  A1, B2 or C3; anything else goes to a supervisor" (items of several words between commas,
  a clause after a semicolon or before ", unless" left to the condition readers);
- the values first: "North Quay, Old Pier and Slip 4 are the only berths that can be
  booked", "Labels: GOLD and SILVER are the only ones you may apply";
- a label, then "only <values> can be <done>": "Add-ons: only tea, soup and cake can be
  ordered";
- "<what> is possible at <values> only": "Pickup is possible at Dock A or Dock B only";
- the sender as subject: "Reminder texts use only the templates late, due and ready" (the
  subject's words are kept in the noun phrase: they name the tool, `owner_copies`).

`subject_list` returns (the noun phrase naming the argument, the values) or ("", ()).

Never read: an open list ("such as", "e.g.", "including"), two plain lowercase words
("must be short or clear": adjectives of an instruction) unless the noun names a choice
among kinds (`priority`, `type`, `reason`, ...), words that only sentences have, a list of
states ("open or closed").
"""

from __future__ import annotations

import re

from specgap.extract.labelled_values import ITEMS
from specgap.extract.pattern_base import lemma
from specgap.operators.prose import QUOTED, STATE_WORD

_NP = r"(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)"
# the end of the list: the sentence's end, or a clause of its own after a semicolon, a
# dash, or ", unless"/", except" (a condition: the clause readers read it from the sentence)
_END = r"\s*(?:[.;!]?\s*$|;\s*\S.*$|\s[-–—]\s.*$|,\s*(?:unless|except)\b.*$)"
# "the document type for secure letters": the letters' document type
_FOR = r"(?:\s+for\s+(?:the\s+|a\s+|an\s+|all\s+)?(?P<of>[a-z][\w-]*(?:\s+[a-z][\w-]*)?))?"
_MODAL = r"(?:must|should|shall|has\s+to|have\s+to|can\s+only|may\s+only|needs?\s+to)"
_KINDS = r"(?:the\s+(?:following\s+)?(?:codes?|values?|options?|choices?)\s*:?\s*)"
_DONE = r"(?:[a-z]+ed|held|sent|given|set|paid|made|chosen|taken|done|sold|put|shown|run|told)"
_FORMS: tuple[re.Pattern[str], ...] = (
    # "the berth must be North, South or Old Quay", "the reason is one of the codes A, B or C"
    re.compile(
        r"^\W*(?:the\s+|a\s+|an\s+|each\s+|every\s+|any\s+)?" + _NP + _FOR + r"\s+(?:" + _MODAL
        + r"\s+(?:always\s+)?be|(?P<is>is|are))\s+(?:only\s+)?(?P<closed>either\s+|one\s+of\s+"
        + _KINDS + r"?|" + _KINDS + r")?:?\s*" + ITEMS + r"(?:\s+only)?" + _END,
        re.I,
    ),
    # "North Quay and Old Pier are the only berths that can be booked"
    re.compile(
        r"^\W*(?:(?P<label>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s*:\s*)?" + ITEMS
        + r"\s+(?:are|is)\s+the\s+only\s+" + _NP
        + r"(?:\s+(?:(?:that|which)\s+(?:can|may|will)\s+(?:ever\s+)?be\s+(?P<done>[a-z]+)|"
        r"(?:you|we|the\s+agent|the\s+assistant)\s+(?:can|may|will)\s+(?:ever\s+)?"
        r"(?P<verb>[a-z]+))\b[^.;]*)?"
        + _END,
        re.I,
    ),
    # "add-ons: only tea, soup and cake can be ordered"
    re.compile(
        r"^\W*(?:the\s+)?(?P<label>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})\s*:\s*only\s+"
        + ITEMS + r"\s+(?:can|may)\s+be\s+(?P<done>" + _DONE + r")(?:\s+[a-z]+){0,3}" + _END,
        re.I,
    ),
    # "pickup is possible at Dock A or Dock B only"
    re.compile(
        r"^\W*(?:the\s+)?" + _NP + r"\s+is\s+(?:only\s+)?(?:possible|available|offered|allowed)\s+"
        r"(?:at|in|on|from)\s+" + ITEMS + r"\s+only" + _END,
        re.I,
    ),
    # "tea comes in three blends only: green, black and mint"
    re.compile(
        r"^\W*(?:the\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?\s+(?:[^.;:]*?\s+and\s+)?"
        r"comes?\s+in\s+(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?" + _NP
        + r"\s+only\s*:\s*" + ITEMS + _END,
        re.I,
    ),
    # "reminder texts use only the templates late, due and ready"
    re.compile(
        r"^\W*(?:the\s+)?(?P<owner>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?:use|uses|take|takes)"
        r"\s+only\s+(?:the\s+)?" + _NP + r"\s*:?\s+" + ITEMS + _END,
        re.I,
    ),
)  # fmt: skip
_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)
_OPEN = re.compile(
    r"\b(?:typical|typically|usual|usually|common|commonly|example|examples|e\.g|such\s+as|"
    r"like|preferably|preferred|recommended|default|some|include|includes|including|etc)\b",
    re.I,
)
# words that are never in a value: the list is a sentence, not values
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "others", "more", "less",
     "it", "they", "this", "that", "these", "those", "be", "is", "are", "etc", "so", "on",
     "you", "we", "must", "should", "may", "can", "if", "when", "only", "never", "to", "of",
     "for", "with", "by", "at", "in", "from", "than", "their", "its", "our", "your", "each",
     "every", "both", "either", "neither", "who", "whose", "which", "what", "also",
     "into", "onto", "via", "through", "within", "as", "per", "out", "up", "after", "before",
     "over", "under", "about", "then", "there", "here"}
)  # fmt: skip
_NOT_ARGUMENTS = frozenset(
    {"tool", "tools", "function", "functions", "action", "actions", "it", "they", "this",
     "that", "these", "those", "value", "values", "option", "options", "one", "ones", "note",
     "notes", "example", "examples", "status", "state", "stage", "phase", "reply", "replies",
     "answer", "answers", "response", "responses", "message", "messages", "tone", "wording",
     "language", "summary", "result", "results", "outcome", "there", "here", "what", "which",
     "who", "agent", "assistant", "user", "customer", "caller", "you", "we", "he", "she"}
)  # fmt: skip
# nouns that name a choice among kinds: two plain words may be its values ("low or normal")
_CHOICES = frozenset(
    {"priority", "priorities", "type", "types", "category", "categories", "reason", "reasons",
     "kind", "kinds", "level", "levels", "tier", "tiers", "class", "classes", "method",
     "methods", "mode", "modes", "channel", "channels", "template", "templates", "code",
     "codes", "plan", "plans", "basis", "grade", "grades", "size", "sizes", "severity",
     "role", "roles", "region", "regions", "currency", "currencies", "branch", "branches"}
)  # fmt: skip
_STATE = re.compile(STATE_WORD, re.I)
_CODE = re.compile(r"[A-Z0-9][A-Z0-9_-]*|[a-z0-9]+(?:[_-][a-z0-9]+)+|\w*\d\w*")


def subject_list(text: str) -> tuple[str, tuple[str, ...]]:
    """(the argument's noun phrase, its only values) of one of the shapes above, or
    ("", ())."""
    if _OPEN.search(text):
        return "", ()
    for n, form in enumerate(_FORMS):
        m = form.search(text)
        if m is None:
            continue
        found = m.groupdict()
        np = " ".join((found.get("np") or found.get("label") or "").split())
        words = np.casefold().split()
        if words and words[-1] in {"one", "ones"} and found.get("label"):
            np = " ".join(found["label"].split())  # "Labels: A and B are the only ones ..."
            words = np.casefold().split()
        if not words or words[-1] in _NOT_ARGUMENTS or words[0] in _NOT_ARGUMENTS:
            continue
        values = tuple(_unquoted(v) for v in _SPLIT.split(m["list"].strip()) if v)
        if len(values) < 2 or not all(_plain(v) for v in values):
            continue
        if all(_STATE.fullmatch(v) for v in values):
            continue  # "open or closed": an entity's states, read elsewhere
        closed = n > 0 or bool(found.get("closed"))
        if not closed and (found.get("is") or not _values_like(values, words[-1])):
            continue  # "the reply must be short or clear": an instruction's adjectives
        owner = found.get("owner") or found.get("of")
        if owner:  # "reminder texts use only the templates ...": the texts' template
            return f"{' '.join(owner.split())} {np}", values
        acted = lemma((found.get("done") or found.get("verb") or "").casefold())
        if acted:  # "... the only berths that can be booked": the berth of the tools that
            # book (no tool does the act: the rule is reported, `unknown-argument`)
            return f"{acted} {np}", values
        return np, values
    return "", ()


def _values_like(values: tuple[str, ...], head: str) -> bool:
    """Bare words after "must be" read as the only values: codes, names (capitalised), three
    or more, or two of a noun that names a choice among kinds."""
    if all(_CODE.fullmatch(v) or QUOTED.fullmatch(v) for v in values):
        return True
    if all(v[:1].isupper() for v in values):
        return True
    return len(values) >= 3 or head.casefold() in _CHOICES


def _unquoted(value: str) -> str:
    found = QUOTED.fullmatch(value)
    return next((g for g in found.groups() if g), value) if found else value


def _plain(value: str) -> bool:
    """A value, not a phrase of a sentence: no word that only sentences have."""
    return not any(w in _NOT_VALUES for w in value.split())  # ("Dock A" is a name)
