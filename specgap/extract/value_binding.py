"""Where the readings of `value_lists` (and the bounds of `amounts`) take the place of
other readings of a sentence:

- `own_values`: a sentence of a tool's own description ("The fee amount must not exceed
  $40.", "The guide level must be one of novice or expert.") states a bound or the values
  of the described tool's argument; the caller makes that tool the target;
- `spread_values`: a phrase pattern's allowlist that names its tool by the sentence's verb
  ("only the flavours 'a' and 'b' may be ordered": a fuzzy mention) gives way to the same
  values over every tool taking the argument they belong to.
"""

from __future__ import annotations

from specgap.extract.grammar_emit import Emit
from specgap.extract.segments import Sentence
from specgap.extract.value_lists import listed_values
from specgap.ir import CandidateRule


def own_values(text: str) -> list[Emit]:
    """The bound or the values a sentence of a tool's description states of one of the
    described tool's arguments ("the fee must not exceed $40", "the guide level must be one
    of novice or expert"): read as in the prose; the caller makes the described tool the
    target, where the argument is resolved (a phrase it does not take is reported)."""
    from specgap.extract.amounts import amount_bounds
    from specgap.extract.own_limits import own_limit
    from specgap.extract.value_phrases import stated_values

    # "Only for amounts up to $200.": no argument named, the unit's (`own_limits`)
    return amount_bounds(text) or stated_values(text) or own_limit(text)


def spread_values(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The phrase patterns' allowlists of a sentence, replaced by this module's reading of
    the same values over every tool taking the argument: a pattern names the tool by the
    sentence's verb ("... may be ordered": a fuzzy mention, reviewed), where the argument
    the values belong to names it exactly."""
    from specgap.extract.grammar_rules import candidate

    if any(r.operator != "resource_in_allowlist" for r in rules):
        return rules
    if any(r.grounding == "exact" and r.target not in {None, "*"} for r in rules):
        return rules  # "the reason passed to `refund_x` must be ...": the tool named by its id
    emits = listed_values(sentence.clean)
    said = {str(v).casefold() for e in emits for v in e.params.get("allowed", ())}
    if not emits or any(
        {str(v).casefold() for v in r.params.get("allowed", ())} != said for r in rules
    ):
        return rules
    return [candidate(sentence, e) for e in emits]
