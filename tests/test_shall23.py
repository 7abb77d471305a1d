"""Session 23: tool ids in SCREAMING_SNAKE and PascalCase read like the ids the readers know
(`ids7_respell`), a first call said as "every conversation opens with X" or "before calling
any other tool in a conversation" (`order3_first`), bounds said with "not more than" and a
field's value said with "reads" (`segments._NOT_COMPARED`, `segments._SHOWN`), "the
<argument> of a <thing>" as that argument of the thing's tools (`noun_args.of_holder`), and a
cap joined to a second statement by ", and" read apart (`segments._SUBJECT_MODAL_VERB`).
Sentences written for these tests, in a made-up boat-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.ids7_respell import respell_ids
from tests.probes import desk_policies, fits, has_policy, shown
from tests.probes import spec as T

SCREAMING = [
    T("FIND_SKIPPER", "Find a skipper by licence number; returns skipper_id.", licence="string"),
    T("GET_BOAT", "Read a boat: class, berth, status.", boat_id="string"),
    T("QUOTE_HIRE", "Quote a hire.", skipper_id="string", boat_id="string", hours="integer"),
    T("CREATE_HIRE", "Create a hire from a quote.", quote_id="string", skipper_id="string"),
    T("ASSIGN_CREW", "Assign a crew member to a hire.", hire_id="string", crew_id="string"),
    T("ISSUE_CREDIT", "Issue a credit to a skipper.", skipper_id="string", amount="number",
      reason="string"),
]  # fmt: skip
PASCAL = [
    T("FindSkipper", "Find a skipper by licence number; returns skipper_id.", licence="string"),
    T("GetBoat", "Read a boat: class, berth, status.", boat_id="string"),
    T("BookHire", "Book a boat for a skipper.", skipper_id="string", boat_id="string",
      hours="integer"),
    T("SendText", "Text a skipper.", skipper_id="string", body="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tools", "text", "operator", "target", "enforcement", "params"),
    [
        (SCREAMING, "QUOTE_HIRE shall precede CREATE_HIRE.", "require_before", "CREATE_HIRE",
         "enforce", {"before": "QUOTE_HIRE"}),
        (SCREAMING, "The quote_id passed to CREATE_HIRE shall be one returned by QUOTE_HIRE.",
         "arg_grounded", "CREATE_HIRE", "enforce", {"arg": "quote_id"}),
        (PASCAL, "Always call GetBoat before BookHire.", "require_before", "BookHire", "enforce",
         {"before": "GetBoat"}),
        (SCREAMING, "The Assistant shall call FIND_SKIPPER before calling any other tool in a "
         "conversation.", "require_before", "*", "review_only", {"before": "FIND_SKIPPER"}),
        (PASCAL, "Every chat opens with FindSkipper; nothing happens before the skipper is found.",
         "require_before", "*", "review_only", {"before": "FindSkipper"}),
        (PASCAL, "Start each conversation by calling `FindSkipper`.", "require_before", "*",
         "review_only", {"before": "FindSkipper"}),
        (PASCAL, "No other tool runs until `FindSkipper` has found the skipper.",
         "require_before", "*", "review_only", {"before": "FindSkipper"}),
        (SCREAMING, "The hours of a quote shall be not less than 2 and not more than 96.",
         "arg_within_bound", "QUOTE_HIRE", "enforce", {"arg": "hours", "min": 2, "max": 96}),
        (SCREAMING, "A crew member whose status reads `suspended` shall not be assigned.",
         "state_condition", "ASSIGN_CREW", "review_only", {"field": "status",
                                                        "denied": ["suspended"]}),
        (SCREAMING, "A credit shall not exceed 80 euros, and a credit above 30 euros shall be "
         "approved by the harbour master.", "arg_within_bound", "ISSUE_CREDIT", "enforce",
         {"arg": "amount", "max": 80}),
    ],
)  # fmt: skip
def test_read(
    tmp_path: Path,
    tools: list,
    text: str,
    operator: str,
    target: str,
    enforcement: str,
    params: dict,
) -> None:
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(policies, operator, target, enforcement, **params), shown(policies)


def test_a_credit_cap_is_not_the_reviews_condition(tmp_path: Path) -> None:
    """The cap's clause is read apart: it is enforced, with no condition taken from the
    review's clause; the review keeps its own note."""
    text = "A credit shall not exceed 80 euros, and a credit above 30 euros shall be approved."
    policies = desk_policies(tmp_path, text, SCREAMING)
    caps = [p for p in policies if p.operator == "arg_within_bound"]
    assert [(p.enforcement, p.condition.max) for p in caps] == [("enforce", 80.0)], shown(caps)


