"""Rule-like sentences nothing was read from get a located note (`specgap.extract.leftovers`).

Every sentence here is written for this test (a made-up garden centre, library and courier).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract
from specgap.extract.leftovers import dropped
from specgap.extract.rulelike import cue_of
from tests.cli_helpers import specgap

# sentence, described (a tool description), the kind of cue it reads as a rule by
RULE_LIKE: list[tuple[str, bool, str]] = [
    ("Employ the archive tool for anything older than a year.", False, "imperative"),
    ("Limit each reply to one paragraph.", False, "imperative"),
    ("If the courier reports damage, photograph the parcel.", False, "imperative"),
    ("For bulk changes, loop over the rooms one by one.", False, "imperative"),
    ("Greenhouse orders: weigh every crate on arrival.", False, "imperative"),
    ("Tidy the shelf first.", False, "imperative"),
    ('When a guest asks for "quiet" or "dark," dim the lamps.', False, "imperative"),
    ("Seeds: STRICTLY reject packets past their date.", False, "imperative"),
    ("When a loan is overdue, the borrower will be reminded.", False, "conditional action"),
    ("Upon a failed login, the account is locked for an hour.", False, "conditional action"),
    ("If a parcel is lost, the courier refunds the sender.", False, "conditional action"),
    ("You may waive the late fee for members.", False, "permission"),
    ("Refunds are to be issued to the original card.", False, "modal"),
    ("No more than three vouchers per basket.", False, "modal"),
    ("Members need to renew their card yearly.", False, "modal"),
    ("Scanning happens before the crate is sealed.", False, "ordering"),
    ("The accepted pot sizes are 'small', 'medium' and 'large'.", False, "value list"),
    # terse writing: bounds, a leading "No", a requirement
    ("Seedlings: max 12 per tray.", False, "bound"),
    ("Parcels up to 40 kg.", False, "bound"),
    ("One repotting per day.", False, "bound"),
    ("Hedge trimming over $300 goes to the manager.", False, "bound"),
    ("No refunds on opened seed packs.", False, "prohibition"),
    ("Bulbs: no delivery outside the county.", False, "prohibition"),
    ("Weekend delivery requires a surcharge code.", False, "requirement"),
    ("A receipt is necessary for every exchange.", False, "requirement"),
    # tool descriptions: the modal, bound and ordering cues only
    ("Returns up to 25 plants.", True, "bound"),
    ("Call this only after the quote was accepted.", True, "modal"),
    ("Run it before the crate is sealed.", True, "ordering"),
]

NOT_RULES: list[tuple[str, bool]] = [
    ("Welcome to the garden centre helpdesk!", False),  # a greeting
    ("This assistant helps members of the library find books.", False),  # a description
    ("Orders ship within two business days.", False),  # a fact
    ("Order totals are shown in euros.", False),  # a verb-like noun as the subject
    ("Date of issue", False),  # a noun phrase
    ("Return Policy", False),  # a heading
    ("Step 4.", False),  # a numbered label
    ("Follow these steps:", False),  # announces the rules that follow
    ("For example, a shopper might ask about pruning roses.", False),  # an example
    ("Our shop opened in 1998 and has three branches.", False),
    ("When ON, the fan spins faster.", False),  # a state, not an event
    ("- opening hours", False),
    ('A shopper may write: "Cancel my order now."', False),  # quoted speech
    ("Returns the list of open tickets.", False),
    ("Returns the list of open tickets.", True),
    ("Assign a shelf to the book.", True),  # a description's own imperative
    ("Lists the loans, newest first.", True),
    ("Not all bulbs flower in their first year.", False),  # a quantifier, not a ban
    ("No one answers the phone on Sundays.", False),
    ("Staff keep the necessary tools in the shed.", False),  # an adjective
    ("Requires the order number.", True),  # a description documents its parameter
    ("Assigns a single pot to a customer.", True),
]


@pytest.mark.parametrize(("text", "described", "kind"), RULE_LIKE)
def test_rule_like_sentences_have_a_cue(text: str, described: bool, kind: str) -> None:
    cue = cue_of(text, described=described)
    assert cue is not None, text
    assert cue.kind == kind, (text, cue)


@pytest.mark.parametrize(("text", "described"), NOT_RULES)
def test_other_sentences_have_none(text: str, described: bool) -> None:
    assert cue_of(text, described=described) is None


PROMPT = """\
# Garden centre assistant

