"""Session 28: counts with their ceiling said last ("used once per conversation at most",
"twice in a conversation at the most") in a tool's own description as in the prompt, and a
generic subject's count ("a file is checked three times at most") counted per that thing.
Sentences written for these tests, in a made-up ski-hire counter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T


def _skis(waxing: str) -> list[dict[str, Any]]:
    return [
        T("find_skier", "Finds a skier's account by pass number.", pass_number="string"),
        T("wax_skis", waxing, ski_id="string"),
        T("call_manager", "Hands the chat to the duty manager.", summary="string"),
    ]


def _described(tmp_path: Path, waxing: str) -> list[Any]:
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, "# Desk\n\nHello.\n", _skis(waxing))
    return [p for p in built.policies if p.source.artifact.endswith("tools.json")]


def test_a_descriptions_count_with_its_ceiling_last(tmp_path: Path) -> None:
    policies = _described(
        tmp_path, "Books a waxing slot. Use it twice in a conversation at the most."
    )
    assert has_policy(policies, "max_calls", "wax_skis", "enforce", max=2), shown(policies)
    assert [p.condition.per for p in policies if p.operator == "max_calls"] == [None]


@pytest.mark.parametrize(
    "said",
    [
        "Books a waxing slot. A ski is waxed three times at most.",
        "Books a waxing slot. Each ski is waxed three times at most.",
    ],
)
def test_a_count_of_what_is_done_to_a_thing_is_per_that_thing(tmp_path: Path, said: str) -> None:
    # counted over the conversation, the fourth waxing of another ski would be refused:
    # stronger than the sentence
    policies = _described(tmp_path, said)
    counts = [p for p in policies if p.operator == "max_calls" and p.target == "wax_skis"]
    assert [(p.condition.max, p.condition.per) for p in counts] == [(3, "ski")], shown(policies)


def test_a_prompt_count_said_in_a_conversation_at_the_most(tmp_path: Path) -> None:
    text = "Call `call_manager` twice in a conversation at the most."
    policies = desk_policies(tmp_path, text, _skis("Books a waxing slot."))
    assert has_policy(policies, "max_calls", "call_manager", "enforce", max=2), shown(policies)
    assert not [p for p in policies if p.enforcement == "review_only"], shown(policies)


def _desk(description: str) -> list[dict[str, Any]]:
    return [
        T("find_skier", "Finds a skier's account by pass number.", pass_number="string"),
        T("send_text", description, skier_id="string", template="string"),
        T("open_claim", "Opens a damage claim.", skier_id="string", hire_id="string"),
        T("add_extras", "Adds extras to a hire. Add at most 4 extras per hire.",
          hire_id="string", extras="array"),
    ]  # fmt: skip


def _own(tmp_path: Path, description: str) -> list[Any]:
    from tests.corpus_agents import build_prompt

    built = build_prompt(tmp_path, "# Desk\n\nHello.\n", _desk(description))
    return [p for p in built.policies if p.source.artifact.endswith("tools.json")]


@pytest.mark.parametrize(
    ("said", "per"),
    [
        ("Texts a skier. No more than three texts may be sent in one conversation.", None),
        ("Texts a skier. Rate-limited: no more than three texts in a conversation.", None),
        ("Texts a skier. Send no more than three texts in one conversation.", None),
        ("Texts a skier. Three runs per conversation are the limit.", None),
        ("Texts a skier. Send at most three texts per skier in a conversation.", "skier"),
        ("Texts a skier. Only three texts may ever be sent to each skier.", "skier"),
    ],
)
def test_a_descriptions_count_of_its_own_calls(tmp_path: Path, said: str, per: str | None) -> None:
    policies = [p for p in _own(tmp_path, said) if p.target == "send_text"]
    counts = [(p.condition.max, p.condition.per) for p in policies if p.operator == "max_calls"]
    assert counts == [(3, per)], shown(policies)
    # the texts are the calls: no count of an argument's items is made up beside it
    assert not [p for p in policies if p.operator in {"arg_count_bound", "arg_within_bound"}]


def test_never_twice_to_the_same_thing_is_one_per_thing(tmp_path: Path) -> None:
    policies = _own(tmp_path, "Texts a skier. Never send it twice to the same skier.")
    assert has_policy(policies, "max_calls", "send_text", "enforce", max=1, per="skier"), shown(
        policies
    )


def test_a_count_of_an_arguments_items_per_entity_stands(tmp_path: Path) -> None:
    # "at most 4 extras per hire" counts the extras of a call, not the calls
    policies = [p for p in _own(tmp_path, "Texts a skier.") if p.target == "add_extras"]
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


TITLED = [
    T("Find_Skier", "Finds a skier's account by pass number.", pass_number="string"),
    T("Refund-Hire", "Refunds a hire.", hire_id="string", amount="number"),
    T("Check-Binding", "Checks a binding setting.", hire_id="string"),
]


def test_title_case_ids_are_respelled_in_lower_case() -> None:
    from specgap.extract.ids7_respell import _spellings

    spelt = _spellings(["Find_Skier", "Refund-Hire", "Take-Card-Payment"])
    assert spelt == {
        "Find_Skier": "find_skier",
        "Refund-Hire": "refund_hire",
        "Take-Card-Payment": "take_card_payment",
    }


def test_a_bare_title_case_id_comes_first(tmp_path: Path) -> None:
    # a capitalised id read as a name: the ordering word had no event to order
    policies = desk_policies(tmp_path, "Find_Skier comes first in every chat.", TITLED)
    assert has_policy(policies, "require_before", "*", "review_only", before="Find_Skier"), shown(
        policies
    )


@pytest.mark.parametrize(
    "line",
    [
        "- `Refund-Hire`: up to 2,000 per charge.",  # not "up to 2" calls
        "- `Refund-Hire`: at most 400.",  # an amount as likely as a count
    ],
)
def test_a_keyed_number_is_no_count_of_calls(tmp_path: Path, line: str) -> None:
    policies = desk_policies(tmp_path, line, TITLED)
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


def test_a_keyed_count_of_a_noun_in_a_conversation_still_counts(tmp_path: Path) -> None:
    line = "- `Check-Binding`: no more than three checks in a conversation."
    policies = desk_policies(tmp_path, line, TITLED)
    assert has_policy(policies, "max_calls", "Check-Binding", "enforce", max=3), shown(policies)


@pytest.mark.parametrize(
    "said",
    [
        "Books a waxing slot. Used once per conversation at most.",
        "Books a waxing slot. Used at most once per conversation.",
        "Books a waxing slot. Can be used at most once in a chat.",
    ],
)
def test_a_descriptions_participle_count_is_the_tools_own(tmp_path: Path, said: str) -> None:
    # "Used ..." names no tool: its count was read over a tool named `use`, and lost
    policies = _described(tmp_path, said)
    assert has_policy(policies, "max_calls", "wax_skis", "enforce", max=1), shown(policies)


LABELLED = [
    T("end_hire", "Ends a hire.", hire_id="string", reason=("string", "returned, damaged or lost")),
    T(
        "text_skier",
        "Texts a skier.",
        skier_id="string",
        channel=("string", "sms, email or whatsapp"),
    ),
]


def test_a_keyed_tools_argument_is_one_of_its_values(tmp_path: Path) -> None:
    text = "- `end_hire`: reason is returned, damaged or lost."
    policies = desk_policies(tmp_path, text, LABELLED)
    assert has_policy(
        policies,
        "resource_in_allowlist",
        "end_hire",
        "enforce",
        arg="reason",
        allowed=["damaged", "lost", "returned"],
    ), shown(policies)


def test_a_keyed_tools_argument_is_never_a_value(tmp_path: Path) -> None:
    text = "- `text_skier`: channel is never whatsapp."
    policies = desk_policies(tmp_path, text, LABELLED)
    assert has_policy(
        policies, "deny_action", "text_skier", "enforce", arg="channel", values=["whatsapp"]
    ), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "`open_claim` is not for the assistant.",
        "`open_claim` is not for the assistant under any circumstances.",
        "Under no circumstances call `open_claim`.",
    ],
)
def test_a_tool_that_is_not_for_the_assistant(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, _desk("Texts a skier."))
    assert has_policy(policies, "deny_action", "open_claim", "enforce"), shown(policies)


def test_a_tool_not_for_some_people_is_no_ban_of_it(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "`open_claim` is not for day-pass skiers.", _desk("x"))
    assert not has_policy(policies, "deny_action", "open_claim", "enforce"), shown(policies)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Never refund for any reason.", "Never refund"),
        ("It is not for you under any circumstances.", "It is not for you"),
        ("Under no circumstances refund.", "Under no circumstances refund."),
    ],
)
def test_what_a_ban_holds_against_is_no_condition(said: str, kept: str) -> None:
    from specgap.extract.segments import _conceded

    blanked = _conceded(said)
    assert len(blanked) == len(said)
    assert blanked.rstrip(" .") == kept.rstrip(" .") or blanked == kept, blanked


@pytest.mark.parametrize(
    "said",
    [
        "Do not refund in any case where the hire is out.",
        "Never refund for any reason other than a fault.",
    ],
)
def test_any_case_with_a_condition_is_kept(said: str) -> None:
    from specgap.extract.segments import _conceded

    assert _conceded(said) == said
