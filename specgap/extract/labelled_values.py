"""Closed lists of an argument's values in the shapes `allowlists.bare_list` leaves: labels
and setting lines whose items may be several words, and "only" before values named as an
argument's.

- "seating areas allowed: terrace, main room, bar", "accepted pickup points: front desk,
  side gate" (a label that says the values are the only ones; items separated by commas
  may be several words);
- "room_type: single | double | suite", "`channel` = sms | email", "region in {US, CA}"
  (a setting line: alternatives between bars or in braces after an argument's name);
  "Lesson `type`: group / private / adaptive" (the name in ticks, after its tool's noun;
  alternatives between slashes too);
- "room types we sell: single, double, suite", "regions we ship to: north, south",
  "currencies we settle in: EUR, USD" (a label with who offers them);
- "only use UPS, FedEx or DHL as the carrier", "only offer terrace or bar for seating";
- "only the flexible and member rate plans may be offered" (a noun phrase of two words).

`labelled_list` returns (the noun phrase naming the argument, the values) or ("", ()).
"""

from __future__ import annotations

import re

from specgap.operators.prose import QUOTED, STATE_WORD

_QUALIFIED = r"(?:accepted|allowed|valid|permitted|supported|acceptable|permissible|available)"
_WORD = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|(?>[A-Za-z0-9][\w.:/+-]*[\w/+]|[A-Za-z0-9]))"
_ITEM = _WORD + r"(?:[ \t]+(?!(?i:and|or|nor)\b)" + _WORD + r"){0,2}"  # "main room", "front desk"
# items several words long need commas between them ("terrace, main room or bar"); the
# list of `values3_lists` too
ITEMS = (
    r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s+(?:and|or)\s+" + _ITEM
    + r")+)"
)  # fmt: skip
_BARES = (
    r"(?P<list>" + _WORD + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _WORD + r"|\s+(?:and|or)\s+" + _WORD
    + r")+)"
)  # fmt: skip
_LABEL = r"(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)"
_END = r"\s*[.;]?\s*$"
_OR_BAR = r"(?:\s*\|\s*|\s+/\s+)"  # "a | b", "a / b"
_FORMS: tuple[re.Pattern[str], ...] = (
    # "seating areas allowed: terrace, main room, bar"
    re.compile(r"^\W*(?:the\s+)?(?:only\s+)?" + _LABEL + r"\s+" + _QUALIFIED + r"\s*:\s*" + ITEMS
               + _END, re.I),
    # "allowed seating areas: terrace, main room, bar"
    re.compile(r"^\W*(?:the\s+)?(?:only\s+)?" + _QUALIFIED + r"\s+" + _LABEL + r"\s*:\s*" + ITEMS
               + _END, re.I),
    # "accepted payment methods are credit card, debit card and bank transfer"
    re.compile(r"^\W*(?:the\s+)?(?:only\s+)?" + _QUALIFIED + r"\s+" + _LABEL
               + r"\s+(?:are|is)\b\s*:?\s*" + ITEMS + _END, re.I),
    # "`room_type`: single, double, suite" (an argument's own name as the label)
    re.compile(r"^\W*`?(?P<np>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?\s*:\s*" + ITEMS + _END),
    # "room_type: single | double | suite", "region in {US, CA}"
    re.compile(r"^\W*`?(?P<np>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*)`?\s*(?::|=)\s*"
               r"(?P<list>" + _WORD + r"(?:\s*\|\s*" + _WORD + r")+)" + _END, re.I),
    # "Lesson `type`: group / private / adaptive": an argument's name in ticks after the noun
    # of its tool, its alternatives between slashes or bars
    re.compile(r"^\W*(?:(?P<of>[A-Za-z][\w-]*)\s+)?`(?P<np>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*)`"
               r"\s*(?::|=)\s*(?P<list>" + _WORD + _OR_BAR + _WORD + r"(?:" + _OR_BAR + _WORD
               + r")*)" + _END),
    re.compile(r"^\W*`?(?P<np>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*)`?\s+(?:must\s+be\s+)?"
               r"(?:in|one\s+of)\s*[\[{(]\s*(?P<list>" + _WORD + r"(?:\s*[,|]\s*" + _WORD
               + r")+)\s*[\]})]" + _END, re.I),
    # "room types we sell: single, double, suite"
    re.compile(r"^\W*(?:the\s+)?" + _LABEL + r"\s+(?:that\s+)?(?:we|you)\s+(?:can\s+|may\s+)?"
               r"(?:sell|offer|support|accept|serve|allow|handle|ship\s+to|deliver\s+to|book|"
               r"(?:settle|bill|invoice|charge|pay)\s+in|fly\s+to|operate\s+in|rent|lend|stock|"
               r"issue|carry)"
               r"\s*:\s*" + ITEMS + _END, re.I),
    # "only use UPS, FedEx or DHL as the carrier"
    re.compile(r"^\W*(?:(?:you|the\s+agent)\s+(?:may|can|must|should)\s+)?only\s+(?:ever\s+)?"
               r"(?:use|choose|pick|select|pass|offer|accept|set)\s+" + _BARES
               + r"\s+(?:as|for)\s+(?:the\s+|an?\s+)?" + _LABEL + _END, re.I),
    # "shipments must use one of the following carriers: UPS, FedEx"
    re.compile(r"^\W*(?:the\s+|all\s+|every\s+|each\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
               r"(?:must|should|shall|has\s+to|have\s+to|may\s+only|can\s+only)\s+use\s+"
               r"(?:only\s+)?one\s+of\s+(?:the\s+following\s+)?" + _LABEL + r"\s*:\s*" + ITEMS
               + _END, re.I),
    # "we support UPS, FedEx and DHL as carriers"
    re.compile(r"^\W*(?:we|you)\s+(?:only\s+)?(?:support|accept|offer|use|allow|work\s+with)\s+"
               + _BARES + r"\s+as\s+(?:the\s+|our\s+)?" + _LABEL + r"(?:\s+only)?" + _END, re.I),
    # "only the flexible and member rate plans may be offered"
    re.compile(r"^\W*only\s+(?:the\s+)?" + _BARES + r"\s+(?P<np>[a-z][\w-]*\s+[a-z][\w-]*)\s+"
               r"(?:is|are|may\s+be|can\s+be|will\s+be)\s+(?:offered|available|supported|allowed|"
               r"accepted|permitted|used|possible|sold|booked)" + _END, re.I),
    # "accepted IDs — passport, driving licence" (a dash after a label that says so)
    re.compile(r"^\W*(?:the\s+)?(?:only\s+)?" + _QUALIFIED + r"\s+" + _LABEL + r"\s+[-–—]\s*"
               + ITEMS + _END, re.I),
    # "wristband colour — one of red, blue, green", "wristband colour: red or blue only": a
    # bare label over a list it closes (a bare label alone may describe what exists: "Room
    # types: single, double or suite" is no allowlist, `terse_cues` notes it)
    re.compile(r"^\W*(?:the\s+)?" + _LABEL + r"\s*(?::|\s[-–—])\s*(?:(?:only\s+)?one\s+of\s+"
               + ITEMS + r"|" + ITEMS.replace("?P<list>", "?P<list2>") + r"\s+only)" + _END,
               re.I),
    # "the wristband colour is red, blue or green" (alternatives: the only values)
    re.compile(r"^\W*(?:the|each|every|a|an)\s+" + _LABEL + r"\s+is\s+(?:either\s+)?(?P<list>"
               + _WORD + r"(?:\s*,\s*" + _WORD + r")*,?\s+or\s+" + _WORD + r")" + _END, re.I),
    # "wristbands come in red, blue and green"
    re.compile(r"^\W*(?:the\s+|our\s+)?" + _LABEL + r"\s+(?:come|comes)\s+(?:only\s+)?in\s+"
               r"(?:(?:the\s+)?(?:following\s+)?(?:colou?rs|sizes|versions|types|variants|"
               r"flavou?rs)\s*:?\s*)?" + _BARES + r"(?:\s+only)?" + _END, re.I),
)  # fmt: skip
_UNQUALIFIED = len(_FORMS) - 3  # from here on, no word of the frame says "the only ones"
_SPLIT = re.compile(r"\s*[,|]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s+/\s+", re.I)
# words that are never in a value: the list is a sentence, not values
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "others", "more", "less",
     "it", "they", "this", "that", "these", "those", "be", "is", "are", "etc", "so", "on",
     "you", "we", "must", "should", "may", "can", "if", "when", "only", "never"}
)  # fmt: skip
_NOT_ARGUMENTS = frozenset(
    {"tool", "tools", "function", "functions", "action", "actions", "it", "they", "this",
     "that", "these", "those", "value", "values", "option", "options", "one", "ones", "note",
     "notes", "example", "examples", "status", "state", "stage", "phase"}
)  # fmt: skip
_OPEN = re.compile(
    r"\b(?:typical|typically|usual|usually|common|commonly|example|examples|e\.g|such\s+as|"
    r"like|preferably|preferred|recommended|default|some|include|includes|including|etc)\b",
    re.I,
)
_STATE = re.compile(STATE_WORD, re.I)
# "guests: between 1 and 6": a range, read by the bound readers
_RANGE_WORDS = re.compile(
    r"\b(?:between|from|up\s+to|under|over|max(?:imum)?|min(?:imum)?|at\s+(?:most|least))\b", re.I
)
# labels of a document's facts rather than of a call's argument
_GENERIC = re.compile(
    r"\b(?:hours?|days?|times?|dates?|address|phone|e-?mail|contacts?|locations?|steps?|tools?|"
    r"see|examples?|notes?|tips?|keywords?|tags?|topics?|sections?|links?|owners?|authors?|"
    r"staff|team|people|languages?\s+spoken)\b",
    re.I,
)