Welcome to the garden centre helpdesk!
Never call `delete_order`.
Employ the `archive_orders` tool for anything older than a year.
Our shop opened in 1998 and has three branches.

Duplicate Detection
- When a loan is overdue, the borrower will be reminded.
"""


def _notes(tmp_path: Path) -> tuple[list[tuple[int, str]], list[int]]:
    path = tmp_path / "prompt.md"
    path.write_text(PROMPT, "utf-8")
    found = extract([load_artifact("prompt", path, "prompt.md")])
    notes = [
        (d.span.start_line, d.message)
        for d in found.diagnostics
        if d.code == "rule-not-compiled" and d.span is not None
    ]
    return notes, [r.span.start_line for r in found.rules]


def test_a_leftover_gets_one_located_note_that_names_its_cue(tmp_path: Path) -> None:
    notes, rules = _notes(tmp_path)
    lines = [line for line, _ in notes]
    assert 4 in rules  # the ban compiled ...
    assert 4 not in lines  # ... so it gets no note as well
    assert lines.count(5) == 1
    assert lines.count(9) == 1
    message = dict(notes)[5]
    assert "the imperative `employ`" in message
    assert "reads like a rule" in message
    # ... and which part could not be read
    assert "`employ` and what it acts on could not be read as a call" in message
    assert "the conditional action `will be reminded`" in dict(notes)[9]
    # the greeting, the fact and the title line get nothing
    assert not {3, 6, 8} & set(lines)


def test_notes_are_deterministic(tmp_path: Path) -> None:
    assert _notes(tmp_path) == _notes(tmp_path)


def test_rules_that_compiled_to_nothing_unsaid_get_a_note(tmp_path: Path) -> None:
    path = tmp_path / "prompt.md"
    path.write_text("Never call `delete_order`.\nNever call `drop_table`.\n", "utf-8")
    found = extract([load_artifact("prompt", path, "prompt.md")])
    assert len(found.rules) == 2
    # nothing compiled and nothing said: one note per sentence, at its span
    notes = dropped(found.rules, (), ())
    assert [(n.code, n.span) for n in notes] == [("rule-not-compiled", r.span) for r in found.rules]
    assert "`deny_action` rule over `delete_order`" in notes[0].message
    # a diagnostic at the first sentence says why: only the second is reported
    assert [n.span for n in dropped(found.rules, (), notes[:1])] == [found.rules[1].span]


LEFTOVER = "- When a record is archived, the owner will be notified.\n"


def test_a_leftover_shows_in_explain_and_the_reports(project_dir: Path) -> None:
    # the reference prompts gain no such note: each rule-like sentence there is read
    assert specgap("build", cwd=project_dir).code == 0
    built = (project_dir / "policy" / "policy.json").read_text()
    assert "no rule could be read from it" not in built
    prompt = project_dir / "fixtures" / "cloud" / "prompt.md"
    before = prompt.read_text("utf-8")
    prompt.write_text(before + "\n## Added\n\n" + LEFTOVER, "utf-8")
    line = before.count("\n") + 4
    assert specgap("build", cwd=project_dir).code == 0
    where = f"fixtures/cloud/prompt.md:{line}"
    run = specgap("explain", f"{prompt}:{line}", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert f"{where}:3: rule-not-compiled: this sentence reads like a rule" in run.stdout
    assert "the conditional action `will be notified`" in run.stdout
    title = specgap("explain", f"{prompt}:1", cwd=project_dir)
    assert "nothing here was read" in title.stdout
    for elsewhere in ("fixtures/cloud/nosuch.md:3", "fixtures/cloud/prompt.md:0"):
        wrong = specgap("explain", elsewhere, cwd=project_dir)
        assert wrong.code == 2
        assert "unknown-location" in wrong.stderr
        assert "Traceback" not in wrong.stderr
    sarif = specgap("eval", "--format", "sarif", cwd=project_dir)
    assert "will be notified" in sarif.stdout


def test_the_function_words_answered_without_the_lexicon_are_what_it_says() -> None:
    """The shortcut that spares loading the lexicon gives the lexicon's own answer."""
    from lemminflect import getAllLemmas  # type: ignore[import-untyped]

    from specgap.extract.rulelike import CLOSED_CLASS

    verbs = [w for w in sorted(CLOSED_CLASS) if w in getAllLemmas(w).get("VERB", ())]
    assert not verbs
