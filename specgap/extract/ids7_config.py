"""An agent configuration block keyed the way agent frameworks key it (docs/ids-seven.md):
settings written `tool.argument`, `{min, max}` maps, run-wide switches and lists of tools
under `tools:`, and a top-level list of values that a `#` comment or a later sentence of the
prompt says is the only one allowed. `fenced_config` hands every parsed block here first;
what is read here is taken out of the block before the config-file readers see it, so no
entry is read twice (a `{min, max}` map is never read as two settings named `min`, `max`).

Read:

- `<tool>.<argument>: {min: a, max: b}` (also `minimum` / `maximum`): a bound on the
  argument; `{max_items: n}` / `{min_items: n}` (`maxItems`, ...): a count of its items;
- `<tool>.timeout[_<unit>]` / `<tool>.timeoutSeconds` with a number or `{max: n}`: a timeout;
- `<tool>.max_per_conversation` / `max_calls` / `max_calls_per_conversation` (any case):
  a call limit over the conversation;
- under `tools:` or `agent:` or at the top: `max_calls_per_turn: 1`, `max_tool_calls_per_turn:
  1`, `parallel_tool_calls: false`: one call per turn, every tool; `confirm_with_user`,
  `require_confirmation`, `requires_confirmation`, `confirm`, `confirm_before`: a list of
  tools, each needing the user's yes;
- a top-level list of scalars (`grinds: [filter, espresso]`) whose `#` comment on the same
  line says `only` (or `allowed`, `accepted`, `permitted`): the allowed values of the
  argument its key names in the singular (`grind`), bound by the compiler to the tool that
  takes it; a sentence outside the blocks that names such a list by its key in backticks and
  restricts to it (`only`, `one of`, `must be in`) states the same rule, quoted from the
  sentence.

A key's tool part must look like a tool id (snake_case, kebab-case, `server__tool`,
camelCase): `agent.locale` and `logging.level` are not tools. Nothing else is guessed: a
list with no `only` in its comment and no sentence restricting to it stays a fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.config_loose import loose_settings
from specgap.extract.structural import rule_at, setting_rule
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators import OPERATORS
from specgap.operators.prose import singular
from specgap.positions import escape_pointer

__all__ = ["TOOL_HEAD", "block_rules", "key_references", "list_comment_rules"]

# the tool part of a dotted key: an id with a word separator or a camelCase hump, never a
# plain word (`agent`, `logging`); the repeated parts start with a separator or a capital,
# so they cannot overlap
TOOL_HEAD = re.compile(r"^(?>[A-Za-z][a-z0-9]*)(?:(?:__|[_-])(?>[A-Za-z0-9]+)|[A-Z][a-z0-9]*)+$")
_KNOWN_TOP = frozenset({"tools", "policies", "controls"})
_RUNWIDE = frozenset({"tools", "agent", "runtime", "settings", "config", "limits"})
_ONE_PER_TURN = re.compile(r"^max_(?:tool_)?calls_per_(?:turn|message|reply)$")
_CONFIRM = re.compile(
    r"^(?:confirm(?:_with_user|_before|_first)?|(?:require[sd]?|needs?)_confirmation|"
    r"confirmation_required)$"
)
_PER_CONVERSATION = re.compile(
    r"^max(?:_calls)?(?:_per_(?:conversation|session|chat|trace))?$|^calls_per_conversation$"
)
_TIMEOUT = re.compile(r"^timeout(?:_(?:s|sec|secs|seconds|ms|millis|milliseconds))?$")
_LOW = frozenset({"min", "minimum"})
_HIGH = frozenset({"max", "maximum"})
_FEW = frozenset({"min_items", "minitems"})
_MANY = frozenset({"max_items", "maxitems"})
_ONLY_COMMENT = re.compile(
    r"\b(?:only|allowed|accepted|permitted|whitelist(?:ed)?|allowlist(?:ed)?)\b", re.I
)
_NOT = re.compile(r"\b(?:not|never|no|except|other\s+than|outside)\b", re.I)


def _snake(name: str) -> str:
    """`timeoutSeconds` -> `timeout_seconds`, `max-per-conversation` -> `max_per_conversation`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).replace("-", "_").casefold()


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def block_rules(
    block: Artifact, shaped: bool
) -> tuple[list[CandidateRule], list[Diagnostic], Artifact, dict[str, list[str]]]:
    """The rules this module reads in a parsed config block (module docstring), the notes of
    the rest of a shaped block's settings, the block without the entries read here, and its
    top-level lists of scalars by key (for `key_references`)."""
    rules: list[CandidateRule] = []
    taken: set[str] = set()
    if not isinstance(block.data, dict):
        return rules, [], block, {}
    for pointer, path, value in _entries(block.data, ()):
        if pointer not in block.ranges:
            continue
        found = list(_read(block, pointer, path, value))
        if found:
            rules.extend(found)
            taken.add(pointer)
    lists = {
        str(k): [str(x) for x in v]
        for k, v in block.data.items()
        if isinstance(v, list)
        and v
        and all(isinstance(x, str | int | float) for x in v)
        and str(k) not in _KNOWN_TOP
    }
    rest = _without(block, taken)
    notes: list[Diagnostic] = []
    if shaped and isinstance(rest.data, dict):  # the settings beside `tools:` (`limits: ...`)
        beside = {k: v for k, v in rest.data.items() if k not in _KNOWN_TOP}
        if beside:
            found, notes = loose_settings(replace(rest, data=beside))
            rules.extend(found)
    return rules, notes, rest, lists


