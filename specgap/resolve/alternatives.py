"""A prerequisite any one of several tools satisfies: "identify the customer" with
`get_customer_by_phone`, `get_customer_by_id` and `get_customer_by_name`, or "locate their
user id by e-mail or by name and zip code" with `find_user_id_by_email` and
`find_user_id_by_name_zip`. `require_before` takes such a set as its `before` (any of them,
see `docs/any-of-ordering.md`); a single mention would be a tie between them, and the rule
would be lost.

Two readings, each exact or nothing (a near tie elsewhere stays a tie, never a guess):

- a disjunction: "<verb phrase> by X or by Y" (also `via`/`with`/`using`, and "by
  <verb>ing ..." as the means: "authenticate the user by locating their id via e-mail or
  via name and zip"): the phrase with each alternative must resolve, on its own, to a
  different tool whose names or argument names have a word of the alternative (what it
  looks up by); the set is those tools (read first: the text says "or");
- lookups of one thing by different keys: a read verb ("identify", "look up", "find",
  "verify") and an object that is all said by the names of read tools before their `by`
  (`get_customer_by_phone`, `get_customer_by_id` for "the customer"): when all such tools
  read the same thing, and there are two or more, the set is them. Of lookups of different
  things, the one family that reads the thing itself ("user information", not "all user
  accounts", for "the user") is the set; otherwise, one lookup alone, or a write verb: no
  set. A mention that resolves to one tool is never read as a set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from specgap.ir import CandidateRule, Resolution
from specgap.resolve import Resolver
from specgap.resolve.actions import PLACES
from specgap.resolve.lexicon import READ_ONLY_CLASSES
from specgap.resolve.sibling_ties import sibling_set
from specgap.resolve.text import FILLER, SEGMENT, split, stem
from specgap.resolve.verbs import prose_words

# tool parameters that may list several tools, any one of which will do
ANY_OF_PARAMS = {"require_before": ("before",)}

_KEYED = re.compile(r"\b(?:by|via|with|using|through)\b", re.IGNORECASE)
_MEANS = re.compile(r"\bby\s+(?=\w+ing\b)", re.IGNORECASE)
_OR = re.compile(r"\s*,?\s*\b(?:or|either)\b\s*|\s*[/,;]\s*", re.IGNORECASE)
# words an identification says of anything it identifies ("verify the user's identity")
_IMPLIED = frozenset(stem(w) for w in ("identity", "identities", "identification", "record"))
# what reading a thing itself returns: `get_user_information_by_id` reads "the user"
_PLAIN = frozenset(stem(w) for w in ("information", "info", "details", "detail", "data", "profile"))
_KEY_WORDS = frozenset({"by", "via", "with", "using", "through", "and", "plus"})
_AND = re.compile(r"\s*(?:\+|&|\band\b|\bplus\b)\s*", re.IGNORECASE)


def alternatives(resolver: Resolver, mention: str) -> tuple[str, ...] | None:
    """The tools, sorted, any one of which the mention names (see the module doc), or None
    when it names one tool, none, or cannot be read as a set without a guess."""
    found = _disjunction(resolver, mention)
    if found is not None:
        return found
    if resolver.resolve(mention).status == "resolved":
        return None
    return _lookups(resolver, mention)


def _disjunction(resolver: Resolver, mention: str) -> tuple[str, ...] | None:
    text = " ".join(mention.split())
    means = _MEANS.search(text)
    if means is not None:  # "authenticate the user by locating ...": the means is the act
        text = text[means.end() :]
    keyed = _KEYED.search(text)
    if keyed is None:
        return None
    head, rest = text[: keyed.start()].strip(), text[keyed.start() :]
    options = [o.strip(" ,.;") for o in _OR.split(rest) if o and o.strip(" ,.;")]
    if not head or len(options) < 2:
        return None
    found: set[str] = set()
    for option in options:
        option = _AND.sub(" and ", option)
        if not _KEYED.match(option):
            option = f"{keyed.group(0)} {option}"
        res = resolver.resolve(f"{head} {option}")
        if res.status != "resolved" or res.tool_id is None or res.tool_id in found:
            return None
        if not _keys(resolver, res.tool_id, option):
            return None  # the tool takes none of the alternative's keys: not its lookup
        found.add(res.tool_id)
    return tuple(sorted(found))


def _keys(resolver: Resolver, tool_id: str, option: str) -> bool:
    """Whether a word of the alternative ("by e-mail") is in the tool's names or argument
    names: what it looks the thing up by."""
    places = resolver.actions.profiles[tool_id].places
    said = [stem(w) for w in prose_words(option) if w not in FILLER and w not in _KEY_WORDS]
    return any(w in places and places[w][0] >= PLACES["argument"] for w in said)


def _keyed_object(name: str) -> tuple[str, ...] | None:
    """The words a lookup's name reads between its verb and `by` (`get_customer_by_phone`:
    customer; `find_user_id_by_email`: user id), or None for a name without `by`."""
    words = [w for w in split(SEGMENT.split(name)[-1]) if not w.isdigit()]
    if "by" not in words[2:]:
        return None
    return tuple(stem(w) for w in words[1 : words.index("by", 2)] if w not in FILLER)


def _lookups(resolver: Resolver, mention: str) -> tuple[str, ...] | None:
    action = resolver.actions.parse(mention)
    if action is None or not action.classes or not action.classes <= READ_ONLY_CLASSES:
        return None
    wanted = set(action.objects) - _IMPLIED
    if not wanted and not set(action.objects) & _IMPLIED:
        return None  # "verify their identity": whatever the one family of lookups reads
    groups: dict[tuple[str, ...], list[str]] = {}
    for tool in resolver.registry.tools:
        read = _keyed_object(tool.id)
        if read is not None and wanted <= set(read) and _reads(resolver, tool.id):
            groups.setdefault(read, []).append(tool.id)
    if len(groups) > 1:  # "the user": its information, not its accounts or referrals
        plain = {k: v for k, v in groups.items() if set(k) - _PLAIN == wanted}
        groups = plain if len(plain) == 1 else groups
    if len(groups) != 1:
        return None  # none, or lookups of different things that all mention it
    (family,) = groups.values()
    return tuple(sorted(family)) if len(family) >= 2 else None


def _reads(resolver: Resolver, tool_id: str) -> bool:
    profile = resolver.actions.profiles.get(tool_id)
    return profile is not None and bool(profile.classes) and profile.classes <= READ_ONLY_CLASSES


def _resolved(resolver: Resolver, rule: CandidateRule, name: str) -> tuple[Resolution, ...]:
    """The resolutions of a tool parameter's mentions as the compiler will make them (in
    the rule's context, its section deciding a tie it can)."""
    from specgap.resolve.rules import resolve_rule  # rules resolve with the resolver here

    return resolve_rule(resolver, rule).params.get(name, ())


