"""A rule whose subject its frame gives (seventeenth session): the bullets under a heading
that is a tool's id, and the cells of a table row that names the tool.

    ### refund_job                  | Refund a permit | `permit_refund` | Never more than 120 EUR. |
    - Requires a reason.
    - Not allowed once it was paid.

The sentence says what holds of the tool and leaves the tool unsaid: read alone it has no
action, so it compiled to nothing (a `rule-not-compiled` note at best). Read with the tool its
frame names, it is the rule it states:

| what the sentence says                      | read as                                        |
|---------------------------------------------|------------------------------------------------|
| `Requires a reason (and an amount).`        | Never call T without a reason. (each noun)     |
| `Not allowed once the job is picked up.`    | T is not allowed once the job is picked up.    |
| `Never more than 120 EUR.`                  | Never call T for more than 120 EUR.            |
| `One permit per vehicle.`                   | Call T at most 1 times per vehicle.            |
| anything else with no action of its own     | T: <the sentence> (one that reads like a rule) |

A row without a tool cell whose first cell is an action ("Refund a permit: never more than
120 EUR") reads the action in T's place: "Never refund a permit for more than 120 EUR". The
first reading is kept when it gave a rule; the sentence's notes stay when no reading gives one.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.rulelike import cue_of
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import NUMBER_WORDS

_ID = r"(?:[a-z][a-z0-9]*(?:[_.][a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)"
# a heading that is one tool's id and nothing else: "### refund_job", "## `cancelJob()`"
_HEADING_ID = re.compile(r"^[\s#*_]*`?(?P<id>" + _ID + r")(?:\(\))?`?[\s*_:]*$")
# the row's joined cells, as the segmenter writes them: "Refund a permit: `permit_refund` ..."
_ROW_LEAD = re.compile(
    r"^(?P<label>[^:`|]{3,60}?):\s+(?:`(?P<id>" + _ID + r")(?:\(\))?`:?\s*)?(?P<rest>\S.*)$", re.S
)
_KEY_LEAD = re.compile(r"^`(?P<id>" + _ID + r")(?:\(\))?`\s*:\s*(?P<rest>\S.*)$", re.S)
_TICKED = re.compile(r"`[^`\n]+`|\b" + _ID + r"\b")
_NP = r"(?:a|an|the|its|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?"
_REQUIRES = re.compile(
    r"^(?:requires|needs|must\s+(?:have|include|carry|state))\s+(?P<nps>"
    + _NP
    + r"(?:\s*(?:,|\band\b|,\s*and\b)\s*"
    + _NP
    + r")*)\s*[.;]?\s*$",
    re.I,
)
# "The pickup address and the drop-off address are both required."
_REQUIRED = re.compile(
    r"^(?P<nps>" + _NP + r"(?:\s*(?:,|\band\b|,\s*and\b)\s*" + _NP + r")*)\s+(?:is|are)\s+"
    r"(?:both\s+|all\s+|always\s+)?(?:required|mandatory|needed)\s*[.;]?\s*$",
    re.I,
)
_NP_ITEM = re.compile(r"(?:a|an|the|its|their)\s+(?P<np>[a-z][\w-]*(?:\s+(?!and\b)[a-z][\w-]*)?)")
# "One permit per vehicle.": the tool's calls, one per vehicle
_COUNTED = re.compile(
    r"^(?:at\s+most\s+|max(?:imum)?\s+|up\s+to\s+)?(?P<n>\d+|one|two|three|four|five|six|seven|"
    # (never of a span or a measure: "2 days per repair" counts days, not calls)
    r"eight|nine|ten)\s+(?!(?:minute|hour|day|night|week|month|year|kg|km|mile|metre|meter)s?\b)"
    r"[a-z][\w-]*\s+(?P<per>per\s+[a-z][\w-]*(?:\s+per\s+[a-z][\w-]*)*"
    r"\s*[.;]?)\s*$",
    re.I,
)
_NOT_ALLOWED = re.compile(
    r"^(?:is\s+)?(?P<ban>not\s+(?:allowed|permitted|possible)|never\s+(?:allowed|permitted)|"
    r"forbidden|prohibited)\b(?P<rest>.*)$",
    re.I | re.S,
)
_NEG_BOUND = re.compile(
    r"^(?:never|not)\s+(?P<cmp>(?:more|greater|higher|larger|longer|heavier)\s+than|over|above|"
    r"beyond|in\s+excess\s+of)\s+(?P<rest>(?:[$€£]\s?)?\d.*)$",
    re.I | re.S,
)


def frame_tool(sentence: Sentence) -> str | None:
    """The tool id the sentence's heading is, or that its table row names in a cell of its
    own before the sentence, or None."""
    heading = _HEADING_ID.match(sentence.context or "")
    if heading is not None:
        return heading["id"]
    line = _line_before(sentence)
    if not line.lstrip().startswith("|"):
        return None
    cells = [c.strip() for c in line.strip().strip("|").split("|")][:-1]  # before the sentence's
    named = [m["id"] for c in cells if (m := re.fullmatch(r"`(?P<id>" + _ID + r")(?:\(\))?`", c))]
    return named[0] if len(named) == 1 else None


def _line_before(sentence: Sentence) -> str:
    """The sentence's line up to where the sentence starts (a table row's cells before it)."""
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    return text[text.rfind("\n", 0, start) + 1 : start]


def _in_row(sentence: Sentence) -> bool:
    return _line_before(sentence).lstrip().startswith("|")


def _vague(target: str | None) -> bool:
    """A target the rule's words name by a noun alone ("permit"), not by an id or a verb."""
    return target is not None and re.fullmatch(r"[a-z]+", target) is not None


