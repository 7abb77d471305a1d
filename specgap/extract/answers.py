"""An answer read with its question: FAQ-style policies state rules as questions and answers.

"Can I refund a booking? Only after it has been cancelled." states "refund a booking only
after it has been cancelled", but the answer alone names no action. `answered` passes the
sentences of an artifact through and replaces the first sentence after a question (the
sentence before it, a `Q:` line or a question heading) by the statement the pair makes,
when the answer has one of the shapes below; any other answer is left as it is.

| question                           | answer                        | statement             |
|------------------------------------|-------------------------------|-----------------------|
| Can / may I X? Am I allowed to X?  | No. / Never. / No, R          | Never X (; R)         |
|                                    | (No,) not unless / without C  | Never X unless / … C  |
|                                    | Only C / Yes, if C / Yes, C   | You may X only C      |
|                                    | Yes, but R                    | When you X, R         |
|                                    | Yes.                          | (left: no rule)       |
| Do I need to / must / should I X?  | Yes. / Always(, R)            | Always X(, R)         |
|                                    | No.                           | You do not need to X  |
| Do I need N (...)?                 | Yes.                          | You need N (...)      |
| Can / may N be V-ed (...)?         | No. / Only C / Yes, C         | N can never be V-ed … |
| How many N can I V?                | At most two per P             | V at most two N per P |
| When can I X?                      | (Only) after / once / if C    | X only after C        |
| What if C? What should I do if C?  | R                             | If C, R               |
| What do I need to do before X?     | R                             | Before X, R           |

The statement is a `Sentence` whose borrowed and added words sit at the answer's first
character, so every rule read from it is located at the answer and quotes the answer; its
`asked` field keeps the question, which `questions.asked` then does not add as a condition.
Only questions put by the agent ("I", "we", "you", "the agent") or about a thing ("can a
booking be cancelled?") are read; a question about what someone else may do is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from specgap.extract.segments import Sentence

_MARKUP = re.compile(r"[*_`]")
_LABEL_Q = re.compile(
    r"^\s*(?:[#>\-+•]\s*)*(?:\d{1,2}[.)]\s*)?(?:(?:faq|q(?:uestion)?)\s*[:.)-]\s*)?", re.I
)
_LABEL_A = re.compile(r"^(?:[*_]*\s*a(?:nswer)?\s*[:.)-][*_]*\s*)", re.I)
_AGENT = r"(?:i|we|you|the\s+(?:agent|assistant|bot))"
_PERMIT = re.compile(
    rf"^(?:(?:can|may|could)\s+{_AGENT}|(?:am\s+i|are\s+we|are\s+you|is\s+the\s+(?:agent|"
    rf"assistant|bot))\s+(?:allowed|permitted|able)\s+to|is\s+it\s+(?:ok|okay|fine|alright|"
    rf"acceptable|possible)\s+(?:for\s+(?:me|us|the\s+agent)\s+)?to)\s+(?P<x>.+)$",
    re.I,
)
_DUTY = re.compile(
    rf"^(?:(?:do|does)\s+{_AGENT}\s+(?:need|have)\s+to|(?:must|should|shall)\s+{_AGENT})\s+"
    r"(?P<x>.+)$",
    re.I,
)
_NEED = re.compile(rf"^(?:do|does)\s+{_AGENT}\s+(?P<x>need\s+.+)$", re.I)
_PASSIVE = re.compile(
    r"^(?:can|may|could)\s+(?P<n>(?:an?|the|any)\s+[\w'-]+(?:\s+[\w'-]+){0,3}?|(?:[\w'-]+\s+){0,2}[\w'-]+s)\s+be\s+"
    r"(?P<x>[a-z]+\b.*)$",
    re.I,
)
_COUNT = re.compile(  # the counted calls are the agent's, whoever asks for them
    r"^how\s+many\s+(?P<n>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:can|may|should|could)\s+"
    r"(?:(?:i|we|you|they|he|she)|(?:an?|the|each|one)\s+[\w'-]+)\s+(?P<v>.+)$",
    re.I,
)
_BEFORE = re.compile(  # "What do I need to do before X?": the steps that come first
    rf"^what\s+(?:do|must|should)\s+{_AGENT}\s+(?:need\s+to\s+|have\s+to\s+)?(?:do|check|"
    r"have|get)\s+(?:first\s+)?(?P<x>(?:before|prior\s+to)\s+.+)$",
    re.I,
)
_WHEN = re.compile(rf"^when\s+(?:can|may|should)\s+{_AGENT}\s+(?P<x>.+)$", re.I)
_WHAT_IF = re.compile(
    rf"^what\s+(?:if|(?:should|do|must)\s+{_AGENT}\s+do\s+(?:if|when))\s+(?P<c>.+)$", re.I
)

_PAUSE = r"\s*[,.!:;\u2013\u2014-]*\s*"  # "Yes, …", "Yes - …", "No — …"
_YES = re.compile(
    rf"^(?:yes|yep|sure|of\s+course|correct|absolutely|certainly)\b(?!\s+not\b){_PAUSE}", re.I
)
_NO = re.compile(
    rf"^(?:no|nope|never|not\s+at\s+all|absolutely\s+not|certainly\s+not)\b{_PAUSE}", re.I
)
_NOT = re.compile(r"^not\s+(?=(?:without|before|until|unless|while|if|when|after)\b)", re.I)
_ALWAYS = re.compile(rf"^always\b{_PAUSE}", re.I)
_ONLY = re.compile(r"^(?:but\s+)?(?:only|just|solely)\s+", re.I)
_NOT_UNLESS = re.compile(r"^(?:not\s+)?unless\s+", re.I)
_BUT = re.compile(r"^but\s+", re.I)
_CONDITION = re.compile(
    r"^(?:if|while|when|whenever|once|after|before|as\s+long\s+as|so\s+long\s+as|provided|"
    r"for|within|on|to|into|with|by|from|up\s+to|at)\b",
    re.I,
)
_QUANTITY = re.compile(
    r"^(?:(?:at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|max\.?|"
    r"only|just)\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)\b",
    re.I,
)
_PREPOSITION = re.compile(r"^(?P<p>into|to|for|on|with|at|from|in|by)\b", re.I)


@dataclass(frozen=True)
class Question:
    """What a question asks: its kind and the words the statement borrows."""

    kind: str  # permit | duty | need | passive | count | when | what_if | before
    x: str  # the action (or condition, for what_if), as the question words it
    noun: str = ""  # the counted noun / the passive subject


def question(text: str) -> Question | None:
    """The question a line asks, or None when it is no question this module reads."""
    words = " ".join(_MARKUP.sub(" ", text).split())
    if not words.endswith("?"):
        return None
    words = _LABEL_Q.sub("", words)[:-1].strip()
    for kind, pattern in (("duty", _DUTY), ("permit", _PERMIT), ("need", _NEED),
                          ("when", _WHEN), ("what_if", _WHAT_IF), ("before", _BEFORE)):  # fmt: skip
        m = pattern.match(words)
        if m is not None:
            return Question(kind, next(iter(m.groupdict().values())))
    m = _COUNT.match(words)
    if m is not None:
        return Question("count", m["v"], m["n"])
    m = _PASSIVE.match(words)
    if m is not None:
        return Question("passive", m["x"], m["n"].strip())
    return None


Part = str | tuple[int, int]  # added words, or a range of the answer's text


def statement(asked: Question, answer: str) -> list[Part] | None:
    """The statement of a question and its answer, as added words and ranges of `answer`
    (which may start with an `A:` label), or None when the answer has no shape read here."""
    at = 0
    if (label := _LABEL_A.match(answer)) is not None:
        at = label.end()
    end = len(answer)
    rest = answer[at:end]

    def after(m: re.Match[str]) -> int:
        return at + m.end()

    x = asked.x
    if asked.kind == "what_if":
        if not rest or _YES.match(rest) or _NO.match(rest):
            return None
        return [f"If {x}, ", rest[0].lower(), (at + 1, end)]
    if asked.kind == "before":
        if not rest or _YES.match(rest) or _NO.match(rest):
            return None
        return [f"{_cap(x)}, ", rest[0].lower(), (at + 1, end)]
    if asked.kind == "count":
        q = _QUANTITY.match(rest)
        if q is None:
            return None
        counted: list[Part] = [f"{_cap(asked.x)} ", answer[at].lower(), (at + 1, at + q.end())]
        return [*counted, f" {asked.noun}", (at + q.end(), end)]
    if asked.kind == "when":
        only = _ONLY.match(rest)
        start = at + only.end() if only else at
        if _CONDITION.match(answer[start:]) is None:
            return None
        return [f"{_cap(x)} only ", answer[start].lower(), (start + 1, end)]
    if asked.kind == "passive":
        return _passive(asked, answer, at)
    if asked.kind in {"duty", "need"}:
        yes = _YES.match(rest) or _ALWAYS.match(rest)
        if yes is not None:
            said = "You " + x if asked.kind == "need" else f"Always {x}"
            tail = answer[after(yes) :].strip()
            if not tail or not _CONDITION.match(tail):
                return [said, "."]
            return [said, ", ", (after(yes), end)]
        no = _NO.match(rest)
        if no is not None:
            return [f"You do not need to {x}" if asked.kind == "duty" else f"You do not {x}", "."]
        return None
    # a permission asked
    if (negated := _NOT.match(rest)) is not None:  # "Not without the receipt."
        return [f"Never {x} ", (after(negated), end)]
    no = _NO.match(rest)
    if no is not None:
        tail = answer[after(no) :]
        if (negated := _NOT.match(tail)) is not None:  # "No, not before it is paid."
            return [f"Never {x} ", (after(no) + negated.end(), end)]
        unless = _NOT_UNLESS.match(tail)
        if unless is not None:
            return [f"Never {x} unless ", (after(no) + unless.end(), end)]
        if _ONLY.match(tail):
            return [f"{_cap(x)} ", (after(no), end)]
        if not tail.strip(" ."):
            return [f"Never {x}."]
        return [f"Never {x}; ", (after(no), end)]
    only = _ONLY.match(rest)
    if only is not None:
        start = at + only.end()
        return [f"You may {_trimmed(x, answer[start:])} only ", (start, end)]
    if (unless := _NOT_UNLESS.match(rest)) is not None:
        return [f"Never {x} unless ", (at + unless.end(), end)]
    yes = _YES.match(rest)
    if yes is None:
        return None
    tail = answer[after(yes) :]
    if not tail.strip(" ."):
        return None  # a permission: no rule (a note says what it reads like, `leftovers`)
    if (but := _BUT.match(tail)) is not None and not _ONLY.match(tail):
        return [f"When you {x}, ", (after(yes) + but.end(), end)]
    only = _ONLY.match(tail)
    start = after(yes) + (only.end() if only else 0)
    if _CONDITION.match(answer[start:]) is None:
        return None
    return [f"You may {_trimmed(x, answer[start:])} only ", (start, end)]


def _passive(asked: Question, answer: str, at: int) -> list[Part] | None:
    rest = answer[at:]
    n, x = _cap(asked.noun), asked.x
    no = _NO.match(rest)
    if no is not None:
        tail = answer[at + no.end() :]
        if not tail.strip(" ."):
            return [f"{n} can never be {x}."]
        return [f"{n} can never be {x}; ", (at + no.end(), len(answer))]
    yes = _YES.match(rest)
    start = at + (yes.end() if yes else 0)
    only = _ONLY.match(answer[start:])
    start += only.end() if only else 0
    if (yes is None and only is None) or _CONDITION.match(answer[start:]) is None:
        return None
    return [f"{n} can be {_trimmed(x, answer[start:])} only ", (start, len(answer))]


def _trimmed(action: str, condition: str) -> str:
    """The action without its own phrase of the preposition the condition starts with
    ("book a guest into any lesson" + "into a lesson at their level": "book a guest")."""
    m = _PREPOSITION.match(condition)
    if m is None:
        return action
    cut = re.search(rf"\s+{m['p']}\s", action, re.I)
    return action[: cut.start()] if cut is not None else action


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def compose(asked: Question, source: str, answer: Sentence) -> Sentence | None:
    """The answer as the statement its question makes, or None (see `statement`)."""
    parts = statement(asked, answer.text)
    return compose_parts(answer, parts, source) if parts is not None else None


def compose_parts(sentence: Sentence, parts: list[Part], asked: str | None) -> Sentence:
    """`sentence` rewritten as `parts` (added words, ranges of its text). Added words before
    the first range sit at the sentence's first character (a rule quotes it whole), later
    ones at the character of the range that follows them."""
    text: list[str] = []
    offsets: list[int] = []
    for i, part in enumerate(parts):
        if isinstance(part, tuple):
            a, b = part
            text.append(sentence.text[a:b])
            offsets.extend(sentence.offsets[a:b])
            continue
        following = next((p[0] for p in parts[i + 1 :] if isinstance(p, tuple)), None)
        if not any(isinstance(p, tuple) for p in parts[:i]):
            following = 0
        place = sentence.offsets[following] if following is not None else sentence.offsets[-1]
        text.append(part)
        offsets.extend([place] * len(part))
    offsets.append(sentence.offsets[-1])
    return replace(sentence, text="".join(text), offsets=tuple(offsets), asked=asked)


_NEAR = 2  # lines from a question's end to its answer's start


def answered(sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The sentences, each first answer after a question read with it (module docstring)."""
    pending: tuple[Question, str] | None = None
    asked_at = (0, "")  # the line a question ends on, and its section
    headed: str | None = None  # the question heading already answered
    for sentence in sentences:
        if sentence.subject is not None:
            pending = None
            yield sentence
            continue
        line = sentence.span().start_line
        if pending is not None and (line - asked_at[0] > _NEAR or sentence.context != asked_at[1]):
            pending = None  # an answer stands right below its question
        asked = question(sentence.text)
        if asked is not None:
            pending = (asked, " ".join(_MARKUP.sub(" ", sentence.text).split()))
            asked_at = (sentence.span().end_line, sentence.context)
            yield sentence
            continue
        if pending is None and sentence.context != headed:
            by_heading = question(sentence.context)
            if by_heading is not None:
                pending = (by_heading, sentence.context)
        if pending is not None:
            if pending[1] == sentence.context:
                headed = sentence.context
            composed = compose(pending[0], pending[1], sentence)
            pending = None
            yield composed or sentence
            continue
        yield sentence
