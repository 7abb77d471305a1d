"""`require_before` with any-of prerequisites (issue 11), table-driven over a made-up
car-rental domain: "call `a` or `b` before `t`" is read as a list, either listed call
satisfies the rule, a denied one does not, every mutant breaks it, and a single-tool rule
keeps its bytes and its policy id."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event
from specgap.ir import Diagnostic, Policy
from specgap.mutate import violated
from specgap.operators import OPERATORS
from specgap.operators.require_before import RequireBefore
from specgap.sense import sense_check
from tests.corpus_agents import Built, build_agent
from tests.policy_helpers import call, policy
from tests.test_grammar import TOOLS, _prose, _tool

MEMBER_TOOLS = [
    *TOOLS,
    _tool("find_member_by_phone", "Find a member id by phone number.", phone="string"),
    _tool("find_member_by_card", "Find a member id by loyalty card number.", card="string"),
]
BOTH = ("find_member_by_card", "find_member_by_phone")


def _agent(folder: Path, sentence: str) -> Built:
    folder.mkdir(parents=True, exist_ok=True)
    tools = folder / "tools.json"
    tools.write_text(json.dumps(MEMBER_TOOLS, indent=1))
    prompt = folder / "prompt.md"
    prompt.write_text(sentence + "\n")
    return build_agent(folder, [prompt], [tools])


def _orderings(built: Built) -> list[tuple[str, Any]]:
    return [
        (p.target, p.condition.before)  # type: ignore[union-attr]
        for p in _prose(built)
        if p.operator == "require_before"
    ]


# --- extraction ---------------------------------------------------------------------------------

READINGS: list[tuple[str, list[tuple[str, Any]]]] = [
    (
        "Always call `find_member_by_phone` or `find_member_by_card` before `issue_refund`.",
        [("issue_refund", BOTH)],
    ),
    (
        "Call `find_member_by_card`, or else `find_member_by_phone`, prior to `cancel_booking`.",
        [("cancel_booking", BOTH)],
    ),
    (
        "Before `pay_booking`, you must call `find_member_by_phone` or `find_member_by_card`.",
        [("pay_booking", BOTH)],
    ),
    # one prerequisite: the plain id, as before
    ("Always call `get_booking` before `cancel_booking`.", [("cancel_booking", "get_booking")]),
    # both alternatives name the same tool: one tool, the plain id
    (
        "Always call `get_booking` or `get_booking` before `cancel_booking`.",
        [("cancel_booking", "get_booking")],
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), READINGS)
def test_any_of_orderings_are_read_as_lists(
    sentence: str, expected: list[tuple[str, Any]], tmp_path: Path
) -> None:
    assert _orderings(_agent(tmp_path, sentence)) == expected


def test_a_single_tool_rule_keeps_its_id_and_bytes(tmp_path: Path) -> None:
    """The same ordering written plainly, with a repeated alternative, and with two mentions
    of one tool compiles to the same policy: same id, same condition bytes, a string
    `before`."""
    plain = _prose(_agent(tmp_path / "a", "Always call `get_booking` before `cancel_booking`."))
    assert len(plain) == 1
    for i, sentence in enumerate(
        [
            "Call `get_booking` or `get_booking` before `cancel_booking`.",
            "Call `get_booking` or get booking before `cancel_booking`.",
        ]
    ):
        same = _prose(_agent(tmp_path / str(i), sentence))
        assert [p.id for p in same] == [p.id for p in plain], sentence
        assert same[0].condition == plain[0].condition, sentence
    dumped = plain[0].condition.model_dump_json()
    assert dumped == '{"operator":"require_before","before":"get_booking"}'
    assert RequireBefore(before=["get_booking"]).model_dump_json() == dumped


# --- the model ----------------------------------------------------------------------------------

NORMAL: list[tuple[Any, Any]] = [
    ("a", "a"),
    (["a"], "a"),
    (["b", "a"], ("a", "b")),
    (["b", "a", "b"], ("a", "b")),
    (("c", "a", "b"), ("a", "b", "c")),
]


@pytest.mark.parametrize(("given", "kept"), NORMAL)
def test_before_is_sorted_deduplicated_and_one_tool_is_a_string(given: Any, kept: Any) -> None:
    assert RequireBefore(before=given).before == kept


def test_an_empty_list_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one tool"):
        RequireBefore(before=[])


# --- the check ----------------------------------------------------------------------------------

ANY_OF = policy("require_before", "issue_refund", before=list(BOTH))
# a policy that denies the phone lookup outright, so a call of it never runs
NO_PHONE = policy("deny_action", "find_member_by_phone")

CHECKS: list[tuple[str, list[Policy], list[Event], bool]] = [
    ("the card lookup first", [ANY_OF], [call("find_member_by_card"), call("issue_refund")], False),
    (
        "the phone lookup first",
        [ANY_OF],
        [call("find_member_by_phone"), call("issue_refund")],
        False,
    ),
    ("both first", [ANY_OF], [call(BOTH[0]), call(BOTH[1]), call("issue_refund")], False),
    ("neither first", [ANY_OF], [call("get_booking"), call("issue_refund")], True),
    ("a lookup only after", [ANY_OF], [call("issue_refund"), call("find_member_by_card")], True),
    (
        "the only lookup was denied",
        [ANY_OF, NO_PHONE],
        [call("find_member_by_phone"), call("issue_refund")],
        True,
    ),
    (
        "a denied lookup, then an allowed one",
        [ANY_OF, NO_PHONE],
        [call("find_member_by_phone"), call("find_member_by_card"), call("issue_refund")],
        False,
    ),
]


@pytest.mark.parametrize(("case", "policies", "events", "broken"), CHECKS)
def test_any_listed_prerequisite_satisfies_the_rule(
    case: str, policies: list[Policy], events: list[Event], broken: bool
) -> None:
    assert (ANY_OF.id in violated(Engine(policies), events)) is broken, case


FIRST = policy("require_before", "*", before="find_member_by_card")


@pytest.mark.parametrize(
    ("events", "broken"),
    [
        ([call("find_member_by_card")], False),  # the prerequisite itself: not its own
        ([call("find_member_by_card"), call("issue_refund")], False),
        ([call("get_booking"), call("find_member_by_card")], True),
        ([call("issue_refund")], True),
    ],
)
def test_a_step_first_before_every_other_call(events: list[Event], broken: bool) -> None:
    # "look the member up first": `*` after the lookup, the lookup itself allowed
    assert (FIRST.id in violated(Engine([FIRST]), events)) is broken


def test_the_rule_and_its_reason_name_every_alternative() -> None:
    assert ANY_OF.message == (
        "call `find_member_by_card` or `find_member_by_phone` before `issue_refund`"
    )
    decisions = list(Engine([ANY_OF]).run([call("issue_refund")]))
    assert "`find_member_by_card` or `find_member_by_phone` was not called first" in str(
        decisions[-1]
    )


# --- the mutators -------------------------------------------------------------------------------

SAFE: list[list[Event]] = [
    [call("find_member_by_card"), call("issue_refund")],
    [call("find_member_by_phone"), call("get_booking"), call("issue_refund")],
    [call("find_member_by_phone"), call("find_member_by_card"), call("issue_refund")],
]


@pytest.mark.parametrize("events", SAFE)
def test_every_mutant_breaks_the_any_of_rule(events: list[Event]) -> None:
    engine = Engine([ANY_OF])
    assert ANY_OF.id not in violated(engine, events)
    mutants = [
        m
        for mutate in OPERATORS["require_before"].mutators
        for m in mutate(ANY_OF.condition, "issue_refund", events)
    ]
    names = {m.mutator for m in mutants}
    assert names == {"require_before/drop-predecessor", "require_before/reorder"}
    for mutant in mutants:
        assert ANY_OF.id in violated(engine, mutant.events), mutant.description


# --- sense checks -------------------------------------------------------------------------------

SENSE: list[tuple[str, str, Any, str | None]] = [
    ("itself alone", "issue_refund", "issue_refund", "which is itself"),
    ("itself among others", "issue_refund", ["issue_refund", "get_booking"], "itself among"),
    # a glob target stands for the other tools: its prerequisite's own calls pass (below)
    ("a glob over one of them", "find_*", list(BOTH), None),
    ("others only", "issue_refund", list(BOTH), None),
]


@pytest.mark.parametrize(("case", "target", "before", "said"), SENSE)
def test_a_target_among_its_own_prerequisites_is_not_enforced(
    case: str, target: str, before: Any, said: str | None
) -> None:
    notes: list[Diagnostic] = []
    kept = sense_check([policy("require_before", target, before=before)], notes)
    assert (kept[0].enforcement == "review_only") is (said is not None), case
    assert [said in n.message for n in notes] == ([True] if said else []), case
