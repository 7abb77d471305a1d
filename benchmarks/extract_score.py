"""Scoring the deterministic extractor against a gold list (the rules are in docs/gold.md).

`build_domain` compiles one corpus domain in a temporary folder (tool files in other shapes
are converted to OpenAI specs there, see `tests/corpus_agents.corpus_tool_specs`), and says
where each gold sentence is in the built artifacts (`Site`). `score` is a pure function of
the gold, the sites, the policies and the diagnostics, so it is tested without the extractor.

- A policy is *from prose* when it is not a `schema_contract` and one of its sources (the
  first or an `also_stated_at`) lies in one of the agent's gold files.
- It *matches* an expectation when one of its sources starts in the expectation's site
  (the line range, or the tool's entry in its tools file), with the same operator, the same
  target and equal values for every parameter the expectation gives (lists compare as
  sets, strings without case, tool ids after canonicalization; a one-item list equals its
  item). An expected `resource_in_allowlist` is also met by a `schema_contract` stated on
  its site whose only restriction is an `enum` on the same argument with the same values
  (what a parameter description's "one of a, b or c" compiles to): the guard denies exactly
  the same calls. Such a contract still never counts as prose, so precision ignores it.
  An expectation on every tool (`*`) about one argument is also met by the policies it was
  spread into, one per tool taking that argument with the expected parameters (`spread`).
- precision = matching policies / policies from prose; precision of claims: the same without
  the policies that only hand a sentence the gold marks not checkable to review (not
  enforced); recall = matched checkable expectations / checkable expectations.
- wrong-tool: an `enforce` policy with a source on a gold site whose expectations have its
  operator, but none of them its target and tool-valued parameters, and that matched no
  expectation at all (a sentence that ends on the line where the next one starts is on both
  sites: a policy that matched its own is not wrong on the other).
- condition dropped: an expectation with a `condition` matched by an `enforce` policy that
  is not conditional (`is_conditional`).
- silent: a rule sentence (checkable or not) whose site got neither a policy nor a located
  diagnostic: a loss nobody is told about.
- alarms: `rule-not-compiled` diagnostics in the gold's files on no gold site, i.e. on
  sentences the gold does not list as rules (false alarms of the rule-likeness tests).
- stages: per expected operator, how many expectations were matched and, for each miss, the
  furthest stage its sentence reached (`miss_stage`). Counts only, no sentence: the one view
  of a blind set that says where its rules are lost without spoiling it as a test.
- unmatched: the policies from prose that matched nothing, counted by operator, enforcement
  and the kind of sentence their source is on (a checkable rule, an uncheckable one, none
  the gold lists): where precision is lost, again as counts only.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.gold import TOOL_PARAMS, Expectation, Gold, GoldRule
from specgap.config import load_project
from specgap.ir import Diagnostic, Policy, Source
from specgap.operators.evidence import key_words, named_like
from specgap.pipeline import Options
from specgap.pipeline import build as run_pipeline
from tests.corpus_agents import corpus_tool_specs, is_openai_specs

Canonical = Callable[[str], str]

# Fields of a condition that carry a rule's own "only when ..." (none in the base IR yet;
# an extractor that adds one names it here).
CONDITION_FIELDS = ("when", "unless", "only_if", "applies_if", "guard")


@dataclass(frozen=True)
class Site:
    """Where a gold rule is in the built artifacts: a resolved artifact path, 1-based lines."""

    artifact: str
    start: int
    end: int

    def holds(self, source: Source) -> bool:
        return (
            _resolved(source.artifact) == self.artifact
            and self.start <= source.span.start_line <= self.end
        )


@dataclass(frozen=True)
class BuiltDomain:
    policies: tuple[Policy, ...]
    diagnostics: tuple[Diagnostic, ...]
    sites: tuple[Site, ...]  # one per gold rule, in order
    artifacts: frozenset[str]  # the gold files as built (resolved paths)
    tools: tuple[str, ...]  # tool names of the agent
    canonical: Canonical


@dataclass
class Score:
    sentences: int = 0
    expectations: int = 0
    prose: int = 0
    matching: int = 0
    deferred: int = 0  # review readings of sentences the gold marks not checkable
    matched: int = 0
    enforce: int = 0
    wrong_tool: int = 0
    condition_dropped: int = 0
    silent: int = 0
    alarms: int = 0
    misses: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    unreported: list[str] = field(default_factory=list)  # where the silent losses are
    wrong: list[str] = field(default_factory=list)  # the enforce policies on a wrong tool
    dropped: list[str] = field(default_factory=list)  # conditional expectations enforced flat
    alarm_lines: list[str] = field(default_factory=list)  # notes on sentences of no rule
    # (operator, stage) -> expectations; stage "matched" or a `miss_stage`
    stages: Counter[tuple[str, str]] = field(default_factory=Counter)
    # (operator, enforcement, where) -> policies from prose that matched nothing; where is
    # "rule sentence" (checkable), "uncheckable sentence" or "no gold sentence"
    unmatched: Counter[tuple[str, str, str]] = field(default_factory=Counter)

    def add(self, other: Score) -> None:
        self.stages.update(other.stages)
        self.unmatched.update(other.unmatched)
        for name in (
            "sentences",
            "expectations",
            "prose",
            "matching",
            "deferred",
            "matched",
            "enforce",
            "wrong_tool",
            "condition_dropped",
            "silent",
            "alarms",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def precision(self) -> float | None:
        return self.matching / self.prose if self.prose else None

    @property
    def precision_of_claims(self) -> float | None:
        """Precision without the policies that only hand an uncheckable sentence to review
        (not enforced, on a sentence the gold says no operator can decide): the faithful
        answer there is a review reading or a diagnostic, so it claims nothing wrong."""
        claims = self.prose - self.deferred
        return self.matching / claims if claims else None

    @property
    def recall(self) -> float | None:
        return self.matched / self.expectations if self.expectations else None

    def figures(self) -> dict[str, Any]:
        def rounded(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        return {
            "gold_sentences": self.sentences,
            "checkable_expectations": self.expectations,
            "policies_from_prose": self.prose,
            "matching_policies": self.matching,
            "matched_expectations": self.matched,
            "precision": rounded(self.precision),
            "review_readings_of_uncheckable": self.deferred,
            "precision_of_claims": rounded(self.precision_of_claims),
            "recall": rounded(self.recall),
            "enforce": self.enforce,
            "wrong_tool": self.wrong_tool,
            "condition_dropped": self.condition_dropped,
            "silent_losses": self.silent,
            "false_alarms": self.alarms,
        }


def _resolved(path: str | Path) -> str:
    return Path(path).resolve().as_posix()


# --- building ----------------------------------------------------------------------------------


def tool_ranges(text: str, names: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Line range of each tool's entry in a JSON tools file, tools in file order: from the
    line of its `"name"` key to the line before the next tool's."""
    starts: list[tuple[str, int]] = []
    at = 0
    for name in names:
        found = re.compile(r'"name"\s*:\s*' + re.escape(json.dumps(name))).search(text, at)
        if found is None:
            raise ValueError(f"tool `{name}` not found in its tools file")
        starts.append((name, text.count("\n", 0, found.start()) + 1))
        at = found.end()
    last = text.count("\n") + 1
    return {
        name: (line, (starts[i + 1][1] - 1) if i + 1 < len(starts) else last)
        for i, (name, line) in enumerate(starts)
    }


