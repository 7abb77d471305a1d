"""Building a `specgap serve` app in-process over a private copy of the reference policy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from specgap.config import load_project
from specgap.serve.app import ServeConfig, create_app
from specgap.sqlwarehouse import seed
from tests.conftest import ROOT

JSON = {"content-type": "application/json"}


def make_app(tmp_path: Path, *, project: bool = True, **options: Any) -> FastAPI:
    """An app serving a copy of policy/policy.json (the copy may be rewritten by the test),
    with a freshly seeded warehouse in `tmp_path`."""
    policy = tmp_path / "policy.json"
    if not policy.exists():
        shutil.copy(ROOT / "policy" / "policy.json", policy)
    db = tmp_path / "warehouse.sqlite"
    if not db.exists():
        seed(db)
    options.setdefault("reload", False)
    config = ServeConfig(
        policy=policy,
        policy_display="policy.json",
        project=load_project(ROOT / "specgap.toml") if project else None,
        db=db,
        log=lambda _: None,
        **options,
    )
    return create_app(config)


def variant_policy(path: Path, *, revision: str, drop: str) -> None:
    """Write to `path` the reference policy without the `sql` policies whose id starts with
    `drop`, under another revision: a second, different policy to reload."""
    data = json.loads((ROOT / "policy" / "policy.json").read_text())
    data["revision"] = revision
    for agent in data["agents"]:
        if agent["id"] == "sql":
            agent["policies"] = [p for p in agent["policies"] if not p["id"].startswith(drop)]
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"type": "tool_call", "name": name, "args": args}


SCHEMA = call("schema_lookup", table="products")


def trace_text(rel: str) -> str:
    return (ROOT / rel).read_text()
