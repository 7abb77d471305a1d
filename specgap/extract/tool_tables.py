"""Tables of actions with a tool column (twenty-second session): one row per action, a
column naming the tool that does it, and columns saying who may ask or when it is allowed,
what comes first and its limits (here left out).

    | Action | Tool       | Allowed when                  | What comes first      |
    | Cancel | `cancel_x` | The job's `status` is `open`. | Read it with `get_x`. |

Read as one sentence, such a row names its tool once, in the second cell, and the sentences
of the later cells lose it. Each sentence of a cell is read on its own, with the row's tool
said in the words its column implies:

- under a column of what comes first: the tools it names come before the row's tool ("Call
  `get_x` before you call `cancel_x`."), or, when it names none, it is said before the call
  ("Before you call `cancel_x`, read back the date and wait for a yes.");
- under a column of who may ask or when the action is allowed: the row's tool is called only
  then ("Call `cancel_x` only when the job's `status` is `open`."; "Only a member whose
  `tier` reads `gold`": "Only call `cancel_x` for a member whose `tier` is `gold`.");
  "Anyone" or a dash says nothing;
- under any other column (limits, rules, notes): the sentence is said of the row's tool, as
  a line labelled with it ("`cancel_x`: At most 2 a day.").

The row's name (its first cell, when the tool has a column of its own) is a label. Inserted
words sit at the offset of the sentence's first character, so every quote stays a span of
the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specgap.artifacts import Artifact
from specgap.extract.segments import Sentence, split_sentences
from specgap.operators.prose import TOOL_ID_WORD

# a header naming the column that holds the tool
_TOOL_HEADER = re.compile(r"^\s*(?:tools?|function|tool\s+to\s+(?:call|use)|api\s+call)\s*$", re.I)
# a header of what comes before the action
_FIRST_HEADER = re.compile(
    r"\b(?:first|beforehand|before|pre-?requisites?|pre-?conditions?|requires?|depends\s+on)\b",
    re.I,
)
# a header of when the action is refused ("Not when", "Never if", "Refused when"): read
# before the header of when it is allowed, whose words it contains
_NOT_WHEN_HEADER = re.compile(
    r"^\s*(?:not|never|don'?t\s+use|do\s+not\s+use|refused?|blocked|denied|disallowed|"
    r"not\s+(?:allowed|permitted|available))\s+(?:when|if|for|while)\b",
    re.I,
)
# a header of what the person must agree to first ("Ask", "Confirm", "Consent")
_ASK_HEADER = re.compile(r"^\s*(?:ask|confirm(?:ation)?|consent|get\s+a\s+yes)\s*$", re.I)
# a header of who may ask for the action, or when it is allowed
_WHEN_HEADER = re.compile(
    r"\b(?:who\s+(?:may|can)|allowed\s+(?:when|if|for)|permitted\s+(?:when|if|for)|only\s+(?:when|"
    r"if)|when|conditions?|eligib\w*)\b",
    re.I,
)
# a cell under such a header that says nothing of who or when
_ANYONE = re.compile(
    r"^\W*(?:(?:any(?:one|body)?|all|always|everyone|none|n/?a)(?:\s+[a-z]+){0,2}|-+|—|–)?\W*$",
    re.I,
)
_TICKED_ID = re.compile(r"`(" + TOOL_ID_WORD + r")`")
# a cell of what comes first that opens with the tool it calls ("`get_x` on that job")
_STEP = re.compile(r"^\s*(?:(?:call|run|use)\s+)?(?P<id>`" + TOOL_ID_WORD + r"`)", re.I)


def tool_table_row(
    artifact: Artifact,
    cells: list[tuple[str, int, int]],
    header: list[str],
    heading: str,
) -> list[Sentence] | None:
    """The sentences of a row of a table with a tool column, each saying the row's tool
    (module docstring); None for a table without one, or a row whose tool cell names no
    tool by its id."""
    tool_columns = [i for i, h in enumerate(header) if _TOOL_HEADER.match(h)]
    if len(tool_columns) != 1:
        return None
    (column,) = tool_columns
    tool_cell = next((c for c in cells if c[2] == column), None)
    named = _TICKED_ID.search(tool_cell[0]) if tool_cell else None
    if named is None:
        return None
    tool = named[1]
    out: list[Sentence] = []
    for content, at, col in cells:
        if col == column or (col == 0 and column > 0) or not content.strip():
            continue  # the tool, and the row's name
        said = header[col] if col < len(header) else ""
        offsets = list(range(at, at + len(content) + 1))
        for sentence in split_sentences(artifact, content, offsets, heading):
            out.extend(_said_of(sentence, tool, said))
    return out


def _said_of(sentence: Sentence, tool: str, header: str) -> Iterator[Sentence]:
    text = sentence.text
    if _FIRST_HEADER.search(header):
        ids = [i for i in _TICKED_ID.findall(text) if i != tool]
        if len(ids) == 1 and (step := _STEP.match(text)) is not None:
            # "`get_x` on that same job": the step in its own words ("same", "unless ...")
            said = text[step.end() :].strip().rstrip(".")
            yield _placed(sentence, f"Call {step['id']}{said} before you call `{tool}`.")
        elif ids:
            joiner = " or " if re.search(r"\bor\b", text) else " and "
            listed = ", ".join(f"`{i}`" for i in ids[:-1])
            listed = f"{listed}{joiner}`{ids[-1]}`" if listed else f"`{ids[-1]}`"
            yield _placed(sentence, f"Call {listed} before you call `{tool}`.")
        else:
            yield _lead(sentence, f"Before you call `{tool}`, ")
        return
    if _ASK_HEADER.match(header):
        yield _lead(sentence, f"Before you call `{tool}`, ")
        return
    if _NOT_WHEN_HEADER.match(header):
        if not _ANYONE.match(text):
            yield _placed(sentence, f"Do not call `{tool}` when {_condition(text)}.")
        return
    if _WHEN_HEADER.search(header):
        if _ANYONE.match(text):
            return
        said = _condition(text)
        # "a hirer whose `standing` is `good`": said of the hirer; with more words between
        # the field and its value, as the hirer's field ("the user's `x` for that room")
        whose = re.match(r"(?:an?|the|any)\s+([a-z]+)\s+whose\s+(?=(`[^`]+`\s+is\s)?)", said, re.I)
        if whose is not None and not whose[2]:
            said = f"the {whose[1]}'s {said[whose.end() :]}"
        lead = f"Only call `{tool}` for " if whose and whose[2] else f"Call `{tool}` only when "
        yield _placed(sentence, f"{lead}{said}.")
        return
    yield _lead(sentence, f"`{tool}`: ", lower=False)


def _condition(text: str) -> str:
    """A cell of who may ask or when, as a clause after "only when"."""
    said = text.strip().rstrip(".")
    bracket = re.search(r"\(([^()]*`[^`]+`[^()]*)\)", said)
    if bracket is not None and re.search(r"\b(?:is|are|reads?|shows?|says?)\b", bracket[1]):
        said = bracket[1]  # "Principal investigators only (`role` reads `pi`)"
    said = re.sub(r"^only\s+|\s+only$", "", said, flags=re.I)
    said = re.sub(r"\b(?:reads|shows|says)\b(?=\s+(?:as\s+)?`)", "is", said)
    return said[:1].lower() + said[1:] if said[:1].isupper() and not said[:2].isupper() else said


def _lead(sentence: Sentence, lead: str, lower: bool = True) -> Sentence:
    text = sentence.text
    lowered = lower and text[:1].isupper() and not text[:2].isupper()
    first = text[:1].lower() if lowered else text[:1]
    return _placed(sentence, lead + first + text[1:], keep=len(text))


def _placed(sentence: Sentence, text: str, keep: int = 0) -> Sentence:
    """`text` as a sentence at the place of `sentence`: its last `keep` characters are the
    sentence's own, at their offsets; the words before them sit at its first character."""
    start, end = sentence.offsets[0], sentence.offsets[-1]
    own = list(sentence.offsets[len(sentence.text) - keep : len(sentence.text)]) if keep else []
    lead = [start] * (len(text) - len(own))
    if not own:
        lead = [start] * (len(text) - 1) + [max(start, end - 1)]
    return Sentence(sentence.artifact, text, (*lead, *own, end), sentence.context)


