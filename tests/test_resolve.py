"""The resolver: score bands, ambiguity, suggestions, context, hooks (table-driven)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.ir import Candidate, CandidateRule, Span
from specgap.registry import Registry, Tool, build_registry
from specgap.resolve import (
    KEEP,
    MARGIN,
    RESOLVED_AT,
    Resolver,
    bundle_resolutions,
    did_you_mean,
    resolve_rules,
    status_of,
    stem,
)


def _registry() -> Registry:
    tools = [
        Tool(
            id="aws.dynamodb.PutItem",
            names=("put_item",),
            aliases=("DynamoDB write",),
            keywords=("dynamodb", "table", "record"),
            description="Write one item to a DynamoDB table.",
            schema={"type": "object", "properties": {"TableName": {}, "Item": {}}},
        ),
        Tool(
            id="aws.s3.PutObject",
            names=("put_object",),
            aliases=("S3 upload",),
            keywords=("bucket", "upload"),
            description="Upload an object to an S3 bucket.",
            schema={"type": "object", "properties": {"Bucket": {}, "Key": {}, "ACL": {}}},
        ),
        Tool(id="github.search_repositories", names=("search_repositories",), namespace="github"),
        Tool(id="github.create_repository", names=("create_repository",), namespace="github"),
        Tool(id="bio.search", names=("search",), namespace="bio"),
        Tool(id="news.search", names=("search",), namespace="news"),
        Tool(
            id="weather.get_weather_by_city",
            names=("get_weather_by_city",),
            description="Get the weather forecast for a city.",
        ),
        Tool(id="init", names=("_initialize",), hook=True),
    ]
    registry, _ = build_registry(tools)
    return registry


REGISTRY = _registry()


@pytest.mark.parametrize(
    "forms",
    [
        ("create", "creates", "creating", "created"),
        ("get", "gets", "getting"),
        ("entity", "entities"),
        ("status", "statuses"),
        ("address", "addresses"),
        ("use", "uses", "used", "using"),
        ("id", "ids"),
        ("need", "needs", "needed"),
        ("copy", "copies", "copied", "copying"),
    ],
)
def test_inflections_share_a_stem(forms: tuple[str, ...]) -> None:
    assert len({stem(f) for f in forms}) == 1, {f: stem(f) for f in forms}


# mention, status, top tool, top score (or None: any), via
CASES = [
    ("aws.dynamodb.PutItem", "resolved", "aws.dynamodb.PutItem", 1.0, "exact_id"),
    ("put_item", "resolved", "aws.dynamodb.PutItem", 1.0, "name"),
    ("PUT-ITEM", "resolved", "aws.dynamodb.PutItem", 0.97, "alias"),
    ("dynamodb write", "resolved", "aws.dynamodb.PutItem", 0.97, "alias"),
    ("PutItem", "resolved", "aws.dynamodb.PutItem", 0.97, "alias"),
    ("put items", "resolved", "aws.dynamodb.PutItem", 0.91, "alias"),
    ("searching repositories", "resolved", "github.search_repositories", 0.91, "alias"),
    ("repositories search", "resolved", "github.search_repositories", 0.86, "alias"),
    ("weather by city", "resolved", "weather.get_weather_by_city", None, "fuzzy"),
    ("serch_repositories", "resolved", "github.search_repositories", None, "fuzzy"),
    ("search", "ambiguous", None, 1.0, "name"),
    ("github repository", "ambiguous", None, None, "fuzzy"),
    ("put", "ambiguous", None, None, "fuzzy"),
    ("weather forecast for a city", "resolved", "weather.get_weather_by_city", None, None),
    ("launch_rocket", "unresolved", None, None, None),
    ("_initialize", "unresolved", None, None, None),
]


@pytest.mark.parametrize(("mention", "status", "tool", "score", "via"), CASES)
def test_mentions_resolve_by_the_strongest_evidence(
    mention: str, status: str, tool: str | None, score: float | None, via: str | None
) -> None:
    res = Resolver(REGISTRY).resolve(mention)
    assert res.status == status, res
    if tool is not None:
        assert res.tool_id == tool
    if score is not None:
        assert res.candidates[0].score == score
    if via is not None:
        assert res.candidates[0].via == via


def test_the_runner_up_stays_visible_with_a_lower_score() -> None:
    res = Resolver(REGISTRY).resolve("PutItem")
    ids = [c.tool_id for c in res.candidates]
    assert ids[0] == "aws.dynamodb.PutItem"
    assert "aws.s3.PutObject" in ids
    other = next(c for c in res.candidates if c.tool_id == "aws.s3.PutObject")
    assert other.score < res.candidates[0].score - MARGIN


def test_a_shared_name_is_a_tie_between_every_owner() -> None:
    res = Resolver(REGISTRY).resolve("search")
    assert {c.tool_id for c in res.candidates[:2]} == {"bio.search", "news.search"}
    assert res.candidates[0].score == res.candidates[1].score


def test_the_namespace_settles_a_shared_name() -> None:
    assert Resolver(REGISTRY).resolve("news/search").tool_id == "news.search"


def test_words_around_the_mention_break_a_tie() -> None:
    resolver = Resolver(REGISTRY)
    assert resolver.resolve("put").status == "ambiguous"
    res = resolver.resolve("put", "upload the report to the bucket")
    assert (res.status, res.tool_id) == ("resolved", "aws.s3.PutObject")


def test_unresolved_mentions_come_with_suggestions() -> None:
    res = Resolver(REGISTRY).resolve("search_repositorys_in_org")
    assert res.status == "unresolved"
    assert res.candidates
    assert did_you_mean(res) == f"did you mean `{res.candidates[0].tool_id}`" + (
        f" or `{res.candidates[1].tool_id}`?" if len(res.candidates) > 1 else "?"
    )


def test_a_lifecycle_hook_is_never_a_candidate() -> None:
    res = Resolver(REGISTRY).resolve("_initialize")
    assert res.candidates == ()
    assert REGISTRY.hook("_INITIALIZE") is not None
    assert "init" not in REGISTRY.by_id


def test_explain_says_what_matched() -> None:
    res, why = Resolver(REGISTRY).explain("PutItem")
    assert why[res.candidates[0].tool_id] == "`put_item` up to case and separators"
    assert set(why) == {c.tool_id for c in res.candidates}


def test_resolutions_are_memoised() -> None:
    resolver = Resolver(REGISTRY)
    assert resolver.resolve("PutItem") is resolver.resolve("PutItem")


def test_an_implicit_mention_resolves_from_the_rule_words() -> None:
    res = Resolver(REGISTRY).resolve(None, "only write records to the approved table")
    assert res.tool_id == "aws.dynamodb.PutItem"
    assert res.candidates[0].via in {"context_keyword", "schema_keyword"}


def test_resolve_rules_resolves_targets_and_tool_parameters() -> None:
    span = Span(
        path="p.md", start_line=3, start_col=1, end_line=3, end_col=9, start_byte=0, end_byte=8
    )

    def rule(target: str | None, **params: object) -> CandidateRule:
        return CandidateRule(
            text="Call `a` before `b`.",
            span=span,
            quote="x",
            target=target,
            mentions=(),
            grounding="exact",
            check_category="workflow_ordering_validation",
            operator="require_before" if params else "deny_action",
            params=dict(params),
            confidence=0.9,
            extractor="deterministic",
        )

    ordered, implicit = resolve_rules(
        Resolver(REGISTRY), [rule("put_item", before="S3 upload"), rule(None)]
    )
    assert ordered.target.tool_id == "aws.dynamodb.PutItem"
    assert [r.tool_id for r in ordered.params["before"]] == ["aws.s3.PutObject"]
    assert (implicit.target.mention, implicit.params) == ("", {})
    listed = bundle_resolutions([ordered, implicit])
    assert [r.mention for r in listed] == ["@p.md:3:1", "S3 upload", "put_item"]


def _cands(*scores: float) -> tuple[Candidate, ...]:
    return tuple(Candidate(tool_id=f"t{n}", score=s, via="fuzzy") for n, s in enumerate(scores))


@pytest.mark.parametrize(
    ("scores", "status"),
    [
        ((), "unresolved"),
        ((0.49,), "unresolved"),
        ((0.5,), "resolved"),
        ((0.9, 0.86), "ambiguous"),
        ((0.9, 0.85), "resolved"),
        ((0.97, 0.97), "ambiguous"),
        ((0.49, 0.1), "unresolved"),
    ],
)
def test_status_thresholds(scores: tuple[float, ...], status: str) -> None:
    assert status_of(_cands(*scores)) == status


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("abcdeimnoprstuwy_ .-PISR"), min_size=1, max_size=24),
    st.text(alphabet=st.sampled_from("abcdekorstuw "), max_size=30),
)
def test_any_mention_gets_a_consistent_ranking(mention: str, context: str) -> None:
    res = Resolver(REGISTRY).resolve(mention, context)
    scores = [c.score for c in res.candidates]
    assert scores == sorted(scores, reverse=True)
    assert len(scores) <= KEEP
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert res.status == status_of(res.candidates)
    if res.status == "resolved":
        assert scores[0] >= RESOLVED_AT
        assert len(scores) == 1 or scores[0] - scores[1] >= MARGIN - 1e-9


@pytest.mark.parametrize("tool", list(REGISTRY.tools))
def test_every_id_resolves_to_itself(tool: Tool) -> None:
    res = Resolver(REGISTRY).resolve(tool.id)
    assert (res.status, res.tool_id, res.candidates[0].via) == ("resolved", tool.id, "exact_id")
