"""prose7_terms and prose7_reasons on their own: what a definition is read as, how a later
clause is spelt, what is left alone, and that no pattern backtracks on a long line."""

from __future__ import annotations

import time

from specgap.extract.prose7_reasons import without_reasons
from specgap.extract.prose7_terms import Term, definitions, quoted_terms_used, respelt
from specgap.sections import sections

MEMO = (
    '1.1 "Checked Guest" means a guest whose card was scanned with desk.scan_card today.\n'
    '1.2 A "Closed Tab" means a tab whose state reads settled or voided.\n'
    '1.3 "Big Tab" means a tab whose total is above 500, or whose guest is new.\n'
    '1.4 "Member" means a person on the members list.\n'
)


def test_definitions_kinds() -> None:
    found = definitions(MEMO)
    assert found["Checked Guest"] == Term("Checked Guest", tool="desk.scan_card")
    assert found["Closed Tab"] == Term("Closed Tab", noun="tab", field="state",
                                       values=("settled", "voided"))  # fmt: skip
    assert found["Big Tab"] is None  # two disjuncts: no one state
    assert found["Member"] is None


def test_respelt_step_and_state() -> None:
    assert respelt("2.1 No drink is poured for anyone who is not a Checked Guest.", MEMO) == (
        "No drink is poured before desk.scan_card has been called."
    )
    assert respelt("A Closed Tab is never reopened.", MEMO) == (
        "A tab whose state is settled or voided is never reopened."
    )
    assert respelt("No drink is poured for a Member.", MEMO) is None  # no reading to spell
    assert respelt('"Closed Tab" means a tab whose state is settled.', MEMO) is None


def test_quoted_terms_keep_the_prompt_whole() -> None:
    text = (
        '# Terms\n\n"Closed Tab" means a tab whose state is settled.\n\n'
        "# Rules\n\nA Closed Tab is never reopened.\n"
    )
    assert quoted_terms_used(text)
    assert sections(text) is None
    assert sections("# A\n\nsome text\n\n# B\n\nmore text\n") is not None


def test_without_reasons() -> None:
    shaped, plain = without_reasons(
        "Keep the tip_percent to 20 or fewer, because guests complain otherwise."
    )
    assert shaped[0] == "tip_percent must be at most 20"
    assert plain[0] == "Keep the tip_percent to 20 or fewer."
    shaped, plain = without_reasons("Guests are welcome, so smile at them when they arrive.")
    assert plain == []  # the rest points back to the lead-in: not dropped


def test_no_backtracking() -> None:
    lines = [
        "use " + "a_b_" * 30, "keep " + "a_b" * 40 + " to 5 or", "x, so " + "a " * 200 + ":",
        '"Ab" means a ' + "x y " * 80 + "whose", "A x whose y is " + "z " * 80 + "can still",
        '"A" means with ' + "a.b." * 60, "Before you " + "a, " * 60 + "make sure " + "a_b " * 60,
    ]  # fmt: skip
    start = time.perf_counter()
    for line in lines:
        without_reasons(line)
        respelt(line, MEMO + line)
        definitions(line + "\n" + line)
    assert time.perf_counter() - start < 1.0
