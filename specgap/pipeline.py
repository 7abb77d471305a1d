"""The pipeline, stage by stage: load -> extract -> resolve -> compile -> bundle.

Each stage is a plain function from the previous stage's output to its own; `STAGES` lists
them once, in order, so `--dump-after STAGE` is one loop.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from specgap import __version__
from specgap.artifacts import Artifact
from specgap.cache import Cache
from specgap.carg8_bind import bind_call_args
from specgap.compile import compile_policies
from specgap.config import AgentConfig, Project
from specgap.errors import SpecgapError
from specgap.extract import count5_items
from specgap.extract.call_nouns import current_tool_nouns, nouns_of_tools, tool_nouns
from specgap.extract.grammar_words import current_tool_verbs, tool_verbs, verbs_of_tools
from specgap.extract.leftovers import dropped
from specgap.extract.llm import LlmExtractor, LlmSettings, resolve_settings
from specgap.extract.lock import Lock, LockEntry, load_lock
from specgap.extract.modes import ExtractionFailed
from specgap.extract.restrict_said import said_by_tool
from specgap.extract.state3_late import complete_states
from specgap.extract.state_late import settle_states
from specgap.extract.state_silent import silent_states
from specgap.ir import (
    AgentBundle,
    ArtifactKind,
    Bundle,
    CandidateRule,
    Diagnostic,
    Extraction,
    Policy,
    ResolvedRule,
)
from specgap.operators import OPERATORS
from specgap.registry import Registry
from specgap.resolve import bundle_resolutions
from specgap.resolve.accounts import expand_accounts
from specgap.resolve.alternatives import expand_alternatives
from specgap.resolve.conditions import bind_states
from specgap.resolve.groups import expand_groups
from specgap.resolve.prec4_fit import unfit_readings
from specgap.resolve.receivers import expand_receivers
from specgap.resolve.state5_bind import rescored
from specgap.resolve.state6_bind import verb_ties
from specgap.units import (
    extract_all,
    extraction_setting,
    read_artifact,
    registry_of,
    resolve_all,
    resolver_for,
    rule_compiler,
)
from specgap.weakening import check_stage


@dataclass(frozen=True)
class AgentState:
    """Everything known about one agent so far; each stage fills in its part."""

    config: AgentConfig
    artifacts: tuple[Artifact, ...] = ()
    inputs: tuple[Artifact, ...] = ()  # registries: inputs to the revision, not mined
    registry: Registry | None = None
    rules: tuple[CandidateRule, ...] = ()
    resolved: tuple[ResolvedRule, ...] = ()  # the rules with their resolutions (resolve stage)
    policies: tuple[Policy, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    extraction: Extraction | None = None  # who read the artifacts (extract stage)
    lock_entries: tuple[LockEntry, ...] = ()  # the model's answers, for the extraction lock
    reported: tuple[Diagnostic, ...] = ()  # why the model failed: printed, not in the bundle

    def with_diagnostics(
        self, more: list[Diagnostic] | tuple[Diagnostic, ...], **changes: Any
    ) -> AgentState:
        return replace(self, diagnostics=(*self.diagnostics, *more), **changes)


@dataclass(frozen=True)
class Options:
    strict: bool = False
    extractor: str = "deterministic"
    offline: bool = False  # never contact a model server: the extraction lock, or fail
    llm: LlmSettings | None = None  # None: from the project's `[llm]` table and environment
    lock: Lock | None = field(default=None, compare=False)  # None: read from `llm.lock_path`
    cache: Cache | None = field(default=None, compare=False)  # `specgap watch`'s, across builds


def prepare(project: Project, options: Options) -> Options:
    """Resolve the LLM settings and read the extraction lock once, when the mode needs them."""
    if options.extractor == "deterministic":
        return options
    llm = options.llm or resolve_settings(project)
    lock = options.lock
    if lock is None:
        lock = load_lock(llm.lock_path, llm.lock_display) if llm.lock_path else Lock()
    return replace(options, llm=llm, lock=lock)


Stage = Callable[[Project, AgentState, Options], AgentState]


def load(project: Project, state: AgentState, options: Options) -> AgentState:
    """Read every artifact and registry of the agent; collect every load error."""
    agent = state.config
    cache = options.cache
    errors: list[Diagnostic] = []
    groups: list[tuple[ArtifactKind | None, tuple[str, ...]]] = [
        ("prompt", agent.prompts),
        ("tools", agent.tools),
        ("config", agent.config),
        ("config", agent.controls),
        (None, agent.registry),
    ]
    artifacts: list[Artifact] = []
    registries: list[Artifact] = []
    for kind, patterns in groups:
        for path in project.expand(patterns, errors):
            try:
                loaded = read_artifact(cache, kind or "config", path, project.rel(path))
            except SpecgapError as exc:
                errors.extend(exc.diagnostics)
                continue
            (artifacts if kind else registries).append(loaded)
    if errors:
        raise SpecgapError(errors)
    tools_files = [a for a in artifacts if a.kind == "tools"]
    registry, diagnostics = registry_of(cache, registries, tools_files)
    return state.with_diagnostics(
        diagnostics,
        artifacts=tuple(artifacts),
        inputs=tuple(registries),
        registry=registry,
    )


def extract_stage(project: Project, state: AgentState, options: Options) -> AgentState:
    llm = None
    if options.extractor != "deterministic":
        options = prepare(project, options)
        assert options.llm is not None
        assert options.lock is not None
        llm = LlmExtractor(options.llm, options.lock, offline=options.offline)
    setting = (
        extraction_setting(
            options.cache, (options.extractor, options.llm, options.offline, options.lock)
        ),
        tuple(sorted(current_tool_verbs())),  # what the grammar reads as a verb (`run_agent`)
        tuple(sorted(current_tool_nouns())),  # what one call acts on one of (`call_nouns`)
        count5_items.current(),  # the list arguments a count of items names (`run_agent`)
        # the operators registered now: a plugin's prose is read only while it is registered
        tuple((name, id(op)) for name, op in sorted(OPERATORS.items())),
    )
    found = extract_all(state.artifacts, options.extractor, llm, options.cache, setting)
    return state.with_diagnostics(
        found.diagnostics,
        rules=found.rules,
        extraction=found.extraction,
        lock_entries=found.lock_entries,
        reported=found.reported,
    )


def resolve_stage(project: Project, state: AgentState, options: Options) -> AgentState:
    assert state.registry is not None
    # "identify the customer": any one of the lookups (`specgap.resolve.alternatives`)
    resolver = resolver_for(options.cache, state.registry)
    # "verify their identity before any change to their account": per account tool
    rules, notes = expand_accounts(resolver, expand_alternatives(resolver, state.rules))
    rules, grouped = expand_groups(resolver, rules)  # "... before touching any booking"
    notes = (*notes, *grouped)
    rules = tuple(expand_receivers(resolver, rules))  # "may receive X": every giver of X
    resolved = resolve_all(options.cache, resolver, rules)  # the same resolver, its memo too
    settled = settle_states(state.registry, resolved, state.diagnostics)  # states tools list
    completed = complete_states(state.registry, settled.resolved)  # reader's entity, all states
    completed, called, ties = bind_call_args(state.registry, completed, state.diagnostics)
    resolved, unbound = bind_states(state.registry, completed)  # a test the tools can read
    resolved = rescored(resolver, resolved)  # "split blighted beds": `split_bed`, sure
    resolved = verb_ties(resolved)  # "pets may be booked": `book_stay` or `groom_pet`, a tie
    resolved, plain = said_by_tool(state.registry, resolved, state.diagnostics)  # "for inspection"
    stale = {id(d) for d in (*settled.stale, *plain, *called)}  # `carg8_bind`: bound now
    state = replace(state, diagnostics=tuple(d for d in state.diagnostics if id(d) not in stale))
    more = [*notes, *settled.notes, *unbound, *ties]
    taken = [r.rule.span for r in resolved] + [
        d.span for d in (*state.diagnostics, *more) if d.span
    ]
    more += silent_states(settled.registry, state.artifacts, taken)  # no silent state rule
    return state.with_diagnostics(more, rules=rules, resolved=resolved)


def compile_stage(project: Project, state: AgentState, options: Options) -> AgentState:
    assert state.registry is not None
    compiled = compile_policies(
        state.config.id,
        state.resolved,
        state.registry,
        strict=options.strict,
        compile_one=rule_compiler(options.cache),
        # tool descriptions are third-party text: their orderings yield to the deployer's
        untrusted=frozenset(a.path for a in state.artifacts if a.kind == "tools"),
    )
    policies, unfit = unfit_readings(state.registry, compiled.policies)  # `resolve.prec4_fit`
    said = (*state.diagnostics, *compiled.diagnostics, *unfit)
    # no rule is lost without a word: see `specgap.extract.leftovers`
    lost = dropped(state.rules, policies, said)
    return state.with_diagnostics([*compiled.diagnostics, *unfit, *lost], policies=policies)


STAGES: tuple[tuple[str, Stage], ...] = (
    ("load", load),
    ("extract", extract_stage),
    ("resolve", resolve_stage),
    ("compile", compile_stage),
    ("weakening", check_stage),  # rules that silently weaken: specgap/weakening.py
)


def run_agent(
    project: Project, agent: AgentConfig, options: Options, stages: int = len(STAGES)
) -> AgentState:
    """The agent through the first `stages` stages (all of them by default)."""
    state = AgentState(config=agent)
    verbs: frozenset[str] = frozenset()
    nouns: frozenset[str] = frozenset()
    lists: tuple[count5_items.ListArg, ...] = ()
    for _, stage in STAGES[:stages]:
        if not verbs and state.registry is not None:  # read once the tools are loaded
            verbs = verbs_of_tools(
                state.registry.by_id,
                {t.id: t.description for t in state.registry.tools},
            )
            nouns = nouns_of_tools(state.registry.tools)
            lists = count5_items.lists_of_tools(state.registry.tools)
        # the grammar reads the verbs the agent's tools are named by as action verbs, and
        # counts of what one call acts on one of as counts of calls
        with tool_verbs(verbs), tool_nouns(nouns), count5_items.listing(lists):
            state = stage(project, state, options)
    return state


def build(
    project: Project, options: Options | None = None
) -> tuple[Bundle, tuple[AgentState, ...]]:
    """Run every agent through every stage and assemble the bundle."""
    options = prepare(project, options or Options())
    states: list[AgentState] = []
    errors: list[Diagnostic] = []
    answered: list[LockEntry] = []  # the model's good answers, kept even when a build fails
    for agent in project.config.agents:
        try:
            states.append(run_agent(project, agent, options))
        except SpecgapError as exc:
            errors.extend(exc.diagnostics)
            answered.extend(getattr(exc, "entries", ()))
    if errors:
        raise ExtractionFailed(errors, [*answered, *(e for s in states for e in s.lock_entries)])
    return assemble(project, states, options), tuple(states)


def assemble(project: Project, states: list[AgentState], options: Options) -> Bundle:
    digest = hashlib.sha256(f"specgap {__version__}\n".encode())
    agents = []
    diagnostics: set[Diagnostic] = set()
    for state in states:
        for artifact in (*state.artifacts, *state.inputs):
            digest.update(f"{state.config.id} {artifact.path} {artifact.sha256}\n".encode())
        assert state.registry is not None
        agents.append(
            AgentBundle(
                id=state.config.id,
                artifacts=tuple(a.ref() for a in state.artifacts),
                tools=tuple(t.summary() for t in state.registry.tools),
                policies=state.policies,
                candidates=state.rules,
                resolutions=bundle_resolutions(state.resolved),
                extraction=state.extraction
                or Extraction(mode=options.extractor, rules=len(state.rules)),
            )
        )
        diagnostics.update(state.diagnostics)
    return Bundle(
        specgap_version=__version__,
        revision=digest.hexdigest(),
        agents=tuple(agents),
        diagnostics=tuple(sorted(diagnostics, key=Diagnostic.sort_key)),
    )


def dump_after(project: Project, options: Options, stage_name: str) -> str:
    """The agents' state after one stage, as JSON: rules, resolutions and policies so far."""
    import json

    from specgap.errors import error

    names = [name for name, _ in STAGES]
    if stage_name not in names:
        raise error("unknown-stage", f"no stage `{stage_name}`", help=f"stages: {', '.join(names)}")
    out: dict[str, Any] = {}
    for agent in project.config.agents:
        state = run_agent(project, agent, options, names.index(stage_name) + 1)
        out[agent.id] = {
            "artifacts": [a.ref().model_dump(mode="json") for a in state.artifacts],
            "tools": sorted(state.registry.by_id) if state.registry else [],
            "rules": [r.model_dump(mode="json") for r in state.rules],
            "resolutions": [r.model_dump(mode="json") for r in bundle_resolutions(state.resolved)],
            "policies": [p.model_dump(mode="json", by_alias=True) for p in state.policies],
            "diagnostics": [d.model_dump(mode="json") for d in state.diagnostics],
        }
    return json.dumps(out, indent=2, sort_keys=True)