@dataclass(frozen=True)
class Placed:
    """A domain's agent files as they will be built, and where each gold rule lies in them."""

    prompts: tuple[Path, ...]
    tools: tuple[Path, ...]  # as given when already OpenAI specs, else converted into a folder
    tool_names: tuple[str, ...]
    sites: tuple[Site, ...]  # one per gold rule, in order
    artifacts: frozenset[str]  # resolved paths of prompts and tool files


def place(gold: Gold, domain_dir: Path, folder: Path) -> Placed:
    """Convert the gold's tool files into `folder` where needed and place every rule."""
    prompts = tuple((domain_dir / p).resolve() for p in gold.agent.prompts)
    tools: list[Path] = []
    ranges: dict[str, tuple[str, dict[str, tuple[int, int]]]] = {}
    names: list[str] = []
    for name in gold.agent.tools:
        source = domain_dir / name
        data = json.loads(source.read_text("utf-8"))
        specs = corpus_tool_specs(data)
        if is_openai_specs(data):
            path = source.resolve()
        else:
            path = (folder / ("converted-" + name.replace("/", "-"))).resolve()
            path.write_text(json.dumps(specs, indent=2, ensure_ascii=False) + "\n", "utf-8")
        tool_names = [s["function"]["name"] for s in specs]
        names.extend(tool_names)
        tools.append(path)
        ranges[name] = (_resolved(path), tool_ranges(path.read_text("utf-8"), tool_names))
    return Placed(
        prompts=prompts,
        tools=tuple(tools),
        tool_names=tuple(names),
        sites=tuple(_site(rule, domain_dir, ranges) for rule in gold.rules),
        artifacts=frozenset([*(p.as_posix() for p in prompts), *(r[0] for r in ranges.values())]),
    )