# --- tool cards ----------------------------------------------------------------------------
# A table row turned on its side: a heading that names one tool, and under it lines that
# each open with a bold label, the label a column's header would be.
#
#     ## Cancelling: `cancel_x`
#     - **Not when:** the job is printing or collected.
#     - **First:** `get_x` on that same job.  **Ask:** the customer confirms.
#
# Each labelled part is read as the cell under that header would be (`_said_of`); a line that
# opens with no label is left to the other readers, as is every line under a heading that
# names no tool or several.

# a bold label: "**First:**", "**Not when**:", "**Limits** -"
_CARD_LABEL = re.compile(
    r"\*\*(?P<label>[A-Za-z][A-Za-z'/ ]{0,30}?)\s*:?\s*\*\*\s*[:\u2013\u2014-]?\s*"
)


def card_tool(heading: str) -> str | None:
    """The one tool a heading names by its id in backticks, or None."""
    named = set(_TICKED_ID.findall(heading))
    return named.pop() if len(named) == 1 else None


def tool_card_item(
    artifact: Artifact, said: str, offsets: list[int], heading: str
) -> list[Sentence] | None:
    """The sentences of a line of a tool's card, each said of the card's tool under its
    label (section comment above); None for a line that is no labelled line of a card."""
    tool = card_tool(heading) if "**" in said else None
    if tool is None:
        return None
    labels = list(_CARD_LABEL.finditer(said))
    if not labels or labels[0].start() != 0:
        return None
    out: list[Sentence] = []
    for i, label in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(said)
        content = said[label.end() : end].rstrip()
        if not content:
            continue
        at = offsets[label.end() : label.end() + len(content) + 1]
        for sentence in split_sentences(artifact, content, at, heading):
            if _FIRST_HEADER.search(label["label"]) or _WHEN_HEADER.search(label["label"]):
                out.extend(_said_of(sentence, tool, label["label"]))
                continue
            for part in _parts(sentence):  # "at most 400; one per job; never by cash"
                if tool in _TICKED_ID.findall(part.text):
                    out.append(part)  # it names the card's tool itself: read as it is
                else:
                    out.extend(_said_of(part, tool, label["label"]))
    return out


def _parts(sentence: Sentence) -> Iterator[Sentence]:
    """The sentence's parts between semicolons, each a sentence of its own: a card's line
    of limits lists one limit a part."""
    text, start = sentence.text, 0
    for end in [*(m.start() for m in re.finditer(";", text)), len(text)]:
        a, b = start, end
        while a < b and text[a].isspace():
            a += 1
        if b - a >= 3:
            at = sentence.offsets[a : b + 1]
            yield Sentence(sentence.artifact, text[a:b], at, sentence.context, sentence.subject)
        start = end + 1