def labelled_list(text: str) -> tuple[str, tuple[str, ...]]:
    """(the argument's noun phrase, its only values) of one of the shapes above, or
    ("", ())."""
    for n, form in enumerate(_FORMS):
        m = form.search(text)
        if m is None:
            continue
        said = m["list"] or m.groupdict().get("list2") or ""
        if n >= _UNQUALIFIED and (_GENERIC.search(m["np"]) or _RANGE_WORDS.search(said)):
            return "", ()  # "Opening days: Monday or Friday": a section's facts, no argument
        if _OPEN.search(text):
            return "", ()  # "... such as a, b": an open list
        np = " ".join([*([m["of"]] if m.groupdict().get("of") else []), *m["np"].split()])
        words = np.casefold().split()
        if not words or words[-1] in _NOT_ARGUMENTS or words[0] in _NOT_ARGUMENTS:
            return "", ()
        listed = m["list"] or m.groupdict().get("list2") or ""
        values = tuple(_unquoted(v) for v in _SPLIT.split(listed.strip()) if v)
        if len(values) < 2 or not all(_plain(v) for v in values):
            return "", ()
        if all(_STATE.fullmatch(v) for v in values):
            return "", ()  # "open | closed": an entity's states, read elsewhere
        return np, values
    return "", ()


def _unquoted(value: str) -> str:
    found = QUOTED.fullmatch(value)
    return next((g for g in found.groups() if g), value) if found else value


def _plain(value: str) -> bool:
    """A value, not a phrase of a sentence: no word that only sentences have."""
    return not any(w.casefold() in _NOT_VALUES for w in value.split())
