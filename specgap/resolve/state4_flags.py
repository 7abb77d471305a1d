"""A state said by a yes/no field's own name: "while the vault is frozen", "a frozen vault",
"when export_hold is true", where a tool reading the entity lists the field as a flag:
"frozen (true or false)", "export_hold (yes/no)", "locked: boolean". The rule then tests
that field for true (`{"field": "frozen", "denied": ["true"]}`), read from the tools that
list it, as it would had the sentence said "when frozen is true".

Read so: a rule with no field and either one value that a flag spells ("frozen"; a leading
`under`, `on`, `in`, `with` or `has` dropped; `_`, `-` and spaces alike), or the value
`true`/`false` said of an "entity" that a flag spells and no tool identifies ("when
legal_hold is true" read the flag as the thing whose state it is). The flag must be listed
by a read tool about the call's entity: one taking an identifier argument of the call, or
(`get_vault(vault_name)`) the very argument the call takes. Anything else is
left as it was, but for one more case: a state said of an "entity" no tool identifies,
that a read tool about the call's entity lists among what it returns ("Read a vault: name,
tier, frozen (true or false)"): "when the vault's tier is secret" tests the field `tier`.
And a "field" that is a word of the call's own name ("no cancelling a dispatched loan" on
`cancelLoanRequest`) is the entity the call acts on: its state is the one field the readers
list every value under. Otherwise the binding goes on as before (a listed state, or
`review_only` with its note).
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.state_words import PERSONAL
from specgap.registry import Registry, Tool
from specgap.resolve.state_reads import _is_read, readers

__all__ = ["flag_state"]

# "frozen (true or false)", "frozen (true/false)", "frozen (boolean)", "frozen: yes or no",
# "frozen (true when ...)"
_FLAG = re.compile(
    r"`?(?P<f>[A-Za-z][\w-]*)`?\s*(?:\(\s*|:\s*|,\s*(?:an?\s+)?)(?:true\s*(?:or|/)\s*false|"
    r"false\s*(?:or|/)\s*true|yes\s*(?:or|/)\s*no|booleans?|a\s+boolean|bool|"
    # "blacklisted (true when the device has been reported stolen)"
    r"(?:true|yes)\s+(?:when|if|once|while))\b",
    re.I,
)
_LEAD = re.compile(r"^(?:(?:is|are|being|under|on|in|with|has|have|having|an?|the)\s+)+", re.I)
_TRUTH = frozenset({"true", "false"})


def _words(text: str) -> tuple[str, ...]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return tuple(w.casefold() for w in re.findall(r"[A-Za-z0-9]+", spaced))


def _flags(tools: tuple[Tool, ...]) -> dict[tuple[str, ...], tuple[str, tuple[str, ...]]]:
    """Each flag the tools list, by its words: its spelling and the tools listing it."""
    out: dict[tuple[str, ...], tuple[str, tuple[str, ...]]] = {}
    for tool in tools:
        for m in _FLAG.finditer(tool.description):
            name, by = out.get(_words(m["f"]), (m["f"], ()))
            out[_words(m["f"])] = (name, by if tool.id in by else (*by, tool.id))
    return out


def _readers(registry: Registry, tool: Tool, entity: str | None) -> tuple[Tool, ...]:
    found = readers(registry, tool, entity) or readers(registry, tool, None)
    args = set(tool.arg_names)
    same = [
        t
        for t in registry.tools
        if t is not tool and not t.hook and _is_read(t, registry) and args & set(t.arg_names)
    ]
    return (*found, *(t for t in same if all(t is not f for f in found)))


def _identified(registry: Registry, tool: Tool, entity: str) -> bool:
    """Whether the call or some tool takes an argument identifying the entity
    (`bucket_name`, `order_id`)."""
    wanted = "".join(_words(entity))
    keys = {wanted + k for k in ("id", "ids", "number", "no", "code", "key", "ref", "name")}
    named = any("".join(_words(a)).startswith(wanted) for a in tool.arg_names)
    return named or any("".join(_words(a)) in keys for t in registry.tools for a in t.arg_names)


def _returns(tool: Tool, field: str) -> bool:
    """Whether a read tool's description names the field among what it gives."""
    words = r"[\s_-]+".join(re.escape(w) for w in _words(field))
    listed = re.search(r":\s*(?P<rest>[^.]*)", tool.description)
    return (
        bool(words)
        and listed is not None
        and bool(re.search(rf"\b{words}\b", listed["rest"], re.I))
    )


def _own_name(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """ "No cancelling a dispatched loan" on `cancelLoanRequest(requestId)`: the "field" (or
    the "entity" no tool identifies) `loan` is a word of the call's own name, i.e. the entity
    the call acts on; its state is the one field the readers list every value under
    (`status (..., dispatched, ...)`)."""
    from specgap.extract.state_vocab import vocabularies

    field, entity = params.get("field"), params.get("entity")
    values = [str(v) for v in (params.get("allowed") or params.get("denied") or ())]
    said = field if isinstance(field, str) and not entity else None
    if field is None and isinstance(entity, str) and not _identified(registry, tool, entity):
        said = entity  # read as the entity, but no tool identifies a loan
    if not said or not values or not set(_words(said)) <= set(_words(tool.id)):
        return params
    found = [(v, listed) for v in vocabularies(registry, tool) if (listed := v.field_of(values))]
    if len(found) != 1:
        return params
    vocab, (name, _) = found[0]
    if any(key == said.casefold() for key, _ in vocab.fields):
        return params
    rest = {k: v for k, v in params.items() if k != "entity"}
    return rest | {"field": name, "read": list(vocab.read)}


def flag_state(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The rule's parameters with the flag its value (or its "entity") names as the field,
    tested for true or false (module docstring); unchanged otherwise."""
    own = _own_name(registry, tool, params)
    if own is not params or params.get("field"):
        return own
    side = "allowed" if params.get("allowed") else "denied"
    values = [str(v) for v in params.get(side) or ()]
    if len(values) != 1:
        return params
    entity = params.get("entity") if isinstance(params.get("entity"), str) else None
    truth = values[0].casefold() in _TRUTH
    if truth and entity:  # "when legal_hold is true": the "entity" is the flag
        flags = _flags(_readers(registry, tool, None))
        flag = flags.get(_words(entity))
        if flag is None:
            return params
        rest = {k: v for k, v in params.items() if k != "entity"}
        return rest | {"field": flag[0], side: [values[0].casefold()], "read": list(flag[1])}
    personal = any(PERSONAL.search(v) for v in values)  # "the holder is verified": someone
    if entity and not truth and not personal and not _identified(registry, tool, entity):
        # "when the bucket's classification is restricted": no tool identifies a
        # classification; a read tool about the call's entity returns one
        by = [t.id for t in _readers(registry, tool, None) if _returns(t, entity)]
        if by:
            rest = {k: v for k, v in params.items() if k != "entity"}
            return rest | {"field": entity, "read": by}
    flags = _flags(_readers(registry, tool, entity))
    flag = flags.get(_words(_LEAD.sub("", values[0].strip())))
    if flag is None or truth:
        return params
    return params | {"field": flag[0], side: ["true"], "read": list(flag[1])}
