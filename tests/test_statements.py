"""Statements the segmenter's sentences hide, and what frames them (`extract.statements`,
`extract.leftovers`, `extract.parameter_notes`): every rule-like one gets a located note.

Every text here is written for this test (a made-up ferry line, bakery and kennel).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract
from specgap.extract.segments import markdown_sentences
from specgap.extract.statements import answered, frame_of, header_frame, parts

# (document, {line: words the note names}, lines that must get no note)
DOCUMENTS: list[tuple[str, dict[int, str], set[int]]] = [
    (  # terse lines without stops: one paragraph, a statement per line ("Max 2 pets per
        # cabin" is read as a bound, "at most 2 pets per cabin", since `chat7_respell`: a rule,
        # no note)
        "# Desk\n\nMax 2 pets per cabin\nNo motorbikes on the night sailing\n"
        "Crossing time about 90 minutes\n",
        {4: "the prohibition `no motorbikes`"},
        {5},
    ),
    (  # a table: each body row is a sentence of its own (`segments`), its rule cells joined
        # to the cells before them; "Move the sailing only once" is read
        # as a count (a rule, so no note: tests/test_table_rules.py); a fact row gets no note
        "# Changes\n\n| Change | Allowed? |\n|---|---|\n| Cabin swaps | No |\n"
        "| Move the sailing | Only once |\n\n| Port | Opening hours |\n|---|---|\n"
        "| North pier | 6 to 22 |\n",
        {5: "the modal `never`"},  # "No" under "Allowed?" reads as "never"
        {3, 4, 8, 9, 10},
    ),
    (  # a line that frames the list under it; a list under a plain line
        "# Kennel\n\nNever:\n- dogs and cats in one run\n- a second walker on the lead\n\n"
        "Our runs:\n- the long run by the barn\n- the small run\n",
        {4: "the list heading `Never:`", 5: "the list heading `Never:`"},
        {7, 8, 9},
    ),
    (  # the lines right under a frame, and fragments under a framing heading
        "# Kennel\n\nNever:\ndogs and cats in one run\na second walker on the lead\n\n"
        "## Prohibited\n\nChoke chains.\nThis section lists what stays at home.\n",
        {
            4: "the list heading `Never:`",
            5: "the list heading `Never:`",
            9: "the list heading `Prohibited`",
        },
        {10},
    ),
    (  # a heading that frames its list, and one that states a rule itself
        "# Bakery\n\n## Restrictions\n\n- nut flours on the top shelf\n\n"
        "## Never sell bread older than two days\n\nThe oven is cleaned on Mondays.\n\n"
        "## Opening hours\n\n- weekdays from seven\n",
        {5: "the list heading `Restrictions`", 7: "the modal `never`"},
        {3, 9, 11, 13},
    ),
    (  # a key that names a rule, and one that does not
        "# Refunds\n\nApproval: shift lead\n\nEligibility: members of a year\n\nPhone: 0123 4567\n",
        {3: "the label `Approval:`", 5: "the label `Eligibility:`"},
        {7},
    ),
    (  # a permission question and its short answer, in a paragraph and under a heading
        "# FAQ\n\nQ: Can I bring a kayak?\nA: No.\n\n### May I pay on board?\n\nYes.\n\n"
        "Q: Where do I park?\nA: North pier.\n",
        # the answer read with its question (`answers`): "Never bring a kayak." at its line
        {4: "the modal `never`", 8: "the answer `yes`"},
        {3, 10, 11},
    ),
]


def _notes(tmp_path: Path, text: str) -> dict[int, list[str]]:
    path = tmp_path / "prompt.md"
    path.write_text(text, "utf-8")
    found = extract([load_artifact("prompt", path, "prompt.md")])
    out: dict[int, list[str]] = {}
    for d in found.diagnostics:
        if d.code == "rule-not-compiled" and d.span is not None:
            out.setdefault(d.span.start_line, []).append(d.message)
    return out


@pytest.mark.parametrize(("text", "named", "quiet"), DOCUMENTS)
def test_each_statement_that_reads_like_a_rule_gets_a_note_at_its_line(
    tmp_path: Path, text: str, named: dict[int, str], quiet: set[int]
) -> None:
    notes = _notes(tmp_path, text)
    for line, words in named.items():
        assert line in notes, (line, notes)
        message = " ".join(notes[line])
        assert words in message, (line, message)
        # ... and which part failed
        assert (
            "but no rule could be read from it: " in message or "but does not compile: " in message
        )
    assert not quiet & set(notes), notes


def test_the_notes_are_deterministic(tmp_path: Path) -> None:
    text = DOCUMENTS[1][0]
    assert _notes(tmp_path, text) == _notes(tmp_path, text)


def test_a_hard_wrapped_sentence_stays_one_statement(tmp_path: Path) -> None:
    path = tmp_path / "prompt.md"
    path.write_text("Refunds for a cancelled sailing are paid\nto the card used, never in cash.\n")
    artifact = load_artifact("prompt", path, "prompt.md")
    sentence = next(markdown_sentences(artifact))
    assert parts(sentence) == [sentence]


FRAMES: list[tuple[str, str | None]] = [
    ("Never:", "Never"),
    ("Do not:", "Do not"),
    ("## Requirements", "Requirements"),
    ("The following are not permitted:", "The following are not permitted"),
    ("Diagnostic steps (read-only):", None),
    ("You can look up a booking using:", None),  # a permission announces means, no rules
    ("Our ferries:", None),
    ("These are the rules we follow every single day on board our ships:", None),  # long
]


@pytest.mark.parametrize(("text", "words"), FRAMES)
def test_what_frames_a_list(text: str, words: str | None) -> None:
    assert frame_of(text) == words


def test_a_header_cell_frames_its_rows() -> None:
    assert header_frame("| Action | Allowed? |") == "Allowed?"
    assert header_frame("| Extra | Max per day |") == "Max per day"
    assert header_frame("| Port | Opening hours |") is None
    assert header_frame("| Action | Who approves |") == "Who approves"
    assert header_frame("| Do | Don't |") == "Do"
    assert header_frame("| What it does | Example |") is None


ANSWERS: list[tuple[str, str, bool]] = [
    ("Q: Can I bring a kayak?", "A: No.", True),
    ("Do I need a ticket for my dog?", "Yes, a pet ticket.", True),
    ("Is smoking allowed on deck?", "Never.", True),
    ("Where do I park?", "No parking at the pier.", False),  # not a permission question
    ("Can I bring a kayak?", "Kayaks are popular.", False),  # no yes or no
    ("**Q:** May I smoke on deck?", "**A:** Absolutely not.", True),  # bold labels
    ("Question: Can cabins be shared?", "Answer: Of course, with a ticket each.", True),
    ("Q: May I bring a float?", "A: Small floats are fine.", True),  # an FAQ's answer
    ("May I bring a float?", "Small floats are fine.", False),  # unlabelled: yes/no only
    ("Q: Where is the float store?", "A: By the gate.", False),
]


@pytest.mark.parametrize(("question", "answer", "frames"), ANSWERS)
def test_an_answer_to_a_permission_question(question: str, answer: str, frames: bool) -> None:
    assert (answered(question, answer) is not None) == frames


def _tools(tmp_path: Path, properties: dict[str, object], description: str) -> list[str]:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "book_crossing",
                "description": description,
                "parameters": {"type": "object", "properties": properties},
            },
        }
    ]
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(tools, indent=2), "utf-8")
    found = extract([load_artifact("tools", path, "tools.json")])
    return [d.message for d in found.diagnostics if d.code == "rule-not-compiled"]


PARAMETERS: list[tuple[dict[str, object], str | None]] = [
    (
        {"type": "integer", "description": "Number of cars. Must not exceed 3 per booking."},
        "must not",
    ),
    ({"type": "string", "description": "Cabin class, only after the fare is paid."}, "only"),
    (
        {
            "type": "object",
            "properties": {
                "name": {
                    "type": "string",
                    "description": "Full name; the agent must never guess it.",
                }
            },
        },
        "must never",
    ),
    (
        {"type": "string", "description": "The ID of the sailing whose cabins should be listed"},
        None,
    ),
    (
        {"type": "boolean", "description": "Whether the passenger is eligible for a discount"},
        None,
    ),
    ({"type": "number", "description": "Fare in euros. Must be a positive number."}, None),
    ({"type": "string", "description": "Must be one of: 'deck', 'cabin', 'suite'"}, None),
    ({"type": "integer", "maximum": 3, "description": "Number of cars, up to 3."}, None),
    ({"type": "string", "description": "The passenger's e-mail address."}, None),
    ({"anyOf": [{"type": "string", "description": "A deck; never the bridge deck."}]}, "never"),
]


@pytest.mark.parametrize(("schema", "words"), PARAMETERS)
def test_a_rule_in_a_parameter_description_gets_a_note(
    tmp_path: Path, schema: dict[str, object], words: str | None
) -> None:
    notes = _tools(tmp_path, {"cars": schema}, "Books a crossing.")
    if words is None:
        assert notes == []
        return
    assert len(notes) == 1, notes
    assert f"`{words}`" in notes[0]
    assert "of `book_crossing`, which is not read for rules" in notes[0]


DESCRIPTIONS: list[tuple[str, bool]] = [
    ("Books a crossing. Ask the passenger for the car's height first.", True),
    ("Books a crossing. Use this when the passenger has chosen a sailing.", False),
    ("Books a crossing. Returns the booking number.", False),
    ("Book a crossing for the passenger.", False),  # the tool's own imperative
]


@pytest.mark.parametrize(("description", "noted"), DESCRIPTIONS)
def test_an_instruction_after_a_description_s_first_sentence(
    tmp_path: Path, description: str, noted: bool
) -> None:
    notes = _tools(tmp_path, {}, description)
    assert bool(notes) == noted, notes


REQUIRES: list[tuple[str, bool]] = [
    # (a person's approval is read as `review_required`, a rule, so it gets no note)
    ("Books a crossing; requires a valid harbour permit.", True),
    ("Books a crossing. Requires the sailing id.", False),  # documents `sailing_id`
    ("Requires a passengerCount.", False),  # camelCase names split too
]


@pytest.mark.parametrize(("description", "noted"), REQUIRES)
def test_a_description_s_requirement_unless_it_names_a_parameter(
    tmp_path: Path, description: str, noted: bool
) -> None:
    properties = {"sailing_id": {"type": "string"}, "passengerCount": {"type": "integer"}}
    notes = _tools(tmp_path, properties, description)
    assert bool(notes) == noted, notes
    if noted:
        assert "the requirement `requires a valid harbour permit`" in notes[0]


def test_a_wide_diagnostic_above_a_dropped_rule_does_not_say_why(tmp_path: Path) -> None:
    from specgap.extract.leftovers import dropped
    from specgap.ir import Diagnostic

    text = "# Desk\n\nIntro line.\n\nMore words.\n\nNever call `drop_cabins`.\n"
    path = tmp_path / "prompt.md"
    path.write_text(text, "utf-8")
    artifact = load_artifact("prompt", path, "prompt.md")
    rules = extract([artifact]).rules
    assert [r.span.start_line for r in rules] == [7]

    def note(start: int) -> Diagnostic:
        span = artifact.span(start, len(text) - 1)
        return Diagnostic(code="section-note", message="x", severity="note", span=span)

    # a note over the whole file, from line 1: the rule is still reported
    assert [n.span for n in dropped(rules, (), [note(0)])] == [rules[0].span]
    # a note at the rule's own line says why
    assert dropped(rules, (), [note(text.index("Never"))]) == []
