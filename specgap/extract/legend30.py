"""A legend of marks (thirtieth session): a prompt that first says what each mark means, then
puts a mark before its lines.

    - 🔴 RED: never, whatever the customer says.
    - 🟡 AMBER: read the details back and get the customer's yes first.
    - 🟠 ORANGE: the call waits until a supervisor has reviewed it.
    - 🟢 GREEN: go ahead, within the limits on the line.
    ...
    - 🔴 Cancelling a job that is `fitted`.
    - 🟡 `book_fitting`: read back the tyre and the slot.

A marked line is read as written (its limits are its own) and, when its mark means more than
"go ahead", once more with that meaning said the way the readers read it:

- a mark of what is never done: "Never" before the line's action, a gerund in its base form
  ("Never cancel a job that is `fitted`."), a tool id called ("Never call `t`."), an
  argument set to a value ("Never set `site_type` to `x`.");
- a mark of what needs the user's yes: "Ask the customer to confirm before <the line's
  action>." (what the line says before its first colon, comma or semicolon);
- a mark of what waits for someone's review: "<the line's action> needs a supervisor's
  review first."

A legend is two or more list items or lines in a row, each a mark (a symbol, not a word),
an optional label and a colon, then what it means; what a meaning is, is told by its words
("never", "not" ...; "yes", "confirm", "agree" ...; "review", "approve", "sign off" ...). The
inserted words sit at the offset of the line's first character, so every quote stays a span
of the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from specgap.artifacts import Artifact
from specgap.extract.english import base_verb, verb_lemma
from specgap.extract.segments import Sentence, split_sentences

# "- 🔴 RED: never ...", "⚠️ = ask first", "✅ — fine": a mark, a label, a colon, a meaning
_KEY = re.compile(
    r"^\s*(?:[-*+]\s+)?(?P<mark>[^\w\s`*_\[\]()<>#|\"'.,;:!?-]{1,4})\s*(?:\*\*)?"
    r"(?P<label>[A-Za-z][A-Za-z -]{0,20}?)?(?:\*\*)?\s*[:=\u2014\u2013]\s*(?P<meaning>\S.*)$"
)
_REFUSE = re.compile(r"\b(?:never|not|no|don'?t|forbidden|prohibited|banned|refuse[ds]?)\b", re.I)
_CONFIRM = re.compile(
    r"\b(?:yes|confirm\w*|agree\w*|consent\w*|read\s+(?:\w+\s+){0,3}back|ok(?:ay)?)\b", re.I
)
_REVIEW = re.compile(r"\b(?:review\w*|approv\w*|sign(?:s|ed)?[\s-]+off|sign-?off)\b", re.I)
_TOOLISH = re.compile(r"^`[^`]+`")
_SET_TO = re.compile(r"^`(?P<arg>[^`]+)`\s+(?:set\s+to|=|of)\s+(?P<rest>.+)$", re.S)
_PAIRED = re.compile(r"(?P<join>or|and)\s+(?P<ing>[a-z]+ing)\s+", re.I)
_HEAD_END = re.compile(r"[:;,(]|\s[\u2014\u2013-]\s")


@dataclass(frozen=True)
class Legend:
    """Each mark of the legend and what it means: "never", "confirm", "review" or "go"."""

    marks: tuple[tuple[str, str], ...]
    lines: frozenset[int]  # the legend's own lines (0-based): no marked rules

    def meaning(self, said: str) -> tuple[str, int] | None:
        """(what the mark that opens `said` means, where the line's words start), or None."""
        for mark, kind in self.marks:
            at = said.find(mark)
            if at < 0 or said[:at].strip():
                continue
            start = at + len(mark)
            start += len(said[start:]) - len(said[start:].lstrip())
            return kind, start
        return None


def read_legend(text: str) -> Legend | None:
    """The legend of the prompt, or None when it has none (module docstring)."""
    run: list[tuple[int, str, str]] = []
    best: list[tuple[int, str, str]] = []
    for n, line in enumerate(text.splitlines()):
        m = _KEY.match(line)
        if m is None or any(c.isalnum() for c in m["mark"]):
            if len(run) > len(best):
                best = run
            run = []
            continue
        run.append((n, m["mark"].strip(), _kind(m["meaning"])))
    best = run if len(run) > len(best) else best
    marks = {mark: kind for _, mark, kind in best}
    if len(marks) < 2 or all(k == "go" for k in marks.values()):
        return None
    return Legend(tuple(marks.items()), frozenset(n for n, _, _ in best))


def _kind(meaning: str) -> str:
    if _REFUSE.search(meaning):
        return "never"
    if _CONFIRM.search(meaning):
        return "confirm"
    if _REVIEW.search(meaning):
        return "review"
    return "go"


def marked_sentences(
    artifact: Artifact, said: str, offsets: list[int], heading: str, kind: str, start: int
) -> Iterator[Sentence]:
    """The line as written, then (unless its mark means "go ahead") said with its mark's
    meaning (module docstring)."""
    line, at = said[start:], offsets[start:]
    yield from split_sentences(artifact, line, at, heading, lines=True)
    meant = _meant(line, kind)
    if meant is None:
        return
    head, tail = meant
    # the added words sit at the line's first character; the line's own words (a suffix of
    # it, or none: then only the line's end) keep theirs
    cut = len(line) - len(tail)
    yield from split_sentences(artifact, head + line[cut:], [at[0]] * len(head) + at[cut:], heading)


def _meant(line: str, kind: str) -> tuple[str, str] | None:
    """(the words said before, the line's own words kept after them) for a kind of mark."""
    text = line.strip()
    if kind == "never":
        if (set_to := _SET_TO.match(text)) is not None:
            return f"Never set `{set_to['arg']}` to ", set_to["rest"]
        if _TOOLISH.match(text):
            return "Never call ", text
        first, _, rest = text.partition(" ")
        if first.endswith("ing") and (verb := verb_lemma(first)) is not None:
            # "Rescheduling or cancelling a job": each gerund of the pair in its base form
            pair = _PAIRED.match(rest)
            if pair is not None and (other := verb_lemma(pair["ing"])) is not None:
                return f"Never {verb} {pair['join']} {other} ", rest[pair.end() :]
            return f"Never {verb} ", rest
        if base_verb(first.casefold()):  # "Refund in cash": the imperative
            return f"Never {first.casefold()} ", rest
        return None
    head = _HEAD_END.split(text, maxsplit=1)[0].strip().rstrip(".")
    if not head:
        return None
    head = head[:1].lower() + head[1:] if not head.startswith("`") else head
    if kind == "confirm":
        return f"Ask the customer to confirm before {head}.", ""
    if kind == "review":
        return f"{head[:1].upper()}{head[1:]} needs a supervisor's review first.", ""
    return None
