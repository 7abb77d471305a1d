"""A step required before a group of tools (read by `specgap.extract.oblig2_groups`): one
`require_before` per tool of the group, each reviewed (the membership is read from the
registry, not said by the sentence).

The group, from the rule's params `group` (`all`, `changes`, `reads`) and `of` (a thing, ""
for none):

- a thing ("touching any booking"): the tools whose name says the thing after its verb
  (`move_booking`, `cancelBooking`), or that take an argument keying it (`booking_id`);
- the account ("any change to their account"): the tools keyed by the person the step looks
  up (`passenger_id` for "look up the passenger") or by an account (`account_id`);
- no thing ("making changes", "every write"): every tool;

then only those that change something (`changes`: a tool whose verbs are not all of the
read class), only those that read (`reads`), or both (`all`); never a hook, nor the tools
the step itself resolves to.

Never a guess and never wider than the sentence: when no tool of the registry is in the
group, no rule is kept (a rule over every tool would say more than the sentence), and a
located note says which group could not be bound.
"""

from __future__ import annotations

from collections.abc import Iterable

from specgap.ir import CandidateRule, Diagnostic
from specgap.registry import Tool
from specgap.resolve import Resolver, words
from specgap.resolve.alternatives import _keyed_object, _reads

__all__ = ["expand_groups"]

_OWN = ("group", "of")  # the params the extractor adds, never part of the compiled rule
_KEYS = frozenset(words("id ids number no num code key ref reference"))
_ACCOUNT = frozenset(words("account"))


def expand_groups(
    resolver: Resolver, rules: Iterable[CandidateRule]
) -> tuple[tuple[CandidateRule, ...], tuple[Diagnostic, ...]]:
    """The rules, each group rule replaced by its copies, one per tool of the group (module
    doc), other rules unchanged; and a located note per group no tool could be bound to."""
    out: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for rule in rules:
        if rule.operator != "require_before" or rule.target != "*" or "group" not in rule.params:
            out.append(rule)
            continue
        params = {k: v for k, v in rule.params.items() if k not in _OWN}
        before = params.get("before")
        own = _resolved(resolver, before)
        members = [
            t.id
            for t in resolver.registry.tools
            if not t.hook and t.id not in own and _member(resolver, t, rule, own)
        ]
        if not members:
            notes.append(_unbound(rule))
            continue
        out += [
            rule.model_copy(update={"target": t, "params": dict(params), "grounding": "inferred"})
            for t in members
        ]
    return tuple(out), tuple(notes)


def describe(touches: str, thing: str) -> str:
    """The group in words: "every tool that changes a booking"."""
    what = {"changes": "that changes", "reads": "that reads"}.get(touches, "acting on")
    if not thing:
        return "every tool that changes something" if touches == "changes" else "every tool"
    obj = "the person's account" if thing == "account" else f"a {thing}"
    return f"every tool {what} {obj}"


def _unbound(rule: CandidateRule) -> Diagnostic:
    group = describe(str(rule.params.get("group", "all")), str(rule.params.get("of", "")))
    return Diagnostic(
        code="condition-not-bound",
        message=f"`require_before` orders `{rule.params.get('before')}` before a group of "
        f"tools ({group}), but no tool of the registry could be bound to that group, so no "
        "rule is kept (a rule over every tool would say more than the sentence)",
        severity="note",
        span=rule.span,
        help="name the tools the step must come before",
    )


def _resolved(resolver: Resolver, before: object) -> frozenset[str]:
    """The tool ids the step names, when it resolves (a list of ids is any one of them)."""
    if isinstance(before, list | tuple):
        return frozenset(i for b in before if (i := resolver.registry.canonical(str(b))))
    if isinstance(before, str):
        res = resolver.resolve(before)
        if res.status == "resolved" and res.tool_id is not None:
            return frozenset({res.tool_id})
    return frozenset()


def _member(resolver: Resolver, tool: Tool, rule: CandidateRule, own: frozenset[str]) -> bool:
    touches = str(rule.params.get("group", "all"))
    reads = _reads(resolver, tool.id)
    if (touches == "changes" and reads) or (touches == "reads" and not reads):
        return False
    thing = str(rule.params.get("of", ""))
    if not thing:
        return True
    if thing == "account":
        return _keyed(tool, _person(resolver, rule, own) | _ACCOUNT)
    wanted = set(words(thing)) - _KEYS
    if not wanted:
        return False
    name = words(tool.id)
    return wanted <= set(name[1:]) or _keyed(tool, wanted)


def _keyed(tool: Tool, wanted: set[str] | frozenset[str]) -> bool:
    """An argument names the thing and a key (`booking_id`, `passengerId`)."""
    for arg in tool.arg_names:
        said = words(arg)
        if len(said) >= 2 and said[-1] in _KEYS and set(said[:-1]) <= wanted and said[:-1]:
            return True
    return False


def _person(resolver: Resolver, rule: CandidateRule, own: frozenset[str]) -> set[str]:
    """Whose account: what the step acts on ("look up the passenger") and what its lookups
    read before their `by` (`find_member_by_card`)."""
    person: set[str] = set()
    before = rule.params.get("before")
    if isinstance(before, str):
        action = resolver.actions.parse(before)
        if action is not None:
            person |= {w for o in action.objects for w in words(o)}
    for tool_id in own:
        person |= set(_keyed_object(tool_id) or ()) - _KEYS
    return person - _KEYS
