"""Where an argument's value comes from, said as the call that gave it.

The grammar reads "the slot_id must come from `list_slots`". Policies say the same thing
in other words, naming the tool whose output the value is:

- "the quote_id passed in is the one that `Price-Job` returned", "the card token must be one
  `find_owner` returned" (not "the slot_id it books is one ...": the verb names the tool whose
  argument it is, which "must come from" would not keep);
- "`book_slot` takes only a slot_id that `list_slots` gave back on this call";
- "use the card token that `findCustomer` returned", "pass the `netid` that `find_user`
  returned, not one typed in the chat";
- "card_token comes from the saved cards `find_rider` listed".

`respelt` says such a sentence as "The X must come from `T`" (the tools that take X are
bound by the compiler; "The X you pass to `U` ..." when the sentence names the tool),
keeping what follows a semicolon or a comma; None for any other sentence. The argument is
named by an id-like word or two plain words ("card token"); the tool by an id (in
backticks, or spelt like one).
"""

from __future__ import annotations

import re

__all__ = ["respelt", "unkept"]

# (matched case-sensitively: a camelCase id is no plain word)
_TOOL = r"`?(?P<{0}>[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)`?"
_ARG = r"`?(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]{3,}\s+(?:id|token|code|number|ref))`?"
# what the user gives, said also as an acronym or a phrase of plain words ("the PIN", "the
# date of birth")
_USER_ARG = (
    r"`?(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z]{2,6}|"
    r"[a-z]{3,}(?:\s+of)?(?:\s+[a-z]{2,}){0,2})`?"
)
# (the words around the ids are matched in any case: `(?i:...)`)
_GAVE = (
    r"(?i:returned|returns|gave(?:\s+back)?|gives|listed|lists|reported(?:\s+back)?|found|"
    r"offered|handed\s+back|produced)"
)
# "the slot_id of a booking": the act whose argument it is (kept in the respelling)
_OF = r"(?P<of>(?i:\s+of\s+(?:a|an|the|any|each|every)\s+[a-z]+))?"
# "`tenant_id` and `unit_id`": a second argument of the same origin
_AND_ARG = r"(?:\s+(?i:and)\s+(?i:the\s+)?`?(?P<arg2>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?)?"
# "the PIN passed to `verify_pin`": the tool whose argument it is
_PASSED = r"(?i:\s+(?:passed|given|sent|handed)\s+(?:in\s+)?to\s+)" + _TOOL.format("user")
_FORMS = tuple(
    re.compile(form)
    for form in (
        # "the quote_id passed in is the one that `Price-Job` returned"
        # (not "the slot_id it books is ...": the verb says which tool's argument, and two
        # tools may take one so named; said of every one, the rule would be stronger)
        r"^\W*(?i:the\s+)?" + _ARG + _OF + r"(?i:\s+passed\s+in)?"
        r"(?i:\s+(?:is|must\s+be|has\s+to\s+be|should\s+be)\s+(?:always\s+)?(?:the\s+ones?"
        r"|ones?)\s+(?:that\s+)?)" + _TOOL.format("tool") + r"\s+" + _GAVE + r"\b",
        # "`book_slot` takes only a slot_id that `list_slots` gave back"
        r"^\W*"
        + _TOOL.format("user")
        + r"(?i:\s+takes\s+only\s+(?:a|an|the)\s+)"
        + _ARG
        + r"(?i:\s+(?:that|which)\s+)"
        + _TOOL.format("tool")
        + r"\s+"
        + _GAVE
        + r"\b",
        # "use the card token that `findCustomer` returned"
        r"^\W*(?i:(?:always\s+)?(?:use|pass|send|give|take)\s+(?:only\s+)?the\s+)"
        + _ARG
        + r"(?i:\s+(?:that\s+)?)"
        + _TOOL.format("tool")
        + r"\s+"
        + _GAVE
        + r"\b",
        # "card_token comes from the saved cards `find_rider` listed", "the `vendor_id` of a
        # dispatch comes from the list `get_vendors` returned"
        r"^\W*(?i:the\s+)?" + _ARG + _OF + r"(?i:\s+(?:always\s+)?comes?\s+from\s+(?:the\s+)?"
        r"(?:[a-z]+\s+){0,2}?)" + _TOOL.format("tool") + r"(?:\s+" + _GAVE + r")?\b",
        # "the PIN passed to `verify_pin` is the one `find_member` returned"
        r"^\W*(?i:the\s+)?" + _ARG + _PASSED + r"(?i:\s+(?:is|must\s+be|has\s+to\s+be|should\s+be)"
        r"\s+(?:always\s+)?(?:the\s+ones?|ones?)\s+(?:that\s+)?)"
        + _TOOL.format("tool")
        + r"\s+"
        + _GAVE
        + r"\b",
        # "`tenant_id`, in whatever call it appears, is copied from what `get_tenant` returned"
        r"^\W*(?i:the\s+)?"
        + _ARG
        + _AND_ARG
        + r"(?:,[^,;]{3,50},)?(?:"
        + _PASSED
        + r")?(?i:\s+(?:is|are|must\s+be)"
        r"\s+(?:always\s+)?(?:copied|taken|read)\s+(?:only\s+)?from\s+(?:what\s+|the\s+(?:list|"
        r"result|output|answer)\s+(?:of\s+)?)?)"
        + _TOOL.format("tool")
        + r"(?:\s+"
        + _GAVE
        + r")?\b",
        # "`charge_card` takes the card token from `find_member`'s result only"
        r"^\W*"
        + _TOOL.format("user")
        + r"(?i:\s+takes\s+(?:the|its)\s+)"
        + _ARG
        + r"(?i:\s+(?:only\s+)?from\s+(?:the\s+)?)"
        + _TOOL.format("tool")
        + r"(?i:(?:['\u2019]s)?\s+(?:result|output|answer|list)(?:\s+only)?)\b",
    )
)
# "the PIN passed to `verify_pin` is the one the tenant typed": what the user gave
_FROM_USER = re.compile(
    r"^\W*(?i:the\s+)?"
    + _USER_ARG
    + r"(?P<passed>"
    + r"(?i:\s+(?:passed|given|sent|handed)\s+(?:in\s+)?"
    r"to\s+)" + _TOOL.format("user") + r")?(?i:\s+(?:is|must\s+be|has\s+to\s+be|should\s+be)\s+"
    r"(?:always\s+)?(?:the\s+ones?|ones?)\s+(?:that\s+)?(?:the\s+)?[a-z]+\s+(?:typed|types|gave|"
    r"gives|entered|enters|provided|provides|supplied|supplies|read\s+out|reads\s+out|says|said|"
    r"sent|sends)(?:\s+in(?=\s*[,.;]|\s*$))?)\b"
)
# the forms from the forty-fifth session on (`_FORMS[4:]`): a clause after them that says
# another act ("..., and gets a yes first") keeps the sentence read whole
_SAID_AGAIN = 4
_MORE_ACTS = re.compile(r"^,\s*(?:and|then)\s+(?!(?:never|not|no|only)\b)", re.I)
# what may follow the form in its clause: "on this call", "for this owner", "for that member"
_TAIL = re.compile(
    r"^(?:\s+(?:on|in|for|during)\s+(?:this|that|the\s+same)\s+[a-z]+)?\s*(?P<rest>[;,].*|\.?\s*)$"
)


