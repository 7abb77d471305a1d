"""Same-entity orderings read from prose (`specgap.extract.order_same`), table-driven over a
made-up greenhouse domain (readings) and a made-up pet-clinic domain (built agents): the
later action's object refers back to the earlier one's ("before watering it", "the same
tray") and only then; compile binds the noun or keeps the plain ordering with a note; the
bundled `cloud` agent's rule is not bound, since `aws.s3.PutObject` names no file argument."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import ToolCall
from specgap.extract.order_same import same_entity, singular
from specgap.guard import Guard
from specgap.ir import CandidateRule, Span
from tests.conftest import ROOT
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

SPAN = Span(path="p.md", start_line=1, start_col=1, end_line=1, end_col=2, start_byte=0, end_byte=1)


def _order(operator: str = "require_before", target: str = "water_tray") -> CandidateRule:
    return CandidateRule(
        text="x",
        span=SPAN,
        quote="x",
        target=target,
        mentions=(target, "inspect_tray"),
        grounding="partial",
        check_category="workflow_ordering_validation",
        operator=operator,
        params={"before": "inspect_tray"},
        confidence=0.8,
        extractor="deterministic",
    )


# (sentence, the noun read, or None: left as it was)
READINGS: list[tuple[str, str | None]] = [
    ("Inspect the tray before watering it.", "tray"),
    ("Always inspect the seedling tray before you water it.", "tray"),
    ("Weigh all sacks before shipping them.", "sack"),
    ("Run `scan_soil` on every bed before planting it.", "bed"),
    ("Inspect the tray before watering the same tray.", "tray"),
    ("Inspect the tray before watering that tray.", "tray"),
    ("Inspect the tray prior to watering this tray.", "tray"),
    ("Before watering a tray, inspect it.", "tray"),
    ("Water a tray only after inspecting it.", "tray"),
    ("Label the grower's crate before loading it.", "crate"),
    ("Sample the nursery entries before archiving them.", "entry"),
    # the later object is any tray, not the one inspected
    ("Inspect the tray before watering a tray.", None),
    ("Inspect a tray before watering any tray.", None),
    ("Inspect the tray before watering.", None),
    ("Look up the booking before cancelling it.", "booking"),
    ("Fetch the tray using the app before watering it.", None),
    # "that" names something the earlier action never mentioned
    ("Inspect the tray before watering that bed.", None),
    # the pronoun could point to either phrase
    ("Inspect the tray in the shed before watering it.", None),
    # "it" is the subject of a state, not the object of the action
    ("Inspect the tray before it is watered.", None),
    # two ordering words: not one earlier and one later action
    ("Inspect the tray before watering it and after moving it.", None),
    # the earlier action names no object at all
    ("Call `inspect_tray` before `water_tray`.", None),
    ("Before watering a tray, check the weather and the soil.", None),
]


@pytest.mark.parametrize(("sentence", "noun"), READINGS)
def test_the_entity_is_read_only_when_the_object_refers_back(
    sentence: str, noun: str | None
) -> None:
    (rule,) = same_entity(sentence, [_order()])
    assert rule.params.get("same_as") == noun, sentence
    assert rule.params["before"] == "inspect_tray"


def test_only_orderings_get_the_entity() -> None:
    other = _order(operator="require_confirmation")
    spread = _order(target="*")
    found = same_entity("Inspect the tray before watering it.", [other, spread, _order()])
    assert [r.params.get("same_as") for r in found] == [None, None, "tray"]


@pytest.mark.parametrize(
    ("word", "one"), [("trays", "tray"), ("entries", "entry"), ("glass", "glass"), ("bus", "bus")]
)
def test_singular(word: str, one: str) -> None:
    assert singular(word) == one


# --- built agents: the binding, the note, the check ----------------------------------------

TOOLS = [
    _tool("lookup_visit", "Look up a clinic visit by its id.", visit_id="string"),
    _tool("cancel_visit", "Cancel a clinic visit.", visit_id="string", reason="string"),
    _tool("scan_record", "Scan a medical record for personal data.", record_path="string"),
    _tool("share_record", "Share a medical record.", content="string", clinic="string"),
]


def _built(tmp_path: Path, sentence: str) -> Built:
    return build_prompt(tmp_path, f"# Clinic desk\n\n{sentence}\n", TOOLS)


def _orderings(built: Built) -> list[tuple[str, dict[str, Any] | None]]:
    return [
        (p.target, p.condition.model_dump().get("same"))
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    ]


def _notes(built: Built) -> list[str]:
    return [d.code for d in built.state.diagnostics if d.code == "same-entity-not-bound"]


# (sentence, target, bound selector, a same-entity-not-bound note)
BUILT: list[tuple[str, str, dict[str, Any] | None, bool]] = [
    ("Look up the visit before cancelling it.", "cancel_visit", {"arg": "visit_id"}, False),
    ("Look up the visit before cancelling a visit.", "cancel_visit", None, False),
    # `share_record` takes the record's content, not a name: only the order is enforced
    ("Run `scan_record` on every record before sharing it.", "share_record", None, True),
]


@pytest.mark.parametrize(("sentence", "target", "same", "noted"), BUILT)
def test_the_built_rule_binds_or_notes(
    tmp_path: Path, sentence: str, target: str, same: dict[str, Any] | None, noted: bool
) -> None:
    built = _built(tmp_path, sentence)
    assert _orderings(built) == [(target, None if same is None else {**same, "extract": None})]
    assert bool(_notes(built)) is noted


def test_a_bound_rule_denies_another_visit(tmp_path: Path) -> None:
    built = _built(tmp_path, "Look up the visit before cancelling it.")
    (rule,) = [p for p in built.policies if p.operator == "require_before"]
    assert rule.message.endswith("on the same `visit_id`")
    engine = Engine([rule])
    lookup = ToolCall(
        name="lookup_visit", tool="lookup_visit", args={"visit_id": "VZ-1"}, result={"ok": 1}
    )
    for visit, blocked in (("VZ-1", False), ("VZ-2", True)):
        cancel = ToolCall(name="cancel_visit", tool="cancel_visit", args={"visit_id": visit})
        decisions = list(engine.run([lookup, cancel]))
        assert decisions[-1].blocked is blocked, visit


def test_the_cloud_rule_binds_the_file_its_registry_names() -> None:
    """ "Run `scan_for_secrets` on every file before uploading it": the cloud registry names
    the uploaded `Body` the file (`facets: {file: {arg: Body}}`), so the scan must be of it."""
    bundle = json.loads((ROOT / "policy" / "policy.json").read_text())
    (rule,) = [
        p
        for a in bundle["agents"]
        for p in a["policies"]
        if p["operator"] == "require_before" and p["target"] == "aws.s3.PutObject"
    ]
    assert rule["condition"]["same"]["arg"] == "Body"
    assert rule["enforcement"] == "enforce"
    assert "same-entity-not-bound" not in json.dumps(bundle)


@pytest.mark.parametrize(("visit", "denied"), [("VZ-1", False), ("vz_1", False), ("VZ-2", True)])
def test_the_guard_denies_another_visit(tmp_path: Path, visit: str, denied: bool) -> None:
    built = _built(tmp_path, "Look up the visit before cancelling it.")
    guard = Guard(built.bundle)
    assert guard.check({"name": "lookup_visit", "arguments": {"visit_id": "VZ-1"}}).verdict == (
        "allow"
    )
    guard.record({"status": "booked"})
    cancel = guard.check(
        {"name": "cancel_visit", "arguments": {"visit_id": visit, "reason": "moved"}}
    )
    assert (cancel.verdict == "deny") is denied, cancel
