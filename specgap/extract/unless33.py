"""A ban whose condition says where a value comes from, what ran before, or how many calls came
before (thirty-third session): "Do not book unless the slot_id was offered by `find_slots`",
"Do not check a site unless the postcode is exactly as the customer gave it", "Do not move a
booking unless `get_booking` has run on the same booking_ref", "Do not run a check unless
there were under 3 checks so far".

The grammar reads such a sentence as a ban under its condition, and no entity's field binds the
condition, so the ban was kept `review_only` with a `condition-not-bound` note. Each of these
conditions is a rule of its own about the banned call, which the guard checks on the trace:

| the condition says                                        | the rule on the call           |
|-----------------------------------------------------------|--------------------------------|
| unless X is/was/came from / offered / returned by `t`     | X grounded in `t`'s output     |
| if X is one `t` did not list / return / offer             | X grounded in `t`'s output     |
| unless X is (exactly) as the customer gave it             | X grounded in what the user said |
| unless `t` has run / was called (for / on this / the same X) | `t` before it (on the same X) |
| ... for this X, X an argument of the call but not of `t`  | X grounded in `t`'s output     |
| if neither `a` nor `b` has run                            | `a` or `b` before it           |
| if no `t` (on that X) first[, unless C]                   | `t` before it (on the same X), |
|                                                           | under "unless C" if said       |
| unless there were under N Xs so far / fewer than N Xs     | at most N calls                |
| if a second / third / ... X (in one chat, of one Y)       | at most 1 / 2 / ... (per Y)    |
| if A is not / other than a, b or c (A the call's argument) | A one of a, b, c               |
| if A is a or b (A the call's argument)                     | A none of a, b                 |
| if A is under M or over N (A the call's argument)          | A between M and N              |

An argument is the call's own when the banned act is a tool named by its id and the word is
one of that tool's arguments (as the agent's tools files declare them): "Never call
`send_text` if the template is not a or b" bounds `template`; a word no argument of the
named tool has ("if the status is not open") is left to the state readers.

Such conditions are written without a verb in tables and checklists ("slot_id offered by
`find_slots`", "`get_booking` run on the same booking_ref"); both spellings are read. Nothing
else is: a condition of any other shape keeps the ban reviewed with its note.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool, known_params
from specgap.extract.grammar_emit import recast
from specgap.extract.noun_bounds import number_value
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER

__all__ = ["reread"]

_TOOL = r"`?(?P<{0}>[A-Za-z][\w.:/-]*[A-Za-z0-9])`?"
_ARG = r"(?:(?:the|a|an|its|their|your)\s+)?(?P<arg>[a-z][\w-]*)"
_CHAT = (
    r"(?:\s+(?:in|during|of)\s+(?:this|the|one|a|the\s+same)\s+(?:chat|conversation|session|call))?"
)
_FROM = re.compile(
    rf"^unless\s+{_ARG}\s+(?:(?:is|was|has\s+been|comes|came)\s+)?(?:one\s+)?"
    rf"(?:from|offered\s+by|returned\s+by|listed\s+by|given\s+by|found\s+by|(?:that\s+)?"
    rf"{_TOOL.format('by')}\s+(?:returned|offered|listed|gave|found))\s*{_TOOL.format('tool')}?"
    rf"{_CHAT}\W*$",
    re.I,
)
_NOT_FROM = re.compile(
    rf"^if\s+{_ARG}\s+(?:is\s+)?(?:one\s+)?(?:that|which)\s+{_TOOL.format('tool')}\s+"
    r"(?:did\s+not|didn't|has\s+not|hasn't)\s+(?:list|return|offer|give|find)(?:ed)?\b",
    re.I,
)
_USER_SAID = re.compile(
    rf"^unless\s+{_ARG}\s+(?:is\s+|was\s+)?(?:exactly\s+)?as\s+(?:the\s+)?(?:{USER})\s+"
    r"(?:gave|typed|said|wrote|spelled|spelt|read\s+out|entered|stated)\s+it\W*$",
    re.I,
)
_RAN = re.compile(
    rf"^unless\s+{_TOOL.format('tool')}\s+(?:(?:has|had|was|have)\s+)?(?:been\s+)?"
    r"(?:run|called|used|done|checked)"
    r"(?:\s+(?:for|on)\s+(?P<same>this|that|the\s+same)\s+(?P<arg>[a-z][\w-]*))?"
    rf"{_CHAT}\W*$",
    re.I,
)
_NEITHER = re.compile(
    rf"^if\s+neither\s+{_TOOL.format('a')}\s+nor\s+{_TOOL.format('b')}\s+(?:has|have)\s+"
    rf"(?:been\s+)?(?:run|called|used){_CHAT}\W*$",
    re.I,
)
_NO_FIRST = re.compile(
    rf"^if\s+no\s+{_TOOL.format('tool')}\s+(?:on|for)\s+(?P<same>this|that|the\s+same)\s+"
    r"(?P<arg>[a-z][\w-]*)\s+first(?:,?\s+(?P<unless>unless\s+\S.*?))?\W*$",
    re.I,
)
_UNDER = re.compile(
    r"^unless\s+(?:there\s+(?:are|were|have\s+been)\s+)?(?:under|fewer\s+than|less\s+than)\s+"
    rf"(?P<n>\d+)\s+[a-z][\w-]*\s+(?:so\s+far|already|before){_CHAT}\W*$",
    re.I,
)
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_NTH = re.compile(
    r"^if\s+(?:a|the)\s+(?P<nth>" + "|".join(_ORDINALS) + r")\s+[a-z][\w-]*"
    r"(?:\s+(?:of|on|for)\s+(?:one|a|the\s+same)\s+(?P<per>[a-z][\w-]*))?"
    r"(?:\s+(?:in|during)\s+(?:one|this|a|the\s+same)\s+(?:chat|conversation|session))?\W*$",
    re.I,
)
_WHOLE = {"chat", "conversation", "session"}
_POSSESSED = r"(?:(?:the|a|an|its|their|your)\s+)?(?:[a-z][\w-]*['’]s\s+)?"
# "if the template is not a, b or c", "if reason other than a or b", "if method cash or voucher"
_VALUES = re.compile(
    rf"^if\s+{_POSSESSED}(?P<arg>[a-z][\w]*)\s+(?:(?:is|are)\s+)?(?P<neg>not\s+|other\s+than\s+|"
    r"anything\s+but\s+|neither\s+)?(?:one\s+of\s+)?"
    r"(?P<values>`?[a-z0-9][\w-]*`?(?:\s*,\s*`?[a-z0-9][\w-]*`?)*(?:\s*,?\s+(?:or|nor|and)\s+"
    r"`?[a-z0-9][\w-]*`?)?)\W*$",
    re.I,
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:or\s+|nor\s+|and\s+)?|\s+(?:or|nor|and)\s+|`")
_N = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
# "if amount_gbp is under 50 or over 1,500": the argument kept between the two
_OUTSIDE = re.compile(
    rf"^if\s+{_POSSESSED}(?P<arg>[a-z][\w]*)\s+(?:(?:is|are)\s+)?(?:under|below|less\s+than)\s+"
    rf"(?P<low>{_N})\s*(?:[A-Za-z€$£%]+\s*)?,?\s+or\s+(?:over|above|more|more\s+than|greater\s+than)\s+"
    rf"(?P<high>{_N})\W*$",
    re.I,
)


def _given_by(rule: CandidateRule, word: str, earlier: str) -> bool:
    """Whether `word` is an argument of the banned tool and not of the `earlier` one (so the
    earlier call gave it back rather than took it)."""
    known = agent_tool(earlier) is not None
    return known and word not in _arguments(earlier) and _own_argument(rule, word)


def _own_argument(rule: CandidateRule, word: str) -> bool:
    """Whether `word` names an argument of the tool the rule bans, named by its id (module
    docstring)."""
    return rule.target is not None and word in _arguments(rule.target)


def _arguments(mention: str) -> tuple[str, ...]:
    """The argument names of the agent's tool a mention names by its id (none for another)."""
    tool = agent_tool(re.sub(r"^call\s+", "", mention, flags=re.I))
    return tuple(a.removesuffix("[]") for a in known_params(tool)) if tool else ()


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """Each ban whose condition is one of the module docstring's, as the rule that condition
    states; the `condition-not-bound` notes of the bans so read are dropped."""
    out: list[CandidateRule] = []
    read: set[str] = set()
    for rule in rules:
        said = _said(rule)
        if said is not None and _key(said.params.get("before")) == _key(rule.target):
            said = None  # "never call `t` unless `t` has run": misread, kept as it was read
        if said is None:
            out.append(rule)
            continue
        out.append(said)
        read.add(rule.condition or "")
    out = [_same_said(sentence.clean, rule) for rule in out]
    if not read:
        return out, diagnostics
    kept = [
        d
        for d in diagnostics
        if not (d.code == "condition-not-bound" and any(repr(c) in d.message for c in read))
    ]
    return out, kept


