"""`specgap.extract.ground6_respell`: where a value must come from, said around the value's
noun with no tool verb, spelt the grounding readers' way and bound per tool by the compiler.
The sentences are written for these tests (a bicycle courier desk)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ground6_respell import respellings
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

SPELT = [
    ("use only", "Use only the drop code the sender typed.",
     ["The drop code must come from the user."]),
    ("a ban with the source not given",
     "Never enter a courier id that find_courier has not returned.",
     ["The courier id must come from find_courier."]),
    ("a passive not by the person",
     "Do not pass any e-mail address that was not provided by the sender.",
     ["The email must come from the user."]),
    ("a passive by", "Drop codes are typed by the sender; never make one up.",
     ["The drop codes must come from the user."]),
    ("two values by", "Recipient names and phones are given by the sender; do not guess them.",
     ["The recipient names must come from the user.", "The phones must come from the user."]),
    ("ones a tool listed", "Route ids must be ones listRoutes returned.",
     ["The route ids must come from listRoutes."]),
    ("is one the person typed, a relative", "The phone you search by is one the sender typed; "
     "never make one up.",
     ["The phone must come from the user."]),
    ("nowhere else", "Parcel weights come from the sender and nowhere else.",
     ["The parcel weights must come from the user."]),
    ("a made-up value not allowed", "Invented drop codes are not allowed.",
     ["Never invent the drop codes."]),
    ("a label", "Route ids: always the one listRoutes returned.",
     ["The route ids must come from listRoutes."]),
    ("a tool's label, two parts",
     "book_pickup: route id from listRoutes; drop code from the sender.",
     ["For book_pickup, the route id must come from listRoutes.",
      "For book_pickup, the drop code must come from the user."]),
    ("ask which", "Before booking a pickup, ask which drop code the sender wants.",
     ["When booking a pickup, the drop code must come from the user."]),
    ("get before", "Get the sender's phone before you look them up.",
     ["When you look them up, the sender phone must come from the user."]),
    ("change only to", "Update the drop code only to values the sender typed.",
     ["When you update the drop code, the new drop code must come from the user."]),
    ("required from", "The parcel weight is required from the sender.",
     ["The parcel weight must come from the user."]),
]  # fmt: skip

NOT_SPELT = [
    ("a format", "A drop code looks like DC-1234."),
    ("a permission", "The sender may give a nickname."),
    ("told to the user", "Tell the sender the route id."),
    ("a purpose after the verb", "Never use a drop code the sender has not given for a week."),
    ("where a value is seen, no rule word", "Drop codes are printed by the sender."),
    ("a source that is neither person nor tool", "Drop codes are typed by the old ledger only."),
    ("a value computed", "Work out the fee from the parcel weight."),
]


@pytest.mark.parametrize(("why", "text", "spelt"), SPELT, ids=[c[0] for c in SPELT])
def test_respelt(why: str, text: str, spelt: list[str]) -> None:
    assert respellings(text) == spelt, why


@pytest.mark.parametrize(("why", "text"), NOT_SPELT, ids=[c[0] for c in NOT_SPELT])
def test_not_respelt(why: str, text: str) -> None:
    assert respellings(text) == [], why


COURIER = [
    _tool("find_sender", "Find a sender by phone.", phone="string"),
    _tool("listRoutes", "List the routes open today.", zone="string"),
    _tool("book_pickup", "Book a pickup.", sender_id="string", route_id="string",
          drop_code="string"),
    _tool("change_drop_code", "Change the drop code of a pickup.", pickup_id="string",
          drop_code="string"),
    _tool("register_guest", "Register a sender's guest.", sender_id="string",
          guest_email="string", sender_email="string"),
]  # fmt: skip


def _grounded(tmp_path: Path, text: str) -> set[tuple[str, str, str, tuple[str, ...], bool]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", COURIER)
    out = set()
    for p in built.policies:
        if p.operator != "arg_grounded" or not p.source.artifact.endswith("prompt.md"):
            continue
        data: dict[str, Any] = p.condition.model_dump(mode="json")
        arg = (data.get("selector") or {}).get("arg") or data.get("arg") or ""
        out.add((p.enforcement, p.target, arg, tuple(data["from_tools"]), data["from_user"]))
    return out


def test_every_tool_taking_the_value_gets_its_own_rule(tmp_path: Path) -> None:
    assert _grounded(tmp_path, "Use only the drop code the sender typed.") == {
        ("enforce", "book_pickup", "drop_code", (), True),
        ("enforce", "change_drop_code", "drop_code", (), True),
    }


def test_the_owner_word_picks_the_persons_own_value(tmp_path: Path) -> None:
    # "sender e-mails" is never the guest's e-mail
    got = _grounded(tmp_path, "Sender e-mails are typed by the sender; never guess them.")
    assert {(t, a) for _e, t, a, _f, _u in got} == {("register_guest", "sender_email")}


def test_a_noun_two_arguments_of_one_tool_fit_is_no_guess(tmp_path: Path) -> None:
    # `register_guest` takes `guest_email` and `sender_email`: "e-mail" names neither alone
    got = _grounded(tmp_path, "Use only e-mail addresses the sender wrote.")
    assert not any(e == "enforce" and t == "register_guest" for e, t, *_ in got)


def test_the_route_id_from_a_camel_case_tool(tmp_path: Path) -> None:
    assert _grounded(tmp_path, "Route ids must be ones listRoutes returned.") == {
        ("enforce", "book_pickup", "route_id", ("listRoutes",), False)
    }


def test_a_source_column(tmp_path: Path) -> None:
    table = "| value | source |\n|---|---|\n| route id | listRoutes |\n| drop code | the sender |"
    got = _grounded(tmp_path, table)
    assert ("enforce", "book_pickup", "route_id", ("listRoutes",), False) in got
    assert ("enforce", "book_pickup", "drop_code", (), True) in got


@pytest.mark.parametrize(
    "text",
    [
        # "get X" of one noun the tools are named by is a read of the thing, not a value the
        # user must give: no grounding (it was enforced on every tool taking `pickup_id`)
        "Get the pickup first, then change its drop code.",
        "Call find_sender or get sender before book_pickup.",
    ],
)
def test_getting_a_thing_the_tools_act_on_is_no_value(tmp_path: Path, text: str) -> None:
    assert _grounded(tmp_path, text) == set()


def test_getting_a_value_before_acting_is_one(tmp_path: Path) -> None:
    got = _grounded(tmp_path, "Get the drop code from the sender before booking a pickup.")
    assert ("book_pickup", "drop_code") in {(t, a) for _e, t, a, _f, _u in got}
