"""A state an entity must be in to *receive* something holds for every tool that gives it.

"Only members in good standing may receive guest passes", "only verified vendors can be
issued purchase orders", "accounts ... are permitted to receive group memberships": the
sentence restricts the receiving, whichever tool does the giving. The extractor reads the
receiving as one action ("add group membership", `specgap.extract.coordinated_conditions`)
and the resolver maps it to one tool (`add_user_to_groups`); a registry often has another
tool that gives the same thing in another way (`set_account_groups` replaces the groups,
`grant_pass` beside `issue_pass`). Such a tool is found by what it relates, never by its
words alone:

- it takes the entity's identifier (`account_id` for "accounts") and the identifier of
  the received thing (`group_ids`), as the resolved tool does, so it writes the same
  relation between the same two things;
- its name's verb is a verb of the lexicon of a class that gives or changes (create,
  update, attach...), never a read, a removal or a detachment (`remove_user_from_groups`
  takes the same two identifiers and takes the thing away).

Each such tool gets a copy of the rule, marked `inferred` (so reviewed, never enforced):
the sentence did not name it. A rule whose action did not resolve, whose entity or thing
has no identifier argument, or that came from a sentence with no receiving verb is left
as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.ir import CandidateRule
from specgap.operators.evidence import key_words
from specgap.registry import Tool
from specgap.resolve import Resolver
from specgap.resolve.lexicon import classes_of, verb_key
from specgap.resolve.text import SEGMENT, split

__all__ = ["expand_receivers", "givers"]

_RECEIVE = re.compile(
    r"\b(?:receive|receiving|be\s+(?:given|granted|issued|assigned)|get)\s+(?P<list>[^.;:!?]+)",
    re.I,
)
_KEYS = ("id", "ids", "number", "no", "code", "key")
# the classes of a verb that gives or changes a relation; a read, a removal or a
# detachment never gives anything
_GIVING = frozenset({"create", "update", "attach", "send"})
_TAKING = frozenset({"read", "delete", "detach"})


def _id_keys(tool: Tool) -> dict[str, str]:
    """The tool's identifier arguments, by their comparable words (`group_ids`: `groupid`)
    to the name of what they identify (`group`)."""
    out: dict[str, str] = {}
    for arg in tool.arg_names:
        words = key_words(arg)
        for k in _KEYS:
            if words.endswith(k) and len(words) > len(k):
                out[words] = words[: -len(k)]
                break
    return out


def _gives(tool: Tool) -> bool:
    """Whether the tool's name starts with a verb of a giving class and of no taking one."""
    name = SEGMENT.split(tool.id)[-1].split("__")[-1]  # `svc.res.verb`, `server__tool`
    words = [w for w in split(name) if not w.isdigit()]
    if not words:
        return False
    classes = classes_of(verb_key(words[0]))
    return bool(classes & _GIVING) and not classes & _TAKING


def givers(tools: Iterable[Tool], given_by: Tool, entity: str) -> tuple[str, ...]:
    """The other tools (sorted ids) that give what `given_by` gives to the `entity`: they
    take its identifier of the entity and one of the received thing (module doc)."""
    keys = _id_keys(given_by)
    wanted = key_words(entity)
    own = {k for k, what in keys.items() if what.startswith(wanted) or wanted.startswith(what)}
    things = set(keys) - own
    if not own or not things:
        return ()
    found = [
        t.id
        for t in tools
        if t.id != given_by.id
        and not t.hook
        and own <= set(_id_keys(t))
        and things & set(_id_keys(t))
        and _gives(t)
    ]
    return tuple(sorted(found))


def _received(rule: CandidateRule) -> bool:
    """Whether the rule's action is one the sentence says the entity receives: its object
    words all stand in the list after the receiving verb."""
    m = _RECEIVE.search(rule.text)
    if m is None or not rule.target:
        return False
    said = {key_words(w) for w in re.findall(r"[A-Za-z][\w-]*", m["list"])}
    words = [key_words(w) for w in rule.target.split()[1:]]
    return bool(words) and all(w in said for w in words)


def expand_receivers(resolver: Resolver, rules: Iterable[CandidateRule]) -> list[CandidateRule]:
    """The rules, with an inferred copy of each receiving `state_condition` for every other
    tool that gives the same thing to the same entity (module doc)."""
    out: list[CandidateRule] = []
    tools = {t.id: t for t in resolver.registry.tools}
    for rule in rules:
        out.append(rule)
        entity = rule.params.get("entity")
        if rule.operator != "state_condition" or not isinstance(entity, str):
            continue
        if not _received(rule):
            continue
        res = resolver.resolve(rule.target, rule.context)
        tool = tools.get(res.tool_id or "") if res.status == "resolved" else None
        if tool is None:
            continue
        had = {r.target for r in rules if r.span == rule.span}
        out.extend(
            rule.model_copy(update={"target": other, "mentions": (other,), "grounding": "inferred"})
            for other in givers(tools.values(), tool, entity)
            if other not in had
        )
    return out