def test_a_first_step_that_names_no_tool_is_not_read(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Every conversation opens with a greeting.", SCREAMING)
    assert not [p for p in policies if p.operator == "require_before"], shown(policies)


def test_not_more_than_keeps_its_side(tmp_path: Path) -> None:
    """ "not more than" is a maximum, never a minimum."""
    text = "The hours of a quote shall be not more than 96."
    bounds = [
        p for p in desk_policies(tmp_path, text, SCREAMING) if p.operator == "arg_within_bound"
    ]
    assert bounds
    assert all(p.condition.min is None for p in bounds), shown(bounds)


def _respelled(tools: list, prompt: str) -> str:
    import json

    from specgap.artifacts import Artifact
    from specgap.formats import parse_json

    text = json.dumps(tools)
    data, ranges = parse_json(text, "tools.json")
    given = [Artifact("tools", "tools.json", text, "t", data, ranges),
             Artifact("prompt", "prompt.md", prompt, "p")]  # fmt: skip
    out, _ = respell_ids(given)
    return out[1].text


def test_respelling_keeps_offsets() -> None:
    """SCREAMING_SNAKE and PascalCase ids are respelled at the same length and only where a
    tools file defines them (`test_read` checks the rules get their own ids back)."""
    prompt = "Call FIND_SKIPPER, then GET_BOAT; SendText later. NOT_A_TOOL and SendTexts stay.\n"
    said = _respelled(SCREAMING[:2] + PASCAL[3:], prompt)
    assert len(said) == len(prompt)
    for respelled in ("find_skipper", "get_boat", "sendText", "NOT_A_TOOL", "SendTexts"):
        assert respelled in said, said


def test_an_id_spelled_as_anothers_respelling_leaves_both() -> None:
    """`GET_BOAT` beside a tool called `get_boat`: respelling would confuse the two, so
    neither id is respelled and the prompt is read as written."""
    tools = [*SCREAMING, T("get_boat", "Read a boat's log.", boat_id="string")]
    prompt = "Always call GET_BOAT before ASSIGN_CREW, and FIND_SKIPPER first.\n"
    assert _respelled(tools, prompt) == prompt


HIRE = [
    T("hmBookHire", "Book a boat hire for a skipper.", skipper_id="string", hours="integer"),
    T("hmTakeDeposit", "Take a deposit on a hire.", hire_id="string", amount="number"),
    T("hmCreditHire", "Credit money back on a hire.", hire_id="string", amount="number",
      note="string"),
    T("hmGetHire", "Read a hire: status (booked, out, returned, cancelled).", hire_id="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        # a copula with "never for more than": the subject noun's act, never a verb "for"
        ("Credits are never for more than £80.", "arg_within_bound", "hmCreditHire",
         {"arg": "amount", "max": 80}),
        # the tool named in brackets after the noun, and a second clause that keeps the
        # first's subject
        ("Credits (hmCreditHire) are only for hires whose status is `cancelled`, and never for "
         "more than £80.", "arg_within_bound", "hmCreditHire", {"arg": "amount", "max": 80}),
        ("Credits (hmCreditHire) are only for hires whose status is `cancelled`.",
         "state_condition", "hmCreditHire", {"field": "status", "allowed": ["cancelled"]}),
        # "only ..., and never ...": the negation is the second clause's, not the first's
        ("Only call `hmCreditHire` for hires whose status is `cancelled`, and never for "
         "friends.", "state_condition", "hmCreditHire", {"field": "status",
                                                        "allowed": ["cancelled"]}),
    ],
)  # fmt: skip
def test_hire_desk(tmp_path: Path, text: str, operator: str, target: str, params: dict) -> None:
    policies = desk_policies(tmp_path, text, HIRE)
    assert any(fits(p, operator, target, params) for p in policies), shown(policies)


def test_only_then_never_is_no_ban_of_the_allowed_state(tmp_path: Path) -> None:
    """Read as a ban, "only for cancelled hires, and never for friends" denied the very
    state it allows."""
    text = "Only call `hmCreditHire` for hires whose status is `cancelled`, and never for friends."
    policies = desk_policies(tmp_path, text, HIRE)
    states = [p for p in policies if p.operator == "state_condition"]
    assert states, shown(policies)
    assert all("cancelled" not in p.condition.denied for p in states), shown(states)


def test_a_footnote_that_makes_an_exception_keeps_the_rule_for_review(tmp_path: Path) -> None:
    """The footnote's exception is the rule's condition: reviewed, never enforced for all;
    a footnote that only gives a reason changes nothing."""
    text = (
        "Never book a hire of more than 12 hours.[^2]\n"
        "Never credit more than 80 euros.[^1]\n\n"
        "[^1]: A credit that size once cost us a boat.\n"
        "[^2]: Members of the harbour club may book longer.\n"
    )
    policies = desk_policies(tmp_path, text, HIRE)
    hours = [p for p in policies if fits(p, "arg_within_bound", "hmBookHire", {"arg": "hours"})]
    amount = [p for p in policies if fits(p, "arg_within_bound", "hmCreditHire", {"arg": "amount"})]
    assert hours, shown(policies)
    assert amount, shown(policies)
    assert {p.enforcement for p in hours} == {"review_only"}, shown(hours)
    assert {p.enforcement for p in amount} == {"enforce"}, shown(amount)


TREE = [
    T("hmFindSkipper", "Find a skipper by licence.", licence="string"),
    T("hmBookHire", "Book a boat hire for a skipper.", skipper_id="string", hours="integer",
      boat_id="string"),
    T("hmExtendHire", "Add hours to a hire.", hire_id="string", extra_hours="integer"),
    T("hmCreditHire", "Credit money back on a hire.", hire_id="string", amount="number"),
    T("hmGetHire", "Read a hire: status (booked, out, returned, cancelled).", hire_id="string"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "enforcement", "params"),
    [
        # a topic, its arrow, and an argument's range with no verb
        ("3. Hire length → `hours` from 1 to 12.", "arg_within_bound", "hmBookHire", "enforce",
         {"arg": "hours", "min": 1, "max": 12}),
        # the label's noun holds the argument: the hire's `hours`, not the extension's
        ("Hire length: `hours` of 1 to 12.", "arg_within_bound", "hmBookHire", "enforce",
         {"arg": "hours", "min": 1, "max": 12}),
        # a question's "No" branch: the rule holds unless the answer is yes (reviewed)
        ("1. Do you know who the skipper is? → No: call `hmFindSkipper` before any other tool. "
         "→ Yes: go on.", "require_before", "*", "review_only", {"before": "hmFindSkipper"}),
        # a condition that leads a first step is kept, never dropped
        ("If you do not know the skipper, call hmFindSkipper before any other tool.",
         "require_before", "*", "review_only", {"before": "hmFindSkipper"}),
        # the topic's rule: a yes before the act
        ("4. Credit asked for → read the amount back and wait for a clear yes before "
         "`hmCreditHire`.", "require_confirmation", "hmCreditHire", "enforce", {}),
    ],
)  # fmt: skip
def test_tree(
    tmp_path: Path, text: str, operator: str, target: str, enforcement: str, params: dict
) -> None:
    policies = desk_policies(tmp_path, text, TREE)
    assert has_policy(policies, operator, target, enforcement, **params), shown(policies)


def test_a_question_branch_is_never_a_flat_rule(tmp_path: Path) -> None:
    """ "Is the hire `cancelled`? → Yes: credit nothing." holds only when it is: the ban is
    conditional (bound to the hire's status, or reviewed), never on every credit."""
    text = "2. Is the hire `cancelled`? → Yes: do not credit it. → No: go on."
    policies = desk_policies(tmp_path, text, TREE)
    credits = [p for p in policies if p.target == "hmCreditHire"]
    assert credits, shown(policies)
    flat = [p for p in credits if p.operator == "deny_action" and p.enforcement == "enforce"]
    assert not flat, shown(credits)


def test_a_wh_question_topic_is_not_read_as_a_rule_on_every_tool(tmp_path: Path) -> None:
    """ "Which skipper gets it → ..." is about what another line names: no rule is read."""
    text = "7. Which skipper gets it → the `skipper_id` comes from `hmFindSkipper`."
    policies = desk_policies(tmp_path, text, TREE)
    assert not [p for p in policies if p.operator == "arg_grounded"], shown(policies)


def test_a_thing_that_gets_a_count_is_what_the_count_is_kept_per(tmp_path: Path) -> None:
    """ "A hire gets one credit, ever": one per hire; counted per conversation instead, a
    second hire's credit in the same chat would be refused (stronger than the sentence)."""
    policies = desk_policies(tmp_path, "A hire gets one credit, ever.", HIRE)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert [(p.target, p.condition.max, p.condition.per) for p in counts] == [
        ("hmCreditHire", 1, "hire")
    ], shown(policies)


def test_a_numbered_clause_is_split_like_any_other(tmp_path: Path) -> None:
    text = "6.3 A credit shall not exceed 80 euros, and a credit above 30 euros shall be approved."
    policies = desk_policies(tmp_path, text, SCREAMING)
    caps = [p for p in policies if p.operator == "arg_within_bound"]
    assert [(p.enforcement, p.condition.max) for p in caps] == [("enforce", 80.0)], shown(caps)


@pytest.mark.parametrize(
    "text",
    [
        "Never send two `hmCreditHire` calls in the same turn.",
        "Never call `hmCreditHire` twice in one reply.",
        "Do not credit twice in a single turn.",
    ],
)
def test_two_calls_of_a_tool_in_a_turn_is_no_ban_on_the_tool(tmp_path: Path, text: str) -> None:
    """One call of the tool per turn, never a ban on every credit."""
    policies = desk_policies(tmp_path, text, HIRE)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)
    ones = [p for p in policies if p.operator == "one_call_at_a_time"]
    assert [(p.target, p.condition.same_tool, p.condition.with_text) for p in ones] == [
        ("hmCreditHire", True, False)
    ], shown(policies)