# "the card token stored on the account that `T` returns": the token `T` returned (where it
# is kept says no more of its origin than the tool that returns it)
_KEPT_ON = re.compile(
    r"\b" + _ARG + r"\s+(?i:stored|saved|kept|held|recorded|on\s+file)\s+(?i:on|in|with)\s+"
    r"(?i:the\s+|a\s+|an\s+)?(?:[\w'-]+\s+){0,3}?(?=(?i:that|which)\s+`?[A-Za-z])"
)


def unkept(text: str) -> str | None:
    """The sentence without where its value is kept ("the card token stored on the account
    that `T` returns": "the card token that `T` returns"), or None when it says none."""
    kept = _KEPT_ON.search(text)
    return None if kept is None else text[: kept.end("arg")] + " " + text[kept.end() :]


def respelt(text: str) -> str | None:
    """The sentence with its value's origin said as "The X must come from `T`" (or "from the
    user"), or None."""
    for n, form in enumerate((*_FORMS, _FROM_USER)):
        m = form.match(text)
        if m is None or (tail := _TAIL.match(text[m.end() :])) is None:
            continue
        said = m.groupdict()
        arg = " ".join(m["arg"].split())
        if said.get("arg2"):
            arg = f"{arg} and {said['arg2']}"
        rest = tail["rest"].strip()
        if n >= _SAID_AGAIN and _MORE_ACTS.match(rest):
            return None  # "..., and gets the member's yes first": a rule of its own, read whole
        rest = rest if rest.startswith((";", ",")) else "."
        to = f" you pass to `{said['user']}`" if said.get("user") else ""  # (that tool's only)
        source = f"`{said['tool']}`" if said.get("tool") else "the user"
        return f"The {arg}{said.get('of') or ''}{to} must come from {source}{rest}"
    return None