def build_domain(gold: Gold, domain_dir: Path, folder: Path) -> BuiltDomain:
    """Compile the gold's agent from `domain_dir` into `folder` with the deterministic
    extractor, and place every gold rule in what was built."""
    placed = place(gold, domain_dir, folder)

    def listed(items: Iterable[Path]) -> str:
        return json.dumps([p.as_posix() for p in items])

    config = folder / "specgap.toml"
    config.write_text(
        f'out = "policy.json"\n\n[[agents]]\nid = "{gold.domain}"\n'
        f"prompts = {listed(placed.prompts)}\ntools = {listed(placed.tools)}\n",
        "utf-8",
    )
    # the gold domain lives outside this temporary project by design (nothing is copied)
    project = dataclasses.replace(load_project(config), allow_outside=True)
    bundle, states = run_pipeline(project, Options())
    state = states[0]
    registry = state.registry

    def canonical(name: str) -> str:
        return (registry.canonical(name) if registry else None) or name

    return BuiltDomain(
        policies=state.policies,
        diagnostics=(*bundle.diagnostics, *state.diagnostics),
        sites=placed.sites,
        artifacts=placed.artifacts,
        tools=placed.tool_names,
        canonical=canonical,
    )


def _site(
    rule: GoldRule, domain_dir: Path, ranges: dict[str, tuple[str, dict[str, tuple[int, int]]]]
) -> Site:
    if rule.tool is not None:
        artifact, by_tool = ranges[rule.file]
        start, end = by_tool[rule.tool]
        return Site(artifact, start, end)
    lines = rule.lines
    assert lines is not None
    return Site(_resolved(domain_dir / rule.file), *lines)


# --- scoring -----------------------------------------------------------------------------------


def flat_params(policy: Policy) -> dict[str, Any]:
    """A policy's condition as gold parameters: its fields, the selected argument as `arg`
    and the argument a same-entity ordering compares as `same` (the gold writes `same:
    job_id`)."""
    data = policy.condition.model_dump(mode="json")
    data.pop("operator", None)
    selector = data.pop("selector", None)
    if isinstance(selector, dict) and "arg" in selector and not data.get("arg"):
        data["arg"] = selector["arg"]  # a control's selector is a `path`, not an argument
    same = data.get("same")
    if isinstance(same, dict) and "arg" in same:
        data["same"] = same["arg"]  # a same-entity ordering's selector, as its argument
    return data


def is_conditional(policy: Policy) -> bool:
    """Whether the policy keeps a condition: a `state_condition`, or a condition field."""
    data = policy.condition.model_dump(mode="json")
    return policy.operator == "state_condition" or any(data.get(k) for k in CONDITION_FIELDS)


