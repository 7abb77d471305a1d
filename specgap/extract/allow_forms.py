"""Closed lists of an argument's values in the shapes `allowlists` and `labelled_values`
leave, each a frame that itself says the values are the only ones:

- an obligation to pick one of them: "you must use one of the standard rates (economy,
  flex)", "always book one of these room types: single, double", "the rate must be chosen
  from economy or flex";
- a list, then "no other X": "carriers are 'parcelco' and 'freightline'; no other carrier
  may be used";
- the values first: "only DE, FR and NL are valid destinations", "EUR and USD are the only
  currencies we accept";
- "use 'parcelco' or 'freightline' as the carrier" (alternatives for one argument);
- codes an argument must be: "the destination country has to be DE, FR or NL" (values that
  read as codes, never words that may be states: "must be active or pending").

`more_lists` returns (the noun phrase naming the argument, the values) or ("", ()); a frame
that calls the list open ("such as", "e.g.", "including") gives nothing.
"""

from __future__ import annotations

import re

from specgap.operators.prose import QUOTED, STATE_WORD

_WORD = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|(?>[A-Za-z0-9][\w.:/+-]*[\w/+]|[A-Za-z0-9]))"
_ITEM = _WORD + r"(?:[ \t]+(?!(?i:and|or|nor)\b)" + _WORD + r"){0,2}"
_QWORD = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"  # quoted: the noun before needs no colon
_SEP = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*/\s*)"
_ITEMS = r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s+(?:and|or)\s+"
_ITEMS += _ITEM + r")+)"
_WORDS = r"(?P<list>" + _WORD + r"(?:" + _SEP + _WORD + r")+)"
_NP = r"(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)"
_END = r"\s*[.;!]?\s*$"
_QUALIFIED = (
    r"(?:valid|allowed|accepted|permitted|supported|approved|acceptable|available|possible)"
)
_MODAL = r"(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)"
_FORMS: tuple[re.Pattern[str], ...] = (
    # "you must use one of the standard rates (economy, flex)", "always book one of these
    # room types: single, double"
    re.compile(
        r"^\W*(?:(?:you|we|agents?|the\s+agent|the\s+assistant|(?:the\s+|each\s+|every\s+|a\s+|"
        r"an\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+)?(?:" + _MODAL + r"\s+"
        r"(?:always\s+)?|always\s+)(?:only\s+)?[a-z]+\s+(?:only\s+)?one\s+of\s+(?:the\s+|these\s+|"
        r"our\s+|those\s+)?(?:following\s+)?"
        + _NP
        + r"\s*(?::\s*"
        + _ITEMS
        + r"|\(\s*"
        + _ITEMS.replace("?P<list>", "?P<list2>")
        + r"\s*\))"
        + _END,
        re.I,
    ),
    # "only the default hauliers 'truckco' and 'railco' may be used"
    re.compile(
        r"^\W*only\s+(?:the\s+|our\s+)?"
        + _NP
        + r"\s+(?P<list>"
        + _QWORD
        + r"(?:"
        + _SEP
        + _QWORD
        + r")+)\s+(?:may|can|should|are\s+to|is\s+to)\s+be\s+(?:used|chosen|selected|"
        r"passed|offered|booked|applied)" + _END,
        re.I,
    ),
    # "the rate must be chosen from economy or flex", "... selected from: a, b"
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+|any\s+|a\s+|an\s+)?"
        + _NP
        + r"\s+"
        + _MODAL
        + r"\s+be\s+(?:chosen|selected|picked|taken|drawn)\s+(?:only\s+)?from\s+(?:the\s+"
        r"following\s*(?:list\s*)?|this\s+list\s*|these\s*)?:?\s*" + _ITEMS + _END,
        re.I,
    ),
    # "only DE, FR and NL are valid destinations"
    re.compile(
        r"^\W*only\s+"
        + _WORDS
        + r"\s+(?:are|is)\s+(?:the\s+)?(?:"
        + _QUALIFIED
        + r"\s+)?"
        + _NP
        + r"(?:\s+(?:we|you|that|which)\b[^.;]*)?"
        + _END,
        re.I,
    ),
    # "EUR and USD are the only currencies we accept"
    re.compile(
        r"^\W*"
        + _WORDS
        + r"\s+are\s+the\s+only\s+(?:"
        + _QUALIFIED
        + r"\s+)?"
        + _NP
        + r"(?:\s+(?:we|you|that|which|the\s+agent)\b[^.;]*)?"
        + _END,
        re.I,
    ),
    # "use 'parcelco' or 'freightline' as the carrier"
    re.compile(
        r"^\W*(?:(?:you|agents?)\s+(?:must|should)\s+|always\s+)?(?:use|choose|pick|select|set)\s+"
        r"(?P<list>" + _WORD + r"(?:\s*,\s*" + _WORD + r")*,?\s+or\s+" + _WORD + r")\s+(?:as|for)"
        r"\s+(?:the\s+|an?\s+|its\s+)?" + _NP + _END,
        re.I,
    ),
    # "the destination country has to be DE, FR or NL" (codes only, see `_codes`)
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+|any\s+|a\s+|an\s+)?"
        + _NP
        + r"\s+"
        + _MODAL
        + r"\s+(?:always\s+)?be\s+(?:either\s+)?(?P<list>"
        + _WORD
        + r"(?:\s*,\s*"
        + _WORD
        + r")*,?\s+or\s+"
        + _WORD
        + r")"
        + _END,
        re.I,
    ),
)
_CODES_ONLY = len(_FORMS) - 1
# an argument named as such: ticked (`ccy`) or followed by "parameter", "argument", "field"
_ARG = (
    r"(?:`(?P<np>[A-Za-z_][\w.]*)`(?:\s+(?:parameter|argument|field))?|(?P<np2>[A-Za-z_][\w.]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:parameter|argument|field))"
)
_ARG_FORMS: tuple[re.Pattern[str], ...] = (
    # "the `ccy` parameter accepts EUR or USD", "`ccy` takes: EUR, USD"
    re.compile(
        r"^[^\w`]*(?:the\s+)?"
        + _ARG
        + r"\s+(?:only\s+)?(?:accepts|takes|allows|supports)\s*(?:only\s+)?"
        r"(?:(?:the\s+)?values?\s+)?(?:one\s+of\s+)?:?\s*" + _WORDS + r"(?:\s+only)?" + _END,
        re.I,
    ),
    # "valid values for `ccy`: EUR, USD", "allowed values of the ccy field are EUR and USD"
    re.compile(
        r"^[^\w`]*(?:the\s+)?(?:only\s+)?"
        + _QUALIFIED
        + r"\s+values\s+(?:for|of)\s+(?:the\s+)?"
        + _ARG
        + r"\s*(?::|are|is)\s*:?\s*"
        + _WORDS
        + _END,
        re.I,
    ),
    # "the ccy argument must be set to EUR or USD"
    re.compile(
        r"^[^\w`]*(?:the\s+)?" + _ARG + r"\s+" + _MODAL + r"\s+(?:always\s+)?be\s+(?:set\s+to\s+)?"
        r"(?:one\s+of\s*:?\s*|either\s+)?" + _WORDS + _END,
        re.I,
    ),
)
_ONE = r"(?P<list>[A-Z0-9][A-Z0-9_.:/-]*)"
_UPPER_CODE = re.compile(r"[A-Z0-9](?:[A-Z0-9_:/-]*[A-Z0-9])?")  # "EUR", "A1"; never "Fragile"
_SINGLE: tuple[re.Pattern[str], ...] = (
    # "the currency must be EUR for all invoices" (one code)
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+)?"
        + _NP
        + r"\s+"
        + _MODAL
        + r"\s+(?:always\s+)?be\s+"
        + _ONE
        + r"(?:\s+for\s+(?:all|every|each|any)\s+[a-z]+)?"
        + _END,
        re.I,
    ),
    # "invoice currency: EUR only"
    re.compile(r"^\W*(?:the\s+)?" + _NP + r"\s*:\s*" + _ONE + r"\s+only" + _END, re.I),
)
_FORMS += (
    # "a crate's haulier is one of 'truckco', 'railco'": the owner's argument
    re.compile(
        r"^\W*(?:the\s+|a\s+|an\s+|each\s+|every\s+)?(?P<owner>[a-z][\w-]*)['\u2019]s\s+"
        + _NP
        + r"\s+(?:is|must\s+be|should\s+be|has\s+to\s+be|can\s+only\s+be|may\s+only\s+be)"
        r"\s+(?:always\s+)?(?:either|one\s+of)\s*:?\s*" + _WORDS + _END,
        re.I,
    ),
    # "permittedCabinGrades: bronze, silver", "`zones.allowed`: z1, z2": a setting's name
    re.compile(
        r"^\W*`?(?P<np>(?>[a-z]+(?:[A-Z][a-z0-9]+)+)|[a-z][a-z0-9]*(?:\.[a-z][a-z0-9_]*)+)`?\s*[:=]\s*"
        + _ITEMS
        + _END
    ),
)
# "a, b and c; no other carrier may be used": the list before, the argument after
_NO_OTHER = re.compile(
    r"[;.,:]\s*(?:and\s+)?no\s+other\s+(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:may|can|"
    r"should|must|is|are|will|shall)\b",
    re.I,
)
_LISTED = re.compile(
    r"(?:\b(?:are|is|include\s+only|:)\s*|^\W*only\s+)(?P<list>"
    + _WORD
    + r"(?:"
    + _SEP
    + _WORD
    + r")+)\s*$",
    re.I,
)
_OPEN = re.compile(
    r"\b(?:such\s+as|like|e\.g|for\s+example|for\s+instance|including|includes?|typically|"
    r"usually|mostly|mainly|preferably|recommended|etc)\b",
    re.I,
)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "others", "it", "they",
     "this", "that", "these", "those", "be", "is", "are", "etc", "you", "we", "must",
     "should", "may", "can", "if", "when", "only", "never", "one"}
)  # fmt: skip
_NOT_ARGUMENTS = frozenset(
    {"tool", "tools", "function", "functions", "action", "actions", "it", "they", "this",
     "that", "these", "those", "value", "values", "option", "options", "one", "ones",
     "step", "steps", "status", "state", "stage", "phase", "thing", "things", "way", "ways"}
)  # fmt: skip
_ADJECTIVES = frozenset(
    {"standard", "available", "approved", "allowed", "permitted", "supported", "valid",
     "following", "current", "listed", "our", "official", "designated", "agreed"}
)  # fmt: skip
_STATE = re.compile(STATE_WORD, re.I)
_CODE = re.compile(r"[`'\"]|(?=.*[A-Z0-9_.:/-])[A-Za-z0-9][\w.:/+-]*$")
_SPLIT = re.compile(r"\s*[,/]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)


def more_lists(text: str) -> tuple[str, tuple[str, ...]]:
    """(the argument's noun phrase, its only values) of one of the shapes above, or
    ("", ())."""
    if _OPEN.search(text):
        return "", ()
    found = _no_other(text)
    if found[1]:
        return found
    for form in _ARG_FORMS:  # the argument named as such
        m = form.search(text)
        if m is not None:
            values = tuple(_unquoted(v) for v in _SPLIT.split(m["list"].strip()) if v)
            return _kept(m["np"] or m["np2"], values)
    for form in _SINGLE:  # one value, said to be the only one
        m = form.search(text)
        # (a quoted text, "the subject must be 'Access granted'", is often one message's
        # wording under a condition said before: only a code is read as the one value)
        if m is not None and _UPPER_CODE.fullmatch(m["list"]):
            return _kept(m["np"], (_unquoted(m["list"]),), least=1)
    for n, form in enumerate(_FORMS):
        m = form.search(text)
        if m is None:
            continue
        listed = m["list"] or m.groupdict().get("list2") or ""
        values = tuple(_unquoted(v) for v in _SPLIT.split(listed.strip()) if v)
        if n == _CODES_ONLY and not all(_codes(v) for v in values):
            return "", ()  # "the booking must be active or pending": states, not values
        owner = m.groupdict().get("owner")
        return _kept(f"{owner} {m['np']}" if owner else m["np"], values)
    return "", ()


def _no_other(text: str) -> tuple[str, tuple[str, ...]]:
    m = _NO_OTHER.search(text)
    if m is None:
        return "", ()
    before = text[: m.start()]
    quoted = [a or b or c for a, b, c in QUOTED.findall(before)]
    if len(quoted) >= 2:
        return _kept(m["np"], tuple(quoted))
    listed = _LISTED.search(before)
    if listed is None:
        return "", ()
    return _kept(m["np"], tuple(_unquoted(v) for v in _SPLIT.split(listed["list"]) if v))


def _kept(np: str, values: tuple[str, ...], least: int = 2) -> tuple[str, tuple[str, ...]]:
    words = np.split()
    while len(words) > 1 and words[0].casefold() in _ADJECTIVES:
        words = words[1:]  # "the standard rates": the rates
    said = [w.casefold() for w in words]
    if not said or said[-1] in _NOT_ARGUMENTS or said[0] in _NOT_ARGUMENTS:
        return "", ()
    if len(values) < least or any(w.casefold() in _NOT_VALUES for v in values for w in v.split()):
        return "", ()
    if all(_STATE.fullmatch(v) for v in values):
        return "", ()  # "open or closed": an entity's states, read elsewhere
    return " ".join(words), values


def _codes(value: str) -> bool:
    return bool(_CODE.match(value))


def _unquoted(value: str) -> str:
    found = QUOTED.fullmatch(value)
    return next((g for g in found.groups() if g), value) if found else value
