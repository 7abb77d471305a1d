"""More shapes of "where a value must come from" (issue 11, class 4), each bound to the
argument its words name: use allowed only once a source gave the value ("a hull number may
only be used if the skipper stated it", "no berth code may be used unless ...", "never enter
a hull number the skipper has not given"), "exactly as" a source wrote it, an action said by
its noun and its recipient value ("the credit must be issued to the member id returned by
`find_member`"), values collected for each thing before an action said with a pronoun, a
value said only with its id word left out ("registration numbers": `hull_registration`), a
value guessed for an action said after it ("the amount to refund"), a made-up ban followed
by "ask the skipper", "must have been returned by", "... only" after the source, and "them"
in the action pointing back to the person asked.

Never stronger than the sentence: a value or a source that cannot be bound gives a reviewed
rule with a located note, or no rule; a sentence saying where a value is shown obliges
nothing. Made-up domains (a harbour office, a village library, a pet clinic); sentences and
tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import Built, build_prompt
from tests.test_grammar_asked_values import _tool
from tests.test_grammar_value_origins import E, R, Row, _rows

HARBOUR = [
    _tool("find_member", "Find a harbour member by e-mail.", email=""),
    _tool("get_boat", "Read a boat's record.", boat_id=""),
    _tool("list_berths", "List the free berths of a pontoon.", pontoon=""),
    _tool(
        "register_boat",
        "Register a boat for a member.",
        member_id="",
        hull_registration="",
        boat_length="",
        owner_names="",
    ),
    _tool("assign_berth", "Assign a berth to a boat.", boat_id="", berth_code=""),
    _tool("issue_credit", "Issue a harbour credit to a member.", member_id="", amount=""),
    _tool("refund_fee", "Refund a mooring fee.", fee_id="", amount="", payment_card=""),
    _tool("list_fees", "List a member's mooring fees.", member_id=""),
]
LIBRARY = [
    _tool("get_patron", "Look up a patron.", card_number=""),
    _tool("register_patron", "Register a patron.", full_name="", birth_date="", street=""),
    _tool("list_fines", "List a patron's fines.", card_number=""),
    _tool("waive_fine", "Waive a fine.", fine_id="", reason=""),
    _tool("place_hold", "Place a hold on a copy.", card_number="", copy_barcode=""),
]

PAYROLL = [
    _tool("list_berths", "List the free berths of a pontoon.", pontoon=""),
    _tool("assign_center", "Assign a pontoon centre.", pontoon_center_code=""),
]


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> Built:
    return build_prompt(tmp_path, f"# Office policy\n\n{text}\n", tools)


USER: tuple[str, ...] = ()
BOTH = ("*",)

READ: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    (
        "use allowed only once the person stated it",
        "A hull registration may only be used if the skipper stated it in the conversation.",
        HARBOUR,
        {("register_boat", "hull_registration", True, USER, E)},
    ),
    (
        "no value used unless a tool returned it",
        "No berth code may be used unless list_berths returned it.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "a value the person has not given is never entered (the ban is the source rule)",
        "Never enter a hull registration the skipper has not given.",
        HARBOUR,
        {("register_boat", "hull_registration", True, USER, E)},
    ),
    (
        "a value a tool did not return is never used",
        "Do not use any berth code that list_berths did not return.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "spelled exactly as the person wrote them",
        "Owner names have to be spelled exactly as the member wrote them.",
        HARBOUR,
        {("register_boat", "owner_names", True, USER, E)},
    ),
    (
        "an action said by its noun and the verb of issuing: the recipient value",
        "The credit must be issued to the member id returned by find_member.",
        HARBOUR,
        {("issue_credit", "member_id", False, ("find_member",), E)},
    ),
    (
        "an action noun and a recipient value the person named",
        "A refund may only go to a payment card the member named.",
        HARBOUR,
        {("refund_fee", "payment_card", True, USER, E)},
    ),
    (
        "collected for every boat before an action on it, said with a pronoun",
        "Collect the hull registration and length of every boat before registering it.",
        HARBOUR,
        {
            ("register_boat", "hull_registration", True, USER, E),
            ("register_boat", "boat_length", True, USER, E),
        },
    ),
    (
        "a value said with an id word no argument has: the argument its other words name",
        "The agent shall not fabricate registration numbers.",
        HARBOUR,
        {("register_boat", "hull_registration", True, BOTH, E)},
    ),
    (
        "a value not to be guessed for the action said after it",
        "The amount to refund must not be guessed.",
        HARBOUR,
        {("refund_fee", "amount", True, BOTH, E)},
    ),
    (
        "a made-up ban followed by asking the person: the person's own",
        "Do not make up boat lengths; ask the member.",
        HARBOUR,
        {("register_boat", "boat_length", True, USER, E)},
    ),
    (
        "'must have been returned by' with the tool taking it",
        "Any berth code passed to assign_berth must have been returned by list_berths.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "the source said before 'only'",
        "Fee ids come from list_fees only.",
        HARBOUR,
        {("refund_fee", "fee_id", False, ("list_fees",), E)},
    ),
    (
        "a value not in a tool's output is never used",
        "Never use a berth code that is not in the list_berths output.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "a value the person did not give, never used for the action said after it",
        "You may not use an e-mail the member did not provide to find the member.",
        HARBOUR,
        {("find_member", "email", True, USER, E)},
    ),
    (
        "a value from earlier conversations: only this conversation's (the user's or a tool's)",
        "Do not rely on boat ids from previous conversations.",
        HARBOUR,
        {("get_boat", "boat_id", True, BOTH, E), ("assign_berth", "boat_id", True, BOTH, E)},
    ),
    (
        "a value from memory: only this conversation's",
        "Never take a fee id from memory.",
        HARBOUR,
        {("refund_fee", "fee_id", True, BOTH, E)},
    ),
    (
        "the value a person gave, used for the action said after it",
        "Use the fee id provided by the member to refund the fee.",
        HARBOUR,
        {("refund_fee", "fee_id", True, USER, E)},
    ),
    (
        "several values made up, then where to obtain them",
        "You should not make up boat ids or member ids; always obtain them from the tools.",
        HARBOUR,
        {
            ("get_boat", "boat_id", False, ("*",), E),
            ("assign_berth", "boat_id", False, ("*",), E),
            ("register_boat", "member_id", False, ("*",), E),
            ("issue_credit", "member_id", False, ("*",), E),
            ("list_fees", "member_id", False, ("*",), E),
        },
    ),
    (
        "every argument of one tool from the person or a tool",
        "All arguments to assign_berth must come from the member or from list_berths.",
        HARBOUR,
        {("assign_berth", "~None", True, ("list_berths",), E)},
    ),
    (
        "an action whose recipient value the person did not give",
        "Do not issue credits to member ids the member did not give.",
        HARBOUR,
        {("issue_credit", "member_id", True, USER, E)},
    ),
    (
        "copied exactly as they appear in a tool's results",
        "Copy berth codes exactly as they appear in the list_berths results.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "a value the person has not given, as the subject of a ban",
        "A hull registration that the member has not given must never be used.",
        HARBOUR,
        {("register_boat", "hull_registration", True, USER, E)},
    ),
    (
        "identified with a tool, then the id it returns used",
        "Identify the member by e-mail using find_member and use the member id it returns.",
        HARBOUR,
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "a tool named with what its call was for",
        "The berth code must be one returned by list_berths for the pontoon.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "only the verb, then the recipient value the person gave in the conversation",
        "Only refund to a payment card that the member has provided in this conversation.",
        HARBOUR,
        {("refund_fee", "payment_card", True, USER, E)},
    ),
    (
        "a qualifier no argument says ('new')",
        "The member must supply the new e-mail address; never copy it from an old invoice.",
        HARBOUR,
        {("find_member", "email", True, USER, E)},
    ),
    (
        "'only X that T returned': the source rule, no ban of the action",
        "Only refund fees that list_fees returned.",
        HARBOUR,
        {("refund_fee", "fee_id", False, ("list_fees",), E)},
    ),
    (
        "'are never to be guessed'",
        "Fee ids are never to be guessed.",
        HARBOUR,
        {("refund_fee", "fee_id", True, BOTH, E)},
    ),
    (
        "only accepting values a person gave",
        "Only accept fee ids given by the member themselves.",
        HARBOUR,
        {("refund_fee", "fee_id", True, USER, E)},
    ),
    (
        "not assuming which thing the person wants: the thing by its noun",
        "Do not assume which berth the member wants.",
        HARBOUR,
        {("assign_berth", "berth_code", True, USER, E)},
    ),
    (
        "a value for an action said by its verb and object",
        "The reason for waiving a fine must be the one the patron stated.",
        LIBRARY,
        {("waive_fine", "reason", True, USER, E)},
    ),
    (
        "two values, each with its own source, in a scope",
        "When waiving a fine, use the fine id shown by list_fines and a reason the patron gave.",
        LIBRARY,
        {
            ("waive_fine", "fine_id", False, ("list_fines",), E),
            ("waive_fine", "reason", True, USER, E),
        },
    ),
    (
        "a thing the person chooses",
        "The berth must be chosen by the member.",
        HARBOUR,
        {("assign_berth", "berth_code", True, USER, E)},
    ),
    (
        "only information the person or the tools gave: every identifier, reviewed",
        "Only use the information provided by the member or returned by the tools.",
        HARBOUR,
        {("*", "~None", True, ("*",), R)},
    ),
    (
        "a passive said with 'always', without a modal",
        "Member ids are always obtained via find_member, never typed in from the call.",
        HARBOUR,
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "a word spelled the British way, the argument the American way",
        "Pontoon centre codes are only taken from list_berths.",
        PAYROLL,
        {("assign_center", "pontoon_center_code", False, ("list_berths",), E)},
    ),
    (
        "only an action on things whose id a tool returned",
        "Only refund fees whose fee id was returned by list_fees.",
        HARBOUR,
        {("refund_fee", "fee_id", False, ("list_fees",), E)},
    ),
    (
        "exactly what the person reported, in a scope",
        "When issuing a credit, the amount must be exactly what the member reported.",
        HARBOUR,
        {("issue_credit", "amount", True, USER, E)},
    ),
    (
        "a tool to get the value, and a ban on asking for it",
        "Use find_member to get the member id; never ask the member for it.",
        HARBOUR,
        {
            ("register_boat", "member_id", False, ("find_member",), E),
            ("issue_credit", "member_id", False, ("find_member",), E),
            ("list_fees", "member_id", False, ("find_member",), E),
        },
    ),
    (
        "the value the person gives used as-is",
        "The hull registration the member gives must be used as-is; do not reformat it.",
        HARBOUR,
        {("register_boat", "hull_registration", True, USER, E)},
    ),
    (
        "entered exactly as the person spells them",
        "Owner names should be entered exactly as the member spells them.",
        HARBOUR,
        {("register_boat", "owner_names", True, USER, E)},
    ),
    (
        "a made-up value for an action said by its noun, then the person's",
        "Don't make up a reason for the credit; use the one the member gave.",
        HARBOUR,
        {("issue_credit", "~reason", True, USER, R)},  # no `reason` argument: reviewed
    ),
    (
        "the value the agent references, from a tool's latest output",
        "Any berth code you reference must come from the most recent list_berths call.",
        HARBOUR,
        {("assign_berth", "berth_code", False, ("list_berths",), E)},
    ),
    (
        "'them' in the action is the person asked: look up the patron",
        "Ask the patron for their card number before looking them up.",
        LIBRARY,
        {("get_patron", "card_number", True, USER, E)},
    ),
]


@pytest.mark.parametrize(("why", "sentence", "tools", "expected"), READ, ids=[r[0] for r in READ])
def test_value_source_read(
    tmp_path: Path, why: str, sentence: str, tools: list[dict[str, Any]], expected: set[Row]
) -> None:
    assert _rows(_build(tmp_path, sentence, tools)) == expected, why


NOT_BOUND: list[tuple[str, str, list[dict[str, Any]], set[Row], str]] = [
    (
        "a value with an id word no argument says in other words: kept over every call",
        "Never make up a microchip number.",
        HARBOUR,
        {("*", "~microchip number", True, BOTH, R)},
        "condition-not-bound",
    ),
    (
        "an id word of the argument's own (`fee_id` for 'fee number'): never bound by guess",
        "Never make up a fee number.",
        HARBOUR,
        {("*", "~fee number", True, BOTH, R)},
        "condition-not-bound",
    ),
]


@pytest.mark.parametrize(
    ("why", "sentence", "tools", "expected", "code"), NOT_BOUND, ids=[r[0] for r in NOT_BOUND]
)
def test_value_not_bound_is_reviewed_with_a_note(
    tmp_path: Path,
    why: str,
    sentence: str,
    tools: list[dict[str, Any]],
    expected: set[Row],
    code: str,
) -> None:
    built = _build(tmp_path, sentence, tools)
    assert _rows(built) == expected, why
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert code in {d.code for d in notes}, why
    assert all(d.span is not None and d.span.start_line >= 1 for d in notes)


NOT_READ: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("where a value is shown", "The hull registration is printed on the boat's papers.", HARBOUR),
    ("how values are listed", "Berths are listed with their pontoon and length.", HARBOUR),
    ("a provenance described, no modal", "Fee ids come from list_fees.", HARBOUR),
    ("a permission to look a value up", "Patrons can find their card number in the app.", LIBRARY),
    ("an action noun with no datum", "A refund may only go to the member who paid.", HARBOUR),
    ("collecting a thing no person tells", "Collect the fee of every boat before it.", HARBOUR),
    ("a recipient with a source not read", "The credit must be issued to the member id.", HARBOUR),
    (
        "a source that is a record, not a tool or a person: never guessed at",
        "The payment card passed to refund_fee must be taken from the receipt.",
        HARBOUR,
    ),
    ("a value from memory of something else", "Never take a break from memory work.", HARBOUR),
    (
        "two values, one of them no datum: no reading of half the sentence",
        "Use the berth code returned by list_berths and the pontoon the skipper chose.",
        HARBOUR,
    ),
    (
        "a thing chosen by someone who is not the person served",
        "The berth must be chosen by the harbour master.",
        HARBOUR,
    ),
    ("a tool as a way, not the only one", "Use find_member to get the member id.", HARBOUR),
    (
        "a provenance described, no always or only",
        "Member ids are obtained via find_member.",
        HARBOUR,
    ),
    (
        "a purpose that is no action",
        "Never use a boat id the member has not given for a week.",
        HARBOUR,
    ),
]


@pytest.mark.parametrize(("why", "sentence", "tools"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_not_a_source_rule(
    tmp_path: Path, why: str, sentence: str, tools: list[dict[str, Any]]
) -> None:
    built = _build(tmp_path, sentence, tools)
    enforced = {r for r in _rows(built) if r[-1] == E}
    assert not enforced, why
