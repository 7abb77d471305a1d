"""`specgap doctor`: can this machine run LLM extraction, and does the model behave?

Three checks, each needing the one before: the Ollama server answers (`/api/tags`), the
configured model is there and can complete text (`/api/show`), and a smoke extraction of
one artifact (the project's first prompt, or a built-in sample outside a project) returns
an answer that validates against the schema and grounds. Nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from specgap.artifacts import Artifact, load_artifact
from specgap.config import Project
from specgap.extract.llm import Backend, LlmExtractor, LlmFailure, LlmSettings, resolve_settings
from specgap.extract.lock import Lock

Status = Literal["ok", "fail", "skip"]
SAMPLE = (
    "# Orders assistant\n\n"
    "- Always call `inventory.check` before `orders.create`.\n"
    "- Never return more than 20 items per page.\n"
)


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    detail: str
    help: str | None = None


@dataclass(frozen=True)
class Report:
    settings: LlmSettings
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(c.status == "ok" for c in self.checks)

    def render(self) -> str:
        s = self.settings
        lines = [
            f"model `{s.model}` at `{s.shown_host}` (timeout {s.timeout:g} s, num_ctx "
            f"{s.num_ctx}, seed {s.seed}, temperature 0)"
        ]
        for check in self.checks:
            lines.append(f"{check.status:<5} {check.name:<7} {check.detail}")
            if check.help:
                lines.append(f"  help: {check.help}")
        return "\n".join(lines) + "\n"


def run_doctor(project: Project | None, env: Mapping[str, str] | None = None) -> Report:
    settings = resolve_settings(project, env)
    backend = Backend(settings)
    checks: list[Check] = []
    try:
        models = backend.models()
    except LlmFailure as failure:
        checks.append(Check("server", "fail", failure.message, failure.help))
        return _finish(settings, checks)
    checks.append(
        Check("server", "ok", f"Ollama answers at `{settings.shown_host}` ({len(models)} models)")
    )
    model_check = _model(backend, settings, models)
    checks.append(model_check)
    if model_check.status != "ok":
        return _finish(settings, checks)
    artifact = _smoke_artifact(project)
    extractor = LlmExtractor(settings, Lock(), offline=False, backend=backend)
    try:
        outcome = extractor.extract(artifact)
    except LlmFailure as failure:
        checks.append(Check("smoke", "fail", f"`{artifact.path}`: {failure.message}", failure.help))
        return _finish(settings, checks)
    exact = sum(r.grounding == "exact" for r in outcome.rules)
    detail = (
        f"`{artifact.path}`: valid answer, {len(outcome.rules)} rules ({exact} exact, "
        f"{len(outcome.rules) - exact} partial), {len(outcome.dropped)} dropped by grounding"
    )
    if outcome.rules:
        checks.append(Check("smoke", "ok", detail))
    else:
        checks.append(
            Check("smoke", "fail", detail, "the model found no grounded rule; try a larger model")
        )
    return _finish(settings, checks)


def _finish(settings: LlmSettings, checks: list[Check]) -> Report:
    names = ("server", "model", "smoke")
    done = {c.name for c in checks}
    skipped = [Check(n, "skip", "needs the checks above") for n in names if n not in done]
    return Report(settings, (*checks, *skipped))


def _tagged(name: str) -> str:
    return name if ":" in name.rsplit("/", 1)[-1] else f"{name}:latest"


def _model(backend: Backend, settings: LlmSettings, models: list[str]) -> Check:
    if _tagged(settings.model) not in {_tagged(m) for m in models}:
        listed = ", ".join(f"`{m}`" for m in sorted(models)[:8]) or "none"
        return Check(
            "model",
            "fail",
            f"`{settings.model}` is not pulled (available: {listed})",
            f"run `ollama pull {settings.model}`, or set `SPECGAP_LLM_MODEL`",
        )
    try:
        shown = backend.show(settings.model)
    except LlmFailure as failure:
        return Check("model", "fail", failure.message, failure.help)
    capabilities = list(getattr(shown, "capabilities", None) or [])
    if capabilities and "completion" not in capabilities:
        return Check(
            "model",
            "fail",
            f"`{settings.model}` cannot complete text (capabilities: {', '.join(capabilities)})",
            "pick a chat model such as the default",
        )
    return Check("model", "ok", f"`{settings.model}` is present{_describe(shown, settings)}")


def _describe(shown: Any, settings: LlmSettings) -> str:
    details = getattr(shown, "details", None)
    parts = [
        str(v)
        for v in (
            getattr(details, "parameter_size", None),
            getattr(details, "quantization_level", None),
        )
        if v
    ]
    info = getattr(shown, "modelinfo", None) or {}
    context = next((v for k, v in info.items() if str(k).endswith(".context_length")), None)
    if isinstance(context, int):
        parts.append(f"context {context}")
        if settings.num_ctx > context:
            parts.append(f"num_ctx {settings.num_ctx} exceeds it")
    return f" ({', '.join(parts)})" if parts else ""


def _smoke_artifact(project: Project | None) -> Artifact:
    """The first prompt of the project's first agent that has one; else a small sample."""
    if project is not None:
        for agent in project.config.agents:
            for path in project.expand(agent.prompts):
                return load_artifact("prompt", path, project.rel(path))
    import hashlib

    digest = hashlib.sha256(SAMPLE.encode()).hexdigest()
    return Artifact("prompt", "<doctor-sample>.md", SAMPLE, digest)


def find_project(config: Path | None, cwd: Path | None = None) -> Project | None:
    """The project when there is one; doctor also runs outside any project."""
    from specgap.config import find_config, load_project

    if config is not None:
        return load_project(config)
    found = find_config((cwd or Path.cwd()).resolve())
    return load_project(found) if found else None