def _said(rule: CandidateRule) -> CandidateRule | None:
    if rule.operator != "deny_action" or not rule.condition or rule.params.get("values"):
        return None
    condition = " ".join(rule.condition.split())
    params: dict[str, object]
    if (m := _FROM.match(condition) or _NOT_FROM.match(condition)) is not None:
        source = m["tool"] or (m["by"] if "by" in m.groupdict() else None)
        if source is None:
            return None
        params = {"facet": m["arg"], "from_user": False, "from_tools": [source]}
        return recast(rule, "arg_grounded", params, condition=None)
    if (m := _USER_SAID.match(condition)) is not None:
        params = {"facet": m["arg"], "from_user": True, "from_tools": []}
        return recast(rule, "arg_grounded", params, condition=None)
    if (m := _RAN.match(condition) or _NO_FIRST.match(condition)) is not None:
        if m["same"] is not None and _given_by(rule, m["arg"], m["tool"]):
            # "unless `check_site` ran for this venue_id", the venue_id an argument of the
            # banned call and none of `check_site`'s: the value the earlier call gave back
            params = {"facet": m["arg"], "from_user": False, "from_tools": [m["tool"]]}
            return recast(rule, "arg_grounded", params, condition=None)
        params = {"before": m["tool"]}
        if m["same"] is not None:  # "on the same booking_ref", "for this venue_id"
            params["same_as"] = m["arg"]
        # "..., unless the status is S": the exception stays the rule's condition
        unless = m["unless"] if "unless" in m.groupdict() else None
        return recast(rule, "require_before", params, condition=unless)
    if (m := _NEITHER.match(condition)) is not None:
        return recast(rule, "require_before", {"before": [m["a"], m["b"]]}, condition=None)
    if (m := _UNDER.match(condition)) is not None:
        return recast(rule, "max_calls", {"max": int(m["n"]), "per": None}, condition=None)
    if (m := _VALUES.match(condition)) is not None and _own_argument(rule, m["arg"]):
        values = [v for v in _LIST_SPLIT.split(m["values"].strip(" .")) if v]
        if m["neg"]:
            params = {"facet": m["arg"], "allowed": values}
            return recast(rule, "resource_in_allowlist", params, condition=None)
        return recast(rule, "deny_action", {"facet": m["arg"], "values": values}, condition=None)
    if (m := _OUTSIDE.match(condition)) is not None and _own_argument(rule, m["arg"]):
        low, high = number_value(m["low"]), number_value(m["high"])
        if low <= high:
            params = {"facet": m["arg"], "min": low, "max": high}
            return recast(rule, "arg_within_bound", params, condition=None)
    if (m := _NTH.match(condition)) is not None:
        per = m["per"].casefold() if m["per"] and m["per"].casefold() not in _WHOLE else None
        params = {"max": _ORDINALS[m["nth"].casefold()] - 1, "per": per}
        return recast(rule, "max_calls", params, condition=None)
    return None


def _same_said(text: str, rule: CandidateRule) -> CandidateRule:
    """A `require_before` another reader read from "unless `t` has run on the same X", with
    the same X it says (that reader kept the order, not the thing both calls are about)."""
    if rule.operator != "require_before" or "same_as" in rule.params:
        return rule
    at = re.search(r"\bunless\s", text, re.I)
    m = _RAN.match(" ".join(text[at.start() :].split())) if at is not None else None
    if m is None or m["same"] is None or _key(m["tool"]) != _key(rule.params.get("before")):
        return rule
    return rule.model_copy(update={"params": {**rule.params, "same_as": m["arg"]}})


def _key(mention: object) -> str:
    """A tool mention as a key: `a.b_c`, "a_b_c" and "call a.b.c" alike."""
    said = re.sub(r"^call\s+", "", str(mention), flags=re.I)
    return re.sub(r"[\W_]+", "", said).casefold()
