"""Session 38: shapes of a rulebook, a recipe file and a package leaflet that no reader read:
a read tool named as its doer (`find-customer`, `record-reader`), a run of states led by
`flagged`, "do not use a, b or c until d has passed", "any function" and "your first move"
as every call, kebab-case ids inside tool descriptions, "the customer's addresses from t",
a turn said before its one call, and a count whose limit comes after it ("two bookings at
most"). Sentences written for these tests, in a made-up phone repair counter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.anyone38 import respelt as anyone_respelt
from specgap.extract.grammar_words import verbs_of_tools
from specgap.extract.words38 import respelt as words_respelt
from specgap.resolve.state_reads import doer_of_verb
from tests.corpus_agents import build_prompt
from tests.probes import desk_policies, fits, has_policy, shown, spec

COUNTER = [
    spec(
        "find-customer",
        "Finds a customer by email. Returns customer_id, account_status (active, flagged or "
        "closed) and addresses (address_id).",
        email="string",
    ),
    spec("check-identity", "Checks a PIN and returns passed (true or false).", pin="string"),
    spec(
        "book-repair",
        "Books a repair. customer_id must be the one find-customer returned.",
        customer_id="string",
        slot_id="string",
    ),
    spec("read-repair", "Opens a repair: status and payments.", repair_id="string"),
    spec("cancel-repair", "Cancels a repair.", repair_id="string"),
    spec(
        "charge-card",
        "Charges a saved card.",
        repair_id="string",
        amount_gbp="number",
        timeout_seconds="integer",
    ),
    spec(
        "send-courier",
        "Sends a courier box. address_id must be one of the customer's addresses from "
        "find-customer.",
        repair_id="string",
        address_id="string",
    ),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


@pytest.mark.parametrize(
    ("word", "doer"),
    [
        *[("finder", True), ("reader", True), ("shipper", True), ("validator", True)],
        *[("paper", False), ("order", False), ("user", False), ("her", False)],
    ],
)
def test_a_doer_noun_is_made_of_a_verb(word: str, doer: bool) -> None:
    assert doer_of_verb(word) is doer


def test_a_state_read_by_a_tool_named_as_its_doer_is_bound(tmp_path: Path) -> None:
    # `find-customer` reads the customer `customer_id` names: the state is enforced on it,
    # both values of a run that `flagged` opens kept
    text = "Never book a repair for a customer whose account_status is flagged or closed.\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    assert read(
        policies, "state_condition", "book-repair", field="account_status",
        denied=["flagged", "closed"],
    ), shown(policies)  # fmt: skip
    bound = [p for p in policies if p.operator == "state_condition"]
    assert bound
    assert "find-customer" in bound[0].condition.read


def test_do_not_use_a_list_until_a_step_orders_each(tmp_path: Path) -> None:
    text = "Do not use read-repair, cancel-repair or charge-card until check-identity has passed.\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    for tool in ("read-repair", "cancel-repair", "charge-card"):
        assert has_policy(policies, "require_before", tool, "enforce"), shown(policies)
        assert read(policies, "require_before", tool, before="check-identity")
    assert not any(p.operator == "deny_action" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Do not use any function before find-customer has found the person in the chat.",
        "Before your first move in any chat, find the customer with find-customer.",
    ],
)
def test_any_function_and_the_first_move_are_every_call(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    assert read(policies, "require_before", "*", before="find-customer"), shown(policies)


def test_kebab_ids_in_descriptions_name_their_sources(tmp_path: Path) -> None:
    policies = list(build_prompt(tmp_path, "# Desk\n\nBe kind.\n", COUNTER).policies)
    assert read(
        policies, "arg_grounded", "book-repair", arg="customer_id", from_tools=["find-customer"],
        from_user=False,
    ), shown(policies)  # fmt: skip
    # the person's addresses as a tool returned them: the tool, never the person
    assert read(
        policies, "arg_grounded", "send-courier", arg="address_id",
        from_tools=["find-customer"], from_user=False,
    ), shown(policies)  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "On each turn you take exactly one action, and the next turn starts once it is back.",
        "Call a single function each turn, and let its answer arrive before picking the next.",
    ],
)
def test_a_turn_with_one_call(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    # the call's answer is no talk of the agent's: no text is banned beside the call
    assert read(policies, "one_call_at_a_time", "*", with_text=False), shown(policies)


@pytest.mark.parametrize(
    ("text", "tool", "most"),
    [
        ("A chat books two repairs at most.", "book-repair", 2),
        ("A conversation cancels one repair at most.", "cancel-repair", 1),
    ],
)
def test_a_count_with_its_limit_after_it(tmp_path: Path, text: str, tool: str, most: int) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    assert read(policies, "max_calls", tool, max=most), shown(policies)
    # a conversation is the trace itself, never an entity counted per
    assert not any(p.operator == "max_calls" and p.condition.per for p in policies)


def test_a_things_count_is_per_that_thing(tmp_path: Path) -> None:
    text = "A repair gets one courier box at most.\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    assert read(policies, "max_calls", "send-courier", max=1, per="repair"), shown(policies)


def test_a_count_with_no_limit_word_is_no_rule(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "A chat books two repairs.\n", COUNTER)
    assert not any(p.operator == "max_calls" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "charge-card waits 20 seconds at most (timeout_seconds).",
        "Give charge-card no longer than 20 seconds to respond (timeout_seconds).",
        "Cooking time: charge-card gets 20 seconds at most (timeout_seconds).",
    ],
)
def test_a_limited_time_with_its_timeout_argument(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    assert read(policies, "timeout_leq", "charge-card", arg="timeout_seconds", max_seconds=20), (
        shown(policies)
    )


def test_a_time_with_no_limit_word_is_no_timeout(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "charge-card takes 20 seconds (timeout_seconds).\n", COUNTER)
    assert not any(p.operator == "timeout_leq" for p in policies), shown(policies)


def test_what_is_kept_out_of_coordinated_sinks(tmp_path: Path) -> None:
    tools = [*COUNTER, spec("send-sms", "Sends a text to a mobile.", mobile="string")]
    text = "Keep everything check-identity returns out of texts and courier boxes.\n"
    policies = desk_policies(tmp_path, text, tools)
    for sink in ("send-sms", "send-courier"):
        assert read(policies, "flow_denied", sink, sources=["check-identity"]), shown(policies)


def test_a_server_id_with_a_doubled_hyphen_is_read(tmp_path: Path) -> None:
    tools = [
        spec("guest__record--find", "Finds a guest by email.", email="string"),
        spec("table__booking--create", "Books a table.", guest_id="string"),
    ]
    text = "Before your first move in any chat, find the guest with guest__record--find.\n"
    policies = desk_policies(tmp_path, text, tools)
    assert read(policies, "require_before", "*", before="guest__record--find"), shown(policies)


def test_an_event_with_an_indefinite_doer_is_the_agents_act(tmp_path: Path) -> None:
    text = "check-identity must come back passed before anyone reads or cancels a repair.\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    for tool in ("read-repair", "cancel-repair"):
        assert read(policies, "require_before", tool, before="check-identity"), shown(policies)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Check before someone changes a plan.", "Check before changing a plan."),
        ("Verify before anyone who calls is helped.", None),  # no verb first: left alone
    ],
)
def test_anyone_respelt(text: str, said: str | None) -> None:
    assert anyone_respelt(text) == said


def test_a_name_with_a_noun_in_ing_is_named_by_its_last_verb(tmp_path: Path) -> None:
    tools = [
        spec("table__booking--read", "Opens a booking.", booking_id="string"),
        spec("table__booking--create", "Books a table.", slot_id="string"),
    ]
    policies = desk_policies(tmp_path, "Never read a booking twice in a chat.\n", tools)
    assert any(p.target == "table__booking--read" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "amount_gbp is at least 10 and at most 400.",
        "3.2 amount_gbp is at least 10 and at most 400.",
        "Set amount_gbp anywhere from 10 to 400.",
    ],
)
def test_an_arguments_range_said_with_is_or_set(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    assert read(policies, "arg_within_bound", "charge-card", arg="amount_gbp", min=10, max=400), (
        shown(policies)
    )
    assert not any(flat_arg(p) == "and" for p in policies), shown(policies)


def flat_arg(policy: Any) -> object:
    selector = getattr(policy.condition, "selector", None)
    return getattr(selector, "arg", None)


@pytest.mark.parametrize(
    "exception",
    [
        "Exception: a repair for a trade account may be charged up to 900.",
        "Variation (trade accounts): a charge may go up to 900.",
    ],
)
def test_a_labelled_exception_keeps_the_bound_under_it(tmp_path: Path, exception: str) -> None:
    text = f"amount_gbp must be at most 400.\n{exception}\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    bound = [
        p for p in policies if p.operator == "arg_within_bound" and p.source.span.start_line == 3
    ]
    assert bound, shown(policies)
    # held only where the exception does not apply: reviewed, never a flat 400 cap
    assert all(p.enforcement == "review_only" for p in bound), shown(policies)


def test_an_exception_that_raises_nothing_leaves_the_bound(tmp_path: Path) -> None:
    text = "amount_gbp must be at most 400.\nException: a charge above 300 is checked first.\n"
    policies = desk_policies(tmp_path, text, COUNTER)
    assert has_policy(policies, "arg_within_bound", "charge-card", "enforce"), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Run check-identity before a repair is read or cancelled.",
        "check-identity must pass before a repair is read or cancelled.",
    ],
)
def test_each_coordinated_passive_act_is_ordered(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    for tool in ("read-repair", "cancel-repair"):
        assert has_policy(policies, "require_before", tool, "enforce"), shown(policies)


def test_a_parameter_said_as_the_person_types_it_is_theirs(tmp_path: Path) -> None:
    tools = [
        spec(
            "find-customer",
            "Finds a customer.",
            email=("string", "The customer's email address, as the customer types it."),
            postcode=("string", "A postcode the agent may work out from the address."),
        )
    ]
    policies = list(build_prompt(tmp_path, "# Desk\n\nBe kind.\n", tools).policies)
    assert read(policies, "arg_grounded", "find-customer", arg="email", from_user=True)
    assert not any(p.operator == "arg_grounded" and flat_arg(p) == "postcode" for p in policies), (
        shown(policies)
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Put guests into guest_names exactly as the customer spells them.",
            "guest_names must be given by the customer.",
        ),
        (
            "fault_notes carries the customer's own words; do not tidy them.",
            "fault_notes must be given by the customer.",
        ),
        ("Write fault_notes as the customer would say them.", None),  # a manner, hedged
        ("Put a and b_c as the customer spells them.", "b_c must be given by the customer."),
    ],
)
def test_a_persons_own_words(text: str, said: str | None) -> None:
    assert words_respelt(text) == said


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("A cancellation is made only after the customer has confirmed it.", "cancel-repair"),
        ("Read the repair back to the customer, and book on their yes.", "book-repair"),
    ],
)
def test_a_yes_said_in_other_words(tmp_path: Path, text: str, tool: str) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    assert read(policies, "require_confirmation", tool), shown(policies)


def test_a_thing_made_only_of_some_items_is_no_act_allowed(tmp_path: Path) -> None:
    from specgap.extract.nominal36 import respelt

    assert respelt("Copies are made only of open items.") is None
    assert respelt("A refund is issued only after the review.") == (
        "Refunding is allowed only after the review."
    )


def test_the_act_after_a_doubled_hyphen_names_the_tool(tmp_path: Path) -> None:
    assert {"hold", "list"} <= verbs_of_tools(["game__copy--hold", "game__copy--list"])
    tools = [
        spec("game__copy--hold", "Keeps library copies for a booking.", booking_id="string"),
        spec("game__copy--list", "Lists the library copies.", shelf="string"),
    ]
    policies = desk_policies(tmp_path, "A copy whose status is lost is never held.\n", tools)
    # the act is read (the copy's state is not bound here: kept for review, never dropped)
    assert any(p.target == "game__copy--hold" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Do not use book-repair on a device that read-device reports as stolen.",
        "Never book a repair for a device that is stolen.",
    ],
)
def test_a_flag_set_when_something_happened(tmp_path: Path, text: str) -> None:
    tools = [
        *COUNTER,
        spec(
            "read-device",
            "Reads a device: model and stolen (true when it was reported stolen).",
            device_id="string",
        ),
        spec("book-repair", "Books a repair.", device_id="string", slot_id="string"),
    ]
    tools = [t for t in tools if t["function"]["name"] != "book-repair"] + tools[-1:]
    policies = desk_policies(tmp_path, text + "\n", tools)
    assert read(policies, "state_condition", "book-repair", field="stolen", denied=["true"]), shown(
        policies
    )


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        # every tool taking `repair_id` named: the argument alone, spread to each of them
        (
            "The repair_id for read-repair, cancel-repair, charge-card and send-courier comes "
            "from a find-customer result in this chat.",
            {"read-repair", "cancel-repair", "charge-card", "send-courier"},
        ),
        # some of them named: those, and no spread to the others (read since the forty-first
        # session, when "comes from" is read as "must come from")
        (
            "The repair_id for read-repair and cancel-repair comes from find-customer.",
            {"read-repair", "cancel-repair"},
        ),
    ],
)
def test_an_argument_said_for_the_tools_taking_it(
    tmp_path: Path, text: str, tools: set[str]
) -> None:
    policies = desk_policies(tmp_path, text + "\n", COUNTER)
    grounded = {p.target for p in policies if p.operator == "arg_grounded"}
    assert grounded == tools, shown(policies)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Couriers go to the address that find-customer returned.", None),  # no thing sent
        ("Texts go to the mobile number find-customer returned.", "send-sms"),
        ("send-sms writes only to the mobile number find-customer returned.", "send-sms"),
    ],
)
def test_where_a_thing_sent_goes(tmp_path: Path, text: str, tool: str | None) -> None:
    tools = [*COUNTER, spec("send-sms", "Sends a text to a mobile.", mobile="string")]
    policies = desk_policies(tmp_path, text + "\n", tools)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    if tool is None:
        assert not grounded, shown(policies)
    else:
        assert read(policies, "arg_grounded", tool, arg="mobile", from_tools=["find-customer"]), (
            shown(policies)
        )


def test_a_recipient_said_by_a_state_is_not_respelt() -> None:
    from specgap.extract.sent38 import respelt

    assert respelt("Texts go only to tenants whose record shows opt_in as true.") is None
