"""A state test bound to the tools, the fifth pass: three general steps at resolve.

- **values as the tools spell them**: once a rule's field is known, each value the sentence
  said in other words ("checked in", "confirmed", "in progress") is written as the field's
  readers list it (`CHECKED_IN`, `CONFIRMED`, `in_progress`): the same words, only case,
  spaces and underscores told apart, and a value a reader lists with a function word the
  sentence dropped or added ("on the shelf" for `on_shelf`). A value no listed one
  answers to is kept as said (the binder reviews it).
- **the call itself is no entity**: "`lend_score` is allowed only when ...", "If its status
  is X, `move_booking` must not be called": the grammar can take the tool's own id for the
  thing whose state it is; the id names the call, whose entity is the call's own, so the
  "entity" is dropped and the state is bound as the call's (or its flag's). So is another
  tool's id listed with it as the acts banned ("Do not call `extend_hire` or `end_hire`
  unless the status is reserved": the first id was read as the thing whose status the
  second tests). Any other tool id read as the entity stays, and the binder reviews it (it
  is a sign the sentence was misread).
- **the mention without its state words**: "split blighted beds" names `split_bed` with
  a state value in the middle, which dilutes the match; the target is resolved again from
  the mention without the rule's own values, and that reading is taken only when it is the
  same tool, better scored. Never another tool. Run once the states are settled (a ban
  whose state is read after resolving, `state_late`, is then a `state_condition`), never on
  a ban: a ban's mention keeps every word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from specgap.ir import Resolution, ResolvedRule
from specgap.operators.evidence import key_words
from specgap.registry import Registry, Tool
from specgap.resolve.resolver import Resolver

__all__ = ["as_listed", "not_the_call", "rescored", "without_states"]

_FUNCTION = frozenset({"the", "a", "an", "of", "in", "on", "at", "to", "for", "by", "its"})


def _words(value: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", value.casefold())


def _content(value: str) -> tuple[str, ...]:
    return tuple(w for w in _words(value) if w not in _FUNCTION)


def not_the_call(tool: Tool, params: dict[str, Any], text: str = "") -> dict[str, Any]:
    """The parameters without an "entity" that is the call's own tool id, or another tool
    id listed with it in `text` (module docstring); unchanged otherwise."""
    entity = params.get("entity")
    if not isinstance(entity, str) or not entity:
        return params
    ours = key_words(entity) == key_words(tool.id)
    pair = [re.escape(entity), re.escape(tool.id)]
    listed = any(
        re.search(rf"`?{a}`?\s*(?:,|\bor\b|\band\b)\s*`?{b}`?", text, re.I)
        for a, b in (pair, pair[::-1])
    )
    if ours or listed:
        return {k: v for k, v in params.items() if k != "entity"}
    return params


def as_listed(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The rule's values spelt as the readers of its field list them (module docstring)."""
    from specgap.extract.state_vocab import vocabularies

    field = params.get("field")
    if not isinstance(field, str) or not field:
        return params
    listed: list[str] = []
    for vocab in vocabularies(registry, tool):
        for name, values in vocab.fields:
            if key_words(name) == key_words(field):
                listed.extend(values)
    if not listed:
        return params
    out = dict(params)
    for side in ("allowed", "denied"):
        said = params.get(side)
        if said:
            out[side] = [_spelt(str(v), listed) for v in said]
    return out if out != params else params


def _spelt(value: str, listed: list[str]) -> str:
    exact = [v for v in listed if _words(v) == _words(value)]
    if not exact:
        exact = [v for v in listed if _content(v) and _content(v) == _content(value)]
    spelt = set(exact)
    return exact[0] if len(spelt) == 1 else value


def without_states(resolver: Resolver, mention: str | None, values: list[str], target: Resolution,
                   context: str) -> Resolution:  # fmt: skip
    """The target resolved from the mention without the rule's own state words, when that
    is the same tool better scored (module docstring); else `target` unchanged."""
    if not mention or not values or target.status != "resolved":
        return target
    said = mention.split()
    low = [" ".join(_words(w)) for w in said]
    gone: set[int] = set()
    for value in values:
        words = _words(value)
        for i in range(len(low) - len(words) + 1):
            if words and low[i : i + len(words)] == words:
                gone.update(range(i, i + len(words)))
    kept = [w for i, w in enumerate(said) if i not in gone]
    if not kept or len(kept) == len(mention.split()):
        return target
    again = resolver.resolve(" ".join(kept), context)
    if again.status != "resolved" or again.tool_id != target.tool_id:
        return target
    if again.score <= target.score:
        return target
    return again.model_copy(update={"mention": target.mention})


def rescored(resolver: Resolver, resolved: Iterable[ResolvedRule]) -> tuple[ResolvedRule, ...]:
    """Every rule, each `state_condition` whose target mention holds its own state values
    resolved again without them (module docstring); the others unchanged."""
    from specgap.resolve.rules import context_of

    out: list[ResolvedRule] = []
    for each in resolved:
        rule = each.rule
        if rule.operator == "state_condition" and rule.target and each.target.mention:
            values = [str(v) for k in ("allowed", "denied") for v in rule.params.get(k) or ()]
            again = without_states(resolver, rule.target, values, each.target, context_of(rule))
            if again is not each.target:
                each = each.model_copy(update={"target": again})
        out.append(each)
    return tuple(out)