def _entries(
    node: dict[Any, Any], path: tuple[str, ...]
) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    for key, value in node.items():
        here = (*path, str(key))
        pointer = "".join(f"/{escape_pointer(p)}" for p in here)
        yield pointer, here, value
        if isinstance(value, dict) and "." not in str(key):
            yield from _entries(value, here)


def _read(
    block: Artifact, pointer: str, path: tuple[str, ...], value: Any
) -> Iterator[CandidateRule]:
    key = path[-1]
    above = path[:-1]
    runwide = not above or above[-1].casefold() in _RUNWIDE
    name = _snake(key)
    if runwide and _ONE_PER_TURN.match(name) and value == 1 and len(above) <= 1:
        yield _rule(block, pointer, "*", "one_call_at_a_time", {"with_text": False})
        return
    if runwide and name == "parallel_tool_calls" and value is False and len(above) <= 1:
        yield _rule(block, pointer, "*", "one_call_at_a_time", {"with_text": False})
        return
    if runwide and _CONFIRM.match(name) and isinstance(value, list) and len(above) <= 1:
        for n, tool in enumerate(value):
            at = f"{pointer}/{n}"
            if isinstance(tool, str) and TOOL_HEAD.match(tool) and at in block.ranges:
                yield rule_at(block, at, tool, "require_confirmation", {}, f"{key}: {tool}", tool)
        return
    head, dot, tail = key.rpartition(".")
    if not dot or not TOOL_HEAD.match(head) or not tail:
        return
    yield from _dotted(block, pointer, head, tail, value)


def _dotted(
    block: Artifact, pointer: str, tool: str, arg: str, value: Any
) -> Iterator[CandidateRule]:
    name = _snake(arg)
    if _PER_CONVERSATION.match(name) and _number(value) and value >= 0 and value == int(value):
        yield _rule(block, pointer, tool, "max_calls", {"max": int(value)})
        return
    if _TIMEOUT.match(name):
        limit = value.get("max") if isinstance(value, dict) else value
        said = setting_rule(name, limit) if _number(limit) else None
        if said is not None:
            yield _rule(block, pointer, tool, *said)
        return
    if not isinstance(value, dict) or not value:
        return
    keys = {_snake(str(k)): v for k, v in value.items()}
    if not all(_number(v) for v in keys.values()):
        return
    low = [v for k, v in keys.items() if k in _LOW]
    high = [v for k, v in keys.items() if k in _HIGH]
    few = [v for k, v in keys.items() if k in _FEW]
    many = [v for k, v in keys.items() if k in _MANY]
    if len(keys) != len(low) + len(high) + len(few) + len(many):
        return  # a key this does not know: not a bound map
    if low or high:
        bound = {"facet": arg} | ({"min": float(low[0])} if low else {})
        bound |= {"max": float(high[0])} if high else {}
        yield _rule(block, pointer, tool, "arg_within_bound", bound)
    if few or many:
        count: dict[str, Any] = {"selector": {"arg": arg}}
        count |= {"min": int(few[0])} if few else {}
        count |= {"max": int(many[0])} if many else {}
        yield _rule(block, pointer, tool, "arg_count_bound", count)


