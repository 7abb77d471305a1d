"""An action taken on the outcome of a check the sentence before asks for ("Check whether
the pen is empty. If it is, ..."): `specgap.extract.order_outcome` reads a reviewed
`require_before(<action>, before=<check the thing>)`, keeping a lead condition of the check.
A condition that is about something else, talk, a re-read, or a check of the very state the
action sets gives nothing. Sentences written for the test, in a made-up kennel."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.order_outcome import checked_first
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KENNEL = [
    _tool("get_kennel", "Look up a kennel with its status and occupancy.", kennel_id="string"),
    _tool("check_vaccination", "Check whether a dog's vaccinations are current.",
          dog_id="string"),
    _tool("admit_dog", "Admit a dog into a kennel.", dog_id="string", kennel_id="string"),
    _tool("release_keeper", "Release a keeper from a kennel.", kennel_id="string",
          keeper_id="string"),
    _tool("send_notice", "Send a notice e-mail to an owner.", owner_id="string", body="string"),
]  # fmt: skip

# (the sentence before, the sentence, the action, the check, the kept condition)
READ: list[tuple[str, str, str, str, str | None]] = [
    ("Check whether the dog's vaccinations are current.", "If they are, admit the dog.",
     "admit the dog", "check dog vaccinations", None),
    ("Check if the kennel is full.", "If it is not, admit the dog.",
     "admit the dog", "check kennel", None),
    ("You should verify that the pen is empty.", "If the pen is not empty, release the keeper.",
     "release the keeper", "verify pen", None),  # the condition repeats the tested words
    ("- Verify that the pen is empty.\n    - ", "If the pen is not empty, release its keeper.",
     "release its keeper", "verify pen", None),  # a nested bullet under the check
    ("If an owner arrives late, you should check if the kennel is occupied.",
     "If it is not, release the keeper.", "release the keeper", "check kennel",
     "If an owner arrives late"),  # the check's own condition is kept
    ("Check whether the cage is locked.", "If it is, unlock it.", "unlock cage",
     "check cage", None),  # a pronoun object is the checked thing
]  # fmt: skip

NOT_READ: list[tuple[str, str]] = [
    ("Check whether the kennel is full.", "If the owner calls, admit the dog."),  # other topic
    ("Check whether the kennel is full.", "If it is, tell the owner."),  # talk
    ("Check whether the kennel is full.", "If it is, get the kennel again."),  # a re-read
    ("The kennel is full.", "If it is not, admit the dog."),  # no check asked for
    ("Check whether the kennel is full.", "Admit the dog."),  # no branch
]  # fmt: skip


@pytest.mark.parametrize(("before", "text", "action", "check", "kept"), READ,
                         ids=[t for _, t, _, _, _ in READ])  # fmt: skip
def test_the_check_comes_first(
    before: str, text: str, action: str, check: str, kept: str | None
) -> None:
    (emit,) = checked_first(text, before)
    assert (emit.operator, emit.target, emit.params, emit.condition) == (
        "require_before", action, {"before": check}, kept,
    )  # fmt: skip


@pytest.mark.parametrize(("before", "text"), NOT_READ, ids=[b + t for b, t in NOT_READ])
def test_nothing_is_read(before: str, text: str) -> None:
    assert checked_first(text, before) == []


BUILT: list[tuple[str, set[tuple[str, str, str]]]] = [
    ("Check whether the dog's vaccinations are current. If they are, admit the dog.",
     {("admit_dog", "check_vaccination", "review_only")}),
    ("Check if the kennel is full. If it is not, admit the dog.",
     {("admit_dog", "get_kennel", "review_only")}),
    # conditional on the check's lead: reviewed, never an unconditional rule
    ("If an owner arrives late, check if the kennel is occupied. If it is not, release the "
     "keeper.", {("release_keeper", "get_kennel", "review_only")}),
    ("Check whether the kennel is full. If the owner calls, admit the dog.", set()),
]  # fmt: skip


@pytest.mark.parametrize(("text", "orders"), BUILT, ids=[t[:50] for t, _ in BUILT])
def test_built(tmp_path: Path, text: str, orders: set[tuple[str, str, str]]) -> None:
    built = build_prompt(tmp_path, f"# Kennel desk\n\n{text}\n", KENNEL)
    found = {
        (p.target, str(p.condition.model_dump()["before"]), p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    assert found == orders
    notes = {d.code for d in built.state.diagnostics}
    assert not orders or "obligation-not-enforced" in notes  # only the order is compiled
