"""Session 44: numbered statements whose kind the prompt says binds or not ("Clause 2.1.",
"Commentary.": `labels31`), tool ids of a shape no reader knows spelled by their words
(`ids7_respell._cores`), a heading that ends with one tool id in brackets heading its lines
(`headed32`), and "arg: 30 or fewer" read as a bound, never as two values (`keyed29`).
Sentences and ids written for these tests, in a made-up bicycle-courier desk."""

from __future__ import annotations

from pathlib import Path

from specgap.extract.ids7_respell import _spellings
from specgap.extract.labels31 import line_kinds
from tests.probes import desk_policies, enforced, read, shown
from tests.probes import spec as T

COURIER = [
    T("find_sender", "Finds a sender by phone.", phone="string"),
    T("quote_job", "Prices a delivery.", sender_id="string", km=("number", "Distance.")),
    T("take_job", "Puts a delivery on a rider's round.", sender_id="string", km="number"),
    T("drop_job", "Cancels a delivery.", job_id="string"),
]

RULEBOOK = (
    "Every Clause and every Schedule binds the desk; Commentary and Illustrations explain "
    "and bind nothing.\n\n"
    "Clause 2.1. `take_job` is never called before `quote_job`.\n"
    "Commentary. Never cancel a delivery with `drop_job`.\n"
    "Schedule 4. Quote at most 30 km with `quote_job`.\n"
    "Illustration 4.1. Quote at most 90 km with `quote_job`.\n"
)


def test_a_numbered_statement_of_a_kind_said_to_bind_is_read_without_its_label() -> None:
    kinds = line_kinds(RULEBOOK)
    assert kinds is not None
    assert kinds.labels == {"clause", "commentary", "schedule", "illustration"}
    assert kinds.unread == {"commentary", "illustration"}


def test_the_kinds_said_to_bind_nothing_state_no_rule(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, RULEBOOK, COURIER)
    assert enforced(policies, "require_before", "take_job", before="quote_job"), shown(policies)
    assert enforced(policies, "arg_within_bound", "quote_job", arg="km", max=30), shown(policies)
    assert not read(policies, "deny_action", "drop_job"), shown(policies)
    assert not read(policies, "arg_within_bound", "quote_job", max=90), shown(policies)


def test_a_label_never_said_to_bind_stays_a_word_of_its_line() -> None:
    # "Step 1." orders steps: a prompt that says nothing of what binds keeps its label
    assert line_kinds("Step 1. Find the sender.\nStep 2. Quote the job.\n") is None


def test_ids_of_an_unknown_shape_are_spelled_by_their_words() -> None:
    # a vendor every id shares and a version are no words; a last word that is the only act
    # goes first, as a reader takes an id's first word for its verb
    com = ["Spoke.FindSender.1", "Spoke.QuoteJob.2", "Spoke.JobCancel.3", "Spoke.JobArchive.1"]
    assert _spellings(com, com) == {
        "Spoke.FindSender.1": "find_sender",
        "Spoke.QuoteJob.2": "quote_job",
        "Spoke.JobCancel.3": "cancel_job",
        "Spoke.JobArchive.1": "archive_job",
    }
    # a module marker every id shares is no word; the act is the group that opens with a verb
    fortran = ["__senders_MOD_find_sender", "__jobs_MOD_quote_job", "__jobs_MOD_erase_job_log"]
    assert _spellings(fortran, fortran)["__jobs_MOD_erase_job_log"] == "erase_job_log"
    mangled = ["_SenderDesk__find_sender", "_RideBook__take_job", "_RideBook__drop_job"]
    assert _spellings(mangled, mangled)["_RideBook__take_job"] == "take_job"
    # never as another tool's id, nor as a spelling two ids share
    taken = [*com, "quote_job"]
    assert "Spoke.QuoteJob.2" not in _spellings(com, taken)


def test_a_rule_on_an_id_of_an_unknown_shape_is_enforced(tmp_path: Path) -> None:
    tools = [
        T("Spoke.SenderFind.1", "Finds a sender by phone.", phone="string"),
        T("Spoke.JobQuote.2", "Prices a delivery.", km="number"),
        T("Spoke.JobDrop.3", "Cancels a delivery.", job_id="string"),
    ]
    text = "Spoke.JobDrop.3 is never called.\n\nCall Spoke.SenderFind.1 before Spoke.JobQuote.2."
    policies = desk_policies(tmp_path, text, tools)
    assert enforced(policies, "deny_action", "Spoke.JobDrop.3"), shown(policies)
    assert enforced(policies, "require_before", "Spoke.JobQuote.2", before="Spoke.SenderFind.1"), (
        shown(policies)
    )


def test_a_heading_ending_in_one_bracketed_id_heads_its_lines(tmp_path: Path) -> None:
    text = "## Box 3: Pricing (quote_job)\n\nkm: 30 or fewer.\n"
    policies = desk_policies(tmp_path, text, COURIER)
    assert enforced(policies, "arg_within_bound", "quote_job", arg="km", max=30), shown(policies)
    assert not read(policies, "arg_within_bound", "take_job"), shown(policies)


def test_a_bound_said_as_a_or_fewer_is_no_list_of_values(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "`quote_job`: km: 30 or fewer.", COURIER)
    assert enforced(policies, "arg_within_bound", "quote_job", arg="km", max=30), shown(policies)
    assert not read(policies, "resource_in_allowlist", "quote_job"), shown(policies)
