"""Legitimate work blocked: the corpus tasks' ground-truth action sequences against the
policies compiled from their domain's prose.

    python -m benchmarks benign [--why] [--corpus=DIR]

A rule compiled stronger than its sentence (a conditional rule read as a flat ban, a bound
on the wrong argument, an ordering the policy does not state) blocks work the policy allows.
The corpus domains that ship tasks give a measure of it: each task's ground-truth actions (the
calls a correct agent makes) become a trace as in `tests.corpus_agents.safe_trace` — the
user's brief first, one call per turn, a proposal answered "yes" before each call of a tool
the compiled policy wants confirmed — and the domain's compiled policies decide it. A task
counts as blocked when any `enforce` policy denies one of its calls. The schemas' own
contracts (`schema_contract`) are left out: they state no prose, and the corpus conversions
of the schemas often disagree with the tasks' arguments.

The traces carry no tool outputs (the corpus records none), so a rule over a lookup's result
is `undetermined` here, never a block; and the user's brief is all the user says, so a value
the real user would have spoken later may look made up. A blocked task is therefore a lead,
not a proof: `--why` lists, per tuned domain, the blocking policies and the sentences they
were compiled from (held-out domains print figures only, never their sentences).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.extract_score import build_domain
from benchmarks.gold import CORPUS, GOLD_DIR, load_gold
from specgap.evaluate.engine import Engine
from tests.corpus_agents import safe_trace

Action = tuple[str, dict[str, Any]]


@dataclass(frozen=True)
class Task:
    id: str
    said: str
    actions: tuple[Action, ...]


def _tau(data: Any) -> Iterator[Task]:
    """tau-bench (`retail_test`: instruction, actions with kwargs) and tau2 (a list:
    user_scenario, evaluation_criteria.actions with arguments; the user's own actions,
    `requestor: user`, are not the agent's calls)."""
    if isinstance(data, dict):
        for n, task in enumerate(data.get("retail_test", ())):
            acts = tuple((a["name"], a.get("kwargs") or {}) for a in task["actions"])
            yield Task(str(n), task["instruction"], acts)
        return
    for task in data:
        criteria = task.get("evaluation_criteria") or {}
        acts = tuple(
            (a["name"], a.get("arguments") or {})
            for a in criteria.get("actions") or ()
            if a.get("requestor", "assistant") != "user"
        )
        said = _text((task.get("user_scenario") or {}).get("instructions"))
        yield Task(str(task.get("id")), said, acts)


def _apollo(data: Any) -> Iterator[Task]:
    """apollo: instruction and actions; a task with an action left as a Python expression
    by the corpus conversion is skipped whole."""
    for n, task in enumerate(data):
        if any("name" not in a for a in task["actions"]):
            continue
        acts = tuple((a["name"], a.get("kwargs") or {}) for a in task["actions"])
        yield Task(str(task.get("user_id", n)), task["instruction"], acts)


def _agentarch(data: Any) -> Iterator[Task]:
    """AgentArch: the tool order (a list of parallel groups) with each tool's arguments."""
    for task in data:
        truth = task["ground_truth"]
        args = truth.get("tool_args") or {}
        order = [name for group in truth.get("tool_order") or () for name in group]
        acts = tuple((name, args.get(name) or {}) for name in order)
        yield Task(str(task["id"]), task["user_utterance"], acts)


def _text(value: Any) -> str:
    """Every string in a nested brief, in order."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(_text(v) for v in value.values() if v)
    if isinstance(value, list):
        return "\n".join(_text(v) for v in value if v)
    return ""


TASKS: dict[str, tuple[str, Callable[[Any], Iterator[Task]]]] = {
    "tau-retail": ("tasks.json", _tau),
    "tau2-retail-variant": ("tasks.json", _tau),
    "tau2-telecom": ("tasks_small.json", _tau),
    "tau2-banking-knowledge": ("tasks.json", _tau),
    "tau2-mock": ("tasks.json", _tau),
    "apollo-it-help-desk": ("tasks_test.json", _apollo),
    "apollo-rbac": ("tasks_test.json", _apollo),
    "apollo-smart-home": ("tasks_test.json", _apollo),
    "agentarch-customer-request-routing": ("tasks.DERIVED.json", _agentarch),
    "agentarch-hr-time-off": ("tasks.DERIVED.json", _agentarch),
}


_NOT_PROSE = frozenset({"schema_contract"})


@dataclass
class Blocked:
    tasks: int = 0
    blocked: int = 0
    enforced: int = 0
    by_operator: Counter[str] = field(default_factory=Counter)
    why: Counter[str] = field(default_factory=Counter)


def measure(corpus: Path) -> tuple[dict[str, tuple[str, Blocked]], list[str]]:
    """Per domain with tasks: its split and what was blocked; notes on what was skipped."""
    found: dict[str, tuple[str, Blocked]] = {}
    notes: list[str] = []
    for path in sorted(GOLD_DIR.glob("*.yaml")):
        gold = load_gold(path)
        if gold.domain not in TASKS:
            continue
        name, reader = TASKS[gold.domain]
        folder = corpus / gold.domain
        if not (folder / name).is_file():
            notes.append(f"{gold.domain}: no {name}, skipped")
            continue
        tasks = list(reader(json.loads((folder / name).read_text("utf-8"))))
        with tempfile.TemporaryDirectory(prefix="specgap-benign-") as tmp:
            built = build_domain(gold, folder, Path(tmp))
            found[gold.domain] = (gold.split, _blocked(built.policies, built.canonical, tasks))
    return found, notes


def _blocked(
    policies: Sequence[Any], canonical: Callable[[str], str], tasks: list[Task]
) -> Blocked:
    confirm = {p.target for p in policies if p.operator == "require_confirmation"}
    # the schemas' own contracts are left out: the converted corpus schemas often disagree
    # with the tasks' arguments, and a call one of them denies would no longer satisfy a
    # later ordering (a cascade that says nothing of the prose)
    policies = [p for p in policies if p.operator not in _NOT_PROSE]
    engine = Engine(policies)
    by_id = {p.id: p for p in policies}
    result = Blocked(enforced=sum(p.enforcement == "enforce" for p in policies))
    for task in tasks:
        if not task.actions:
            continue
        result.tasks += 1
        events = safe_trace(task.said, task.actions, confirm, canonical)
        blockers = {h.policy for d in engine.run(events) if d.blocked for h in d.hits}
        blockers = {b for b in blockers if b in by_id and by_id[b].enforcement == "enforce"}
        if not blockers:
            continue
        result.blocked += 1
        for policy_id in sorted(blockers):
            policy = by_id[policy_id]
            result.by_operator[policy.operator] += 1
            span = policy.source.span
            where = f"{Path(span.path).name}:{span.start_line}"
            result.why[f"{where} {policy.operator} {policy.target}: {policy.title}"] += 1
    return result


def run(options: Sequence[str] = ()) -> None:
    corpus = CORPUS
    for option in options:
        if option.startswith("--corpus="):
            corpus = Path(option.split("=", 1)[1])
    print("   ground-truth tasks blocked by enforced prose rules (lower is better)")
    found, notes = measure(corpus)
    print(f"   {'domain':36} {'split':8} {'tasks':>5} {'blocked':>7} {'enf':>4}  by operator")
    totals: dict[str, list[int]] = {}
    for domain, (split, b) in sorted(found.items(), key=lambda kv: (kv[1][0] != "tuned", kv[0])):
        ops = ", ".join(f"{k} {v}" for k, v in sorted(b.by_operator.items()))
        print(f"   {domain:36} {split:8} {b.tasks:5} {b.blocked:7} {b.enforced:4}  {ops}")
        total = totals.setdefault(split, [0, 0])
        total[0] += b.tasks
        total[1] += b.blocked
    for split, (tasks, blocked) in totals.items():
        share = f"{100 * blocked / tasks:.1f} %" if tasks else "-"
        print(f"   TOTAL {split:30} {'':8} {tasks:5} {blocked:7}       ({share})")
    for note in notes:
        print(f"   {note}")
    if "--why" in options:
        for domain, (split, b) in sorted(found.items()):
            if split != "tuned":
                continue
            for line, count in sorted(b.why.items()):
                print(f"   {domain}: {count} task(s) blocked by {line}")


if __name__ == "__main__":
    run(sys.argv[1:])
