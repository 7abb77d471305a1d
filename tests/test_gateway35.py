"""Session 35: shapes a pull request's diff of a prompt, a role profile and a film script used
that no reader read, in general form: a fenced `diff` block read as the text it leaves (added
and unchanged lines in force, removed lines withdrawn, headers no text); tool ids that are a
program's file name (`HIREBOOK.EXE`, `send-text.sh`); "one program a turn" and "stays silent";
the assistant's acts said in the third person anywhere in a sentence, by a role noun or by the
name the prompt gives it; and a role profile's duties listed as subjectless third-person verbs.
Sentences written for these tests, in a made-up kayak hire desk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.diff35 import after, diff_block
from specgap.extract.third35 import agent_name, duty, respelt
from tests.probes import desk_policies, fits, has_policy, shown, spec

KAYAK = [
    spec("FINDCUST.EXE", "Finds a paddler by phone number.", phone="string"),
    spec("PINCHECK.EXE", "Checks the paddler's PIN.", customer_id="string", pin="string"),
    spec("SLOTS.EXE", "Lists open launch slots.", days_ahead="integer"),
    spec("HIREBOOK.EXE", "Books a kayak hire.", slot_id="string", boats="integer"),
    spec("HIREREAD.EXE", "Reads one hire.", hire_id="string"),
    spec("HIREMOVE.EXE", "Moves a hire to another slot.", hire_id="string", new_slot_id="string"),
    spec("HIREDROP.EXE", "Cancels a hire.", hire_id="string"),
    spec("REFUND.BAT", "Refunds a payment.", payment_id="string", amount="number"),
    spec("send-text.sh", "Texts the paddler.", template="string"),
    spec("WIPEACCT.EXE", "Deletes a paddler's account.", customer_id="string"),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


def test_a_diff_block_is_read_as_the_text_it_leaves(tmp_path: Path) -> None:
    text = (
        "The assistant runs on the file as it reads after this change.\n\n"
        "```diff\n"
        "--- a/prompts/kayak.md\n"
        "+++ b/prompts/kayak.md\n"
        "@@ -3,4 +3,5 @@ ## Hires\n"
        " Call HIREREAD.EXE before HIREMOVE.EXE.\n"
        "-Never call WIPEACCT.EXE.\n"
        "+Never call HIREDROP.EXE.\n"
        "+No more than two HIREBOOK.EXE calls in one chat.\n"
        "```\n"
    )
    policies = desk_policies(tmp_path, text, KAYAK)
    assert has_policy(
        policies, "require_before", "HIREMOVE.EXE", "enforce", before="HIREREAD.EXE"
    ), shown(policies)
    assert has_policy(policies, "deny_action", "HIREDROP.EXE", "enforce"), shown(policies)
    assert has_policy(policies, "max_calls", "HIREBOOK.EXE", "enforce", max=2), shown(policies)
    # the removed line is withdrawn: nothing is read from it
    assert not any(p.target == "WIPEACCT.EXE" for p in policies), shown(policies)
    # each rule is located at its own line of the diff
    lines = {p.target: p.source.span.start_line for p in policies}
    assert lines["HIREDROP.EXE"] == 11  # (under "# Desk", a blank line and the preamble)
    assert lines["HIREBOOK.EXE"] == 12


def test_diff_text_and_offsets() -> None:
    text = "x\n```diff\n@@ -1,2 +1,2 @@\n keep me\n-gone\n+new one\n```\n"
    start = text.index("@@")
    said, offsets = after(text, start, len(text))
    assert said == "keep me\nnew one\n"
    assert [text[offsets[i]] for i in range(len(said))] == list(said)
    assert diff_block("diff", "")
    assert diff_block("", "--- a/p.md\n+++ b/p.md\n@@ -1 +1 @@\n-a\n+b\n")
    assert not diff_block("python", "x = 1\n")
    assert not diff_block("", "--- just a rule line\n")


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        (
            "HIREREAD.EXE on the same hire_id comes before HIREMOVE.EXE or HIREDROP.EXE.",
            "require_before",
            "HIREDROP.EXE",
            {"before": "HIREREAD.EXE", "same": {"arg": "hire_id"}},
        ),
        ("Never run send-text.sh twice in a chat.", "max_calls", "send-text.sh", {"max": 1}),
        ("Run one program a turn.", "one_call_at_a_time", "*", {}),
        (
            "The assistant runs one program a turn and stays silent in a turn where one runs.",
            "one_call_at_a_time",
            "*",
            {"with_text": True},
        ),
        (
            "WIPEACCT.EXE belongs to the office; the assistant never runs it.",
            "deny_action",
            "WIPEACCT.EXE",
            {},
        ),
    ],
)
def test_read(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence, KAYAK)
    assert read(policies, operator, tool, **params), shown(policies)


def test_the_name_the_prompt_gives_the_assistant(tmp_path: Path) -> None:
    text = (
        "You are PADDLE in this script.\n\n"
        "Before HIREDROP.EXE, PADDLE names the hire and waits for the paddler's yes.\n"
    )
    policies = desk_policies(tmp_path, text, KAYAK)
    assert has_policy(policies, "require_confirmation", "HIREDROP.EXE", "enforce"), shown(policies)
    assert agent_name("You are PADDLE in this script.") == "PADDLE"
    assert agent_name("You are Ada, the desk's assistant.") == "Ada"
    assert agent_name("You are Petal & Stem's assistant.") is None


@pytest.mark.parametrize(
    "sentence",
    [
        "The assistant takes calls from paddlers and turns them into hires.",
        "The agent is not permitted to book more than two hires per paddler.",
    ],
)
def test_what_the_assistant_does_is_no_rule(sentence: str) -> None:
    # a description of its work, and an auxiliary left to `person17`
    assert respelt("You are the hire desk's assistant.", sentence) is None


def test_coordinated_verbs_agree_but_a_listed_noun_does_not() -> None:
    said = respelt(
        "", "The assistant reads back date, boats and names, and runs HIREBOOK only on a yes."
    )
    assert said == "You read back date, boats and names, and run HIREBOOK only on a yes."


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ("Confirms the PIN with PINCHECK.EXE before any refund.", "Confirm the PIN with"),
        ("Refunds no more than £60 per hire.", "Refund no more than £60"),
        ("Reads back the slot before booking.", "Read back the slot"),
        ("Refunds above £40.", None),
        ("Orders worth more than £250 in total.", None),
        ("Refunds go to the original card.", None),
        ("Objects uploaded with send-text.sh must be private.", None),
        ("Requests made with SLOTS.EXE must time out within 10 seconds.", None),
    ],
)
def test_a_duty_said_without_a_subject(item: str, said: str | None) -> None:
    got = duty(item)
    assert (got is None) if said is None else (got is not None and got.startswith(said)), got


def test_a_role_profile_duty_is_read(tmp_path: Path) -> None:
    text = (
        "## Key responsibilities\n"
        "- Opens the hire with HIREREAD.EXE before moving it or cancelling it.\n"
        "- Makes no more than two HIREBOOK.EXE calls in one chat.\n"
    )
    policies = desk_policies(tmp_path, text, KAYAK)
    assert has_policy(
        policies, "require_before", "HIREDROP.EXE", "enforce", before="HIREREAD.EXE"
    ), shown(policies)
    assert has_policy(policies, "max_calls", "HIREBOOK.EXE", "enforce", max=2), shown(policies)


# AWS JSON-protocol targets: a service with an API date, a dot, a PascalCase operation, which
# a prompt names in full or by its operation alone
DOTTED = [
    spec("Paddlers_20240101.FindPaddler", "Finds a paddler.", phone="string"),
    spec("Hires_20250202.ReadHire", "Reads a hire.", hire_id="string"),
    spec("Hires_20250202.MoveHire", "Moves a hire.", hire_id="string", new_slot_id="string"),
    spec("Hires_20250202.DropHire", "Cancels a hire.", hire_id="string"),
]


def test_an_operation_named_alone_is_its_dotted_id(tmp_path: Path) -> None:
    sentence = "Open the hire with ReadHire before MoveHire or DropHire on that hire_id."
    policies = desk_policies(tmp_path, sentence, DOTTED)
    for later in ("Hires_20250202.MoveHire", "Hires_20250202.DropHire"):
        assert has_policy(
            policies, "require_before", later, "enforce", before="Hires_20250202.ReadHire"
        ), shown(policies)
    # never the other way round, nor about the argument the clause ends on
    assert all(p.target != "Hires_20250202.ReadHire" for p in policies), shown(policies)


def test_a_flow_into_coordinated_tools_bans_each(tmp_path: Path) -> None:
    sentence = (
        "The phone number that FINDCUST.EXE returns never goes into send-text.sh or REFUND.BAT."
    )
    policies = desk_policies(tmp_path, sentence, KAYAK)
    for sink in ("send-text.sh", "REFUND.BAT"):
        assert has_policy(policies, "flow_denied", sink, "enforce", sources=["FINDCUST.EXE"]), (
            shown(policies)
        )


def test_a_flow_in_each_clause(tmp_path: Path) -> None:
    sentence = (
        "Nothing FINDCUST.EXE returns goes into send-text.sh, and nothing HIREREAD.EXE "
        "returns goes into REFUND.BAT."
    )
    policies = desk_policies(tmp_path, sentence, KAYAK)
    assert has_policy(
        policies, "flow_denied", "send-text.sh", "enforce", sources=["FINDCUST.EXE"]
    ), shown(policies)
    assert has_policy(policies, "flow_denied", "REFUND.BAT", "enforce", sources=["HIREREAD.EXE"]), (
        shown(policies)
    )


def test_an_argument_named_as_the_data_is_no_tool(tmp_path: Path) -> None:
    tools = [
        *KAYAK,
        spec("FITNESS.EXE", "Returns the paddler's swim_level.", customer_id="string"),
    ]
    policies = desk_policies(tmp_path, "A swim_level never goes into send-text.sh.", tools)
    assert read(policies, "flow_denied", "send-text.sh", sources=["FITNESS.EXE"]), shown(policies)


EVENTS = [
    spec("PaddlerFound", "Records a paddler found by phone.", phone="string"),
    spec("HireRefunded", "Refunds a hire's payment.", hire_id="string", amount="number"),
    spec("HireCancelled", "Cancels a hire.", hire_id="string"),
    spec("GroupHireBooked", "Books a group hire.", slot_id="string", boats="integer"),
    spec("StaffTeamAlerted", "Alerts the staff team.", summary="string"),
]


@pytest.mark.parametrize(
    "lead",
    [
        "The assistant prepares each of these and calls only after the duty manager has "
        "reviewed it:\n",
        "## Referred to the Staff Manager\n",
    ],
)
def test_a_list_framed_for_review(tmp_path: Path, lead: str) -> None:
    text = f"{lead}- Refunds above £40.\n- Booking a group hire.\n- Cancelling a hire.\n"
    policies = desk_policies(tmp_path, text, EVENTS)
    for tool in ("HireRefunded", "GroupHireBooked", "HireCancelled"):
        assert read(policies, "review_required", tool), shown(policies)
    # the heading's "Staff" is a word of `StaffTeamAlerted`, whose act is alerting: no scope
    assert all(p.target != "StaffTeamAlerted" for p in policies), shown(policies)


def test_an_item_with_its_own_rule_is_not_reframed(tmp_path: Path) -> None:
    text = "These need a manager's review:\n- Never cancel a hire twice.\n"
    policies = desk_policies(tmp_path, text, EVENTS)
    assert not any(p.operator == "review_required" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "Find the paddler with FINDCUST.EXE before anything else happens in the chat.",
        "Nothing else is called before FINDCUST.EXE has found the paddler.",
        "No other program runs until FINDCUST.EXE has found the paddler.",
    ],
)
def test_first_before_anything_else(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, KAYAK)
    assert read(policies, "require_before", "*", before="FINDCUST.EXE"), shown(policies)


def test_a_lead_time_said_of_an_act_in_words_bounds_the_span_argument(tmp_path: Path) -> None:
    # no tool named: the agent's tool that takes the span ahead (`days_ahead`) holds it
    policies = desk_policies(tmp_path, "Search slots at most 14 days ahead.", KAYAK)
    assert read(policies, "arg_within_bound", "SLOTS.EXE", arg="days_ahead", max=14), shown(
        policies
    )


@pytest.mark.parametrize("sentence", ["A hire moves once.", "A hire is moved once."])
def test_a_count_said_of_the_thing_acted_on(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, KAYAK)
    assert read(policies, "max_calls", "HIREMOVE.EXE", max=1, per="hire"), shown(policies)


def test_a_count_of_what_a_thing_does_is_no_limit_of_an_act() -> None:
    from specgap.extract.count24 import entity_count

    assert entity_count("A paddler paddles once.") is None  # no act of a tool
    assert entity_count("A hire is moved twice at most.") is None  # its limit said: as it is
    assert entity_count("A hire moves once.") == "A hire can be moved at most once."


def test_a_tool_that_is_read_before_another_is_called_before_it(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "HIREREAD.EXE is read before HIREMOVE.EXE.", KAYAK)
    assert read(policies, "require_before", "HIREMOVE.EXE", before="HIREREAD.EXE"), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "Before you move or cancel a hire, the paddler passes PINCHECK.EXE.",
        "Before you move or cancel a hire, the paddler is checked with PINCHECK.EXE.",
    ],
)
def test_a_check_the_user_passes_comes_first(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, KAYAK)
    for later in ("HIREMOVE.EXE", "HIREDROP.EXE"):
        # said as what happens: reviewed, never dropped
        assert has_policy(
            policies, "require_before", later, "review_only", before="PINCHECK.EXE"
        ), shown(policies)


def test_turns_that_hold_a_single_call(tmp_path: Path) -> None:
    sentence = "Turns hold a single tool call, and a turn that holds one sends the paddler no text."
    policies = desk_policies(tmp_path, sentence, KAYAK)
    assert read(policies, "one_call_at_a_time", "*", with_text=True), shown(policies)


@pytest.mark.parametrize(
    ("sentence", "tools", "later"),
    [
        (
            "HIREMOVE.EXE and HIREDROP.EXE are for hires in status booked.",
            KAYAK,
            ("HIREMOVE.EXE", "HIREDROP.EXE"),
        ),
        (
            "MoveHire and DropHire are for hires in status booked.",
            DOTTED,
            ("Hires_20250202.MoveHire", "Hires_20250202.DropHire"),
        ),
    ],
)
def test_tools_coordinated_as_the_subject_of_what_they_are_for(
    tmp_path: Path, sentence: str, tools: list[dict[str, Any]], later: tuple[str, ...]
) -> None:
    policies = desk_policies(tmp_path, sentence, tools)
    for tool in later:
        assert read(policies, "state_condition", tool, allowed=["booked"]), shown(policies)


def test_what_a_tool_is_for_without_a_state_is_no_rule(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "HIREBOOK.EXE is for booking hires.", KAYAK)
    assert not policies, shown(policies)


def test_on_that_id_argument_is_the_same_entity(tmp_path: Path) -> None:
    sentence = (
        "Open the hire with HIREREAD.EXE before HIREMOVE.EXE or HIREDROP.EXE on that hire_id."
    )
    policies = desk_policies(tmp_path, sentence, KAYAK)
    for later in ("HIREMOVE.EXE", "HIREDROP.EXE"):
        assert has_policy(
            policies,
            "require_before",
            later,
            "enforce",
            before="HIREREAD.EXE",
            same={"arg": "hire_id"},
        ), shown(policies)


def test_once_per_thing_is_a_count_not_the_conjunction(tmp_path: Path) -> None:
    tools = [
        spec("getRepair", "Reads a repair.", repair_id="string"),
        spec("moveRepair", "Moves a repair.", repair_id="string", new_slot_id="string"),
        spec("cancelRepair", "Cancels a repair.", repair_id="string"),
        spec("bookRepair", "Books a repair.", slot_id="string"),
    ]
    policies = desk_policies(tmp_path, "Move a repair with moveRepair once per repair.", tools)
    assert has_policy(policies, "max_calls", "moveRepair", "enforce", max=1, per="repair"), shown(
        policies
    )
    assert not any(p.operator == "require_before" for p in policies), shown(policies)


def test_so_that_the_is_no_entity_pointed_back_at() -> None:
    from specgap.extract.order_same import _refers_back

    earlier = "Once the paddler is found, the record is opened with HIREREAD, and this happens"
    later = "HIREMOVE is called, so that the standing and any holds are known"
    assert _refers_back(earlier, later) is None
    assert _refers_back("read the hire with HIREREAD", "move that hire") == "hire"


def test_an_operation_said_alone_in_a_fenced_block_is_left_as_written() -> None:
    from specgap.artifacts import Artifact
    from specgap.extract.ids7_respell import respell_ids
    from specgap.formats import parse_json

    tools = json.dumps(DOTTED)
    data, ranges = parse_json(tools, "tools.json")
    prompt = "Call MoveHire once.\n\n```yaml\nnever: MoveHire\n```\n"
    arts = [
        Artifact("tools", "tools.json", tools, "t", data, ranges),
        Artifact("prompt", "prompt.md", prompt, "p"),
    ]
    out, _ = respell_ids(arts)
    assert out[1].text == "Call moveHire once.\n\n```yaml\nnever: MoveHire\n```\n"
