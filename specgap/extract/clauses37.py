"""Clauses parted by a semicolon (or a colon between two clauses), each read alone when the
sentence read whole states no rule (thirty-seventh session): "Soft resets only; a hard reset
is never sent", "Decision: call X first; nothing else runs until it has".

The readers read a sentence from its first word; a first clause that is a fragment ("Soft
resets only") or a statement they do not know keeps them from the rule the next clause states
in a form they do. Read whole, such a sentence gives no rule. Each clause is then read as a
sentence of its own, in place (the rest of the sentence blanked, so that offsets, lines and
columns stay the file's), and the rules of the clauses that state one are the sentence's, each
with the sentence's own words, beside the notes of every clause; a later clause that points
back with a pronoun ("...; no booking is made without it") is not read alone, its meaning is
the earlier clause's. Nothing changes for a sentence read whole to a rule, nor for one none
of whose clauses states a rule alone (its notes stay the whole sentence's).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace

from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]
# a semicolon; or a colon between two clauses, the second said in full ("Give the unit 90
# seconds to answer: `timeout_seconds` stays at 90 or below"), the first an imperative (not a
# label over a list or a group: "Schools: the deposit can go up to £150" is theirs only)
_SEMICOLON = re.compile(r";\s+|(?<=[a-z]{3}):\s+(?=[a-z`][\w`]*\s+\w+\s+\w+)")


# a later clause's pronoun points back at what an earlier clause names
_POINTS_BACK = re.compile(r"\b(?:it|its|them|they|their|this|that|these|those)\b", re.I)


def _imperative(clause: str) -> bool:
    """The clause opens with an imperative verb ("Give the unit 90 seconds ..."): a clause,
    not a label ("Concert venues and schools", "Not when")."""
    from specgap.extract.grammar_words import IMPERATIVE_VERBS

    first = re.match(r"\W*([A-Za-z]+)", clause)
    return first is not None and first[1].casefold() in IMPERATIVE_VERBS


def reread(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, its clauses read one by one when it gave none (module
    docstring)."""
    if rules or sentence.subject is not None or not re.search(r"[;:]", sentence.clean):
        return rules, notes
    text = sentence.text
    cuts = list(_SEMICOLON.finditer(sentence.clean))
    if not cuts:
        return rules, notes
    bounds = [(0, cuts[0].start())]
    bounds += [(a.end(), b.start()) for a, b in itertools.pairwise(cuts)]
    bounds.append((cuts[-1].end(), len(text)))
    if any(m.group().startswith(":") for m in cuts) and not _imperative(text[: cuts[0].start()]):
        return rules, notes  # "Concert venues: the deposit can go up to £150": a label's
    found: list[CandidateRule] = []
    found_notes: list[Diagnostic] = []
    words = " ".join(text.split())
    for n, (start, end) in enumerate(bounds):
        if len(text[start:end].split()) < 3:
            continue  # ("; period"): no clause
        if n and _POINTS_BACK.search(text, start, end):
            continue  # "...; no booking is made without it": the earlier clause's, not read alone
        said = " " * start + text[start:end] + " " * (len(text) - end)
        if said.split() == text.split():
            continue  # (a ";" only a respelling wrote: no clause of its own to read again)
        got, got_notes = read(replace(sentence, text=said))
        # a condition read from one clause may hang on another ("Fetch the potter first; a
        # firing is never reserved for a potter nobody has found"): only a clause's
        # unconditional rules are its own
        found.extend(r.model_copy(update={"text": words}) for r in got if not r.condition)
        found_notes.extend(got_notes)  # (a clause that states no rule says why, in place)
    return (found, found_notes) if found else (rules, notes)
