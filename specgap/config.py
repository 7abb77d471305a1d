"""The project config: `specgap.toml`, or `[tool.specgap]` in `pyproject.toml`."""

from __future__ import annotations

import glob
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from specgap import observe
from specgap.artifacts import read_text
from specgap.confine import is_inside, outside_error
from specgap.errors import SpecgapError, error
from specgap.formats import toml_error, too_complex
from specgap.ir import Diagnostic
from specgap.positions import TextIndex

ExtractorMode = Literal["deterministic", "llm", "auto", "ensemble"]
CONFIG_NAMES = ("specgap.toml", "pyproject.toml")


class AgentConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    prompts: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    config: tuple[str, ...] = ()
    registry: tuple[str, ...] = ()
    controls: tuple[str, ...] = ()  # controls files (Agent Control JSON), read as config
    safe_traces: tuple[str, ...] = ()
    unsafe_traces: tuple[str, ...] = ()


class LlmConfig(BaseModel):
    """`[llm]`: LLM extraction settings; environment variables override them (README)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str | None = Field(default=None, min_length=1, description="Ollama model tag")
    host: str | None = Field(default=None, min_length=1, description="Ollama URL")
    timeout: float | None = Field(default=None, gt=0, description="seconds per request")
    num_ctx: int | None = Field(default=None, ge=1024, description="context tokens")
    seed: int | None = None
    lock: str | None = Field(default=None, min_length=1, description="lock file path")


class ProjectConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    out: str = "policy/policy.json"
    extractor: ExtractorMode = "deterministic"
    llm: LlmConfig = LlmConfig()
    undetermined: Literal["undetermined", "allow", "warn", "deny"] = Field(
        default="undetermined",
        description="verdict when a rule's evidence is missing from a trace (see README)",
    )
    agents: tuple[AgentConfig, ...] = ()


@dataclass(frozen=True)
class Project:
    """A loaded config: `root` is the config file's folder, paths in it are relative to it."""

    path: Path
    root: Path
    config: ProjectConfig
    allow_outside: bool = False  # `specgap --allow-outside`: never set from the config file

    def rel(self, path: Path) -> str:
        """Repo-relative POSIX path for display and for spans."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path.resolve().as_posix()

    def expand(
        self, patterns: tuple[str, ...], unmatched: list[Diagnostic] | None = None
    ) -> list[Path]:
        """Expand globs in order; a literal path is kept even when missing (loaders report it).
        A glob that matches nothing is appended to `unmatched`, when given, as an error."""
        paths: list[Path] = []
        for pattern in patterns:
            if glob.has_magic(pattern):
                matches = sorted(glob.glob(str(self.root / pattern), recursive=True))
                observe.listed(str(self.root / pattern), matches)  # for the build cache
                found = [Path(m) for m in matches]
                if not matches and unmatched is not None:
                    unmatched.append(self._unmatched(pattern))
            else:
                found = [self.root / pattern]
            for path in found:
                problem = self._confined(path, pattern)
                if problem is None:
                    paths.append(path)
                elif unmatched is not None:
                    unmatched.extend(problem.diagnostics)
                else:
                    raise problem
        return paths

    def _confined(self, path: Path, pattern: str) -> SpecgapError | None:
        """Why `path` may not be read (outside the root, a symlink loop), or None."""
        try:
            if self.allow_outside or is_inside(self.root, path):
                return None
        except SpecgapError as exc:
            return SpecgapError([self._at_pattern(d, pattern) for d in exc.diagnostics])
        problem = outside_error(self.rel(path), self.root)
        return SpecgapError([self._at_pattern(d, pattern) for d in problem.diagnostics])

    def _at_pattern(self, diagnostic: Diagnostic, pattern: str) -> Diagnostic:
        """The diagnostic, located at `pattern` in the config file."""
        located = self._unmatched(pattern)
        return diagnostic.model_copy(update={"span": located.span, "path": located.path})

    def _unmatched(self, pattern: str) -> Diagnostic:
        shown = self.rel(self.path)
        try:
            text = self.path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        at = text.find(pattern)
        span = TextIndex(shown, text).span(at, at + len(pattern)) if at >= 0 else None
        return Diagnostic(
            code="empty-glob",
            message=f"`{pattern}` matches no file",
            span=span,
            path=shown,
            help="check the pattern; paths are relative to the config file",
        )

    @property
    def out(self) -> Path:
        """The policy file; outside the project root only with `--allow-outside`."""
        out = self.root / self.config.out
        problem = self._confined(out, self.config.out)
        if problem is not None:
            raise problem
        return out

    def agent(self, agent_id: str) -> AgentConfig:
        for agent in self.config.agents:
            if agent.id == agent_id:
                return agent
        known = ", ".join(f"`{a.id}`" for a in self.config.agents) or "none"
        raise error(
            "unknown-agent",
            f"no agent `{agent_id}` in `{self.rel(self.path)}`",
            path=self.rel(self.path),
            help=f"agents defined: {known}",
        )


def find_config(start: Path) -> Path | None:
    for folder in (start, *start.parents):
        for name in CONFIG_NAMES:
            candidate = folder / name
            if candidate.is_file() and (name == "specgap.toml" or _has_tool_table(candidate)):
                return candidate
    return None


def _has_tool_table(path: Path) -> bool:
    try:
        return "specgap" in tomllib.loads(read_text(path, path.name)).get("tool", {})
    except (SpecgapError, tomllib.TOMLDecodeError):
        return False


def load_project(config: Path | None = None, *, cwd: Path | None = None) -> Project:
    path = config or find_config((cwd or Path.cwd()).resolve())
    if path is None:
        raise error(
            "missing-config",
            "no `specgap.toml` (or `[tool.specgap]` in `pyproject.toml`) here or above",
            help="create `specgap.toml` or pass `--config FILE`",
        )
    display = path.as_posix()
    text = read_text(path, display)
    try:
        raw: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(exc, text, display) from None
    except (RecursionError, ValueError) as exc:
        raise too_complex(exc, display) from None
    if path.name == "pyproject.toml":
        raw = raw.get("tool", {}).get("specgap", {})
    try:
        parsed = ProjectConfig.model_validate(raw)
    except ValidationError as exc:
        raise SpecgapError(_config_diagnostics(exc, text, display)) from None
    ids = [a.id for a in parsed.agents]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise error(
            "duplicate-agent",
            f"agent `{duplicates[0]}` is defined twice",
            path=display,
            help="give every `[[agents]]` table its own `id`",
        )
    return Project(path=path, root=path.parent, config=parsed)


def _config_diagnostics(exc: ValidationError, text: str, display: str) -> list[Diagnostic]:
    index = TextIndex(display, text)
    diagnostics = []
    for err in exc.errors():
        loc = [str(p) for p in err["loc"]]
        key = next((p for p in reversed(loc) if not p.isdigit()), "")
        at = text.find(f"{key} =") if key else -1
        span = index.span(at, at + len(key)) if at >= 0 else index.span(0, 0)
        diagnostics.append(
            Diagnostic(
                code="invalid-config",
                message=f"`{'.'.join(loc)}`: {err['msg'].lower()}",
                span=span,
                help="see the project config format in the README",
            )
        )
    return diagnostics
