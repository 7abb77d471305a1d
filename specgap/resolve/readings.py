"""Readings of a verb phrase beyond its own words, each scored as the resolver scores verb
phrases (`specgap.resolve.actions`) and offered beside what the words found:

- an object word read as a broader kind of it (`specgap.resolve.kinds`): "assign hardware"
  as assigning an asset;
- an action on a relation named by its verb's noun (`verbs.relation_reading`): "delete the
  user assignments for the role" as unassigning the user and the role;
- a state verb only one tool offers, whose object no tool speaks of: "disable sign-in".

The kind and the sole-verb readings are inferences: their scores stay under the compiler's
bars for enforcing (`KIND_CAP`, `SOLE_VERB`), so what they resolve is reviewed first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any

from specgap.ir import Via
from specgap.registry import Registry
from specgap.resolve.actions import Action, ActionIndex, head_noun
from specgap.resolve.evidence import KEEP, KEEP_AT, RESOLVED_AT, Evidence, offer
from specgap.resolve.kinds import broader, stated_kinds
from specgap.resolve.kinds import written as written_kind
from specgap.resolve.lexicon import SWITCHES, result_states
from specgap.resolve.text import split, stem
from specgap.resolve.verbs import relation_reading

# an object read as a broader kind of it: less than the word itself, below a partial name
# (these readings stay under the compiler's bars for enforcing: reviewed, never enforced)
# (`CAP` of `specgap.resolve.actions` less `KIND_LESS` is `KIND_CAP`: the cap never flattens
# two readings into a tie their own scores do not make)
KIND_LESS, KIND_CAP = 0.16, 0.69
SOLE_VERB = 0.55  # the only tool offering a state verb whose object no tool speaks of


class Readings:
    """The readings of one registry's tools (see the module doc)."""

    def __init__(self, registry: Registry, index: ActionIndex) -> None:
        self.registry = registry
        self.index = index
        self.offers: dict[str, frozenset[str]] = {}  # verb key -> tools offering it

    def by_kind(self, mention: str, action: Action, found: dict[str, Evidence]) -> None:
        """An object word no tool uses, read as each broader kind of it the tools do use
        ("assign hardware": an asset; `specgap.resolve.kinds`), and any object word as
        the kind a tool's description lists it under ("an asset (laptop, monitor)"), used
        or not: weaker than the word itself (`KIND_LESS` less, at most `KIND_CAP`), and two
        tools each matching a kind tie as any two tools do."""
        index = self.index
        written = {stem(w): w for w in split(mention)}
        for n, word in enumerate(action.objects):
            general = broader(word) if word not in index.by_word else ()
            for kind in dict.fromkeys((*general, *sorted(self.stated_kinds.get(word, ())))):
                if kind not in index.by_word:
                    continue
                objects = (*action.objects[:n], kind, *action.objects[n + 1 :])
                hits, _ = index.hits(kind, replace(action, objects=objects), KEEP, KEEP_AT)
                for hit in hits:
                    score = min(hit.score - KIND_LESS, KIND_CAP)
                    if hit.aside or score < KEEP_AT:
                        continue
                    via: Via = "context_keyword" if hit.described else "fuzzy"
                    said = written.get(word, word)
                    detail = f"`{said}` read as a kind of `{written_kind(kind)}`; {hit.detail}"
                    offer(found, hit.tool, score, via, "action", detail)

    def by_relation(self, mention: str, action: Action, found: dict[str, Evidence]) -> None:
        """An action on a relation named by its relating verb's noun ("delete the user
        assignments for the role"): read as that verb's undoing, or the verb itself, on the
        relation's two ends (`specgap.resolve.verbs.relation_reading`), and scored so: what
        the words say, as "cancellation of the order" says cancel the order."""
        reading = relation_reading(action, head_noun(action))
        if reading is None:
            return
        hits, _ = self.index.hits(mention, reading, KEEP, KEEP_AT)
        for hit in hits:
            if hit.aside or hit.score < KEEP_AT:
                continue
            via: Via = "context_keyword" if hit.described else "fuzzy"
            detail = f"`{action.written}` of a relation: {hit.detail}"
            offer(found, hit.tool, hit.score, via, "action", detail)

    @cached_property
    def stated_kinds(self) -> dict[str, frozenset[str]]:
        """The kinds the tools' descriptions state (`specgap.resolve.kinds.stated_kinds`)."""
        return stated_kinds(t.description for t in self.registry.tools)

    def by_sole_verb(self, action: Action, found: dict[str, Evidence]) -> None:
        """A verb that switches a state (`specgap.resolve.lexicon.SWITCHES`: disable,
        suspend, unlock) only one tool offers, with an object no tool speaks of ("disable
        sign-in", when one tool alone "Enable[s] or disable[s] a user's account"): that
        tool, at `SOLE_VERB`. Such a verb's object is often a facet of the thing whose
        state the tool sets (sign-in, night access), which the tools need not name. The
        tool offers the verb when its name or its description starts with it, or an
        argument's listed values are it done (`disabled` for "disable"). An object word
        any tool uses leaves the choice to the object evidence; two tools offering the
        verb are no choice at all; other verbs ("ship the gizmo") never name a tool alone."""
        if not action.objects or action.verb not in SWITCHES:
            return
        index = self.index
        if any(w in index.by_word or broader(w) for w in action.objects):
            return
        if max((e.score for e in found.values()), default=0.0) >= RESOLVED_AT:
            return
        offering = self.offering(action.verb)
        if len(offering) != 1:
            return
        (tool_id,) = offering
        if index.contradicts(action, tool_id):
            return
        detail = f"the only tool that does `{action.written}`; no tool speaks of its object"
        offer(found, tool_id, SOLE_VERB, "context_keyword", "action", detail)

    def offering(self, verb: str) -> frozenset[str]:
        """The tools that offer a verb key: named or described first by it, or with an
        argument value that is it done (see `_by_sole_verb`)."""
        known = self.offers.get(verb)
        if known is None:
            index = self.index
            out = {
                t
                for t in index.by_verb.get(verb, ())
                if verb in index.profiles[t].verbs or verb in index.profiles[t].leads
            }
            for state in result_states(verb):
                out.update(self.enum_values.get(state, ()))
            known = self.offers[verb] = frozenset(out)
        return known

    @cached_property
    def enum_values(self) -> dict[str, frozenset[str]]:
        """Stem of every listed argument value (`enum`) -> the tools that list it."""
        out: dict[str, set[str]] = defaultdict(set)
        for tool in self.registry.tools:
            for spec in _properties(tool.schema):
                for value in spec.get("enum") or ():
                    if isinstance(value, str) and value.strip():
                        out[stem(value.strip().casefold())].add(tool.id)
        return {k: frozenset(v) for k, v in out.items()}


def _properties(schema: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """The argument specs of a JSON schema (an array's items spec for an array)."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return
    for spec in props.values():
        if isinstance(spec, dict):
            items = spec.get("items")
            yield items if isinstance(items, dict) else spec
