"""What a word is a kind of, in general English: "hardware" is equipment, a device, an asset.

A verb phrase may name a tool's object by a narrower or a plainer word than the tool's own
("assign hardware" for `assign_asset`, "ship the parcel" for `ship_package`). When no tool
uses the mention's word at all, the resolver reads it as each broader kind this table gives
(`specgap.resolve.resolver`); a tool using that kind's word is then evidence, weaker than
the word itself (`KIND_CAP`), and two tools matching two kinds tie as any two tools do.

A tool's description may state kinds too: "an asset (laptop, monitor or headset)", "goods
such as pallets and crates", "a fee, e.g. a late fee": each listed noun is a kind of the
noun before the list (`stated_kinds`), for that registry only, and read as the table's are.
Unlike the table's, such a word may be one the tools use: it is then read both as itself
and as its kind.

The table is general lexical knowledge (hypernyms, as a dictionary states them), not the
vocabulary of any one domain: every entry holds in a shop, a hospital, an office or a
warehouse alike. Keep entries to nouns whose broader kind a reader never doubts; a word
with several senses lists only the kinds all its senses share, or stays out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from specgap.resolve.text import ARTICLES, STOPWORDS, split, stem

# narrower noun -> broader kinds, most specific first
KINDS: dict[str, tuple[str, ...]] = {
    # things a person uses: equipment
    "hardware": ("equipment", "device", "asset"),
    "laptop": ("computer", "device", "equipment", "hardware", "asset"),
    "desktop": ("computer", "device", "equipment", "hardware", "asset"),
    "computer": ("device", "equipment", "hardware", "asset"),
    "monitor": ("display", "device", "equipment", "hardware", "asset"),
    "printer": ("device", "equipment", "hardware", "asset"),
    "phone": ("device", "equipment", "hardware", "asset"),
    "smartphone": ("phone", "device", "equipment", "hardware", "asset"),
    "handset": ("phone", "device", "equipment", "hardware", "asset"),
    "tablet": ("device", "equipment", "hardware", "asset"),
    "vehicle": ("asset",),
    "car": ("vehicle", "asset"),
    "truck": ("vehicle", "asset"),
    "van": ("vehicle", "asset"),
    # goods that travel
    "parcel": ("package", "shipment"),
    "package": ("parcel", "shipment"),
    # money
    "cash": ("money", "funds"),
    "funds": ("money",),
    "fee": ("charge", "payment"),
    "reimbursement": ("refund", "payment"),
    # people
    "employee": ("staff", "user", "person"),
    "worker": ("employee", "staff", "person"),
    "patient": ("person",),
    "colleague": ("employee", "staff", "person"),
    # messages
    "email": ("message", "mail"),
    "letter": ("message", "mail"),
    "sms": ("message",),
    # documents
    "invoice": ("bill", "document"),
    "receipt": ("document",),
    "contract": ("agreement", "document"),
    "report": ("document",),
}


_BY_STEM = {stem(w): tuple(dict.fromkeys(stem(k) for k in ks)) for w, ks in KINDS.items()}
_WRITTEN = {stem(k): k for ks in KINDS.values() for k in ks}


@lru_cache(maxsize=4096)
def broader(word: str) -> tuple[str, ...]:
    """The broader kinds of a stemmed word (`specgap.resolve.text.stem`), most specific
    first; empty when the table does not know it."""
    return _BY_STEM.get(word, ())


def written(kind: str) -> str:
    """A kind's word as the table writes it, from its stem (for explanations)."""
    return _WRITTEN.get(kind, kind)


# "including" lists parts a tool touches besides its object ("a bed, including its
# placements"), not kinds of it: no marker here
_MARKER = r"(?:such\s+as|like|e\.g\.,?|for\s+example,?|for\s+instance,?)"
# "<noun> (<items>)", "<noun> (e.g. <items>)", "<noun>[,] such as <items>"
_LISTED = re.compile(
    rf"\b(?P<noun>[A-Za-z][A-Za-z-]+)\s*(?:\(\s*(?:{_MARKER}\s*)?(?P<inner>[^()]{{1,100}})\)"
    rf"|,?\s+{_MARKER}\s+(?P<after>[^.;:()]{{1,100}}))",
    re.IGNORECASE,
)
_ITEM_BREAK = re.compile(r"\s*(?:,|/|\bor\b|\band\b|\betc\.?|\u2026|\.\.\.)\s*", re.IGNORECASE)


# words after which an item's noun is qualified, not listed ("parcels for a customer")
_QUALIFIERS = frozenset({"for", "with", "of", "from", "to", "in", "on", "by", "at", "who", "that"})


def stated_kinds(descriptions: Iterable[str]) -> dict[str, frozenset[str]]:
    """Stem of every noun a description lists as a kind of another (see the module doc)
    -> the stems of the nouns it is listed under. An item's noun is its last word before
    a preposition; an item of more than three words before it is a clause, not a kind,
    and ends the list, as does an item that goes on after its noun."""
    out: dict[str, set[str]] = defaultdict(set)
    for text in descriptions:
        for m in _LISTED.finditer(text):
            noun = m["noun"].casefold()
            if noun in STOPWORDS or noun in ARTICLES:
                continue
            kind = stem(noun)
            for item in _ITEM_BREAK.split(m["inner"] or m["after"] or ""):
                words = [w for w in split(item) if w not in ARTICLES]
                cut = next((n for n, w in enumerate(words) if w in _QUALIFIERS), len(words))
                if not cut or cut > 3 or len(words) > 6:
                    break
                head = stem(words[cut - 1])
                if head != kind and words[cut - 1] not in STOPWORDS:
                    out[head].add(kind)
                if cut < len(words):
                    break  # "crates for a customer": what follows qualifies, the list is over
    return {k: frozenset(v) for k, v in out.items()}
