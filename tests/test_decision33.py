"""Session 33: decision tables (`specgap.extract.decision33`), conditions that say where a
value came from, what ran before or how many calls came before (`specgap.extract.unless33`),
a condition on the call's own argument named by its id (`resolve.conditions`), "from A to B"
bounds (`compare19`), ids respelled with underscores (`resolve.bind_ids`) and a tool id never
an entity (`resolve.state5_bind`). Sentences and tables written for these tests, in a made-up
kayak-hire desk whose tool ids are dotted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import Artifact
from specgap.extract.decision33 import Decisions
from specgap.extract.segments import markdown_sentences
from specgap.resolve.bind_ids import folded_id
from tests.probes import desk_policies, has_policy, shown, spec

KAYAKS = [
    spec(
        "paddle.member.find",
        "Finds a paddler by phone. Returns member_id and status (active, lapsed or banned).",
        phone="string",
    ),
    spec(
        "paddle.launch.check",
        "Checks a launch site.",
        member_id="string",
        postcode="string",
        water_type="string",
    ),
    spec("paddle.slots.search", "Finds free slots; each has slot_id.", day="string"),
    spec(
        "paddle.hire.book",
        "Books kayaks for a slot.",
        member_id="string",
        slot_id="string",
        boats="integer",
    ),
    spec(
        "paddle.hire.read",
        "Reads a hire: status (held, paid, afloat or returned).",
        hire_ref="string",
    ),
    spec("paddle.hire.move", "Moves a hire to another slot.", hire_ref="string", slot_id="string"),
    spec("paddle.hire.cancel", "Cancels a hire.", hire_ref="string", reason="string"),
    spec(
        "paddle.money.refund",
        "Refunds a hire.",
        hire_ref="string",
        amount="number",
        method="string",
    ),
    spec("paddle.text.send", "Sends a text.", member_id="string", template="string"),
]

TABLE = """## Booking (paddle.hire.book)
| row | slot_id offered by paddle.slots.search | boats from 1 to 6 \
| member said yes to the summary | → outcome |
|---|---|---|---|---|
| K1 | N | – | – | refuse |
| K2 | Y | N | – | refuse; suggest a group booking instead |
| K3 | – | – | N | read back the slot and the boats, then wait |
| K4 | Y | Y | Y | book |
"""


def _sentences(text: str) -> list[str]:
    artifact = Artifact("prompt", "prompt.md", text, "p")
    return [s.text for s in markdown_sentences(artifact)]


def test_a_decision_row_is_said_as_the_rule_it_stands_for() -> None:
    said = _sentences(TABLE)
    assert "Do not call paddle.hire.book unless slot_id offered by paddle.slots.search." in said
    # K2's Y is no condition: K1 would have matched had the slot not been offered
    assert "Do not call paddle.hire.book unless boats from 1 to 6." in said
    assert "suggest a group booking instead." in said
    # K3 does not act: the booking waits on the yes, and the row's own outcome holds under it
    assert "Do not call paddle.hire.book unless member said yes to the summary." in said
    assert (
        "Unless member said yes to the summary, read back the slot and the boats, then wait."
        in said
    )
    # K4 is the act itself: a permission, no sentence
    assert not any(s.startswith(("If slot_id", "Book")) for s in said)
    # no row is read as its cells joined
    assert not any(": N:" in s or "K1:" in s for s in said)


def test_each_sentence_quotes_its_own_row() -> None:
    artifact = Artifact("prompt", "prompt.md", TABLE, "p")
    rows = {
        s.span().start_line
        for s in markdown_sentences(artifact)
        if s.text.startswith("Do not call")
    }
    assert rows == {4, 5, 6}


def test_function_column_and_refused_objects() -> None:
    table = """## Limits
