"""A state condition bound to the tools: is the entity one the call names, is the word a
field the tools read, are the values ones the field can take?

The grammar reads a state test from the sentence alone ("never close a ticket if the mood is
upset": the `mood`'s state is `upset`). Once the rule's tool is known, the registry says
what each word is:

- an "entity" said as a noun after its values that is the call's own argument, whose
  listed values hold them ("refunds are for cancelled or fault reasons only": `reason`),
  is that argument: the rule is its allowlist (or ban), the values the call passes;
- the entity is bound when the target tool takes an argument naming it (`member_id`,
  `members`, a name that starts with the entity's words), as the run-time check looks it
  up (`specgap.operators.state_condition.entity_ids`);
- an "entity" the tool does not name, with no field, that no tool identifies by an argument
  (`<entity>_id`) but that is a word the tools speak of (a tool's name, description or
  argument, `get_mood`, "with its mood"), is the field tested
  on the call's own entity: `field: mood` and no entity (the check then finds the entity by
  the call's identifiers);
- any other entity cannot be bound (the call does not say which member it is about, so no
  output can decide it): the rule is kept, `review_only`, with the reason as its condition,
  and a `condition-not-bound` note says which part failed;
- a field that some tool declares with an `enum` must list at least one of the rule's
  values; when it lists none, the values are not the field's and the rule is reviewed, with
  a note naming the values the field takes.

Nothing here makes a rule stronger: a rule is rewritten only to a test that reads the same
sentence, or demoted to review.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from specgap.extract.state_vocab import entity_respelled, unlisted_values
from specgap.extract.state_words import PERSONAL
from specgap.ir import CandidateRule, Diagnostic, ResolvedRule
from specgap.operators.evidence import key_words
from specgap.registry import Registry, Tool
from specgap.resolve.state4_flags import flag_state
from specgap.resolve.state5_bind import as_listed, not_the_call
from specgap.resolve.state_reads import bind_reads

_NOT_BOUND = "condition-not-bound"


def bind_states(
    registry: Registry, resolved: Iterable[ResolvedRule]
) -> tuple[tuple[ResolvedRule, ...], tuple[Diagnostic, ...]]:
    """Every resolved rule, each `state_condition` bound to its tool (module docstring),
    the others unchanged (the very objects); and a located note per rule demoted."""
    out: list[ResolvedRule] = []
    notes: list[Diagnostic] = []
    for each in resolved:
        bound, why = _bind(registry, each)
        out.append(bound)
        if why:
            notes.append(
                Diagnostic(
                    code=_NOT_BOUND,
                    message=f"`state_condition` on `{bound.target.tool_id}` stays `review_only`: "
                    f"{why}",
                    severity="note",
                    span=each.rule.span,
                    help="name the entity as the tool's argument does (`<entity>_id`), or "
                    "state the field and values the tools read",
                )
            )
    return tuple(out), tuple(notes)


def _bind(registry: Registry, each: ResolvedRule) -> tuple[ResolvedRule, str]:
    rule = each.rule
    if rule.operator != "state_condition" or rule.condition is not None:
        return each, ""
    resolved = each.target.status == "resolved"
    tool = registry.by_id.get(each.target.tool_id or "") if resolved else None
    if tool is None:
        return each, ""
    params: dict[str, Any] = dict(rule.params)
    spelled = entity_respelled(registry, tool, params)  # `order` of `work_order_id`
    spelled = flag_state(registry, tool, not_the_call(tool, spelled, rule.text))  # "a frozen vault"
    if spelled != params:
        params = spelled
        rule = rule.model_copy(update={"params": params})
        each = each.model_copy(update={"rule": rule})
    if (own := _own_identifier(registry, tool, rule)) is not None:
        # "unless ground_type is grass or gravel" on `check_site(ground_type)`: the argument
        # named by its own id, whose values the call passes, not a state read before
        return each.model_copy(update={"rule": own}), ""
    entity = params.get("entity")
    if isinstance(entity, str) and entity and (valued := _as_argument(tool, entity, rule)):
        # "refunds are for cancelled or kiln_fault reasons only": the values the call's own
        # `reason` lists, not the state of a "reason" no tool identifies
        return each.model_copy(update={"rule": valued}), ""
    if isinstance(entity, str) and entity and not _names(tool, entity):
        if (owner := _field_owner(registry, tool, params)) is not None:
            # "never create a rental while account_status is suspended" on a call naming the
            # renter, whose read lists account_status: the renter's field, not the rental's
            rule = rule.model_copy(update={"params": params | {"entity": owner}})
            return _bind(registry, each.model_copy(update={"rule": rule}))
        if (status := _status_field(registry, tool, entity, params)) is not None:
            # "while the account is barred" where a read of the call's entity lists
            # "account_status (active, lapsed or barred)": that field, on the call's entity
            params = {k: v for k, v in params.items() if k != "entity"} | {"field": status}
            rule = rule.model_copy(update={"params": params})
            return _bind(registry, each.model_copy(update={"rule": rule}))
        if (
            params.get("field") is None
            and not _personal(params)
            and not _entity(registry, entity)
            and _spoken(_about_same(registry, tool), entity)
        ):
            # "if the mood is upset": a field of the call's own entity, not another entity
            named = _compound(registry, rule.text, entity)
            params = {k: v for k, v in params.items() if k != "entity"} | {"field": named}
            rule = rule.model_copy(update={"params": params})
            each = each.model_copy(update={"rule": rule})
        else:
            args = ", ".join(f"`{a}`" for a in tool.arg_names) or "none"
            why = (
                f"the entity `{entity}` could not be bound: `{tool.id}` takes no argument "
                f"naming a {entity} (its arguments: {args}), so no output can say which "
                f"{entity} the call is about"
            )
            return _demoted(each, f"if the {entity} is {_values(params)}"), why
    field = params.get("field")
    if isinstance(field, str) and field and entity != field and _entity(registry, field):
        # "a claim whose policy is lapsed": the policy is an entity of its own (`policy_id`),
        # its state is in another output, never a field of the claim's
        why = (
            f"`{field}` is an entity of its own (a tool identifies it by an argument), not a "
            f"field of the {entity or 'entity'} the call names: the call does not say which "
            f"{field} it is about"
        )
        return _demoted(each, f"if the {field} is {_values(params)}"), why
    if isinstance(field, str) and field:
        allowed = list(_enum_values(registry, field))
        said = {_norm(v) for v in (*params.get("allowed", ()), *params.get("denied", ()))}
        if allowed and not said & {_norm(v) for v in allowed}:
            listed = ", ".join(f"`{v}`" for v in allowed)
            why = (
                f"the value(s) {', '.join(f'`{v}`' for v in sorted(said))} could not be bound: "
                f"`{field}` takes {listed}"
            )
            return _demoted(each, f"if the {field} is {_values(params)}"), why
    read = bind_reads(registry, tool, params)  # the readers of the entity, the field they name
    unread = isinstance(entity, str) and entity and "entity" in params and not read.get("field")
    if unread and not _entity(registry, str(entity)):
        # "so long as the slot is free" on `move_booking(booking_id, slot)`: `slot` is a value
        # the call passes, which no tool identifies, and no reader names a field holding the
        # state: comparing every field of another output would be a guess
        why = (
            f"the entity `{entity}` could not be bound: no tool identifies a {entity} by an "
            f"argument (`{entity}_id`) and no read tool names a field for {_values(params)}"
        )
        return _demoted(each, f"if the {entity} is {_values(params)}"), why
    if not read.get("field"):
        read = _vocab_field(registry, tool, read)  # an `enum` of a tool about the entity
    unlisted = unlisted_values(registry, tool, read)  # "meters that are accessible"
    if unlisted:
        return _demoted(each, f"if the {entity or 'entity'} is {_values(params)}"), unlisted
    read = as_listed(registry, tool, read)  # "checked in": `CHECKED_IN`, as the readers list it
    if read != params:
        rule = rule.model_copy(update={"params": read})
        each = each.model_copy(update={"rule": rule})
    return each, ""


def _said(params: dict[str, Any]) -> list[str]:
    """The values a state test allows, else those it denies."""
    return [str(v) for v in (params.get("allowed") or params.get("denied") or ())]


def _field_owner(registry: Registry, tool: Tool, params: dict[str, Any]) -> str | None:
    """The one entity the call names (by an identifier argument) whose reads list the
    rule's field with every value of the rule, or None."""
    from specgap.extract.state_vocab import vocabularies

    field = params.get("field")
    values = _said(params)
    if not isinstance(field, str) or not field or not values:
        return None
    owners = {
        v.entity
        for v in vocabularies(registry, tool)
        if (listed := v.field_of(values)) and key_words(listed[0]) == key_words(field)
    }
    return owners.pop() if len(owners) == 1 else None


