"""The build's units: pure functions of one input's content, each behind an optional cache.

`pipeline`'s stages are maps and folds over these: read one artifact, parse and check one
tools file, read one registry file, index one registry, extract one artifact (a Markdown
prompt section by section), resolve one rule, compile one rule with its resolutions.
`specgap build` calls them with no cache; `specgap watch` calls the very same functions
with its session's `Cache`, so a save redoes only the units whose content changed. Keys are
content (the artifact's path and sha256, a section's text, a rule's canonical JSON without
its position, its resolutions); a result found for content that only moved is moved into
place (`sections.shift`, `_Compiled.at`), never recomputed.

The passes over a whole set (merging extraction results, merging and ordering policies,
conflicts, listing the resolutions, assembly) are not units: they always run, in `pipeline`
and `compile`.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specgap.artifacts import Artifact, load_artifact
from specgap.cache import MISSING, Cache, memo
from specgap.compile import RuleCompiler, compile_rule
from specgap.confine import read_bytes
from specgap.errors import SpecgapError
from specgap.extract import Extracted, extract
from specgap.ir import (
    ArtifactKind,
    CandidateRule,
    Diagnostic,
    Extraction,
    Policy,
    ResolvedRule,
    Span,
)
from specgap.positions import escape_pointer
from specgap.registry import Registry, Tool, attach_specs, build_registry, tools_from_registry_file
from specgap.resolve import Resolver, resolve_rule, resolve_rules
from specgap.sections import Section, sections, shift
from specgap.toolspecs import ToolSpec, parse_tool_specs

if TYPE_CHECKING:
    from specgap.extract.llm import LlmExtractor
    from specgap.extract.lock import LockEntry

# --- load -----------------------------------------------------------------------------------


def read_artifact(cache: Cache | None, kind: ArtifactKind, path: Path, display: str) -> Artifact:
    """`load_artifact`; with a cache, parsed once per (kind, path, content)."""
    if cache is None:
        return load_artifact(kind, path, display)
    raw = read_bytes(path, display)  # bounded, regular files only; raises located
    key = (kind, display, hashlib.sha256(raw).hexdigest())
    found = cache.lookup("file", key)
    if found is MISSING:
        found = load_artifact(kind, path, display)
        cache.computed["file"] += 1
        cache.note("file", display)
        key = (kind, display, found.sha256)  # the file may have changed since it was hashed
    else:
        cache.reused["file"] += 1
    cache.put("file", key, found)
    return found  # type: ignore[no-any-return]


@dataclass(frozen=True)
class ToolsRead:
    """One tools file: its tool specs, each with its span, and what is wrong with them."""

    specs: tuple[tuple[ToolSpec, Span], ...]
    diagnostics: tuple[Diagnostic, ...]


def read_tools(cache: Cache | None, artifact: Artifact) -> ToolsRead:
    """Parse a tools artifact and check every argument schema (the costly part)."""
    return memo(cache, "tools", lambda: (artifact.path, artifact.sha256), lambda: _tools(artifact))


def _tools(artifact: Artifact) -> ToolsRead:
    parsed, spec_problems = parse_tool_specs(artifact.data)
    diagnostics = [
        Diagnostic(
            code="invalid-tools",
            message=message,
            span=artifact.span_of(pointer),
            help="a tool is an OpenAI function spec, an Anthropic tool or an MCP tool, "
            "each with a string `name`",
        )
        for pointer, message in spec_problems
    ]
    specs = tuple((spec, artifact.span_at(spec.pointer)) for spec in parsed)
    return ToolsRead(specs, (*diagnostics, *_schema_problems(artifact, parsed)))


@functools.lru_cache(maxsize=4096)
def _schema_error(schema: str | Any) -> tuple[str, str] | None:
    """Where and why a schema (as canonical JSON text) is not valid JSON Schema; checking
    against the meta-schema is the costly part of reading tools, and schemas repeat across
    builds of one process (watch, tests), so the answer is remembered."""
    from jsonschema import Draft202012Validator, SchemaError

    try:
        Draft202012Validator.check_schema(json.loads(schema) if isinstance(schema, str) else schema)
    except SchemaError as exc:
        return "/".join(escape_pointer(str(p)) for p in exc.path), exc.message.lower()
    return None


def _schema_problems(artifact: Artifact, specs: list[ToolSpec]) -> list[Diagnostic]:
    """A tool's argument schema that is not valid JSON Schema would fail at check time."""
    problems = []
    for spec in specs:
        if spec.schema_pointer is None:
            continue
        try:
            text = json.dumps(spec.schema, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):  # a YAML date, say: checked as it is, not remembered
            error = _schema_error.__wrapped__(spec.schema)
        else:
            error = _schema_error(text)
        if error is not None:
            where, message = error
            problems.append(
                Diagnostic(
                    code="invalid-tools",
                    message=f"the argument schema of `{spec.name}` is not valid JSON Schema"
                    + (f" at `{where}`" if where else "")
                    + f": {message}",
                    span=artifact.span_of(
                        f"{spec.schema_pointer}/{where}" if where else spec.schema_pointer
                    ),
                    help="fix the schema; see https://json-schema.org/draft/2020-12",
                )
            )
    return problems


