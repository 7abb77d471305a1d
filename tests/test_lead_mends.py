"""Mends found by the lead's probes of made-up policies (a ski school, an insurance desk),
each tested with sentences of another made-up domain, a tool-hire shop:
- a tool-valued part that lists ids with "and" states one rule per id ("call `a` and `b`
  before `c`" is two orderings; it was one mention, ambiguous between them);
- a bare gerund borrows the other action's object without its particle ("look up the
  customer before refunding" is no "refund up customer");
- a tool that sends says by its name what it sends: `send_text` sends a message, never
  money, so "refund the customer" is never `send_text`."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_customer", "Find a customer by phone.", phone="string"),
    _tool("check_stock", "Check that a tool is in stock.", item="string"),
    _tool("hire_out", "Hire a tool out to a customer.", customer_id="string", item="string"),
    _tool("refund_hire", "Refund a hire.", hire_id="string", amount="number"),
    _tool("send_text", "Send a text to a customer.", customer_id="string", body="string"),
]


def _orders(tmp_path: Path, text: str) -> set[tuple[str, str]]:
    built: Built = build_prompt(tmp_path, f"# Tool hire\n\n{text}\n", TOOLS)
    return {
        (p.target, str(p.condition.before))  # type: ignore[attr-defined]
        for p in built.policies
        if p.operator == "require_before"
    }


@pytest.mark.parametrize(
    "text",
    [
        "Always call find_customer and check_stock before calling hire_out.",
        "Call `find_customer` and `check_stock` before `hire_out`.",
    ],
)
def test_ids_listed_with_and_each_come_first(tmp_path: Path, text: str) -> None:
    assert _orders(tmp_path, text) == {("hire_out", "find_customer"), ("hire_out", "check_stock")}


def test_ids_listed_with_or_are_any_one(tmp_path: Path) -> None:
    orders = _orders(tmp_path, "Call find_customer or check_stock before hire_out.")
    assert ("hire_out", "find_customer") not in orders
    assert ("hire_out", "check_stock") not in orders


def test_a_borrowed_object_drops_the_particle(tmp_path: Path) -> None:
    built = build_prompt(
        tmp_path, "# Tool hire\n\nAlways look up the customer before refunding.\n", TOOLS
    )
    mentions = [m for r in built.state.rules for m in r.mentions]
    assert not any(" up customer" in m and not m.startswith("look") for m in mentions), mentions
    texted = [p for p in built.policies if p.target == "send_text"]
    assert all(p.operator == "schema_contract" for p in texted)


def test_a_sending_tool_sends_what_its_name_says() -> None:
    tools = [
        Tool(id=t["function"]["name"], names=(t["function"]["name"],),
             description=t["function"]["description"])
        for t in TOOLS
    ]  # fmt: skip
    registry, _ = build_registry(tools)
    res = Resolver(registry).resolve("refund customer")
    assert res.tool_id != "send_text"
    assert Resolver(registry).resolve("text the customer").tool_id == "send_text"


@pytest.mark.parametrize(
    "text",
    [
        "Hire ids must come from the household or from a tool result.",
        "Hire ids must come from the crew, or from a tool's output.",
    ],
)
def test_a_source_not_read_is_never_dropped(tmp_path: Path, text: str) -> None:
    """ "from the household or from a tool result": the household is not read as the user,
    and dropping it would deny every id the household gives; no enforced rule says so."""
    tools = [*TOOLS, _tool("get_hire", "Read a hire.", hire_id="string")]
    built = build_prompt(tmp_path, f"# Tool hire\n\n{text}\n", tools)
    grounded = [p for p in built.policies if p.operator == "arg_grounded"]
    assert not [
        p
        for p in grounded
        if p.enforcement == "enforce" and not p.condition.from_user  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize(
    ("description", "enforced"),
    [
        ("Hire a tool out. Can be called after check_stock.", False),  # a permission
        ("Hire a tool out. This tool may be called after check_stock.", False),
        ("Hire a tool out. Can only be called after check_stock.", True),
        ("Hire a tool out. Must be called after check_stock.", True),
    ],
)
def test_may_be_called_after_is_a_permission(
    tmp_path: Path, description: str, enforced: bool
) -> None:
    tools = [*TOOLS[:2], _tool("hire_out", description, item="string"), *TOOLS[3:]]
    built = build_prompt(tmp_path, "# Tool hire\n\nBe brief.\n", tools)
    (order,) = [p for p in built.policies if p.operator == "require_before"]
    assert (order.target, order.condition.before) == ("hire_out", "check_stock")  # type: ignore[attr-defined]
    assert (order.enforcement == "enforce") is enforced


def test_every_listed_kind_of_a_ban_is_kept(tmp_path: Path) -> None:
    tools = [
        *TOOLS,
        _tool("get_hire", "Read a hire: status (open, returned, lost).", hire_id="string"),
        _tool("close_hire", "Close a hire.", hire_id="string"),
    ]
    built = build_prompt(
        tmp_path, "# Tool hire\n\nReturned or write-off hires cannot be closed.\n", tools
    )
    (state,) = [p for p in built.policies if p.operator == "state_condition"]
    assert set(state.condition.denied) == {"returned", "write-off"}  # type: ignore[attr-defined]


def test_two_statements_joined_by_a_semicolon_are_read_apart(tmp_path: Path) -> None:
    """Read together, the second statement's ban took the first one's condition: "cannot
    be closed while it is open" instead of the states the second one names."""
    tools = [
        *TOOLS,
        _tool("get_hire", "Read a hire: status (open, returned, lost).", hire_id="string"),
        _tool("close_hire", "Close a hire.", hire_id="string"),
    ]
    text = "A hire can be closed while it is returned; open or lost hires cannot be closed."
    built = build_prompt(tmp_path, f"# Tool hire\n\n{text}\n", tools)
    states = [p.condition for p in built.policies if p.operator == "state_condition"]
    denied = {v for c in states for v in c.denied}  # type: ignore[attr-defined]
    assert denied == {"open", "lost"}
    assert "returned" not in denied


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("Never refund more than one hire per customer.", "customer"),  # the tool's own verb
        ("Do not hire out more than two drills per conversation.", None),
    ],
)
def test_a_tool_verb_counts_its_calls(tmp_path: Path, sentence: str, per: str | None) -> None:
    built = build_prompt(tmp_path, f"# Tool hire\n\n{sentence}\n", TOOLS)
    counts = [p for p in built.policies if p.operator == "max_calls"]
    assert [(p.target, p.condition.per) for p in counts] in (  # type: ignore[attr-defined]
        [("refund_hire", per)],
        [("hire_out", per)],
    )


def test_a_tool_verb_over_a_measure_is_no_count(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, "# Tool hire\n\nNever hire out more than 3 days.\n", TOOLS)
    assert not [p for p in built.policies if p.operator == "max_calls"]
