"""Sense checks on compiled conditions: a rule no trace could ever satisfy is not enforced.

Whatever extractor found a rule (patterns, a model, a config file), its compiled condition
can still be nonsense: a tool required before itself (or listed among the tools any one of
which must come first), an allowlist that allows nothing, a
count or duration below zero, a range whose minimum exceeds its maximum (each operator
says what is nonsense for it: `Operator.problems`), or orderings that require each other in
a cycle. Enforced, such a rule blocks every call of its
tool. Each is kept in the bundle for review (`review_only`, never enforced) and reported as
a located `senseless-rule` warning that says what is wrong.

Tool descriptions are third-party text: an ordering stated in one must not switch off the
deployer's own. On a cycle that mixes orderings from tool descriptions (`untrusted`
artifacts) with orderings from the prompt or the config, only the described ones are
demoted, each with a warning that names the rule it contradicts; the deployer's stay as
they were. A cycle of one kind is demoted whole.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Iterator

from specgap.ir import CandidateRule, Diagnostic, Policy
from specgap.operators import OPERATORS
from specgap.registry import Registry

CODE = "senseless-rule"
FOREIGN = "described-rule-on-other-tool"
_HELP = (
    "no call of the tool could ever pass this rule, so it is kept for review and not "
    "enforced; restate the rule in the source"
)


def sense_check(
    policies: Iterable[Policy],
    diagnostics: list[Diagnostic],
    untrusted: frozenset[str] = frozenset(),
) -> list[Policy]:
    """The policies, each senseless one demoted to `review_only`; one diagnostic per
    policy and problem is appended to `diagnostics`. Order and ids are unchanged.
    `untrusted`: the paths of artifacts whose orderings yield to the others' on a cycle."""
    ordered = list(policies)
    problems: dict[str, list[str]] = {}
    for policy in ordered:
        for problem in _problems(policy):
            problems.setdefault(policy.id, []).append(problem)
    for policy, problem in _cycles(ordered, untrusted):
        problems.setdefault(policy.id, []).append(problem)
    out = []
    for policy in ordered:
        found = problems.get(policy.id)
        if not found:
            out.append(policy)
            continue
        for problem in found:
            diagnostics.append(
                Diagnostic(
                    code=CODE,
                    message=f"{problem}; the rule is not enforced",
                    severity="warning",
                    span=policy.source.span,
                    help=_HELP,
                )
            )
        out.append(policy.model_copy(update={"enforcement": "review_only"}))
    return out


def own_tool_only(
    policy: Policy, rule: CandidateRule, registry: Registry, diagnostics: list[Diagnostic]
) -> Policy:
    """A rule read from a tool's description (third-party text) is enforced on that tool
    only: one it states about another tool ("never call `upload`", "call this before any
    write", which would steer the agent into calling it) is kept for review, with a located
    note. Merged with the same rule stated in the prompt or config, it is enforced there."""
    described = registry.by_name.get(rule.context) if rule.context else None
    if policy.enforcement != "enforce" or described == policy.target:
        return policy
    about = f"`{described}`" if described else "a tool"
    diagnostics.append(
        Diagnostic(
            code=FOREIGN,
            message=f"the description of {about} states a rule about `{policy.target}`; a "
            "tool's description is third-party text and governs only its own tool, so the "
            "rule is kept for review",
            severity="note",
            span=policy.source.span,
            help="state the rule in the prompt or the runtime config to enforce it",
        )
    )
    return policy.model_copy(update={"enforcement": "review_only"})


def _problems(policy: Policy) -> Iterator[str]:
    """What its operator finds senseless in the policy (`Operator.problems`)."""
    operator = OPERATORS.get(policy.operator)
    if operator is not None and operator.problems is not None:
        yield from operator.problems(policy.condition, policy.target, policy.source.quote)


def _matches(tool: str, target: str) -> bool:
    """`tool` is the target, or one of the tools a glob target stands for."""
    return tool == target or fnmatch.fnmatchcase(tool, target)


def _cycles(
    policies: list[Policy], untrusted: frozenset[str] = frozenset()
) -> Iterator[tuple[Policy, str]]:
    """Every ordering policy on a cycle of two or more tools: each tool of the cycle needs
    another one called first, so none of them can ever be called. On a cycle that mixes
    policies from `untrusted` artifacts with others, only the untrusted ones.

    Only single-tool orderings are edges (`Operator.requires_first`): an any-of rule ("`a`
    or `b` first") leaves another way in, and whether every way is closed is not judged."""
    edges: dict[str, list[Policy]] = {}
    for policy in policies:
        first = _first(policy)
        if first is not None and not _matches(first, policy.target):
            edges.setdefault(policy.target, []).append(policy)
    on_cycle: dict[str, tuple[Policy, list[str], Policy | None]] = {}
    for start in sorted(edges):
        for path in _paths_back(start, edges):
            tools = [start, *(_single(p) for p in path)]
            described = [p for p in path if p.source.artifact in untrusted]
            own = [p for p in path if p.source.artifact not in untrusted]
            if described and own:  # a tool's description yields to the deployer's rule
                for policy in described:
                    on_cycle.setdefault(policy.id, (policy, tools, own[0]))
                continue
            for policy in path:
                on_cycle.setdefault(policy.id, (policy, tools, None))
    for policy, tools, over in on_cycle.values():
        loop = " before ".join(f"`{t}`" for t in reversed(tools))
        if over is None:
            yield policy, f"it is part of a cycle of orderings ({loop})"
        else:
            yield (
                policy,
                (
                    f"a tool's description states it against the ordering at "
                    f"{over.source.span.location()} ({loop}), which stays as it is"
                ),
            )


def _first(policy: Policy) -> str | None:
    operator = OPERATORS.get(policy.operator)
    return operator.requires_first(policy.condition) if operator is not None else None


def _single(policy: Policy) -> str:
    """The one tool a single-tool ordering (an edge of `_cycles`) requires first."""
    return _first(policy) or ""


def _paths_back(start: str, edges: dict[str, list[Policy]]) -> Iterator[list[Policy]]:
    """Chains of policies from `start` along `before` that come back to `start`."""
    stack: list[tuple[str, list[Policy]]] = [(start, [])]
    while stack:
        tool, path = stack.pop()
        for policy in edges.get(tool, ()):
            before = _single(policy)
            if before == start:
                yield [*path, policy]
            elif before not in {p.target for p in path} and before != tool:
                stack.append((before, [*path, policy]))
