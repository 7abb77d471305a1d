# ruff: noqa: E501
"""Item counts in a list argument (`arg_count_bound`), probe sets written before the code
(set A) and after it (set B), in made-up domains: a kiln studio, a glider club, a choir
library (A) and a hop farm (B). Each sentence carries the policy a careful reader expects:
the tool taking the list, the list argument (`selector: {arg}`), `max` / `min`; `None` is a
look-alike (a description, an example, a capability, a count of calls) on which no count of
items may be read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt


def _p(kind: str, description: str = "", items: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"type": kind}
    if description:
        spec["description"] = description
    if items:
        spec["items"] = {"type": items}
    return spec


def _t(name: str, description: str, **props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(props)},
        },
    }


S, A = "string", "array"
KILN = [
    _t("load_kiln", "Load pieces into a kiln for a firing.", kiln_id=_p(S),
       piece_ids=_p(A, "Ids of the pieces to fire.", S)),
    _t("glazeOrder", "Order glazes for the studio.", potterId=_p(S),
       colors=_p(A, "Glaze colour codes to order.", S)),
    _t("BookFiring", "Book a firing slot for a potter.", potterId=_p(S), date=_p(S)),
    _t("kiln.notifyPotters", "Send a notice to potters.",
       potter_ids=_p(A, "Potters to notify.", S), message=_p(S)),
    _t("kiln__tag_pieces", "Attach labels to a piece.", piece_id=_p(S),
       labels=_p(A, "Labels to attach.", S)),
]  # fmt: skip
GLIDE = [
    _t("schedule-launch", "Schedule a winch launch for a glider.", glider_id=_p(S),
       crew=_p(A, "Ground crew member ids.", S)),
    _t("logFlights", "Record flights in the club log.", flights=_p(A, "Flight records to log.",
       "object")),
    _t("assign_students", "Assign students to an instructor.", instructor_id=_p(S),
       student_ids=_p(A, "Students to assign.", S)),
    _t("club.sendBulletin", "Send the club bulletin.", body=_p(S),
       member_ids=_p(A, "Members who receive the bulletin.", S)),
    _t("cancel_launch", "Cancel a launch.", launch_id=_p(S)),
]  # fmt: skip
CHOIR = [
    _t("lend_scores", "Lend scores to a singer.", singer_id=_p(S),
       score_ids=_p(A, "Ids of the scores to lend.", S)),
    _t("return_scores", "Return borrowed scores.", singer_id=_p(S),
       score_ids=_p(A, "Ids of the scores returned.", S)),
    _t("library__reserveCopies", "Reserve copies of a title.", title_id=_p(S),
       copy_ids=_p(A, "Copies to reserve.", S)),
    _t("MailChoir", "E-mail singers.", subject=_p(S),
       addresses=_p(A, "E-mail addresses to write to.", S)),
    _t("renew-loan", "Renew a loan.", loan_id=_p(S)),
]  # fmt: skip
HOP = [
    _t("harvest.scheduleBins", "Schedule bins for a harvest day.", field_id=_p(S),
       bin_ids=_p(A, "Bins to schedule.", S)),
    _t("ship_bales", "Ship bales of dried hops to a brewery.", brewery_id=_p(S),
       bale_ids=_p(A, "Bale ids to ship.", S)),
    _t("SampleLots", "Send hop samples to a lab.", lab=_p(S), lot_ids=_p(A, "Lots to sample.", S)),
    _t("hops__assign-pickers", "Assign pickers to a field.", field_id=_p(S),
       picker_ids=_p(A, "Pickers to assign.", S)),
    _t("notifyBreweries", "Message breweries about a crop.", text=_p(S),
       brewery_ids=_p(A, "Breweries to message.", S)),
    _t("cancel_shipment", "Cancel a shipment.", shipment_id=_p(S)),
    _t("reserve_oast", "Reserve an oast house for drying.", date=_p(S)),
]  # fmt: skip
DOMAINS = {"kiln": KILN, "glide": GLIDE, "choir": CHOIR, "hop": HOP}


def _with(domain: str, tool: str, text: str, arg: str | None = None) -> list[dict[str, Any]]:
    """The domain's tools with one tool's description (or one argument's) replaced."""
    out = []
    for spec in DOMAINS[domain]:
        fn = spec["function"]
        if fn["name"] == tool:
            props = dict(fn["parameters"]["properties"])
            if arg is None:
                fn = {**fn, "description": text}
            else:
                props[arg] = {**props[arg], "description": text}
                fn = {**fn, "parameters": {**fn["parameters"], "properties": props}}
        out.append({"type": "function", "function": fn})
    return out


Expect = tuple[str, str, int | None, int | None] | None  # (tool, arg, max, min) or none


def _read(tmp_path: Path, tools: list[dict[str, Any]], sentence: str) -> list[dict[str, Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)
    out = []
    for p in built.policies:
        if p.source.artifact.endswith("tools.json") and p.operator != "arg_count_bound":
            continue  # the schema's own contracts
        cond = p.condition.model_dump(mode="json", exclude_none=True) if p.condition else {}
        out.append({"op": p.operator, "target": p.target, "enf": p.enforcement, **cond})
    return out


def _is(found: dict[str, Any], expect: Expect) -> bool:
    if expect is None:
        return False
    tool, arg, hi, lo = expect
    return (
        found["op"] == "arg_count_bound"
        and found["target"] == tool
        and (found.get("selector") or {}).get("arg") == arg
        and found.get("max") == hi
        and found.get("min") == lo
    )


def verdict(found: list[dict[str, Any]], expect: Expect, review: bool = False) -> str:
    """'exact', 'wrong' (an enforced policy that is not the expected one) or 'nothing'."""
    wrong = [
        f
        for f in found
        if f["enf"] == "enforce"
        and not _is(f, expect)
        and (expect is not None or f["op"] == "arg_count_bound")
    ]
    if wrong:
        return "wrong"
    if expect is None:
        return "exact"
    want = "review_only" if review else "enforce"
    return "exact" if any(_is(f, expect) and f["enf"] == want for f in found) else "nothing"


X = pytest.mark.xfail(strict=True)

# (domain, sentence, expected, review_only expected); set A, written before any code
SET_A: list[Any] = [
    # --- kiln studio ---
    ("kiln", "Load no more than 12 pieces into the kiln at once.", ("load_kiln", "piece_ids", 12, None), False),
    ("kiln", "A single `load_kiln` call may carry at most 24 pieces.", ("load_kiln", "piece_ids", 24, None), False),
    ("kiln", "load_kiln: no more than 20 pieces per call", ("load_kiln", "piece_ids", 20, None), False),
    ("kiln", "| pieces per firing | 30 at most |", ("load_kiln", "piece_ids", 30, None), False),
    ("kiln", "Max pieces per load: 16", ("load_kiln", "piece_ids", 16, None), False),
    ("kiln", "Q: How many pieces can go in one kiln load?\nA: Sixteen at most.", ("load_kiln", "piece_ids", 16, None), False),
    ("kiln", "Step 3: call load_kiln with between 4 and 18 piece ids.", ("load_kiln", "piece_ids", 18, 4), False),
    ("kiln", "Please make sure no glaze order lists more than 6 colors.", ("glazeOrder", "colors", 6, None), False),
    ("kiln", "Only order up to 5 colors in one glazeOrder request.", ("glazeOrder", "colors", 5, None), False),
    ("kiln", "Colors per glaze order are capped at 8.", ("glazeOrder", "colors", 8, None), False),
    ("kiln", "If a glaze order has more than 10 colors, it is refused.", ("glazeOrder", "colors", 10, None), False),
    ("kiln", "kiln.notifyPotters takes at most 40 potters per notice, or the notice is rejected.", ("kiln.notifyPotters", "potter_ids", 40, None), False),
    ("kiln", "Never notify more than 25 potters with one kiln.notifyPotters call.", ("kiln.notifyPotters", "potter_ids", 25, None), False),
    ("kiln", "Attach at most three labels to a piece in one kiln__tag_pieces call.", ("kiln__tag_pieces", "labels", 3, None), False),
    ("kiln", "Labels: max 4 per tagging call.", ("kiln__tag_pieces", "labels", 4, None), False),
    ("kiln", "A piece cannot receive more than five labels at a time.", ("kiln__tag_pieces", "labels", 5, None), False),
    # --- glider club ---
    ("glide", "Each winch launch may list 2 to 4 crew members.", ("schedule-launch", "crew", 4, 2), False),
    ("glide", "schedule-launch accepts at most 4 crew.", ("schedule-launch", "crew", 4, None), False),
    ("glide", "Do not put more than 6 flights in a single logFlights call.", ("logFlights", "flights", 6, None), False),
    ("glide", "Log flights in batches of no more than 10.", ("logFlights", "flights", 10, None), False),
    ("glide", "| Flights per log entry | max 15 |", ("logFlights", "flights", 15, None), False),
    ("glide", "Students per instructor assignment: 1-3", ("assign_students", "student_ids", 3, 1), False),
    ("glide", "An instructor may be assigned at most 3 students in one assign_students call.", ("assign_students", "student_ids", 3, None), False),
    ("glide", "Unless the chief instructor agrees, never assign more than two students at once.", ("assign_students", "student_ids", 2, None), True),
    ("glide", "The bulletin goes to at most 200 members per send.", ("club.sendBulletin", "member_ids", 200, None), False),
    ("glide", "club.sendBulletin - member_ids: up to 150 entries.", ("club.sendBulletin", "member_ids", 150, None), False),
    ("glide", "Runbook: before sending the bulletin, split the member list so no send has more than 100 members.", ("club.sendBulletin", "member_ids", 100, None), False),
    ("glide", "Why was my bulletin refused? Because one bulletin cannot go to more than 120 members.", ("club.sendBulletin", "member_ids", 120, None), False),
    ("glide", "Keep each bulletin to 80 recipients or fewer.", ("club.sendBulletin", "member_ids", 80, None), False),
    ("glide", "Crew per launch: at least 2, at most 5.", ("schedule-launch", "crew", 5, 2), False),
    # --- choir library ---
    ("choir", "Lend no more than 8 scores to a singer at a time.", ("lend_scores", "score_ids", 8, None), False),
    ("choir", "return_scores: up to 30 scores per return.", ("return_scores", "score_ids", 30, None), False),
    ("choir", "library__reserveCopies may reserve at most 4 copies per request.", ("library__reserveCopies", "copy_ids", 4, None), False),
    ("choir", "No more than 4 copies of a title can be reserved in one go.", ("library__reserveCopies", "copy_ids", 4, None), False),
    ("choir", "| Copies per reservation | 1–6 |", ("library__reserveCopies", "copy_ids", 6, 1), False),
    ("choir", "Max copies: 3", ("library__reserveCopies", "copy_ids", 3, None), False),
    ("choir", "MailChoir sends to 60 addresses at most, otherwise the mail bounces.", ("MailChoir", "addresses", 60, None), False),
    ("choir", "Please don't put more than 50 addresses on one MailChoir message.", ("MailChoir", "addresses", 50, None), False),
    ("choir", "Addresses per e-mail: up to 40.", ("MailChoir", "addresses", 40, None), False),
    ("choir", "Only lend scores when the request names between 1 and 12 scores.", ("lend_scores", "score_ids", 12, 1), False),
    ("choir", "Write to no more than 35 singers in one e-mail.", ("MailChoir", "addresses", 35, None), False),
    ("choir", "Lending is limited to 9 scores per call.", ("lend_scores", "score_ids", 9, None), False),
    # two tools take scores and nothing picks one: never an enforced guess
    ("choir", "At most 10 scores per call.", None, False),
]  # fmt: skip

# the count said by the tool's own description or its parameter's: (domain, tool, arg or
# None for the tool's description, text, expected)
SET_A_DESCRIBED: list[Any] = [
    ("kiln", "kiln__tag_pieces", "labels", "Up to 5 labels.", ("kiln__tag_pieces", "labels", 5, None)),
    ("choir", "library__reserveCopies", None, "Reserve copies of a title. At most 3 copies per request.", ("library__reserveCopies", "copy_ids", 3, None)),
    ("glide", "club.sendBulletin", "member_ids", "Member ids, 1-100 per bulletin.", ("club.sendBulletin", "member_ids", 100, 1)),
]  # fmt: skip

# look-alikes: no count of items may be read
SET_A_NOT: list[Any] = [
    ("kiln", "load_kiln loads the listed pieces into a kiln."),
    ("kiln", "For example, a firing of 12 pieces takes about nine hours."),
    ("kiln", "The big kiln holds up to 40 pieces."),
    ("kiln", "No more than 2 glaze orders per session."),
    ("glide", "Cancel at most one launch per conversation."),
    ("glide", "Send no more than 3 bulletins a day."),
    ("glide", "A glider seats two pilots."),
    ("choir", "Renew a loan at most twice."),
    ("choir", "Each score has 4 parts."),
    ("choir", "The choir has 60 singers."),
    ("choir", "Never lend scores to a singer with overdue loans."),
    ("glide", "Ask the pilot how many flights to log."),
]  # fmt: skip

# Set A still failing with this branch's code (41 failed on main 6248bc1: 4/45 exact,
# 2 wrong enforced; now 43/45, 0 wrong; the sentences are kept as written)
A_FAILS: set[str] = {
    "Keep each bulletin to 80 recipients or fewer.",
    "Write to no more than 35 singers in one e-mail.",
}


def _cases(rows: list[Any], fails: set[str]) -> list[Any]:
    return [
        pytest.param(*row, marks=[X] if row[1] in fails else [], id=row[1][:48]) for row in rows
    ]


@pytest.mark.parametrize(("domain", "sentence", "expect", "review"), _cases(SET_A, A_FAILS))
def test_set_a(tmp_path: Path, domain: str, sentence: str, expect: Expect, review: bool) -> None:
    found = _read(tmp_path, DOMAINS[domain], sentence)
    assert verdict(found, expect, review) == "exact", found


@pytest.mark.parametrize(
    ("domain", "tool", "arg", "text", "expect"),
    [pytest.param(*r, marks=[X] if r[3] in A_FAILS else [], id=r[3][:40]) for r in SET_A_DESCRIBED],
)
def test_set_a_described(
    tmp_path: Path, domain: str, tool: str, arg: str | None, text: str, expect: Expect
) -> None:
    found = _read(tmp_path, _with(domain, tool, text, arg), "Be kind to everyone.")
    assert verdict(found, expect) == "exact", found


@pytest.mark.parametrize(
    ("domain", "sentence"),
    [pytest.param(*r, marks=[X] if r[1] in A_FAILS else [], id=r[1][:48]) for r in SET_A_NOT],
)
def test_set_a_not(tmp_path: Path, domain: str, sentence: str) -> None:
    found = _read(tmp_path, DOMAINS[domain], sentence)
    assert verdict(found, None) == "exact", found


# --- set B: written after the code was done, in a new domain (a hop farm), never run while
# written; run once, its figure reported untouched, its failures marked and left unfixed ---
SET_B: list[Any] = [
    ("hop", "ship_bales carries no more than 40 bales per shipment.", ("ship_bales", "bale_ids", 40, None), False),
    ("hop", "Never ship more than 36 bales at once.", ("ship_bales", "bale_ids", 36, None), False),
    ("hop", "A brewery shipment may hold between 2 and 30 bales.", ("ship_bales", "bale_ids", 30, 2), False),
    ("hop", "| bales per truck | 24 max |", ("ship_bales", "bale_ids", 24, None), False),
    ("hop", "Bins per harvest day: 8 at most.", ("harvest.scheduleBins", "bin_ids", 8, None), False),
    ("hop", "Schedule at most 10 bins in one harvest.scheduleBins call.", ("harvest.scheduleBins", "bin_ids", 10, None), False),
    ("hop", "Sampling is limited to 5 lots per request.", ("SampleLots", "lot_ids", 5, None), False),
    ("hop", "Q: How many lots can I send to the lab in one go?\nA: Four, no more.", ("SampleLots", "lot_ids", 4, None), False),
    ("hop", "SampleLots - lot_ids: 1 to 6 entries.", ("SampleLots", "lot_ids", 6, 1), False),
    ("hop", "Please don't assign more than 15 pickers to a field in one go.", ("hops__assign-pickers", "picker_ids", 15, None), False),
    ("hop", "Pickers per assignment are capped at twenty.", ("hops__assign-pickers", "picker_ids", 20, None), False),
    ("hop", "hops__assign-pickers: a crew list of up to 18 pickers, or the call is refused.", ("hops__assign-pickers", "picker_ids", 18, None), False),
    ("hop", "Unless the farm manager signs off, no more than 12 pickers per assignment.", ("hops__assign-pickers", "picker_ids", 12, None), True),
    ("hop", "Message no more than 25 breweries per notifyBreweries call.", ("notifyBreweries", "brewery_ids", 25, None), False),
    ("hop", "Max breweries per message: 30", ("notifyBreweries", "brewery_ids", 30, None), False),
    ("hop", "If a notice lists more than 50 breweries, it bounces.", ("notifyBreweries", "brewery_ids", 50, None), False),
    ("hop", "Step 2: split the bin list so that each scheduling call has 12 bins or fewer.", ("harvest.scheduleBins", "bin_ids", 12, None), False),
    ("hop", "Keep a shipment to 20 bales or less.", ("ship_bales", "bale_ids", 20, None), False),
    ("hop", "A lab request cannot include more than three lots.", ("SampleLots", "lot_ids", 3, None), False),
    ("hop", "Each picker assignment must name at least 2 pickers.", ("hops__assign-pickers", "picker_ids", None, 2), False),
    ("hop", "| Lots per lab request | 1–4 |", ("SampleLots", "lot_ids", 4, 1), False),
    ("hop", "Dear team, please make sure a single shipment never goes above 32 bales.", ("ship_bales", "bale_ids", 32, None), False),
    ("hop", "Breweries notified at once: max 40.", ("notifyBreweries", "brewery_ids", 40, None), False),
]  # fmt: skip
SET_B_DESCRIBED: list[Any] = [
    ("hop", "ship_bales", "bale_ids", "Bales in this shipment; 1-45.", ("ship_bales", "bale_ids", 45, 1)),
    ("hop", "SampleLots", None, "Send hop samples to a lab. No more than 6 lots per request.", ("SampleLots", "lot_ids", 6, None)),
]  # fmt: skip
SET_B_NOT: list[Any] = [
    ("hop", "ship_bales sends the listed bales to the brewery."),
    ("hop", "A full truck usually carries about 24 bales."),
    ("hop", "Cancel no more than 2 shipments per conversation."),
    ("hop", "Each bale weighs up to 90 kilos."),
    ("hop", "The farm employs 40 pickers in September."),
]  # fmt: skip
# set B run once (this branch, before any change after it): 23/25 exact, 0 wrong enforced,
# 2 nothing; look-alikes 5/5 clean. Its failures, left unfixed:
B_FAILS: set[str] = {
    "Q: How many lots can I send to the lab in one go?\nA: Four, no more.",
    "Dear team, please make sure a single shipment never goes above 32 bales.",
}


@pytest.mark.parametrize(("domain", "sentence", "expect", "review"), _cases(SET_B, B_FAILS))
def test_set_b(tmp_path: Path, domain: str, sentence: str, expect: Expect, review: bool) -> None:
    found = _read(tmp_path, DOMAINS[domain], sentence)
    assert verdict(found, expect, review) == "exact", found


@pytest.mark.parametrize(
    ("domain", "tool", "arg", "text", "expect"),
    [pytest.param(*r, marks=[X] if r[3] in B_FAILS else [], id=r[3][:40]) for r in SET_B_DESCRIBED],
)
def test_set_b_described(
    tmp_path: Path, domain: str, tool: str, arg: str | None, text: str, expect: Expect
) -> None:
    found = _read(tmp_path, _with(domain, tool, text, arg), "Be kind to everyone.")
    assert verdict(found, expect) == "exact", found


@pytest.mark.parametrize(
    ("domain", "sentence"),
    [pytest.param(*r, marks=[X] if r[1] in B_FAILS else [], id=r[1][:48]) for r in SET_B_NOT],
)
def test_set_b_not(tmp_path: Path, domain: str, sentence: str) -> None:
    found = _read(tmp_path, DOMAINS[domain], sentence)
    assert verdict(found, None) == "exact", found


def _notes(tmp_path: Path, sentence: str) -> list[tuple[str, str]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", KILN)
    return [
        (d.code, d.message)
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    ]


def test_a_conditional_count_says_its_own_condition_is_unbound(tmp_path: Path) -> None:
    """The note on the kept condition names the count, not the bound it replaced."""
    notes = _notes(tmp_path, "Unless the studio manager agrees, never load more than 20 pieces.")
    held = [m for code, m in notes if code == "condition-not-bound"]
    assert held, notes
    assert all(m.startswith("`arg_count_bound` holds only") for m in held), notes


def test_a_count_keeps_the_note_of_a_clause_beside_it(tmp_path: Path) -> None:
    """A count replaces the notes that said it was not compiled, never the note of another
    clause that reads like a rule and compiled to nothing."""
    notes = _notes(
        tmp_path,
        "Never load more than 20 pieces at once, and the potter must sweep the shelves after.",
    )
    assert any(code == "rule-not-compiled" and "sweep" in m for code, m in notes), notes
    assert not any("`arg_within_bound`" in m for _, m in notes), notes


@pytest.mark.parametrize(
    ("sentence", "enforced"),
    [
        ("The studio's shelves can hold up to 400 pieces.", False),
        ("A kiln load can take up to 30 pieces.", True),
    ],
)
def test_what_a_place_can_hold_is_no_count_of_a_call(
    tmp_path: Path, sentence: str, enforced: bool
) -> None:
    """ "can hold up to N" says what something holds: an item count only when the sentence
    names the call that carries the items (a load, for `load_kiln`). A known limit: a word
    of the tool's name in another noun ("the kiln room can hold ...") still reads as the
    call."""
    found = [f for f in _read(tmp_path, KILN, sentence) if f["enf"] == "enforce"]
    assert bool(found) == enforced, found


PAY = [
    _t("pay_order", "Pay for an order.", order_id=_p(S),
       payment_methods=_p(A, "Cards or gift cards to pay with.", S)),
    _t("assign_crew", "Assign crew to a launch.", launch_id=_p(S),
       crew=_p(A, "Ground crew member ids.", S)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("sentence", "items"),
    [
        # only the description names the counted noun: the list holds other kinds too
        ("An order may be paid with at most 2 gift cards.", "gift card"),
        # the list's own name says the noun: every item counts
        ("Never assign more than 6 crew members to one launch.", None),
        ("Pay with no more than 3 payment methods.", None),
    ],
)
def test_a_count_of_one_kind_of_item_counts_that_kind(
    tmp_path: Path, sentence: str, items: str | None
) -> None:
    """Counting every item of a list that holds other kinds too would be stronger than the
    sentence: the count keeps the kind it names (`items`) beside the list (`selector`)."""
    found = [f for f in _read(tmp_path, PAY, sentence) if f["op"] == "arg_count_bound"]
    assert len(found) == 1, found
    assert found[0].get("items") == items