def test_at_most_one_tool_call_in_any_single_turn(tmp_path: Path) -> None:
    text = "2.6 The Assistant shall make not more than one tool call in any single turn."
    policies = desk_policies(tmp_path, text, SCREAMING)
    ones = [p for p in policies if p.operator == "one_call_at_a_time"]
    assert [(p.target, p.condition.same_tool) for p in ones] == [("*", False)], shown(policies)


DESK = [
    T("hmWaiveFee", "Remove a fee from a hire.", hire_id="string", reason="string"),
    T("hmCancelHire", "Cancel a hire.", hire_id="string", reason="string"),
    T("hmFindSkipper", "Find a skipper: status (active, frozen, closed).", licence="string"),
    T("hmBookHire", "Book a boat hire for a skipper.", skipper_id="string", hours="integer"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "operator", "target", "params"),
    [
        ("When waiving a fee, the reason must be one of storm, engine_fault.",
         "resource_in_allowlist", "hmWaiveFee", {"arg": "reason",
                                                 "allowed": ["engine_fault", "storm"]}),
        ("Waiving a fee needs a reason from this set: storm, engine_fault.",
         "resource_in_allowlist", "hmWaiveFee", {"arg": "reason",
                                                 "allowed": ["engine_fault", "storm"]}),
        ("Skippers with status `frozen` or `closed` cannot book.", "state_condition",
         "hmBookHire", {"field": "status", "denied": ["frozen", "closed"]}),
    ],
)  # fmt: skip
def test_act_leads_and_listed_holders(
    tmp_path: Path, text: str, operator: str, target: str, params: dict
) -> None:
    policies = desk_policies(tmp_path, text, DESK)
    assert has_policy(policies, operator, target, "enforce", **params), shown(policies)
    # the lead named the act: no copy on the other tool taking `reason`
    assert not [p for p in policies if p.target == "hmCancelHire"], shown(policies)


