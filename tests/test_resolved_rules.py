"""Resolve returns each rule with its own resolutions; compile only reads them; the bundle
and `specgap explain` carry every one (issue 12, item 3). A made-up greenhouse domain: the
bare verb `open` names a roof vent in one sentence and an irrigation valve in another."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.cache import Cache
from specgap.compile import compile_policies
from specgap.config import load_project
from specgap.ir import Bundle, CandidateRule, ResolvedRule, Span
from specgap.jsontext import TextCache
from specgap.pipeline import Options, build
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve import Resolver, bundle_resolutions, resolution_of, resolve_rule, resolve_rules
from specgap.resolve import resolver as resolver_module
from specgap.watch import cached_build
from tests.cli_helpers import specgap

VENT, VALVE, HUMIDITY = "vents.open_vent", "valves.open_valve", "sensors.read_humidity"
ABOUT_VENT = "Open the roof vent when the afternoon gets hot."
ABOUT_VALVE = "Open the irrigation valve at dawn."


def _registry() -> Registry:
    registry, _ = build_registry(
        [
            Tool(
                id=VENT,
                names=("open_vent",),
                keywords=("vent", "air"),
                description="Open a roof vent to let warm air out.",
            ),
            Tool(
                id=VALVE,
                names=("open_valve",),
                keywords=("valve", "water"),
                description="Open a water valve on an irrigation line.",
            ),
            Tool(
                id=HUMIDITY,
                names=("read_humidity",),
                keywords=("humidity", "sensor"),
                description="Read the humidity sensor of one bay.",
            ),
        ]
    )
    return registry


REGISTRY = _registry()


def _rule(
    text: str, target: str | None, operator: str, line: int = 1, **params: Any
) -> CandidateRule:
    span = Span(
        path="greenhouse.md",
        start_line=line,
        start_col=3,
        end_line=line,
        end_col=3 + len(text),
        start_byte=100 * line,
        end_byte=100 * line + len(text),
    )
    return CandidateRule(
        text=text,
        span=span,
        quote=text,
        target=target,
        mentions=(target,) if target else (),
        grounding="partial",
        check_category="workflow_ordering_validation",
        operator=operator,
        params=params,
        confidence=0.9,
        extractor="deterministic",
    )


def _vent_and_valve() -> tuple[ResolvedRule, ...]:
    rules = [
        _rule(ABOUT_VENT, "open", "require_before", 1, before="read humidity"),
        _rule(ABOUT_VALVE, "open", "require_before", 2, before="read humidity"),
    ]
    return resolve_rules(Resolver(REGISTRY), rules)


def test_each_rule_resolves_a_shared_mention_in_its_own_context() -> None:
    vent, valve = _vent_and_valve()
    assert (vent.target.tool_id, valve.target.tool_id) == (VENT, VALVE)
    assert vent.target.status == valve.target.status == "resolved"
    assert [r.tool_id for r in vent.params["before"]] == [HUMIDITY]
    compiled = compile_policies("greenhouse", (vent, valve), REGISTRY)
    assert sorted(p.target for p in compiled.policies) == sorted([VENT, VALVE])
    assert {p.condition.before for p in compiled.policies} == {HUMIDITY}  # type: ignore[union-attr]


def test_compile_reads_the_resolutions_and_never_resolves(monkeypatch: pytest.MonkeyPatch) -> None:
    resolved = _vent_and_valve()

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("compile resolved a mention itself")

    monkeypatch.setattr(resolver_module.Resolver, "__init__", refuse)
    monkeypatch.setattr(resolver_module.Resolver, "resolve", refuse)
    sources = _rule(ABOUT_VENT, VENT, "arg_grounded", 3, from_user=False, from_tools=["moon"])
    grounded = ResolvedRule(
        rule=sources,
        target=resolved[0].target.model_copy(update={"mention": VENT}),
        params={"from_tools": (resolved[0].params["before"][0].model_copy(),)},
    )
    compiled = compile_policies("greenhouse", (*resolved, grounded), REGISTRY)
    assert sorted(p.target for p in compiled.policies) == sorted([VENT, VALVE, VENT])
    (made,) = [p for p in compiled.policies if p.operator == "arg_grounded"]
    # bound from the resolution it was given; resolving `moon` again would widen to `*`
    assert list(made.condition.from_tools) == [HUMIDITY]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("rules", "keys"),
    [
        (  # every rule resolves `read humidity` alike: listed once, under its text
            [
                _rule(ABOUT_VENT, "read humidity", "deny_action", 1),
                _rule(ABOUT_VALVE, "read humidity", "deny_action", 2),
            ],
            ["read humidity"],
        ),
        (  # `open` differs by sentence: once per rule, under its place
            [
                _rule(ABOUT_VENT, "open", "deny_action", 1),
                _rule(ABOUT_VALVE, "open", "deny_action", 2),
            ],
            ["open@greenhouse.md:1:3", "open@greenhouse.md:2:3"],
        ),
        (  # a target the rule does not name: under its place, as before
            [_rule("Page the grower when humidity runs high.", None, "deny_action", 4)],
            ["@greenhouse.md:4:3"],
        ),
        (  # a parameter's mention is keyed like a target's
            [
                _rule(ABOUT_VENT, VENT, "require_before", 1, before="read humidity"),
                _rule(ABOUT_VALVE, "read humidity", "deny_action", 2),
            ],
            ["read humidity", VENT],
        ),
    ],
    ids=["alike", "differ", "implicit", "parameter"],
)
def test_the_bundle_lists_every_resolution_under_a_key_explain_can_find(
    rules: list[CandidateRule], keys: list[str]
) -> None:
    resolved = resolve_rules(Resolver(REGISTRY), rules)
    listed = bundle_resolutions(resolved)
    assert [r.mention for r in listed] == sorted(keys)
    for each in resolved:  # each rule finds its own resolution again, by its mention
        (own,) = resolution_of(listed, each.rule.target, each.rule.span)
        assert own.model_dump(exclude={"mention"}) == each.target.model_dump(exclude={"mention"})


def test_list_valued_parameters_are_resolved_item_by_item() -> None:
    resolver = Resolver(REGISTRY)
    any_of = resolve_rule(
        resolver,
        _rule(ABOUT_VENT, VENT, "require_before", before=["read humidity", "the sensor"]),
    )
    assert [r.mention for r in any_of.params["before"]] == ["read humidity", "the sensor"]
    covers = ["open vent", "open valve"]
    confirm = resolve_rule(
        resolver, _rule(ABOUT_VALVE, VALVE, "require_confirmation", covers=covers)
    )
    assert [r.tool_id for r in confirm.params["covers"]] == [VENT, VALVE]
    compiled = compile_policies("greenhouse", (any_of, confirm), REGISTRY)
    by_operator = {p.operator: p.condition for p in compiled.policies}
    assert by_operator["require_before"].before == HUMIDITY  # type: ignore[union-attr]
    assert list(by_operator["require_confirmation"].covers) == [VALVE, VENT]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("from_tools", "statuses", "bound"),
    [
        (["read humidity"], ["resolved"], [HUMIDITY]),
        (["moon"], ["unresolved"], ["*"]),  # names no tool: any tool's output, not nothing
        (["open"], ["ambiguous"], ["*"]),
        (["*"], ["resolved"], ["*"]),
        (["read humidity", "*"], ["resolved", "resolved"], ["*"]),
    ],
)
def test_source_lists_are_resolved_by_the_stage_and_widen_when_unsure(
    from_tools: list[str], statuses: list[str], bound: list[str]
) -> None:
    text = "Identifiers must come from the readings."  # no word favouring vent or valve
    rule = _rule(text, VENT, "arg_grounded", from_user=False, from_tools=from_tools)
    resolved = resolve_rule(Resolver(REGISTRY), rule)
    assert [r.status for r in resolved.params["from_tools"]] == statuses
    assert {r.mention for r in bundle_resolutions([resolved])} >= set(from_tools)
    (policy,) = compile_policies("greenhouse", [resolved], REGISTRY).policies
    assert list(policy.condition.from_tools) == bound  # type: ignore[union-attr]


def test_a_resolved_rule_says_nothing_of_where_it_is() -> None:
    """What the per-rule caches key on: the same rule elsewhere resolves to equal content."""
    resolver = Resolver(REGISTRY)
    here, there = (
        resolve_rule(resolver, _rule("Page the grower when humidity runs high.", None, op, line))
        for op, line in (("deny_action", 4), ("deny_action", 9))
    )
    assert here.rule.span != there.rule.span
    without = {"rule": {"span"}}
    assert here.model_dump_json(exclude=without) == there.model_dump_json(exclude=without)


SOURCED = "- Never make up values; use only values provided by the secret scanner results.\n"


def test_explain_shows_every_resolution_of_the_policy(project_dir: Path) -> None:
    prompt = project_dir / "fixtures" / "cloud" / "prompt.md"
    prompt.write_text(prompt.read_text() + "\n## Added\n\n" + SOURCED)
    assert specgap("build", cwd=project_dir).code == 0
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    (cloud,) = [a for a in bundle["agents"] if a["id"] == "cloud"]
    (grounded,) = [p for p in cloud["policies"] if p["operator"] == "arg_grounded"]
    assert grounded["condition"]["from_tools"] == ["scan_for_secrets"]
    listed = {r["mention"]: r for r in cloud["resolutions"]}
    assert listed["secret scanner results"]["candidates"][0]["tool_id"] == "scan_for_secrets"
    run = specgap("explain", grounded["id"], cwd=project_dir)
    assert run.code == 0, run.stderr
    mentions = run.stdout.split("\nmentions\n", 1)[1]
    assert "`secret scanner results` -> resolved\n    1. scan_for_secrets" in mentions
    assert "`*` -> resolved" in mentions  # the target: every tool


def test_explain_shows_the_rules_own_resolution_of_a_shared_mention(project_dir: Path) -> None:
    """`put_object` is resolved in several sentences of the reference tools file, with
    different runner-ups; each policy shows the one its own sentence gave."""
    assert specgap("build", cwd=project_dir).code == 0
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    (cloud,) = [a for a in bundle["agents"] if a["id"] == "cloud"]
    keyed = [r for r in cloud["resolutions"] if r["mention"].startswith("put_object@")]
    assert len({json.dumps(r["candidates"]) for r in keyed}) > 1
    shown = 0
    for policy in cloud["policies"]:
        if "put_object" not in policy["source"]["mentions"]:
            continue
        span = policy["source"]["span"]
        key = f"put_object@{span['path']}:{span['start_line']}:{span['start_col']}"
        (own,) = [r for r in keyed if r["mention"] == key]
        run = specgap("explain", policy["id"], cwd=project_dir)
        assert run.code == 0, run.stderr
        runner_up = own["candidates"][1]
        assert f"{runner_up['tool_id']}  {runner_up['score']:.3f}" in run.stdout
        shown += 1
    assert shown > 0


PROMPT = "fixtures/cloud/prompt.md"
SAME_SENTENCE = "- Always call `authz.check_permission` before `put`.\n"


def _under(project_dir: Path, heading: str, line: str) -> None:
    prompt = project_dir / "fixtures" / "cloud" / "prompt.md"
    text = prompt.read_text("utf-8")
    assert f"## {heading}\n\n" in text
    prompt.write_text(text.replace(f"## {heading}\n\n", f"## {heading}\n\n{line}"), "utf-8")


def _put_rules(bundle: Bundle) -> dict[str, str]:
    (cloud,) = [a for a in bundle.agents if a.id == "cloud"]
    found = [p for p in cloud.policies if "put" in p.source.mentions]
    return {p.target: p.source.span.location() for p in found}


def test_one_sentence_under_two_headings_compiles_against_two_tools(project_dir: Path) -> None:
    """Each heading's words pick the tool: the first rule's context no longer decides for
    both (which compiled the upload rule against the table write and merged it away)."""
    _under(project_dir, "Writing records", SAME_SENTENCE)
    _under(project_dir, "Uploading files", SAME_SENTENCE)
    bundle, _ = build(load_project(project_dir / "specgap.toml"), Options())
    assert _put_rules(bundle) == {
        "aws.dynamodb.PutItem": "fixtures/cloud/prompt.md:8:3",
        "aws.s3.PutObject": "fixtures/cloud/prompt.md:13:3",
    }
    (cloud,) = [a for a in bundle.agents if a.id == "cloud"]
    keys = [r.mention for r in cloud.resolutions if r.mention.split("@")[0] == "put"]
    assert keys == ["put@fixtures/cloud/prompt.md:13:3", "put@fixtures/cloud/prompt.md:8:3"]


def test_watch_equals_build_as_a_mention_comes_to_differ_and_to_agree(project_dir: Path) -> None:
    edits = [
        ("Writing records", SAME_SENTENCE, '"put"'),  # one rule: listed as `put`
        ("Uploading files", SAME_SENTENCE, f'"put@{PROMPT}:13:3"'),  # two, resolved apart
        ("Writing records", "Tables hold customer records.\n", f'"put@{PROMPT}:9:3"'),  # moved
        ("Uploading files", "", f'"put@{PROMPT}:14:3"'),  # nothing changes
    ]
    cache, texts = Cache(), TextCache()
    for heading, line, key in edits:
        _under(project_dir, heading, line)
        project = load_project(project_dir / "specgap.toml")
        watched = cached_build(project, Options(), cache, texts)
        assert watched.text == build(project, Options())[0].to_json()
        assert f'"mention": {key}' in watched.text
    prompt = project_dir / "fixtures" / "cloud" / "prompt.md"
    text = prompt.read_text("utf-8")
    prompt.write_text(text.replace(SAME_SENTENCE, "", 1), "utf-8")  # agree again: one `put`
    project = load_project(project_dir / "specgap.toml")
    watched = cached_build(project, Options(), cache, texts)
    assert watched.text == build(project, Options())[0].to_json()
    assert '"mention": "put"' in watched.text
