"""Rules inside a template's conditional block hold only under its test (thirty-second
session).

A system prompt kept as a template (Jinja, Django, Liquid: `{% if user.tier == "gold" %}` ...
`{% endif %}`; Handlebars, Mustache: `{{#if isGold}}` ... `{{/if}}`, `{{#unless ...}}`,
`{{^flag}}`) says some rules only to some conversations: the lines between the tags reach
the model only when the test holds. A rule read from such a line is not said of every
call, and enforcing it on every call would be stronger than the prompt. No reader knows the
template's variables, so each rule read inside a block that has no condition of its own is
given the block's test as its condition ("if user.tier == "gold"", "unless isGold"; an
`else` branch the test negated, nested blocks joined with "and"); the compiler keeps it
`review_only` with its `condition-not-bound` note unless the resolver binds that condition.
A loop (`{% for %}`) or any other tag conditions nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from specgap.artifacts import Artifact
from specgap.ir import CandidateRule

__all__ = ["blocks", "conditioned"]

_JINJA = re.compile(
    r"\{%-?\s*(?P<tag>if|elif|else|endif|unless|endunless)\b\s*(?P<test>.*?)\s*-?%\}", re.S
)
_BARS = re.compile(
    r"\{\{~?\s*(?:(?P<open>[#^])\s*(?P<kind>if|unless)?\s*(?P<test>[^}]*?)|(?P<else>else)|"
    r"/\s*(?P<close>[\w.]+))\s*~?\}\}"
)

Block = tuple[int, int, str]  # start, end (offsets of the text), the test said in words


def blocks(text: str) -> list[Block]:
    """The conditional blocks of a template's text (character offsets), each with the test
    its lines hold under (nested blocks' tests joined), in the order they close."""
    events: list[tuple[int, int, str, str, str]] = []  # start, end, what, test, closed by
    for m in _JINJA.finditer(text):
        tag = m["tag"]
        what = {"if": "open", "unless": "open-not", "elif": "elif", "else": "else"}.get(
            tag, "close"
        )
        closer = {"if": "endif", "unless": "endunless"}.get(tag, tag)
        events.append((m.start(), m.end(), what, m["test"].strip(), closer))
    for m in _BARS.finditer(text):
        if m["open"]:
            if m["open"] == "#" and m["kind"] is None:
                continue  # `{{#each items}}`, `{{#with x}}`: a loop or a scope, no test
            negated = m["open"] == "^" or m["kind"] == "unless"
            closer = f"/{m['kind'] or m['test'].strip()}"
            events.append(
                (m.start(), m.end(), "open-not" if negated else "open", m["test"], closer)
            )
        elif m["else"]:
            events.append((m.start(), m.end(), "else", "", ""))
        else:
            events.append((m.start(), m.end(), "close", "", f"/{m['close']}"))
    events.sort()
    found: list[Block] = []
    stack: list[tuple[int, str, list[str], str]] = []  # body start, test, tests, closed by
    for start, end, what, test, closer in events:
        if what in {"open", "open-not"}:
            said = f"if {test}" if what == "open" else f"unless {test}"
            stack.append((end, said, [test], closer))
        elif not stack or (what == "close" and stack[-1][3] != closer):
            continue  # a stray tag, or the close of a loop: nothing of ours to close
        elif what in {"elif", "else"}:
            body, said, tests, closes = stack.pop()
            found.append((body, start, _joined(stack, said)))
            if what == "elif":
                said = f"if {test} and not ({' or '.join(tests)})"
                tests = [*tests, test]
            else:
                said = f"unless {' or '.join(tests)}"
            stack.append((end, said, tests, closes))
        else:
            body, said, _, _ = stack.pop()
            found.append((body, start, _joined(stack, said)))
    return found


def _joined(stack: Sequence[tuple[int, str, list[str], str]], said: str) -> str:
    outer = [s for _, s, _, _ in stack]
    return " and ".join([*outer, said])


def conditioned(artifacts: Iterable[Artifact], rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules with the test of the template block each was read in as its condition,
    when it has none of its own (module docstring)."""
    tests: dict[str, list[Block]] = {}
    for artifact in artifacts:
        if artifact.kind == "prompt" and ("{%" in artifact.text or "{{" in artifact.text):
            text = artifact.text
            # spans are in bytes: each block's offsets as the encoded text has them
            found = [
                (len(text[:a].encode()), len(text[:b].encode()), t) for a, b, t in blocks(text)
            ]
            if found:
                tests[artifact.path] = found
    if not tests:
        return rules
    out: list[CandidateRule] = []
    for rule in rules:
        inside = [
            b
            for b in tests.get(rule.span.path, ())
            if b[0] <= rule.span.start_byte and rule.span.end_byte <= b[1]
        ]
        if rule.condition is None and inside:
            innermost = max(inside, key=lambda b: b[0])
            rule = rule.model_copy(update={"condition": innermost[2]})
        out.append(rule)
    return out
