"""An argument of coordinated tools: "the booking_id of `a` and `b` must come from `t`".

A reader of where a value comes from takes "the booking_id of `a`" as the argument's name
(the rule's `facet`) and the next conjunct ("`b`") as a second one: two rules over every
tool that name no argument (reviewed, noted), while the sentence grounds one argument of
each named tool. `tools_args` rewrites such a pair into one rule per tool, with the
argument's own name; a conjunct that is not a tool id is left as it was read.
"""

from __future__ import annotations

import re

from specgap.ir import CandidateRule

__all__ = ["tools_args"]

_TOOL = r"`?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+`?"
_OF = re.compile(
    r"^(?:the\s+)?(?P<arg>[a-z][\w ]*?)\s+(?:of|for|to|passed\s+to)\s+(?P<tool>" + _TOOL + r")$",
    re.I,
)
_ID = re.compile(_TOOL)


def tools_args(rules: list[CandidateRule], text: str = "") -> list[CandidateRule]:
    """The rules, "the X of `a`" + "`b`" over every tool rewritten as X of `a` and X of `b`
    (module docstring); an argument over every tool that `text` gives to named tools ("the
    X for `a` and `b`", the tools dropped) given to each of them only."""
    grounded = [r for r in rules if r.operator == "arg_grounded" and r.target == "*"]
    rules = [n for r in rules for n in (_named(r, text) if r in grounded else [r])]
    grounded = [r for r in rules if r.operator == "arg_grounded" and r.target == "*"]
    led = next((m for r in grounded if (m := _OF.match(str(r.params.get("facet", ""))))), None)
    if led is None:
        return rules
    more = [r for r in grounded if _ID.fullmatch(str(r.params.get("facet", "")).strip())]
    if not more:
        return rules
    first = next(r for r in grounded if _OF.match(str(r.params.get("facet", ""))))
    tools = [led["tool"], *(str(r.params["facet"]) for r in more)]
    arg = led["arg"].strip()
    each = [
        first.model_copy(
            update={
                "target": tool.strip().strip("`"),
                "mentions": (tool.strip().strip("`"), *first.mentions[1:]),
                "params": {**first.params, "facet": arg},
            }
        )
        for tool in tools
    ]
    dropped = {id(first), *(id(r) for r in more)}
    return [r for r in rules if id(r) not in dropped] + each


_LIST = r"(?P<tools>" + _TOOL + r"(?:\s*,\s*" + _TOOL + r")*\s*,?\s+(?:and|or)\s+" + _TOOL + r")"


def _named(rule: CandidateRule, text: str) -> list[CandidateRule]:
    """The rule over every tool, or one copy per tool when the sentence says its argument
    is that of a list of named tools ("the order_id for `a` and `b`")."""
    words = str(rule.params.get("facet", "")).split()
    if not words or not text:
        return [rule]
    said = re.search(
        r"\b"
        + r"[\s_]+".join(map(re.escape, words))
        + r"s?\s+(?:of|for|passed\s+to|given\s+to)\s+"
        + _LIST,
        text,
        re.I,
    )
    if said is None:
        return [rule]
    tools = [t.strip("`") for t in _ID.findall(said["tools"])]
    return [
        rule.model_copy(update={"target": t, "mentions": (t, *rule.mentions[1:])}) for t in tools
    ]
