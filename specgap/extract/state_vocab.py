"""The states the tools themselves list for the entity a call names: the vocabulary a rule's
state words are checked against once the rule's tool is known.

A call to `close_account(account_id)` names an account; the read tools about accounts
(`specgap.resolve.state_reads.readers`) say which states an account can be in, in their
descriptions ("its state is open, suspended, in_arrears or closed", "standing (good,
overdue, blocked)", "phase: installed, active or faulty"), in an argument's `enum` of a tool
about the same entity, or as a yes/no flag ("whether it is quarantined"). Nothing is guessed:
a field and its values are taken only where the tools' own text lists two or more values
under one field word (a flag: one word after "whether ... is").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from specgap.operators.evidence import key_words
from specgap.registry import Registry, Tool
from specgap.resolve.state_reads import readers

__all__ = ["Vocab", "value_pattern", "vocabularies"]

_KEYS = ("id", "ids", "number", "no", "code", "key", "ref")
_FIELD = r"[A-Za-z][\w-]*"
_FUNCTION = (
    r"(?:its|their|the|an?|and|or|with|of|for|to|in|on|by|whose|is|are|returns?|gives?|"
    r"shows?|includes?|has|have|lists?)\b"
)  # "Returns status (a, b)": the verb is no word of the field
_PAIR = rf"(?:(?!(?i:{_FUNCTION})){_FIELD}[ _])?{_FIELD}"  # `safety training`, never `its status`
# "status (pending, packed)", "tier: basic, silver or gold", "its state is a, b or c"
_LISTS = (
    re.compile(rf"\b(?P<f>{_PAIR})\s*\((?P<list>[^()]{{3,200}})\)"),
    re.compile(rf"\b(?P<f>{_FIELD})\s*:(?=\s*(?P<list>[^().;:]{{3,200}}))"),  # (overlapping)
    re.compile(
        rf"\b(?:its|the|their|a|whose)\s+(?P<f>{_PAIR})\s+(?:is|are|can\s+be|may\s+be)"
        r"\s+(?:one\s+of\s+|either\s+)?(?P<list>[^().;:]{3,200})",
        re.I,
    ),
    # "the status, which can be pending, packed or shipped", "possible statuses are a, b"
    re.compile(
        rf"\b(?P<f>{_PAIR})\s*,?\s+(?:which|that)\s+(?:can|may|will)\s+be\s+(?:one\s+of\s+)?"
        r"(?P<list>[^().;:]{3,200})|\b(?:possible|allowed|valid)\s+(?P<f2>[A-Za-z][\w-]*)\s+"
        r"(?:are|include)\s+(?P<list2>[^().;:]{3,200})",
        re.I,
    ),
)
# a plural field word names the field ("statuses" lists values of `status`)
_PLURAL_FIELDS = {"statuses": "status", "states": "state", "stages": "stage", "phases": "phase",
                  "conditions": "condition", "tiers": "tier", "levels": "level"}  # fmt: skip
_SPLIT = re.compile(r"\s*(?:,|;|\||/|\bor\b|\band\b|\bnor\b)\s*", re.I)
_FLAG = re.compile(
    r"\bwhether\s+(?:(?:it|they|the\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are)\s+)?(?:currently\s+)?"
    r"(?P<w>[a-z][\w-]+)\b",
    re.I,
)
# "blacklisted (true when the device has been reported stolen)": a flag and when it is set
_TRUE_WHEN = re.compile(
    r"\b(?P<w>[a-z][\w-]+)\s*\(\s*(?:true|yes|set)\s+(?:when|if|once|while|for)\b", re.I
)
_NOT_FIELDS = frozenset({"e", "i", "eg", "ie", "note", "notes", "example", "returns", "output",
                         "fields", "with", "and", "or", "the", "a", "an", "its"})  # fmt: skip
_NOT_VALUES = frozenset({"etc", "more", "others", "other", "none of these", "it", "the", "its",
                         "whether", "and", "or"})  # fmt: skip
_NOT_FLAGS = frozenset({"it", "they", "the", "a", "an", "any", "there", "not", "to", "this"})


@dataclass(frozen=True)
class Vocab:
    """The states the tools list for one entity the call names (`account` of `account_id`):
    each field with its values as the tools spell them, the yes/no flags, and the reads."""

    entity: str  # "work order" for `work_order_id`
    fields: tuple[tuple[str, tuple[str, ...]], ...]
    flags: tuple[str, ...]
    read: tuple[str, ...]

    def field_of(self, values: list[str]) -> tuple[str, tuple[str, ...]] | None:
        """The one field listing every value (as the tools spell them), or None."""
        wanted = [_norm(v) for v in values]
        found = []
        for name, listed in self.fields:
            spelled = {_norm(v): v for v in listed}
            if all(w in spelled for w in wanted):
                found.append((name, tuple(spelled[w] for w in wanted)))
        return found[0] if len({f for f, _ in found}) == 1 else None

    def values(self) -> tuple[str, ...]:
        """Every listed value and flag, longest first (so `in use` wins over `use`)."""
        every = {v for _, vs in self.fields for v in vs} | set(self.flags)
        return tuple(sorted(every, key=lambda v: (-len(v), v)))


def _norm(value: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", value.casefold()))


def value_pattern(value: str) -> str:
    """A regex for a value as a sentence spells it: `checked_in` is `checked in`,
    `checked-in` or `checked_in`."""
    words = re.findall(r"[A-Za-z0-9]+", value)
    return r"\b" + r"[\s_-]+".join(re.escape(w) for w in words) + r"\b"


def _entities(tool: Tool) -> list[str]:
    """The nouns the tool's identifier arguments name (`work_order_id` -> `work order`)."""
    out: list[str] = []
    for arg in tool.arg_names:
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", arg).replace("_", " ").casefold().split()
        if len(words) > 1 and words[-1] in _KEYS:
            out.append(" ".join(words[:-1]))
    return out