def test_a_state_lead_stays_a_condition(tmp_path: Path) -> None:
    """ "When the skipper is frozen, ..." names no act: reviewed under its condition."""
    text = "When the skipper is frozen, the reason must be storm or engine_fault."
    policies = desk_policies(tmp_path, text, DESK)
    assert policies, shown(policies)
    assert {p.enforcement for p in policies} == {"review_only"}, shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Never put the licence number that `hmFindSkipper` shows into `hmBookHire`.",
        "The licence number that `hmFindSkipper` shows must never go into `hmBookHire`.",
    ],
)
def test_data_a_tool_shows_said_in_several_words_is_a_flow(tmp_path: Path, text: str) -> None:
    """Not a ban on the lookup (it was read so: every lookup refused)."""
    policies = desk_policies(tmp_path, text, DESK)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)
    flows = [p for p in policies if p.operator == "flow_denied"]
    assert [(p.target, tuple(p.condition.sources)) for p in flows] == [
        ("hmBookHire", ("hmFindSkipper",))
    ], shown(policies)


def test_one_of_is_no_part_of_a_states_first_value(tmp_path: Path) -> None:
    text = "Only book a hire when the skipper's status is one of active, trusted or senior."
    policies = desk_policies(tmp_path, text, DESK)
    values = [v for p in policies if p.operator == "state_condition" for v in p.condition.allowed]
    assert values, shown(policies)
    assert not [v for v in values if " " in v], values