def _spellings(tool: str | None, act: str | None, rest: str) -> list[list[str]]:
    """The respellings of `rest`, said of `tool` (an id) or of `act` (an imperative verb
    phrase): each a list of sentences read together, in the order they are tried."""
    out: list[list[str]] = []
    bound = _NEG_BOUND.match(rest)
    if bound is not None:
        does = f"call `{tool}`" if tool else act
        out.append([f"Never {does} for {bound['cmp']} {bound['rest']}"])
    if tool is None:
        return out
    needs = _REQUIRES.match(rest) or _REQUIRED.match(rest)
    if needs is not None:
        nouns = [m["np"] for m in _NP_ITEM.finditer(needs["nps"])]
        out.append([f"Never call `{tool}` without a {noun}." for noun in nouns])
    banned = _NOT_ALLOWED.match(rest)
    if banned is not None:
        out.append([f"`{tool}` is {banned['ban'].casefold()}{banned['rest']}"])
    count = _COUNTED.match(rest)
    if count is not None:
        n = NUMBER_WORDS.get(count["n"].casefold(), count["n"])
        out.append([f"Call `{tool}` at most {n} times {count['per']}"])
    if cue_of(rest) is not None:  # (a heading may be an id and no tool: only what reads so)
        out.append([f"`{tool}`: {rest}"])
    return out


def _act(label: str) -> str | None:
    """The label when it is an action in the imperative ("Refund a permit"), lower-cased."""
    words = label.split()
    if len(words) < 2 or not base_verb(words[0].casefold()):
        return None
    return label[0].lower() + label[1:]


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read with the subject its frame gives (module docstring), when the first
    reading gave no rule."""
    if sentence.subject is not None:
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    tool, act, rest = frame_tool(sentence), None, text
    if rules and not (_in_row(sentence) and tool and all(_vague(r.target) for r in rules)):
        return rules, diagnostics  # (a row's cell says what holds of the row's tool)
    lead = _ROW_LEAD.match(text) or _KEY_LEAD.match(text)
    if lead is not None:
        tool = lead["id"] or tool
        act = _act(lead["label"]) if "label" in lead.groupdict() else None
        rest = lead["rest"]
    elif _TICKED.search(text) or tool is None:
        return rules, diagnostics  # it names its tool itself, or nothing frames it
    rest = rest[0].lower() + rest[1:] if rest[:1].isupper() and not rest[1:2].isupper() else rest
    for said in _spellings(tool, act, rest):
        found: list[CandidateRule] = []
        notes: list[Diagnostic] = []
        for one in said:
            more, more_notes = read_as(sentence, one, read)
            found += more
            notes += more_notes
        if found:
            return found, notes
    return rules, diagnostics


# "Deposits: non-refundable.", "ID check: required before any rental.": a label and what is
# said of it, a predicate with no subject of its own
_LABEL_SAYS = re.compile(
    r"^\W*(?P<label>[A-Za-z][\w' -]{1,40}?)\s*:\s+(?P<pred>(?:(?:not|never)\s+|only\s+)?"
    r"(?:permitted|allowed|required|mandatory|compulsory|forbidden|prohibited|banned|"
    r"non-refundable|not\s+refundable|possible|available)\b.*)$",
    re.I | re.S,
)
# "Damage reports: photo required.": what every act of the label's kind must carry
_LABEL_NEEDS = re.compile(
    r"^\W*(?P<label>[A-Za-z][\w' -]{1,40}?)\s*:\s+(?:an?\s+|the\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:is\s+|are\s+)?(?:always\s+)?(?:required|mandatory|needed)"
    r"\s*[.;!]?\s*$",
    re.I,
)


# what a person gives, not an argument: the readers of confirmations and reviews read these
_YES = frozenset({"confirmation", "approval", "consent", "agreement", "ok", "yes", "sign-off"})


def labelled(text: str) -> str | None:
    """A label's line said as a sentence ("Deposits are non-refundable.", "A damage report
    requires a photo."), or None when the line is no label and a predicate of it."""
    text = " ".join(text.split())
    needs = _LABEL_NEEDS.match(text)
    if needs is not None and needs["np"].split()[-1].casefold() not in _YES:
        return f"{needs['label']} require a {needs['np']}."
    says = _LABEL_SAYS.match(text)
    if says is None:
        return None
    label = says["label"].strip()
    last = label.split()[-1].casefold()
    be = "are" if last.endswith("s") and not last.endswith("ss") else "is"
    pred = _BANNED.sub("prohibited", says["pred"], count=1)  # the plain bans' own word
    return f"{label} {be} {pred}"


_BANNED = re.compile(r"^(?:(?:not|never)\s+(?:permitted|allowed)|forbidden|banned)\b", re.I)
