"""Where a value must come from, said the long way (eighteenth session): "the lot_id you pass
to `sell_lot` must be one that `register_lot` or `list_lots` returned", "the member number
has to be the one that lookup gave you", "the value has to be the figure returned by T",
"the address and phone you give `dispatch` must both have come from the caller", "book only
with a quote_id that `get_quote` returned".

Each says what "<value> must come from <source>" says, which the source readers read
(`sources`): `respelt` says it so, and the sentence is read so, whole (its clauses, its
lead-in), when as written it gave no rule (`reread`). Nothing else is changed: the value,
the tool it is passed to and the source are the sentence's own words ("in this
conversation" left out: a trace is one conversation; two values coordinated are said one by
one).
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none
from specgap.operators.prose import is_toolish

_MODAL = r"(?:must|has\s+to|have\s+to|needs?\s+to|should|shall)"
# "must be one that X returned", "has to be the one that X gave you"
_ONE_THAT = re.compile(
    r"\b" + _MODAL + r"\s+(?:both\s+|all\s+|always\s+)?be\s+(?:one|the\s+one|ones|the\s+ones|an?\s+"
    r"[a-z_]+|the\s+[a-z_]+)\s+(?:that|which)\s+(?P<src>[^.;]+?)\s+(?:returned|gave(?:\s+you)?|"
    r"has\s+returned|has\s+given(?:\s+you)?|listed|produced|showed(?:\s+you)?|returns|gives"
    r"(?:\s+you)?)\b",
    re.I,
)
# "has to be the figure returned by S", "must be the id given by S"
_BY = re.compile(
    r"\b" + _MODAL + r"\s+(?:always\s+)?be\s+(?:the|a|an|one)\s+(?:[a-z_]+\s+)?(?:returned|given|"
    r"provided|issued|produced|listed|shown|reported)\s+by\b",
    re.I,
)
# "must both have come from the caller", "must have come back from S"
_HAVE_COME = re.compile(
    r"\b" + _MODAL + r"\s+(?:both\s+|all\s+|always\s+)?have\s+come\s+(?:back\s+)?from\b", re.I
)


# "... in this conversation": when the source gave it, which a trace (one conversation) says
_NOW = re.compile(
    r"\s+(?:earlier\s+)?(?:in|during)\s+(?:this|the\s+same|the\s+current)\s+(?:conversation|chat|"
    r"session|call)\b",
    re.I,
)
# "the address and phone you give T must come from S": each value its own rule
_BOTH = re.compile(
    r"^\W*(?:the\s+)?(?P<a>[\w-]+(?:\s+[\w-]+)?)\s+and\s+(?:the\s+)?(?P<b>[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?P<rest>(?:you\s+(?:pass|give|send|use|enter)|passed|given|sent|used|entered)\b[^;]*?\bmust\s+"
    r"come\s+from\b[^;]*)$",
    re.I,
)


# "Book only with a quote_id that `get_quote` returned", "Charge only the card token that `T`
# returns": the act, then the value it takes
_ONLY_WITH = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?P<act>[a-z]+(?:\s+(?:a|an|the)?\s*[a-z][\w-]*)?)\s+only\s+"
    r"(?P<with>(?:with|using)\s+)?(?:a|an|the)\s+(?P<arg>[\w-]+(?:\s+[a-z][\w-]*)?)\s+(?:that|which)\s+"
    r"(?P<src>[^.;,]+?)\s+(?:returned|returns|gave(?:\s+you)?|gives|listed|lists|produced)\b",
    re.I,
)


def only_with(text: str) -> str | None:
    """ "The <value> you pass to <act> must come from <source>." for "<act> only with a
    <value> that <source> returned" (read first: as written, the source's id reads as a
    value of the argument), the rest after ";" kept; or None."""
    only = _ONLY_WITH.match(text)
    if only is None:
        return None
    src = only["src"]
    if not only["with"] and not (re.fullmatch(r"`[^`]+`", src) or is_toolish(src)):
        return None  # "use only the slip ids that the search returned": any search, left as said
    rest = text[only.end() :].lstrip()
    tail = _NOW.sub("", f" {rest}").lstrip(" ,;.")
    said = f"The {only['arg']} you pass to {only['act']} must come from {only['src']}."
    return f"{said[:-1]}; {tail}" if tail else said


def respelt(text: str) -> str | None:
    """The sentence with its source said as "must come from <source>", or None when it says
    none of the forms above."""
    said = _ONE_THAT.sub(lambda m: f"must come from {m['src']}", text)
    said = _HAVE_COME.sub("must come from", said)
    said = _BY.sub("must come from", said)
    if said == text:
        return None
    said = _NOW.sub("", said)
    both = _BOTH.match(said.strip())
    if both is not None:
        rest = both["rest"].rstrip(" .")
        said = f"The {both['a']} {rest}; the {both['b']} {rest}."
    return said


# read as "must come from" when the sentence as written gave no rule
reread = when_none(respelt)
