"""Session 47: tools named by opaque code names (`HAWK`, one word in capitals) read as ids
(`specgap.extract.ids7_respell`); a prompt line in capitals, a telegram's STOPs
(`specgap.extract.shouted47`); a tool's id said as a noun with no verb (`terse47`); a state
of "the account" bound to the `account_status` a read of the call's entity lists; reads
found by a description that opens with a label, or that returns the entity's id first
(`specgap.resolve.state_reads`); a value's source rule held to the verb that opens the
sentence (`specgap.extract.value_scopes`). Sentences, ids and descriptions written for these
tests, in a made-up car-rental desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ids7_respell import _spellings
from specgap.extract.shouted47 import _respelled, _shouted
from specgap.extract.terse47 import spellings
from tests.probes import desk_policies, enforced, read, shown
from tests.probes import spec as T

CODES = [
    T(
        "FALCON",
        "Looks up a renter by email or phone and returns renter_id, name, account_status "
        "(active, suspended or closed) and the mobile on record.",
        email="string",
        phone="string",
    ),
    T(
        "OWL",
        "Reads a rental: car, dates, drivers, status (held, paid, collected, returned or "
        "cancelled).",
        rental_id="string",
    ),
    T("EAGLE", "Creates a rental for a renter on a car.", renter_id="string", car_id="string"),
    T("HAWK", "Cancels a rental.", rental_id="string"),
    T(
        "KITE",
        "Charges a saved card for a rental.",
        rental_id="string",
        card_token="string",
        amount_gbp="number",
        timeout_seconds="integer",
    ),
    T("SWIFT", "Moves a rental to new dates.", rental_id="string", new_start="string"),
]


def _policies(tmp_path: Path, text: str, tools: list[dict[str, Any]] = CODES) -> list[Any]:
    return desk_policies(tmp_path, text, tools)


def test_code_names_in_capitals_are_respelled_as_ids_of_the_same_length() -> None:
    said = _spellings(["HAWK", "FALCON", "VISITADD", "PAYCHRG", "RT03"])
    assert said["HAWK"] == "ha_k"
    assert said["FALCON"] == "fa_con"
    assert said["VISITADD"] == "visitAdd"
    assert said["PAYCHRG"] == "payChrg"
    assert all(len(v) == len(k) for k, v in said.items())
    assert "OWL" not in _spellings(["OWL"])  # three letters: no snake_case spelling fits


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        ("HAWK only while the rental is held or paid.", "state_condition", "HAWK",
         {"field": "status", "allowed": ["held", "paid"]}),
        ("SWIFT never while the rental is collected.", "state_condition", "SWIFT",
         {"field": "status", "denied": ["collected"]}),
        ("KITE timeout 25 seconds at most.", "timeout_leq", "KITE", {"max_seconds": 25}),
        ("KITE amount up to 500.", "arg_within_bound", "KITE", {"arg": "amount_gbp", "max": 500}),
        ("KITE twice a chat, not thrice.", "max_calls", "KITE", {"max": 2}),
        ("Call OWL before HAWK.", "require_before", "HAWK", {"before": "OWL"}),
    ],
)  # fmt: skip
def test_a_code_name_said_as_a_noun_is_its_call(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = _policies(tmp_path, text)
    assert enforced(policies, operator, tool, **params), shown(policies)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("ha_k only while the rental is held.", "Only call `ha_k` while the rental is held."),
        ("ki_e never more than four cycles.", "Never call `ki_e` with more than four cycles."),
        ("sw_ft never on a returned rental.", "Never call `sw_ft` on a returned rental."),
        ("ki_e twice a chat.", "Call `ki_e` at most two times per chat."),
        ("ki_e three times per rental at most.", "Call `ki_e` at most three times per rental."),
        ("ki_e timeout 25 seconds at most.",
         "Only call `ki_e` if the timeout is at most 25 seconds."),
        ("ki_e amount no more than 90.", "Only call `ki_e` if the amount is no more than 90."),
    ],
)  # fmt: skip
def test_terse_forms_are_said_with_call(text: str, said: str) -> None:
    assert [s for _, s in spellings(text)] == [said]


@pytest.mark.parametrize(
    "text",
    [
        "ha_k is the cancel function.",  # a description, no rule word
        "ha_k only.",  # nothing it is restricted to
        "Only ha_k staff may do that.",  # the id is no subject here
        "ha_k never fails on a held rental.",  # a verb follows: the grammar's own reading
    ],
)
def test_terse_forms_leave_other_sentences(text: str) -> None:
    assert spellings(text) == []


def test_no_calls_while_a_state_holds_binds_where_the_call_names_its_entity(
    tmp_path: Path,
) -> None:
    text = "No EAGLE and no KITE while the account is suspended or closed."
    policies = _policies(tmp_path, text)
    # EAGLE names the renter, whose read lists account_status: the field, enforced
    assert enforced(
        policies, "state_condition", "EAGLE", field="account_status", denied=["suspended", "closed"]
    ), shown(policies)
    # KITE names a rental, not the renter: never a flat ban, and never enforced
    kite = [p for p in policies if p.target == "KITE"]
    assert kite, shown(policies)
    assert all(p.enforcement == "review_only" for p in kite), shown(policies)
    assert not any(p.operator == "deny_action" and not p.condition for p in kite), shown(policies)


def test_a_telegram_in_capitals_reads_as_sentences(tmp_path: Path) -> None:
    text = "HAWK ONLY WHILE RENTAL IS HELD OR PAID STOP TWO KITE PER RENTAL AT MOST STOP"
    policies = _policies(tmp_path, text)
    assert enforced(policies, "state_condition", "HAWK", field="status", allowed=["held", "paid"])
    assert enforced(policies, "max_calls", "KITE", max=2), shown(policies)
    quotes = {p.source.quote for p in policies if p.target in {"HAWK", "KITE"}}
    assert "TWO KITE PER RENTAL AT MOST " in quotes, quotes  # the file's own characters


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("ONE CALL AT A TIME STOP WAIT FOR EACH ANSWER STOP",
         "One call at a time.     Wait for each answer.    "),
        ("- NEVER STOP A RENTAL EARLY STOP", "- Never stop a rental early.    "),
        ("IMPORTANT: NEVER DELETE A RENTER.", "Important: never delete a renter."),
        ("ha_k ONLY FOR HELD RENTALS.", "ha_k only for held rentals."),
    ],
)  # fmt: skip
def test_a_line_in_capitals_is_respelled_in_lower_case(line: str, said: str) -> None:
    assert _shouted(line)
    assert _respelled(line) == said
    assert len(said) == len(line)


@pytest.mark.parametrize(
    "line",
    [
        "## RENTALS",  # one word
        "(Clerk's note: the sender paid for a reply.)",
        "Call OWL before HAWK and KITE.",  # a line in lower case that names code names
        "NO REFUNDS on Sundays.",  # one word in lower case: the line is not shouted
    ],
)
def test_lines_not_in_capitals_stay_as_written(line: str) -> None:
    assert not _shouted(line)


def test_a_read_whose_description_opens_with_a_label_holds_the_state(tmp_path: Path) -> None:
    tools = [
        T(
            "FindRenterButton_Click",
            "The Find Renter button. Finds a renter by phone.",
            phone="string",
        ),
        T(
            "OpenRentalMenuItem_Click",
            "The Open Rental menu item. Reads a rental: car, status (held, paid or returned).",
            rental_id="string",
        ),
        T("CancelRentalButton_Click", "The Cancel Rental button.", rental_id="string"),
    ]
    text = "Only held or paid rentals are cancelled."
    policies = _policies(tmp_path, text, tools)
    assert enforced(
        policies,
        "state_condition",
        "CancelRentalButton_Click",
        field="status",
        read=["OpenRentalMenuItem_Click"],
    ), shown(policies)


def test_an_imperative_label_is_no_read(tmp_path: Path) -> None:
    # "Close a rental. Reads ..." opens with its act: a write, whatever it reads first
    from specgap.registry import Tool
    from specgap.resolve.state_reads import _is_read

    acts = Tool(id="X1", description="Close a rental. Reads the rental's status first.")
    label = Tool(id="X2", description="Rental inquiry. Reads a rental: status (held or paid).")
    told = Tool(id="X3", description="Charges a card. Read the rental with OWL beforehand.")
    assert not _is_read(acts)
    assert _is_read(label)
    assert not _is_read(told)


def test_a_read_that_returns_the_entitys_id_first_is_one_of_its_reads(tmp_path: Path) -> None:
    text = "Never create a rental for a renter whose account_status is suspended."
    policies = _policies(tmp_path, text)
    assert read(policies, "state_condition", "EAGLE", field="account_status", read=["FALCON"]), (
        shown(policies)
    )


def test_a_source_rule_holds_for_the_verb_that_opens_the_sentence(tmp_path: Path) -> None:
    tools = [
        T("search_cars", "Lists cars: car_id, class, price.", date="string"),
        T("book_car", "Books a car for a renter.", car_id="string", renter_id="string"),
        T("swap_car", "Swaps the car of a rental.", rental_id="string", new_car_id="string"),
    ]
    text = "Book only a car that search_cars has shown in the same chat."
    policies = _policies(tmp_path, text, tools)
    assert read(policies, "arg_grounded", "book_car", from_tools=["search_cars"]), shown(policies)
    assert not read(policies, "arg_grounded", "swap_car"), shown(policies)


CAR = [
    T(
        "find_renter",
        "Looks up a renter by phone and returns renter_id, the mobile on record and saved "
        "cards (card_token).",
        phone="string",
    ),
    T("verify_renter", "Checks a renter's postcode; returns passed.", renter_id="string"),
    T("get_rental", "Reads a rental: car, status (held or paid).", rental_id="string"),
    T("cancel_rental", "Cancels a rental.", rental_id="string"),
    T("send_text", "Sends a text message to a mobile number.", mobile="string", template="string"),
]


@pytest.mark.parametrize(
    "text",
    [
        "VERIFY: verify_renter has to pass before cancel_rental is used.",
        "9 *Prove it's you (6)* VERIFY: verify_renter has to pass before cancel_rental is used.",
        "- VERIFY RENTER: verify_renter has to pass before cancel_rental is used.",
    ],
)
def test_a_label_in_capitals_before_a_sentence_naming_a_tool_is_blanked(
    tmp_path: Path, text: str
) -> None:
    policies = _policies(tmp_path, text, CAR)
    assert enforced(policies, "require_before", "cancel_rental", before="verify_renter"), shown(
        policies
    )
    quotes = {p.source.quote for p in policies if p.operator == "require_before"}
    assert all(q.lstrip("- ").startswith(text.lstrip("- ")[:5]) for q in quotes), quotes


@pytest.mark.parametrize(
    "line",
    [
        "Before a refund: verify_renter has to pass first.",  # a scope in words: read whole
        "GOLD MEMBERS: cancel_rental needs no reason.",  # a scope the rest does not say
        "WEEKENDS: cancel_rental at most twice a chat.",
        "REFUNDS: only for a cancelled rental.",  # no tool named: the label is the action
    ],
)
def test_a_label_that_may_scope_the_rule_is_kept(line: str) -> None:
    from specgap.artifacts import Artifact
    from specgap.extract.label47 import unlabelled
    from specgap.extract.segments import markdown_sentences

    artifact = Artifact("prompt", "p.md", f"{line}\n", "0", None, {})
    tools = frozenset({"verify_renter", "cancel_rental"})
    (sentence,) = list(markdown_sentences(artifact))
    (kept,) = list(unlabelled([sentence], tools))
    assert kept.text == sentence.text


def test_a_tool_named_only_as_a_values_source_is_never_the_implicit_target(
    tmp_path: Path,
) -> None:
    # "three times a chat at most" names no tool: the tool the sentence names as where the
    # mobile comes from is its other party, never the one counted
    text = "TEXTS: send_text goes to the mobile find_renter holds, three times a chat at most."
    policies = _policies(tmp_path, text, CAR)
    counted = [p for p in policies if p.operator == "max_calls"]
    assert counted, shown(policies)
    assert all(p.target != "find_renter" for p in counted), shown(policies)


@pytest.mark.parametrize(
    ("text", "operator", "tool"),
    [
        ("page_manager is not the desk's to run, on any chat.", "deny_action", "page_manager"),
        ("page_manager is never yours to fire.", "deny_action", "page_manager"),
        ("charge_card waits 15 seconds at most, as set in timeout_seconds.", "timeout_leq",
         "charge_card"),
    ],
)  # fmt: skip
def test_a_tool_kept_from_the_desk_or_bounded_in_its_own_words(
    tmp_path: Path, text: str, operator: str, tool: str
) -> None:
    tools = [
        *CAR,
        T("page_manager", "Pages the duty manager.", note="string"),
        T("charge_card", "Charges a saved card.", card_token="string", timeout_seconds="integer"),
    ]
    policies = _policies(tmp_path, text, tools)
    assert enforced(policies, operator, tool), shown(policies)


def test_a_ban_for_some_renters_keeps_them_as_its_condition(tmp_path: Path) -> None:
    tools = [*CAR, T("page_manager", "Pages the duty manager.", note="string")]
    policies = _policies(tmp_path, "page_manager is forbidden for renters in arrears.", tools)
    bans = [p for p in policies if p.target == "page_manager" and p.operator == "deny_action"]
    assert bans, shown(policies)
    assert all(p.enforcement == "review_only" for p in bans), shown(policies)


def test_a_file_or_unit_type_is_no_word_of_the_tools_name() -> None:
    from specgap.resolve.text import own_part, own_words

    assert own_part("session-book.service") == "session-book"
    assert own_words("send-sms.sh") == ["send", "sms"]
    assert own_part("member-hub.member_profile") == "member_profile"  # a service before it


@pytest.mark.parametrize(
    "text",
    [
        "Never create a rental while account_status stands at suspended.",
        "Never create a rental while account_status sits at suspended.",
        "Never create a rental while account_status is suspended.",
    ],
)
def test_a_field_of_the_entity_the_call_names_is_that_entitys(tmp_path: Path, text: str) -> None:
    # the field is the renter's (its read lists it), not the rental's the sentence names
    tools = [
        *CODES[:1],
        T("create_rental", "Creates a rental.", renter_id="string", car_id="string"),
    ]
    policies = _policies(tmp_path, text, tools)
    assert enforced(
        policies, "state_condition", "create_rental", field="account_status", denied=["suspended"]
    ), shown(policies)


def test_a_counts_scope_said_where_its_act_was_elided_names_no_tool(tmp_path: Path) -> None:
    tools = [*CAR, T("add_extras", "Adds extras to a rental.", rental_id="string", item="string")]
    text = "Extras are added only to a held or paid rental, and for each rental only once."
    policies = _policies(tmp_path, text, tools)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert counts, shown(policies)
    # the act is the sentence's (adding extras), never a tool "for each rental" resembles
    assert all(p.target == "add_extras" for p in counts), shown(policies)
    assert all(p.enforcement == "review_only" for p in counts), shown(policies)  # inferred


def test_any_act_said_as_a_noun_still_names_its_tool(tmp_path: Path) -> None:
    tools = [*CAR, T("refund_card", "Refunds a card payment.", rental_id="string")]
    policies = _policies(tmp_path, "Run verify_renter before any refund.", tools)
    assert enforced(policies, "require_before", "refund_card", before="verify_renter"), shown(
        policies
    )
