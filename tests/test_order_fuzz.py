"""The ordering readers never fail on odd text: word salad built from the words they look
for (conjunctions, modals, pronouns, tool ids, list marks) reads into an ordering or into
nothing, never an exception (a RecursionError was found this way), and a document of such
lines extracts without one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.artifacts import Artifact
from specgap.extract import extract_deterministic
from specgap.extract.grammar_emit import Emit
from specgap.extract.pattern_base import split_words
from specgap.extract.temporal import read, requires

_WORDS = split_words(
    "before after until once only then never not without first you must may can the a an "
    "event invoice cancel cancelling cancelled fetch fetched is are has been have it them they "
    "no refund refunds of to , ; : and or make sure ensure need wait proceed attempt if when "
    "whenever member asks wants call this tool use get_event `cancel_event` requires prior "
    "lookup preceded by follow prerequisite having unless anything steps for 1. 2. 1) 2)"
)
_salad = st.lists(st.sampled_from(sorted(_WORDS)), min_size=1, max_size=14).map(" ".join)
_LEADS = ("", "", "# ", "## ", "- ", "1. ", "2. ", "  - ")


@settings(max_examples=150)
@given(_salad, st.booleans())
def test_word_salad_reads_or_not(text: str, described: bool) -> None:
    timed = read(text, described)
    assert timed is None or all(isinstance(e, Emit) for e in timed.emits)
    needed = requires(text)
    assert needed is None or needed.operator in {"require_before", "require_confirmation"}


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_LEADS), _salad, st.sampled_from(("", ".", ":"))),
                min_size=1, max_size=6))  # fmt: skip
def test_a_document_of_salad_extracts(lines: list[tuple[str, str, str]]) -> None:
    text = "\n".join(f"{lead}{said}{end}" for lead, said, end in lines) + "\n"
    extracted = extract_deterministic([Artifact(kind="prompt", path="p.md", text=text,
                                                sha256="0")])  # fmt: skip
    assert all(r.span.path == "p.md" for r in extracted.rules)
