"""No silent losses: rule sentences with no modal get a cue (`silent3_cues`), a leading
clause in two halves is set aside before an imperative, and a parameter's values written in
prose are noted. Made-up domains: a kiln studio, a seed bank, a ferry desk, a choir hall."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.rulelike import cue_of
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Glaze recipes go to the studio lead and no one else.", "exclusive"),
        ("Seed packets are mailed to members, nobody else.", "exclusive"),
        ("Spare keys are lent to wardens, to no-one else.", "exclusive"),
        ("Firing schedules can be shared with anybody.", "permission"),
        ("Opening hours and bus times may freely be told to everyone.", "permission"),
        ("The pickup day is a weekday between tomorrow and 21 days out.", "range"),
        ("A rehearsal date falls between today and next Friday.", "range"),
        ("Return dates are between now and 6 weeks ahead.", "range"),
        ("Answers stay brief and friendly.", "style"),
        ("The replies are concise, in the caller's language.", "style"),
        # a leading clause in two halves, then the instruction
        ("If a member sounds lost, or asks twice, page the desk with pageDesk.", "imperative"),
        ("When the kiln alarm sounds, or smoke shows, shut the vent via vent.close.", "imperative"),
        # a verb that is also a noun, then a bare object and an adverb of manner
        ("Tone: calm; quote berth numbers exactly as the tools give them", "imperative"),
        ("Spell donor names carefully when you log a gift.", "imperative"),
    ],
)
def test_a_rule_without_a_modal_has_a_cue(text: str, kind: str) -> None:
    cue = cue_of(text)
    assert cue is not None, text
    assert cue.kind == kind, (text, cue)


@pytest.mark.parametrize(
    "text",
    [
        "Orders can be placed online.",  # a service described, no one given a permission
        "The hall was built between 1901 and 1903.",  # (a bound of `terse_cues` at most)
        "Our studio opened between two bakeries.",
        "Nobody else in town fires stoneware.",  # "nobody else" as a subject: a fact
        "The choir sings between the readings and the final hymn.",
        "Members love the garden; volunteers water it on Sundays.",
        "Order totals usually include tax.",  # a subject and its verb, no imperative
        "Messages are stored for 30 days.",  # replies, but no style given
        "Replies from the seed bank are usually slow to arrive.",
        "Guest names as written.",
    ],
)
def test_background_has_none_of_these_cues(text: str) -> None:
    cue = cue_of(text)
    assert cue is None or cue.kind not in {
        "exclusive",
        "permission",
        "range",
        "imperative",
        "style",
    }, (
        text,
        cue,
    )


@pytest.mark.parametrize(
    ("text", "noted"),
    [
        ("`dock` at the pier or `anchor` in the bay.", True),
        ('"ship" to the member\'s address or "collect" at the seed bank.', True),
        ("Region code, EU or UK.", True),
        ("Country codes: NO, SE or DK", True),
        ("Returns `open` or `closed`.", False),  # what the tool gives back, not a choice
        ("The member's code.", False),
        ("Crossing id, as printed on the ticket.", False),
    ],
)
def test_in_a_description_values_in_prose_are_alternatives(text: str, noted: bool) -> None:
    cue = cue_of(text, described=True)
    assert (cue is not None and cue.kind == "labelled values") is noted, (text, cue)


def _described(tool_id: str, description: str, /, **params: str) -> dict[str, Any]:
    tool = _tool(tool_id, description, **dict.fromkeys(params, "string"))
    for key, text in params.items():
        tool["function"]["parameters"]["properties"][key]["description"] = text
    return tool


def test_a_parameter_value_list_in_prose_gets_a_located_note(tmp_path: Path) -> None:
    tools = [
        _described(
            "moor-boat",
            "Reserve a mooring for a visiting boat.",
            mode="`buoy` in the outer harbour or `pontoon` by the quay.",
            hull="Length of the hull in metres.",
        ),
        _described("lookupSkipper", "Find a skipper.", skipper="The skipper's full name."),
    ]
    built = build_prompt(tmp_path, "# Harbour desk\n\nHelp skippers moor.\n", tools)
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span is not None and "tools" in d.span.path
    ]
    # since `desc4_values`, quoted values each with its meaning compile to the schema enum
    # (read, so no note); the sentence is still never silent
    enums = [
        p.condition.model_dump(mode="json")
        for p in built.policies
        if p.operator == "schema_contract" and "enum" in str(p.condition.model_dump(mode="json"))
    ]
    assert notes == [], [d.message for d in notes]
    assert [e["schema_"]["properties"]["mode"]["enum"] for e in enums] == [["buoy", "pontoon"]]


PROMPT = """# Kiln studio

Welcome potters and answer questions about the studio.
The studio has three kilns and a glaze room.
Glaze recipes go to the studio lead and no one else.
If a potter asks for a teacher, or seems upset, hand the chat over with escalate_to_staff.
Firing slots can be shared with anybody.
The firing day is a weekday between tomorrow and 10 days out.
Our clay comes from a quarry up the valley.
"""


def test_in_a_whole_document_each_rule_line_is_said(tmp_path: Path) -> None:
    tools = [
        _tool("book_firing", "Book a kiln firing slot.", potter_id="string", day="string"),
        _tool("escalate_to_staff", "Hand the chat to a member of staff.", note="string"),
        _tool("get_recipe", "Get a glaze recipe.", recipe_id="string"),
    ]
    built = build_prompt(tmp_path, PROMPT, tools)
    said = {p.source.span.start_line for p in built.policies if p.source.artifact.endswith(".md")}
    said |= {
        d.span.start_line
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith(".md")
    }
    assert {5, 6, 7, 8} <= said, said
    assert not {3, 4, 9} & said, said  # background gets no note


@pytest.mark.parametrize(
    ("description", "noted"),
    [
        ("Hand the call to the harbour master. Use it for every question about tides.", True),
        ("Page the kiln technician. Call this tool whenever a firing fails.", True),
        ("Hand the call to the harbour master. Use it to reach the office.", False),  # purpose
        ("Hand the call to the harbour master. It rings the office phone.", False),
    ],
)
def test_a_tool_used_for_every_case_routes_them(
    tmp_path: Path, description: str, noted: bool
) -> None:
    tools = [
        _tool("harbour.escalate", description, summary="string"),
        _tool("bookBerth", "Book a berth for a boat.", boat="string"),
    ]
    built = build_prompt(tmp_path, "# Harbour desk\n\nHelp skippers.\n", tools)
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span is not None and "tools" in d.span.path
    ]
    said = [
        p
        for p in built.policies
        if "tools" in p.source.artifact and p.operator != "schema_contract"
    ]
    assert bool(notes or said) is noted, ([d.message for d in notes], said)