def read_registry(
    cache: Cache | None, artifact: Artifact
) -> tuple[tuple[Tool, ...], tuple[Diagnostic, ...]]:
    """The tools one registry file declares, and its problems."""

    def compute() -> tuple[tuple[Tool, ...], tuple[Diagnostic, ...]]:
        tools, problems = tools_from_registry_file(artifact)
        return tuple(tools), tuple(problems)

    return memo(cache, "registry_file", lambda: (artifact.path, artifact.sha256), compute)


def registry_of(
    cache: Cache | None, registries: Sequence[Artifact], tools_files: Sequence[Artifact]
) -> tuple[Registry, tuple[Diagnostic, ...]]:
    """An agent's registry (its registry files, then its tools files' specs), its problems
    (every file's and the clashes), in the order `load` reports them."""

    # Every file is read through its own unit, even when the registry is kept, so that
    # each file's result stays cached for the next build that needs it.
    tools: list[Tool] = []
    diagnostics: list[Diagnostic] = []
    for artifact in registries:
        found, problems = read_registry(cache, artifact)
        tools.extend(found)
        diagnostics.extend(problems)
    specs: list[tuple[ToolSpec, Span]] = []
    for artifact in tools_files:
        read = read_tools(cache, artifact)
        diagnostics.extend(read.diagnostics)
        specs.extend(read.specs)

    def key() -> Hashable:
        return tuple((a.path, a.sha256) for a in (*registries, *tools_files))

    registry, clashes = memo(
        cache, "registry", key, lambda: build_registry(attach_specs(tools, specs))
    )
    return registry, (*diagnostics, *clashes)


def resolver_for(cache: Cache | None, registry: Registry) -> Resolver:
    """One `Resolver` per registry; its own memo then makes a known mention free."""
    if cache is None:
        return Resolver(registry)
    kept = cache.get("resolver", id(registry), lambda: (registry, Resolver(registry)))
    if kept[0] is not registry:  # an id reused by a newer registry
        kept = (registry, Resolver(registry))
        cache.put("resolver", id(registry), kept)
    return kept[1]


def resolve_all(
    cache: Cache | None, resolver: Resolver, rules: Sequence[CandidateRule]
) -> tuple[ResolvedRule, ...]:
    """Every rule with its resolutions (`resolve_rule`), by the agent's resolver
    (`resolver_for`). With a cache, a rule object that survived the last build (its
    artifact or section did not change) meeting the same resolver keeps its very
    `ResolvedRule`, so its compilation is found by identity too; any other rule is resolved
    again, which the resolver's memo (by mention and context, that is by content) makes
    cheap for a mention it has seen."""
    if cache is None:
        return resolve_rules(resolver, rules)
    out: list[ResolvedRule] = []
    for rule in rules:
        kept = cache.lookup("resolved", id(rule))
        if kept is MISSING or kept[0] is not rule or kept[1] is not resolver:
            kept = (rule, resolver, resolve_rule(resolver, rule))
            cache.computed["resolved"] += 1
        else:
            cache.reused["resolved"] += 1
        cache.put("resolved", id(rule), kept)
        out.append(kept[2])
    return tuple(out)


# --- extract --------------------------------------------------------------------------------


