"""Argument restrictions read as grammar (issue 11, classes 3 and 4): closed lists of an
argument's values in several sentence forms (and as bullets under an introduction), bounds,
where values come from, and imperative restrictions that no operator states. The domain is
a made-up warehouse; every sentence is written for this test. Each case says what the
built policy is (tool, operator, argument, enforcement) and the negative cases say what it
must never be: stronger than the sentence, or on a guessed argument."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.allowlists import closed_list
from tests.corpus_agents import Built, Row, build_agent, policy_rows


def _tool(name: str, description: str, **props: str | tuple[str, str]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for key, spec in props.items():
        kind, said = spec if isinstance(spec, tuple) else (spec, "")
        properties[key] = {"type": kind, **({"description": said} if said else {})}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": list(props)},
        },
    }


TOOLS = [
    _tool(
        "create_shipment",
        "Create a shipment for an order.",
        order_id="string",
        carrier="string",
        contact_email=("string", "E-mail address for tracking updates."),
        weight_kg="number",
        pallets="integer",
    ),
    _tool("get_order", "Read an order.", order_id="string"),
    _tool("list_carriers", "List the carriers that serve a region.", region="string"),
    _tool(
        "issue_credit",
        "Credit a customer's account.",
        order_id="string",
        amount="number",
        payment_method_id=("string", "The card or voucher to credit."),
    ),
    _tool("book_dock", "Book a loading dock slot.", dock="string", hours="integer"),
    _tool("reserve_bin", "Reserve a storage bin.", bin_id="string", zone="string"),
    _tool("count_bin", "Count the stock of a bin.", bin_id="string"),
]


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text)
    return build_agent(tmp_path, [prompt], [tools])


_rows = policy_rows


def _codes(built: Built) -> set[str]:
    return {d.code for d in built.state.diagnostics}


# --- closed lists ------------------------------------------------------------------------

LISTS: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("Use only the following carriers: 'parcelco', 'freightline'.",
     ("carriers", ("parcelco", "freightline"))),
    ("Only the following zones may be used: `cold`, `dry`.", ("zones", ("cold", "dry"))),
    ("Only these docks are valid: 'north' and 'south'.", ("docks", ("north", "south"))),
    ("The only carriers you may use are 'parcelco' and 'freightline'.",
     ("carriers", ("parcelco", "freightline"))),
    ("The zone must be one of the following: 'cold', 'dry', 'bulk'.",
     ("zone", ("cold", "dry", "bulk"))),
    ("The dock can be 'north' or 'south'.", ("dock", ("north", "south"))),
    ("A zone may only be either `cold` or `dry`.", ("zone", ("cold", "dry"))),
    ("Accepted values for the zone: 'cold', 'dry'.", ("zone", ("cold", "dry"))),
    ("Allowed docks: `north`, `south`.", ("docks", ("north", "south"))),
    ("Only 'north' or 'south' may be used as the dock.", ("dock", ("north", "south"))),
    ("Set the zone to 'cold' or 'dry' only.", ("zone", ("cold", "dry"))),
    ("The zone field accepts only 'cold' and 'dry'.", ("zone", ("cold", "dry"))),
    ("The only contacts you may use are 'a@depot.example' and 'b@depot.example'.",
     ("contacts", ("a@depot.example", "b@depot.example"))),
    # negative: open lists, one value, tools, and states are no allowlist of an argument
    ("Set the zone to 'cold' or 'dry'.", ("", ())),  # an instruction, no "only"
    # "the valid X are: ..." is an enumeration, read by the grammar's own reader
    ("The valid zone types are: 'cold', 'dry'.", ("", ())),
    ("The dock can be 'north' or 'south', among others.", ("", ())),
    ("The zone must be one of the following, for example: 'cold', 'dry'.", ("", ())),
    ("Use only the following tools: 'get_order', 'count_bin'.", ("", ())),
    ("The dock can be 'north'.", ("", ())),
    ("The status can be 'open' or 'closed'.", ("", ())),
    ("A bin can be 'reserved' or 'emptied'.", ("", ())),  # what a bin may be: its state
    ("Only the following statuses are valid: 'a1', 'b2'.", ("statuses", ("a1", "b2"))),
    ("The dock can be reached from the yard or the road.", ("", ())),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), LISTS)
def test_closed_lists_name_the_argument_and_its_only_values(
    sentence: str, expected: tuple[str, tuple[str, ...]]
) -> None:
    assert closed_list(sentence) == expected


COMPILED: list[tuple[str, list[Row]]] = [
    (
        "The carrier must be one of the following: 'parcelco', 'freightline'.\n",
        [("create_shipment", "resource_in_allowlist", "carrier", "enforce",
          {"allowed": ["freightline", "parcelco"]})],
    ),
    (
        # bullets under the sentence that introduces them: one rule citing all of them
        "Use only the following zones:\n\n- `cold`\n- `dry` - for dry goods\n",
        [("reserve_bin", "resource_in_allowlist", "zone", "enforce",
          {"allowed": ["cold", "dry"]})],
    ),
    (
        "Only ship orders with carrier 'parcelco' or 'freightline' via `create_shipment`.\n",
        [("create_shipment", "resource_in_allowlist", "carrier", "enforce",
          {"allowed": ["freightline", "parcelco"]})],
    ),
    (
        # kinds listed by their ids (the values carry the entity's id prefix): the id argument
        "The valid bin types are: 'bin_cold', 'bin_dry'.\n",
        [("count_bin", "resource_in_allowlist", "bin_id", "enforce",
          {"allowed": ["bin_cold", "bin_dry"]}),
         ("reserve_bin", "resource_in_allowlist", "bin_id", "enforce",
          {"allowed": ["bin_cold", "bin_dry"]})],
    ),
    # kinds that are no ids, or ids of something else: never the id argument
    ("The valid bin types are: 'small', 'large'.\n", []),
    ("The valid bin types are: 'zz_cold', 'zz_dry'.\n", []),
    # steps under an introduction stay steps (no list of values is read from them)
    ("Follow these steps:\n\n- Read the order\n- Book a dock\n", []),
    # tools listed in an order stay steps of that order, never values of an argument
    ("Only call these tools, in this order:\n\n- `get_order`\n- `count_bin`\n",
     [("count_bin", "require_before", None, "enforce", {"before": "get_order"})]),
    # a list under an introduction that says nothing of "only" is no allowlist
    ("Our carriers:\n\n- `parcelco`\n- `freightline`\n", []),
    # a list no argument takes compiles to nothing enforced
    ("The only pallet colours you may use are 'red' and 'blue'.\n", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), COMPILED)
def test_allowlists_compile_on_the_tools_taking_the_argument(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    rows = [r for r in _rows(_build(tmp_path, text)) if r[3] == "enforce" or expected]
    assert rows == expected


def test_a_list_under_its_introduction_cites_every_item(tmp_path: Path) -> None:
    built = _build(tmp_path, "Intro.\n\nUse only the following zones:\n- `cold`\n- `dry`\n")
    (policy,) = [p for p in built.policies if p.operator == "resource_in_allowlist"]
    assert (policy.source.span.start_line, policy.source.span.end_line) == (3, 5)
    assert policy.source.quote.endswith("`dry`")


def test_a_list_no_argument_takes_is_reported(tmp_path: Path) -> None:
    built = _build(tmp_path, "The only pallet colours you may use are 'red' and 'blue'.\n")
    assert _rows(built) == []
    assert "unknown-argument" in _codes(built)


# --- bounds ------------------------------------------------------------------------------

BOUNDS: list[tuple[str, list[Row]]] = [
    ("Shipments must have 10 pallets or fewer.\n",
     [("create_shipment", "arg_within_bound", "pallets", "enforce", {"max": 10.0})]),
    ("A dock booking must last 4 hours or less.\n",
     [("book_dock", "arg_within_bound", "hours", "enforce", {"max": 4.0})]),
    ("A credit must be $200 or less.\n",
     [("issue_credit", "arg_within_bound", "amount", "enforce", {"max": 200.0})]),
    ("Never book a dock for more than 4 hours.\n",
     [("book_dock", "arg_within_bound", "hours", "enforce", {"max": 4.0})]),
    # the sum of each credit, never an argument merely described with the word "credit"
    ("Do not issue credits of more than $200.\n",
     [("issue_credit", "arg_within_bound", "amount", "enforce", {"max": 200.0})]),
    ("The credit amount must be between $5 and $200.\n",
     [("issue_credit", "arg_within_bound", "amount", "enforce", {"min": 5.0, "max": 200.0})]),
    # a unit is no item of a list: a weight is bounded, never counted
    ("Shipments may weigh no more than 500 kg.\n",
     [("create_shipment", "arg_within_bound", "weight_kg", "enforce", {"max": 500.0})]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), BOUNDS)
def test_bounds_in_other_words(tmp_path: Path, text: str, expected: list[Row]) -> None:
    assert _rows(_build(tmp_path, text)) == expected


NOT_BOUNDS: list[tuple[str, str]] = [
    # a count of people no argument takes: the bound is kept on the words, reviewed, with an
    # `unknown-argument` note (never a ban, never enforced)
    ("Never book a dock for more than 4 drivers.\n", "arg_within_bound"),
    # a rate is derived from another quantity: no fixed bound
    ("Credit at most $20 per day of delay.\n", ""),
]


@pytest.mark.parametrize(("text", "operator"), NOT_BOUNDS)
def test_what_is_no_fixed_bound_is_never_enforced_as_one(
    tmp_path: Path, text: str, operator: str
) -> None:
    rows = _rows(_build(tmp_path, text))
    assert [r[1] for r in rows if r[3] == "enforce"] == []
    assert [r[1] for r in rows] == ([operator] if operator else [])


# --- where values come from ----------------------------------------------------------------

GROUNDED: list[tuple[str, list[Row]]] = [
    # an argument named by words of its name and description ("e-mail address")
    ("The contact e-mail address must come from the customer.\n",
     [("create_shipment", "arg_grounded", "contact_email", "enforce", {})]),
    ("Pass the e-mail address the customer gave.\n",
     [("create_shipment", "arg_grounded", "contact_email", "enforce", {})]),
    ("Only use a bin id returned by `count_bin`.\n",
     [("reserve_bin", "arg_grounded", "bin_id", "enforce",
       {"from_user": False, "from_tools": ["count_bin"]})]),
    # "never invent X": X must be one the user or a tool gave, on every tool whose argument
    # X names (bound by the argument's name, as "only use a bin id returned by ..." is)
    ("Never invent a bin id.\n",
     [("count_bin", "arg_grounded", "bin_id", "enforce", {"from_tools": ["*"]}),
      ("reserve_bin", "arg_grounded", "bin_id", "enforce", {"from_tools": ["*"]})]),
    # made-up information in general names no argument: one rule over every call, reviewed
    ("Do not fabricate or infer details.\n",
     [("*", "arg_grounded", None, "review_only", {"from_tools": ["*"]})]),
    # a phrase no argument answers to is checked by its name, for review, never guessed
    ("The shelf colour must come from the customer.\n",
     [("*", "arg_grounded", "shelf colour", "review_only", {})]),
    # things compared with, not a source ("among all existing ...")
    ("When a new bin is added, its id should be one higher than the largest id among all "
     "existing bins.\n", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), GROUNDED)
def test_values_come_from_the_source_the_sentence_names(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    rows = [r for r in _rows(_build(tmp_path, text)) if r[1] == "arg_grounded"]
    assert rows == expected


def test_a_word_only_a_description_says_never_spreads_a_rule(tmp_path: Path) -> None:
    """ "credit" is in `payment_method_id`'s description ("the card or voucher to credit"),
    not in its name: the value named is no argument of any tool, so nothing is enforced."""
    rows = _rows(_build(tmp_path, "The credit must come from the customer.\n"))
    assert [r for r in rows if r[3] == "enforce"] == []


# --- restrictions no operator states: reported, never compiled stronger -------------------

UNCOMPILED: list[tuple[str, str]] = [
    ("Do not change the number of items.\n", "argument-restriction-not-compiled"),
    ("Items can be added but not removed.\n", "argument-restriction-not-compiled"),
    (
        "Pallets may be added to a shipment but never removed.\n",
        "argument-restriction-not-compiled",
    ),
]


@pytest.mark.parametrize(("text", "code"), UNCOMPILED)
def test_restrictions_against_earlier_values_are_reported(
    tmp_path: Path, text: str, code: str
) -> None:
    built = _build(tmp_path, text)
    assert [r for r in _rows(built) if r[3] == "enforce"] == []
    assert code in _codes(built)


# --- imperative restrictions and per-unit quantities --------------------------------------

IMPERATIVES: list[tuple[str, list[Row]]] = [
    ("Only call create_shipment with carrier 'parcelco' or 'freightline'.\n",
     [("create_shipment", "resource_in_allowlist", "carrier", "enforce",
       {"allowed": ["freightline", "parcelco"]})]),
    ("Only call `issue_credit` with an amount of at most $100.\n",
     [("issue_credit", "arg_within_bound", "amount", "enforce", {"max": 100.0})]),
    ("Never call create_shipment with more than 10 pallets.\n",
     [("create_shipment", "arg_within_bound", "pallets", "enforce", {"max": 10.0})]),
    ("Only call issue_credit with a card the customer named.\n",
     [("issue_credit", "arg_grounded", "payment_method_id", "enforce", {})]),
    # a measure is an argument's value, never a number of calls
    # (on the action's own tool: `act_ranges`; it was kept for review on whichever tool
    # took `hours` before)
    ("Book a dock for at most 4 hours.\n",
     [("book_dock", "arg_within_bound", "hours", "enforce", {"max": 4.0})]),
    # a count of the action itself stays a count of calls
    ("Issue at most 3 credits per order.\n",
     [("issue_credit", "max_calls", None, "enforce", {"max": 3, "per": "order"})]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), IMPERATIVES)
def test_imperative_restrictions_name_their_tool_and_argument(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    assert _rows(_build(tmp_path, text)) == expected


RATES: list[str] = [
    "Credit at most $20 per day of delay.\n",
    "Book at most 4 hours per day.\n",
]


@pytest.mark.parametrize("text", RATES)
def test_a_bound_per_another_quantity_is_never_enforced_as_calls(tmp_path: Path, text: str) -> None:
    rows = _rows(_build(tmp_path, text))
    assert not [r for r in rows if r[1] == "max_calls" or r[3] == "enforce"], rows


# --- arguments named by description words -------------------------------------------------

NAMED_BY_WORDS: list[tuple[str, list[Row]]] = [
    ("The only contact e-mail addresses you may use are 'a@depot.example' and "
     "'b@depot.example'.\n",
     [("create_shipment", "resource_in_allowlist", "contact_email", "enforce",
       {"allowed": ["a@depot.example", "b@depot.example"]})]),
    # the domain of an e-mail address is no e-mail address: nothing is spread
    ("The contact e-mail domain must be one of 'depot.example', 'yard.example'.\n", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), NAMED_BY_WORDS)
def test_an_argument_named_in_other_words(tmp_path: Path, text: str, expected: list[Row]) -> None:
    assert _rows(_build(tmp_path, text)) == expected


def test_a_phrase_two_arguments_answer_to_is_never_guessed(tmp_path: Path) -> None:
    tools = [
        _tool(
            "notify_consignee",
            "Send a delivery notice.",
            sender_email=("string", "E-mail address the notice comes from."),
            consignee_email=("string", "E-mail address the notice goes to."),
        )
    ]
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    (tmp_path / "prompt.md").write_text("The e-mail address must come from the customer.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    assert [r[3] for r in _rows(built)] == ["review_only"]


IMPERATIVE_BOUNDS: list[tuple[str, tuple[str, str, dict[str, float]]]] = [
    ("Credit at most $50.\n", ("issue_credit", "amount", {"max": 50.0})),
    ("You may credit up to $50.\n", ("issue_credit", "amount", {"max": 50.0})),
    ("Credits are capped at $50.\n", ("issue_credit", "amount", {"max": 50.0})),
    ("Book a dock for between 1 and 4 hours.\n", ("book_dock", "hours", {"min": 1.0, "max": 4.0})),
]


@pytest.mark.parametrize(("text", "expected"), IMPERATIVE_BOUNDS)
def test_an_imperatives_own_bound(
    tmp_path: Path, text: str, expected: tuple[str, str, dict[str, float]]
) -> None:
    rows = _rows(_build(tmp_path, text))
    assert [(r[0], r[2], r[4]) for r in rows if r[1] == "arg_within_bound"] == [expected]


EMPTY_LISTS = [
    "Use only the following zones:\n\n- the coldest one\n- the driest one\n",
    "The zone must be one of the following.\n",
]


@pytest.mark.parametrize("text", EMPTY_LISTS)
def test_an_announced_list_without_values_is_reported_never_compiled(
    tmp_path: Path, text: str
) -> None:
    built = _build(tmp_path, text)
    assert _rows(built) == []
    notes = [d for d in built.state.diagnostics if d.code == "rule-not-compiled"]
    assert any("no value could be read" in d.message for d in notes)
    assert all(d.span is not None and d.span.start_line == 1 for d in notes)
