"""The action an allowlist is about, when the sentence names it by other words than a tool:

- a noun of the action before the argument: "the cancellation reason can only be 'a' or
  'b'" restricts `reason` of the tools that cancel, when no tool takes a `cancellation
  reason` (`action_copies`, run by the compiler: one copy per tool whose id says `cancel`);
- a clause of the action: "when cancelling a crate, the reason must be 'a' or 'b'", "pass
  'a' or 'b' as the haulier when shipping a crate", "for the haulier, use 'a' or 'b'"
  (`action_values`).

A noun is read as an action only by a suffix that derives it from a verb ("cancellation",
"shipment", "renewal", "delivery", "booking"): a noun that is itself a verb ("order",
"return") may name the entity, and is left alone. The rule is then resolved as any action
mention is (a clause), or only on tools whose ids say the verb (a noun): never a guess.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import ANY_TOOL
from specgap.ir import CandidateRule
from specgap.operators.prose import QUOTED
from specgap.registry import Registry

# (suffix, what replaces it) to find the verb a noun derives from, tried in order
_SUFFIXES = (
    ("llation", "l"), ("lation", "l"), ("sion", "t"), ("ation", "e"), ("ation", ""),
    ("tion", "t"), ("ment", ""), ("al", ""), ("ery", "er"), ("ing", ""),
)  # fmt: skip


def verb_of(noun: str) -> str | None:
    """The verb an action noun derives from ("cancellation" -> `cancel`, "shipment" ->
    `ship`, "booking" -> `book`), or None."""
    from specgap.extract.english import base_verb, lemmas

    said = noun.casefold()
    if said.endswith("ing"):
        verbs = lemmas(said).get("VERB", ())
        return verbs[0] if verbs else None
    for suffix, added in _SUFFIXES:
        if said.endswith(suffix) and len(said) > len(suffix) + 2:
            stem = said[: -len(suffix)] + added
            if base_verb(stem):
                return stem
    return None


def action_copies(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """An allowlist over every tool whose facet opens with an action noun no argument
    answers to ("cancellation reason"): one copy per tool whose id says the action's verb
    (`cancel_crate`) and takes the rest of the facet (`reason`); [] when none does. Run by
    the compiler only where the facet as said named no argument of any tool."""
    from specgap.resolve import words
    from specgap.resolve.arguments import argument_selector

    facet = str(rule.params.get("facet") or "").split()
    if rule.operator != "resource_in_allowlist" or rule.target != ANY_TOOL or len(facet) < 2:
        return []
    verb = verb_of(facet[0])
    if verb is None:
        return []
    rest = " ".join(facet[1:])
    out = []
    for tool in registry.tools:
        if tool.hook or not set(words(verb)) <= set(words(tool.id)):
            continue
        selector = argument_selector(tool, rest)
        if selector is None or selector.extract is not None:
            continue
        params = {k: v for k, v in rule.params.items() if k != "set_by_call"}
        params.update({"facet": selector.arg, "said_as": rest})
        out.append(rule.model_copy(update={"target": tool.id, "params": params}))
    return out


_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_LIST = r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:or|and)\s+)?" + _ITEM + r"|\s+(?:or|and)\s+"
_LIST += _ITEM + r")+)"
_NP = r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
_ACT = (
    r"(?P<verb>[a-z]+ing)\s+(?:(?:a|an|the|any|each|every)\s+)?"
    r"(?P<obj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
)
_END = r"\s*[.;]?\s*$"
_FORMS = (
    # "when cancelling a crate, the reason must be 'damaged' or 'late'"
    re.compile(
        r"^\W*(?:when|whenever|if|while)\s+(?:you\s+(?:are\s+)?)?" + _ACT + r"\s*,\s*(?:the|its|"
        r"their)\s+" + _NP + r"\s+(?:is|are|must\s+be|should\s+be|has\s+to\s+be|can\s+only\s+be|"
        r"may\s+only\s+be)\s+(?:(?:either|one\s+of)\s*:?\s*)?" + _LIST + _END,
        re.I,
    ),
    # "pass 'a' or 'b' as the haulier when shipping a crate"
    re.compile(
        r"^\W*(?:always\s+|only\s+)?(?:use|pass|choose|pick|select|set|give)\s+(?:only\s+)?"
        + _LIST
        + r"\s+(?:as|for)\s+(?:the\s+|its\s+)?"
        + _NP
        + r"\s+(?:when|whenever|while)\s+"
        r"(?:you\s+(?:are\s+)?)?" + _ACT + _END,
        re.I,
    ),
)
# "for the haulier, use 'a' or 'b'": no action said, the argument wherever it is
_FOR_NP = re.compile(
    r"^\W*for\s+(?:the\s+|a\s+|an\s+|each\s+|every\s+)?" + _NP + r"\s*,\s*(?:always\s+|only\s+)?"
    r"(?:use|pass|choose|pick|select|set|give|enter)\s+(?:only\s+)?(?:one\s+of\s+)?"
    + _LIST
    + r"(?:\s+only)?"
    + _END,
    re.I,
)
_NOT_ARGUMENTS = frozenset({"tool", "tools", "function", "it", "this", "that", "value", "values"})
_WHEN_DOING = re.compile(
    r"^\W*(?:when|whenever|while)\s+(?:you\s+(?:are\s+)?)?" + _ACT + r"\W*$", re.I
)


def names_action(condition: str, rule: CandidateRule) -> bool:
    """ "when cancelling a crate" said of an allowlist on `cancel crate`: the clause names the
    action the rule is on, not a condition of it."""
    from specgap.extract.pattern_base import lemma

    if rule.operator != "resource_in_allowlist":
        return False
    said = " ".join(condition.split()).casefold()
    if said and said == str(rule.params.get("facet") or "").casefold():
        return True  # "settlement currencies are restricted to ...": the argument, no condition
    m = _WHEN_DOING.match(condition)
    if m is None:
        return False
    return f"{lemma(m['verb'].casefold())} {m['obj'].casefold()}" == rule.target


def action_values(text: str) -> list[Emit]:
    """The allowlist of an argument of an action said in a clause of its own, or of an
    argument named first ("for the haulier, use ..."), quoted values only."""
    from specgap.extract.pattern_base import lemma

    for form in _FORMS:
        m = form.search(text)
        if m is None:
            continue
        values = [a or b or c for a, b, c in QUOTED.findall(m["list"])]
        np = " ".join(m["np"].split())
        if len(values) < 2 or np.casefold().split()[-1] in _NOT_ARGUMENTS:
            return []
        action = f"{lemma(m['verb'].casefold())} {m['obj'].casefold()}"
        return [Emit("resource_in_allowlist", action, {"facet": np, "allowed": values}, 0.7)]
    m = _FOR_NP.search(text)
    if m is None:
        return []
    values = [a or b or c for a, b, c in QUOTED.findall(m["list"])]
    np = " ".join(m["np"].split())
    if len(values) < 2 or np.casefold().split()[-1] in _NOT_ARGUMENTS:
        return []
    return [Emit("resource_in_allowlist", ANY_TOOL, {"facet": np, "allowed": values}, 0.7)]
