"""The `ground3_*` re-readings of one sentence, in order: without "must also"
(`ground3_origins`), "before saving it" spelled as the change of the value confirmed, the yes
asked for after telling the user something, and a yes with an exception after it
(`ground3_yes`). Each keeps the first reading unless its own applies."""

from __future__ import annotations

from specgap.extract.ground3_origins import Read, reread_also
from specgap.extract.ground3_yes import reread_excepted, reread_saved, reread_told
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules and notes after each re-reading (module docstring)."""
    for again in (reread_also, reread_saved, reread_told, reread_excepted):
        rules, diagnostics = again(sentence, rules, diagnostics, read)
    return rules, diagnostics
