"""Session 34: shapes a prompt template with GraphQL-like ids (`PondVisitQuery`,
`CancelPondVisitMutation`) used that no reader read, in general form: another tool's id in a
sentence is no evidence for the mention it orders ("Call `PondVisitQuery` before a visit is
cancelled"); a tool id with what its call is about ("`PondVisitQuery` on the same visit_id");
a sentence that follows a figure and opens with a respelled id; "never called from chat"; a
passive of coordinated verbs ("before a visit is moved or cancelled"); an event cut where a
clause of another verb begins; "before A, and before B"; acts named by coordinated nouns
("before any payment or refund"); a tool whose name's light verb leaves the act to its noun
(`TakePaymentMutation`: "pay"); "the X of a booking is one T offered"; "a single payment";
and a count of what "a visit" is moved. And shapes of a dictated voice note: a time code
before each line, "two texts per chat, tops", a field that "says" a value, and a tool id set
beside its act between commas. Sentences written for these tests, in a made-up pond-cleaning
desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import desk_policies, has_policy, shown, spec

POND = [
    spec("FindOwnerQuery", "Finds an owner by postcode; returns owner_id.", postcode="string"),
    spec("CheckPinQuery", "Checks the owner's PIN.", owner_id="string", pin="string"),
    spec("ListPondsQuery", "Lists the ponds at the owner's address.", owner_id="string"),
    spec("OpenSlotsQuery", "Lists open cleaning slots.", days_ahead="integer", job="string"),
    spec("PondVisitQuery", "Reads one booked cleaning visit.", visit_id="string"),
    spec(
        "BookPondVisitMutation",
        "Books a cleaning visit.",
        owner_id="string",
        job="string",
        slot_id="string",
        pond_ids="string",
    ),
    spec(
        "ReschedulePondVisitMutation",
        "Moves a visit to another slot.",
        visit_id="string",
        new_slot_id="string",
    ),
    spec("CancelPondVisitMutation", "Cancels a visit.", visit_id="string"),
    spec("TakePaymentMutation", "Charges a saved card.", visit_id="string", amount="number"),
    spec("TakeDepositMutation", "Takes a deposit.", visit_id="string", amount="number"),
    spec("RefundPaymentMutation", "Refunds a payment.", payment_id="string", amount="number"),
    spec("RetireFilterMutation", "Marks a pump filter retired.", filter_id="string"),
    spec("OfficeCallbackMutation", "Asks the office to call the owner.", owner_id="string"),
    spec(
        "SendTextMutation",
        "Sends the owner a templated text (visit_booked, visit_moved, visit_reminder).",
        template="string",
    ),
    spec("SendEmailMutation", "Emails the owner.", template="string", to_email="string"),
    spec("AskOfficeToCallBackMutation", "Asks the office to ring the owner.", owner_id="string"),
    spec("OrderPlantsMutation", "Orders pond plants.", plants="integer", crates="integer"),
]

# (sentence, operator, tool, params)
CASES: list[tuple[str, str, str, dict[str, Any]]] = [
    (
        "Call PondVisitQuery before a visit is cancelled.",
        "require_before",
        "CancelPondVisitMutation",
        {"before": "PondVisitQuery"},
    ),
    (
        "Run PondVisitQuery on the same visit_id before a visit is moved or cancelled.",
        "require_before",
        "ReschedulePondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    (
        "Run PondVisitQuery on the same visit_id before a visit is moved or cancelled.",
        "require_before",
        "CancelPondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    (
        "Use PondVisitQuery for the same visit before a visit is cancelled.",
        "require_before",
        "CancelPondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    (
        "Mark a job urgent only where someone there is over 75 or under 5.\n"
        "RetireFilterMutation is never called from chat.",
        "deny_action",
        "RetireFilterMutation",
        {},
    ),
    (
        "Read the ponds with ListPondsQuery before booking, and book only pond_ids that read "
        "returned.",
        "require_before",
        "BookPondVisitMutation",
        {"before": "ListPondsQuery"},
    ),
    (
        "The first operation in any chat is FindOwnerQuery; nothing else is called until it "
        "has found the owner.",
        "require_before",
        "*",
        {"before": "FindOwnerQuery"},
    ),
    (
        "Check the PIN with CheckPinQuery before any visit is read, and before any payment or "
        "refund.",
        "require_before",
        "TakePaymentMutation",
        {"before": "CheckPinQuery"},
    ),
    (
        "Check the PIN with CheckPinQuery before any visit is read, and before any payment or "
        "refund.",
        "require_before",
        "RefundPaymentMutation",
        {"before": "CheckPinQuery"},
    ),
    (
        "Check the PIN with CheckPinQuery before any visit is read, and before any payment or "
        "refund.",
        "require_before",
        "PondVisitQuery",
        {"before": "CheckPinQuery"},
    ),
    (
        "The slot_id of a booking is one OpenSlotsQuery offered in this chat, never a time the "
        "owner proposes.",
        "arg_grounded",
        "BookPondVisitMutation",
        {"arg": "slot_id", "from_tools": ["OpenSlotsQuery"]},
    ),
    (
        "A single payment runs from £10 to £400.",
        "arg_within_bound",
        "TakePaymentMutation",
        {"arg": "amount", "min": 10, "max": 400},
    ),
    (
        "[01:23] Read the visit first, PondVisitQuery, before you move it or cancel it.",
        "require_before",
        "CancelPondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    (
        "[01:23] Read the visit first, PondVisitQuery, before you move it or cancel it.",
        "require_before",
        "ReschedulePondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    ("[04:52] Two texts per chat, tops.", "max_calls", "SendTextMutation", {"max": 2}),
    (
        "[02:49] Cancelling, get a clear yes out of them before you do it.",
        "require_confirmation",
        "CancelPondVisitMutation",
        {},
    ),
    (
        "If the visit's status says frozen, never book a visit.",
        "state_condition",
        "BookPondVisitMutation",
        {"field": "status", "denied": ["frozen"]},
    ),
    # a backlog's acceptance notes: the label binds nothing; a list's verbless bounds
    (
        "- AN: 1 to 3 crates; plants from 6 to 200.",
        "arg_within_bound",
        "OrderPlantsMutation",
        {"arg": "crates", "min": 1, "max": 3},
    ),
    (
        "- AN: 1 to 3 crates; plants from 6 to 200.",
        "arg_within_bound",
        "OrderPlantsMutation",
        {"arg": "plants", "min": 6, "max": 200},
    ),
    (
        "The number of plants must be between 6 and 200.",
        "arg_within_bound",
        "OrderPlantsMutation",
        {"arg": "plants", "min": 6, "max": 200},
    ),
    (
        "- AN: PondVisitQuery runs on that same visit_id before the visit is cancelled.",
        "require_before",
        "CancelPondVisitMutation",
        {"before": "PondVisitQuery", "same": {"arg": "visit_id"}},
    ),
    # speech: a topic said first and its figure after a comma; a phrasal verb's noun
    (
        "Moving, once per visit.",
        "max_calls",
        "ReschedulePondVisitMutation",
        {"max": 1, "per": "visit"},
    ),
    (
        "Deposits, 10 to 25 pounds.",
        "arg_within_bound",
        "TakeDepositMutation",
        {"arg": "amount", "min": 10, "max": 25},
    ),
    ("Office call-backs: one per chat.", "max_calls", "AskOfficeToCallBackMutation", {"max": 1}),
    # a list closed after it; a plural subject's two predicates; a GraphQL query reads
    (
        "Texts use the templates visit_booked, visit_moved and visit_cancelled, nothing else.",
        "resource_in_allowlist",
        "SendTextMutation",
        {"arg": "template", "allowed": ["visit_booked", "visit_moved", "visit_cancelled"]},
    ),
    (
        "Emails use only the templates visit_booked and visit_moved, and go to the owner's own "
        "address.",
        "resource_in_allowlist",
        "SendEmailMutation",
        {"arg": "template", "allowed": ["visit_booked", "visit_moved"]},
    ),
    (
        "The job is clean, net or liner; no other value.",
        "resource_in_allowlist",
        "BookPondVisitMutation",
        {"arg": "job", "allowed": ["clean", "net", "liner"]},
    ),
    # whom an act is for is no object of it; a count of texts a chat gets is of the sends
    (
        "Trade owners may be refunded up to £250.",
        "arg_within_bound",
        "RefundPaymentMutation",
        {"arg": "amount", "max": 250},
    ),
    ("No chat gets more than three texts.", "max_calls", "SendTextMutation", {"max": 3}),
    # "there's no X" is "no X"; a record that shows its field as a value states it
    (
        "If the visit's status is frozen, there's no booking.",
        "state_condition",
        "BookPondVisitMutation",
        {"field": "status", "denied": ["frozen"]},
    ),
    (
        "If PondVisitQuery shows the status as frozen, never cancel the visit.",
        "state_condition",
        "CancelPondVisitMutation",
        {"field": "status", "denied": ["frozen"]},
    ),
    (
        "Move a visit two times at most, each time to an open slot.",
        "max_calls",
        "ReschedulePondVisitMutation",
        {"max": 2, "per": "visit"},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[2]}-{c[0][:40]}" for c in CASES])
def test_read(tmp_path: Path, case: tuple[str, str, str, dict[str, Any]]) -> None:
    sentence, operator, tool, params = case
    policies = desk_policies(tmp_path, sentence, POND)
    assert any(
        has_policy(policies, operator, tool, level, **params)
        for level in ("enforce", "review_only")
    ), shown(policies)


@pytest.mark.parametrize(
    ("sentence", "tool"),
    [
        # (the owner's own address is the second predicate's, no condition of the first)
        (
            "Emails use only the templates visit_booked and visit_moved, and go to the "
            "owner's own address.",
            "SendEmailMutation",
        ),
        ("Call PondVisitQuery before a visit is cancelled.", "CancelPondVisitMutation"),
        ("RetireFilterMutation is never called from chat.", "RetireFilterMutation"),
    ],
)
def test_enforced(tmp_path: Path, sentence: str, tool: str) -> None:
    """The id named beside the mention no longer ties it; "from chat" narrows nothing."""
    policies = desk_policies(tmp_path, sentence, POND)
    assert any(p.target == tool and p.enforcement == "enforce" for p in policies), shown(policies)


def test_pay_names_the_tool_whose_light_verb_leaves_the_act_to_payment(tmp_path: Path) -> None:
    from specgap.resolve.resolver import Resolver
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, "# Desk\n\nBe kind.\n", POND)
    found = Resolver(built.state.registry).resolve("pay")
    # `TakePaymentMutation` takes a payment: "pay" is its act; `RefundPaymentMutation` gives
    # one back, so it is never the confident reading
    assert found.candidates, found
    assert found.candidates[0].tool_id == "TakePaymentMutation", found


@pytest.mark.parametrize(
    "sentence",
    [
        "If the owner says no, never book a visit.",  # what a person says is no field
        "If the status lists it, never book a visit.",  # a pronoun is no value
    ],
)
def test_no_state_from_what_is_said(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, POND)
    assert not any(
        p.operator == "state_condition" and set(p.condition.denied) & {"no", "it"} for p in policies
    ), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        # a chat is what the agent's talk is made of: once per trace, not per "chat" argument
        "Refer a chat to the office with OfficeCallbackMutation once at most.",
    ],
)
def test_a_count_over_the_talk_is_not_per_an_entity(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, POND)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert counts, shown(policies)
    assert all(getattr(p.condition, "per", None) in (None, "") for p in counts), shown(counts)


def test_a_bound_raised_sentences_later_is_held_unless_raised(tmp_path: Path) -> None:
    """A later line allows more for some calls: the first bound is never enforced on them."""
    text = (
        "- Plants from 6 to 200.\n- Crates are stacked by the pond.\n- Nets are free.\n"
        "- Liners are extra.\n- On a trade account, plants may go up to 400.\n"
    )
    policies = desk_policies(tmp_path, text, POND)
    bounds = [
        p for p in policies if p.operator == "arg_within_bound" and p.target.startswith("Order")
    ]
    assert bounds, shown(policies)
    assert not any(p.enforcement == "enforce" and p.condition.max == 200 for p in bounds), shown(
        bounds
    )


@pytest.mark.parametrize(
    ("text", "operator", "tool"),
    [
        # an order said of one value of the act's argument holds for that value only
        (
            "The visit_reminder template may only be sent after PondVisitQuery has been run.",
            "require_before",
            "SendTextMutation",
        ),
        # an exception said as a sentence of its own, right after the rule
        ("Two texts per chat, tops.\nExcept trade owners.", "max_calls", "SendTextMutation"),
    ],
)
def test_never_stronger_than_the_sentence(
    tmp_path: Path, text: str, operator: str, tool: str
) -> None:
    policies = desk_policies(tmp_path, text, POND)
    found = [p for p in policies if p.operator == operator and p.target == tool]
    assert found, shown(policies)
    assert all(p.enforcement != "enforce" for p in found), shown(found)
