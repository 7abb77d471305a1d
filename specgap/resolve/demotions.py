"""Evidence the resolver found, kept below what the mention's shape allows.

- `as_thing`: a mention that names a thing ("the sender") or states a fact ("the bill is
  overdue") names no tool: the tools it merely shares words with are suggestions.
- `verb_said`: a tool the mention's verb names is what it means, rather than a tool the
  verb says nothing of, or one of its kind known only by its description.

Both only lower scores, never raise them: at worst a resolution becomes a tie or a
suggestion (`docs/mention-shapes.md`).
"""

from __future__ import annotations

from specgap.registry import Registry
from specgap.resolve.actions import ASIDE_AT, LATER, Action, ActionIndex
from specgap.resolve.evidence import MARGIN, RESOLVED_AT, Evidence
from specgap.resolve.recast import names_a_thing, states_a_fact
from specgap.resolve.text import split, stem

__all__ = ["as_thing", "verb_said"]


def as_thing(
    registry: Registry,
    actions: ActionIndex,
    mention: str,
    found: dict[str, Evidence],
    ceiling: float,
) -> None:
    """A thing, not an action ("the sender", "a sample": `recast.names_a_thing`), so the
    tools whose names or descriptions merely say its word are suggestions at most (but
    a tool the registry declares that word a keyword or alias of). Evidence at
    `ceiling` or above (a name written out) is left as it is."""
    if states_a_fact(mention):  # "the bill is overdue": a state, no action at all
        for tool_id, ev in list(found.items()):
            if ASIDE_AT < ev.score < ceiling:
                detail = f"{ev.why()}; but `{mention}` says what something is"
                found[tool_id] = Evidence(ASIDE_AT, ev.via, "aside", detail)
        return
    if not names_a_thing(mention, actions.known, actions.name_verbs):
        return
    said = {stem(w) for w in split(mention)}
    for tool_id, ev in list(found.items()):
        tool = registry.by_id.get(tool_id)
        declared = (*tool.keywords, *tool.aliases) if tool is not None else ()
        if said & {stem(w) for k in declared for w in split(k)}:
            continue  # the registry says the tool is found by that word
        if ASIDE_AT < ev.score < ceiling:
            detail = f"{ev.why()}; but `{mention}` names a thing, not an action"
            found[tool_id] = Evidence(ASIDE_AT, ev.via, "aside", detail)


def verb_said(
    actions: ActionIndex, action: Action, found: dict[str, Evidence], ceiling: float
) -> None:
    """The tools the mention's verb names (its name's verb, a later word of its name, its
    description's first verb) are what it means, not a tool the verb says nothing of
    (neither names, describes nor shares a class with), whatever that one's share of
    the object's words (a tool whose name says no verb, `status_report`, may be
    named by any): "release the critical result" is `release_results`, not
    `flag_critical_value` ("Flag a critical result"); such a tool is kept below the
    best named one by the margin. When no named tool acts on the object ("release a
    critical value"), the verb names something no tool does to it: such tools are
    suggestions at most, when no other tool has the verb's support (then the first
    word may be no verb at all: "text file contents"). Names written out (evidence at
    `ceiling` or above) are left as they are."""
    if not action.objects:
        return
    strength = actions.verb_strength
    named = set(actions.named_by(action))
    named.update(t for t in found if strength(action, t) >= LATER)
    if not named:
        return
    best = max((found[t].score for t in named if t in found), default=0.0)
    cap = best - MARGIN - 0.001 if best >= RESOLVED_AT else ASIDE_AT
    if best < RESOLVED_AT and any(
        ev.score > ASIDE_AT and strength(action, t) > 0.0 for t, ev in found.items()
    ):
        return  # another reading of the words has the verb's support: no choice here
    for tool_id, ev in list(found.items()):
        if tool_id in named or not cap < ev.score < ceiling:
            continue
        if strength(action, tool_id) <= 0.0 and actions.says_its_verb(tool_id):
            detail = f"{ev.why()}; but `{action.written}` names another tool"
            found[tool_id] = Evidence(cap, ev.via, "aside", detail)
    if best < RESOLVED_AT:
        return
    # a tool of the verb's kind whose names and argument names say nothing of the
    # object (its description does) ties a named tool at best: "log a dead plant" is
    # `log_plant_death` as much as `issue_store_credit` ("... a returned or dead plant")
    tie = best + MARGIN - 0.001
    for tool_id, ev in list(found.items()):
        if tool_id in named or not tie < ev.score < ceiling:
            continue
        if not actions.names_object(action, tool_id):
            detail = f"{ev.why()}; but `{action.written}` names another tool"
            found[tool_id] = Evidence(tie, ev.via, ev.kind, detail)