| row | function | condition | → outcome |
|---|---|---|---|
| L1 | paddle.hire.move | a third move of one hire in the same chat | refuse |
| L2 | any | wind over 30 knots | tell the paddler the beach lead decides |
| L3 | – | the member's status is lapsed or banned | refuse paddle.hire.book and paddle.text.send |
| L4 | paddle.money.refund | amount over 200 | refuse, except that a club may get up to 500 |
"""
    said = _sentences(table)
    assert "Do not call paddle.hire.move if a third move of one hire in the same chat." in said
    assert "If wind over 30 knots, tell the paddler the beach lead decides." in said
    assert (
        "Do not call paddle.hire.book and paddle.text.send if the member's status is lapsed or "
        "banned." in said
    )
    assert (
        "Do not call paddle.money.refund if amount over 200, except that a club may get up to "
        "500." in said
    )


@pytest.mark.parametrize(
    "header",
    [
        ["Situation", "Action"],  # no outcome column marked as such: read as before
        ["→ outcome"],  # an outcome and nothing to decide on
        ["→ a", "→ b"],  # two outcome columns
    ],
)
def test_tables_that_are_not_decision_tables(header: list[str]) -> None:
    assert Decisions.of(header, "Rules (paddle.hire.book)") is None


def test_a_decision_table_compiles_to_the_rules_of_its_rows(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, TABLE, KAYAKS)
    assert has_policy(
        policies,
        "arg_grounded",
        "paddle.hire.book",
        "enforce",
        arg="slot_id",
        from_tools=["paddle.slots.search"],
    ), shown(policies)
    assert has_policy(policies, "require_confirmation", "paddle.hire.book", "enforce")
    assert not any(p.operator == "deny_action" and p.enforcement == "enforce" for p in policies), (
        shown(policies)
    )


# (sentence, operator, tool, params, enforcement)
CONDITIONS: list[tuple[str, str, str, dict[str, Any], str]] = [
    (
        "Do not call paddle.hire.book unless the slot_id was offered by paddle.slots.search.",
        "arg_grounded",
        "paddle.hire.book",
        {"arg": "slot_id", "from_tools": ["paddle.slots.search"]},
        "enforce",
    ),
    (
        "Never call paddle.hire.book if a member_id that paddle.member.find did not return.",
        "arg_grounded",
        "paddle.hire.book",
        {"arg": "member_id", "from_tools": ["paddle.member.find"]},
        "enforce",
    ),
    (
        "Do not call paddle.launch.check unless the postcode is exactly as the customer gave it.",
        "arg_grounded",
        "paddle.launch.check",
        {"arg": "postcode", "from_user": True},
        "enforce",
    ),
    (
        "Do not call paddle.hire.move unless paddle.hire.read has run on the same hire_ref.",
        "require_before",
        "paddle.hire.move",
        {"before": "paddle.hire.read", "same": {"arg": "hire_ref"}},
        "enforce",
    ),
    (
        "Do not call paddle.hire.book unless paddle.slots.search was run for this slot_id.",
        "arg_grounded",
        "paddle.hire.book",
        {"arg": "slot_id", "from_tools": ["paddle.slots.search"]},
        "enforce",
    ),
    (
        "Do not call paddle.text.send if neither paddle.hire.book nor paddle.hire.read has run.",
        "require_before",
        "paddle.text.send",
        {"before": ["paddle.hire.book", "paddle.hire.read"]},
        "enforce",
    ),
    (
        "Do not call paddle.launch.check unless there were under 4 checks so far in this chat.",
        "max_calls",
        "paddle.launch.check",
        {"max": 4},
        "enforce",
    ),
    (
        "Do not call paddle.hire.move if a third move of one hire.",
        "max_calls",
        "paddle.hire.move",
        {"max": 2, "per": "hire"},
        "enforce",
    ),
    (
        "Do not call paddle.hire.book unless boats is from 1 to 6.",
        "arg_within_bound",
        "paddle.hire.book",
        {"arg": "boats", "min": 1, "max": 6},
        "enforce",
    ),
    (
        "Do not call paddle.launch.check unless water_type is lake, canal or estuary.",
        "resource_in_allowlist",
        "paddle.launch.check",
        {"arg": "water_type", "allowed": ["lake", "canal", "estuary"]},
        "enforce",
    ),
    (
        "Do not call paddle.text.send if the template is not hire_booked, hire_moved or receipt.",
        "resource_in_allowlist",
        "paddle.text.send",
        {"arg": "template", "allowed": ["hire_booked", "hire_moved", "receipt"]},
        "enforce",
    ),
    (
        "Do not call paddle.money.refund if method cash or voucher.",
        "deny_action",
        "paddle.money.refund",
        {"arg": "method", "values": ["cash", "voucher"]},
        "enforce",
    ),
    (
        "Do not call paddle.money.refund if amount under 5 or over 300.",
        "arg_within_bound",
        "paddle.money.refund",
        {"arg": "amount", "min": 5, "max": 300},
        "enforce",
    ),
    (
        "Do not call paddle.hire.move or paddle.hire.cancel unless the status is held or paid.",
        "state_condition",
        "paddle.hire.cancel",
        {"field": "status", "allowed": ["held", "paid"]},
        "enforce",
    ),
]


@pytest.mark.parametrize("case", CONDITIONS, ids=[c[0][:48] for c in CONDITIONS])
def test_a_condition_read_as_the_rule_it_states(
    tmp_path: Path, case: tuple[str, str, str, dict[str, Any], str]
) -> None:
    sentence, operator, tool, params, enforcement = case
    policies = desk_policies(tmp_path, sentence, KAYAKS)
    assert has_policy(policies, operator, tool, enforcement, **params), shown(policies)
    # the ban under the condition is gone: the condition was the rule
    assert not any(
        p.operator == "deny_action" and p.target == tool and not p.condition.values
        for p in policies
    ), shown(policies)


def test_an_exception_after_the_condition_is_kept(tmp_path: Path) -> None:
    sentence = (
        "Do not call paddle.money.refund if no paddle.hire.cancel on that hire_ref first, "
        "unless the status is returned."
    )
    policies = desk_policies(tmp_path, sentence, KAYAKS)
    assert policies
    # never stronger than the sentence: whatever is read holds only under the exception
    assert all(p.enforcement == "review_only" for p in policies), shown(policies)


# conditions of other shapes keep the ban reviewed under its condition, never enforced
NOT_READ = [
    "Do not call paddle.hire.book unless the slot_id came from a friend.",
    "Do not call paddle.launch.check unless there were under 4 checks.",  # no "so far"
    "Do not call paddle.hire.book unless paddle.slots.search was shown to the member.",
    # a word no argument of the named tool has: not the call's argument, no allowlist of it
    "Do not call paddle.hire.move if the colour is not red or blue.",
]


@pytest.mark.parametrize("sentence", NOT_READ)
def test_other_conditions_stay_reviewed(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, KAYAKS)
    assert not any(p.enforcement == "enforce" for p in policies), shown(policies)


def test_a_respelled_dotted_id_is_found_up_to_its_separators() -> None:
    names = ["paddle.hire.cancel", "paddle.hire.read", "paddle-hire-move"]
    assert folded_id(names, "paddle_hire_cancel") == "paddle.hire.cancel"
    assert folded_id(names, "PADDLE_HIRE_MOVE") == "paddle-hire-move"
    assert folded_id(names, "paddle_hire") is None  # never a partial match
    assert folded_id(["a.b", "a-b"], "a_b") is None  # two tools spelled so: none


def test_a_one_word_outcome_is_the_act_only_when_it_names_it() -> None:
    table = """## Moves (paddle.hire.move)
| row | paddle.hire.read run on the same hire_ref | → outcome |
|---|---|---|
| M1 | N | wait |
| M2 | Y | move |
"""
    said = _sentences(table)
    # "wait" is not the act: the row does not move, and says what it does instead
    assert "Do not call paddle.hire.move unless paddle.hire.read run on the same hire_ref." in said
    assert "Unless paddle.hire.read run on the same hire_ref, wait." in said
    # "move" is the table's act: a permission, no sentence
    assert len(said) == 2
