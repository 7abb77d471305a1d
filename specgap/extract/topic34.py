"""A topic said first and a figure said after a comma (thirty-fourth session): "Deposits, ten
to twenty-five pounds", "Moving, once per appointment", "Groomer call-backs, just one in a
chat".

Speech and quick notes name what they are about and then say the figure, with a comma where
a list would put a colon. The readers know the colon's form ("Deposits: 10 to 25 pounds",
"Call-backs: one per chat"), so the sentence is said again with a colon; that form's readers
bind the figure to the topic's argument or count its calls, or read nothing, as for any such
line.

Only a topic of one to three words that opens the sentence (no discourse word: "Right,",
"Okay,", "Sorry,") and a rest that opens with a figure or a word of quantity ("once",
"twice", "just one", "up to", "at most", "ten to ..."); anything else is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["no_there", "respelt"]

_NUMBER = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)"
)
_TOPIC = re.compile(
    r"^(?P<lead>\W*)(?P<topic>[A-Za-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})\s*,\s+"
    r"(?P<rest>(?:just\s+|only\s+|at\s+most\s+|up\s+to\s+|no\s+more\s+than\s+|max(?:imum)?\s+)?"
    r"(?:[$€£]?\s?\d|" + _NUMBER + r"\b|once\b|twice\b).*)$",
    re.I | re.S,
)
# words that open speech and name nothing ("Right, one more thing"), and the words that lead
# a condition or a scope
_DISCOURSE = frozenset(
    {"right", "okay", "ok", "so", "well", "now", "yes", "no", "sorry", "actually", "also",
     "and", "but", "then", "first", "second", "finally", "again", "remember", "oh", "look",
     "listen", "honestly", "basically", "anyway", "plus", "except", "otherwise", "here",
     # a condition or a scope said first ("For walk-in guests, at most $40"): no topic
     "for", "if", "when", "whenever", "unless", "on", "in", "with", "without", "after",
     "before", "at", "from", "to", "by", "during", "within", "once", "until", "where", "while",
     "as", "per", "each", "every", "all", "any", "only", "over", "under", "above", "below"}
)  # fmt: skip


def respelt(text: str) -> str | None:
    """The sentence with the comma after its topic said as a colon, or None."""
    m = _TOPIC.match(text)
    if m is None or m["topic"].split()[0].casefold() in _DISCOURSE:
        return None
    return f"{m['lead']}{m['topic']}: {m['rest']}"


# "there's no booking", "there are no refunds for X": the same as "no booking", "no refunds"
# (opening the sentence, or its main clause after a condition: "if there is no lead" is the
# condition's own words)
_THERE_NO = re.compile(
    r"(?P<at>^\W*|,\s*)there(?:'s|\s+is|\s+are|\s+will\s+be)\s+no\s+(?=[a-z])", re.I
)


def no_there(text: str) -> str | None:
    """The sentence with "there is no X" said as "no X" (which the readers read as a ban),
    or None."""
    if _THERE_NO.search(text) is None:
        return None
    return _THERE_NO.sub(lambda m: m["at"] + ("no " if m["at"].strip() else "No "), text)