def extract_all(
    artifacts: Sequence[Artifact],
    mode: str,
    llm: LlmExtractor | None,
    cache: Cache | None,
    setting: Hashable,
) -> Extracted:
    """Every artifact's extraction, combined as one run over all of them reports it.

    `setting` stands for everything besides the artifact that an extraction depends on
    (mode, model, lock); what an extractor finds in an artifact depends on that artifact
    and the setting alone. Failing artifacts fail the build together, keeping the model's
    good answers about the others (`ExtractionFailed.entries`). What depends on the whole
    agent (why the model fell back, whether it contributed any rule) is combined here."""
    from specgap.extract.agent_params import knowing_params, tool_params
    from specgap.extract.declared26 import declared_in, declaring
    from specgap.extract.ids7_respell import known_ids, styled_ids
    from specgap.extract.modes import ExtractionFailed, contribution

    parts = [extract((), mode, llm)]  # the run over no artifacts: the mode's own tally
    errors: list[Diagnostic] = []
    answered: list[LockEntry] = []
    styled = styled_ids(artifacts)  # ids7: prompts read `server__tool` / kebab ids as snake
    setting = (setting, styled) if styled else setting
    fields = declared_in(artifacts)  # "the `state` field that `t` returns: `a`, `b`, `c`"
    setting = (setting, fields) if fields else setting
    params = tool_params(artifacts)  # what the tools take (`agent_params`)
    setting = (setting, params) if params else setting
    for artifact in artifacts:
        try:
            with known_ids(styled), declaring(fields), knowing_params(params):
                parts.append(extract_artifact(artifact, mode, llm, cache, setting))
        except SpecgapError as exc:
            errors.extend(exc.diagnostics)
            answered.extend(getattr(exc, "entries", ()))
    if errors:
        kept = [e for part in parts for e in part.lock_entries]
        raise ExtractionFailed(errors, [*kept, *answered])
    rules = [rule for part in parts for rule in part.rules]
    # The order `extract` gives rules over all artifacts at once (a stable sort).
    rules.sort(key=lambda r: (r.span.path, r.span.start_byte, r.span.end_byte, r.operator))
    diagnostics = [d for part in parts for d in part.diagnostics]
    extraction = combine([p.extraction for p in parts])
    asked = tuple(a for part in parts for a in part.asked)
    pattern_rules = sum(part.pattern_rules for part in parts)
    dropped = sum(part.dropped for part in parts)
    if llm is not None and mode != "deterministic":
        fallbacks = extraction.fallbacks if extraction is not None else ()
        model = llm.settings.model
        diagnostics.extend(contribution(rules, asked, pattern_rules, dropped, fallbacks, model))
    return Extracted(
        tuple(rules),
        tuple(diagnostics),
        extraction=extraction,
        lock_entries=tuple(e for part in parts for e in part.lock_entries),
        reported=tuple(d for part in parts for d in part.reported),
        asked=asked,
        pattern_rules=pattern_rules,
        dropped=dropped,
    )


def extract_artifact(
    artifact: Artifact,
    mode: str,
    llm: LlmExtractor | None,
    cache: Cache | None,
    setting: Hashable,
) -> Extracted:
    """One artifact's extraction. A Markdown prompt read deterministically is extracted
    section by section (`specgap.sections` says where a cut cannot change the result), unless
    it says something once that every later section is read with: a legend of marks, the
    assistant speaking as "I", kinds of line (`extract.whole_prompt`)."""
    from specgap.extract.whole_prompt import read_whole

    if mode == "deterministic" and artifact.kind == "prompt" and artifact.data is None:
        cut = sections(artifact.text) if not read_whole(artifact.text) else None
        if cut is not None and len(cut) > 1:
            return _by_section(artifact, cut, mode, cache, setting)

    def one() -> Extracted:
        from specgap.extract.modes import run

        # One artifact of several: the agent-wide `llm-no-rules` check is `extract_all`'s.
        return run((artifact,), mode, llm, whole=False)

    if cache is None:
        return one()
    key = (setting, artifact.kind, artifact.path, artifact.sha256)
    return cache.get("extract", key, one, artifact.path)


def _by_section(
    artifact: Artifact, cut: list[Section], mode: str, cache: Cache | None, setting: Hashable
) -> Extracted:
    before = cache.computed["section"] if cache else 0
    parts = [_section(artifact, section, mode, cache, setting) for section in cut]
    if cache is not None:
        if cache.computed["section"] > before:
            cache.note("extract", artifact.path)
            cache.computed["extract"] += 1
        else:
            cache.reused["extract"] += 1
    return Extracted(
        tuple(r for part in parts for r in part.rules),
        tuple(d for part in parts for d in part.diagnostics),
        extraction=combine([part.extraction for part in parts]),
        lock_entries=tuple(e for part in parts for e in part.lock_entries),
    )


def _section(
    artifact: Artifact, section: Section, mode: str, cache: Cache | None, setting: Hashable
) -> Extracted:
    """One section's extraction, found in the section alone (kept by its text), then
    placed where the section is (kept by its text and place)."""
    digest = hashlib.sha256(section.text.encode()).hexdigest()

    def alone_in_section() -> Extracted:
        return extract([Artifact(artifact.kind, artifact.path, section.text, digest)], mode)

    alone = memo(cache, "section", lambda: (setting, artifact.path, digest), alone_in_section)
    where = (setting, artifact.path, digest, section.line, section.byte)
    return memo(cache, "placed", lambda: where, lambda: _placed(alone, section))


def _placed(alone: Extracted, section: Section) -> Extracted:
    return Extracted(
        tuple(shift(r, section) for r in alone.rules),
        tuple(shift(d, section) for d in alone.diagnostics),
        alone.extraction,
        alone.lock_entries,
    )


