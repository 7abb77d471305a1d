"""Orderings of the third round (`docs/orderings-three.md`): an identification before a
group of tools named by what the scope says ("before you share or change any fare
information"), and a step before every other tool ("no other tool is used before the
rider is verified"). Sentences of made-up desks, tool ids in several styles."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

# a kiln studio, snake_case; the potter is found by phone or by name and birth date
KILN = [
    _tool(
        "find_potter_by_phone",
        "Find a potter by phone number. Returns the potter id.",
        phone="string",
    ),
    _tool(
        "find_potter_by_name_dob",
        "Find a potter by full name and date of birth. Returns the potter id.",
        full_name="string",
        date_of_birth="string",
    ),
    _tool("get_potter_profile", "Get a potter's profile and glaze allergies.", potter_id="string"),
    _tool("list_kiln_slots", "List open kiln slots on a date.", date="string"),
    _tool(
        "book_firing",
        "Book a firing in a kiln slot for a potter.",
        potter_id="string",
        slot_id="string",
    ),
    _tool("get_firing", "Read one firing with its status.", firing_id="string"),
    _tool("cancel_firing", "Cancel a booked firing.", firing_id="string", potter_id="string"),
    _tool(
        "send_studio_message",
        "Send a message to a potter's inbox.",
        potter_id="string",
        body="string",
    ),
    _tool(
        "open_studio_ticket",
        "Open a ticket for the studio staff.",
        potter_id="string",
        summary="string",
    ),
    _tool(
        "escalate_to_manager",
        "Pass the case to the studio manager.",
        potter_id="string",
        summary="string",
    ),
]
_POTTER = ("find_potter_by_name_dob", "find_potter_by_phone")
_POTTER_TOOLS = {"get_potter_profile", "book_firing", "cancel_firing", "send_studio_message"}

# a seed bank, camelCase; one tool checks the depositor
SEEDS = [
    _tool(
        "checkDepositor", "Check a depositor's card and PIN.", depositorId="string", pin="string"
    ),
    _tool("listDeposits", "List a depositor's seed deposits.", depositorId="string"),
    _tool("getDeposit", "Read one seed deposit: species, weight, status.", depositId="string"),
    _tool("createDeposit", "Register a new seed deposit.", depositorId="string", species="string"),
    _tool("withdrawDeposit", "Withdraw a seed deposit.", depositId="string"),
    _tool(
        "payStorageFee", "Charge the storage fee of a deposit.", depositId="string", amount="number"
    ),
    _tool(
        "transferToCurator", "Transfer the chat to a curator.", depositId="string", note="string"
    ),
    _tool("searchSpecies", "Search the species catalogue.", query="string"),
]


def _orders(text: str, tools: list[dict[str, object]], tmp_path: Path) -> dict[str, tuple]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", tools)
    out: dict[str, tuple] = {}
    for p in built.policies:
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md"):
            before = (
                p.condition.model_dump(exclude_none=True).get("before") if p.condition else None
            )
            out[p.target] = (
                tuple(before) if isinstance(before, list | tuple) else before,
                p.enforcement,
            )
    return out


# the identification before a group of tools: sentence, tools, before, the tools in scope
GROUPS = [
    (
        "Potters have to be verified, by phone number or by name and date of birth, before you "
        "discuss or change anything on their membership.",
        _POTTER,
        _POTTER_TOOLS,
    ),
    (
        "Potters must be identified by phone or by full name and birth date before you share or "
        "change any firing information.",
        _POTTER,
        _POTTER_TOOLS,  # the ticket and the escalation share and change nothing
    ),
    (
        "Before you open a profile or change anything for someone, identify them: look them up "
        "by their phone, or by full name and date of birth.",
        _POTTER,
        _POTTER_TOOLS,
    ),
    (
        "Before we view or update anything for a caller, verify them by their phone or by their "
        "name and birth date.",
        _POTTER,
        _POTTER_TOOLS,
    ),
    (
        "Before you do anything for a potter, identify them by phone or by name and birth date.",
        _POTTER,
        _POTTER_TOOLS | {"open_studio_ticket", "escalate_to_manager"},  # anything at all
    ),
    (
        "A potter needs to be authenticated before you pull up or amend any studio records.",
        _POTTER,
        _POTTER_TOOLS,
    ),
]


@pytest.mark.parametrize(("text", "before", "scope"), GROUPS)
def test_identification_before_a_group(
    text: str, before: tuple[str, ...], scope: set[str], tmp_path: Path
) -> None:
    orders = _orders(text, KILN, tmp_path)
    assert set(orders) == scope
    assert {b for b, _ in orders.values()} == {before}


def test_existing_thing_leaves_out_its_creation(tmp_path: Path) -> None:
    text = (
        "Before anything about an existing deposit is looked up, changed or paid for, the "
        "depositor has to be verified with `checkDepositor`."
    )
    orders = _orders(text, SEEDS, tmp_path)
    # the depositor's and the deposit's tools; not a new deposit, not the curator, not the
    # catalogue
    assert set(orders) == {"listDeposits", "getDeposit", "withdrawDeposit", "payStorageFee"}
    assert {b for b, _ in orders.values()} == {"checkDepositor"}


NOT_READ = [
    # a thing verified, not a person
    "The address has to be verified before you change anything on the order.",
    # negated
    "There is no need to verify potters before you share any firing information.",
    # a condition before it: not this shape's to enforce
    "If the potter is new, identify them before you change anything for them.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_an_identification_before_a_group(text: str, tmp_path: Path) -> None:
    orders = _orders(text, KILN, tmp_path)
    assert not {t for t, (_, e) in orders.items() if e == "enforce"}


# a step before every other tool: sentence, tools, before
EVERY = [
    ("No other tool is used before the potter is looked up.", KILN, None),
    ("No other tool may be called until `checkDepositor` has succeeded.", SEEDS, "checkDepositor"),
    (
        "Before any other tool is used, the depositor has to pass checkDepositor, with the PIN "
        "they type themselves.",
        SEEDS,
        "checkDepositor",
    ),
    ("checkDepositor comes before every other tool.", SEEDS, "checkDepositor"),
    ("Call `checkDepositor` before any other function.", SEEDS, "checkDepositor"),
    ("Do not call any other tool before checkDepositor.", SEEDS, "checkDepositor"),
    (
        "Identify the potter before anything else: find_potter_by_phone or "
        "find_potter_by_name_dob.",
        KILN,
        _POTTER,
    ),
]


@pytest.mark.parametrize(("text", "tools", "before"), EVERY)
def test_before_every_other_tool(
    text: str, tools: list[dict[str, object]], before: object, tmp_path: Path
) -> None:
    orders = _orders(text, tools, tmp_path)
    assert "*" in orders
    got, enforcement = orders["*"]
    assert enforcement == "review_only"  # prose read as every call is reviewed
    if before is None:
        assert got in _POTTER or got == _POTTER
    else:
        assert got == before


NOT_EVERY = [
    "Call `checkDepositor` before any other booking.",  # another action, not "other tool"
    "Before anything else, be polite.",  # no step
    "No other tool is used before it is ready.",  # no one event
]


@pytest.mark.parametrize("text", NOT_EVERY)
def test_not_before_every_other_tool(text: str, tmp_path: Path) -> None:
    assert "*" not in _orders(text, SEEDS, tmp_path)


def test_a_conditional_first_step_is_kept_under_its_condition(tmp_path: Path) -> None:
    """ "If the depositor is new, ...": the step before every tool holds only then; it is
    read with that condition, reviewed with its note (twenty-third session: it was dropped,
    which left the sentence with no policy at all)."""
    text = "If the depositor is new, no other tool is used before checkDepositor."
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", SEEDS)
    orders = [p for p in built.policies if p.operator == "require_before" and p.target == "*"]
    assert [p.enforcement for p in orders] == ["review_only"]
    notes = [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith(".md")]
    assert "condition-not-bound" in notes


# a table whose prerequisite column is headed by the step's verb and "first"
VAULT = [
    _tool("get_vault", "Read a vault.", vault="string"),
    _tool("list_keys", "List a vault's keys.", vault="string"),
    _tool("seal_vault", "Seal a vault.", vault="string"),
    _tool("rotate_key", "Rotate a key.", key="string", force="boolean"),
    _tool("purge_vault", "Purge a vault.", vault="string"),
]


@pytest.mark.parametrize("header", ["Read first", "Look up first", "Fetch first", "First check"])
def test_table_headed_by_a_step_first(header: str, tmp_path: Path) -> None:
    table = (
        f"| Operation | {header} | Refuse when |\n|---|---|---|\n"
        "| `seal_vault` | `get_vault` | `status` is `open` |\n"
        "| `rotate_key` with `force: true` | `list_keys` | never |\n"
        "| `purge_vault` | - | always |\n"
    )
    orders = _orders(table, VAULT, tmp_path)
    assert orders["seal_vault"] == ("get_vault", "enforce")
    # the order holds only with the qualifier: kept as its condition, reviewed
    assert orders["rotate_key"] == ("list_keys", "review_only")
    assert "purge_vault" not in orders


@pytest.mark.parametrize("header", ["First", "Update first", "Notes"])
def test_table_header_saying_no_order(header: str, tmp_path: Path) -> None:
    table = (
        f"| Operation | {header} |\n|---|---|\n| `seal_vault` | `get_vault` |\n"
        "| `purge_vault` | `list_keys` |\n"
    )
    assert not _orders(table, VAULT, tmp_path)


# a step said first and the later action in the next clause: a marina, several id styles
MARINA = [
    _tool("marina.get_berth", "Read a berth with its status and size.", berth="string"),
    _tool("marina.dock_boat", "Dock a boat at a berth.", berth="string", boat="string"),
    _tool("listPasses", "List a sailor's mooring passes.", sailor="string"),
    _tool("renewPass", "Renew a mooring pass for a season.", pass_id="string"),
    _tool("GetInvoice", "Read an invoice.", invoice="string"),
    _tool("VoidInvoice", "Void an invoice.", invoice="string"),
    _tool("request_refill", "Request a fuel refill for a boat.", boat="string"),
    _tool("list_fuel_orders", "List a boat's fuel orders.", boat="string"),
]
THEN = [
    (
        "Read the berth with marina.get_berth first, and only dock a boat at a berth it listed.",
        "marina.dock_boat",
        "marina.get_berth",
    ),
    ("List the sailor's passes first so you renew the right one.", "renewPass", "listPasses"),
    (
        "Always fetch the invoice with `GetInvoice` first and void the one it returned.",
        "VoidInvoice",
        "GetInvoice",
    ),
    (
        "Open the invoice with GetInvoice first: VoidInvoice must always be preceded by it.",
        "VoidInvoice",
        "GetInvoice",
    ),
    ("`renewPass` comes after `listPasses` for the same sailor.", "renewPass", "listPasses"),
    (
        "Pull the boat's fuel orders first, and only ask for a refill of a boat that is on them.",
        "request_refill",
        "list_fuel_orders",
    ),
]


@pytest.mark.parametrize(("text", "later", "step"), THEN)
def test_step_first_then_the_action(text: str, later: str, step: str, tmp_path: Path) -> None:
    orders = _orders(text, MARINA, tmp_path)
    assert later in orders
    assert orders[later][0] == step


NOT_THEN = [
    "Pay the invoice first, and then renew the pass.",  # a step that is no read or lookup
    "Read the berth first, and tell the sailor its size.",  # telling names no tool
    "If the boat is large, read the berth first and dock it.",  # a condition
    "Never read the berth first and dock the boat blindly.",  # negated
]


@pytest.mark.parametrize("text", NOT_THEN)
def test_not_step_first_then(text: str, tmp_path: Path) -> None:
    orders = _orders(text, MARINA, tmp_path)
    assert not {t for t, (b, _) in orders.items() if b in {"marina.get_berth", "GetInvoice"}}


# the identification also covers what the account's tools list, by their ids: reviewed
LOCKERS = [
    _tool(
        "find_renter_by_card", "Find a renter by card number. Returns the renter id.", card="string"
    ),
    _tool(
        "find_renter_by_email", "Find a renter by e-mail. Returns the renter id.", email="string"
    ),
    _tool(
        "list_rentals",
        "List a renter's rentals, each with its rental id and locker.",
        renter_id="string",
    ),
    _tool("extend_rental", "Extend a rental by a week.", rental_id="string"),
    _tool("get_locker", "Read a locker: size and status.", locker_id="string"),
    _tool("add_renter_note", "Add a note to a renter's file.", renter_id="string", note="string"),
    _tool("open_renter", "Open a new renter account.", email="string"),
    _tool(
        "end_rental",
        "End a rental. The rental must be one returned by list_rentals.",
        rental_id="string",
    ),
]


def test_identification_covers_what_the_account_lists(tmp_path: Path) -> None:
    text = (
        "Renters have to be verified, by card or by e-mail, before you discuss or change "
        "anything on their account."
    )
    orders = _orders(text, LOCKERS, tmp_path)
    assert set(orders) == {"list_rentals", "add_renter_note", "extend_rental", "end_rental"}
    assert orders["list_rentals"][1] == "enforce"
    # reached through a description (`list_rentals` lists rental ids): reviewed
    assert orders["extend_rental"][1] == "review_only"
    assert orders["end_rental"][1] == "review_only"


# a tool's own description says a step comes first
DESCRIBED = [
    _tool("get_locker", "Read a locker: size, status and who has access.", locker_id="string"),
    _tool(
        "revoke_key",
        "Remove a person's key to a locker. Read the locker with get_locker first to see who "
        "has access.",
        locker_id="string",
    ),
    _tool("getRenter", "Read a renter's account.", renter_id="string"),
    _tool(
        "BookVisit",
        "Book a depot visit for a renter. Call getRenter for them first.",
        renter_id="string",
    ),
    _tool(
        "cancel-visit",
        "Cancel a visit. Always look the visit up with `get-visit` first.",
        visit="string",
    ),
    _tool("get-visit", "Read a visit.", visit="string"),
    # not orders: negated, no tool named
    _tool(
        "sealLocker",
        "Seal a locker. There is no need to call get_locker first.",
        locker_id="string",
    ),
    _tool("wipe_locker", "Wipe a locker. Read the manual first.", locker_id="string"),
]


def test_described_step_first(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, "# Desk\n\nBe kind.\n", DESCRIBED)
    orders = {
        p.target: p.condition.model_dump(exclude_none=True).get("before") if p.condition else None
        for p in built.policies
        if p.operator == "require_before"
    }
    assert orders == {
        "revoke_key": "get_locker",
        "BookVisit": "getRenter",
        "cancel-visit": "get-visit",
    }


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ("Check it with `GetInvoice` first.", "GetInvoice"),  # the tool says what "it" is
        ("Always read it with GetInvoice first.", "GetInvoice"),
        ("Check it first.", None),  # neither the object nor a tool: nothing to order
    ],
)
def test_section_step_on_a_pronoun_with_its_tool(
    step: str, expected: str | None, tmp_path: Path
) -> None:
    text = f"# Pump house\n\n## Voiding an invoice\n- {step}\n- Paid invoices cannot be voided.\n"
    orders = _orders(text, MARINA, tmp_path)
    assert orders.get("VoidInvoice", (None,))[0] == expected


@pytest.mark.parametrize(
    ("text", "later", "step"),
    [
        ("Each renewal requires `listPasses` first.", "renewPass", "listPasses"),
        ("A voiding always needs a call to GetInvoice first.", "VoidInvoice", "GetInvoice"),
        (
            "Read the invoice with `GetInvoice`; every voiding requires GetInvoice first.",
            "VoidInvoice",
            "GetInvoice",
        ),
    ],
)
def test_act_noun_requires_a_step_first(text: str, later: str, step: str, tmp_path: Path) -> None:
    orders = _orders(text, MARINA, tmp_path)
    assert orders[later][0] == step


@pytest.mark.parametrize(
    "text",
    [
        "Each renewal requires approval first.",  # a state, not a call
        "A sailor always needs a pass first.",  # a person, no act
    ],
)
def test_act_noun_requires_no_call(text: str, tmp_path: Path) -> None:
    assert not _orders(text, MARINA, tmp_path)


@pytest.mark.parametrize(
    ("text", "later"),
    [
        (
            "After finding them, read their invoice with GetInvoice before voiding it.",
            "VoidInvoice",
        ),
        (
            "Once you have looked them up, fetch the invoice with `GetInvoice` before you void it.",
            "VoidInvoice",
        ),
    ],
)
def test_order_after_an_earlier_step_lead(text: str, later: str, tmp_path: Path) -> None:
    orders = _orders(text, MARINA, tmp_path)
    assert orders[later][0] == "GetInvoice"


def test_lead_that_is_a_condition_is_not_dropped(tmp_path: Path) -> None:
    # a state, not a step: the lead is not read as an earlier call
    text = "After it is paid, read the invoice with GetInvoice before voiding it."
    orders = _orders(text, MARINA, tmp_path)
    assert orders.get("VoidInvoice", (None, "review_only"))[1] == "review_only"
