"""Values named by their argument's own name (issue 11, class 4): "pass the `berth_code`
from `list_berths`", "never populate `hull_registration` with a value the member did not
give", "`email`: ..." and the rest of `specgap.extract.named_params`. An argument name
(`snake_case`, a datum's head last, no verb first) is read as the value in words and bound to
that argument; a tool's name (`get_boat`, `refund_fee`) stays a tool; names in parentheses
stay as written. A made-up harbour office; sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.named_params import spelled_out
from tests.test_grammar_origin_forms import HARBOUR, USER, _build, _rows

E = "enforce"
READ: list[tuple[str, str, set[Any]]] = [
    (
        "passed from a tool, in a scope",
        "Pass the `berth_code` from `list_berths` when assigning a berth.",
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "'the X argument must be one of the ids returned by T'",
        "The `fee_id` argument must be one of the ids returned by `list_fees`.",
        {("refund_fee", "fee_id", False, ("list_fees",), E)},
    ),
    (
        "never populated with a value the person did not give",
        "Never populate `hull_registration` with a value the member did not give.",
        {("register_boat", "hull_registration", True, USER, E)},
    ),
    (
        "a label, then only a value the person typed",
        "`payment_card`: use only a card the member typed.",
        {("refund_fee", "payment_card", True, USER, E)},
    ),
    (
        "values of an argument not to be invented",
        "Do not invent `fee_id` values.",
        {("refund_fee", "fee_id", True, ("*",), E)},
    ),
    (
        "set only to one a tool listed",
        "Set `berth_code` only to a code listed by `list_berths`.",
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "a tool requires a value obtained from another",
        "`assign_berth` requires a `boat_id` obtained from `get_boat`.",
        {("assign_berth", "boat_id", False, ("get_boat",), E)},
    ),
    (
        "call a tool first and use the returned value",
        "Always call `find_member` first and use the returned `member_id`.",
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "returned by a tool, and never asked for",
        "`member_id` values are returned by `find_member`; never ask the member for them.",
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "filled with exactly what the person says",
        "Fill `owner_names` with exactly what the member says.",
        {("register_boat", "owner_names", True, USER, E)},
    ),
]

LABELLED: list[tuple[str, str, set[Any]]] = [
    (
        "a list item: the value, then only its source",
        "- Fee id: from the member only.",
        {("refund_fee", "fee_id", True, USER, E)},
    ),
    (
        "a list item: the value, then the rule without its subject",
        "- Berth code: must be one listed by list_berths.",
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "a list item: the value, then the tool to look it up with",
        "- Member id: look it up with find_member.",
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "a list item: the value, then ask the person and never guess",
        "- Hull registration — ask the member; never guess.",
        {("register_boat", "hull_registration", True, USER, E)},
    ),
]
READ += LABELLED


@pytest.mark.parametrize(("why", "sentence", "expected"), READ, ids=[r[0] for r in READ])
def test_argument_named_by_its_name(
    tmp_path: Path, why: str, sentence: str, expected: set[Any]
) -> None:
    assert _rows(_build(tmp_path, sentence, HARBOUR)) == expected, why


SPELLED = [
    ("an argument name", "Pass the `berth_code` now.", "Pass the berth code now."),
    ("a tool name opens with its verb", "Call `get_boat` now.", "Call get_boat now."),
    ("a read tool", "Call `list_fees` first.", "Call list_fees first."),
    ("an argument word after the name", "The `fee_id` argument.", "The fee id."),
    ("a name in parentheses", "Ids (member_ids) only.", "Ids (member_ids) only."),
    ("no datum head", "The `owner_flags` set.", "The owner_flags set."),
]


@pytest.mark.parametrize(("why", "text", "expected"), SPELLED, ids=[r[0] for r in SPELLED])
def test_spelled_out(why: str, text: str, expected: str) -> None:
    assert spelled_out(text) == expected, why


NOT_READ = [
    ("a tool used for a value, no restriction", "Call `find_member` and note the `member_id`."),
    ("where an argument is shown", "The `berth_code` is printed on the pontoon sign."),
    ("a list item describing a provenance, no rule", "- Berth code: returned by list_berths."),
    ("a list item whose label is no value", "- Opening hours: ask the member."),
]


@pytest.mark.parametrize(("why", "sentence"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_not_a_source_rule(tmp_path: Path, why: str, sentence: str) -> None:
    enforced = {r for r in _rows(_build(tmp_path, sentence, HARBOUR)) if r[-1] == E}
    assert not enforced, why
