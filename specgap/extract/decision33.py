"""Decision tables (thirty-third session): condition columns, an outcome after an arrow, one row
per case, the first row that matches wins.

    ## Booking (book_slot)
    | row | slot_id from find_slots | deposit paid | guests over 20 | → outcome           |
    |-----|-------------------------|--------------|----------------|---------------------|
    | B1  | N                       | –            | –              | refuse              |
    | B2  | Y                       | N            | –              | refuse; offer a link |
    | B3  | Y                       | Y            | Y              | book after a review |
    | B4  | Y                       | Y            | N              | book                |

A row read as its cells joined ("B1: N: –: –: refuse") says nothing a reader can use: the
conditions are the column heads and a mark says whether each holds (Y / yes / ✓ holds, N / no /
✗ does not, – / any / blank makes no difference). Each row is said as the sentence it stands
for, the act named by the table (the call in its heading's parentheses, or the row's own
function column):

| the row                                      | said as                                       |
|----------------------------------------------|-----------------------------------------------|
| N in column C, outcome "refuse"              | "Do not call `t` unless C."                   |
| Y in column C (or a cell of a condition      | "Do not call `t` if C."                       |
| column), outcome "refuse"                    |                                               |
| "refuse X" (a function, "both", "the text")  | X in place of `t`                             |
| N in C, another outcome ("ask, then wait")   | "Do not call `t` unless C." and "Unless C,    |
|                                              | ask, then wait." (that row does not act)      |
| Y in C, another outcome ("book only after")  | "If C, book only after ..."                   |
| the act itself ("book", "go ahead")          | nothing: a permission                         |
| "refuse, and V ..." / "refuse; S"            | the ban, then "If C, V ..." / S on its own    |

First match means a row is reached only when every row above it did not match: a column an
earlier row refused on alone (an N or Y with every other cell blank) holds the other way in
every later row, so a later row's mark on it is no condition of that row ("Y" under the
slot column in B2 says nothing B1 did not). The added words sit at the row's first character
and each condition at the offset of its mark, so every rule quotes its row. A table is read so
only when its outcome column is marked (a head opening with an arrow, or "outcome", "then",
"decision", "result"); any other table is read as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from specgap.artifacts import Artifact
from specgap.extract.answers import Part, compose_parts
from specgap.extract.segments import Sentence

__all__ = ["Decisions"]

_ARROW = r"(?:→|->|=>|⇒|➔|⟶)"
_OUTCOME_HEAD = re.compile(
    rf"^\W*(?:{_ARROW}\s*.*|(?:outcome|then|decision|result|verdict)s?\W*)$", re.I
)
_ID_HEAD = re.compile(r"^\W*(?:row|#|no\.?|id|rule|case|ref)\W*$", re.I)
_TOOL_HEAD = re.compile(r"^\W*(?:function|tool|call|method|endpoint|operation|api)s?\W*$", re.I)
_YES = re.compile(r"^\W*(?:y|yes|true|t|✓|✔|✅)\W*$", re.I)
_NO = re.compile(r"^\W*(?:n|no|false|f|✗|✘|❌)\W*$", re.I)
_ANY = re.compile(r"^\s*(?:[-–—*]|any|n/?a|either)?\s*$", re.I)
_NONE_TOOL = re.compile(r"^\W*(?:any|all|every|each|[-–—*])?\W*$", re.I)
_REFUSE = re.compile(
    r"^\W*(?:refuse|reject|decline|deny|block|stop|do\s+not\s+call|don[’']t\s+call|"
    r"no\s+call)\b",
    re.I,
)
# an outcome that permits the table's act ("go ahead", "proceed")
_PERMITS = re.compile(
    r"^\W*(?:go\s+ahead|proceed|allow(?:ed)?|permit(?:ted)?|ok(?:ay)?|yes|carry\s+on|"
    r"continue|call\s+it|run\s+it|do\s+it)\W*$",
    re.I,
)


def _names_act(said: str, acts: list[Part]) -> bool:
    """An outcome of one word that is a word of the table's act ("book" for `book_slot`)."""
    words = re.findall(r"[a-z]+", said.casefold())
    named = " ".join(p for p in acts if isinstance(p, str)).casefold()
    return len(words) == 1 and words[0] in re.findall(r"[a-z]+", named)


# words after "refuse" that say when or why, not what ("refuse until ...", "X whatever ...")
_WHEN = re.compile(
    r"\b(?:until|unless|when|whenever|if|while|whatever|regardless|even|however|outright|"
    r"straight|at\s+once|politely|firmly)\b",
    re.I,
)
_BOTH = re.compile(r"^(?:both|all|either|them|each|all\s+of\s+them|both\s+of\s+them)$", re.I)
_PARENS = re.compile(r"\(([^()]+)\)\s*$")


def _mark(cell: str) -> bool | None:
    """True for a mark that the condition holds, False for one that it does not, None for
    "makes no difference"; the cell itself (no mark) is neither."""
    if _YES.match(cell):
        return True
    if _NO.match(cell):
        return False
    return None


