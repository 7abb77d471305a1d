"""A state test read from a sentence, completed once its tool is known: the entity a read
tool is named after, every state of a list the sentence gives, and the field as the tools
spell it.

Run on the resolved rules before `specgap.resolve.conditions.bind_states` (which checks the
entity, field and readers of every `state_condition`):

- **the entity by its reader's name.** A call may name its entity by an identifier whose
  words are not the entity's (`cancel_crate(manifest_code)`), while the tool that reads it
  is named after the entity (`get_crate(manifest_code)`). A rule about "a crate whose state
  is sealed" then names the entity as the reader does: it is the entity of
  `manifest_code`, and the field the readers list the values under (a rule that had taken
  `crate` for a field of its own is read so too). Only when exactly one entity's readers
  are named so and list the rule's values;
- **every state of a list.** "Crates that are already sealed, loaded or shipped cannot be
  relabelled" kept only the first state the grammar knew as one: when the rule's text
  lists its values with more of the same field (the readers list them all), the test
  holds for all of them;
- **a field by its head noun.** "If the account is suspended" on a call whose entity's
  readers list `account_status (active, suspended)`: the field that word heads, when it is
  the one listing the values;
- **the field as the tools spell it.** "whose academic standing is good" tests the field
  the reader lists as `academic_standing`: the field keeps the tools' spelling.

Nothing here makes a rule stronger: a denied list only grows by states the sentence itself
lists with it, an allowed list never does, and an entity or field is respelled only where
the tools' own names and lists say it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from specgap.extract.state3_respell import tool_noun
from specgap.extract.state_vocab import Vocab, value_pattern, vocabularies
from specgap.ir import ResolvedRule
from specgap.operators.evidence import key_words
from specgap.registry import Registry, Tool

__all__ = ["complete_states"]


def _norm(value: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", value.casefold()))


def _values(params: dict[str, Any]) -> tuple[str, list[str]]:
    side = "denied" if params.get("denied") else "allowed"
    return side, [str(v) for v in params.get(side) or ()]


def _aliased(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The entity named as its reader is (module docstring), or the parameters unchanged."""
    entity, field = params.get("entity"), params.get("field")
    said = entity if isinstance(entity, str) and entity else None
    if said is None and isinstance(field, str) and field:
        said = field  # "the crate is sealed" read as the field `crate` of the call's entity
    if said is None:
        return params
    _, values = _values(params)
    if not values:
        return params
    found = []
    for vocab in vocabularies(registry, tool):
        if key_words(vocab.entity) == key_words(said):
            return params  # the entity's own name: nothing to respell
        nouns = {key_words(n) for r in vocab.read if (n := tool_noun(r))}
        listed = vocab.field_of(values)
        if key_words(said) in nouns and listed is not None:
            found.append((vocab, listed))
    if len(found) != 1:
        return params
    vocab, (name, spelled) = found[0]
    if said is not entity and field is not None and key_words(str(field)) != key_words(said):
        return params
    side, _ = _values(params)
    out = dict(params)
    out["entity"] = vocab.entity
    if said is field or not isinstance(field, str) or key_words(field) == key_words(said):
        out["field"] = name
    out[side] = list(spelled)
    return out


def _headed(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """ "If the account is suspended" on a call whose entity's readers list `account_status
    (active, suspended)`: the word is the head of one listed field holding the values."""
    entity, field = params.get("entity"), params.get("field")
    owner: str | None = None  # the entity the field is said of, when the rule names both
    if isinstance(entity, str) and entity and not field:
        said = entity
    elif isinstance(field, str) and field:
        said, owner = field, entity if isinstance(entity, str) and entity else None
    else:
        return params
    _, values = _values(params)
    if not values:
        return params
    wanted = {_norm(v) for v in values}
    found = set()
    for vocab in vocabularies(registry, tool):
        if key_words(vocab.entity) == key_words(said):
            return params
        if owner is not None and key_words(vocab.entity) != key_words(owner):
            continue
        for name, listed in vocab.fields:
            holds = wanted <= {_norm(v) for v in listed}
            if key_words(name) == key_words(said) and holds:
                return params  # a field of its own name
            words = re.split(r"[\s_]+", name)
            if len(words) > 1 and key_words(words[0]) == key_words(said) and holds:
                found.add((vocab.entity, name))
    if len(found) != 1:
        return params
    held, name = found.pop()
    return {k: v for k, v in params.items() if k not in ("entity", "field")} | {
        "entity": held,
        "field": name,
    }


def _run(vocab: Vocab) -> re.Pattern[str]:
    one = "|".join(value_pattern(v) for v in vocab.values())
    sep = r"(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s*/\s*)"
    return re.compile(rf"(?:[`'\"]?(?:{one})[`'\"]?)(?:{sep}[`'\"]?(?:{one})[`'\"]?)+", re.I)


def _widened(registry: Registry, tool: Tool, params: dict[str, Any], text: str) -> dict[str, Any]:
    """A denied list grown to the states the sentence lists with it (module docstring)."""
    if not params.get("denied") or params.get("allowed"):
        return params
    said = [str(v) for v in params["denied"]]
    entity, field = params.get("entity"), params.get("field")
    for vocab in vocabularies(registry, tool):
        if isinstance(entity, str) and key_words(entity) != key_words(vocab.entity):
            continue
        for m in _run(vocab).finditer(text):
            listed = [v for v in vocab.values() if re.search(value_pattern(v), m[0], re.I)]
            if not {_norm(v) for v in said} < {_norm(v) for v in listed}:
                continue
            found = vocab.field_of(listed)
            if found is None:
                continue
            name, spelled = found
            if isinstance(field, str) and key_words(field) != key_words(name):
                continue
            return params | {"denied": list(spelled)}
    return params


def _spelled_field(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The field as the readers spell it (`academic standing` -> `academic_standing`)."""
    field = params.get("field")
    if not isinstance(field, str) or " " not in field.strip():
        return params
    wanted = key_words(field)
    for vocab in vocabularies(registry, tool):
        for reader in vocab.read:
            each = registry.by_id.get(reader)
            if each is None:
                continue
            text = " ".join([each.description, repr(each.schema)])
            for token in re.findall(r"\b[A-Za-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z]\w*", text):
                if key_words(token) == wanted:
                    return params | {"field": token}
    return params


def complete_states(
    registry: Registry, resolved: Iterable[ResolvedRule]
) -> tuple[ResolvedRule, ...]:
    """Every resolved rule, each `state_condition` completed (module docstring); the others
    are the very objects they were."""
    out: list[ResolvedRule] = []
    for each in resolved:
        rule = each.rule
        tool = registry.by_id.get(each.target.tool_id or "")
        if (
            rule.operator != "state_condition"
            or rule.condition is not None
            or each.target.status != "resolved"
            or tool is None
        ):
            out.append(each)
            continue
        params = _aliased(registry, tool, dict(rule.params))
        params = _headed(registry, tool, params)
        params = _widened(registry, tool, params, rule.text)
        params = _spelled_field(registry, tool, params)
        if params == rule.params:
            out.append(each)
            continue
        out.append(each.model_copy(update={"rule": rule.model_copy(update={"params": params})}))
    return tuple(out)