def _text(tool: Tool) -> str:
    return " ".join([tool.description, *_descriptions(tool.schema)])


def _descriptions(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        if isinstance(schema.get("description"), str):
            yield schema["description"]
        for value in schema.values():
            yield from _descriptions(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _descriptions(value)


@functools.lru_cache(maxsize=4096)
def _listed(text: str, entity: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The values a reader's description lists per field of the entity (a tool's text is
    read again by every build of a watch session or a test process: remembered)."""
    out: dict[str, list[str]] = {}
    for pattern in _LISTS:
        for m in pattern.finditer(text):
            groups = m.groupdict()
            said, listed = (
                (groups["f"], groups["list"]) if groups["f"] else (groups["f2"], groups["list2"])
            )
            field = said.casefold().replace("_", " ")
            field = _PLURAL_FIELDS.get(field, field)
            if field in _NOT_FIELDS or key_words(field) == key_words(entity):
                continue
            listed = re.sub(r"^\s*(?:one\s+of|either)\s+", "", listed, flags=re.I)
            items = [i.strip(" '\"`.") for i in _SPLIT.split(listed.strip())]
            items = [i for i in items if i]
            if len(items) < 2 or any(len(i.split()) > 3 or i.casefold() in _NOT_VALUES
                                     or re.search(r"\b(?:only|etc|e\.g)\b", i, re.I)
                                     for i in items):  # fmt: skip
                continue
            out.setdefault(field, [])
            out[field].extend(i for i in items if i not in out[field])
    return tuple((field, tuple(values)) for field, values in out.items())


def _enums(registry: Registry, keys: set[str]) -> dict[str, list[str]]:
    """`enum` arguments of the tools about the same entity (`list_orders(status=...)`)."""
    out: dict[str, list[str]] = {}
    for tool in registry.tools:
        if tool.hook or not keys & {key_words(a) for a in tool.arg_names}:
            continue
        props = tool.schema.get("properties")
        for name, sub in props.items() if isinstance(props, dict) else ():
            enum = sub.get("enum") if isinstance(sub, dict) else None
            if isinstance(enum, list) and len(enum) >= 2 and not key_words(name).endswith("id"):
                out.setdefault(name.replace("_", " ").casefold(), []).extend(str(v) for v in enum)
    return out


def vocabularies(registry: Registry, tool: Tool) -> tuple[Vocab, ...]:
    """One vocabulary per entity the tool names by an identifier argument, from its read
    tools; entities whose readers list nothing are left out."""
    found: list[Vocab] = []
    for entity in _entities(tool):
        reads = readers(registry, tool, entity)
        if not reads:
            continue
        fields: dict[str, list[str]] = {}
        for each in reads:
            for field, listed in _listed(_text(each), entity):
                fields.setdefault(field, []).extend(listed)
        keys = {key_words(a) for a in tool.arg_names if key_words(a).startswith(key_words(entity))}
        for name, values in _enums(registry, keys).items():
            fields.setdefault(name, []).extend(values)
        flags = sorted(
            {
                m["w"].casefold()
                for each in reads
                for flag in (_FLAG, _TRUE_WHEN)
                for m in flag.finditer(_text(each))
                if m["w"].casefold() not in _NOT_FLAGS
            }
        )
        if fields or flags:
            found.append(
                Vocab(
                    entity=entity,
                    fields=tuple((k, tuple(dict.fromkeys(v))) for k, v in sorted(fields.items())),
                    flags=tuple(flags),
                    read=tuple(t.id for t in reads),
                )
            )
    return tuple(found)


def entity_respelled(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """A state test's entity and field as the tools spell them, when the sentence's words
    were a part of the entity's name and the values the tools list say which field is
    meant: "work orders in the completed stage" (`order` of
    `work_order_id`: the entity `work order`), "cancel a work order while it is scheduled"
    (the field `work order` is the entity itself). Unchanged unless exactly one field of one
    entity lists every value."""
    values = [str(v) for v in (params.get("allowed") or params.get("denied") or ())]
    if not values:
        return params
    found = [
        (v, listed[0])
        for v in vocabularies(registry, tool)
        if (listed := v.field_of(values)) is not None
    ]
    if len(found) != 1:
        return params
    vocab, field = found[0]
    own = set(vocab.entity.split())
    out = dict(params)
    entity, said = params.get("entity"), params.get("field")
    if isinstance(entity, str) and entity.casefold() != vocab.entity:
        if not set(entity.casefold().split()) < own:
            # another entity ("the owner is blocked"), or what the call makes ("a payment
            # method" on `add_payment_method(customer_id)`): never respelled
            return params
        out["entity"] = vocab.entity
    named = {f for f, _ in vocab.fields} | set(vocab.flags)
    if isinstance(said, str) and said.casefold() not in named:
        words = said.casefold().split()
        parts = field.split()
        if words[-1] == field and set(words[:-1]) <= own | _RECORD_NOUNS:
            out["field"] = field  # "whose record status is ...": the status of its record
        elif words == parts[: len(words)] and set(parts[len(words) :]) <= _STATE_NOUNS:
            out["field"] = field  # "whose account is blocked": its `account_status`
        elif not set(words) <= own:
            return params
        else:
            out["field"], out["entity"] = field, vocab.entity
    return out


# what holds an entity's fields: "whose record status", "the account state"
_RECORD_NOUNS = frozenset({"record", "account", "profile", "file", "current"})
# what a field named by its thing and a state noun is ("account status"), the thing said alone
_STATE_NOUNS = frozenset({"status", "state", "stage", "standing"})


def unlisted_values(registry: Registry, tool: Tool, params: dict[str, Any]) -> str:
    """Why the rule's values cannot be a state of its entity, or "": the tools list the
    entity's states ("phase (installed, active, faulty, removed)") and none of the rule's
    values is among those of the field it tests (of any listed field, when it names none),
    nor a flag the tools speak of: "meters that are accessible" would compare a word no
    output about a meter holds, and block (or pass) every call."""
    values = [str(v) for v in (params.get("allowed") or params.get("denied") or ())]
    entity, field = params.get("entity"), params.get("field")
    if not values or values == ["true"]:
        return ""
    vocabs = [
        v
        for v in vocabularies(registry, tool)
        if not isinstance(entity, str) or key_words(v.entity) == key_words(entity)
    ]
    if len(vocabs) != 1 or not vocabs[0].fields:
        return ""
    vocab = vocabs[0]
    if isinstance(field, str) and field.casefold() in vocab.flags:
        return ""
    listed = [
        (name, vs)
        for name, vs in vocab.fields
        if not isinstance(field, str) or key_words(name) == key_words(field)
    ]
    if not listed:
        return ""  # a field the tools do not list: nothing to compare with
    said = {_norm(v) for v in values}
    if any(said & {_norm(v) for v in vs} for _, vs in listed) or said & set(vocab.flags):
        return ""
    shown = "; ".join(f"{name}: {', '.join(vs)}" for name, vs in listed)
    return (
        f"the value(s) {', '.join(f'`{v}`' for v in values)} are none the tools list for the "
        f"{vocab.entity} ({shown}), so no output about it can decide the condition"
    )
