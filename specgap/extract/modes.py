"""Who reads each artifact: the extractor modes, artifact by artifact.

- `deterministic`: patterns over prose, structure compiled directly (unchanged).
- `llm`: the model reads prose (prompts, tool and argument descriptions); structure (input
  schemas, config settings) is still compiled directly, since a model adds only risk there.
  An artifact the model cannot extract fails the build.
- `auto`: as `llm`, but an artifact the model cannot extract (server down, bad answer,
  timeout, lock miss offline) falls back to the deterministic extractor, with an
  `llm-fallback` warning.
- `ensemble`: the deterministic rules plus the model's; a rule both found (same operator,
  overlapping spans, same target and params) is kept once, with higher confidence. Failures
  fall back as in `auto`.

In every mode, instruction-like text in tool descriptions and config is reported, and rules
mined from it are dropped (`injection.py`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from specgap.artifacts import Artifact
from specgap.errors import SpecgapError, error
from specgap.extract import Extracted, extract_deterministic, sentences
from specgap.extract.grounding import normalized
from specgap.extract.injection import quarantine, scan
from specgap.extract.leftovers import leftover
from specgap.extract.llm import LlmExtractor, LlmFailure
from specgap.extract.lock import LockEntry
from specgap.extract.structural import config_rules, schema_rules
from specgap.ir import CandidateRule, Diagnostic, Extraction
from specgap.toolspecs import parse_tool_specs

MODES = ("deterministic", "llm", "auto", "ensemble")
NO_RULES = "llm-no-rules"  # the model was asked and contributed no rule the patterns lack


class ExtractionFailed(SpecgapError):
    """`llm` mode could not extract some artifact; `entries` are the good answers about the
    others, which a build that writes keeps in the lock so a rerun does not ask again."""

    def __init__(self, diagnostics: Iterable[Diagnostic], entries: Iterable[LockEntry]) -> None:
        super().__init__(diagnostics)
        self.entries = tuple(entries)


@dataclass
class _Found:
    rules: list[CandidateRule] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failures: list[Diagnostic] = field(default_factory=list)
    entries: list[LockEntry] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)
    reported: list[Diagnostic] = field(default_factory=list)  # why, for this build only
    asked: list[str] = field(default_factory=list)  # artifacts with prose for the model
    pattern_rules: int = 0  # rules the deterministic extractor finds in that prose
    dropped: int = 0  # the model's rules that grounding dropped


def run(
    artifacts: Sequence[Artifact], mode: str, llm: LlmExtractor | None, *, whole: bool = True
) -> Extracted:
    """Extract every artifact in `mode`; in `llm` mode, any artifact that fails fails all.

    `whole`: the artifacts are all of an agent's, so the `llm-no-rules` check is made; a
    caller that extracts an agent artifact by artifact passes False and makes the check
    once on the combined result (`contribution`)."""
    if mode not in MODES:
        raise error(
            "unknown-extractor",
            f"no extractor mode `{mode}`",
            help=f"modes: {', '.join(MODES)}",
        )
    found = _Found()
    if mode == "deterministic" or llm is None:
        if mode != "deterministic":
            raise ValueError(f"extractor mode `{mode}` needs an LlmExtractor")
        base = extract_deterministic(artifacts)
        found.rules.extend(base.rules)
        found.diagnostics.extend(base.diagnostics)
    else:
        for artifact in artifacts:
            _artifact(artifact, mode, llm, found)
    findings = list(scan(artifacts))
    rules, dropped = quarantine(found.rules, findings)
    warnings = [*(f.diagnostic() for f in findings), *dropped]
    if found.failures:
        raise ExtractionFailed([*found.failures, *warnings], found.entries)
    if whole and llm is not None and mode != "deterministic":
        warnings.extend(
            contribution(
                rules,
                tuple(found.asked),
                found.pattern_rules,
                found.dropped,
                tuple(found.fallbacks),
                llm.settings.model,
            )
        )
    rules.sort(key=lambda r: (r.span.path, r.span.start_byte, r.span.end_byte, r.operator))
    extraction = Extraction(
        mode=mode,
        model=llm.settings.model if llm is not None and mode != "deterministic" else None,
        cache_hits=len(found.entries),
        rules=len(rules),
        extractors=dict(sorted(Counter(r.extractor for r in rules).items())),
        fallbacks=tuple(found.fallbacks),
    )
    return Extracted(
        tuple(rules),
        (*found.diagnostics, *warnings),
        extraction=extraction,
        lock_entries=tuple(found.entries),
        reported=tuple(found.reported),
        asked=tuple(found.asked),
        pattern_rules=found.pattern_rules,
        dropped=found.dropped,
    )


def _artifact(artifact: Artifact, mode: str, llm: LlmExtractor, found: _Found) -> None:
    deterministic = extract_deterministic([artifact])
    if not llm.chunks(artifact):  # no prose: nothing for a model to read
        found.rules.extend(deterministic.rules)
        found.diagnostics.extend(deterministic.diagnostics)
        return
    found.asked.append(artifact.path)
    found.pattern_rules += len(deterministic.rules) - len(structural(artifact))
    try:
        outcome = llm.extract(artifact)
    except LlmFailure as failure:
        if mode == "llm":
            found.failures.append(_in_llm_mode(failure.diagnostic(artifact.path)))
            return
        # The bundle records that the artifact fell back, never why: the reason (a bad
        # answer online, a lock miss offline) differs between the build that asked the
        # model and `build --offline --check`, which must reproduce the bundle byte for byte.
        found.fallbacks.append(artifact.path)
        found.diagnostics.append(
            Diagnostic(
                code="llm-fallback",
                message=f"`{artifact.path}` was read by the deterministic extractor instead of "
                f"`{llm.settings.model}`",
                severity="warning",
                path=artifact.path,
                help="the build that asked the model printed why; `specgap doctor` checks it",
            )
        )
        found.reported.append(failure.diagnostic(artifact.path, severity="warning"))
        found.rules.extend(deterministic.rules)
        found.diagnostics.extend(deterministic.diagnostics)
        return
    found.entries.append(outcome.entry)
    found.diagnostics.extend(outcome.dropped)
    found.dropped += len(outcome.dropped)
    if mode == "ensemble":
        found.rules.extend(merge(deterministic.rules, outcome.rules))
        found.diagnostics.extend(_uncovered(deterministic.diagnostics, outcome.rules))
    else:
        found.rules.extend(structural(artifact))
        found.rules.extend(outcome.rules)
        found.diagnostics.extend(unread(artifact, outcome.rules, outcome.dropped))


def unread(
    artifact: Artifact, rules: Sequence[CandidateRule], notes: Sequence[Diagnostic]
) -> list[Diagnostic]:
    """In `llm` mode the model's reading replaces the patterns': a sentence of the artifact
    that reads like a rule (`leftovers.leftover`) and that no rule of the model and no note
    covers gets its `rule-not-compiled` note, as it would from the patterns."""
    spans = [r.span for r in rules] + [n.span for n in notes if n.span is not None]
    taken = [(x.start_byte, x.end_byte) for x in spans if x.path == artifact.path]
    out: list[Diagnostic] = []
    for sentence in sentences(artifact):
        at = sentence.span()
        if any(a < at.end_byte and at.start_byte < b for a, b in taken):
            continue
        note = leftover(sentence)
        if note is not None:
            out.append(note)
    return out


def _in_llm_mode(diagnostic: Diagnostic) -> Diagnostic:
    """Only `llm` mode fails the build; only there is `auto` worth suggesting."""
    if diagnostic.code in ("lock-miss", "llm-unavailable"):
        return diagnostic  # their help says how to reach the model or the lock instead
    more = "or `--extractor auto` to read the artifact with the patterns instead"
    return diagnostic.model_copy(update={"help": f"{diagnostic.help}; {more}"})


def contribution(
    rules: Sequence[CandidateRule],
    asked: Sequence[str],
    pattern_rules: int,
    dropped: int,
    fallbacks: Sequence[str],
    model: str,
) -> list[Diagnostic]:
    """A warning when the model added nothing to an agent whose prose states rules (the
    patterns find some): its policy is then only as strong as the deterministic one, or
    weaker. Counts only what the lock also records, so offline builds say the same."""
    if not asked or pattern_rules == 0:
        return []
    if any("llm:" in rule.extractor for rule in rules):
        return []
    why = []
    if dropped:
        why.append(f"grounding dropped all {dropped} of its rules")
    if fallbacks:
        why.append(f"{len(fallbacks)} of {len(asked)} artifacts fell back")
    shown = "; ".join(why) or "it found no rule"
    return [
        Diagnostic(
            code=NO_RULES,
            message=f"`{model}` contributed no rule to this agent ({shown}), though the "
            f"patterns find {pattern_rules} in the same text",
            severity="warning",
            path=asked[0],
            help="run `specgap doctor` and try a larger model; `--extractor deterministic` "
            "or `ensemble` keeps the patterns' rules",
        )
    ]


def structural(artifact: Artifact) -> list[CandidateRule]:
    """Rules the artifact states as structure, read by no model in any mode."""
    if artifact.kind == "config":
        return list(config_rules(artifact))
    if artifact.kind == "tools":
        specs, _ = parse_tool_specs(artifact.data)
        return [rule for spec in specs for rule in schema_rules(artifact, spec)]
    if artifact.kind == "prompt" and artifact.data is None:  # a config block in the prompt
        from specgap.extract.fenced_config import fenced_config_rules

        return fenced_config_rules(artifact)[0]
    return []


def merge(
    deterministic: Iterable[CandidateRule], llm: Iterable[CandidateRule]
) -> list[CandidateRule]:
    """The union; a rule both extractors found is kept once, more confident and credited to
    both (`deterministic+llm:<model>`)."""
    merged = list(deterministic)
    for rule in llm:
        n = next((i for i, mine in enumerate(merged) if _agree(mine, rule)), None)
        if n is None:
            merged.append(rule)
            continue
        mine = merged[n]
        confidence = 1 - (1 - mine.confidence) * (1 - rule.confidence)
        merged[n] = mine.model_copy(
            update={
                "confidence": round(confidence, 3),
                "extractor": f"{mine.extractor}+{rule.extractor}",
            }
        )
    return merged


def _agree(a: CandidateRule, b: CandidateRule) -> bool:
    if "+" in a.extractor or a.extractor == b.extractor or a.operator != b.operator:
        return False
    if not (a.span.start_byte < b.span.end_byte and b.span.start_byte < a.span.end_byte):
        return False
    if _norm(a.target) != _norm(b.target):
        return False
    return bool(_norm(a.params) == _norm(b.params))


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return normalized(value)
    if isinstance(value, dict):
        return json.dumps({k: _norm(v) for k, v in value.items()}, sort_keys=True)
    if isinstance(value, list | tuple):
        return sorted({json.dumps(_norm(v), sort_keys=True) for v in value})
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def _uncovered(notes: Iterable[Diagnostic], rules: Sequence[CandidateRule]) -> list[Diagnostic]:
    """`rule-not-compiled` notes stay only for sentences the model found no rule in either."""
    kept = []
    for note in notes:
        span = note.span
        covered = span is not None and any(
            r.span.start_byte < span.end_byte and span.start_byte < r.span.end_byte for r in rules
        )
        if not (covered and note.code == "rule-not-compiled"):
            kept.append(note)
    return kept
