"""What the server reads from the project's sources: the evaluation and the bundled traces.

The evaluation is `specgap eval --format json`, built offline (the server never asks a
model) and cached per policy in force, since it costs a build and a mutation run.
"""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import FastAPI

from specgap.artifacts import read_text
from specgap.config import Project
from specgap.serve.problems import one


def _project(project: Project | None) -> Project:
    if project is None:
        raise one(
            "no-project",
            "the server was started without a project",
            help="start `specgap serve` in a folder with a `specgap.toml`, or pass `--config`",
        )
    return project


def evaluate_json(project: Project, agent: str | None) -> str:
    from specgap.api import build, evaluate
    from specgap.pipeline import Options, prepare
    from specgap.report.jsonout import render

    options = prepare(project, Options(extractor=project.config.extractor, offline=True))
    bundle, states = build(project, options)
    return render(evaluate(project, bundle, states, agent, mutants=True))


async def evaluation(app: FastAPI, agent: str | None) -> str:
    project = _project(app.state.config.project)
    loaded = app.state.holder.current
    cache: dict[tuple[str, str | None], str] = app.state.evaluations
    key = (loaded.sha256, agent)
    text = cache.get(key)
    if text is None:
        text = await anyio.to_thread.run_sync(evaluate_json, project, agent)
        if len(cache) > 16:
            cache.clear()
        cache[key] = text
    return text


def bundled_traces(project: Project | None) -> list[dict[str, Any]]:
    """Every safe and unsafe trace the project config names, with its text."""
    found = _project(project)
    out: list[dict[str, Any]] = []
    for agent in found.config.agents:
        for kind, patterns in (("safe", agent.safe_traces), ("unsafe", agent.unsafe_traces)):
            for path in found.expand(patterns):
                if path.is_file():
                    shown = found.rel(path)
                    out.append(
                        {
                            "agent": agent.id,
                            "kind": kind,
                            "path": shown,
                            "text": read_text(path, shown),
                        }
                    )
    return out
