"""Rules that silently weaken: the build stage that reports them.

A policy can lose its teeth without anyone editing the sentence that states it:

- `config-wrong-type`: `max_rows: "100"` or `allowed_tables: customers` is not a number or
  a list, so the config states no rule at all (an error: the input is wrong);
- `tool-name-collision`: a tool whose name equals, once normalized or read for look-alike
  letters, a tool that enforced rules target: calls to the look-alike escape those rules;
- an allowlist that compiled empty and `require_before` rules in a cycle are found by the
  compiler's sense checks (`specgap/sense.py`, `senseless-rule`), which also stop them
  being enforced;
- `enforcement-dropped`: a rule that was `enforce` in the committed policy is gone or no
  longer enforced (`specgap build --strict` fails on it, as on every code here but the
  first, which fails every build).

`check_stage` runs after `compile` (listed in `pipeline.STAGES`), for `build` and `watch`;
`weakened_since_committed` compares with the policy on disk, so only `build` runs it, and
its findings stay out of the bundle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from specgap.artifacts import Artifact
from specgap.errors import SpecgapError
from specgap.extract.structural import _ALLOW, _DENY, _MAX, _MIN, _TIMEOUT, tool_settings
from specgap.ir import Bundle, Diagnostic, Policy
from specgap.registry import Registry
from specgap.toolnames import normalize, skeleton

if TYPE_CHECKING:
    from specgap.config import Project
    from specgap.pipeline import AgentState, Options

STRICT_CODES = frozenset({"tool-name-collision", "senseless-rule", "enforcement-dropped"})


def check_stage(project: Project, state: AgentState, options: Options) -> AgentState:
    """The compiled policies, with a diagnostic for each way a rule silently weakened."""
    found = [
        *config_types(state.artifacts),
    ]
    if state.registry is not None:
        found += tool_collisions(state.registry, state.policies)
        found += unknown_dialects(state.registry)
    return state.with_diagnostics(found)


def unknown_dialects(registry: Registry) -> Iterator[Diagnostic]:
    """A SQL facet naming a dialect sqlglot does not know: every query would be denied."""
    for tool in registry.tools:
        for name, selector in sorted(tool.facets.items()):
            if selector.dialect is None:
                continue
            from sqlglot.dialects.dialect import Dialect  # only when a dialect is named

            try:
                Dialect.get_or_raise(selector.dialect)
            except ValueError:
                yield Diagnostic(
                    code="unknown-sql-dialect",
                    message=f"facet `{name}` of `{tool.id}` names the unknown SQL dialect "
                    f"`{selector.dialect}`: every query would be denied",
                    span=tool.origin,
                    path=None if tool.origin else "<registry>",
                    help="use a sqlglot dialect name (postgres, mysql, sqlite, tsql, ...) "
                    "or leave `dialect` out for the strict generic one",
                )


def weakened_since_committed(project: Project, bundle: Bundle) -> list[Diagnostic]:
    """`enforcement-dropped` for every agent of a new bundle, against the policy file on
    disk. Not part of the bundle (a build must not depend on the previous one's output):
    `specgap build` prints these before it writes, and `--strict` fails on them."""
    return [
        d for agent in bundle.agents for d in dropped_enforcement(project, agent.id, agent.policies)
    ]


# -- config values of the wrong type -----------------------------------------------------


def config_types(artifacts: Iterable[Artifact]) -> Iterator[Diagnostic]:
    for artifact in artifacts:
        if artifact.kind != "config":
            continue
        for tool, name, value, pointer in tool_settings(artifact):
            wants_list = bool(_ALLOW.match(name) or _DENY.match(name))
            wants_number = bool(_MAX.match(name) or _MIN.match(name) or _TIMEOUT.match(name))
            if wants_list and not _scalar_list(value):
                yield _wrong(artifact, pointer, tool, name, value, "a list")
            elif wants_list and not value and _ALLOW.match(name):
                yield Diagnostic(
                    code="empty-allowlist",
                    message=f"`{name}` of `{tool}` is empty: it allows nothing",
                    severity="warning",
                    span=artifact.span_at(pointer, with_key=True),
                    help="list what is allowed, or deny the tool outright",
                )
            elif wants_number and not _number(value):
                yield _wrong(artifact, pointer, tool, name, value, "a number")


def _scalar_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, str | int | float) and not isinstance(v, bool) for v in value
    )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _wrong(
    artifact: Artifact, pointer: str, tool: str, key: str, value: Any, wanted: str
) -> Diagnostic:
    kind = {str: "a string", bool: "a boolean", dict: "a mapping", list: "a list"}.get(
        type(value), "a number" if _number(value) else "null"
    )
    if wanted == "a list":
        fix = f"[{value}]" if isinstance(value, str) else "[first, second]"
    else:
        fix = value.strip() if isinstance(value, str) and _numeric(value) else "100"
    return Diagnostic(
        code="config-wrong-type",
        message=f"`{key}` of `{tool}` must be {wanted}, not {kind}: it states no rule",
        span=artifact.span_at(pointer),
        help=f"write {wanted}, e.g. `{key}: {fix}`",
    )


# -- compiled policies that lost their meaning --------------------------------------------


def tool_collisions(registry: Registry, policies: Iterable[Policy]) -> Iterator[Diagnostic]:
    """A tool named like an enforced rule's target (same normalized or look-alike name)."""
    enforced: dict[str, int] = {}
    for policy in policies:
        if policy.enforcement == "enforce":
            enforced[policy.target] = enforced.get(policy.target, 0) + 1
    forms: dict[str, set[str]] = {}
    for tool in registry.tools:
        for name in (tool.id, *tool.names):
            for form in {normalize(name), skeleton(name)}:
                forms.setdefault(form, set()).add(tool.id)
    reported: set[tuple[str, str]] = set()
    for form in sorted(forms):
        ids = sorted(forms[form])
        for target in (i for i in ids if i in enforced):
            for other in (i for i in ids if i != target and (i, target) not in reported):
                reported.add((other, target))
                origin = registry.by_id[other].origin
                yield Diagnostic(
                    code="tool-name-collision",
                    message=f"tool `{other}` is named like `{target}`, the target of "
                    f"{enforced[target]} enforced rules: calls to it escape them",
                    severity="warning",
                    span=origin,
                    path=None if origin else "<registry>",
                    help=f"rename `{other}`, or give it the rules of `{target}`",
                )


def dropped_enforcement(
    project: Project, agent: str, policies: Iterable[Policy]
) -> Iterator[Diagnostic]:
    """Rules `enforce` in the committed policy that this build no longer enforces."""
    from specgap.policyfile import load_bundle

    try:
        out = project.out
        if not out.is_file():
            return
        committed = load_bundle(out, project.rel(out)).agent(agent)
    except SpecgapError:
        return  # no readable committed policy: nothing to compare with
    if committed is None:
        return
    now = {p.id: p for p in policies}
    shown = project.rel(out)
    for old in committed.policies:
        if old.enforcement != "enforce":
            continue
        new = now.get(old.id)
        if new is not None and new.enforcement == "enforce":
            continue
        status = "is gone" if new is None else f"is now `{new.enforcement}`"
        yield Diagnostic(
            code="enforcement-dropped",
            message=f"`{old.id}` ({old.message}) was `enforce` in `{shown}` and {status}",
            severity="warning",
            span=old.source.span,
            help="restore the rule, or accept the change by building without --strict",
        )
