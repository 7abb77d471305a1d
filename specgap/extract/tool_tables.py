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
        if ids:
            joiner = " or " if re.search(r"\bor\b", text) else " and "
            listed = ", ".join(f"`{i}`" for i in ids[:-1])
            listed = f"{listed}{joiner}`{ids[-1]}`" if listed else f"`{ids[-1]}`"
            yield _placed(sentence, f"Call {listed} before you call `{tool}`.")
        else:
            yield _lead(sentence, f"Before you call `{tool}`, ")
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