def _rule(
    block: Artifact, pointer: str, target: str, operator: str, params: dict[str, Any]
) -> CandidateRule:
    start = block.ranges.get(f"{pointer}#key", block.ranges[pointer])[0]
    text = block.text[start : block.ranges[pointer][1]]
    return rule_at(block, pointer, target, operator, params, f"{target}: {text}", target)


def _without(block: Artifact, taken: set[str]) -> Artifact:
    """The block with the entries at `taken` removed (their ranges too)."""
    if not taken:
        return block

    def strip(node: Any, pointer: str) -> Any:
        if not isinstance(node, dict):
            return node
        kept = {}
        for key, value in node.items():
            at = f"{pointer}/{escape_pointer(str(key))}"
            if at not in taken:
                kept[key] = strip(value, at)
        return kept

    ranges = {
        p: r
        for p, r in block.ranges.items()
        if not any(p == t or p.startswith((t + "/", t + "#")) for t in taken)
    }
    return replace(block, data=strip(block.data, ""), ranges=ranges)


# --- a top-level list the prompt restricts to ------------------------------------------------

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)", re.M)
_RESTRICT = re.compile(
    r"\bonly\b|\bone\s+of\b|\bmust\s+(?:be|come)\s+(?:from|in|among)\b|\blimited\s+to\b|"
    r"\brestricted\s+to\b",
    re.I,
)


def list_comment_rules(block: Artifact, lists: dict[str, list[str]]) -> Iterator[CandidateRule]:
    """A top-level list whose `#` comment says it is the only one allowed (module docstring)."""
    for key, values in lists.items():
        pointer = f"/{escape_pointer(key)}"
        if pointer not in block.ranges:
            continue
        end = block.ranges[pointer][1]
        line_end = block.text.find("\n", end)
        rest = block.text[end : line_end if line_end >= 0 else len(block.text)]
        comment = rest.partition("#")[2] if rest.lstrip().startswith("#") else ""
        if comment and _ONLY_COMMENT.search(comment) and not _NOT.search(comment):
            params = {"facet": singular(key), "allowed": values}
            rule = rule_at(block, pointer, "*", "resource_in_allowlist", params, comment, "")
            said = re.sub(rf"\b(?:{re.escape(key)}|{re.escape(singular(key))})\b", " ", comment)
            yield rule.model_copy(update={"target": _action(said), "grounding": "partial"})


def key_references(
    artifact: Artifact, lists: dict[str, list[str]], blocks: list[tuple[int, int]]
) -> Iterator[CandidateRule]:
    """A sentence outside the config blocks that restricts to a top-level list named by its
    key in backticks (`only for the languages in \\`languages\\``): the list's values are the
    allowed values of the argument the key names in the singular."""
    if not lists:
        return
    named = re.compile(r"`(" + "|".join(re.escape(k) for k in sorted(lists)) + r")`")
    for m in _SENTENCE.finditer(artifact.text):
        start, end = m.start(), m.end()
        if any(a <= start < b for a, b in blocks):
            continue
        sentence = m.group(0)
        keys = [k.group(1) for k in named.finditer(sentence)]
        restricts = _RESTRICT.search(sentence)
        if not keys or restricts is None or _NOT.search(sentence):
            continue
        lead = len(sentence) - len(sentence.lstrip())
        for key in dict.fromkeys(keys):
            yield CandidateRule(
                text=sentence.strip(),
                span=artifact.span(start + lead, end),
                quote=sentence.strip(),
                target=_action(sentence[: restricts.start()]),
                context="",
                mentions=(),
                grounding="partial",
                check_category=OPERATORS["resource_in_allowlist"].category,
                operator="resource_in_allowlist",
                params={"facet": singular(key), "allowed": lists[key]},
                confidence=0.7,
                extractor="ids7_config",
            )


_FILLER = re.compile(
    r"`[^`]*`|\b(?:the|a|an|only|in|for|of|we|you|our|are|is|be|been|can|may)\b|[^\w\s-]", re.I
)


def _action(text: str) -> str:
    """The words of a clause that may name the tool it restricts (`Requests are created` ->
    `requests created`), for the resolver; `*` when none is left."""
    words = " ".join(_FILLER.sub(" ", text).split())
    return words or "*"
