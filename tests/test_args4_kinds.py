"""Where a kind of identifier comes from, said over every call (`args4_kinds`), and the
compiler's binding of the kind to the tools' argument (`args4_bind`). A kiln studio
(snake_case ids), a seed bank (camelCase), a glider club (PascalCase, dotted, kebab-case
and `server__tool` ids), written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.args4_kinds import kind_origins
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KILN = [
    _tool("list_kilns", "List the studio's kilns.", site="string"),
    _tool("fire_kiln", "Fire a kiln.", kiln_number="string", program="string"),
    _tool("book_firing", "Book a firing.", kiln_number="string", member_id="string"),
    _tool("cancel_firing", "Cancel a firing.", firing_id="string"),
]
SEED = [
    _tool("searchLots", "Search the seed lots.", query="string"),
    _tool("getLot", "Get one seed lot.", lotCode="string"),
    _tool("reserveLots", "Reserve seed lots for a grower.", lotCodes="string", growerId="string"),
    _tool("shipPacket", "Ship a packet.", lotCode="string", address="string"),
]
GLIDER = [
    _tool("FindPilot", "Find a pilot by name.", pilot_name="string"),
    _tool("fleet.GetGlider", "Get a glider.", glider_reg="string"),
    _tool("BookLaunch", "Book a launch for a pilot.", pilot_id="string", glider_reg="string"),
    _tool("launch-log", "Log a launch.", launch_id="string"),
    _tool("club__refund_launch", "Refund a launch.", launch_id="string", reason="string"),
]

# (sentence, expected kinds, from_user, from_tools)
READ = [
    ("Tank ids come from the keeper or from a tool's output; never guess one.",
     ["tank id"], True, ["*"]),
    ("- Kiln numbers are only ever taken from `list_kilns`, nothing else.",
     ["kiln number"], False, ["list_kilns"]),
    ("Lot codes used in any request must be ones that searchLots or getLot returned.",
     ["lot code"], False, ["searchLots", "getLot"]),
    ("Launch ids: exactly as `launch-log` gave them.", ["launch id"], False, ["launch-log"]),
    ("Never invent a berth or cabin number.", ["berth number", "cabin number"], True, ["*"]),
    ("Don't guess voucher codes: use ones the passenger gave or that our tools returned.",
     ["voucher code"], True, ["*"]),
    ("The pilot id comes from FindPilot.", ["pilot id"], False, ["FindPilot"]),
    ("Glider and trailer references should come from the member.",
     ["glider reference", "trailer reference"], True, []),
    ("do not fabricate any order numbers.", ["order number"], True, ["*"]),
    ("Firing ids come only from club__list_firings output.", ["firing id"], False,
     ["club__list_firings"]),
]  # fmt: skip

NOT_READ = [
    # a source neither a person nor a tool: a rule on the others would allow fewer sources
    "Berth numbers come from the harbour office or from getBerth.",
    # the kind of one named tool's argument: that tool's rule, not one over every call
    "The kiln number passed to fire_kiln must come from list_kilns.",
    "Booking ids are printed on the ticket.",  # no source, no ban
    "Values must come from the passenger.",  # a generic word, no kind
    "Names come from the caller.",  # an identifier word alone
    "Never make up a reason for a cancellation.",  # no identifier word
    "Kiln numbers run from 1 to 6.",  # no origin
    "They come from the pilot.",  # a pronoun
]


@pytest.mark.parametrize(("text", "kinds", "user", "tools"), READ)
def test_kinds_read(text: str, kinds: list[str], user: bool, tools: list[str]) -> None:
    emits = kind_origins(text)
    assert [e.params["arg"] for e in emits] == kinds
    assert all(e.target == "*" and e.operator == "arg_grounded" for e in emits)
    assert {e.params["from_user"] for e in emits} == {user}
    assert all(e.params["from_tools"] == tools for e in emits)


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text: str) -> None:
    assert kind_origins(text) == []


def _grounded(tmp_path: Path, sentence: str, tools: list[dict[str, Any]]) -> list[Any]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)
    return [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "arg_grounded"
    ]


def _notes(tmp_path: Path, sentence: str, tools: list[dict[str, Any]]) -> list[str]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)
    return [d.code for d in built.state.diagnostics if d.span and "prompt" in str(d.span)]


@pytest.mark.parametrize(
    ("sentence", "tools", "arg", "sources"),
    [
        ("- Kiln numbers are only ever taken from `list_kilns`, nothing else.", KILN,
         "kiln_number", ("list_kilns",)),
        ("Glider registrations come from fleet.GetGlider and nowhere else.", GLIDER,
         None, None),  # "registrations" is no identifier word: not this reader's
        ("Launch ids come from the member or from a tool's output.", GLIDER, "launch_id", ("*",)),
        # `lotCode` on two tools, `lotCodes` on one: the check finds all by `lotCode`
        ("- Lot codes: exactly as searchLots gave them.", SEED, "lotCode", ("searchLots",)),
    ],
)  # fmt: skip
def test_bound_over_every_call(
    tmp_path: Path, sentence: str, tools: list[dict[str, Any]], arg: str | None, sources: Any
) -> None:
    found = [p for p in _grounded(tmp_path, sentence, tools) if p.target == "*"]
    if arg is None:
        assert all(getattr(p.condition, "arg", None) != "glider registration" for p in found)
        return
    assert [(p.condition.arg, p.condition.from_tools) for p in found] == [(arg, sources)]


def test_no_argument_named_is_a_note_not_a_phrase(tmp_path: Path) -> None:
    sentence = "Hangar numbers come from the member or from a tool's output."
    assert _grounded(tmp_path, sentence, KILN) == []
    assert "unknown-argument" in _notes(tmp_path, sentence, KILN)


def test_a_reading_per_tool_is_left_alone(tmp_path: Path) -> None:
    """A sentence another reader reads as the argument of each tool taking it keeps that
    reading: no rule over every call beside it."""
    sentence = "Lot codes must be ones that searchLots returned."
    found = _grounded(tmp_path, sentence, SEED)
    assert {p.target for p in found} == {"shipPacket", "reserveLots"}


def test_never_a_phrase_as_argument(tmp_path: Path) -> None:
    """Whatever reads it, a rule over every call never keeps a phrase as its argument."""
    sentences = [
        "Never invent a kiln or member number.",
        "Firing ids must come from the member; never guess one.",
    ]
    args = {a for t in KILN for a in t["function"]["parameters"]["properties"]}
    for sentence in sentences:
        for p in _grounded(tmp_path, sentence, KILN):
            if p.target == "*" and p.condition.arg is not None:
                assert p.condition.arg in args
