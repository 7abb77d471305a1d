"""Where a thing sent goes, said of the thing or of the tool that sends it (thirty-eighth
session): "Texts go to the mobile that `find_guest` returned", "Emails reach the address
`find_member` returned", "`sms-sender` writes only to the mobile number `find_customer` returned".

The readers read a recipient's source said with the act ("send texts only to the mobile that
`t` returned"). A sentence whose subject is a thing sent (a text, an email, a message) and
whose verb says where it goes ("go", "are sent", "reach"), or whose subject is a tool and
whose verb says it sends ("writes to", "sends to"), is said so: "The mobile for a text
must be one that `s` returned", "The mobile number for `t` must be one that `s` returned". A
recipient said as "the <thing> `t` returned" (no "that") is said with "that". Only a
recipient said by its source ("the X that `t` returned") is read so (never "to tenants whose
record shows ..."); nothing else is changed, and a sentence that limits the recipient in
other words ("unless", "except") is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import SAID_ID

__all__ = ["respelt"]

_SENT = re.compile(
    r"^(?P<lead>\W*)(?P<noun>(?:text|sms|e-?mail|message|notification|letter|reminder)"
    r"(?:es|s)?)\s+(?:(?:may|must|should|can)\s+(?:only\s+)?go|only\s+go|go|are\s+(?:only\s+)?"
    r"sent|get\s+sent|reach|are\s+delivered)\s+(?:only\s+)?to\s+(?P<rest>.+)$",
    re.I | re.S,
)
_WRITES = re.compile(
    rf"^(?P<lead>\W*)(?P<tool>{SAID_ID})\s+(?:writes|sends|texts|emails|delivers)\s+(?:only\s+)?"
    r"(?:to\s+)(?P<rest>.+)$",
    re.S,
)
# "the mobile number `t` returned": a relative clause with no "that"
_NO_THAT = re.compile(
    rf"\b(?P<np>(?:the|a|an)\s+[a-z]+(?:\s+(?!(?:that|which|who|whom)\b)[a-z]+)?)"
    rf"(?<!\bthat)(?<!\bwhich)\s+(?P<tool>{SAID_ID})\s+"
    r"(?P<v>returned|listed|gave|found|showed|reported)\b"
)
# "the mobile number that `t` returned, ...": the recipient, its source and the rest
_RECIPIENT = re.compile(
    rf"^(?:the|a|an)\s+(?P<np>[a-z]+(?:\s+[a-z]+)?)\s+that\s+(?P<src>{SAID_ID})\s+"
    r"(?P<v>returned|listed|gave|found|showed|reported)\b(?P<tail>.*)$",
    re.S,
)
_LIMITED = re.compile(r"\b(?:unless|except|other\s+than|but\s+not)\b", re.I)


def respelt(text: str) -> str | None:
    """The sentence said with the act of sending (module docstring), or None."""
    if _LIMITED.search(text):
        return None
    said = _NO_THAT.sub(lambda m: f"{m['np']} that {m['tool']} {m['v']}", text)
    m = _SENT.match(said)
    to = _RECIPIENT.match(m["rest"]) if m is not None else None
    if m is not None and to is not None:
        one = re.sub(r"(?:es|s)$", "", m["noun"].casefold()) or m["noun"].casefold()
        return (
            f"{m['lead']}The {to['np']} for a {one} must be one that {to['src']} "
            f"{to['v']}{to['tail']}"
        )
    w = _WRITES.match(said)
    to = _RECIPIENT.match(w["rest"]) if w is not None else None
    if w is not None and to is not None:
        return (
            f"{w['lead']}The {to['np']} for {w['tool']} must be one that {to['src']} "
            f"{to['v']}{to['tail']}"
        )
    return None
