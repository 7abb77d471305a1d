"""Agent Control control JSON in and out.

Import reads one control, a list of them or `{"controls": [...]}` and validates every
entry against the control model, reporting each bad entry at its place in the file. Export
writes the controls of a compiled bundle back as Agent Control JSON: a control stated as
one comes back with exactly the fields it was written with (settings left out stay left
out), and the mined policies Agent Control can express are translated: `deny_action` (a
forbidden tool: a `list` on `name`; forbidden argument values: a `list` on `input.ARG`)
and `resource_in_allowlist` (a `no_match` `list` on `input.ARG`), both `pre` stage on the
tool's names. Anything else is listed as not exported, with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from specgap.artifacts import Artifact, load_artifact
from specgap.controls.model import (
    Control,
    ControlAction,
    ControlScope,
    ControlSelector,
    ListConfig,
    ListEvaluator,
)
from specgap.controls.source import entries
from specgap.errors import SpecgapError
from specgap.ir import AgentBundle, Diagnostic, Policy
from specgap.operators import OPERATORS

FIELDS = ("name", "description", "enabled", "execution", "scope", "selector", "evaluator", "action")


def read_controls(path: Path, shown: str) -> tuple[Artifact, list[Control]]:
    """The controls of an Agent Control JSON (or YAML) file; every bad entry is reported,
    located, in one SpecgapError."""
    artifact = load_artifact("config", path, shown)
    data = artifact.data
    if isinstance(data, dict) and "evaluator" in data:
        items: list[Any] = [data]
        base = None
    else:
        found = entries(data)
        if found is None:
            raise SpecgapError(
                [
                    Diagnostic(
                        code="invalid-rule",  # a control is a rule, as `build` reports it
                        message='expected a control, a list of controls or `{"controls": [...]}`',
                        span=artifact.span_of(""),
                        help="each control has `name`, `evaluator` and `action` "
                        "(see docs/controls.md)",
                    )
                ]
            )
        base, items = found
    controls: list[Control] = []
    problems: list[Diagnostic] = []
    for n, entry in enumerate(items):
        pointer = "" if base is None else f"{base}/{n}"
        try:
            controls.append(parse_control(entry))
        except ValueError as exc:
            problems.append(_problem(artifact, pointer, entry, exc))
    if problems:
        raise SpecgapError(problems)
    return artifact, controls


def parse_control(entry: Any) -> Control:
    """One Agent Control control (a JSON object) as the IR; ValueError names what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError("a control is a JSON object")
    if "condition" in entry:
        raise ValueError(
            "condition trees (`condition`) are not supported; use `selector` and `evaluator`"
        )
    unknown = sorted(set(entry) - set(FIELDS))
    if unknown:
        raise ValueError(f"unknown field `{unknown[0]}`; a control has {', '.join(FIELDS)}")
    return Control.model_validate({**entry, "operator": "control"})


def _problem(artifact: Artifact, pointer: str, entry: Any, exc: ValueError) -> Diagnostic:
    where, message = pointer, str(exc)
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        raw = [str(p) for p in first["loc"] if p != "operator"]
        # the evaluator union puts its tag (`regex`, `list`) in the path: not a JSON key
        loc = [p for n, p in enumerate(raw) if not (n and raw[n - 1] == "evaluator")]
        deeper = f"{pointer}/{'/'.join(loc)}" if loc else pointer
        where = deeper if deeper in artifact.ranges else pointer
        text = first["msg"].removeprefix("Value error, ")
        message = f"`{'.'.join(loc) or 'control'}`: {text[:1].lower()}{text[1:]}"
    name = entry.get("name") if isinstance(entry, dict) else None
    label = f"control `{name}`" if isinstance(name, str) else "control"
    return Diagnostic(
        code="invalid-rule",
        message=f"{label}: {message}",
        span=artifact.span_of(where) if where in artifact.ranges else artifact.span_of(""),
        help="see the control model in docs/controls.md",
    )


def to_agent_control(control: Control) -> dict[str, Any]:
    """Agent Control JSON of a control: its fields as written, none added."""
    data = control.model_dump(mode="json", exclude_none=True, exclude={"operator"})
    return {key: data[key] for key in FIELDS if key in data}


@dataclass(frozen=True)
class Exported:
    controls: tuple[dict[str, Any], ...]
    skipped: tuple[tuple[str, str], ...]  # (policy id, why it has no control form)


def export_agent(agent: AgentBundle) -> Exported:
    names = {t.id: (*t.names, t.id) for t in agent.tools}
    out: list[dict[str, Any]] = []
    skipped: list[tuple[str, str]] = []
    for policy in agent.policies:
        control = policy_control(policy, names.get(policy.target, (policy.target,)))
        if isinstance(control, str):
            skipped.append((policy.id, control))
        else:
            out.append(to_agent_control(control))
    return Exported(tuple(out), tuple(skipped))


def policy_control(policy: Policy, step_names: Iterable[str]) -> Control | str:
    """The control a policy is, or why it has none."""
    cond = policy.condition
    if isinstance(cond, Control):
        return cond
    if policy.action == "allow" or policy.enforcement != "enforce":
        return f"`{policy.enforcement}` policies are not enforced, so not exported"
    names = tuple(dict.fromkeys(step_names))
    scope = ControlScope(step_types=("tool",), step_names=names, stages=("pre",))
    action = ControlAction(decision=policy.action)
    operator = OPERATORS.get(policy.operator)
    if operator is None or operator.list_control is None:
        return f"`{policy.operator}` has no Agent Control form"
    found = operator.list_control(cond, names)
    if isinstance(found, str):
        return found
    values, path, match_on, logic = found
    if not values:
        return "no values to list"
    return Control(
        name=policy.id,
        description=policy.message,
        scope=scope,
        selector=ControlSelector(path=path),
        evaluator=ListEvaluator(
            config=ListConfig(values=tuple(values), match_on=match_on, logic=logic)
        ),
        action=action,
    )


def dumps(controls: Iterable[dict[str, Any]]) -> str:
    """Controls as a JSON list, two-space indented, key order kept, trailing newline."""
    return json.dumps(list(controls), indent=2, ensure_ascii=False) + "\n"
