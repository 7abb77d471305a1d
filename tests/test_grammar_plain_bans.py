"""Plain bans in more shapes: an action that is someone else's ("handled by staff, not by
you", "leave X to the team"), one that must never happen, no authority to act, "under no
circumstances", bullets under a line or heading that frames them as bans ("Never:",
"Prohibited actions:"), and a tool description that bans its own tool ("Internal use only;
do not call."). Never stronger: what a banned bullet adds after its action ("over chat",
"for a guest", "if it was used") is kept as the condition and the ban is reviewed. A ferry
desk and a pottery studio, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

FERRY = [
    _tool("change_sailing", "Move a ticket to another sailing.", ticket_id="string"),
    _tool("refund_ticket", "Refund a ferry ticket.", ticket_id="string"),
    _tool("waive_fee", "Waive the change fee of a ticket.", ticket_id="string"),
    _tool("find_ticket", "Find a ticket by its reference.", reference="string"),
    _tool("export_manifest", "Export the passenger manifest of a sailing.", sailing_id="string"),
]
POTTERY = [
    _tool("book_wheel", "Book a pottery wheel for a student.", student_id="string"),
    _tool("fire_kiln", "Start a kiln firing.", kiln_id="string"),
    _tool("sell_clay", "Sell a bag of clay.", student_id="string", kg="number"),
]
E, W, R = "export_manifest", "waive_fee", "refund_ticket"

# (prompt text, tools, {(target, enforcement)})
READ: list[tuple[str, list[dict[str, object]], set[tuple[str, str]]]] = [
    ("Ticket refunds are handled by the duty manager, not by you.", FERRY, {(R, "enforce")}),
    ("Kiln firings are done by the studio technicians, not the assistant.", POTTERY,
     {("fire_kiln", "enforce")}),
    ("Leave manifest exports to the harbour office staff.", FERRY, {(E, "enforce")}),
    ("Tickets are refunded by the purser only, never by the assistant.", FERRY, {(R, "enforce")}),
    ("Firing a kiln is something only the studio technician may do.", POTTERY,
     {("fire_kiln", "enforce")}),
    ("Manifest exports must never happen.", FERRY, {(E, "enforce")}),
    ("You have no authority to waive fees.", FERRY, {(W, "enforce")}),
    ("Under no circumstances export the manifest.", FERRY, {(E, "enforce")}),
    # a bullet list under a line that frames it, gerunds included
    ("Never:\n- export the manifest\n- waive a fee\n", FERRY, {(E, "enforce"), (W, "enforce")}),
    ("Prohibited actions:\n- exporting the manifest\n- refunding a ticket\n", FERRY,
     {(E, "enforce"), (R, "enforce")}),
    ("The assistant must not:\n- fire a kiln\n- sell clay\n", POTTERY,
     {("fire_kiln", "enforce"), ("sell_clay", "enforce")}),
    # never stronger: what the ban holds under is kept, and the ban reviewed
    ("Manifest exports must never happen during boarding.", FERRY, {(E, "review_only")}),
    # ("- waive a fee if the sailing left" under "Never:" is read as "Never waive a fee if the
    # sailing left" is: a state test of the sailing, reviewed; `tests/test_framed17.py`)
    ("Never:\n- refund a ticket over the phone\n- waive a fee over the phone\n", FERRY,
     {(R, "review_only"), (W, "review_only")}),
]  # fmt: skip

NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("Ticket refunds are handled by the duty manager.", FERRY),  # no one says you may not
    ("Firing a kiln is something only you may do.", POTTERY),  # the opposite of a ban
    ("Never:\n- tell a passenger the crew's names\n", FERRY),  # no tool action
    ("Our sailings:\n- export the manifest at noon\n", FERRY),  # a plain list, no ban
    ("Manifest exports must never happen before the ship docks.", FERRY),  # an ordering
]


def _built(tmp_path: Path, text: str, tools: list[dict[str, object]]) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{text}\n", tools)


def _bans(built: Built) -> set[tuple[str, str]]:
    return {
        (p.target, p.enforcement)
        for p in built.policies
        if p.operator == "deny_action" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(("text", "tools", "expected"), READ, ids=[t for t, _, _ in READ])
def test_a_plain_ban_is_read(
    tmp_path: Path, text: str, tools: list[dict[str, object]], expected: set[tuple[str, str]]
) -> None:
    built = _built(tmp_path, text, tools)
    assert _bans(built) == expected
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert "rule-not-compiled" not in codes  # nor is a frame line ("Never:") left noted
    reviewed = sum(1 for _, level in expected if level == "review_only")
    assert codes.count("condition-not-bound") == reviewed  # each says what it holds under


@pytest.mark.parametrize(("text", "tools"), NOT_READ, ids=[t for t, _ in NOT_READ])
def test_no_plain_ban(tmp_path: Path, text: str, tools: list[dict[str, object]]) -> None:
    assert _bans(_built(tmp_path, text, tools)) == set()


# (description, the ban's enforcement, or None for no ban)
DESCRIBED: list[tuple[str, str | None]] = [
    ("Rebuild the fare tables. Internal use only; do not call.", "enforce"),
    ("Rebuild the fare tables. Not for use by the assistant.", "enforce"),
    ("Rebuild the fare tables. Staff only.", "enforce"),
    ("Rebuild the fare tables. Do not call this tool.", "enforce"),
    ("Rebuild the fare tables. Deprecated; do not use.", "enforce"),
    ("Rebuild the fare tables. For administrators only.", "enforce"),
    ("Rebuild the fare tables. Not to be used by the AI agent.", "enforce"),
    # a ban under a condition is never a flat one
    ("Rebuild the fare tables. Do not call this unless the fares changed.", "review_only"),
    ("Rebuild the fare tables. Staff can see the result in the back office.", None),
]


@pytest.mark.parametrize(("description", "level"), DESCRIBED)
def test_a_description_bans_its_own_tool(
    tmp_path: Path, description: str, level: str | None
) -> None:
    tools = [_tool("rebuild_fares", description), *FERRY]
    built = build_prompt(tmp_path, "# Desk\n\nBe courteous.\n", tools)
    found = {
        (p.target, p.enforcement)
        for p in built.policies
        if p.operator == "deny_action" and not p.source.artifact.endswith("prompt.md")
    }
    assert found == ({("rebuild_fares", level)} if level else set())