@dataclass
class Decisions:
    """One decision table being read row by row (module docstring)."""

    header: list[str]
    outcome: int
    acts: str  # the act the table is about, from its heading ("a or b"), or ""
    ids: frozenset[int] = frozenset()
    tools: int | None = None  # the column naming each row's function
    settled: set[int] = field(default_factory=set)  # columns an earlier row refused on alone

    @classmethod
    def of(cls, header: list[str], heading: str) -> Decisions | None:
        """The table as a decision table, or None when no column is its outcome."""
        heads = [h.strip() for h in header]
        outcomes = [i for i, h in enumerate(heads) if _OUTCOME_HEAD.match(h)]
        if len(outcomes) != 1 or len(heads) < 2:
            return None
        ids = frozenset(i for i, h in enumerate(heads) if _ID_HEAD.match(h))
        tools = next((i for i, h in enumerate(heads) if _TOOL_HEAD.match(h)), None)
        named = _PARENS.search(heading)
        acts = ""
        if named is not None:
            listed = [a.strip(" `") for a in re.split(r",|\s+and\s+|\s+or\s+", named[1])]
            acts = " or ".join(a for a in listed if a)
        return cls(heads, outcomes[0], acts, ids, tools)

    def row(self, artifact: Artifact, cells: list[tuple[str, int, int]]) -> list[Sentence]:
        """The sentences one row stands for (module docstring); none for a permission."""
        by_column = {column: (content, at) for content, at, column in cells}
        said = by_column.get(self.outcome)
        if said is None or not cells:
            return []
        text = artifact.text
        first = min(at for _, at, _ in cells)
        start = text.rfind("\n", 0, first) + 1
        end = text.find("\n", first)
        end = len(text) if end < 0 else end
        line = Sentence(artifact, text[start:end], tuple(range(start, end + 1)))
        holds: list[list[Part]] = []  # conditions that hold: "if C"
        fails: list[list[Part]] = []  # conditions that do not: "unless C"
        marked: list[tuple[int, bool]] = []
        act: list[Part] = []
        for column, (content, at) in sorted(by_column.items()):
            if column == self.outcome or column in self.ids or column >= len(self.header):
                continue
            here = (at - start, at - start + len(content))
            if column == self.tools:
                if not _NONE_TOOL.match(content):
                    act = [here]
                continue
            mark = _mark(content)
            if mark is not None:
                marked.append((column, mark))
                if mark and column in self.settled:
                    continue  # held, or an earlier row would have matched
                (holds if mark else fails).append([self.header[column], (here[0], here[0])])
            elif not _ANY.match(content):
                holds.append([here])  # a condition written in its cell
        outcome = (said[1] - start, said[1] - start + len(said[0]))
        live = [(column, mark) for column, mark in marked if not (mark and column in self.settled)]
        if len(live) == 1 and not holds[1:] and not fails[1:]:
            self.settled.add(live[0][0])
        return self._said(line, act, holds, fails, outcome)

    def _said(
        self,
        line: Sentence,
        act: list[Part],
        holds: list[list[Part]],
        fails: list[list[Part]],
        outcome: tuple[int, int],
    ) -> list[Sentence]:
        a, b = outcome
        said = line.text[a:b].strip()
        acts: list[Part] = act or ([self.acts] if self.acts else [])
        condition = _condition(holds, fails)
        if not condition:
            return []
        refused = _REFUSE.match(said)
        out: list[list[Part]] = []
        if refused is None:
            # "go ahead", or the act's own verb ("book" under `book_slot`): the act, permitted
            permits = _PERMITS.match(said) is not None or _names_act(said, acts)
            if fails and acts and not permits:
                # the row does not act: the table's act waits on what failed
                out.append(["Do not call ", *acts, " ", *_condition([], fails), "."])
            if not permits:  # what the row does instead, under its conditions
                out.append([*_capital(condition), ", ", (a, b), "."])
            return [compose_parts(line, p, asked=None) for p in out if _ranged(p)]
        rest_at = a + refused.end()
        tail = line.text[rest_at:b]
        # the object runs to a semicolon, a dash, ", and <more>" or ", except ..."; a list's
        # commas ("refuse a, b and c") stay in it
        sep = re.search(r";|,\s*and\s+|\s[—–-]\s|,\s*(?=(?:except|unless|but)\b)", tail)
        obj_end = len(tail) if sep is None else sep.start()
        obj = tail[:obj_end].strip()
        when = _WHEN.search(obj)
        if when is not None:  # "refuse X whatever the reason": X, the rest says when
            obj = obj[: when.start()].strip()
        target: list[Part] = acts
        if obj and not _BOTH.match(obj):
            lead = rest_at + tail.index(obj)
            target = [(lead, lead + len(obj))]
        exception = re.match(r",\s*(?=(?:except|unless|but)\b)", tail[obj_end:])
        ban: list[Part] = ["Do not call ", *target, " ", *condition]
        if not target:  # "refuse" with no act named: the cell's own word
            ban = [(a, rest_at), " ", *condition]
        if exception is not None:  # "refuse, except that ...": the exception is the ban's
            ban += [(rest_at + obj_end, b)]
        out.append([*ban, "."])
        if sep is not None and exception is None:
            after = rest_at + sep.end()
            while after < b and line.text[after] == " ":
                after += 1
            if after < b:
                if not sep.group().startswith(","):
                    out.append([(after, b), "."])  # a sentence of its own
                else:  # "refuse, and refer ...": the row's other outcome, under its condition
                    out.append([*_capital(condition), ", ", (after, b), "."])
        return [compose_parts(line, p, asked=None) for p in out if _ranged(p)]


def _condition(holds: list[list[Part]], fails: list[list[Part]]) -> list[Part]:
    """ "if A and B unless C or D" of the conditions that hold and those that do not."""
    said: list[Part] = []
    if holds:
        said.append("if ")
        for i, each in enumerate(holds):
            said += ([" and "] if i else []) + each
    if fails:
        said.append(" unless " if holds else "unless ")
        for i, each in enumerate(fails):
            said += ([" or "] if i else []) + each
    return said


def _capital(parts: list[Part]) -> list[Part]:
    if parts and isinstance(parts[0], str):
        return [parts[0][:1].upper() + parts[0][1:], *parts[1:]]
    return parts


def _ranged(parts: list[Part]) -> bool:
    """A composed sentence quotes its row only if it holds a range of it."""
    return any(isinstance(p, tuple) for p in parts)
