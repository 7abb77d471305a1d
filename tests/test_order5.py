"""Orderings, fifth round (`docs/orderings-five.md`): sentences written for this round in many
styles (imperative, passive, modal, fragments, table rows, labels, Q&A, runbook steps,
letters, tool descriptions, if/unless, "or it is refused"), of made-up desks (a bike co-op,
a choir library, a boat hire; set B: a beekeepers' club), each with the `require_before` a
careful reader expects (`{before: earlier}`, a list = any of these), or none for a
look-alike. Set A was written before any code of the round; set B after it, measured once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

# a bike co-op, snake_case and server__tool
BIKE = [
    _tool("find_member", "Find a co-op member by e-mail.", email="string"),
    _tool("verify_identity", "Verify a member's identity with a one-time code.",
          member_id="string", code="string"),
    _tool("quote_repair", "Get a price quote for a repair.", bike_id="string", work="string"),
    _tool("book_repair", "Book a repair slot for a bike.", bike_id="string", slot="string"),
    _tool("cancel_repair", "Cancel a booked repair.", repair_id="string"),
    _tool("inspect_bike", "Inspect a bike and record its safety check.", bike_id="string"),
    _tool("rent_bike", "Rent a bike to a member.", member_id="string", bike_id="string"),
    _tool("refund_deposit", "Refund a member's deposit.", member_id="string", amount="number"),
    _tool("shop__check_stock", "Check the stock of a part.", part_id="string"),
    _tool("shop__order_part", "Order a part from the supplier.", part_id="string", qty="integer"),
]  # fmt: skip
# a choir library, camelCase
CHOIR = [
    _tool("lookupSinger", "Find a singer by name.", singerName="string"),
    _tool("getScore", "Read one score with its copies and condition.", scoreId="string"),
    _tool("checkCopyright", "Check the copyright licence of a score.", scoreId="string"),
    _tool("lendScore", "Lend copies of a score to a singer.", singerId="string", scoreId="string"),
    _tool("returnScore", "Record the return of a lent score.", loanId="string"),
    _tool("photocopyScore", "Make photocopies of a score.", scoreId="string", copies="integer"),
    _tool("waiveFine", "Waive a singer's late fine.", singerId="string"),
    _tool("getLoanHistory", "Read a singer's loan history.", singerId="string"),
]  # fmt: skip
# a boat hire, PascalCase, kebab-case and dotted
BOAT = [
    _tool("FindSkipper", "Find a skipper by licence number.", licence="string"),
    _tool("CheckWeather", "Get the marine weather forecast for a date.", date="string"),
    _tool("hire.boat.Reserve", "Reserve a boat for a skipper.", skipperId="string", date="string"),
    _tool("run-safety-briefing", "Record that the skipper has had the safety briefing.",
          skipperId="string"),
    _tool("TakeDeposit", "Take a card deposit for a hire.", hireId="string", amount="number"),
    _tool("HandOverKeys", "Hand the boat keys to the skipper.", hireId="string"),
    _tool("ExtendHire", "Extend a running hire.", hireId="string", hours="integer"),
]  # fmt: skip


def _described(tools: list, name: str, description: str) -> list:
    out = []
    for t in tools:
        if t["function"]["name"] == name:
            t = {**t, "function": {**t["function"], "description": description}}
        out.append(t)
    return out


_Row = tuple[str, list, set[tuple[str, Any]]]
_T = "| Tool | Requires first |\n|---|---|\n"

# Set A: written before any code of the round. Expected: {(target, before)}.
A_ROWS: list[_Row] = [
    ("Always get a quote with quote_repair before you call book_repair.", BIKE,
     {("book_repair", "quote_repair")}),
    ("No repair is booked without a quote.", BIKE, {("book_repair", "quote_repair")}),
    ("Check the stock of a part before ordering it.", BIKE,
     {("shop__order_part", "shop__check_stock")}),
    ("A bike must be inspected before it is rented out.", BIKE,
     {("rent_bike", "inspect_bike")}),
    ("Deposits may only be refunded after the bike has been inspected.", BIKE,
     {("refund_deposit", "inspect_bike")}),
    ("Quote first, then book.", BIKE, {("book_repair", "quote_repair")}),
    (_T + "| book_repair | quote_repair |", BIKE, {("book_repair", "quote_repair")}),
    ("Prerequisite for rent_bike: verify_identity.", BIKE, {("rent_bike", "verify_identity")}),
    ("Q: Can I book a repair before the member has a quote? A: No, get the quote first.", BIKE,
     {("book_repair", "quote_repair")}),
    ("3. Call `shop__order_part`, but only once `shop__check_stock` has returned.", BIKE,
     {("shop__order_part", "shop__check_stock")}),
    ("Please make sure every member's identity is verified before you rent them a bike.", BIKE,
     {("rent_bike", "verify_identity")}),
    ("Unless the member's identity has been verified, do not refund a deposit.", BIKE,
     {("refund_deposit", "verify_identity")}),
    ("Cancel a repair only after finding the member, or the cancellation is refused.", BIKE,
     {("cancel_repair", "find_member")}),
    ("Once identity is verified, you may rent a bike.", BIKE, {("rent_bike", "verify_identity")}),
    ("Deposits are refunded only after the inspection.", BIKE,
     {("refund_deposit", "inspect_bike")}),
    ("You'll need a quote before booking a repair.", BIKE, {("book_repair", "quote_repair")}),
    ("Rentals need a verified identity.", BIKE, {("rent_bike", "verify_identity")}),
    ("Before cancelling a repair, look the member up with find_member or verify_identity.", BIKE,
     {("cancel_repair", ("find_member", "verify_identity"))}),
    ("Call checkCopyright before photocopyScore.", CHOIR, {("photocopyScore", "checkCopyright")}),
    ("Never photocopy a score whose copyright has not been checked.", CHOIR,
     {("photocopyScore", "checkCopyright")}),
    ("lendScore requires lookupSinger first.", CHOIR, {("lendScore", "lookupSinger")}),
    ("A fine can only be waived once you have read the singer's loan history.", CHOIR,
     {("waiveFine", "getLoanHistory")}),
    ("Before lending: lookupSinger.", CHOIR, {("lendScore", "lookupSinger")}),
    ("Look the singer up, then lend the score.", CHOIR, {("lendScore", "lookupSinger")}),
    ("Scores are lent only to singers who have been looked up.", CHOIR,
     {("lendScore", "lookupSinger")}),
    ("Do not call waiveFine until getLoanHistory has returned.", CHOIR,
     {("waiveFine", "getLoanHistory")}),
    ("Do I need to check copyright before making copies? Yes: always call checkCopyright "
     "first.", CHOIR, {("photocopyScore", "checkCopyright")}),
    ("", _described(CHOIR, "photocopyScore", "Make photocopies of a score. Call checkCopyright "
                    "first."), {("photocopyScore", "checkCopyright")}),
    ("Returns are recorded with returnScore only after the loan was read with getLoanHistory.",
     CHOIR, {("returnScore", "getLoanHistory")}),
    ("| Action | Must come after |\n|---|---|\n| Lend a score | Look up the singer |", CHOIR,
     {("lendScore", "lookupSinger")}),
    ("It is not allowed to lend a score before the singer has been found.", CHOIR,
     {("lendScore", "lookupSinger")}),
    ("Photocopies made without a copyright check will be rejected.", CHOIR,
     {("photocopyScore", "checkCopyright")}),
    ("Check the weather before reserving a boat.", BOAT, {("hire.boat.Reserve", "CheckWeather")}),
    ("Keys are handed over only after the safety briefing.", BOAT,
     {("HandOverKeys", "run-safety-briefing")}),
    ("No keys without a deposit.", BOAT, {("HandOverKeys", "TakeDeposit")}),
    ("HandOverKeys: after TakeDeposit.", BOAT, {("HandOverKeys", "TakeDeposit")}),
    ("A skipper cannot be given the keys until they have been found with FindSkipper.", BOAT,
     {("HandOverKeys", "FindSkipper")}),
    ("Step 2: take the deposit. Step 3: hand over the keys, never before step 2.", BOAT,
     {("HandOverKeys", "TakeDeposit")}),
    ("Dear crew, please don't extend a hire before you've checked the weather.", BOAT,
     {("ExtendHire", "CheckWeather")}),
    ("", _described(BOAT, "hire.boat.Reserve", "Reserve a boat for a skipper. Requires a prior "
                    "CheckWeather call."), {("hire.boat.Reserve", "CheckWeather")}),
    ("Extensions need a fresh weather check.", BOAT, {("ExtendHire", "CheckWeather")}),
    ("Only once the deposit is taken may the keys be handed over.", BOAT,
     {("HandOverKeys", "TakeDeposit")}),
    ("hire.boat.Reserve comes after FindSkipper.", BOAT, {("hire.boat.Reserve", "FindSkipper")}),
    ("If the skipper hasn't had the safety briefing, don't hand over the keys.", BOAT,
     {("HandOverKeys", "run-safety-briefing")}),
    ("Run the safety briefing before handing over keys; otherwise the hire is void.", BOAT,
     {("HandOverKeys", "run-safety-briefing")}),
    # look-alikes: no ordering
    ("quote_repair returns a price quote for a repair.", BIKE, set()),
    ("For example, a member might ask for a quote and then book.", BIKE, set()),
    ("You can check the weather and reserve boats.", BOAT, set()),
    ("Never refund a deposit over 50 euros.", BIKE, set()),
    ("After a repair is booked, send the member a summary.", BIKE, set()),
    ("The quote is valid for 14 days before it expires.", BIKE, set()),
    ("Members often look at the weather before they reserve.", BOAT, set()),
    ("getScore shows the condition of a score before and after a loan.", CHOIR, set()),
    ("Before 2020 the library lent scores without any lookup.", CHOIR, set()),
    ("Ask the singer for a clear yes before waiving a fine.", CHOIR, set()),
    ("Inspections take about ten minutes before the bike is ready.", BIKE, set()),
    ("Do not hand over keys after sunset.", BOAT, set()),
]  # fmt: skip

# baseline at 6248bc1: exact 32/57 (20/45 orderings, 12/12 look-alikes), wrong enforced 1 (17),
# nothing 22; after this round: exact 53/57, wrong enforced 0, nothing 2
A_FAIL: set[int] = {2, 11, 26, 37}


def orderings(folder: Path, text: str, tools: list) -> tuple[set, set]:
    """The sentence's `require_before` rules as (target, before) (a list before as a sorted
    tuple), and those of them enforced."""
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    found, enforced = set(), set()
    for p in built.policies:
        if p.operator != "require_before" or p.condition is None:
            continue
        before = p.condition.model_dump().get("before")
        if isinstance(before, list):
            before = tuple(sorted(before)) if len(before) > 1 else before[0]
        found.add((p.target, before))
        if p.enforcement == "enforce":
            enforced.add((p.target, before))
    return found, enforced


def _params(rows: list[_Row], fail: set[int]) -> list[Any]:
    return [
        pytest.param(
            text, tools, expected, id=f"{i}-{text[:40]}",
            marks=[pytest.mark.xfail(strict=True)] if i in fail else [],
        )
        for i, (text, tools, expected) in enumerate(rows)
    ]  # fmt: skip


@pytest.mark.parametrize(("text", "tools", "expected"), _params(A_ROWS, A_FAIL))
def test_order5_set_a(tmp_path: Path, text: str, tools: list, expected: set) -> None:
    found, _ = orderings(tmp_path, text, tools)
    assert found == expected


# a community darkroom, for set B: every id style mixed
DARK = [
    _tool("find_member", "Find a darkroom member by card number.", card="string"),
    _tool("checkSafetyInduction", "Check whether a member has done the chemical safety induction.",
          memberId="string"),
    _tool("reserve_enlarger", "Reserve an enlarger station for a time slot.", member_id="string",
          slot="string"),
    _tool("mix.chemistry.Batch", "Mix a fresh batch of developer chemistry.", batchId="string"),
    _tool("test-chemistry-strength", "Test the strength of a chemistry batch.", batchId="string"),
    _tool("darkroom__unlock_door", "Unlock the darkroom door for a member.", member_id="string"),
    _tool("ChargeSessionFee", "Charge the session fee to a member's account.", memberId="string",
          amount="number"),
    _tool("issue_paper", "Issue photographic paper to a member.", member_id="string",
          sheets="integer"),
    _tool("logSession", "Log a finished darkroom session.", memberId="string", minutes="integer"),
    _tool("disposeChemistry", "Dispose of spent chemistry.", batchId="string"),
    _tool("getPaperStock", "Read the paper stock.", size="string"),
]  # fmt: skip

# Set B: written after the round's code, run once; its failures are kept as they were measured.
B_ROWS: list[_Row] = [
    ("Nobody gets the door unlocked until their safety induction has been checked.", DARK,
     {("darkroom__unlock_door", "checkSafetyInduction")}),
    ("Enlarger reservations require a valid membership lookup first.", DARK,
     {("reserve_enlarger", "find_member")}),
    ("| Action | Prerequisite |\n|---|---|\n| reserve_enlarger | checkSafetyInduction |", DARK,
     {("reserve_enlarger", "checkSafetyInduction")}),
    ("Spent chemistry may only be disposed of after its strength has been tested.", DARK,
     {("disposeChemistry", "test-chemistry-strength")}),
    ("Paper is issued only once the session fee has been charged.", DARK,
     {("issue_paper", "ChargeSessionFee")}),
    ("Never unlock the darkroom for someone you have not looked up.", DARK,
     {("darkroom__unlock_door", "find_member")}),
    ("Session fee: charge it before logging the session.", DARK,
     {("logSession", "ChargeSessionFee")}),
    ("Sessions are logged after the fee is charged, never before.", DARK,
     {("logSession", "ChargeSessionFee")}),
    ("FAQ: Can a member reserve an enlarger without the safety induction? No.", DARK,
     {("reserve_enlarger", "checkSafetyInduction")}),
    ("Runbook, step 4: once `find_member` returns a card match, call `darkroom__unlock_door`.",
     DARK, {("darkroom__unlock_door", "find_member")}),
    ("Hi all, a reminder: check the paper stock before you hand out any paper.", DARK,
     {("issue_paper", "getPaperStock")}),
    ("", _described(DARK, "issue_paper", "Issue photographic paper to a member. Only call after "
                    "getPaperStock."), {("issue_paper", "getPaperStock")}),
    ("No fresh batch is mixed unless the old chemistry has been disposed of.", DARK,
     {("mix.chemistry.Batch", "disposeChemistry")}),
    ("Chemistry must be strength-tested prior to any disposal.", DARK,
     {("disposeChemistry", "test-chemistry-strength")}),
    ("Unlocking the door without an induction check is not permitted.", DARK,
     {("darkroom__unlock_door", "checkSafetyInduction")}),
    ("ChargeSessionFee precedes logSession.", DARK, {("logSession", "ChargeSessionFee")}),
    ("Before reserve_enlarger: find_member or checkSafetyInduction.", DARK,
     {("reserve_enlarger", ("checkSafetyInduction", "find_member"))}),
    ("Members without a completed induction cannot have the door unlocked.", DARK,
     {("darkroom__unlock_door", "checkSafetyInduction")}),
    ("If the fee hasn't been charged yet, do not log the session.", DARK,
     {("logSession", "ChargeSessionFee")}),
    ("Look the member up by card; only then charge a session fee.", DARK,
     {("ChargeSessionFee", "find_member")}),
    ("Only reserve an enlarger for members whose induction has been checked.", DARK,
     {("reserve_enlarger", "checkSafetyInduction")}),
    ("Paper goes out only after a stock check.", DARK, {("issue_paper", "getPaperStock")}),
    ("Mix first, then test.", DARK, {("test-chemistry-strength", "mix.chemistry.Batch")}),
    ("Charging a fee requires the member to be found beforehand, or the charge is rejected.",
     DARK, {("ChargeSessionFee", "find_member")}),
    ("Please remember: the induction has to be checked before a reservation is made.", DARK,
     {("reserve_enlarger", "checkSafetyInduction")}),
    # look-alikes
    ("checkSafetyInduction tells you whether the member did the induction.", DARK, set()),
    ("Members usually mix a batch and then test it.", DARK, set()),
    ("Never issue more than 50 sheets of paper at once.", DARK, set()),
    ("Do not unlock the door after 10 pm.", DARK, set()),
    ("After each session, members tidy the trays before they leave.", DARK, set()),
]  # fmt: skip

# measured once after the code (35975a0): exact 14/30 (9/25 orderings, 5/5 look-alikes),
# wrong enforced 0, nothing 16 (main at 6248bc1: 13/30, 0 wrong enforced, nothing 17).
# Fixed after measuring, by general shapes ("`a` precedes `b`", a label's "`a` or `b`", a
# trailing "yet" / "first"): 15, 16, 18 -> 17/30; the figure of record stays 14/30.
# 9 mended by prose7_reasons (docs/prose-seven.md); 12 by the passive read as the imperative
# ("No fresh batch is mixed unless ...": "Never mix any fresh batch unless ...", passive48)
B_FAIL: set[int] = {0, 1, 5, 6, 8, 10, 17, 20, 21, 23}  # fmt: skip


@pytest.mark.parametrize(("text", "tools", "expected"), _params(B_ROWS, B_FAIL))
def test_order5_set_b(tmp_path: Path, text: str, tools: list, expected: set) -> None:
    found, _ = orderings(tmp_path, text, tools)
    assert found == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No repair is booked without a quote.", [("book repair", "quote")]),
        ("No keys without a deposit.", [("keys", "deposit")]),
        ("Keys are handed over only after the safety briefing.",
         [("hand over key", "safety briefing")]),
        ("Never lend a score before the singer has had a fitting.", [("lend score", "fitting")]),
        ("Before lending: lookupSinger.", [("lend", "lookupSinger")]),
        ("HandOverKeys: after TakeDeposit.", [("HandOverKeys", "TakeDeposit")]),
        ("Do not call waiveFine until getLoanHistory has returned.",
         [("waiveFine", "getLoanHistory")]),
        # a time, a pronoun, a clause: no step
        ("Do not hand over the keys before noon.", []),
        ("Do not hand over the keys before 5 pm.", []),
        ("Never lend a score before it is repaired.", []),
        ("Keys are handed over after the skipper signs.", []),  # no "only": a description
        ("Book a repair before the weekend.", []),
        ("Greet the member, then ask.", []),  # no "first": not this module's chain
    ],
)  # fmt: skip
def test_more_orders(text: str, expected: list) -> None:
    from specgap.extract.order5_shapes import more_orders

    got = [(e.target, e.params["before"]) for e in more_orders(text)]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "before", "expected"),
    [
        ("Look the member up with find_member or verify_identity.", "find_member",
         ["find_member", "verify_identity"]),
        ("First call `FindSkipper`, `getCrew` or hire.boat.Get.", "getCrew",
         ["FindSkipper", "getCrew", "hire.boat.Get"]),
        ("Look the member up with find_member or by phone.", "find_member", None),  # a phrase
        ("Use find_member, then verify_identity.", "find_member", None),  # no "or"
    ],
)  # fmt: skip
def test_either(text: str, before: str, expected: list | None) -> None:
    from specgap.extract.order5_shapes import _either

    assert _either(text, before) == expected
