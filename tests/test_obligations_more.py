"""Obligations of other shapes (`docs/obligations.md`, "More obligations"): a step before a
group of tools, a step made sure of, a step once per conversation, a follow-up, and the notes
of `only` / `must not` rules no operator states. Sentences written for these tests, in a
made-up seed bank whose tools use camelCase, snake_case, kebab-case, dotted and
`server__tool` ids."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig2_followup import follow_up_why
from specgap.extract.oblig2_frames import plain_frames
from specgap.extract.oblig2_groups import group_orders
from specgap.extract.oblig2_session import session_step
from specgap.extract.oblig2_sure import made_sure
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("findMember", "Find a seed bank member by name or e-mail.", email="string"),
    _tool(
        "get_packet", "Get a seed packet with its status and germination rate.", packet_id="string"
    ),
    _tool(
        "reserve-packet",
        "Reserve a seed packet for a member.",
        member_id="string",
        packet_id="string",
    ),
    _tool(
        "packets.release", "Release a reserved seed packet back to the shelf.", packet_id="string"
    ),
    _tool(
        "ledger__log_donation",
        "Log a seed donation from a member.",
        member_id="string",
        grams="number",
    ),
    _tool("send_letter", "Send a letter to a member.", member_id="string", body="string"),
]
FIND, GET, RESERVE = "findMember", "get_packet", "reserve-packet"
RELEASE, LOG, SEND = "packets.release", "ledger__log_donation", "send_letter"
WRITES = {RESERVE, RELEASE, LOG, SEND}


def _built(sentence: str):  # type: ignore[no-untyped-def]
    with tempfile.TemporaryDirectory() as folder:
        return build_prompt(Path(folder), f"# Seed bank desk\n\n{sentence}\n", TOOLS)


def _orders(sentence: str) -> dict[tuple[str, str], str]:
    built = _built(sentence)
    return {
        (p.target, str(getattr(p.condition, "before", ""))): p.enforcement
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }


def _notes(sentence: str) -> list[str]:
    built = _built(sentence)
    return [
        f"{d.code}: {d.message}"
        for d in built.state.diagnostics
        if d.span is not None and "prompt" in str(d.span)
    ]


# --- a step before a group of tools ------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "group"),
    [
        ("Agents should look the member up before touching any packet.", ("all", "packet")),
        ("Find the member before you handle any packet.", ("all", "packet")),
        ("Before modifying anything on a packet, fetch the packet.", ("changes", "packet")),
        ("Retrieve the member before any change to a packet.", ("changes", "packet")),
        ("Look up the member before changing packets.", ("changes", "packet")),
        ("Look up the member before any packet is modified.", ("changes", "packet")),
        ("Always find the member before making changes.", ("changes", "")),
        ("Look the member up before every write.", ("changes", "")),
        ("The member must be looked up before any changes are made.", ("changes", "")),
        ("Always look up the member before any action that updates data.", ("changes", "")),
        ("Look up the member before making any change to their account.", ("changes", "account")),
        # one action, every tool, a ban, a condition, a permission: no group read here
        ("Retrieve the member before changing a packet.", None),
        ("Find the member before doing anything else.", None),
        ("Never look up the member before touching any packet.", None),
        ("If the shelf is full, find the member before touching any packet.", None),
        ("You may find the member before touching any packet.", None),
        ("Be polite before touching any packet.", None),
    ],
)
def test_group_read(sentence: str, group: tuple[str, str] | None) -> None:
    emits = group_orders(sentence)
    if group is None:
        assert emits == []
        return
    assert len(emits) == 1
    assert emits[0].target == "*"
    assert (emits[0].params["group"], emits[0].params["of"]) == group


@pytest.mark.parametrize(
    ("sentence", "orders"),
    [
        # the tools acting on a packet: its name after the verb, or a `packet_id` argument
        (
            "Agents should look the member up before touching any packet.",
            {(GET, FIND), (RESERVE, FIND), (RELEASE, FIND)},
        ),
        # of those, the ones that change something
        ("Retrieve the member before any change to a packet.", {(RESERVE, FIND), (RELEASE, FIND)}),
        # every tool that changes something (the step's own tool left out)
        ("Look the member up before every write.", {(t, FIND) for t in WRITES}),
        # the person's account: the tools keyed by the member
        (
            "Look up the member before making any change to their account.",
            {(RESERVE, FIND), (LOG, FIND), (SEND, FIND)},
        ),
    ],
)
def test_group_compiled(sentence: str, orders: set[tuple[str, str]]) -> None:
    read = _orders(sentence)
    assert set(read) == orders
    assert set(read.values()) == {"review_only"}  # the membership is read, not said


def test_unbound_group_is_a_note_not_a_rule_over_every_tool() -> None:
    sentence = "Look up the member before touching any greenhouse."
    assert _orders(sentence) == {}
    notes = _notes(sentence)
    assert any("a group of tools (every tool acting on a greenhouse)" in n for n in notes)


# --- a step made sure of, then what follows ----------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        (
            "Make sure the member has been identified; only then may you reserve a packet.",
            ["reserve a packet only after identifying the member"],
        ),
        (
            "Ensure that you have fetched the packet; only then may you release it.",
            ["release the packet only after fetching the packet"],
        ),
        (
            "Be sure the packet was looked up; once that is done, release it.",
            ["After looking up the packet, release the packet"],
        ),
        ("Make sure the packet is dry; only then reserve it.", []),  # a state
        ("Make sure the member has not been found; only then reserve it.", []),
        ("Make sure the member has been identified.", []),  # no "only then"
    ],
)
def test_made_sure(sentence: str, said: list[str]) -> None:
    assert made_sure(sentence) == said


def test_made_sure_compiled() -> None:
    read = _orders("Make sure the packet has been fetched; only then may you reserve it.")
    assert set(read) == {(RESERVE, GET)}


# --- a step once per conversation --------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "step"),
    [
        (
            "At the start of every call, verify who you are talking to.",
            "verify the caller's identity",
        ),
        ("Look up the member for every request.", "Look up the member"),
        ("Every conversation must start with a member lookup.", "look up the member"),
        ("Each session begins by finding the member.", "find the member"),
        ("The first thing you do in any conversation is look up the member.", "look up the member"),
        ("Before helping with any request, find the member.", "find the member"),
        ("Find the member before taking any action.", "Find the member"),
        ("Never look up the member at the start of every call.", None),
        ("Look up the member for every packet.", None),  # one action's scope, not the talk
    ],
)  # fmt: skip
def test_session_step(sentence: str, step: str | None) -> None:
    assert session_step(sentence) == step


@pytest.mark.parametrize(
    "sentence",
    [
        "Every conversation must start with a member lookup.",
        "The first thing you do in any conversation is find the member.",
        "Before helping with any request, find the member.",
    ],
)
def test_session_compiled(sentence: str) -> None:
    assert _orders(sentence) == {("*", FIND): "review_only"}


# --- a follow-up: no operator requires a call after another ------------------------------


@pytest.mark.parametrize(
    ("sentence", "step", "event"),
    [
        (
            "Whenever a packet is reserved, members are to be sent a letter.",
            "send letter",
            "reserve packet",
        ),
        ("Send a letter every time a packet is reserved.", "send letter", None),
        ("Once a donation is logged, you must send the member a letter.", None, None),
    ],
)
def test_follow_up_why(sentence: str, step: str | None, event: str | None) -> None:
    why = follow_up_why(sentence)
    assert why is not None
    assert "no operator requires a call after another" in why
    if step is not None:
        assert f"`{step}`" in why
    if event is not None:
        assert f"after `{event}`" in why


@pytest.mark.parametrize(
    "sentence",
    [
        "When a packet is released, do not send a letter.",  # a ban
        "Send a letter to the member.",  # no event
        "Whenever a packet is released, the shelf is updated.",  # what happens
    ],
)
def test_not_a_follow_up(sentence: str) -> None:
    assert follow_up_why(sentence) is None


def test_follow_up_note_is_located() -> None:
    notes = _notes("Whenever a packet is released, members are to be offered a letter.")
    assert any("(a follow-up)" in n and n.startswith("rule-not-compiled") for n in notes)


# --- `only` / `must not` rules no operator states: the note names the restriction --------


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        ("Only the member may reserve a packet.", "it says who may `reserve packet`"),
        (
            "You must only reserve packets to members who have a germination report.",
            "the restriction `to members who have a germination report`",
        ),
    ],
)
def test_only_note_is_precise(sentence: str, words: str) -> None:
    notes = [n for n in _notes(sentence) if n.startswith("rule-not-compiled")]
    assert notes
    assert all("no operator states a `only` rule" in n for n in notes)
    assert any(words in n for n in notes)


# --- an order of numbered steps, also stated at its later step ---------------------------


def test_step_order_stated_at_the_later_step() -> None:
    text = (
        "# Seed bank desk\n\n## Reserving a packet\n\n"
        "1. Find the member.\n2. Get the packet.\n3. Reserve the packet.\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), text, TOOLS)
    lines = {
        (p.target, str(getattr(p.condition, "before", ""))): (
            p.source.span.start_line,
            tuple(a.span.start_line for a in p.also_stated_at),
        )
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert lines[(RESERVE, GET)] == (5, (7,))
    assert lines[(GET, FIND)] == (5, (6,))


# --- an obligation in another frame ------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "orders"),
    [
        ("It is your job to find the member before reserving a packet.", {(RESERVE, FIND)}),
        ("The agent is responsible for fetching the packet before reserving it.", {(RESERVE, GET)}),
        ("Agents are obliged to find the member prior to logging a donation.", {(LOG, FIND)}),
        ("It is essential that you find the member before sending a letter.", {(SEND, FIND)}),
        # the user's duty, a negated frame, advice: no order of the agent's calls
        ("The member is expected to find their card before reserving a packet.", set()),
        ("You are not expected to find the member before reserving a packet.", set()),
    ],
)  # fmt: skip
def test_framed_obligation(sentence: str, orders: set[tuple[str, str]]) -> None:
    assert set(_orders(sentence)) == orders


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("You are expected to fetch the packet before X.", ["You must fetch the packet before X."]),
        ("Your job is to fetch the packet first.", ["You must fetch the packet first."]),
        ("It is important to fetch the packet before X.", []),  # advice, not a duty
        ("The member is expected to bring a card.", []),
    ],
)
def test_plain_frames(sentence: str, said: list[str]) -> None:
    assert plain_frames(sentence) == said
