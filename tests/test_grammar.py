"""The rule grammar (issue 11), table-driven over a made-up car-rental domain: sentences read
into clauses, clauses compiled to operators, and never a rule stronger than its sentence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.grammar import parse
from tests.corpus_agents import Built, build_agent


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {k: {"type": v} for k, v in props.items()},
                "required": list(props),
            },
        },
    }


TOOLS = [
    _tool("find_cars", "Search cars by class.", vehicle_class="string"),
    _tool("reserve_car", "Reserve a car.", vehicle_class="string", customer_id="string"),
    _tool("get_booking", "Read a rental booking by its number.", booking_id="string"),
    _tool("list_rentals", "List the rentals of recent days.", days="integer"),
    _tool("cancel_booking", "Cancel a booking.", booking_id="string", reason="string"),
    _tool(
        "issue_refund",
        "Refund money to a payment method.",
        booking_id="string",
        amount="number",
        payment_method_id="string",
    ),
    _tool(
        "pay_booking",
        "Charge a booking to payment methods.",
        booking_id="string",
        payment_methods="array",
    ),
    _tool(
        "update_booking_drivers",
        "Set the drivers of a booking.",
        booking_id="string",
        drivers="array",
    ),
]


def _build(tmp_path: Path, sentences: list[str]) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text("\n\n".join(sentences) + "\n")
    return build_agent(tmp_path, [prompt], [tools])


def _prose(built: Built) -> list[Any]:
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def _notes(built: Built) -> list[str]:
    return [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]


# --- the parse ----------------------------------------------------------------------------------

PARSES: list[tuple[str, dict[str, Any]]] = [
    ("Never cancel a booking.", {"modality": "must_not", "action": "cancel booking"}),
    ("Do not reschedule the pickup.", {"modality": "must_not", "action": "reschedule pickup"}),
    ("Extend a rental only when asked.", {"verb": "extend", "object": "rental"}),
    (
        "A lease can only be renewed if its status is 'open'.",
        {"modality": "only", "action": "renew lease", "passive": True},
    ),
    (
        "Fines must not be waived when the member is banned.",
        {"modality": "must_not", "action": "waive fines"},
    ),
    (
        "You must first get the loan number from the member.",
        {"modality": "must", "first": True, "obtain": "loan number"},
    ),
    (
        "Only renew a loan with a card the member named.",
        {"argument": "card", "argument_from_user": True},
    ),
    ("Do not change the number of drivers.", {"argument": "drivers", "argument_fixed": True}),
    (
        "Before you extend a rental, obtain explicit confirmation from the renter.",
        {"confirmation": True},
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), PARSES)
def test_parse(sentence: str, expected: dict[str, Any]) -> None:
    clause = parse(sentence)
    got = {key: getattr(clause, key) for key in expected}
    assert got == expected


CONDITIONS: list[tuple[str, str, tuple[str, ...], str | None, str | None]] = [
    # sentence, condition kind, values read, field, entity
    ("A lease can only be renewed if its status is 'open'.", "if", ("open",), "status", None),
    ("Never cancel a booking if it is already returned.", "if", ("returned",), None, None),
    ("Do not refund a booking unless its state is 'closed'.", "unless", ("closed",), "state", None),
    ("Refunds cannot be issued when the booking is older than 30 days.", "if", (), None, None),
    ("Never cancel a booking if any part of the rental has already started.", "if", (), None, None),
    (
        "Do not add a driver while the member's tier is 'basic'.",
        "while",
        ("basic",),
        "tier",
        "member",
    ),
]


@pytest.mark.parametrize(("sentence", "kind", "values", "field", "entity"), CONDITIONS)
def test_condition_binding(
    sentence: str, kind: str, values: tuple[str, ...], field: str | None, entity: str | None
) -> None:
    cond = parse(sentence).condition
    assert cond is not None
    assert (cond.kind, cond.values, cond.field, cond.entity) == (kind, values, field, entity)


def test_a_call_scope_is_not_a_condition() -> None:
    assert parse("When calling `pay_booking`, never charge twice.").condition is None


def test_a_relative_clause_restricts_the_object() -> None:
    cond = parse("Do not unlock cars that the renter has not paid for.").condition
    assert cond is not None
    assert cond.text.startswith("that")


# --- sentences to policies ----------------------------------------------------------------------

COMPILES: list[tuple[str, str, str, dict[str, Any]]] = [
    # sentence, operator, tool, condition subset (of the compiled policy)
    (
        "A booking can only be cancelled if its status is 'reserved'.",
        "state_condition",
        "cancel_booking",
        {"allowed": ["reserved"], "field": "status"},
    ),
    (
        "Never cancel a booking if it is already returned.",
        "state_condition",
        "cancel_booking",
        {"denied": ["returned"]},
    ),
    (
        "Only call `issue_refund` with a card the customer named.",
        "arg_grounded",
        "issue_refund",
        {"from_user": True},
    ),
    ("Pay with a single voucher or card.", "arg_count_bound", "pay_booking", {"max": 1}),
    (
        "You must first get the booking number from the customer.",
        "arg_grounded",
        "*",
        {"arg": "booking number", "from_user": True},
    ),
    ("At most one refund per booking.", "max_calls", "issue_refund", {"max": 1, "per": "booking"}),
    ("Never cancel a booking.", "deny_action", "cancel_booking", {}),
    (
        "Only list rentals that started within the past 90 days.",
        "arg_within_bound",
        "list_rentals",
        {"max": 90.0, "selector": {"arg": "days", "extract": None}},
    ),
    (
        "Check the booking status to make sure it is 'reserved'.",
        "state_condition",
        "cancel_booking",
        {"field": "status", "allowed": ["reserved"]},
    ),
    (
        "Confirm all the details before taking this action.",
        "require_confirmation",
        "cancel_booking",
        {},
    ),
    (
        "The renter must provide a payment method.",
        "arg_grounded",
        "issue_refund",
        {"selector": {"arg": "payment_method_id", "extract": None}, "from_user": True},
    ),
]


@pytest.mark.parametrize(("sentence", "operator", "tool", "condition"), COMPILES)
def test_sentence_compiles(
    tmp_path: Path, sentence: str, operator: str, tool: str, condition: dict[str, Any]
) -> None:
    # under a heading naming one action, as policies group their rules
    heading = {
        "Check": "## Cancel a booking",
        "Confirm": "## Cancel a booking",
        "The renter": "## Issue a refund",
    }
    title = next((h for start, h in heading.items() if sentence.startswith(start)), "## Rules")
    built = _build(tmp_path, [title, sentence])
    found = [p for p in _prose(built) if p.operator == operator and p.target == tool]
    assert found, [(p.operator, p.target) for p in _prose(built)]
    dumped = found[0].condition.model_dump(mode="json")
    assert {k: dumped[k] for k in condition} == condition


NOT_COMPILED: list[tuple[str, str]] = [
    # sentence, the diagnostic that says which part failed
    ("Offer a credit of $20 per rental day.", "bound-not-representable"),
    ("Do not change the number of drivers.", "argument-restriction-not-compiled"),
    ("You must send a receipt when a rental ends.", "rule-not-compiled"),
    ("You must always be polite.", "rule-not-compiled"),
    ("Be polite and brief.", "rule-not-compiled"),
    ("Booking numbers use the format 'BK-<NUMBER>'.", "rule-not-compiled"),
    ("The usual vehicle classes are: 'compact', 'suv'.", "rule-not-compiled"),
    ("You are allowed to waive a late fee after the renter has paid.", "rule-not-compiled"),
]


@pytest.mark.parametrize(("sentence", "code"), NOT_COMPILED)
def test_what_cannot_compile_is_located_and_named(tmp_path: Path, sentence: str, code: str) -> None:
    built = _build(tmp_path, [sentence])
    assert _prose(built) == []
    notes = [d for d in built.state.diagnostics if d.code == code]
    assert notes
    assert notes[0].span is not None
    assert notes[0].span.start_line == 1
    assert "reads like a rule but no pattern compiles it" not in notes[0].message


# --- never stronger than stated -----------------------------------------------------------------

UNBOUND: list[str] = [
    "Do not cancel a booking if any part of the rental has already started.",
    "Refunds cannot be issued when the booking is older than 30 days.",
    "Never cancel a booking unless the renter has returned the keys.",
    "A booking must not be cancelled while the car is on the road.",
    "Do not cancel bookings that the renter did not make.",
    "Only cancel a booking when the renter is travelling abroad.",
]


@pytest.mark.parametrize("sentence", UNBOUND)
def test_a_condition_not_bound_never_becomes_an_unconditional_deny(
    tmp_path: Path, sentence: str
) -> None:
    built = _build(tmp_path, [sentence])
    policies = _prose(built)
    assert policies, "the rule is kept, for review"
    assert all(p.enforcement == "review_only" for p in policies)
    assert "condition-not-bound" in _notes(built)
    kept = [c for c in built.bundle.candidates if c.condition]
    assert kept
    # the sentence's own words; "only X when C" forbids X unless C (never "when C")
    said = kept[0].condition.removeprefix("unless ")
    assert said in sentence
    if sentence.startswith("Only"):
        assert kept[0].condition.startswith("unless ")


def test_a_pattern_rule_under_a_condition_keeps_it(tmp_path: Path) -> None:
    """A limit the phrase patterns read ("at most two") under a condition they do not
    read is reviewed, not enforced for every call."""
    built = _build(tmp_path, ["If the renter is new, call `pay_booking` at most 2 times."])
    policies = _prose(built)
    assert policies
    assert all(p.enforcement == "review_only" for p in policies)
    assert "condition-not-bound" in _notes(built)


# --- enumerations spread over every tool taking the argument ------------------------------------

ENUMERATIONS: list[tuple[str, list[str] | None]] = [
    # sentence, the allowed values (None: not an exhaustive list)
    ("The accepted vehicle classes are: 'compact', 'suv', 'van'.", ["compact", "suv", "van"]),
    ("Vehicle classes must be one of 'compact' or 'van'.", ["compact", "van"]),
    ("The typical vehicle classes are: 'compact', 'suv', 'van'.", None),
    ("Popular vehicle classes include 'compact' and 'suv'.", None),
]


@pytest.mark.parametrize(("sentence", "allowed"), ENUMERATIONS)
def test_an_enumeration_constrains_the_argument_of_every_tool(
    tmp_path: Path, sentence: str, allowed: list[str] | None
) -> None:
    built = _build(tmp_path, [sentence])
    found = {
        p.target: p.condition.model_dump(mode="json")
        for p in _prose(built)
        if p.operator == "resource_in_allowlist"
    }
    if allowed is None:
        assert found == {}
        return
    assert set(found) == {"find_cars", "reserve_car"}
    for condition in found.values():
        assert condition["selector"]["arg"] == "vehicle_class"
        assert sorted(condition["allowed"]) == sorted(allowed)


def test_an_enumeration_no_tool_takes_is_reported(tmp_path: Path) -> None:
    built = _build(tmp_path, ["The accepted fuel levels are: 'full', 'half'."])
    assert _prose(built) == []
    assert "unknown-argument" in _notes(built)


def test_a_coordinated_check_comes_before_the_action(tmp_path: Path) -> None:
    sentence = (
        "A booking can only be cancelled if its status is 'reserved', and you should check "
        "its status before taking the action."
    )
    built = _build(tmp_path, [sentence])
    found = {(p.operator, p.target) for p in _prose(built)}
    assert ("state_condition", "cancel_booking") in found
    ordering = [p for p in _prose(built) if p.operator == "require_before"]
    assert [(p.target, p.condition.model_dump()["before"]) for p in ordering] == [
        ("cancel_booking", "get_booking")
    ]


# --- numbered steps in order --------------------------------------------------------------------

SEQUENCES: list[tuple[str, list[tuple[str, str]], bool]] = [
    # text, (tool, required before) pairs, scoped (kept for review)
    (
        "To close a rental, follow these steps in order: 1) get the booking, 2) issue the "
        "refund, and 3) cancel the booking.",
        [("issue_refund", "get_booking"), ("cancel_booking", "issue_refund")],
        True,
    ),
    (
        "Always follow this order: 1. Get the booking. 2. Cancel the booking.",
        [("cancel_booking", "get_booking")],
        False,
    ),
]


@pytest.mark.parametrize(("text", "pairs", "scoped"), SEQUENCES)
def test_numbered_steps_require_each_other_in_order(
    tmp_path: Path, text: str, pairs: list[tuple[str, str]], scoped: bool
) -> None:
    built = _build(tmp_path, [text])
    found = [
        (p.target, p.condition.model_dump()["before"])
        for p in _prose(built)
        if p.operator == "require_before"
    ]
    assert sorted(found) == sorted(pairs)
    assert ("condition-not-bound" in _notes(built)) is scoped
    assert "rule-not-compiled" not in _notes(built)


STATES: list[tuple[str, str, dict[str, Any]]] = [
    # sentence, tool, condition subset: the entity's state the action is allowed in
    (
        "Only bookings with a status of 'reserved' may be cancelled.",
        "cancel_booking",
        {"field": "status", "allowed": ["reserved"]},
    ),
    (
        "Cancellation of a booking is allowed only when its status is 'reserved'.",
        "cancel_booking",
        {"field": "status", "allowed": ["reserved"]},
    ),
    (
        "A booking cannot be cancelled when its stage is 'on_road'.",
        "cancel_booking",
        {"field": "stage", "denied": ["on_road"]},
    ),
]


@pytest.mark.parametrize(("sentence", "tool", "condition"), STATES)
def test_state_conditions_in_other_words(
    tmp_path: Path, sentence: str, tool: str, condition: dict[str, Any]
) -> None:
    built = _build(tmp_path, [sentence])
    found = [p for p in _prose(built) if p.operator == "state_condition" and p.target == tool]
    assert found, [(p.operator, p.target) for p in _prose(built)]
    dumped = found[0].condition.model_dump(mode="json")
    assert {k: dumped[k] for k in condition} == condition


PROCEDURES: list[tuple[list[str], list[tuple[str, str]]]] = [
    # paragraphs, (tool, required before) pairs
    (
        ["First get the booking. If it is missing, stop. Then cancel the booking."],
        [("cancel_booking", "get_booking")],
    ),
    (["First get the booking, then issue the refund."], [("issue_refund", "get_booking")]),
    (["Then cancel the booking."], []),  # a continuation with nothing before it
]


@pytest.mark.parametrize(("paragraphs", "pairs"), PROCEDURES)
def test_procedural_prose_orders_its_steps(
    tmp_path: Path, paragraphs: list[str], pairs: list[tuple[str, str]]
) -> None:
    built = _build(tmp_path, paragraphs)
    found = [
        (p.target, p.condition.model_dump()["before"])
        for p in _prose(built)
        if p.operator == "require_before"
    ]
    assert found == pairs


def test_what_is_checked_is_not_a_condition() -> None:
    clause = parse("Check if the booking is still open.")
    assert clause.condition is None
    assert clause.action == "check booking"


def test_a_generic_action_applies_to_every_tool_of_its_family(tmp_path: Path) -> None:
    """`update booking` names each `update_booking_*` tool: the rule holds for all of them,
    reviewed (a tie is no sure resolution), and a note says so."""
    extra = [
        _tool(f"update_booking_{what}", f"Change the {what} of a booking.", booking_id="string")
        for what in ("time", "vehicle")
    ]
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps([*TOOLS, *extra]))
    prompt = tmp_path / "prompt.md"
    prompt.write_text("A booking can only be updated if its status is 'reserved'.\n")
    built = build_agent(tmp_path, [prompt], [tools])
    found = {p.target: p.enforcement for p in _prose(built) if p.operator == "state_condition"}
    family = ("update_booking_drivers", "update_booking_time", "update_booking_vehicle")
    assert found == dict.fromkeys(family, "review_only")
    assert "mention-spread" in _notes(built)


RELATIVES: list[tuple[str, str, str, dict[str, Any]]] = [
    # sentence, operator, tool, condition subset
    (
        "Never cancel a booking that has not been paid.",
        "require_before",
        "cancel_booking",
        {"before": "pay_booking"},
    ),
    (
        "Do not quote prices or fees not provided by the renter or the tools.",
        "arg_grounded",
        "*",
        {"from_user": True, "from_tools": ["*"]},
    ),
]


@pytest.mark.parametrize(("sentence", "operator", "tool", "condition"), RELATIVES)
def test_what_a_relative_clause_says(
    tmp_path: Path, sentence: str, operator: str, tool: str, condition: dict[str, Any]
) -> None:
    built = _build(tmp_path, [sentence])
    found = [p for p in _prose(built) if p.operator == operator and p.target == tool]
    assert found, [(p.operator, p.target) for p in _prose(built)]
    dumped = found[0].condition.model_dump(mode="json")
    assert {k: dumped[k] for k in condition} == condition
    assert not [p for p in _prose(built) if p.operator == "deny_action"]


def test_a_confirmation_listing_several_actions_covers_each(tmp_path: Path) -> None:
    """Confirmation scope: every action the sentence lists needs the user's yes."""
    sentence = (
        "Before taking actions that change a booking (cancel, pay, refund), obtain explicit "
        "renter confirmation."
    )
    built = _build(tmp_path, [sentence])
    found = {p.target for p in _prose(built) if p.operator == "require_confirmation"}
    assert found == {"cancel_booking", "pay_booking", "issue_refund"}
