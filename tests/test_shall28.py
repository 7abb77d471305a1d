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