def _siblings(resolver: Resolver, rule: CandidateRule, name: str) -> tuple[str, ...] | None:
    """The family a prerequisite's tie is between, when the tie is of siblings
    (`specgap.resolve.sibling_ties`)."""
    given = _resolved(resolver, rule, name)
    return sibling_set(resolver, given[0]) if len(given) == 1 else None


def expand_alternatives(
    resolver: Resolver, rules: Iterable[CandidateRule]
) -> tuple[CandidateRule, ...]:
    """The rules with every prerequisite mention that names a set of tools (see
    `alternatives`), or is a tie between sibling tools (`sibling_ties`), replaced by those
    tools' ids; other rules unchanged. A set read from a tie is an inference: the rule's
    grounding becomes `inferred` (reviewed, never enforced)."""
    out: list[CandidateRule] = []
    for rule in rules:
        params = dict(rule.params)
        update: dict[str, Any] = {}
        for name in ANY_OF_PARAMS.get(rule.operator, ()):
            value = params.get(name)
            if isinstance(value, str):
                found = alternatives(resolver, value)
                if found is None and (found := _siblings(resolver, rule, name)) is not None:
                    update["grounding"] = "inferred"
                if found is not None:
                    params[name] = list(found)
            elif isinstance(value, list | tuple):  # "call `a` or identify the member first"
                items: list[Any] = []
                ties = iter(_resolved(resolver, rule, name))  # one per string item, in order
                for item in value:
                    tie = next(ties, None) if isinstance(item, str) else None
                    more = alternatives(resolver, item) if isinstance(item, str) else None
                    if more is None and tie is not None:  # a tie of siblings: their family
                        more = sibling_set(resolver, tie)
                        if more is not None:
                            update["grounding"] = "inferred"
                    items.extend(more if more is not None else (item,))
                if items != list(value):
                    params[name] = list(dict.fromkeys(items))
        if params != rule.params:
            update["params"] = params
        out.append(rule.model_copy(update=update) if update else rule)
    return tuple(out)
