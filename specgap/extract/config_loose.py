"""Settings pasted into a prompt without the `tools:` shape: a config block whose mapping is
neither `tools:` / `policies:` / `controls:` nor tool -> settings, read setting by setting
(`fenced_config` hands such blocks here):

- a setting an operator reads, at any depth: `max_voucher_amount: 50`, `allowed_regions:
  [eu, uk]`. It names no tool, so it is a rule over every call, bound by the compiler to the
  argument its words name (`voucher amount`: `issue_voucher.amount`), or kept for review;
- a group that says what its entries are, over `<tool>.<argument>` keys or a tool ->
  argument mapping: `limits: {issue_voucher.amount: 50}`, `maximums: {book_berth: {nights:
  14}}`, `allowed: {moveBooking.reason: [weather]}`. The group word is the setting's prefix
  (`max_`, `min_`, `allowed_`, `denied_`), so each entry reads as that tool's own setting;
- any other key that looks like a setting (a limit or list word in its name, a number or a
  list of scalars as its value) gets a located `config-setting-not-read` note: the author
  meant it as a rule, and specgap says that it enforces nothing.

A block none of whose keys reads as a setting is an example payload and is left alone, as
before. Nothing here guesses a tool: a dotted key's first part is taken as a tool mention
for the resolver, and a rule with no tool is bound by the compiler's argument words alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.extract.structural import rule_at, setting_not_read, setting_rule, settings_named
from specgap.ir import CandidateRule, Diagnostic
from specgap.positions import escape_pointer

__all__ = ["is_group", "loose_settings"]

# the words a group of entries is named by, as the setting prefix each entry then takes
_GROUPS: dict[str, str] = {
    **dict.fromkeys(("limits", "limit", "max", "maximum", "maximums", "maxima", "caps",
                     "ceilings", "upper_bounds"), "max_"),
    **dict.fromkeys(("min", "minimum", "minimums", "minima", "floors", "lower_bounds"), "min_"),
    **dict.fromkeys(("allowed", "allowlist", "allowlists", "permitted", "approved",
                     "allowed_values"), "allowed_"),
    **dict.fromkeys(("denied", "denylist", "denylists", "blocked", "forbidden",
                     "banned"), "denied_"),
}  # fmt: skip
_TOOLISH = re.compile(r"^[A-Za-z][\w-]*(?:__[\w-]+)?$")
# a key that reads like a setting, though no operator reads it
_SETTING_WORDS = re.compile(
    r"(?:^|[_.-])(?:max|min|maximum|minimum|limit|cap|allowed|denied|blocked|forbidden|"
    r"permitted|approved|timeout|require[sd]?|before|after|confirm\w*)(?:$|[_.-])",
    re.I,
)


def loose_settings(block: Artifact) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules and notes of a block's settings that are not in the `tools:` shape; two
    empty lists when no key of it reads as a setting, an example payload (module
    docstring)."""
    rules: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for path, value, pointer in _leaves(block.data, (), ""):
        if pointer not in block.ranges:
            continue
        tool, name = _setting_of(path)
        found = setting_rule(name, value) if name else None
        if found is not None:
            operator, params = found
            target, text = tool or "*", f"{'.'.join(path)} = {value!r}"
            rules.append(rule_at(block, pointer, target, operator, params, text, target))
        elif _looks_set(path[-1], value):
            notes.append(_note(block, pointer, path))
    return rules, notes


def is_group(key: object) -> bool:
    """Whether a key names a group of settings (`limits`, `allowed`, ...), never a tool."""
    return isinstance(key, str) and key.casefold() in _GROUPS


def _leaves(
    node: Any, path: tuple[str, ...], pointer: str
) -> Iterator[tuple[tuple[str, ...], Any, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            child = f"{pointer}/{escape_pointer(str(key))}"
            if isinstance(value, dict):
                yield from _leaves(value, (*path, str(key)), child)
            elif isinstance(value, list) and any(isinstance(v, dict) for v in value):
                for n, item in enumerate(value):  # rules: [{tool: ..., max: 50}]
                    yield from _leaves(item, (*path, str(key)), f"{child}/{n}")
            else:
                yield (*path, str(key)), value, child


def _setting_of(path: tuple[str, ...]) -> tuple[str | None, str]:
    """(tool mention or None, setting name) of a leaf: a group word before the key gives
    its prefix; a dotted key or a key under a tool names the tool."""
    *above, key = path
    prefix = next((_GROUPS[a.casefold()] for a in reversed(above) if a.casefold() in _GROUPS), "")
    tool: str | None = None
    if "." in key:
        head, _, key = key.rpartition(".")
        tool = head if _TOOLISH.match(head) else None
        if tool is None:
            return None, ""
    elif prefix and above and above[-1].casefold() not in _GROUPS and _TOOLISH.match(above[-1]):
        tool = above[-1]  # maximums: {book_berth: {nights: 14}}
    if prefix and not key.casefold().startswith(prefix) and not any(settings_named(key)):
        key = prefix + key  # (`limits: {voucher_amount_max: 50}` is a setting as it is)
    return tool, key


def _looks_set(key: str, value: Any) -> bool:
    scalar_list = (
        isinstance(value, list) and value and all(isinstance(v, str | int | float) for v in value)
    )
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return bool(_SETTING_WORDS.search(key)) and bool(number or scalar_list)


def _note(block: Artifact, pointer: str, path: tuple[str, ...]) -> Diagnostic:
    what, why = f"`{'.'.join(path)}`", "no operator reads a setting of that name"
    return setting_not_read(
        block, pointer, what, why, "put it under `tools: <tool>:` as a setting an operator reads"
    )
