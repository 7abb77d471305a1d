"""What a word is a kind of, in general English: "hardware" is equipment, a device, an asset.

A verb phrase may name a tool's object by a narrower or a plainer word than the tool's own
("assign hardware" for `assign_asset`, "ship the parcel" for `ship_package`). When no tool
uses the mention's word at all, the resolver reads it as each broader kind this table gives
(`specgap.resolve.resolver`); a tool using that kind's word is then evidence, weaker than
the word itself (`KIND_CAP`), and two tools matching two kinds tie as any two tools do.

The table is general lexical knowledge (hypernyms, as a dictionary states them), not the
vocabulary of any one domain: every entry holds in a shop, a hospital, an office or a
warehouse alike. Keep entries to nouns whose broader kind a reader never doubts; a word
with several senses lists only the kinds all its senses share, or stays out.
"""

from __future__ import annotations

from functools import lru_cache

from specgap.resolve.text import stem

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
