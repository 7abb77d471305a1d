"""The only values of an argument in more shapes (issue 11): bare words and numbers after a
verb of any kind, values said by what is excluded ("other than", "outside", "except"),
values in a parameter's description, and an argument bound by what its description says it
is. Three made-up domains (a cake bakery, an observatory, a print shop); every sentence is
written for this test. Each negative case says what the policy must never be: an allowlist
on a guessed argument, or one read from words that are no values."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.described_args import described_as, leading_words
from specgap.extract.date_ranges import date_range
from specgap.extract.described_values import described_values
from specgap.extract.value_lists import listed_values
from specgap.registry import Tool
from tests.corpus_agents import Built, Row, build_prompt, policy_rows
from tests.test_grammar_arg_restrictions_wide import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "bakery": [
        _tool("order_cake", "Order a celebration cake.", customer_id="string",
              flavour=("string", "The cake flavour."), servings=("integer", "People it feeds."),
              icing=("string", "Icing colour. One of: white, pink, blue.")),
        _tool("take_deposit", "Take a deposit for a cake order.", order_id="string",
              amount=("number", "Deposit in dollars.")),
        _tool("get_order", "Read a cake order.", order_id="string"),
    ],
    "observatory": [
        _tool("book_telescope", "Book observing time on a telescope.", observer_id="string",
              camera_kind=("string", "Kind of camera mounted on the telescope."),
              filter_band={"type": "string", "enum": ["red", "green", "blue", "halpha"]}),
        _tool("mount_detector", "Mount a detector for a session.", session_id="string",
              model=("string", "Detector model, e.g. ccd-9 or cmos-4.")),
        _tool("list_sessions", "List observing sessions.", observer_id="string"),
    ],
    "print": [
        _tool("print_job", "Print a document.", job_id="string",
              paper_size=("string", "Sheet size to print on."),
              copies=("integer", "Number of copies.")),
        _tool("ship_prints", "Ship finished prints.", job_id="string",
              courier=("string", "Courier to use.")),
        _tool("notify_client", "Tell a client a job is ready.", job_id="string",
              medium=("string", "How to reach them. One of: email, phone, post.")),
    ],
}  # fmt: skip


def _build(tmp_path: Path, domain: str, text: str) -> Built:
    return build_prompt(tmp_path, text + "\n", DOMAINS[domain])


def _allowlists(built: Built) -> list[Row]:
    return [r for r in policy_rows(built) if r[1] == "resource_in_allowlist"]


def _allow(tool: str, arg: str, *values: str, how: str = "enforce") -> Row:
    return (tool, "resource_in_allowlist", arg, how, {"allowed": sorted(values)})


ALLOWED: list[tuple[str, str, list[Row]]] = [
    # "only the following X <any participle>: ..." with bare words, or bullets below
    ("bakery", "Only the following flavours can be baked: lemon, cocoa, almond.",
     [_allow("order_cake", "flavour", "almond", "cocoa", "lemon")]),
    ("bakery", "Only the following flavours are offered:\n\n- lemon\n- cocoa\n",
     [_allow("order_cake", "flavour", "cocoa", "lemon")]),
    ("print", "The following paper sizes are accepted: a4, a3.",
     [_allow("print_job", "paper_size", "a3", "a4")]),
    # "one of", "either", with a currency or a unit around numbers
    ("bakery", "The deposit amount must be one of 25, 50 or 75 dollars.",
     [_allow("take_deposit", "amount", "25", "50", "75")]),
    ("bakery", "The deposit has to be either $40 or $90.",
     [_allow("take_deposit", "amount", "40", "90")]),
    ("print", "Copies must be one of 1, 10 or 100.",
     [_allow("print_job", "copies", "1", "10", "100")]),
    # "can only be", "..., nothing else", "... only"
    ("print", "The courier can only be swiftpost or parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "The courier may be swiftpost or parcelair, nothing else.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "The paper size should be a4 or letter only.",
     [_allow("print_job", "paper_size", "a4", "letter")]),
    # what is allowed, said by what is not
    ("print", "A courier other than swiftpost is not permitted.",
     [_allow("ship_prints", "courier", "swiftpost")]),
    ("print", "No courier except swiftpost or parcelair may be used.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "No paper size outside a4, a5 and letter can be printed.",
     [_allow("print_job", "paper_size", "a4", "a5", "letter")]),
    ("print", "Never ship with any courier other than swiftpost or parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("bakery", "Only the flavours `lemon` and `almond` may be ordered.",
     [_allow("order_cake", "flavour", "almond", "lemon")]),
    # "we <verb> only the following X:", "X are restricted to ...; no other ...", "the only X
    # (we print) are ...", "A and B are the only X", "available X: ...", "X options are ..."
    ("print", "We print only the following paper sizes: a4, a5.",
     [_allow("print_job", "paper_size", "a4", "a5")]),
    ("print", "Couriers are restricted to swiftpost and parcelair; no other courier is used.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "The only paper sizes we print are a4 and a3.",
     [_allow("print_job", "paper_size", "a3", "a4")]),
    ("print", "The only couriers on offer are swiftpost and parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "Swiftpost and parcelair are the only couriers.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "Available couriers: swiftpost, parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "Courier options are swiftpost and parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    # values with no noun naming their argument: the one argument whose schema lists them
    ("print", "Only notify clients by email or phone.",
     [_allow("notify_client", "medium", "email", "phone")]),
    ("print", "Clients can only be notified by email or post.",
     [_allow("notify_client", "medium", "email", "post")]),
    ("print", "Clients may be notified by email or post.", []),  # a way, not the only ones
    ("print", "Only notify clients by pigeon or drum.", []),  # no argument lists them
    # the object took the argument's noun: "jobs of size a4 or a5"
    ("print", "Only print jobs of size a4 or a5.", [_allow("print_job", "paper_size", "a4", "a5")]),
    # "set to one of", "chosen from", an imperative choice, a label with "only", pipes,
    # and an Oxford comma before the last value
    ("print", "The paper size must be set to one of a3, a4 or a5.",
     [_allow("print_job", "paper_size", "a3", "a4", "a5")]),
    ("print", "The courier must be chosen from swiftpost and parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "Choose the courier from swiftpost or parcelair.",
     [_allow("ship_prints", "courier", "parcelair", "swiftpost")]),
    ("print", "Pick one of a4 or a5 as the paper size.",
     [_allow("print_job", "paper_size", "a4", "a5")]),
    ("print", "Paper size: a4 or a5 only.", [_allow("print_job", "paper_size", "a4", "a5")]),
    ("print", "Valid paper sizes: `a3` | `a4` | `a5`.",
     [_allow("print_job", "paper_size", "a3", "a4", "a5")]),
    ("print", "The paper size must be `a3`, `a4`, or `a5`.",
     [_allow("print_job", "paper_size", "a3", "a4", "a5")]),
    # after a noun that names no kind, values that read as codes
    ("print", "Only couriers sp-1 and pa-2 may be used.",
     [_allow("ship_prints", "courier", "pa-2", "sp-1")]),
    # the argument named by what its description says it is ("Kind of camera ...")
    ("observatory", "The camera kind must be one of wide, narrow or polar.",
     [_allow("book_telescope", "camera_kind", "narrow", "polar", "wide")]),
    ("observatory", "Only the following kinds of camera may be mounted: wide, narrow.",
     [_allow("book_telescope", "camera_kind", "narrow", "wide")]),
    # values in words with no closing word: only where the schema (its enum, or the
    # values its description lists) has them
    ("bakery", "The icing must be pink or blue.", [_allow("order_cake", "icing", "blue", "pink")]),
    ("print", "The courier must be swiftpost or parcelair.", []),
    # never an allowlist: a participle says what may happen, people are no values, a list
    # called an example is open, the entity's state is read elsewhere
    ("bakery", "An order can only be paid or refunded.", []),
    ("bakery", "Only bakers and managers may take a deposit.", []),
    ("print", "The courier must be one of the usual ones, such as swiftpost or parcelair.", []),
    ("bakery", "The order status can only be open or closed.", []),
    # plain words on an id the phrase names by its entity are its states or kinds, never ids;
    # an entity's field after a preposition is its state; values that look like ids are ids
    ("bakery", "Only the orders 'rush' and 'plain' may be paid.", []),
    ("bakery", "Only orders 'pending' or 'packed' can be changed.", []),
    ("bakery", "Only customers in tier 'gold' or 'silver' may order cakes.", []),
    ("bakery", "Only orders ord-11 and ord-12 may be read.",
     [_allow("get_order", "order_id", "ord-11", "ord-12"),
      _allow("take_deposit", "order_id", "ord-11", "ord-12")]),
    # a noun after a preposition is the entity the argument belongs to (`order_cake`'s
    # flavour), never the argument that noun names (`order_id`)
    ("bakery", "The flavour for an order must be 'lemon' or 'cocoa'.",
     [_allow("order_cake", "flavour", "cocoa", "lemon")]),
    ("print", "The size of the paper can only be a4 or a5.",
     [_allow("print_job", "paper_size", "a4", "a5")]),
    ("bakery", "The amount of each deposit must be one of 30 or 60 dollars.",
     [_allow("take_deposit", "amount", "30", "60")]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), ALLOWED)
def test_the_only_values_of_an_argument(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert _allowlists(_build(tmp_path, domain, text)) == expected


def test_a_phrase_no_argument_answers_to_is_located_never_guessed(tmp_path: Path) -> None:
    built = _build(tmp_path, "print", "The binding style must be one of spiral, glued or sewn.")
    assert _allowlists(built) == []


DATES = [
    ("Cakes can only be ordered for 2027-01-05 to 2027-02-10.", True),
    ("Sessions may not be booked outside 2027-03-01 through 2027-04-30.", True),
    ("No session may be booked outside 1 March 2027 - 30 April 2027.", True),
    ("Sessions may be booked from March 1 to April 30 only.", True),
    ("Between 2027-03-01 and 2027-04-30, the observatory opened a new dome.", False),
    ("The winter season runs from March 1 to April 30.", False),
    ("Only book telescopes for at most 3 nights.", False),
]


@pytest.mark.parametrize(("text", "reported"), DATES)
def test_a_range_of_dates_is_a_located_gap_never_a_bound(text: str, reported: bool) -> None:
    gap = date_range(text)
    assert (gap is not None) == reported
    if gap is not None:
        assert gap.code == "bound-not-representable"


def test_a_range_of_dates_in_a_policy_compiles_nothing_and_says_where(tmp_path: Path) -> None:
    built = _build(tmp_path, "bakery", "Cakes can only be ordered for 2027-01-05 to 2027-02-10.")
    assert policy_rows(built) == []
    notes = [d for d in built.state.diagnostics if d.code == "bound-not-representable"]
    assert len(notes) == 1
    assert notes[0].span is not None
    assert notes[0].span.path.endswith("prompt.md")


DESCRIBED = [
    ("One of: white, pink, blue.", ("white", "pink", "blue")),
    ("Delivery speed. Allowed values: `slow`, `fast`.", ("slow", "fast")),
    ("Valid values are 'a4' and 'a3'.", ("a4", "a3")),
    ("Must be either matte or gloss.", ("matte", "gloss")),
    ("Paper finish (matte | gloss | satin).", ()),  # no word says these are the only ones
    ("Detector model, e.g. ccd-9 or cmos-4.", ()),
    ("One of the following, for example: a, b.", ()),
    ("The size of the sheet.", ()),
]


@pytest.mark.parametrize(("description", "values"), DESCRIBED)
def test_values_listed_in_a_parameter_description(
    description: str, values: tuple[str, ...]
) -> None:
    assert described_values(description) == values


def test_a_description_that_lists_values_compiles_its_enum(tmp_path: Path) -> None:
    built = _build(tmp_path, "bakery", "Be friendly.")
    enums = [
        (p.target, p.condition.model_dump(mode="json")["schema_"], p.enforcement, p.source)
        for p in built.policies
        if p.operator == "schema_contract" and "enum" in str(p.condition.model_dump())
    ]
    assert [e[:3] for e in enums] == [
        ("order_cake", {"properties": {"icing": {"enum": ["white", "pink", "blue"]}}}, "enforce")
    ]
    source = enums[0][3]
    assert source.span.path.endswith("tools.json")
    assert "One of" in source.quote


def _registry_tool(spec: dict[str, Any]) -> Tool:
    fn = spec["function"]
    return Tool(id=fn["name"], description=fn["description"], schema=fn["parameters"])


LEADS = [
    ("Kind of camera mounted on the telescope.", {"kind", "camera"}),
    ("The cake flavour.", {"cake", "flavour"}),
    ("Sheet size to print on.", {"sheet", "size"}),
    ("Courier, for example swiftpost.", {"courier"}),
]


@pytest.mark.parametrize(("description", "lead"), LEADS)
def test_the_noun_phrase_a_description_opens_with(description: str, lead: set[str]) -> None:
    from specgap.resolve.text import stem

    assert leading_words(description) == frozenset(stem(w) for w in lead)


BOUND_BY_DESCRIPTION = [
    ("observatory", 0, "camera kind", "camera_kind"),
    ("observatory", 0, "kinds of camera", "camera_kind"),
    ("print", 0, "sheet size", "paper_size"),
    # a word said after the head noun phrase names nothing: "telescope" is where it goes
    ("observatory", 0, "telescope camera", None),
    ("print", 1, "courier", "courier"),
]


@pytest.mark.parametrize(("domain", "index", "phrase", "arg"), BOUND_BY_DESCRIPTION)
def test_an_argument_named_by_its_description(
    domain: str, index: int, phrase: str, arg: str | None
) -> None:
    assert described_as(_registry_tool(DOMAINS[domain][index]), phrase) == arg


def test_two_arguments_described_alike_are_no_binding() -> None:
    tool = _registry_tool(
        _tool("pair", "Pair two things.", left=("string", "Cake size."),
              right=("string", "Cake size, of the second cake."))
    )  # fmt: skip
    assert described_as(tool, "cake size") is None


def test_listed_values_reads_no_list_from_a_plain_sentence() -> None:
    assert listed_values("Please greet the customer by name.") == []


NUMBERS = [(50, None), (50.0, None), ("50", None), (60, "`60` is not in the allowlist")]


@pytest.mark.parametrize(("value", "outcome"), NUMBERS)
def test_a_listed_number_allows_the_number_however_it_is_passed(
    value: object, outcome: str | None
) -> None:
    from specgap.events import ToolCall
    from specgap.operators.base import TraceState
    from specgap.operators.resource_in_allowlist import (
        ResourceInAllowlist,
        _check_allow,
        _prepare_allow,
    )

    cond = ResourceInAllowlist(selector={"arg": "amount"}, allowed=("25", "50"))
    call = ToolCall(name="take_deposit", args={"amount": value})
    assert _check_allow(_prepare_allow(cond), call, TraceState()) == outcome


DESCRIBED_TOOLS = [
    # a sentence of a tool's own description restricts that tool's argument
    (_tool("rent_kayak", "Rent a kayak. Only the following kayak sizes can be rented: solo, "
           "tandem.", member_id="string", kayak_size=("string", "Size of the kayak.")),
     [("rent_kayak", "resource_in_allowlist", "kayak_size", "enforce",
       {"allowed": ["solo", "tandem"]})]),
    (_tool("hire_guide", "Hire a guide. The guide level must be one of novice or expert.",
           member_id="string", guide_level="string"),
     [("hire_guide", "resource_in_allowlist", "guide_level", "enforce",
       {"allowed": ["expert", "novice"]})]),
    (_tool("pay_fee", "Pay a club fee. The fee amount must not exceed $40.",
           member_id="string", amount="number"),
     [("pay_fee", "arg_within_bound", "amount", "enforce", {"max": 40.0})]),
    (_tool("book_lesson", "Book a lesson. Lessons may not last more than 3 hours.",
           member_id="string", hours=("integer", "Lesson length in hours.")),
     [("book_lesson", "arg_within_bound", "hours", "enforce", {"max": 3.0})]),
    # an argument the tool does not take: no rule on a guessed one
    (_tool("hire_boat", "Hire a boat. The crew size must be one of 2 or 4.",
           member_id="string", boat_id="string"), []),
]  # fmt: skip


@pytest.mark.parametrize(("tool", "expected"), DESCRIBED_TOOLS)
def test_a_tool_description_restricts_its_own_argument(
    tmp_path: Path, tool: dict[str, Any], expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, "Be kind.\n", [tool])
    rows = []
    for p in built.policies:
        if p.operator not in {"resource_in_allowlist", "arg_within_bound"}:
            continue
        cond = p.condition.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
        arg = cond.pop("selector")["arg"]
        cond.pop("operator", None)
        if "allowed" in cond:
            cond["allowed"] = sorted(cond["allowed"])
        rows.append((p.target, p.operator, arg, p.enforcement, cond))
    assert rows == expected
