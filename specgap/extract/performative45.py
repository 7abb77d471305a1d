"""A rule said as a speech act of its writer (forty-fifth session): "I direct that `t` be the
first call", "We require that no booking be moved ...", "I forbid my agent to refund in
cash", "I require the marshal to review X before it is made", "I limit a pitch to 3 nights".

The readers read a rule said to the agent or of the things it acts on. A writer who directs,
requires, orders, instructs, stipulates or declares that something be so states the same rule
in the mandative subjunctive: the frame is dropped and the subjunctive verb said with its
modal ("that X be V-ed" is "X must be V-ed"; "that no X be V-ed" is "no X may be V-ed"; "that
a booking carry 1 to 5 names" is "a booking must carry ..."). "I require/direct/instruct/order
<someone> to V" is "<someone> must V" (the writer's own agent, "my X", is the one addressed:
"you must V"); "I forbid <someone> to V" is "<someone> must never V"; "I limit X to N" is "X is
limited to N". A writer who only wishes, hopes or remembers states no rule, and is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb

__all__ = ["respelt"]

_WHO = r"(?:I|we|the\s+(?:company|board|council|owner|owners|management|committee|trust))"
_DIRECT = r"(?:direct|require|order|instruct|stipulate|declare|ordain|command|decree|insist)"
_LEAD = r"(?P<lead>\W*(?:[A-Z][^,;:]{1,60},\s+)?)"  # "For a battle day, I require that ..."
_THAT = re.compile(r"^" + _LEAD + _WHO + r"\s+(?:hereby\s+)?" + _DIRECT + r"s?\s+that\s+", re.I)
_TO = re.compile(
    r"^" + _LEAD + _WHO + r"\s+(?:hereby\s+)?(?P<verb>require|direct|instruct|order|command|"
    r"authori[sz]e|allow|permit|forbid|prohibit)s?\s+(?P<who>(?:my|our|the|each|every|any)\s+"
    r"[\w-]+(?:\s+[\w-]+)?)(?:\s*,\s*(?P<aside>[^,;]{3,60}),)?\s+to\s+(?P<rest>\S)",
    re.I,
)
_LIMIT = re.compile(r"^" + _LEAD + _WHO + r"\s+(?:hereby\s+)?limits?\s+(?P<what>.+?)\s+to\s+",
                    re.I)  # fmt: skip
# "I allow each booking two moves": what each is given ("each booking gets two moves")
_GIVES = re.compile(
    r"^" + _LEAD + _WHO + r"\s+(?:hereby\s+)?(?:allow|grant|give)s?\s+(?P<who>(?:each|every|a|an|"
    r"any|one)\s+[\w-]+)\s+(?=(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)"
    r"\s)",
    re.I,
)
# "to V1 ... and to V2": the second infinitive of a duty, said as a verb of the same modal
_AND_TO = re.compile(r"(,?\s+and)\s+to\s+(?=[a-z])")
# where another subjunctive clause opens: ", and that S", "; that S", ", nor that S"
_MORE = re.compile(r"(?:,\s*|\s+)(?:and|nor|or)\s+that\s+|;\s*that\s+", re.I)
# a count whose noun the first clause said ("no more than three be sent")
_ELIDED = re.compile(
    r"^(?:no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|more\s+than)\s+(?:\d+|one|two|"
    r"three|four|five|six|seven|eight|nine|ten|twelve)(?=\s+be\b)",
    re.I,
)
_NEGATIVE = re.compile(r"^(?:no|none|nobody|nothing|neither|no\s+one)\b", re.I)
_MODALS = frozenset({"must", "may", "can", "shall", "should", "will", "would", "might", "could"})
_WORD = re.compile(r"[A-Za-z][\w'-]*")


def respelt(text: str) -> str | None:
    """The sentence without its writer's frame, as the readers read a rule (module
    docstring), or None when it is no such speech act; a frame after ", and" too ("I allow
    X, and I require Y to V")."""
    said = _respelt(text)
    if said is None:
        return None
    m = _AND_FRAME.search(said)
    if m is not None and (tail := _respelt(said[m.end() :])) is not None:
        return said[: m.end()] + tail[:1].lower() + tail[1:]
    return said


_AND_FRAME = re.compile(r",\s+and\s+(?=" + _WHO + r"\s+(?:hereby\s+)?" + _DIRECT + r"\b|"
                        + _WHO + r"\s+(?:forbid|limit|allow)\b)", re.I)  # fmt: skip


def _respelt(text: str) -> str | None:
    if (m := _THAT.match(text)) is not None:
        clauses = _MORE.split(text[m.end() :])
        # "that emails be sent ..., and that no more than three be sent": three emails
        head = re.match(r"^(?:(?:the|all|any|every|each)\s+)?(?P<n>[a-z]+s)\s+be\b", clauses[0])
        if head is not None:
            clauses = [_ELIDED.sub(rf"\g<0> {head['n']}", c, count=1) for c in clauses]
        said = [_subjunctive(c) for c in clauses]
        return m["lead"] + _opened(", and ".join(said))
    if (m := _TO.match(text)) is not None:
        who = m["who"]
        addressed = who.split()[0].casefold() in {"my", "our"}
        subject = "you" if addressed else who
        rest = _AND_TO.sub(r"\1 ", text[m.start("rest") :])
        verb = m["verb"].casefold()
        if verb in {"forbid", "prohibit"}:
            modal = "must never"
        elif verb.startswith(("authori", "allow", "permit")):
            modal = "may"
        else:
            modal = "must"
        if m["aside"]:  # "I require my agent, after any X, to V": "After any X, you must V"
            return f"{m['lead']}{_opened(m['aside'])}, {subject} {modal} {rest}"
        return f"{m['lead']}{_opened(subject)} {modal} {rest}"
    if (m := _LIMIT.match(text)) is not None:
        return f"{m['lead']}{_opened(m['what'])} is limited to {text[m.end() :]}"
    if (m := _GIVES.match(text)) is not None:
        return f"{m['lead']}{_opened(m['who'])} gets {text[m.end() :]}"
    return None


def _opened(said: str) -> str:
    """A sentence's first word with a capital, unless it is an identifier (`lookup_x`)."""
    first = said.split(" ", 1)[0]
    return said[:1].upper() + said[1:] if first.isalpha() and first.islower() else said


def _subjunctive(clause: str) -> str:
    """ "X be V-ed ...": "X must be V-ed ..." ("no X may be ..."); the clause as it is when it
    says its verb in the indicative or with a modal ("that only X may be moved")."""
    words = list(_WORD.finditer(clause))
    for n, w in enumerate(words[1:9], start=1):
        low = w[0].casefold()
        if low in _MODALS or low in {"is", "are", "was", "were", "has", "have", "does", "do"}:
            return clause  # an indicative or a modal clause: no subjunctive to say
        if low == "be" or (base_verb(low) and _after_noun(words[n - 1][0])):
            modal = "may" if _NEGATIVE.match(clause) else "must"
            return f"{clause[: w.start()]}{modal} {clause[w.start() :]}"
    return clause


def _after_noun(word: str) -> bool:
    """Whether the word before a bare verb can end its subject (a noun or an id, not an
    article, a determiner or a preposition)."""
    return word.casefold() not in _NO_SUBJECT_END


_NO_SUBJECT_END = frozenset(
    {"a", "an", "the", "no", "any", "every", "each", "of", "to", "for", "in", "on", "that",
     "this", "its", "their", "his", "her", "our", "my", "other", "not", "and", "or"}
)  # fmt: skip