def _norm(value: Any, canonical: Canonical | None) -> Any:
    if isinstance(value, bool):
        # a state's values are words in the IR ("true"); a gold file may write the YAML
        # boolean (`denied: [true]`): the same value
        return "true" if value else "false"
    if value is None:
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list | tuple):
        items = {_norm(v, canonical) for v in value}
        return next(iter(items)) if len(items) == 1 else frozenset(items)
    text = str(value).strip()
    return canonical(text) if canonical else text.casefold()


def same_value(key: str, expected: Any, actual: Any, canonical: Canonical) -> bool:
    tool = canonical if key in TOOL_PARAMS else None
    return bool(_norm(expected, tool) == _norm(actual, tool))


def enum_params(policy: Policy) -> dict[str, Any] | None:
    """A `schema_contract` that only restricts one argument to listed values, as the gold
    parameters of the `resource_in_allowlist` it enforces the same as (`arg`, `allowed`)."""
    if policy.operator != "schema_contract":
        return None
    schema = policy.condition.model_dump(mode="json").get("schema_") or {}
    properties = schema.get("properties") if set(schema) == {"properties"} else None
    if not isinstance(properties, dict) or len(properties) != 1:
        return None
    ((arg, spec),) = properties.items()
    if not isinstance(spec, dict) or set(spec) != {"enum"} or not spec["enum"]:
        return None
    return {"arg": arg, "allowed": spec["enum"]}


def matches(
    policy: Policy, exp: Expectation, canonical: Canonical, *, tools_only: bool = False
) -> bool:
    """Same operator, target and given parameters (`tools_only`: tool-valued ones only).
    An expected `resource_in_allowlist` is also met by a schema enum on the same argument
    (`enum_params`): the guard denies the same calls."""
    enum = enum_params(policy) if exp.operator == "resource_in_allowlist" else None
    if policy.operator != exp.operator and enum is None:
        return False
    target = exp.target if exp.target == "*" else canonical(exp.target)
    if policy.target != target:
        return False
    params = enum if enum is not None else flat_params(policy)
    for key, value in exp.params.items():
        if tools_only and key not in TOOL_PARAMS:
            continue
        if key == "items" and _own_items(policy, params, value):
            continue
        if key not in params or not same_value(key, value, params[key], canonical):
            return False
    return True


def _own_items(policy: Policy, params: Mapping[str, Any], items: Any) -> bool:
    """An expected count's `items` that are the very items of the list it counts (`skier` of
    `skier_ids`) is met by a count of that list without `items`: the operator counts the
    values of the arguments named like its `items` (`operators.arg_count_bound`), so both
    deny the same calls."""
    if policy.operator != "arg_count_bound" or params.get("items") or not isinstance(items, str):
        return False
    arg = params.get("arg")
    return isinstance(arg, str) and named_like(arg, key_words(items))


_RANGES = frozenset({"arg_within_bound", "arg_count_bound"})


def spread(policies: Sequence[Policy], exp: Expectation, canonical: Canonical) -> list[Policy]:
    """An expectation on every tool (`*`) about one argument ("every unit_id you pass must
    come from ...") met by the policies the resolver spread it into, one on each tool that
    takes the argument (or a qualified name of it: `new_unit_id` for `unit_id`), with the
    expected parameters: a tool without that argument has no such value to check, so the
    guard denies the same calls. [] for any other expectation."""
    if exp.target != "*" or not isinstance(arg := exp.params.get("arg"), str):
        return []
    out = []
    for p in policies:
        own = flat_params(p).get("arg")
        if p.target == "*" or not isinstance(own, str) or not own.endswith(arg):
            continue  # `new_unit_id` is a `unit_id` too: a qualified name of the argument
        params = {**exp.params, "arg": own}
        if matches(p, exp.model_copy(update={"target": p.target, "params": params}), canonical):
            out.append(p)
    return out


