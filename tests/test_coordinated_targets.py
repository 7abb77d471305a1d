"""Bans and confirmations over coordinated actions constrain each of them
(`extract/coordination.py` `phrase_actions`, `banned_actions`; `extract/coordinated_targets.py`):
"never cancel a booking or refund a deposit", "neither ... nor ...", "never call `a` nor `b`",
"... cancel X or refund Y without the owner's yes". A plant nursery desk written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.coordination import coordination_tail, phrase_actions
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_grower", "Find a grower account by name.", grower_name="string"),
    _tool("get_pot_order", "Fetch a pot order with its status.", order_id="string"),
    _tool("cancel_pot_order", "Cancel a pot order.", order_id="string"),
    _tool("refund_pot_order", "Refund a pot order's payment.", order_id="string"),
    _tool("ship_seedlings", "Ship the seedlings of an order.", order_id="string"),
    _tool("repot_plant", "Move a plant into a new pot.", plant_id="string", size="string"),
    _tool("archive_grower", "Archive a grower account.", grower_id="string"),
]


def _rules(tmp_path: Path, sentence: str, operator: str) -> dict[str, str]:
    """The tools the sentence gives `operator` to, each with its enforcement."""
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{sentence}\n", TOOLS)
    return {
        str(p.target): p.enforcement
        for p in built.policies
        if p.operator == operator and p.source.artifact.endswith("prompt.md")
    }


def _codes(tmp_path: Path, sentence: str) -> set[str]:
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{sentence}\n", TOOLS)
    return {d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")}


@pytest.mark.parametrize(
    ("sentence", "banned"),
    [
        # each verb with its own object: only the first was banned before
        ("Never cancel a pot order or ship the seedlings.", {"cancel_pot_order", "ship_seedlings"}),
        ("You must not cancel pot orders, ship seedlings or archive growers.",
         {"cancel_pot_order", "ship_seedlings", "archive_grower"}),
        ("Do not refund pot orders or cancel pot orders.",
         {"refund_pot_order", "cancel_pot_order"}),
        # "neither ... nor": nothing at all was read before
        ("Neither archive a grower nor repot a plant.", {"archive_grower", "repot_plant"}),
        ("You should neither cancel a pot order nor ship the seedlings.",
         {"cancel_pot_order", "ship_seedlings"}),
        # tool ids as the subject of a ban under a condition: a tie between them before
        ("`cancel_pot_order` and `refund_pot_order` must never be called for a rare plant.",
         {"cancel_pot_order", "refund_pot_order"}),
        # "both" opening the subject (not after the negation): each of them
        ("Both `archive_grower` and `repot_plant` must never be called.",
         {"archive_grower", "repot_plant"}),
        # tool ids joined by "nor" (the "or" form was read already; it stays so)
        ("Never call `archive_grower` nor `repot_plant`.", {"archive_grower", "repot_plant"}),
        ("Never call `archive_grower`, `repot_plant` or `ship_seedlings`.",
         {"archive_grower", "repot_plant", "ship_seedlings"}),
        # one shared object (read before by `verb_actions`): unchanged
        ("Never cancel or refund a pot order.", {"cancel_pot_order", "refund_pot_order"}),
        # verbs sharing an object, then a phrase of its own: all of them
        ("Never cancel or refund a pot order, nor ship the seedlings.",
         {"cancel_pot_order", "refund_pot_order", "ship_seedlings"}),
        # negative: a bare "and" may forbid the pair only, it is not split
        ("Never cancel a pot order and keep the payment.", {"cancel_pot_order"}),
        # negative: the "or" is inside the condition, not between actions
        ("Never archive a grower unless the grower asks or the account is closed.",
         {"archive_grower"}),
    ],
)  # fmt: skip
def test_each_coordinated_action_is_banned(tmp_path: Path, sentence: str, banned: set[str]) -> None:
    assert set(_rules(tmp_path, sentence, "deny_action")) == banned


@pytest.mark.parametrize(
    ("sentence", "confirmed"),
    [
        ("Never cancel a pot order or ship the seedlings without the grower's approval.",
         {"cancel_pot_order", "ship_seedlings"}),
        ("Cancel a pot order or refund a pot order only after the grower confirms.",
         {"cancel_pot_order", "refund_pot_order"}),
        # a correlative word opening a subject of coordinated gerunds (nothing was read)
        ("Both shipping the seedlings and cancelling a pot order require the grower's yes.",
         {"ship_seedlings", "cancel_pot_order"}),
        ("Either refunding a pot order or archiving a grower requires the grower's approval.",
         {"refund_pot_order", "archive_grower"}),
        # one action: nothing added
        ("Cancel a pot order only after the grower confirms.", {"cancel_pot_order"}),
    ],
)  # fmt: skip
def test_each_coordinated_action_needs_the_yes(
    tmp_path: Path, sentence: str, confirmed: set[str]
) -> None:
    assert set(_rules(tmp_path, sentence, "require_confirmation")) == confirmed


def test_a_qualifier_after_the_coordination_limits_every_ban(tmp_path: Path) -> None:
    # the ban holds only for old orders: enforced on every call it would be stronger
    sentence = "Do not cancel pot orders or refund pot orders that are older than 60 days."
    assert _rules(tmp_path, sentence, "deny_action") == {
        "cancel_pot_order": "review_only",
        "refund_pot_order": "review_only",
    }
    assert "condition-not-bound" in _codes(tmp_path, sentence)


def test_a_part_naming_no_tool_gets_its_own_note(tmp_path: Path) -> None:
    # "water the cacti" names no tool: the ban on it is not guessed onto another tool
    sentence = "Never archive a grower or water the cacti."
    assert set(_rules(tmp_path, sentence, "deny_action")) == {"archive_grower"}
    assert "unresolved-mention" in _codes(tmp_path, sentence)


@pytest.mark.parametrize(
    ("text", "actions", "tail"),
    [
        ("Never cancel a pot order or ship the seedlings.",
         ["cancel pot order", "ship seedlings"], ""),
        ("Never cancel a pot order or ship the seedlings for a rare plant.",
         ["cancel pot order", "ship seedlings"], "for a rare plant"),
        ("Never call `archive_grower` or `repot_plant` for a grower.",
         ["archive_grower", "repot_plant"], "for a grower"),
        # a noun coordination that is one thing is no second action
        ("Never book a bed and breakfast.", ["book bed"], ""),
        # an object that is no verb phrase ends the coordination
        ("Never cancel a pot order or a shipment.", ["cancel pot order"], ""),
        ("Cancel the pot order, then ship it.", ["cancel pot order"], ""),
    ],
)  # fmt: skip
def test_phrase_actions(text: str, actions: list[str], tail: str) -> None:
    assert phrase_actions(text) == actions
    assert coordination_tail(text) == tail


@pytest.mark.parametrize(
    "sentence",
    [
        "Never call both `cancel_pot_order` and `refund_pot_order`.",
        "`cancel_pot_order` and `refund_pot_order` must never be called together.",
        "Do not call `cancel_pot_order` and `refund_pot_order` in the same turn.",
    ],
)
def test_never_both_bans_the_pair_not_each_call(tmp_path: Path, sentence: str) -> None:
    # one of them alone is allowed: enforced bans of each would be stronger than the sentence
    assert _rules(tmp_path, sentence, "deny_action") == {
        "cancel_pot_order": "review_only",
        "refund_pot_order": "review_only",
    }
    assert "condition-not-bound" in _codes(tmp_path, sentence)


@pytest.mark.parametrize(
    ("sentence", "parts"),
    [
        # objects of one verb joined by "or": each object is banned as if said alone
        ("Never cancel a pot order or a grower.",
         ["Never cancel a pot order.", "Never cancel a grower."]),
        ("Never archive either a grower or a pot order.",
         ["Never archive a grower.", "Never archive a pot order."]),
        ("Do not ship the seedlings or refund a pot order.",
         ["Do not ship the seedlings.", "Do not refund a pot order."]),
        ("Neither repot a plant nor archive a grower.",
         ["Never repot a plant.", "Never archive a grower."]),
    ],
)  # fmt: skip
def test_a_coordinated_ban_reads_as_its_parts_said_alone(
    tmp_path: Path, sentence: str, parts: list[str]
) -> None:
    alone: dict[str, str] = {}
    for i, part in enumerate(parts):
        (tmp_path / str(i)).mkdir()
        alone |= _rules(tmp_path / str(i), part, "deny_action")
    assert len(alone) == len(parts)
    (tmp_path / "all").mkdir()
    assert _rules(tmp_path / "all", sentence, "deny_action") == alone


def _grounded(tmp_path: Path, sentence: str) -> dict[str, tuple[str, str]]:
    built = build_prompt(tmp_path, f"# Nursery desk\n\n{sentence}\n", TOOLS)
    return {
        str(p.target): (str(p.model_dump()["condition"].get("selector")), p.enforcement)
        for p in built.policies
        if p.operator == "arg_grounded" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(
    ("sentence", "tools"),
    [
        # the argument of two tools: read as an argument "order_id of `cancel_pot_order`" and a
        # second one "`refund_pot_order`", over every tool and reviewed
        ("The order_id of `cancel_pot_order` and `refund_pot_order` must come from "
         "`get_pot_order`.", {"cancel_pot_order", "refund_pot_order"}),
        ("The order_id of `refund_pot_order` and `ship_seedlings` must come from "
         "`get_pot_order`.", {"refund_pot_order", "ship_seedlings"}),
        # "for" the named tools: read as the argument of every tool (stronger than said)
        ("The order_id for `refund_pot_order` and `ship_seedlings` must come from "
         "`get_pot_order`.", {"refund_pot_order", "ship_seedlings"}),
    ],
)  # fmt: skip
def test_an_argument_of_coordinated_tools_is_grounded_on_each(
    tmp_path: Path, sentence: str, tools: set[str]
) -> None:
    found = _grounded(tmp_path, sentence)
    assert set(found) == tools
    assert {e for _, e in found.values()} == {"enforce"}
    assert all("order_id" in selector for selector, _ in found.values())


def test_an_argument_of_one_tool_or_every_tool_is_unchanged(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # no list of tools after the argument: every tool taking it, as before
    every = _grounded(tmp_path / "a", "The order_id must come from `get_pot_order`.")
    assert set(every) == {"cancel_pot_order", "refund_pot_order", "ship_seedlings"}
    one = _grounded(
        tmp_path / "b", "The order_id of `ship_seedlings` must come from `get_pot_order`."
    )
    assert set(one) <= {"ship_seedlings", "*"}
