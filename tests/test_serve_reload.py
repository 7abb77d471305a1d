"""`specgap serve` reloads its policy atomically; a broken bundle keeps the last good one."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from specgap.config import load_project
from specgap.pipeline import Options
from specgap.serve.app import ServeConfig, create_app
from tests.conftest import ROOT
from tests.serve_support import JSON, SCHEMA, call, make_app, variant_policy

PAYMENTS = call("execute_sql", query="SELECT card_number FROM payments LIMIT 5")
ORIGINAL = json.loads((ROOT / "policy" / "policy.json").read_text())["revision"]


def ask(client: TestClient, event: dict[str, Any] = PAYMENTS) -> dict[str, Any]:
    body = {"agent": "sql", "prior_events": [SCHEMA], "event": event}
    answer = client.post("/api/validate/event", content=json.dumps(body), headers=JSON)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_a_changed_bundle_replaces_the_policy_and_a_broken_one_is_kept_out(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    client = TestClient(app)
    holder = app.state.holder
    assert ask(client)["blocked"] is True
    variant_policy(tmp_path / "policy.json", revision="variant", drop="sql.resource_in_allowlist")
    assert holder.refresh() is True
    after = ask(client)
    assert (after["policy"]["revision"], after["blocked"]) == ("variant", False)
    (tmp_path / "policy.json").write_text('{"schema_version": "1", "agents": [')
    assert holder.refresh() is False
    version = client.get("/api/policy/version").json()
    assert version["status"] == "stale"
    assert version["revision"] == "variant"
    failed = version["failed"]["diagnostics"][0]
    assert failed["code"] == "malformed-json"
    assert failed["location"].startswith("policy.json:1:")
    assert ask(client)["policy"]["revision"] == "variant"  # the last good policy still rules
    shutil.copy(ROOT / "policy" / "policy.json", tmp_path / "policy.json")
    assert holder.refresh() is True
    version = client.get("/api/policy/version").json()
    assert (version["status"], version["revision"], version["reloads"]) == ("ok", ORIGINAL, 2)
    assert ask(client)["blocked"] is True


def test_a_session_replays_its_history_into_the_new_policy(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = TestClient(app)
    body = {"agent": "sql", "session": "t", "event": SCHEMA}
    client.post("/api/validate/event", content=json.dumps(body), headers=JSON)
    variant_policy(tmp_path / "policy.json", revision="variant", drop="sql.resource_in_allowlist")
    app.state.holder.refresh()
    body = {"agent": "sql", "session": "t", "event": PAYMENTS}
    data = client.post("/api/validate/event", content=json.dumps(body), headers=JSON).json()
    # allowed: the new policy has no table allowlist, and the replayed schema lookup counts
    assert (data["policy"]["revision"], data["blocked"]) == ("variant", False)


def test_reloads_during_requests_never_mix_two_policies(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    client = TestClient(app)
    holder = app.state.holder
    original = (ROOT / "policy" / "policy.json").read_text()
    variant = tmp_path / "variant.json"
    variant_policy(variant, revision="variant", drop="sql.resource_in_allowlist")
    variant_text = variant.read_text()
    seen: list[tuple[str, bool]] = []
    failures: list[str] = []
    stop = threading.Event()

    def hammer() -> None:
        while not stop.is_set() and len(seen) < 400:
            try:
                data = ask(client)
            except AssertionError as exc:
                failures.append(str(exc))
                return
            seen.append((data["policy"]["revision"], data["blocked"]))

    workers = [threading.Thread(target=hammer) for _ in range(3)]
    for worker in workers:
        worker.start()
    for n in range(12):
        text = variant_text if n % 2 == 0 else original
        policy = tmp_path / "policy.json"
        policy.write_text(text)
        holder.refresh()
        time.sleep(0.02)
    stop.set()
    for worker in workers:
        worker.join()
    assert failures == []
    assert {rev for rev, _ in seen} == {ORIGINAL, "variant"}
    # each answer is the decision of the policy it names, never of the other one
    assert all(blocked is (rev == ORIGINAL) for rev, blocked in seen)


def test_the_server_follows_the_file_by_itself(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, reload=True)) as client:
        variant_policy(tmp_path / "policy.json", revision="variant", drop="sql.deny_action")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if client.get("/api/policy/version").json()["revision"] == "variant":
                break
            time.sleep(0.05)
        assert client.get("/api/policy/version").json()["revision"] == "variant"


def test_watch_rebuilds_from_sources(project_dir: Path) -> None:
    project = load_project(project_dir / "specgap.toml")
    config = ServeConfig(
        policy=project.out,
        policy_display="policy/policy.json",
        project=project,
        db=project_dir / "w.sqlite",
        watch=True,
        options_for=lambda _: Options(offline=True),
        log=lambda _: None,
    )
    unchecked = call("execute_sql", query="SELECT id FROM products LIMIT 5")
    with TestClient(create_app(config)) as client:
        body = {"agent": "sql", "event": unchecked}
        before = client.post("/api/validate/event", content=json.dumps(body), headers=JSON)
        assert before.json()["blocked"] is True  # no schema lookup first
        prompt = project_dir / "fixtures" / "sql" / "prompt.md"
        text = prompt.read_text()
        line = next(x for x in text.splitlines() if "before `sql.execute`" in x)
        prompt.write_text(text.replace(line + "\n", ""))
        deadline = time.monotonic() + 15
        blocked = True
        while blocked and time.monotonic() < deadline:
            time.sleep(0.1)
            answer = client.post("/api/validate/event", content=json.dumps(body), headers=JSON)
            blocked = answer.json()["blocked"]
        assert blocked is False
        assert client.get("/api/policy/version").json()["reloads"] >= 1
