"""Instruction-like text where only descriptions and settings belong.

Tool descriptions and runtime config are written by whoever ships the tool server, and an
agent's model reads them as if they were trusted. Text in them that addresses a model
("ignore previous rules", "you must now ...") is a prompt-injection vector, whatever the
extractor. Each finding is a `suspicious-instruction` warning at the exact span; rules any
extractor mined from that span are dropped (`suspicious-rule`), since a policy must not
enforce what an attacker wrote. Agent prompts are the author's own instructions and are not
scanned.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from specgap.artifacts import Artifact
from specgap.ir import CandidateRule, Diagnostic

# Between words: spaces, or the escapes a JSON string uses for them. A passage starts at a
# word boundary or right after such an escape (`\nIgnore` has no `\b` before `Ignore`).
_GAP = r"(?:\s|\\[nrt])+"
_START = r"(?:(?<=\\[nrt])|(?<!\w))"


def _words(*parts: str) -> str:
    return _GAP.join(parts)


_SIGNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(rx, re.I | re.M))
    for name, rx in (
        (
            "asks the model to drop its instructions",
            _START
            + _words(
                r"(?:ignore|disregard|forget|override|bypass)",
                r"(?:(?:all|any|the|your|my)" + _GAP + r")?"
                r"(?:(?:previous|prior|above|earlier|preceding|original|system|former|other)"
                + _GAP
                + r")?(?:instructions?|rules|prompts?|directions|guidelines|constraints|"
                r"polic(?:y|ies)|messages?)\b",
            ),
        ),
        (
            "gives the model new orders",
            _START
            + r"(?:"
            + _words("you", r"(?:must|should|will|shall|are)", r"now\b")
            + "|"
            + _words("from", "now", r"on\b")
            + "|"
            + _words(r"(?:new|updated|real|actual)", r"(?:instructions?|rules|task)")
            + r"\s*:)",
        ),
        (
            "talks to the model about its prompt",
            _START
            + r"(?:"
            + _words(r"(?:reveal|print|repeat|show)", r"(?:your|the)", r"system", r"prompt")
            + "|"
            + _words(r"(?:do\s+not|don't|never)", r"(?:tell|inform|mention\s+to)", r"the", r"user")
            + "|"
            + _words(r"before", "you", r"(?:can\s+)?(?:solve|complete|do|finish)", r"the", r"task")
            + r")\b",
        ),
        (
            "imitates chat markup",
            r"<\|im_(?:start|end)\|>|\[/?INST\]|</?(?:system|instructions?)>|^\s*###\s*(?:system|"
            r"instruction)s?\s*:",
        ),
    )
)


@dataclass(frozen=True)
class Finding:
    artifact: Artifact
    start: int  # character range in the artifact
    end: int
    why: str
    where: str  # JSON pointer of the value it sits in, or ""

    def overlaps(self, rule: CandidateRule) -> bool:
        span = self.artifact.span(self.start, self.end)
        return (
            rule.span.path == span.path
            and rule.span.start_byte < span.end_byte
            and span.start_byte < rule.span.end_byte
        )

    def diagnostic(self) -> Diagnostic:
        shown = " ".join(self.artifact.text[self.start : self.end].split()).replace("`", "'")
        place = f" at `{self.where}`" if self.where else ""
        kind = "tool description" if self.artifact.kind == "tools" else "config"
        return Diagnostic(
            code="suspicious-instruction",
            message=f"instruction-like text in the {kind}{place} {self.why}: `{shown}`",
            severity="warning",
            span=self.artifact.span(self.start, self.end),
            help="text aimed at a model has no place here; remove it, and state real rules "
            "in the agent's prompt",
        )


def scan(artifacts: Iterable[Artifact]) -> Iterator[Finding]:
    """Every instruction-like passage in the tools and config artifacts, in file order."""
    for artifact in artifacts:
        if artifact.kind == "prompt":
            continue
        seen: list[tuple[int, int]] = []
        for why, pattern in _SIGNS:
            for match in pattern.finditer(artifact.text):
                start, end = match.span()
                if any(a < end and start < b for a, b in seen):
                    continue  # one finding per passage, named by its first sign
                seen.append((start, end))
                yield Finding(artifact, start, end, why, _pointer_at(artifact, start, end))


def _pointer_at(artifact: Artifact, start: int, end: int) -> str:
    """The innermost value of the artifact the passage sits in."""
    best = ""
    width = None
    for pointer, (a, b) in artifact.ranges.items():
        if pointer.endswith("#key") or not (a <= start and end <= b):
            continue
        if width is None or b - a < width:
            best, width = pointer, b - a
    return best


def quarantine(
    rules: Iterable[CandidateRule], findings: list[Finding]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """Drop every rule mined from a suspicious passage; say so at the rule's span."""
    kept: list[CandidateRule] = []
    dropped: list[Diagnostic] = []
    for rule in rules:
        if not any(f.overlaps(rule) for f in findings):
            kept.append(rule)
            continue
        target = f" on `{rule.target}`" if rule.target else ""
        dropped.append(
            Diagnostic(
                code="suspicious-rule",
                message=f"`{rule.operator}` rule{target} ({rule.extractor}) was mined from "
                "instruction-like text and dropped",
                severity="warning",
                span=rule.span,
                help="if the rule is real, state it in the agent's prompt",
            )
        )
    return kept, dropped
