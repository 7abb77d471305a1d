"""Which earlier read holds the state a `state_condition` tests, and under which field.

Once the rule's tool is known, the tools that read the same entity are those that take the
entity's identifier (`order_id` for a rule about orders on `cancel_order(order_id)`) and
whose name or description says they read (`get_order`, "Look up an order ..."). Their
outputs are the ones the run-time check consults (`read`), so what a write tool returns
never stands for the state.

When the sentence named no field ("only pending orders can be cancelled"), the readers'
own words name it, only on evidence:

- a field listed with the values: "status (pending, packed, dispatched)", "tier: basic,
  silver or gold" -> that field;
- a flag: "whether the account is frozen", "frozen flag" -> the value is a yes/no field
  of its own (`frozen` is `true`);
- one state word the readers speak of ("with its status") for a value that reads as a state
  (`pending`, a participle) -> that field.

Anything else leaves the rule as it was (any field of the output is compared). Nothing here
makes a rule stronger: a field or reader is added only where the tools' own text names it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.state_words import STATE_WORDS
from specgap.operators.evidence import key_words
from specgap.operators.prose import singular
from specgap.registry import Registry, Tool
from specgap.resolve.lexicon import classes_of, verb_key, verb_last
from specgap.resolve.openers import described
from specgap.resolve.spelt_out import titled
from specgap.resolve.text import own_part, split, unversioned

__all__ = ["bind_reads", "readers"]

_READ_NAME = re.compile(
    r"^(?:get|read|find|lookup|look_?up|search|list|fetch|view|show|check|describe|retrieve|"
    r"query|load|inspect|lookUp)(?:[_A-Z]|$)",
)
# the verbs a description opens with when its tool reads, and what they are said of it in
# the present ("Reads a booking", "Looks up a guest")
_READ_VERBS = (
    ("get", "gets"), ("read", "reads"), ("find", "finds"), (r"look\s+up", r"looks\s+up"),
    ("search", "searches"), ("list", "lists"), ("fetch", "fetches"), ("view", "views"),
    ("show", "shows"), ("check", "checks"), ("describe", "describes"),
    ("retrieve", "retrieves"), ("query", "queries"), ("load", "loads"),
    ("inspect", "inspects"), ("display", "displays"),
)  # fmt: skip
_READ_TEXT = re.compile(
    r"^\s*(?:" + "|".join(f"{b}|{s}" for b, s in _READ_VERBS) + r")\b",
    re.I,
)
_KEYS = ("id", "ids", "number", "no", "code", "key", "ref")
_STATE_FIELDS = ("status", "state", "stage", "phase")
_OTHER_FIELDS = ("tier", "plan", "level", "membership", "category", "kind", "type", "role")
_STATE = re.compile(STATE_WORDS, re.I)


# "check in", "check out": a phrasal verb that changes the entity, never a read
_CHECK_INOUT = re.compile(
    r"^check[_ ]?(?:in|out)\b|^\s*checks?\s+(?:(?:an?|the)\s+)?(?:\w+\s+)?(?:in|out)\b", re.I
)


def _is_read(tool: Tool, registry: Registry | None = None) -> bool:
    if _CHECK_INOUT.match(tool.id) or _CHECK_INOUT.match(tool.description):
        return False
    name = own_part(tool.id)  # `member-hub.member_profile`: its own name
    title = titled(tool.id, tool.description) or ""  # `RT03` "Reader record: display."
    tagged = _unprefixed(name)  # `VLT_DRIVER_Lookup`: driver, lookup
    return bool(
        _READ_NAME.match(tool.id)
        # `hollinbeck.bookings.v1.BookingService.GetBooking`: its own name, camelCased
        or _READ_NAME.match(name[:1].lower() + name[1:])
        # `VLT_DRIVER_Lookup`: a vendor's and a module's words, then the reading verb
        or bool(tagged and _READ_NAME.match(tagged[-1].casefold()))
        or _READ_TEXT.match(tool.description)
        # past an opener every tool's description shares ("Console key F2 (...) at ...")
        or (registry is not None and _READ_TEXT.match(described(registry, tool.id)))
        or _READ_TEXT.match(_past_own_name(tool))
        or _READS.match(_past_label(tool))
        or _READ_TEXT.match(title)
        or (_RECORD_NAME.search(name) is not None and not _acts(name))
    )


def _past_own_name(tool: Tool) -> str:
    """The description after an opening sentence that names the tool itself ("Fortran module
    bookings, procedure open_booking. Reads a booking ..."): where it says what it does."""
    first, dot, rest = tool.description.partition(". ")
    own = own_part(tool.id)
    if not dot or len(own) < 4 or own.casefold() not in first.casefold():
        return ""
    return rest


# what a tool does, said of it in the present ("Reads a booking", "Looks up a guest"): the
# imperative ("Read the booking with get_booking first") is an instruction to the caller
_READS = re.compile(r"^\s*(?:" + "|".join(s for _, s in _READ_VERBS) + r")\b", re.I)
_DETERMINER = frozenset({"a", "an", "the", "that", "this", "each", "every", "one", "any", "its"})


def _past_label(tool: Tool) -> str:
    """The description after an opening label that names the tool and does not say what it
    does ("The Open Booking menu item. Reads a booking ...", "Guest lookup. Finds ...", "Route
    helper for GET /bookings/:id. Shows a booking ..."): where it says what it does. "" when
    the opening sentence is itself an act ("Close a work order.", "Credits a statement."): a
    verb in -s, or a verb before a determiner."""
    first, dot, rest = tool.description.partition(". ")
    words = first.split()
    if not dot or not words or len(words) > 14:
        return ""
    head = words[0].casefold()
    acts = head.endswith("s") and verb_lemma(head) not in (None, head)
    if acts or (len(words) > 1 and words[1].casefold() in _DETERMINER and verb_lemma(head)):
        return ""
    return rest


def _unprefixed(name: str) -> list[str]:
    """The words of a name without a leading vendor's tag in capitals (`VLT_DRIVER_Lookup`:
    driver, lookup), as embedded APIs name their functions; [] for a name of two words or
    fewer or with no such tag."""
    words = [w for w in _id_words(name) if w]
    if len(words) < 3 or not (words[0].isupper() and len(words[0]) <= 4 and words[0].isalpha()):
        return []
    return words[1:]


def _acts(name: str) -> bool:
    """Whether a word of the name before its record noun is a verb of the lexicon's classes
    (`UpdateAssetStatus`, `set_account_status`: a write that returns a status)."""
    words = unversioned(split(name))
    return any(classes_of(verb_key(w)) for w in words[:-1])


# a tool named by what it returns, the record of one thing: `member_profile`, `accountInfo`,
# `parcel_status_v2` (a name whose other words include a verb is left to its description:
# `UpdateAssetStatus` writes, `booking_detail` may be about booking)
_RECORD_NAME = re.compile(
    r"(?:^|_|(?<=[a-z])(?=[A-Z]))(?:profile|details?|record|info|summary|status)(?:_?[vV]\d+)?$",
    re.I,
)


def _keys(tool: Tool) -> set[str]:
    out: set[str] = set()
    for arg in tool.arg_names:
        words = key_words(arg)
        if any(words.endswith(k) and len(words) > len(k) for k in _KEYS):
            out.add(words)
    return out


def readers(registry: Registry, tool: Tool, entity: str | None) -> tuple[Tool, ...]:
    """The read tools about the entity the call names: they take one of its identifier
    arguments (the entity's own one when the rule names the entity), or, when the rule names
    an entity the call identifies, are named for it (`lookup_owner(phone)` reads the owner
    `owner_id` names: its output carries that id, by which the run-time check finds it)."""
    keys = _keys(tool)
    own: set[str] = set()
    if entity:
        wanted = key_words(entity)
        own = {k for k in keys if k.startswith(wanted)}
        keys = own or keys
    if not keys:
        return ()
    found = [
        t
        for t in registry.tools
        if t is not tool
        and not t.hook
        and _is_read(t, registry)
        and (keys & _keys(t) or (own and _named_for(t, str(entity))) or _returns(t, keys))
    ]
    return tuple(sorted(found, key=lambda t: t.id))


# what a tool says it returns, to the end of the sentence, and the identifiers it names
_RETURNS = re.compile(r"\breturn(?:s|ing)?\b(?P<what>[^.;]*)", re.I)
_IDENT = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b")


def _returns(tool: Tool, keys: set[str]) -> bool:
    """The tool says it returns one of the identifiers first ("Looks a passenger up by email
    and returns passenger_id, account_status ..."): its output is the record of the entity
    that id names, by which the run-time check finds it (an id listed later, "..., bookings
    (booking_id)", is of another record the output lists)."""
    for m in _RETURNS.finditer(tool.description):
        first = _IDENT.search(m["what"])
        if first is not None and key_words(first[0]) in keys:
            return True
    return False


def _named_for(tool: Tool, entity: str) -> bool:
    """The tool's id names one of the entity as its object (`lookup_owner`, `getOwnerByPhone`),
    not many (`list_owners`, `search_owners`: a list, which no id of the entity keys) nor a
    possessor of something else (`list_owner_stays`)."""
    title = titled(tool.id, tool.description)  # `RT03` "Reader record: display."
    said = title.replace(" ", "_") if title else tool.id
    tagged = _unprefixed(own_part(said))  # `VLT_DRIVER_Lookup`: driver, lookup
    parts = unversioned([p.casefold() for p in (tagged or _id_words(said)) if p])
    wanted = [singular(w) for w in entity.casefold().split()]
    # past the reading verb, which `member_lookup` says last, or its doer's noun
    # (`customer-finder`, `record_reader`)
    first_a_verb = bool(classes_of(verb_key(parts[0]))) or base_verb(parts[0])
    doer = not first_a_verb and doer_of_verb(parts[-1])
    last = len(parts) > 1 and (verb_last(parts) or doer)
    after = parts[:-1] if last else parts[1:]
    if after[: len(wanted)] != wanted:
        return False
    rest = after[len(wanted) :]
    return not rest or rest[0] in {"by", "from", "with", "for", "info", "details", "record"}


def doer_of_verb(word: str) -> bool:
    """A noun for who does a verb's act, made of the verb with `-er`/`-or` (`finder`,
    `reader`, `shipper`, `validator`), as the lexicon knows the verb."""
    word = word.casefold()
    if len(word) < 5 or not word.endswith(("er", "or")):
        return False
    stem = word[:-2]
    bases = (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else "")
    return any(b and base_verb(b) for b in bases)


def _id_words(tool_id: str) -> list[str]:
    """The words of a tool's id, as written (`lookup_owner`, `getOwnerByPhone`)."""
    return re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", tool_id)


def _text(tools: Iterable[Tool]) -> str:
    return " ".join(f"{t.description} {_descriptions(t.schema)}" for t in tools)


def _descriptions(schema: Any) -> str:
    if isinstance(schema, dict):
        own = str(schema.get("description", ""))
        return " ".join([own, *(_descriptions(v) for v in schema.values())])
    if isinstance(schema, list):
        return " ".join(_descriptions(v) for v in schema)
    return ""


def _listed_field(text: str, values: list[str], nouns: set[str]) -> str | None:
    """ "status (pending, packed, dispatched)", "tier: basic, silver or gold": the field
    whose listed values include one of the rule's. A noun naming the entity itself ("a
    member: tier, frozen flag") lists its fields, not values."""
    # the list in a lookahead: "a rider: standing (good, suspended)" holds two candidates
    for m in re.finditer(
        r"\b(?P<f>[A-Za-z][\w-]*)\s*(?:\(|:)(?=\s*(?P<list>[^().;:]{1,160}))", text
    ):
        listed = {w.casefold() for w in re.findall(r"[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?", m["list"])}
        words = {w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", m["list"])}
        field = m["f"].casefold()
        if field in {"e", "i", "eg", "ie"} or key_words(field) in nouns:
            continue
        if any(v.casefold() in listed or v.casefold() in words for v in values):
            return field
    return None


def _holds(text: str, field: str) -> bool:
    """Whether the readers' words name the field (`account_status`, "account status")."""
    keys = [key_words(w) for w in re.findall(r"[A-Za-z][\w-]*", text)]
    runs = {"".join(keys[i : i + n]) for n in (1, 2, 3) for i in range(len(keys))}
    return key_words(field) in runs


def _flag(text: str, value: str) -> str | None:
    """The yes/no field the value is, if it is one: "whether the account is frozen",
    "frozen flag" (`frozen`), "is_frozen" (`is_frozen`)."""
    v = re.escape(value)
    if re.search(rf"\bis_{v}\b", text, re.I):
        return f"is_{value.casefold()}"
    if re.search(
        rf"\bwhether\b[^.;]*?\b(?:is|are)\s+(?:currently\s+)?{v}\b", text, re.I
    ) or re.search(
        rf"\bwhether\s+(?:(?:it|they)\s+(?:is|are)\s+)?{v}\b", text, re.I
    ):  # "... and whether verified"
        return value.casefold()
    if re.search(rf"\b{v}\s+(?:flag|indicator|boolean)\b", text, re.I):
        return value.casefold()
    return None


def _spoken_field(text: str, values: list[str]) -> str | None:
    """The one state field the readers speak of, for values that read as states."""
    spoken = [f for f in _STATE_FIELDS if re.search(rf"\b{f}\b", text, re.I)]
    if len(spoken) == 1 and all(_STATE.fullmatch(v) for v in values):
        return spoken[0]
    others = [f for f in _OTHER_FIELDS if re.search(rf"\b{f}\b", text, re.I)]
    if len(others) == 1 and not spoken and not any(_STATE.fullmatch(v) for v in values):
        return others[0]
    return None


def bind_reads(registry: Registry, tool: Tool, params: dict[str, Any]) -> dict[str, Any]:
    """The rule's parameters with its readers (`read`) and, when the sentence named none,
    the field the readers' words give the values (module docstring); unchanged without
    readers or evidence."""
    entity = params.get("entity") if isinstance(params.get("entity"), str) else None
    found = readers(registry, tool, entity)
    if not found:
        return params
    out = dict(params)
    side = "allowed" if out.get("allowed") else "denied"
    values = [str(v) for v in out.get(side) or ()]
    nouns = {key_words(w) for t in (tool, *found) for w in _id_words(t.id)}
    nouns |= {key_words(entity)} if entity else set()
    listing = [t for t in found if values and _listed_field(_text([t]), values, nouns)]
    if listing and not out.get("field"):
        # the readers whose own words list the values ("status (active, banned)"): another
        # read of the entity's id (`list_stays(owner_id)`) does not hold its state
        found = tuple(listing)
    named = out.get("field")
    if (
        isinstance(named, str)
        and named not in _STATE_FIELDS
        and not out.get("read")
        and not _holds(_text(found), named)
    ):
        # "whose account_status is lapsed" where the reads of the walker's id never name an
        # account status: no ground to consult those outputs alone
        return out
    if not out.get("read"):
        out["read"] = [t.id for t in found]
    text = _text(found)
    named = out.get("field")
    if isinstance(named, str) and named in _STATE_FIELDS and values:
        # "whose status is 'expired'" where the reader lists "state (draft, ..., expired)":
        # the sentence's generic word for the field the reader names
        listed = _listed_field(text, values, nouns)
        said = re.search(rf"\b{re.escape(named)}\b", text, re.I) is not None
        if listed in _STATE_FIELDS and listed != named and not said:
            return out | {"field": listed}
    if out.get("field") or not values:
        return out
    field = _listed_field(text, values, nouns)
    flag = _flag(text, values[0]) if field is None and len(values) == 1 else None
    if flag is not None:
        return out | {"field": flag, side: ["true"]}
    field = field or _spoken_field(text, values)
    return out | {"field": field} if field else out
