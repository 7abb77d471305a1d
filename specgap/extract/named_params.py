"""Values named by their argument's own name: "`pet_id` must come from `get_pet`", "pass the
`appointment_id` from `list_appointments`", "never populate `drug_code` with a value the
owner did not give", "`pharmacy_email`: use only an address the owner typed", "`book_visit`
requires a `pet_id` obtained from `get_pet`", "always call `find_owner` first and use the
returned `owner_id`", "`owner_id` values are returned by `find_owner`; never ask the owner".

A name spelled as the tools spell names (`snake_case`) is an argument when its last part is
the head of a datum (id, code, e-mail, name, date, time, amount, ...) and its first part is
no verb (a tool's name opens with its verb: `get_pet`, `refund_invoice`). `spelled_out`
writes such an argument in words ("pet id"), dropping a trailing "argument", "parameter",
"field" or "values", so the readings of a value said in words read it and `specgap.spread`
binds the facet to the argument of that name. `named_params` reads the shapes a sentence
takes when it names the argument first or with the tool that takes it.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import IMPERATIVE_VERBS
from specgap.extract.grammar_emit import Emit
from specgap.extract.origin_words import _DET, _NP, _SOURCE, told_source
from specgap.extract.origins import _TOOL, HEADS, _src, origin, said_origins, value_of
from specgap.extract.pattern_base import ANY_TOOL, singular
from specgap.extract.value_people import PERSON

__all__ = ["labelled", "named_params", "spelled_out"]

_NAME = re.compile(
    r"`?\b(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`?(?:\s+(?:argument|parameter|field|values?)\b)?"
)
_READS = frozenset({"get", "list", "find", "search", "lookup", "fetch", "read", "query", "check"})


def _argument(name: str) -> bool:
    """A `snake_case` name that is an argument, not a tool (module docstring)."""
    parts = name.split("_")
    if parts[0] in IMPERATIVE_VERBS or parts[0] in _READS:
        return False
    return singular(parts[-1]) in HEADS or parts[-1] in {"id", "ids", "email"}


def spelled_out(text: str) -> str:
    """The text with each argument name written in words (`pet_id` -> "pet id"); names in
    parentheses are kept as written ("identifiers (renter_ids)": the names the value has)."""
    kept = [m.span() for m in _PARENS.finditer(text)]

    def spell(m: re.Match[str]) -> str:
        if any(a <= m.start() < b for a, b in kept) or not _argument(m["name"]):
            return m[0].replace("`", "")
        return m["name"].replace("_", " ")

    return _NAME.sub(spell, text)


_PARENS = re.compile(r"\([^)]*\)")


# "never populate the drug code with a value the owner did not give"
_POPULATE = re.compile(
    r"^\W*(?:never|do\s+not|don't|must\s+not)\s+(?:populate|fill(?:\s+in)?|set)\s+"
    rf"{_DET}{_NP}\s+(?:with|to)\s+(?:a|an|any)\s+(?:value|one)\s+(?:that\s+)?{_SOURCE}\s+"
    r"(?:did|does|has|have)\s*(?:not|n't)\s+(?P<verb>give|given|provide|provided|state|stated|"
    r"say|said|type|typed)\b",
    re.I,
)
# "fill the postal address with exactly what the owner says"
_FILL_SAID = re.compile(
    rf"^\W*(?:always\s+)?(?:fill(?:\s+in)?|populate|set)\s+{_DET}{_NP}\s+(?:with|to)\s+(?:exactly\s+|"
    rf"only\s+)?(?:what|whatever)\s+{_SOURCE}\s+(?P<verb>says|said|gives|gave|provides|provided|"
    r"types|typed|states|stated)\b",
    re.I,
)
# "the pharmacy email: use only an address the owner typed"
_LABEL_ONLY = re.compile(
    rf"^\W*{_DET}{_NP}\s*:\s*(?:use|pass|accept)\s+only\s+(?:a|an|the|one)\s+[a-z]+\s+(?:that\s+)?"
    rf"{_SOURCE}\s+(?:has\s+)?(?P<verb>gave|given|typed|provided|stated|entered|named)\b",
    re.I,
)
# "set the slot time only to a time listed by T"
_SET_TO = re.compile(
    rf"^\W*(?:only\s+)?set\s+{_DET}{_NP}\s+(?:only\s+)?to\s+(?:a|an|one|the)\s+[a-z]+\s+(?:that\s+"
    r"(?:was|were|is|are)\s+)?(?:listed|returned|given|provided|shown|offered)\s+(?:by|in)\s+"
    r"(?P<src>[^.;:!?,]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "`book_visit` requires a pet id obtained from `get_pet`"
_REQUIRES = re.compile(
    rf"^\W*(?P<tool>{_TOOL})\s+(?:requires|needs|takes|expects|accepts)\s+(?:only\s+)?(?:a|an|the)\s+"
    rf"{_NP}\s+(?:obtained|taken|copied|read)\s+from\s+(?P<src>[^.;:!?,]+?)\s*(?:[.;!?]|$)",
    re.I,
)
# "always call `find_owner` first and use the returned owner id"
_RETURNED = re.compile(
    rf"^\W*(?:always\s+|first\s+)*call\s+(?P<tool>{_TOOL})\s+(?:first\s+)?(?:,\s*)?(?:and|then)\s+"
    rf"(?:then\s+)?use\s+(?:only\s+)?the\s+returned\s+{_NP}\s*(?:[.;!?]|$)",
    re.I,
)
# "owner id values are returned by `find_owner`; never ask the owner for them"
_RETURNED_NEVER = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:is|are)\s+(?:returned|listed|given|provided)\s+by\s+(?P<tool>{_TOOL})\s*"
    r"[;,.—-]\s*(?:so\s+)?(?:never|do\s+not|don't)\s+(?:ask|accept|take|guess|invent)\b",
    re.I,
)


# a list item naming a value, then its rule: "- Cabin number: must be one listed by T"
_LABELLED = re.compile(
    r"^\W*(?P<label>(?:the\s+)?[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}?)\s*(?::|\s[-—])\s*"
    r"(?P<rest>.+)$"
)
_MUST = re.compile(r"^(?:must|should|shall|has\s+to|have\s+to)\s", re.I)
_LOOK_UP = re.compile(
    rf"^(?:always\s+)?(?:look\s+(?:it|them)\s+up|get\s+(?:it|them)|fetch\s+(?:it|them))\s+"
    rf"(?:with|using|via|from|in)\s+(?P<tool>{_TOOL})\s*(?:[.;!?]|$)",
    re.I,
)
_ASK_PERSON = re.compile(
    rf"^(?:always\s+)?ask\s+(?:the\s+|a\s+)?(?P<who>{PERSON})(?:\s+for\s+(?:it|them))?\s*"
    r"(?:[;,.]\s*(?:never|do\s+not|don't)\s+(?:guess|invent|assume|make\s+(?:it|them)\s+up)"
    r"(?:\s+(?:it|them))?)?\s*[.;!?]?\s*$",
    re.I,
)


def labelled(text: str) -> list[Emit]:
    """ "- Cabin number: must be one listed by T", "- Customer id: look it up with T",
    "- Vehicle registration — ask the customer; never guess": the labelled value's rule."""
    m = _LABELLED.match(spelled_out(text))
    if m is None:
        return []
    value, rest = value_of(m["label"]), m["rest"].strip()
    if value is None:
        return []
    if _MUST.match(rest):  # the label is the subject the rule leaves out
        found = said_origins(f"The {value} {rest}")
        return [e for e in found or [] if e.target == ANY_TOOL]
    looked = _LOOK_UP.match(rest)
    if looked is not None:
        params = {"facet": value, "from_user": False, "from_tools": [_tool(looked["tool"])]}
        return [Emit("arg_grounded", ANY_TOOL, params, 0.7)]
    if _ASK_PERSON.match(rest):
        return [Emit("arg_grounded", ANY_TOOL, {"facet": value, "from_user": True}, 0.7)]
    return []


def named_params(text: str) -> list[Emit]:
    """The `arg_grounded` rules of the shapes in the module docstring, the text's argument
    names spelled out; [] for any other sentence."""
    said = spelled_out(text)
    for pattern in (_POPULATE, _FILL_SAID, _LABEL_ONLY):
        m = pattern.search(said)
        if m is not None:
            value, source = value_of(m["np"]), told_source(m["src"], "gave")
            if value is None or source is None:
                return []
            return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]
    m = _SET_TO.search(said) or _REQUIRES.search(said)
    if m is not None:
        value, source = value_of(m["np"]), origin(_src(m["src"]))
        if value is None or source is None:
            return []
        target = _tool(m["tool"]) if m.re is _REQUIRES else ANY_TOOL
        return [Emit("arg_grounded", target, {"facet": value, **source}, 0.7)]
    m = _RETURNED.search(said) or _RETURNED_NEVER.search(said)
    if m is None:
        return []
    value = value_of(m["np"])
    if value is None:
        return []
    params = {"facet": value, "from_user": False, "from_tools": [_tool(m["tool"])]}
    return [Emit("arg_grounded", ANY_TOOL, params, 0.7)]


def _tool(said: str) -> str:
    return said.strip("`").removesuffix("()")
