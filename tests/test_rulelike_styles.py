"""Rule-likeness across writing styles (`rulelike.cue_of`, `deontic`), measured.

The cases (`tests/rulelike_cases.py`) are sentences written for this test in five made-up
domains and five writing styles, rules and non-rules. Each case is checked on its own, and
the precision and recall of the whole table are held to a floor, so that a change that
trades many non-rules for a few rules (or the reverse) shows.
"""

from __future__ import annotations

import pytest

from specgap.extract.rulelike import cue_of
from tests.rulelike_cases import CASES, KNOWN_MISREADS

STYLES = {"legal", "terse", "chatty", "passive", "qa"}


def test_the_table_spans_five_domains_and_five_styles_both_ways() -> None:
    domains = {d for d, _, _, _ in CASES}
    assert len(domains) >= 5
    for style in STYLES:
        rules = [t for _, s, t, r in CASES if s == style and r]
        others = [t for _, s, t, r in CASES if s == style and not r]
        assert len(rules) >= 5, style
        assert len(others) >= 3, style
    texts = [t for _, _, t, _ in CASES]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize(
    ("domain", "style", "text", "rule"),
    [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True, reason="a known misread"))
        if case[2] in KNOWN_MISREADS
        else case
        for case in CASES
    ],
)
def test_each_case(domain: str, style: str, text: str, rule: bool) -> None:
    cue = cue_of(text)
    assert (cue is not None) == rule, (domain, style, text, cue)


def precision_recall() -> tuple[float, float, int, int]:
    """Precision and recall of `cue_of` over the table, with the numbers of rules and of
    non-rules."""
    found = [(cue_of(text) is not None, rule) for _, _, text, rule in CASES]
    true_pos = sum(f and r for f, r in found)
    flagged = sum(f for f, _ in found)
    rules = sum(r for _, r in found)
    return true_pos / max(flagged, 1), true_pos / max(rules, 1), rules, len(found) - rules


def test_precision_and_recall_hold() -> None:
    precision, recall, rules, others = precision_recall()
    assert rules >= 90
    assert others >= 60
    assert precision >= 0.95, precision
    assert recall >= 0.95, recall


# each new construction, with the cue the note names
KINDS: list[tuple[str, str, str]] = [
    ("The Lessee is obliged to return the canoe by noon.", "modal", "is obliged to"),
    ("Guests are not to feed the goats.", "modal", "are not to"),
    ("It's essential that the fridge log is signed daily.", "modal", "it's essential that"),
    ("In no event shall the deposit be kept longer than a month.", "modal", "shall"),
    ("Refunds will not be granted for missed tours.", "prohibition", "will not be granted"),
    ("We won't hold a table past 8 pm.", "prohibition", "we won't hold"),
    ("Gift cards are non-refundable.", "prohibition", "non-refundable"),
    ("Late entries: rejected", "prohibition", "rejected"),
    ("Access to the vault is subject to a second signature.", "requirement", "is subject to"),
    ("Photo ID needed for every key handover.", "requirement", "needed"),
    ("Boats are lent provided that a life vest is worn.", "precondition", "provided that"),
    ("The hall is hired out except when a wedding is booked.", "precondition", "except when"),
    ("Claims are paid no later than 10 days after approval.", "bound", "no later than"),
    ("Vouchers valid for 6 months", "bound", "valid for 6"),
    ("Safety briefing -> kayak handout", "ordering", "->"),
    ("Q: May I bring my dog? A: No, only guide dogs.", "modal", "only"),
    ("Q: Can I pay in cash? A: Yes, at the front desk.", "answered question", "yes"),
    ("Q: Can I pay later? A: Invoices work too.", "answered question", "invoices"),
    ("Room hire is payable in advance.", "requirement", "is payable"),
    ("It's up to you whether to waive the fee.", "permission", "it's up to you"),
    ("Subject to availability, guests may check in early.", "precondition", "subject to"),
    ("You're welcome to reuse the cups.", "permission", "you're welcome to"),
    ("The Landlord may inspect the flat after notice.", "permission", "the landlord may inspect"),
    ("Guests staying more than three nights pay upfront.", "bound", "more than three nights"),
    ("Badges are printed once the form has been checked.", "precondition", "once"),
    ("Loans beyond $2,000 go to the board.", "bound", "beyond $2"),
    ("Trailers: max. 2", "bound", "max. 2"),
    ("Bookings are declined when the hall is full.", "prohibition", "are declined"),
    ("It's not okay to share a locker code.", "modal", "it's not okay to"),
    ("No one but the curator opens the cabinet.", "modal", "no one but"),
    ("Overtime without a shift lead's approval is unpaid.", "requirement", "approval"),
    ("Weighing happens before sealing.", "ordering", "before"),
    ("Swapping shifts is out of the question.", "prohibition", "out of the question"),
    ("Extensions are at the tutor's discretion.", "permission", "at the tutor's discretion"),
]


@pytest.mark.parametrize(("text", "kind", "words"), KINDS)
def test_the_cue_is_named(text: str, kind: str, words: str) -> None:
    cue = cue_of(text)
    assert cue is not None, text
    assert (cue.kind, cue.words) == (kind, words)


# near misses: the same words saying nothing an agent must do
NEAR: list[str] = [
    "The river won't freeze before January.",  # a thing's future, not a ban
    "Unless you grew up near the sea, the first trip is a big adventure.",
    "Add salt as needed.",  # imperative, but ...
    "Use the lockers when needed.",
    "The guide could be liable for nothing at all.",  # hypothetical
    "Visitors who arrive early first see the garden, then the house.",  # a process
    "Once the hall was a chapel, now it is a gym.",  # a past state, not a precondition
    "The Museum can be reached by bus.",  # a defined term, but nothing it may do
    "There is more than one way to brew tea.",  # a count with no unit
    "Signal is shown in bars, from 1 to 4+ bars.",  # a scale, not a bound
]


@pytest.mark.parametrize("text", NEAR)
def test_near_misses_read_no_cue_of_the_new_kinds(text: str) -> None:
    cue = cue_of(text)
    # the imperative reading of "Add salt" is rulelike's; none of the new kinds fires
    assert cue is None or cue.kind == "imperative", (text, cue)


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        # a line that states the rule before it again for something else: a rule, never
        # silent (nothing compiles from it alone, so it gets a located note)
        ("- discounts too", "discounts too"),
        ("same goes for notes", "same goes for"),
        ("The same applies to refunds.", "the same applies to"),
        ("ditto for cancellations", "ditto"),
        ("refunds as well", "refunds as well"),
    ],
)
def test_a_reference_to_the_rule_before_reads_like_a_rule(text: str, cue: str) -> None:
    found = cue_of(text)
    assert found is not None
    assert (found.kind, found.words) == ("reference to the rule before", cue)


@pytest.mark.parametrize(
    "text", ["We groom cats too.", "Thanks to you too!", "you too", "I love it too much."]
)
def test_too_in_a_sentence_of_its_own_is_no_reference(text: str) -> None:
    found = cue_of(text)
    assert found is None or found.kind != "reference to the rule before"
