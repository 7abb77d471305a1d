"""A rule under a heading that names its action, said with no action of its own (nineteenth
session):

    ## Extensions
    - Not allowed for lost hires.
    - Up to 7 extra days.

    ## Deleting customers
    - Not permitted.

The heading says what each bullet is about, as a label before a colon does ("Extensions:
not allowed for lost hires"), which the readers read. A bullet that reads no rule as written
(one with a rule's word, `rulelike.cue_of`, and no verb the grammar reads) is read again as
"<heading>: <bullet>" (`reread`), only under a heading of a few words that names one action
(`grammar_rules.names_action`: "Refunds", "Cancel a booking"; or a verb the tools are named
by, as its noun: "Fee waivers" over `waive_fee`; not "Rules"). The label form is read under
no heading (under its own, the label is taken for the heading's frame). The rules keep the
bullet's own words, quote and span; a condition the label form cannot bind stays reviewed
with its note, as if the user had written the label.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import names_action
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.phrasing import waived
from specgap.extract.rulelike import cue_of
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import singular

# a heading of a few words, and nothing that is a sentence of its own
_SHORT = re.compile(r"^[A-Za-z][\w' -]{0,40}$")
_BULLET = re.compile(r"^[\s\-*\u2022>\d.)]*")


def _names_act(heading: str) -> bool:
    """The heading names an action: an action noun or verb of the grammar, or a verb the
    agent's tools are named by, said as its noun ("Fee waivers": `waive_fee`)."""
    if names_action(heading):
        return True
    verbs = current_tool_verbs()
    for word in re.findall(r"[a-z]+", heading.casefold()):
        noun = singular(word)
        if noun in verbs or (noun.endswith("er") and noun[:-1] in verbs):
            return True
    return False


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The bullet read as "<heading>: <bullet>" where as written it gave no rule."""
    heading = sentence.context.strip().rstrip(":")
    if sentence.subject is not None or rules or not _SHORT.match(heading):
        return rules, diagnostics
    if len(heading.split()) > 4 or not _names_act(heading):
        return rules, diagnostics
    text = sentence.clean
    body = text[_BULLET.match(text).end() :]  # type: ignore[union-attr]
    if not body or body.casefold().startswith(heading.casefold()):
        return rules, diagnostics  # the bullet names its heading already
    if parse(body).verb is not None or cue_of(body, described=False) is None or waived(body):
        return rules, diagnostics  # an action of its own, no rule's word, or no rule at all
    # read as written under no heading: the label says it now (read under its heading, the
    # label would be taken for the heading's frame again)
    found, notes = read_as(sentence, f"{heading}: {body}", lambda s: read(replace(s, context="")))
    return (found, notes) if found else (rules, diagnostics)
