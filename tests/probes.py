"""What the probe sets share (`tests/test_probe_c.py`, `test_probe_d.py`, the rule classes'
`test_*_probe_*.py`): a tool spec written in one line, a policy's condition as the flat
parameters a case states, how a stated value compares, the strict-xfail marks of the cases
that fail, and the tally or report a probe set prints (`python -m tests.test_probe_c`)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import pytest


def spec(tool_id: str, description: str, /, **params: str | tuple[str, str]) -> dict[str, Any]:
    """An OpenAI tool spec; a parameter is its JSON type, or (type, description)."""
    props: dict[str, Any] = {}
    for key, value in params.items():
        kind, about = value if isinstance(value, tuple) else (value, "")
        props[key] = {"type": kind, **({"description": about} if about else {})}
    return {
        "type": "function",
        "function": {
            "name": tool_id,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(props)},
        },
    }


def flat(policy: Any) -> dict[str, Any]:
    """The policy's condition as a case states it: its fields, the selected argument `arg`."""
    data = policy.condition.model_dump(mode="json", exclude_none=True)
    selector = data.pop("selector", None)
    if isinstance(selector, dict) and "arg" in selector and "arg" not in data:
        data["arg"] = selector["arg"]
    return dict(data)


def same(expected: Any, actual: Any) -> bool:
    """A stated value against the policy's: a list as a set (one item may stand alone), a
    number as a number."""
    if isinstance(expected, list):
        return isinstance(actual, list | str) and set(expected) == set(
            actual if isinstance(actual, list) else [actual]
        )
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return float(expected) == float(actual)
    return bool(expected == actual)


def fits(policy: Any, operator: str, target: str, params: dict[str, Any]) -> bool:
    """The policy is of the operator, on the target, and holds every stated parameter (by
    `same`, read from its condition by `flat`)."""
    said = flat(policy)
    return (
        policy.operator == operator
        and policy.target == target
        and all(k in said and same(v, said[k]) for k, v in params.items())
    )


def read(policies: Sequence[Any], operator: str, tool: str, **params: object) -> bool:
    """Some policy fits (`fits`)."""
    return any(fits(p, operator, tool, params) for p in policies)


def enforced(policies: Sequence[Any], operator: str, tool: str, **params: object) -> bool:
    """Some policy fits and is enforced."""
    return any(fits(p, operator, tool, params) and p.enforcement == "enforce" for p in policies)


def has_policy(
    policies: Sequence[Any], operator: str, target: str, enforcement: str, **params: object
) -> bool:
    """Whether some policy `fits` the operator, tool and parameters with that enforcement."""
    return any(fits(p, operator, target, params) and p.enforcement == enforcement for p in policies)


def shown(policies: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The policies as an assertion message shows them."""
    return [(p.operator, p.target, p.enforcement, p.condition) for p in policies]


def marked(cases: Sequence[tuple[Any, ...]], failing: Collection[str]) -> list[Any]:
    """The cases as pytest params named by their first field; those in `failing` strict
    xfails, so a change that mends one says so."""
    return [
        pytest.param(c, marks=pytest.mark.xfail(strict=True)) if c[0] in failing else c
        for c in cases
    ]


def tally(cases: Sequence[tuple[Any, ...]], outcome: Callable[[Path, Any], str]) -> None:
    """Print each case's outcome and the counts (the figure a probe set's doc gives)."""
    counts: dict[str, int] = {}
    for case in cases:
        with tempfile.TemporaryDirectory() as d:
            got = outcome(Path(d), case)
        counts[got] = counts.get(got, 0) + 1
        print(f"{got:6} {case[0]}")
    print(counts, file=sys.stderr)


def report(cases: Sequence[tuple[Any, ...]], run: Callable[[Path, Any], tuple[Any, ...]]) -> None:
    """Print each case's outcome and its wrong enforced policies, the counts after; with
    `-v`, the policies (and notes, when `run` gives them) of a case that is not exact. `run`
    gives (`exact` | `none`, wrong count, policies[, notes])."""
    exact = wrong = 0
    verbose = "-v" in sys.argv
    for case in cases:
        with tempfile.TemporaryDirectory() as d:
            got, bad, policies, *rest = run(Path(d), case)
        exact += got == "exact"
        wrong += bad
        print(f"{got:6} {bad} {case[0]}")
        if verbose and got != "exact":
            for policy in policies:
                print(f"         {policy.enforcement:11} {policy.operator} {policy.target} "
                      f"{flat(policy)}")  # fmt: skip
            for note in rest[0] if rest else ():
                print(f"         note {note.code}: {note.message[:160]}")
    print(f"{exact}/{len(cases)} exact, {wrong} wrong enforced", file=sys.stderr)


def desk_policies(tmp_path: Path, text: str, tools: Sequence[dict[str, Any]]) -> list[Any]:
    """The policies a prompt of `text` under a heading compiles to from its own prose (the
    tools' descriptions left out)."""
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", tools)
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def assert_read(policies: Sequence[Any], case: tuple[Any, ...]) -> None:
    """A `(id, text, tools, operator, tool, params, enforcement)` case: some policy fits, and
    every one that fits has that enforcement."""
    _, _, _, operator, tool, params, enforcement = case
    hits = [p for p in policies if fits(p, operator, tool, params)]
    assert hits, [(p.operator, p.target, p.condition) for p in policies]
    assert {p.enforcement for p in hits} == {enforcement}
