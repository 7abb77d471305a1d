"""Prose in blocks the extractor does not read gets a located note (`extract.unread`).

Every text here is written for this test (a made-up kennel).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract

# (document, {line: cue words}, lines that must get no note)
BLOCKS: list[tuple[str, dict[int, str], set[int]]] = [
    (  # an indented block after a blank line is code to CommonMark
        "# Kennel\n\nGeneral:\n\n    Dogs must be vaccinated before boarding.\n"
        "    Max 2 walks per day.\n    Walkers meet at the gate.\n",
        {5: "the modal `must`", 6: "the bound `max 2`"},
        {7},
    ),
    (  # an HTML table: each cell a clause
        "# Kennel\n\n<table>\n<tr><td>Cat boarding</td><td>Not allowed</td></tr>\n"
        "<tr><td>Grooming</td><td>Weekdays only</td></tr>\n"
        "<tr><td>Opening</td><td>8 to 18</td></tr>\n</table>\n",
        {4: "the modal `not allowed`", 5: "the modal `only`"},
        {3, 6, 7},
    ),
    (  # headings: one that states a rule (last in the file, nothing under it), a list's
        # label, a Setext heading that states a rule
        "# Kennel\n\n## Never\n\n- dogs in the office\n\nNo cats after 6 pm\n---\n\n"
        "## Never board a dog without its vaccination card\n",
        {7: "the prohibition `no cats`", 10: "the modal `never`"},
        {1, 3},
    ),
    (  # rules stated plainly in an indented block (`terse_cues`); a description stays quiet
        "# Kennel\n\nBoarding:\n\n    Cancelled stays are final.\n"
        "    Kennel runs are for members.\n    max_dogs_per_run = 2\n    The runs face south.\n",
        {5: "the finality `final`", 6: "the scope `for`", 7: "the setting `max_dogs_per_run`"},
        {8},
    ),
    (  # a fenced block is code or an example by the author's mark; an imperative in an
        # indented block is as likely code
        "# Kennel\n\n```\nrefunds must never exceed 40\n```\n\n    return the lead\n",
        {},
        {4, 7},
    ),
]


@pytest.mark.parametrize(("text", "named", "quiet"), BLOCKS)
def test_rule_like_lines_of_unread_blocks_get_a_note(
    tmp_path: Path, text: str, named: dict[int, str], quiet: set[int]
) -> None:
    path = tmp_path / "prompt.md"
    path.write_text(text, "utf-8")
    found = extract([load_artifact("prompt", path, "prompt.md")])
    notes = {
        d.span.start_line: d.message
        for d in found.diagnostics
        if d.code == "rule-not-compiled" and d.span is not None
    }
    for line, words in named.items():
        assert line in notes, (line, notes)
        assert words in notes[line]
        assert "which is not read for rules" in notes[line]
        assert "it is in" in notes[line]
    assert not quiet & set(notes), notes
    # the note cites the line's prose, not its markup
    for d in found.diagnostics:
        if d.span is not None and d.span.start_line == 4 and "raw HTML" in d.message:
            assert text[d.span.start_byte : d.span.end_byte].startswith("Cat boarding")