def _status_field(
    registry: Registry, tool: Tool, entity: str, params: dict[str, Any]
) -> str | None:
    """The one field named "<entity> status" (or state) that a read of an entity the call
    names lists with every value of the rule (`account_status` for "the account is barred"),
    or None."""
    from specgap.extract.state_vocab import vocabularies

    values = _said(params)
    names = {key_words(f"{entity} {w}") for w in ("status", "state")}
    if not values or params.get("field") is not None:
        return None
    found = {
        name
        for v in vocabularies(registry, tool)
        for name, _ in v.fields
        if key_words(name) in names and (listed := v.field_of(values)) and listed[0] == name
    }
    return found.pop() if len(found) == 1 else None


def _vocab_field(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The field the tools list every one of the rule's values under, for the entity the
    rule names (`state_vocab`: a reader's list or an `enum` of a tool about the entity);
    the parameters unchanged when no one field lists them all."""
    from specgap.extract.state_vocab import vocabularies

    entity = params.get("entity")
    values = _said(params)
    if not isinstance(entity, str) or not values:
        return params
    fields = {
        found[0]
        for v in vocabularies(registry, tool)
        if key_words(v.entity) == key_words(entity) and (found := v.field_of(values))
    }
    return params | {"field": fields.pop()} if len(fields) == 1 else params


def _personal(params: dict[str, Any]) -> bool:
    """The values are a person's state ("the holder is verified"): the word names someone,
    never a field of the call's entity."""
    said = [*params.get("allowed", ()), *params.get("denied", ())]
    return any(PERSONAL.search(str(v)) for v in said)


def _as_argument(tool: Tool, entity: str, rule: CandidateRule) -> CandidateRule | None:
    """The rule as an allowlist or a ban of the values of the tool's own argument the entity
    names ("reason" of `reason`), when that argument's listed values hold every value said
    and the sentence says only allowed or only denied ones; None otherwise."""
    from specgap.extract.described_values import schema_listed
    from specgap.extract.grammar_emit import recast

    allowed = list(rule.params.get("allowed") or ())
    denied = list(rule.params.get("denied") or ())
    if bool(allowed) == bool(denied) or rule.params.get("field") not in (None, entity):
        return None
    found = tool.schema.get("properties") if isinstance(tool.schema, dict) else None
    props: dict[str, Any] = found if isinstance(found, dict) else {}
    wanted = key_words(entity)
    named = [k for k in props if wanted and key_words(str(k)) == wanted]
    said = {str(v).casefold() for v in allowed or denied}
    listed = {str(v).casefold() for v in schema_listed(props[named[0]])} if named else set()
    if len(named) != 1 or not said <= listed:
        return None
    # the values said before the noun, as words of it ("kiln_fault reasons"); "when the
    # fabric is wool" is a state of the thing acted on, read by the state readers
    before = "|".join(re.escape(v) for v in sorted(said, key=len, reverse=True))
    if not re.search(rf"\b(?:{before})`?\s+{re.escape(entity)}", rule.text, re.I):
        return None
    if allowed:
        return recast(rule, "resource_in_allowlist", {"facet": named[0], "allowed": allowed})
    return recast(rule, "deny_action", {"facet": named[0], "values": denied})


def _own_identifier(registry: Registry, tool: Tool, rule: CandidateRule) -> CandidateRule | None:
    """The rule as an allowlist or a ban of the tool's own argument when the sentence names
    the tested word by that argument's id (`ground_type`, written with its underscore, as no
    English noun is), no other tool's description speaks of it (then it may be a field read
    before), and any values the argument lists hold every value said; None otherwise."""
    from specgap.extract.described_values import schema_listed
    from specgap.extract.grammar_emit import recast

    params = rule.params
    name = params.get("field") or params.get("entity")
    allowed = list(params.get("allowed") or ())
    denied = list(params.get("denied") or ())
    if not isinstance(name, str) or "_" not in name or bool(allowed) == bool(denied):
        return None
    if params.get("entity") and params.get("field") not in (None, name):
        return None  # "the hire's deposit_status": a field of another entity
    if name not in tool.arg_names or not re.search(rf"(?<![\w.]){re.escape(name)}\b", rule.text):
        return None
    said_of = re.compile(rf"(?<![\w.]){re.escape(name)}\b")
    if any(t is not tool and said_of.search(t.description) for t in registry.tools):
        return None
    listed = {str(v).casefold() for v in schema_listed(tool.schema["properties"][name])}
    if listed and not {str(v).casefold() for v in allowed or denied} <= listed:
        return None
    if allowed:
        return recast(rule, "resource_in_allowlist", {"facet": name, "allowed": allowed})
    return recast(rule, "deny_action", {"facet": name, "values": denied})


def _demoted(each: ResolvedRule, condition: str) -> ResolvedRule:
    return each.model_copy(update={"rule": each.rule.model_copy(update={"condition": condition})})


def _values(params: dict[str, Any]) -> str:
    allowed = params.get("allowed") or ()
    values = " or ".join(f"'{v}'" for v in (allowed or params.get("denied") or ()))
    return values if not allowed else f"only {values}"


def _names(tool: Tool, entity: str) -> bool:
    """The tool takes an argument naming the entity, as the run-time lookup reads names."""
    wanted = key_words(entity)
    return bool(wanted) and any(key_words(a).startswith(wanted) for a in _arg_paths(tool.schema))


_KEYS = ("id", "ids", "number", "no", "code", "key", "ref")


def _entity(registry: Registry, word: str) -> bool:
    """Some tool identifies such a thing by an argument (`member_id`, `memberNumber`): the
    word names an entity, not a field of one."""
    wanted = key_words(word)
    keys = {wanted + k for k in _KEYS}
    return any(key_words(a) in keys for t in registry.tools for a in _arg_paths(t.schema))


def _arg_paths(schema: Any) -> Iterator[str]:
    """Every property name at any depth of an input schema."""
    if isinstance(schema, dict):
        props = schema.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                yield str(name)
                yield from _arg_paths(sub)
        items = schema.get("items")
        if items is not None:
            yield from _arg_paths(items)


def _about_same(registry: Registry, tool: Tool) -> tuple[Tool, ...]:
    """The tools about the same entity as `tool`: those taking one of its identifier
    arguments (`ticket_id`), the tool itself included. A word only they speak of is a field
    an output about the call's entity can hold; a word only a tool about another entity
    speaks of ("the account is frozen", read by `get_customer(customer_id)`, for a call
    naming an `order_id`) is not."""
    ids = {key_words(a) for a in tool.arg_names if _is_key(a)}
    return tuple(
        t for t in registry.tools if t is tool or ids & {key_words(a) for a in t.arg_names}
    )


def _is_key(arg: str) -> bool:
    words = key_words(arg)
    return any(words.endswith(k) and len(words) > len(k) for k in _KEYS)


def _spoken(registry: Registry | tuple[Tool, ...], word: str) -> bool:
    """Some tool speaks of the word: in its id, its description or an argument's name or
    description (`get_mood`, "... with its mood")."""
    spelled = "[ _]".join(re.escape(w) for w in word.split())  # `weather flag`, `weather_flag`
    pattern = re.compile(rf"\b{spelled}s?\b", re.I)
    wanted = key_words(word)
    tools = registry.tools if isinstance(registry, Registry) else registry
    nouns = _entity_nouns(tools)
    # "a museum tour booking": a word before the entity's noun modifies it, it is no field
    modifier = (
        re.compile(rf"\b{spelled}(?:\s+(?!{_FUNCTION})[a-z][\w-]*)?\s+(?:{nouns})s?\b", re.I)
        if nouns
        else None
    )
    for tool in tools:
        if tool.hook:
            continue
        spoken = re.sub(r"[_\W]+|(?<=[a-z])(?=[A-Z])", " ", tool.id)
        if len(spoken.split()) > 1:  # `refund_booking` names refunding, no `refund` field
            spoken = spoken.split(maxsplit=1)[1]
        said = tool.description
        if modifier is not None and modifier.search(said) and len(pattern.findall(said)) == 1:
            said = ""
        said = re.sub(r"^\W*[A-Za-z]+", "", said)  # "Refund a booking.": its verb, not a field
        if pattern.search(spoken) or pattern.search(said):
            return True
        if any(key_words(a) == wanted for a in _arg_paths(tool.schema)):
            return True
        if pattern.search(_descriptions(tool.schema)):
            return True
    return False


_FUNCTION = r"(?:and|or|of|the|an?|its|their|with|to|for|in|on|by|from|at|as|per)\b"


def _entity_nouns(tools: Iterable[Tool]) -> str:
    """The nouns the tools identify things by (`booking` of `booking_id`), as alternatives
    of a pattern; the empty string when there are none."""
    found: set[str] = set()
    for tool in tools:
        for arg in tool.arg_names:
            m = re.fullmatch(r"(?P<n>[a-z][a-z]+?)_?(?:id|ids|number|no|code|key|ref)", arg, re.I)
            if m is not None:
                found.add(re.escape(m["n"].casefold()))
    return "|".join(sorted(found))


def _compound(registry: Registry, text: str, word: str) -> str:
    """The word with the noun before it when the tools speak of the pair ("the weather flag
    is 'storm'": `weather flag`, as `weather_flag` reads), else the word."""
    for m in re.finditer(rf"\b([a-z][a-z-]+)\s+{re.escape(word)}\b", text, re.I):
        pair = f"{m[1].casefold()} {word}"
        if m[1].casefold() not in _NOT_MODIFIERS and _spoken(registry, pair):
            return pair
    return word


_NOT_MODIFIERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "your", "this", "that"})


def _descriptions(schema: Any) -> str:
    if isinstance(schema, dict):
        own = str(schema.get("description", ""))
        return " ".join([own, *(_descriptions(v) for v in schema.values())])
    if isinstance(schema, list):
        return " ".join(_descriptions(v) for v in schema)
    return ""


def _enum_values(registry: Registry, field: str) -> tuple[str, ...]:
    """The values some tool's argument named like the field is declared to take."""
    wanted = key_words(field)
    found: list[str] = []
    for tool in registry.tools:
        for name, sub in _named_schemas(tool.schema):
            enum = sub.get("enum") if isinstance(sub, dict) else None
            if key_words(name) == wanted and isinstance(enum, list):
                found.extend(str(v) for v in enum)
    return tuple(dict.fromkeys(found))


def _named_schemas(schema: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(schema, dict):
        props = schema.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                yield str(name), sub
                yield from _named_schemas(sub)
        if schema.get("items") is not None:
            yield from _named_schemas(schema["items"])


def _norm(value: Any) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", str(value).casefold()))
