"""`Guard.check` latency: microseconds per event.

- reference: the two reference agents' compiled policies (policy/policy.json), replaying
  every fixture trace (recorded events, `executed=True`, as `specgap check` does) many
  times; median, p90, p99 over all events and over tool calls alone;
- runtime: the same calls handed over as OpenAI Chat tool-call dicts, checked before they
  run (`executed` left unset), so the figure includes turning the dict into an event
  (a call repeating its argument text is made and decided from what was read of it,
  `specgap/guard_wire.py`); "text unseen" gives each call argument text never seen before
  (the same object, spaced differently), read and decided the whole way;
- 1,000 policies: a generated agent with 100 tools and 10 policies per tool across the
  operators (allowlists, denylists, bounds, ordering, timeouts, review, schemas, flows),
  fed seeded random calls;
- new queries: `execute_sql` calls with a query never seen before: simple SELECTs (read
  from their text, `sqltext.text_facets`), joins with an aggregate (read from their text,
  `sqljoin.join_facets`), a query no text grammar takes (a CTE: the SQL parser's own
  cost), and queries never seen that differ from an earlier one only in the values they
  compare (an agent's template: read from the shape memo, `specgap/operators/sqlshape.py`);
- trace length: the first and the last 1,000 events of one 100,000-event trace, to show
  that per-event work does not grow with history.

Timings use `time.perf_counter_ns` around each call; the figures are printed, not asserted.
`python -m benchmarks guard --count` prints a proxy that does not move with the machine's
load instead: bytecodes and Python calls per check over the same loops (`guard_count.py`).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.figures import header, show
from specgap.evaluate.adapters import load_trace
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard, load_policy
from specgap.ir import AgentBundle, Extraction, Policy, Selector, Source, Span, ToolSummary
from specgap.operators.arg_within_bound import ArgWithinBound
from specgap.operators.deny_action import DenyAction
from specgap.operators.flow_denied import FlowDenied
from specgap.operators.require_before import RequireBefore
from specgap.operators.resource_in_allowlist import ResourceInAllowlist
from specgap.operators.review_required import ReviewRequired
from specgap.operators.schema_contract import SchemaContract
from specgap.operators.timeout_leq import TimeoutLeq

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "policy" / "policy.json"
REPEAT = 400
SEED = 7


def _percentiles(samples: Sequence[int]) -> str:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100)
    return (
        f"median {statistics.median(ordered) / 1000:6.2f} µs  "
        f"p90 {cut[89] / 1000:6.2f}  p99 {cut[98] / 1000:7.2f}  (n={len(ordered):,})"
    )


def _median_us(samples: Sequence[int]) -> float:
    return statistics.median(samples) / 1000


def _timed(guard: Guard, event: Any, trace: str, executed: bool | None = True) -> int:
    """Nanoseconds one `Guard.check` takes."""
    start = time.perf_counter_ns()
    guard.check(event, trace=trace, executed=executed)
    return time.perf_counter_ns() - start


def reference() -> None:
    bundle = load_policy(POLICY)
    for agent in ("sql", "cloud"):
        guard = Guard(bundle, agent)
        traces = [
            load_trace(p, p.name, guard.registry).events
            for p in sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
        ]
        every: list[int] = []
        calls: list[int] = []
        wire: list[int] = []
        for n in range(REPEAT):
            for t, events in enumerate(traces):
                key = f"{n}/{t}"
                for event in events:
                    took = _timed(guard, event, key)
                    every.append(took)
                    if isinstance(event, ToolCall):
                        calls.append(took)
                guard.end(key)
        fresh: list[int] = []
        for t, events in enumerate(traces):
            dicts = [_openai(e) for e in events if isinstance(e, ToolCall)]
            for n in range(REPEAT):
                key = f"w{n}/{t}"
                for call in dicts:
                    wire.append(_timed(guard, call, key, executed=None))
                guard.end(key)
            for n in range(REPEAT // 4):  # the same calls, their argument text never seen
                key = f"f{n}/{t}"
                for call in dicts:
                    unseen = _unseen(call, len(fresh))
                    fresh.append(_timed(guard, unseen, key, executed=None))
                guard.end(key)
        print(f"   reference {agent:<5} all events  {_percentiles(every)}")
        print(f"   reference {agent:<5} tool calls  {_percentiles(calls)}")
        print(f"   runtime   {agent:<5} OpenAI dict {_percentiles(wire)}")
        print(f"   runtime   {agent:<5} text unseen {_percentiles(fresh)}")
        calls_label = "guard sql tool calls (repeated SQL)" if agent == "sql" else None
        show(f"guard {agent} all events", _median_us(every))
        show(calls_label or f"guard {agent} tool calls", _median_us(calls))
        show(f"guard {agent} OpenAI dict", _median_us(wire))


NEW_QUERIES = 2_000


def new_queries() -> None:
    """`execute_sql` calls whose query was never seen before (no cache can answer): the
    cost of reading a query with the real parser, through the Guard."""
    guard = Guard(load_policy(POLICY), "sql")
    rng = random.Random(SEED)
    tables = ("customers", "orders", "products")

    def simple(n: int) -> str:
        return (
            f"SELECT id, name, total_{n} FROM {rng.choice(tables)} "
            f"WHERE id > {rng.randrange(10**6)} AND status = 'open{n}' "
            f"ORDER BY id LIMIT {rng.randrange(1, 150)}"
        )

    # a join with an aggregate, grouped: read from its text (`sqljoin`)
    def join(n: int) -> str:
        return (
            f"SELECT c.name, COUNT(o.id) AS n_{n} FROM customers c JOIN orders o "
            f"ON o.customer_id = c.id WHERE o.total > {rng.randrange(10**6)} "
            f"GROUP BY c.name ORDER BY n_{n} DESC LIMIT {rng.randrange(1, 150)}"
        )

    # a shape no text grammar takes (a CTE): tokenized, parsed and walked
    def parsed(n: int) -> str:
        return (
            f"WITH recent AS (SELECT id, total_{n} FROM orders WHERE total > "
            f"{rng.randrange(10**6)}) SELECT id FROM recent ORDER BY id "
            f"LIMIT {rng.randrange(1, 150)}"
        )

    # one template: only the compared values change
    def values(n: int) -> str:
        return (
            f"SELECT id, name FROM orders WHERE id > {rng.randrange(10**6)} "
            f"AND status = 'open{n}' ORDER BY id LIMIT 50"
        )

    runs = (
        ("q", simple, True, "new query  ", "guard sql new query"),
        ("j", join, None, "new join   ", "guard sql new query, join"),
        ("p", parsed, None, "new parsed ", "guard sql new query, parsed"),
        ("k", values, None, "new values ", "guard sql new values, known shape"),
    )
    for prefix, make, executed, label, figure in runs:
        samples = []
        for n in range(NEW_QUERIES):
            query = make(n)
            lookup = ToolCall(name="schema_lookup", args={"table": "orders"})
            guard.check(lookup, trace=f"{prefix}{n}", executed=executed)
            event = ToolCall(name="execute_sql", args={"query": query})
            samples.append(_timed(guard, event, f"{prefix}{n}"))
            guard.end(f"{prefix}{n}")
        print(f"   runtime   sql   {label} {_percentiles(samples)}")
        show(figure, _median_us(samples))


def _unseen(call: dict[str, Any], n: int) -> dict[str, Any]:
    """`call` with arguments written in a way not seen before (the same JSON object):
    read and decided without the repeated-call memo of `specgap.guard_wire`."""
    function = call["function"]
    text = function["arguments"].replace("{", "{" + " " * (n + 1), 1)  # n: a unique number
    return {**call, "function": {**function, "arguments": text}}


def _openai(call: ToolCall) -> dict[str, Any]:
    function = {"name": call.name, "arguments": json.dumps(call.args)}
    return {"id": "call_1", "type": "function", "function": function}


def _policy(n: int, target: str, condition: Any, action: str, enforcement: str) -> Policy:
    span = Span(
        path="gen.md", start_line=n, start_col=1, end_line=n, end_col=2, start_byte=0, end_byte=1
    )
    source = Source(
        artifact="gen.md", span=span, quote="", grounding="exact", mentions=(), extractor="bench"
    )
    return Policy(
        id=f"gen.{condition.operator}.{n:04d}",
        title="generated",
        check_category="authorization_check",
        operator=condition.operator,
        target=target,
        condition=condition,
        action=action,
        message=f"generated rule {n}",
        enforcement=enforcement,
        confidence=1.0,
        source=source,
    )


TOOLS = [f"svc{n // 10}.tool{n:03d}" for n in range(100)]


def generated_agent() -> AgentBundle:
    """1,000 policies: 10 per tool, one of each kind (and a schema on every tool)."""
    rng = random.Random(SEED)
    policies: list[Policy] = []
    for t, tool in enumerate(TOOLS):
        region, mode = Selector(arg="region"), Selector(arg="mode")
        schema = {"properties": {"limit": {"type": "integer"}}, "required": ["region"]}
        makers: list[tuple[Any, str, str]] = [
            (ResourceInAllowlist(selector=region, allowed=("eu", "us", "ap")), "deny", "enforce"),
            (DenyAction(selector=mode, values=("force", "purge")), "deny", "enforce"),
            (ArgWithinBound(selector=Selector(arg="limit"), max=100 + t), "deny", "enforce"),
            (ArgWithinBound(selector=Selector(arg="offset"), min=0), "deny", "enforce"),
            (RequireBefore(before=TOOLS[(t + 1) % len(TOOLS)]), "steer", "enforce"),
            (TimeoutLeq(selector=Selector(arg="timeout"), max_seconds=30), "deny", "enforce"),
            (ReviewRequired(), "warn", "eval_required"),
            (FlowDenied(label="secret", sources=(TOOLS[(t + 7) % len(TOOLS)],)), "deny", "enforce"),
            (SchemaContract.model_validate({"schema": schema}), "deny", "enforce"),
            (DenyAction(selector=region, values=(f"x{rng.randrange(9)}",)), "deny", "enforce"),
        ]
        for condition, action, enforcement in makers:
            policies.append(_policy(len(policies), tool, condition, action, enforcement))
    return AgentBundle(
        id="generated",
        artifacts=(),
        tools=tuple(ToolSummary(id=t, names=(t.split(".")[1],), effects=()) for t in TOOLS),
        policies=tuple(policies),
        candidates=(),
        resolutions=(),
        extraction=Extraction(mode="bench"),
    )


def random_events(count: int, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    for n in range(count):
        if n % 5 == 0:
            events.append(Message(role="user", content=f"request {n}"))
            continue
        tool = rng.choice(TOOLS)
        args = {
            "region": rng.choice(["eu", "us", "ap", "mars"]),
            "mode": rng.choice(["read", "write", "purge"]),
            "limit": rng.randrange(0, 200),
            "offset": rng.randrange(-1, 50),
            "timeout": rng.randrange(1, 60),
            "note": f"item {rng.randrange(10_000)}",
        }
        result = {"rows": [f"value-{rng.randrange(1000)}"]}
        events.append(ToolCall(name=tool.split(".")[1], tool=tool, args=args, result=result))
    return events


def thousand_policies() -> None:
    agent = generated_agent()
    guard = Guard(agent)
    events = random_events(20_000, random.Random(SEED))
    for event in events[:1000]:  # warm the per-tool policy index
        guard.check(event, trace="warm", executed=True)
    samples = [_timed(guard, e, "t") for e in events]
    calls = [s for s, e in zip(samples, events, strict=True) if isinstance(e, ToolCall)]
    denied = sum(guard.check(e, trace="d", executed=True).blocked for e in events[:2000])
    print(f"   {len(agent.policies):,} policies  all events  {_percentiles(samples)}")
    print(f"   {len(agent.policies):,} policies  tool calls  {_percentiles(calls)}")
    show("guard 1,000 policies all events", _median_us(samples))
    print(f"   ({denied} of the first 2,000 events denied: the policies do fire)")


def trace_length() -> None:
    guard = Guard(generated_agent())
    events = random_events(100_000, random.Random(SEED + 1))
    samples = [_timed(guard, e, "long") for e in events]
    first = statistics.median(samples[:1000]) / 1000
    last = statistics.median(samples[-1000:]) / 1000
    print(f"   one 100,000-event trace: median {first:.2f} µs (first 1,000 events),")
    print(f"                            median {last:.2f} µs (last 1,000 events)")


def run(options: Sequence[str] = ()) -> None:
    """The timed figures; with `--count`, the deterministic proxy instead (bytecodes and
    Python calls per check, `benchmarks/guard_count.py`)."""
    if "--count" in options:
        from benchmarks.guard_count import main as count

        count([])
        return
    header()
    reference()
    new_queries()
    thousand_policies()
    trace_length()


if __name__ == "__main__":
    run()
