"""Mutators of the `control` operator: put what the evaluator looks for where the selector
reads it, on a step the scope covers.

Triggers per evaluator: for `regex`, a text the pattern matches, alone, inside other
text, and (with `IGNORECASE`) in swapped case; for `list`, each listed value as the
match mode reads it (the whole value, a word inside a sentence, a prefix), in upper case
when matching ignores case, and wrapped in tabs and newlines for `contains`; for
`no_match`, a value outside the list. Places: tool arguments (`pre`), tool results
(`post`), the step name, `context.user_id`, the user's message (LLM `pre`) and the
assistant's answer (LLM `post`, appended when the trace has none). `allow` controls get
no mutants: matching one is never a breach. Every mutant is checked against the
control before it is yielded.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from specgap.controls.evaluate import Prepared, prepare
from specgap.controls.examples import regex_example
from specgap.controls.model import Control, ListEvaluator
from specgap.events import Event, Message, ToolCall
from specgap.operators.rewrite import MUTANT_ORIGIN, insert_at, replace_at, set_path

UNLISTED = "specgap-unlisted-value"


def triggers(control: Control) -> list[tuple[str, str, bool]]:
    """(label, text, whole) that make the evaluator match; `whole` when the text must be
    the entire selected value (exact list matching), not just part of it."""
    evaluator = control.evaluator
    if not isinstance(evaluator, ListEvaluator):
        config = evaluator.config
        example = regex_example(config.pattern, ignore_case=config.ignore_case)
        if example is None:
            return []
        out = [("a value matching the pattern", example, False)]
        out.append(("the pattern inside other text", f"note: {example} (end)", False))
        if config.ignore_case and example.swapcase() != example:
            out.append(("the pattern in swapped case", example.swapcase(), False))
        return out
    listed = evaluator.config
    if listed.effective_match_on == "no_match":
        return [("a value outside the list", UNLISTED, True)]
    mode = listed.effective_match_mode
    out = []
    for value in (v for v in listed.values if v.strip()):
        if mode == "exact":
            out.append((f"listed `{value}`", value, True))
        elif mode == "starts_with":
            out.append((f"a value starting with `{value}`", f"{value} and more", True))
        else:
            out.append((f"`{value}` inside a sentence", f"see {value} here", False))
            out.append((f"`{value}` between tabs and newlines", f"\t{value}\n", False))
        if not listed.effective_case_sensitive and value.upper() != value:
            text = value.upper() if mode != "contains" else f"see {value.upper()} here"
            out.append((f"`{value}` in upper case", text, mode != "contains"))
    return out


def _carry(current: Any, text: str, whole: bool) -> Any:
    """`current` made to carry `text`: replaced when the text must be the whole value,
    appended to text, added as a field of an object, or added to an array otherwise."""
    if whole or current is None:
        return text
    if isinstance(current, str):
        return f"{current} {text}".strip()
    if isinstance(current, dict):
        return {**current, "specgap_note": text}
    if isinstance(current, list):
        return [*current, text]
    return text


def _put(value: Any, path: list[str], text: str, whole: bool) -> Any:
    """`value` with `text` at the dotted `path` under it (an empty path: the value itself)."""
    if not path:
        return _carry(value, text, whole)
    base = value if isinstance(value, dict) else {}
    return set_path(base, ".".join(path), text)


def _tool_variants(call: ToolCall, path: str, text: str, whole: bool) -> Iterator[ToolCall]:
    root, *rest = path.split(".")
    if root in ("input", "*"):
        if rest:
            yield call.model_copy(update={"args": _put(call.args, rest, text, whole)})
        else:
            key = next((k for k, v in call.args.items() if isinstance(v, str)), "data")
            args = {**call.args, key: _carry(call.args.get(key), text, whole)}
            yield call.model_copy(update={"args": args})
    if root in ("output", "*"):
        yield call.model_copy(update={"result": _put(call.result, rest, text, whole)})
    if root == "name":
        yield call.model_copy(update={"name": text})
    if root == "context" and rest == ["user_id"]:
        yield call.model_copy(update={"actor": text})
    if root == "context" and rest == ["resource"]:
        yield call.model_copy(update={"resource": text})


def _message_variants(
    events: Sequence[Event], path: str, text: str, whole: bool
) -> Iterator[tuple[str, Message, tuple[Event, ...]]]:
    root = path.split(".")[0]
    for role, wanted in (("user", "input"), ("assistant", "output")):
        if root not in (wanted, "*"):
            continue
        at = [i for i, e in enumerate(events) if isinstance(e, Message) and e.role == role]
        if at:
            index = at[0] if role == "user" else at[-1]
            message = events[index]
            assert isinstance(message, Message)
            content = _carry(message.content, text, whole)
            changed = message.model_copy(update={"content": content})
            yield f"the {role} message (event {index})", changed, replace_at(events, index, changed)
        elif role == "assistant":
            added = Message(role="assistant", content=text, origin=MUTANT_ORIGIN)
            yield "a new assistant answer", added, insert_at(events, len(events), added)


Made = tuple[str, str, tuple[Event, ...]]  # mutator name, description, events


def mutate(control: Control, events: Sequence[Event]) -> Iterator[Made]:
    """Each trigger at each place the control reads, kept when the control matches it."""
    if control.action.decision == "allow" or not control.is_enabled:
        return
    prepared = prepare(control)
    path = prepared.path
    for label, text, whole in triggers(control):
        for index, event in enumerate(events):
            if not isinstance(event, ToolCall):
                continue
            for changed in _tool_variants(event, path, text, whole):
                if _matches(prepared, changed):
                    yield (
                        f"control/{control.evaluator.name}",
                        f"`{event.name}` (event {index}): `{path}` carries {label}",
                        replace_at(events, index, changed),
                    )
        for where, changed_message, mutated in _message_variants(events, path, text, whole):
            if _matches(prepared, changed_message):
                yield (
                    f"control/{control.evaluator.name}",
                    f"{where}: `{path}` carries {label}",
                    mutated,
                )


def _matches(prepared: Prepared, event: Event) -> bool:
    return prepared.decide(event) is not None