def halves(policies: Sequence[Policy], exp: Expectation, canonical: Canonical) -> list[Policy]:
    """Two one-sided bounds that together state an expected range ("at least two and not more
    than six photos" compiled as `min` 2 and `max` 6 apart): the guard denies exactly the calls
    the one policy would. [] unless both sides are there."""
    if exp.operator not in _RANGES or "min" not in exp.params or "max" not in exp.params:
        return []
    found = []
    for other in ("max", "min"):
        half = exp.model_copy(
            update={"params": {k: v for k, v in exp.params.items() if k != other}}
        )
        one = [
            p for p in policies if matches(p, half, canonical) and flat_params(p).get(other) is None
        ]
        if not one:
            return []
        found.extend(one)
    return found


def miss_stage(
    exp: Expectation, here: Sequence[Policy], codes: Iterable[str], canonical: Canonical
) -> str:
    """How far a missed expectation's sentence got: a policy of its operator on its tool
    with other parameters, on another tool, a policy of another operator only, no policy but
    notes (their codes), or nothing at all."""
    same = [p for p in here if p.operator == exp.operator]
    near = [p for p in same if matches(p, exp, canonical, tools_only=True)]
    if near:
        # which expected parameters differ, by name (never their values): counts only
        differ = min((_differing(p, exp, canonical) for p in near), key=len)
        return f"same operator and tools, other parameters ({', '.join(differ) or '-'})"
    if same:
        return "same operator, other tool"
    if here:
        found = sorted({p.operator for p in here})
        return f"another operator only ({', '.join(found)})"
    notes = sorted(set(codes))
    return f"notes only: {', '.join(notes)}" if notes else "silent"


def _differing(policy: Policy, exp: Expectation, canonical: Canonical) -> list[str]:
    """The expected parameters the policy does not give as expected (their names)."""
    params = flat_params(policy)
    return sorted(
        key
        for key, value in exp.params.items()
        if key not in params or not same_value(key, value, params[key], canonical)
    )


# what a `rule-not-compiled` note says failed, as a class free of the sentence's words (the
# modality, a closed word list, is kept): the `--stages` view of a blind set must not leak it
_WHY = (
    ("no action", "no action"),
    ("is not an action", "not a tool action"),
    ("no operator requires a call", "an obligation"),
    ("no operator states a `", "no operator for `{}`"),
)


def note_class(d: Diagnostic) -> str:
    """A note's code, and for `rule-not-compiled` the class of its reason."""
    if d.code != "rule-not-compiled":
        return d.code
    for cue, label in _WHY:
        if cue in d.message:
            modal = re.search(r"no operator states a `(\w+)`", d.message)
            return f"{d.code} ({label.format(modal.group(1) if modal else '')})"
    return d.code


def _sources(policy: Policy) -> tuple[Source, ...]:
    return (policy.source, *policy.also_stated_at)


