"""`specgap.extract.ids7_respell`: tool ids in `server__tool` and kebab-case style are read
like snake_case ids, at the same offsets, and given back their own ids and words."""

from __future__ import annotations

import json
import time

from specgap.artifacts import Artifact
from specgap.extract import extract_deterministic
from specgap.extract.ids7_respell import _FENCED, _LEAD, _STYLED, respell_ids
from specgap.formats import parse_json
from tests.probes import spec

TOOLS = [
    spec("desk__find_member", "Find a member.", email="string"),
    spec("desk__book_slot", "Book a slot.", member_id="string", slot="string"),
    spec("search__query", "Search.", text="string"),
    spec("top-up", "Top up a member's credit.", member_id="string", amount="number"),
    spec("send-note", "Send a note.", member_id="string", body="string"),
]


def _artifacts(prompt: str) -> list[Artifact]:
    text = json.dumps(TOOLS)
    data, ranges = parse_json(text, "tools.json")
    return [
        Artifact("tools", "tools.json", text, "t", data, ranges),
        Artifact("prompt", "prompt.md", prompt, "p"),
    ]


def _respelled(prompt: str) -> str:
    artifacts, _ = respell_ids(_artifacts(prompt))
    return artifacts[1].text


def test_same_length_and_spelling() -> None:
    prompt = "Call desk__find_member before `desk__book_slot`; then send-note.\n"
    out = _respelled(prompt)
    assert len(out) == len(prompt)
    assert "      find_member" in out
    assert "      `book_slot`" in out
    assert "send_note" in out


def test_one_word_tool_part_keeps_its_server() -> None:
    assert " search_query" in _respelled("Use search__query for parts.\n")


def test_line_start_pads_after() -> None:
    out = _respelled("desk__book_slot: slot from the member only.\n")
    assert out.startswith("book_slot      :")


def test_fenced_blocks_and_lookalikes_untouched() -> None:
    prompt = "```yaml\nlimits:\n  desk__book_slot.slot: [a]\n```\nAn e-mail or a re-send-note.\n"
    assert _respelled(prompt) == prompt


def test_rules_get_their_own_ids_and_quote() -> None:
    prompt = "# Desk\n\nCall desk__find_member before desk__book_slot.\n"
    rules = [
        r
        for r in extract_deterministic(_artifacts(prompt)).rules
        if r.operator != "schema_contract"
    ]
    order = [r for r in rules if r.operator == "require_before"]
    assert order
    assert order[0].params["before"] == "desk__find_member"
    assert order[0].quote == "Call desk__find_member before desk__book_slot."


def test_screaming_kebab_ids_read_in_lower_case() -> None:
    """`SHUT-VALVE` reads as `shut_valve`: capitalised, it reads as a name, and a ban on it
    said in plain words is enforced as a ban on the tool said with a snake id is."""
    tools = [spec("SHUT-VALVE", "Shuts a water valve.", valve_id="string")]
    text = json.dumps(tools)
    data, ranges = parse_json(text, "tools.json")
    prompt = "Never call SHUT-VALVE.\n"
    arts = [Artifact("tools", "tools.json", text, "t", data, ranges)]
    arts.append(Artifact("prompt", "prompt.md", prompt, "p"))
    out, _ = respell_ids(arts)
    assert out[1].text == "Never call shut_valve.\n"
    bans = [r for r in extract_deterministic(arts).rules if r.operator == "deny_action"]
    assert [(r.target, r.grounding, r.quote) for r in bans] == [
        ("call SHUT-VALVE", "exact", "Never call SHUT-VALVE.")
    ]


def test_no_styled_ids_no_change() -> None:
    arts = [Artifact("prompt", "prompt.md", "Call find_member first.\n", "p")]
    out, undo = respell_ids(arts)
    assert out == tuple(arts)
    assert undo([], []) == ([], [])


def test_patterns_linear() -> None:
    for text in [
        "a_b-" * 40 + "!",
        "- " * 3000 + "x",
        "```\n" + "a\n" * 3000,
        "use " + "a_b_" * 30,
    ]:
        start = time.perf_counter()
        _STYLED.match(text)
        _LEAD.fullmatch(text)
        list(_FENCED.finditer(text))
        assert time.perf_counter() - start < 0.5
