"""Session 37: shapes a translated code of numbered paragraphs and a knowledge base used that no
reader read: paragraphs led by a section sign ("§ 4 ..."), thousands parted by a space ("4 000"),
a passive of several participles the imperative verbs leave out ("is shown, moved or
cancelled"), two "before" phrases joined by "and", a step that "must have come back passed"
after the acts it guards, a "re-" written with its hyphen, and tool ids written as shell
abbreviations (`mkbook`, `lsrider`). Sentences written for these tests, in a made-up cargo-bike
hire desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.befores37 import respelt as respelt_befores
from specgap.extract.ids7_respell import _abbreviated
from specgap.extract.order_words import coordinated_gerunds
from specgap.extract.passed36 import respelt as respelt_passed
from specgap.extract.segments import _grouped, _unnumbered
from specgap.resolve.text import split
from tests.probes import desk_policies, fits, has_policy, shown, spec

CARGO = [
    spec("find_rider", "Finds a rider by email.", email="string"),
    spec("verify_rider", "Compares a postcode with the rider record.", postcode="string"),
    spec("show_hire", "Show hire: prints a hire's status.", hire_id="string"),
    spec("move_hire", "Moves a hire to another day.", hire_id="string"),
    spec("cancel_hire", "Cancels a hire.", hire_id="string"),
    spec("take_payment", "Take payment: charges a saved card.", amount_gbp="number"),
    spec("request_recheck", "Asks for a bike to be checked again.", hire_id="string"),
]

# the same desk, its tools named as shell abbreviations
SHELL = [
    spec("lsrider", "List rider: finds a rider by email.", email="string"),
    spec("chkrider", "Check rider: compares a postcode with the record.", postcode="string"),
    spec("mkbook", "Make booking: books a cargo bike.", slot_id="string"),
    spec("rmbook", "Remove booking: cancels a booking.", booking_id="string"),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


def test_section_signed_paragraphs_are_sentences_of_their_own(tmp_path: Path) -> None:
    text = (
        "§ 1 verify_rider runs before a hire is moved.\n"
        "§ 2 Never call cancel_hire.\n"
        "§ 3 A single payment is at most 4 000 pounds.\n"
    )
    policies = desk_policies(tmp_path, text, CARGO)
    assert has_policy(policies, "deny_action", "cancel_hire", "enforce"), shown(policies)
    lines = {p.operator: p.source.span.start_line for p in policies}
    assert lines["deny_action"] == 4  # its own line, not the paragraph's first
    assert read(policies, "arg_within_bound", "take_payment", max=4000), shown(policies)


@pytest.mark.parametrize(
    ("text", "blanked"),
    [
        ("§ 4 Commands are run singly.", True),
        ("§12a The rider confirms.", True),
        ("§§ 3.2 Refunds go to the card.", True),
        ("Section 4 applies.", False),
    ],
)
def test_a_section_sign_is_no_word_of_its_rule(text: str, blanked: bool) -> None:
    said = _unnumbered(text)
    assert len(said) == len(text)
    assert (said != text) is blanked


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("at most 4 000 kronor", "at most 4,000 kronor"),
        ("12 500 points and 2 400 000 SEK", "12,500 points and 2,400,000 SEK"),
        ("call 0800 123 4567", "call 0800 123 4567"),  # a phone number, no figure
        ("rows 1 2 3", "rows 1 2 3"),
        ("on 1 200.5", "on 1 200.5"),  # a decimal point: left as written
    ],
)
def test_thousands_parted_by_a_space(text: str, said: str) -> None:
    assert _grouped(text) == said


def test_irregular_participles_of_a_passive_are_each_an_act() -> None:
    assert coordinated_gerunds("the hire is shown, moved or cancelled") == (
        "showing, moving or canceling the hire"
    )
    assert coordinated_gerunds("the fee is taken or held") == "taking or holding the fee"
    # "is done", "is seen": no act of the agent
    assert coordinated_gerunds("the hire is done or seen") == "the hire is done or seen"


def test_a_fronted_passive_of_three_participles(tmp_path: Path) -> None:
    text = "Run verify_rider before a hire is shown, moved or cancelled."
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("show_hire", "move_hire", "cancel_hire"):
        assert has_policy(policies, "require_before", later, "enforce", before="verify_rider"), (
            shown(policies)
        )


def test_two_before_phrases_joined_by_and(tmp_path: Path) -> None:
    text = (
        "Before a hire is shown, moved or cancelled, and before taking a payment or asking "
        "for a re-check, verify_rider must have come back passed."
    )
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("show_hire", "move_hire", "cancel_hire", "take_payment", "request_recheck"):
        assert has_policy(policies, "require_before", later, "enforce", before="verify_rider"), (
            shown(policies)
        )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Run x before a hire is moved or cancelled, and before a payment is taken.",
            "Run x before moving or canceling a hire or taking a payment.",
        ),
        (
            "Before showing a hire and before money is paid back, run x.",
            "Before showing a hire or paying the money back, run x.",
        ),
        ("Call us before noon and before the weekend.", None),  # times, no acts
        ("Run x before a hire is moved.", None),  # one phrase: as it is
    ],
)
def test_joined_before_phrases_respelt(text: str, said: str | None) -> None:
    assert respelt_befores(text) == said


def test_a_step_that_has_to_pass_before_acts_named_by_nouns(tmp_path: Path) -> None:
    text = "verify_rider has to pass before a cancellation or a move."
    policies = desk_policies(tmp_path, text, CARGO)
    for later in ("move_hire", "cancel_hire"):  # (a noun of an act: at least reviewed)
        assert read(policies, "require_before", later, before="verify_rider"), shown(policies)
    # a person's step is no tool's
    assert respelt_passed("Before a hire is moved, the rider must have agreed.") is None


def test_re_prefix_with_its_hyphen_is_one_word() -> None:
    assert split("ask for a re-check") == ("ask", "for", "a", "recheck")
    assert split("requestRecheck") == ("request", "recheck")
    assert split("a pre-check") == ("a", "pre", "check")  # only "re-"


@pytest.mark.parametrize(
    ("tool", "said"),
    [
        ("lsrider", "lsRider"),
        ("chkid", "chkId"),
        ("mkbook", "mkBook"),
        ("sendsms", "sendSms"),  # the lexicon's verb, in its base form
        ("refund", ""),  # a word of English
        ("catvisit", ""),  # `fused` parts it (cat, visit)
        ("kyc", ""),  # no verb opens it
    ],
)
def test_shell_abbreviated_ids(tool: str, said: str) -> None:
    assert _abbreviated(tool) == said


def test_rules_naming_shell_abbreviated_ids_are_read(tmp_path: Path) -> None:
    text = "Every conversation begins with lsrider.\nBefore a booking is removed, run chkrider."
    policies = desk_policies(tmp_path, text, SHELL)
    assert read(policies, "require_before", "*", before="lsrider"), shown(policies)
    assert has_policy(policies, "require_before", "rmbook", "enforce", before="chkrider"), shown(
        policies
    )


def test_a_description_titled_by_its_act_gives_its_verb() -> None:
    from specgap.extract.grammar_words import verbs_of_tools

    assert "show" in verbs_of_tools(["rq7"], {"rq7": "Show visit: prints a visit's status."})
    # a sentence with a colon, not a title
    assert "get" not in verbs_of_tools(["rq7"], {"rq7": "Get a booking: status (HELD)."})


CHARGE = [
    spec("find_driver", "Finds a driver.", email="string"),
    spec("reset_unit", "Restarts a unit.", reset_type="string", timeout_seconds="integer"),
    spec("start_session", "Starts a charging session.", max_kwh="number"),
    spec("override_tariff", "Sets a price per kWh at a site.", price="number"),
]


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        ("Soft resets only; never set reset_type to hard.", "deny_action", "reset_unit",
         {"values": ["hard"]}),
        # (a ceiling on a timeout argument is the call's timeout: `timeout_leq`)
        ("Give the unit 90 seconds to answer: timeout_seconds stays at 90 or below.",
         "timeout_leq", "reset_unit", {"max_seconds": 90}),
    ],
)  # fmt: skip
def test_a_clause_read_alone_when_the_sentence_states_no_rule(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, CHARGE)
    assert has_policy(policies, operator, tool, "enforce", **params), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        # a label's clause is the label's group's only: never read alone as everyone's
        "Concert venues: the price can go up to 150.",
        # a clause that points back is the earlier clause's
        "Open the account with find_driver; no reset is made without it.",
    ],
)
def test_clauses_not_read_alone(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, CHARGE)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("`timeout_seconds` stays at 90 or below.", "Keep `timeout_seconds` at 90 or below."),
        ("Set max_kwh between 5 and 80.", "Keep max_kwh between 5 and 80."),
        ("Set max_kwh to at most 80.", "Keep max_kwh at most 80."),
        ("reset_type hard is never sent from the chat.", "Never set reset_type to hard."),
        ("The reset_type is never hard.", "Never set reset_type to hard."),
        ("hours must be from 1 to 5.", "hours must be between 1 and 5."),
        ("The notes_text is never empty.", None),  # no value of it
        ("Set the time.", None),
    ],
)
def test_an_argument_said_as_the_subject_of_its_limit(text: str, said: str | None) -> None:
    from specgap.extract.argsaid37 import respelt

    assert respelt(text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("override_tariff belongs to the pricing team, and the assistant must leave it alone.",
         "Never call override_tariff."),
        ("override_tariff is run by the pricing manager and never by the assistant.",
         "Never call override_tariff."),
        ("It changes prices; only the pricing team runs it, never the assistant.", None),
        ("override_tariff changes prices; only the pricing team runs it, never the assistant.",
         "Never call override_tariff."),
        ("The assistant must leave `override_tariff` alone.", "Never call `override_tariff`."),
        ("override_tariff is for the assistant only.", None),  # the assistant is no other
        ("find_driver is for drivers with a card.", None),  # for whom, not whose
        ("find_driver belongs to the booking desk.", None),  # no person nor team
    ],
)  # fmt: skip
def test_a_tool_said_to_be_another_partys(text: str, said: str | None) -> None:
    from specgap.extract.reserved37 import respelt

    assert respelt(text) == said


def test_another_partys_tool_is_never_called(tmp_path: Path) -> None:
    text = "override_tariff is run by the pricing manager and never by the assistant."
    policies = desk_policies(tmp_path, text, CHARGE)
    assert has_policy(policies, "deny_action", "override_tariff", "enforce"), shown(policies)


EXAM = [
    spec("find_candidate", "Finds a candidate. Returns account_status (active or blocked).",
         email="string"),
    spec("open_booking", "Opens a booking: its status (reserved, paid, sat or no_show).",
         booking_id="string"),
    spec("move_booking", "Moves a booking to another sitting.", booking_id="string",
         candidate_id="string"),
    spec("add_extra", "Adds an extra to a booking.", booking_id="string", extra="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        # a state had, said as the state readers read it
        ("A booking can be moved twice, provided it still has the status paid.",
         "state_condition", "move_booking", {"allowed": ["paid"]}),
        # a restriction after ", and only"
        ("Extras may be added with add_extra, and only to a booking whose status is paid.",
         "state_condition", "add_extra", {"allowed": ["paid"]}),
        # a step, then an act under its own restriction: the restriction is the act's
        ("Open the booking with open_booking, then move that same booking only while its "
         "status is reserved or paid.",
         "state_condition", "move_booking", {"allowed": ["paid", "reserved"]}),
    ],
)  # fmt: skip
def test_states_said_another_way(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, EXAM)
    assert has_policy(policies, operator, tool, "enforce", **params), shown(policies)
    # never on the step's own tool
    assert not read(policies, "state_condition", "open_booking"), shown(policies)


def test_a_field_said_by_its_thing_alone() -> None:
    from specgap.extract.hasstatus37 import respelt

    assert respelt("Refund a booking with the status paid or cancelled.") == (
        "Refund a booking whose status is paid or cancelled."
    )
    assert respelt("The status is open.") is None


def test_whose_account_is_blocked_is_its_account_status(tmp_path: Path) -> None:
    text = "A candidate whose account is blocked may not move a booking."
    policies = desk_policies(tmp_path, text, EXAM)
    assert read(
        policies, "state_condition", "move_booking", field="account_status", denied=["blocked"]
    ), shown(policies)


# an embedded-C HAL's functions: a vendor's tag, a module, a verb
HAL = [
    spec("ZAP_DRIVER_Lookup", "Driver lookup. Returns driver_id and account_status (active, "
         "suspended or closed).", email="string"),
    spec("ZAP_DRIVER_Verify", "Identity check. Returns passed.", driver_id="string"),
    spec("ZAP_SESSION_Start", "Starts a charging session remotely.", driver_id="string"),
    spec("ZAP_CARD_Order", "Orders a replacement card by post.", driver_id="string"),
    spec("ZAP_MSG_SendSms", "Sends a text message.", template="string"),
    spec("ZAP_FIELD_RaiseTicket", "Opens a field ticket about a unit.", summary="string"),
]  # fmt: skip


def test_a_vendor_tagged_lookup_reads_its_entity(tmp_path: Path) -> None:
    text = (
        "Drivers whose account_status reads suspended or closed get neither a remote start "
        "nor a replacement card."
    )
    policies = desk_policies(tmp_path, text, HAL)
    for tool in ("ZAP_SESSION_Start", "ZAP_CARD_Order"):
        assert read(
            policies, "state_condition", tool, field="account_status",
            denied=["suspended", "closed"], read=["ZAP_DRIVER_Lookup"],
        ), shown(policies)  # fmt: skip


def test_a_flow_into_nouns_of_two_sinks(tmp_path: Path) -> None:
    text = "Nothing that ZAP_DRIVER_Verify returns is ever copied into a text or a field ticket."
    policies = desk_policies(tmp_path, text, HAL)
    for sink in ("ZAP_MSG_SendSms", "ZAP_FIELD_RaiseTicket"):
        assert read(policies, "flow_denied", sink, sources=["ZAP_DRIVER_Verify"]), shown(policies)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Members on probation receive no refund and no credit.",
         "Members on probation may not get refund or credit."),
        ("Guests whose deposit is unpaid get neither a locker nor a towel.",
         "Guests whose deposit is unpaid may not get a locker or a towel."),
        ("The unit gets neither power nor data.", None),  # nothing singles it out
    ],
)  # fmt: skip
def test_acts_withheld_with_neither_nor(text: str, said: str | None) -> None:
    from specgap.extract.neither37 import respelt

    assert respelt(text) == said


# a desk whose descriptions carry the rules
DESCRIBED = [
    spec("send_text", "Sends a text. template must be one of charge_started, session_receipt "
         "or card_dispatched.", template="string"),
    spec("check_pin", "Compares a PIN. Two attempts per conversation at most.", pin="string"),
    spec("list_slots", "Searches slots. hours must be from 1 to 5.", hours="integer"),
]  # fmt: skip


def test_rules_of_descriptions_said_another_way(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    policies = build_prompt(tmp_path, "# Desk\n\nHello.\n", DESCRIBED).policies
    # coded values that end like a participle ("charge_started") are values
    assert read(
        policies, "resource_in_allowlist", "send_text",
        allowed=["card_dispatched", "charge_started", "session_receipt"],
    ), shown(policies)  # fmt: skip
    assert read(policies, "max_calls", "check_pin", max=2), shown(policies)
    assert read(policies, "arg_within_bound", "list_slots", min=1, max=5), shown(policies)


def test_a_call_named_by_its_tool_and_an_argument_by_a_word_and_its_id(tmp_path: Path) -> None:
    tools = [
        spec("search_sittings", "Searches sittings.", days="integer"),
        spec("move_booking", "Moves a booking.", booking_id="string", new_sitting_id="string"),
    ]
    text = "The new sitting_id comes from a search_sittings call in this chat."
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(
        policies, "arg_grounded", "move_booking", "enforce", from_tools=["search_sittings"]
    ), shown(policies)


def test_an_object_kinds_tag_before_the_verb_of_a_name() -> None:
    from specgap.extract.grammar_words import verbs_of_tools

    found = verbs_of_tools(
        ["cmdTakePayment", "qryOpenBooking"], {"cmdTakePayment": "Command: takes the fee."}
    )
    assert {"take", "open"} <= found


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Texts go only to the mobile on record, three in a conversation at most.",
         ("Texts go only to the mobile on record.", "Send at most three texts per conversation.")),
        ("Email only the address on record, two emails per chat at most, and be brief.",
         ("Email only the address on record, and be brief.", "Send at most two emails per chat.")),
        ("Holds are placed for members only, at most two per day.",
         ("Holds are placed for members only.", "At most two holds per day.")),
        ("Call us at most twice.", None),
        # a bound of one call's argument, read with its act as written
        ("Comps go through issue_comp, at most 2 tickets in one call.", None),
    ],
)  # fmt: skip
def test_a_count_put_after_its_act_as_an_aside(text: str, said: tuple[str, str] | None) -> None:
    from specgap.extract.counted37 import parts

    assert parts(text) == said


def test_a_count_aside_is_read(tmp_path: Path) -> None:
    tools = [spec("send_text", "Sends a text message.", mobile="string")]
    text = "Texts go only to the mobile on record, three in a conversation at most."
    policies = desk_policies(tmp_path, text, tools)
    assert read(policies, "max_calls", "send_text", max=3), shown(policies)