def score(
    gold: Gold,
    sites: Sequence[Site],
    artifacts: frozenset[str],
    policies: Sequence[Policy],
    diagnostics: Sequence[Diagnostic],
    canonical: Canonical,
) -> Score:
    """The figures of one domain (see the module docstring)."""
    result = Score(sentences=len(gold.rules))
    prose = [
        p
        for p in policies
        if p.operator != "schema_contract"
        and any(_resolved(s.artifact) in artifacts for s in _sources(p))
    ]
    result.prose = len(prose)
    result.enforce = sum(p.enforcement == "enforce" for p in prose)

    # schema enums stated in the gold's files: they may meet an expected allowlist, and are
    # never counted as prose (a schema's own contract is no mined rule)
    enums = [
        p
        for p in policies
        if enum_params(p) is not None
        and any(_resolved(s.artifact) in artifacts for s in _sources(p))
    ]

    def on(site: Site, among: Sequence[Policy] = prose) -> list[Policy]:
        return [p for p in among if any(site.holds(s) for s in _sources(p))]

    matching: set[str] = set()
    for rule, site in zip(gold.rules, sites, strict=True):
        here = on(site)
        located = any(
            d.span is not None
            and _resolved(d.span.path) == site.artifact
            and site.start <= d.span.start_line <= site.end
            for d in diagnostics
        )
        # a schema enum compiled from the site's own words is no silent loss either
        if not here and not located and not on(site, enums):
            result.silent += 1
            result.unreported.append(f"{rule.at}: {rule.note}")
        if not rule.checkable:
            continue
        codes = [
            note_class(d)
            for d in diagnostics
            if d.span is not None
            and _resolved(d.span.path) == site.artifact
            and site.start <= d.span.start_line <= site.end
        ]
        for exp in rule.expect:
            result.expectations += 1
            hits = [p for p in (*here, *on(site, enums)) if matches(p, exp, canonical)]
            hits = hits or halves(here, exp, canonical) or spread(here, exp, canonical)
            matching.update(p.id for p in hits if p in here)
            if hits:
                result.matched += 1
                result.stages[(exp.operator, "matched")] += 1
            else:
                result.misses.append(f"{rule.at}: {exp.operator} {exp.target} {exp.params}")
                result.stages[(exp.operator, miss_stage(exp, here, codes, canonical))] += 1
            if exp.condition and any(
                p.enforcement == "enforce" and not is_conditional(p) for p in hits
            ):
                result.condition_dropped += 1
                result.dropped.append(f"{rule.at}: {exp.operator} {exp.target} if {exp.condition}")
    result.matching = len(matching)
    alarmed = sorted(
        (Path(d.span.path).name, d.span.start_line, d.message)
        for d in set(diagnostics)
        if d.code == "rule-not-compiled"
        and d.span is not None
        and _resolved(d.span.path) in artifacts
        and not any(s.artifact == _resolved(d.span.path) and s.start <= d.span.start_line <= s.end
                    for s in sites)
    )  # fmt: skip
    result.alarms = len(alarmed)
    result.alarm_lines = [f"{name}:{line}: {message}" for name, line, message in alarmed]
    uncheckable = [site for rule, site in zip(gold.rules, sites, strict=True) if not rule.checkable]
    result.deferred = sum(
        p.id not in matching
        and p.enforcement != "enforce"
        and all(any(site.holds(s) for site in uncheckable) for s in _sources(p))
        for p in prose
    )
    for p in prose:
        if p.id not in matching:
            on_rules = [
                r for r, site in zip(gold.rules, sites, strict=True) if site.holds(p.source)
            ]
            where = (
                "no gold sentence"
                if not on_rules
                else "rule sentence"
                if any(r.checkable for r in on_rules)
                else "uncheckable sentence"
            )
            result.unmatched[(p.operator, p.enforcement, where)] += 1
            s = p.source
            result.extra.append(
                f"{Path(s.artifact).name}:{s.span.start_line}: {p.operator} {p.target} "
                f"{flat_params(p)} [{p.enforcement}]"
            )
    wrong: set[str] = set()
    for p in prose:
        if p.enforcement != "enforce" or p.id in matching:
            continue  # (a rule whose sentence shares a line with another site matched its own)
        for site, rule in zip(sites, gold.rules, strict=True):
            same_op = [e for e in rule.expect if e.operator == p.operator]
            if not same_op or not any(site.holds(s) for s in _sources(p)):
                continue
            peers = [
                e
                for r, s in zip(gold.rules, sites, strict=True)
                if s == site
                for e in r.expect
                if e.operator == p.operator
            ]
            if not any(matches(p, e, canonical, tools_only=True) for e in peers):
                if p.id not in wrong:
                    s = p.source
                    result.wrong.append(
                        f"{Path(s.artifact).name}:{s.span.start_line}: {p.operator} {p.target} "
                        f"{flat_params(p)}"
                    )
                wrong.add(p.id)
    result.wrong_tool = len(wrong)
    return result
