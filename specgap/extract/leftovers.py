"""Rule-like sentences nothing was read from: a located `rule-not-compiled` for each.

The extractor reads each sentence into rules and notes (`reading.read_sentence`, driven by
`sequences.read_all`). A sentence it gives neither is checked here once more with a wider,
documented test of *reading like a rule*; when it does, it gets a `rule-not-compiled` note at
its span saying what made it read like a rule (the cue) and which part could not be read.
Nothing here ever yields a rule, so a leftover is never compiled into something the sentence
does not say; and a sentence that gave a rule or a note is left alone, so nothing is reported
twice.

What reads like a rule is `rulelike.cue_of`'s to say (see there and `deontic`); title lines
of their own and a bold term being defined are set aside here, where the sentence's place is
known. What the sentence's place adds is read here too (`statements`): a sentence that holds
a statement per line (terse lines, a table) is checked line by line; a list item under a
framing line or heading, a table row under a framing header cell, an answer to a permission
question and a `Key: value` line whose key names a rule read like rules; in a tool's
description, a later sentence's instruction and a requirement of something that is no
parameter do. Headings and blocks the extractor never reads (`unread`) and parameter
descriptions (`parameter_notes`) get their notes elsewhere, by the same test.

After compiling, `dropped` is the last guard: a sentence whose rules all compiled to no
policy, with no diagnostic at it, gets a note as well (the pipeline's compile stage).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.grammar import Clause, parse
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.narrative24 import asks, told
from specgap.extract.oblig2_followup import follow_up_why
from specgap.extract.phrasing import waived
from specgap.extract.rulelike import Cue, as_written, cue_of
from specgap.extract.scoped41 import case_line
from specgap.extract.segments import Sentence
from specgap.extract.silent3_cues import routes_all
from specgap.extract.statements import (
    LIST_ITEM,
    Frame,
    Scope,
    frame_of,
    header_frame,
    is_table_row,
    parts,
)
from specgap.ir import CandidateRule, Diagnostic, Policy, Span
from specgap.toolspecs import parse_tool_specs

__all__ = ["Cue", "cue_of", "dropped", "leftover", "unclaimed"]

Read = tuple[Sentence, list[CandidateRule], list[Diagnostic]]


def unclaimed(read: Iterable[Read]) -> Iterator[Read]:
    """The extractor's reading, sentence by sentence, with a `rule-not-compiled` note added
    to each statement that reads like a rule and gave neither a rule nor a note: a sentence
    nothing was read from, or a line of a sentence that holds a statement per line (terse
    lines, table rows; `statements.parts`) whose line no rule or note starts at. A list
    item under a line that frames its items as rules ("Never:"), a table row under a header
    that does ("Allowed?") and a short answer to a permission question read like rules too."""
    scope = Scope()
    described: str | None = None  # the tool whose description the last sentence was in
    for sentence, found, notes in read:
        later = sentence.subject is not None and sentence.subject == described
        described = sentence.subject
        said = {r.span.start_line for r in found} | {d.span.start_line for d in notes if d.span}
        framed = scope.frame(sentence)
        pieces = parts(sentence, every_line=framed is not None and framed.kind == "list heading")
        added: list[Diagnostic] = []
        if len(pieces) == 1:
            # "Never:" frames its bullets; "Condition: S" is carried by its section's lines
            if not found and not notes and not _frames_bans(sentence) and not case_line(sentence):
                framed = framed or _table_column(sentence)  # a row under "| Refund window |"
                note = leftover(sentence, framed, later=later)
                added += [] if note is None else [note]
        else:
            column = header_frame(pieces[0].text) if is_table_row(pieces[0].text) else None
            for n, piece in enumerate(pieces):
                line = piece.span().start_line
                if line in said or (n == 0 and column is not None):
                    continue  # read already, or the header of a table whose rows are rules
                if is_table_row(piece.text) and any(
                    r.span.start_line < line <= r.span.end_line for r in found
                ):
                    continue  # a row of a table read whole (`state_tables`): read with it
                row = Frame("table column", column) if column and is_table_row(piece.text) else None
                note = leftover(piece, row or framed, piece=True)
                if note is not None:
                    added.append(note)
                    said.add(line)
            if not found and not notes and not added:
                note = leftover(sentence, framed)
                added += [] if note is None else [note]
        scope.after(sentence)
        yield sentence, found, [*notes, *added]


def _table_column(sentence: Sentence) -> Frame | None:
    """The frame of a table row read as a sentence of its own, when its table's header has
    a column that makes its cells rules ("| Item | Refund window |"): the header is found
    above the row in the artifact (the row's sentence does not carry it)."""
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    line_start = text.rfind("\n", 0, start) + 1
    if not text[line_start:start].lstrip().startswith("|") and not text[start:].startswith("|"):
        return None
    lines = text[:line_start].split("\n")[:-1]
    for n in range(len(lines) - 1, 0, -1):
        line = lines[n].strip()
        if not line.startswith("|"):
            return None  # not in a table
        if _SEPARATOR.match(line):
            column = header_frame(lines[n - 1]) or _rule_column(lines[n - 1])
            if column is None or _SENTENCE_COLUMN.match(column):
                return None  # "| Rule |": its cells are sentences with cues of their own
            return Frame("table column", column)
    return None


def _rule_column(header: str) -> str | None:
    """A header cell that makes a row's cells a rule of the row's thing when nothing else
    was read from it: a step, a status, a confirmation, a condition ("| Step | Tool |",
    "| Request | When allowed |")."""
    for cell in header.strip().strip("|").split("|"):
        title = cell.strip(" *_`:?")
        if title and len(title.split()) <= _FRAME_TITLE and _RULE_COLUMN.search(title):
            return title
    return None


_FRAME_TITLE = 4
_SENTENCE_COLUMN = re.compile(
    r"^\W*(?:the\s+)?(?:rules?|polic(?:y|ies)|guidelines?|notes?|details?|descriptions?)\W*$",
    re.I,
)
_RULE_COLUMN = re.compile(
    r"\b(?:when|who\s+(?:can|may)|steps?|order|sequence|confirm\w*|consent|allowed|permitted|"
    r"required|needed|approv\w+|eligib\w+|condition|conditions|statuse?s?)\b",
    re.I,
)
_SEPARATOR = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _frames_bans(sentence: Sentence) -> bool:
    from specgap.extract.plain_bans import frames_bans  # (imported here: a local edit)

    return frames_bans(sentence)


def leftover(
    sentence: Sentence,
    framed: Frame | None = None,
    *,
    piece: bool = False,
    later: bool = False,
    unread: str | None = None,
) -> Diagnostic | None:
    """The note for one sentence nothing was read from, or None when it reads like no rule.
    `framed`: what frames it as a rule when its own words do not; `piece`: one line of a
    sentence that holds a statement per line (never a title); `later`: a sentence of a
    tool's description after its first, which says what the tool does: there an
    imperative, a ban or a precondition instructs the agent ("Ask the owner first."). In a
    description, a requirement counts when what it requires is no parameter (`_required`).
    `unread`: the kind of block the sentence is in when the extractor does not read it
    (`unread.py`); the note says so."""
    if waived(sentence.clean):  # "no need to message after every booking": no duty at all
        return None
    if told(sentence.clean) or asks(sentence.clean):  # a story, or a question: no rule
        return None
    term = _TERM.match(sentence.text)  # "**Connect VPN** - Connects ...": a defined term
    text = sentence.clean if term is None else " " * term.end() + sentence.clean[term.end() :]
    cue = as_written(cue_of(text, described=sentence.subject is not None), text, sentence.text)
    if framed is not None and (cue is None or cue.kind == "imperative") and _says_something(text):
        cue = Cue(framed.kind, framed.words)  # "Never:" over "- share the code" says more
        if framed.since is not None:
            sentence = _from(sentence, framed.since)
    if cue is None and sentence.subject is None:
        cue = _labelled(text)
    if cue is None and sentence.subject is not None:
        cue = _required(sentence, text)
    if cue is None and later:
        instructs = cue_of(text)
        if instructs is not None and instructs.kind in _INSTRUCTS and not _PURPOSE.match(text):
            cue = instructs
        elif instructs is not None and instructs.kind == "imperative" and routes_all(text):
            cue = instructs  # "Use it for every question about X": `silent3_cues`
    if cue is None or (not piece and framed is None and _title_line(sentence, cue)):
        return None
    return Diagnostic(
        code="rule-not-compiled",
        message=f"this sentence reads like a rule ({cue}) but no rule could be read from it: "
        + (
            f"it is in {unread}, which is not read for rules"
            if unread is not None
            else follow_up_why(text) or _missing(parse(cue.clause or text), cue)
        ),
        severity="note",
        span=sentence.span(),
        help="state it over a named tool (an ordering, a prohibition, an allowlist, a bound, "
        "a condition on an entity's state), or enforce it elsewhere and leave it as prose",
    )


# "Requires manager approval": in a tool's description, a requirement unless what is
# required is one of the tool's parameters ("Requires the order id" documents `order_id`)
_NEEDS = re.compile(
    r"\b(?:requires?|needs?)\s+(?!to\b)(?P<what>(?:(?:an?|the|prior|explicit|written)\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+){0,2})",
    re.I,
)
_FILLER = frozenset({"a", "an", "the", "prior", "explicit", "written", "and", "or", "of"})


def _required(sentence: Sentence, text: str) -> Cue | None:
    """The requirement a tool description states of something that is not a parameter."""
    found = _NEEDS.search(text)
    if found is None:
        return None
    words = set(re.findall(r"[a-z]+", _spaced(found["what"]).casefold())) - _FILLER
    specs, _ = parse_tool_specs(sentence.artifact.data)
    spec = next((s for s in specs if s.name == sentence.subject), None)
    named = _parameter_words(spec.schema) if spec is not None else set()
    if not words or words & named:
        return None
    return Cue("requirement", " ".join(found[0].split()).casefold())


def _parameter_words(schema: object, depth: int = 0) -> set[str]:
    """The words of the parameter names in `schema` (`order_id`, `orderId`: order, id)."""
    out: set[str] = set()
    if not isinstance(schema, dict) or depth > _PARAMETER_DEPTH:
        return out
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, sub in properties.items():
            out.update(re.findall(r"[a-z]+", _spaced(str(name)).casefold()))
            out |= _parameter_words(sub, depth + 1)
    return out | _parameter_words(schema.get("items"), depth + 1)


_PARAMETER_DEPTH = 4


def _spaced(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)


# "Approval: shift lead", "Eligibility: members", "Deadline: 5 pm": a key that names a rule
_KEY = re.compile(r"^[\s\-*•>_]*(?P<k>[A-Za-z][\w '/-]{1,30}?)[\s*_]*:\s*[*_]*\s*[\w$€£]")


def _labelled(text: str) -> Cue | None:
    """The label of a `Key: value` statement whose key says the value is a rule."""
    found = _KEY.match(text)
    if found is None or frame_of(found["k"]) is None:
        # "Shoes: refund window: 30 days": a table row under a column that frames its cells
        found = _ROW_KEY.search(text)
        if found is None or frame_of(found["k"]) is None:
            return None
    return Cue("label", f"{found['k'].strip()}:")


_ROW_KEY = re.compile(r":\s+(?P<k>[A-Za-z][\w '/-]{1,30}?)\s*:\s*[\w$€£]")


def _from(sentence: Sentence, start: int) -> Sentence:
    """`sentence` widened back to `start` in its artifact (a question before its answer)."""
    end = sentence.raw_range()[1]
    raw = sentence.artifact.text[start:end]
    return Sentence(sentence.artifact, raw, tuple(range(start, end + 1)), sentence.context)


def _says_something(text: str) -> bool:
    """More than a lone value or word: a framed item that could state a rule."""
    return len(re.findall(r"[A-Za-z0-9$€£]+", text)) >= 2 or bool(
        re.search(r"\b(?:yes|no|never|always|only)\b", text, re.I)
    )


def _missing(clause: Clause, cue: Cue) -> str:
    """Which part of the rule could not be read, as far as the grammar tells (`clause` is
    the grammar's reading of the cue's clause, or of the sentence)."""
    if cue.kind == "value list":
        return "no argument or field could be bound to these values"
    if cue.kind == "labelled values":
        return (
            "a bare label over values may describe what exists: say they are the only ones "
            "(`one of`, `only`, `allowed`) to make it an allowlist"
        )
    if cue.kind == "order of steps":
        return f"the steps it orders with `{cue.words}` could not both be read as tool calls"
    if cue.kind == "value format":
        return "it says how a value is made from other values, and no operator derives one"
    if cue.kind == "ordering":
        return f"the events it orders with `{cue.words}` could not both be read as tool calls"
    if cue.kind == "conditional action":
        return (
            f"what the condition makes happen (`{cue.words}`) could not be read as a call of "
            "one of the tools, nor the condition as the state of an entity"
        )
    if clause.action is None:
        if cue.kind == "imperative":
            return (
                f"`{cue.words}` and what it acts on could not be read as a call of one of the tools"
            )
        return "no action (a verb and what it acts on) could be read as a tool call"
    if clause.verb in NOT_ACTIONS:
        return f"`{clause.verb}` is not an action a tool call performs"
    if clause.condition is not None and not clause.condition.bound:
        return (
            f"the condition `{' '.join(clause.condition.text.split())}` could not be bound "
            f"to a state, and no operator reads `{clause.action}` without it"
        )
    if cue.kind == "imperative" or clause.modality in {"must", "none"}:
        return f"it tells the agent to `{clause.action}`, and no operator requires a call"
    return f"no operator states a `{clause.modality}` rule over `{clause.action}`"


def _title_line(sentence: Sentence, cue: Cue) -> bool:
    """A short line of its own, neither a list item nor a table row nor ended by a stop: a
    title ("Step 3. Refund processing", "Duplicate Detection"), which names what follows.
    A terse rule is such a line too ("Max 2 pets per cabin"): with a strong cue (a modal,
    a bound, a ban, ...), only a line in Title Case is a title."""
    if cue.kind in _STRONG and not _TITLE_CASE.match(sentence.text.strip()):
        return False
    text = sentence.artifact.text
    start, end = sentence.raw_range()
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if sentence.subject is not None or text[end:line_end].strip() or line.rstrip()[-1:] in ".!?:;":
        return False
    return (
        not _LIST_ITEM.match(line)
        and not is_table_row(line)
        and len(sentence.text.split()) <= _TITLE_WORDS
    )


_TERM = re.compile(r"^[\s\-*+•]*(?:\d{1,2}[.)]\s*)?(?:\*\*|__)[^*_\n]+(?:\*\*|__)\s*(?:[-–—:]|$)")
_LIST_ITEM = LIST_ITEM
_TITLE_WORDS = 6
_INSTRUCTS = frozenset({"imperative", "prohibition", "precondition"})  # requirement: `_required`
# "Use this to get ...", "Use it when ...": what the tool is for and when it applies, said
# of the tool itself (a ban or a bound on it has a cue of its own: "Use this only once")
_PURPOSE = re.compile(
    r"^\W*(?:use|call|invoke|run|try)\s+(?:this|it|the\s+(?:tool|function)|this\s+(?:tool|"
    r"function|endpoint|method))\b",
    re.I,
)
_STRONG = frozenset(
    {"modal", "bound", "prohibition", "requirement", "precondition", "permission", "label"}
    | {"finality", "deadline", "confirmation", "procedure", "setting", "scope"}  # `terse_cues`
    | {"order of steps", "labelled values"}
)
# every word of four letters or more capitalised: "Refund Limits For Members"
_TITLE_CASE = re.compile(r"^(?:[^A-Za-z]*(?:[A-Z][\w'-]*|[a-z]{1,3})\b)+[^A-Za-z]*$")


# --- after compiling ----------------------------------------------------------------------------


def dropped(
    rules: Iterable[CandidateRule], policies: Iterable[Policy], diagnostics: Iterable[Diagnostic]
) -> list[Diagnostic]:
    """A `rule-not-compiled` note for each sentence whose rules all compiled to no policy
    while no diagnostic says why (a schema's own contract aside): the compiler's last
    guard against a silent loss. One note per sentence, in the rules' order. A diagnostic
    over more than a few lines that starts above a rule (a section's, a whole list's) does
    not count as saying why."""
    diagnostics = list(diagnostics)
    said = [s for p in policies for s in (p.source.span, *(a.span for a in p.also_stated_at))]
    # a diagnostic over a wide region (a section, a whole list) that starts above the rule
    # says nothing of it: only one at its lines, or a short one around it, does
    said += [
        d.span
        for d in diagnostics
        if d.span is not None and d.span.end_line - d.span.start_line <= _AROUND
    ]
    wide = [d.span for d in diagnostics if d.span is not None and d.span not in said]
    notes: dict[Span, Diagnostic] = {}
    for rule in rules:
        span = rule.span
        if rule.operator == "schema_contract" or span in notes:
            continue
        if any(_overlaps(span, other) for other in said):
            continue
        if any(_overlaps(span, o) and o.start_line >= span.start_line for o in wide):
            continue
        notes[span] = Diagnostic(
            code="rule-not-compiled",
            message=f"a `{rule.operator}` rule over `{rule.target or 'every tool'}` was read "
            "from this sentence but compiled to no policy, and nothing else said why",
            severity="note",
            span=span,
            help="run `specgap build --dump-after resolve` to see how its tools resolved",
        )
    return list(notes.values())


_AROUND = 2  # lines a diagnostic may span and still speak of the rules it overlaps


def _overlaps(a: Span, b: Span) -> bool:
    return a.path == b.path and a.start_byte < b.end_byte and b.start_byte < a.end_byte