def combine(parts: Sequence[Extraction | None]) -> Extraction | None:
    """Extraction metadata of several runs as one run over all their artifacts reports it:
    counts add up, lists concatenate, per-extractor tallies merge; the rest is the same."""
    found = [p for p in parts if p is not None]
    if not found:
        return None
    merged: dict[str, Any] = found[0].model_dump()
    for part in found[1:]:
        for name, value in part.model_dump().items():
            mine = merged[name]
            if isinstance(value, bool) or not isinstance(value, int | tuple | list | dict):
                continue  # mode, model: the same for every artifact
            if isinstance(value, dict):
                tally = {k: mine.get(k, 0) + value.get(k, 0) for k in mine.keys() | value.keys()}
                merged[name] = dict(sorted(tally.items()))
            else:
                merged[name] = mine + value
    return Extraction.model_validate(merged)


# --- compile --------------------------------------------------------------------------------


def rule_compiler(cache: Cache | None) -> RuleCompiler | None:
    """`compile_rule` through `cache` (None without one: `compile_policies` calls it as is).

    A rule's result is kept under its content: the rule's canonical JSON without its span's
    position, with the resolutions it came with (which say nothing of where it is) and the
    registry it met. It is moved to wherever the rule now is."""
    if cache is None:
        return None

    def one(
        agent: str, resolved: ResolvedRule, registry: Registry, strict: bool
    ) -> tuple[Policy | None, tuple[Diagnostic, ...]]:
        # First by identity: a resolved rule that survived the last build (`resolve_all`
        # keeps it while its rule object and registry do) meeting the very same registry.
        seen: _Seen | Any = cache.lookup("rule_object", id(resolved))
        if (
            seen is not MISSING
            and seen.resolved is resolved
            and seen.registry is registry
            and (seen.agent, seen.strict) == (agent, strict)
        ):
            cache.reused["rule"] += 1
            cache.put("rule_object", id(resolved), seen)
            cache.put("rule", seen.key, seen.done)
            return seen.done.policy, seen.done.diagnostics
        rule = resolved.rule
        key = (agent, strict, id(registry), _content(resolved))
        kept: _Compiled | Any = cache.lookup("rule", key)
        done: _Compiled | None = None
        if (
            kept is not MISSING
            and kept.registry is registry
            and (kept.placeable or kept.span == rule.span)
        ):
            cache.reused["rule"] += 1
            done = kept.at(rule.span)  # kept where it is now: the next build finds it so
        if done is None:
            policy, diagnostics = compile_rule(agent, resolved, registry, strict)
            placeable = _placeable(rule.span, policy, diagnostics)
            done = _Compiled(registry, rule.span, policy, diagnostics, placeable)
            cache.computed["rule"] += 1
        cache.put("rule", key, done)
        seen = _Seen(resolved, registry, agent, strict, key, done)
        cache.put("rule_object", id(resolved), seen)
        return done.policy, done.diagnostics

    return one


@dataclass(frozen=True)
class _Seen:
    """A resolved rule object's last result, with the objects it met."""

    resolved: ResolvedRule
    registry: Registry
    agent: str
    strict: bool
    key: Hashable
    done: _Compiled


def _content(resolved: ResolvedRule) -> Hashable:
    """The rule with its resolutions, without its position: the rule's canonical JSON with
    the span's path alone, and the resolutions themselves (frozen, compared by value)."""
    rule = resolved.rule
    return (
        f"{rule.span.path}\0{rule.model_dump_json(exclude={'span'})}",
        resolved.target,
        tuple(resolved.params.items()),
    )


@dataclass(frozen=True)
class _Compiled:
    registry: Registry
    span: Span  # where the rule was when compiled
    policy: Policy | None
    diagnostics: tuple[Diagnostic, ...]

    placeable: bool  # the rule's span is the only position in the result: it can move

    def at(self, span: Span) -> _Compiled:
        """The same result for the rule at `span`."""
        if span is self.span or span == self.span:
            return self
        policy = self.policy
        if policy is not None:
            source = policy.source.model_copy(update={"span": span})
            policy = policy.model_copy(update={"source": source})
        moved = tuple(
            d if d.span is None else d.model_copy(update={"span": span}) for d in self.diagnostics
        )
        return replace(self, span=span, policy=policy, diagnostics=moved)


def _placeable(span: Span, policy: Policy | None, diagnostics: tuple[Diagnostic, ...]) -> bool:
    if policy is not None and (policy.source.span != span or policy.also_stated_at):
        return False
    return all(d.span is None or d.span == span for d in diagnostics)


def extraction_setting(cache: Cache | None, value: object) -> Hashable:
    """A key standing for `value` (the extraction options, compared by equality, since an
    extraction lock is not hashable): it changes whenever `value` differs from the last."""
    if cache is None:
        return 0
    last = cache.lookup("setting", "extract")
    generation = 0 if last is MISSING else last[0] + (last[1] != value)
    cache.put("setting", "extract", (generation, value))
    return generation
