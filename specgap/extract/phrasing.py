"""Other ways of saying "never" (and "always"): rewritten, at the same length, into the form
the grammar reads, so every offset into the sentence still holds.

- "Avoid V-ing O", "Refrain from V-ing O" -> "Never V O";
- "Under no circumstances should you V O", "In no case may the agent V O" -> "Never V O";
- "Under no circumstances should a refund be issued" -> "a refund must never be issued";
- "It is forbidden / prohibited / not allowed / not permitted to V O" -> "Never V O";
- "V-ing O is not allowed / is forbidden / is prohibited / must not happen" -> "V O never";
- "Make sure to V", "Remember to V", "Don't forget to V" -> "Always V";
- "Agents are expected / supposed / obliged to V", "It is mandatory to V" -> "Always V";
- "Proceed with / go ahead with the <action noun> (of O)" -> "<verb> O".
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import is_action_noun, lemma
from specgap.extract.state_inverted import inverted_condition
from specgap.operators.prose import singular

_AVOID = re.compile(
    r"^(?P<lead>\W*)(?P<said>(?:(?:you|the\s+(?:agent|assistant)|agents?|we)\s+(?:(?:must|should|"
    r"shall|will|are\s+to|is\s+to)\s+)?(?:always\s+|at\s+all\s+times\s+)?)?(?:(?:please|kindly)\s+)?"
    r"(?:avoid|refrain\s+from)\s+(?P<g>[a-z]+ing))\b",
    re.I,
)
_NO_CASE = re.compile(
    r"^(?P<lead>\W*)(?P<said>(?:under\s+no\s+circumstances?|in\s+no\s+case|at\s+no\s+time)\s*,?\s+"
    r"(?:should|must|may|can|shall|will)\s+(?:you|the\s+agent|the\s+assistant|we|it)\s+)",
    re.I,
)
# "Under no circumstances should a refund be issued": the subject between the modal and
# `be`; rewritten right-aligned as "a refund must never be", so the participle and what
# follows it keep their offsets (only the subject's words move)
_NO_CASE_PASSIVE = re.compile(
    r"^(?P<lead>\W*)(?P<said>(?:under\s+no\s+circumstances?|in\s+no\s+case|at\s+no\s+time)\s*,?"
    r"\s+(?:should|must|may|can|shall|will)\s+(?P<subject>(?:an?|the|any|your)\s+[A-Za-z][\w-]*"
    r"(?:\s+[A-Za-z][\w-]*){0,2}?)\s+(?:ever\s+)?be)\s+(?=[a-z]+(?:ed|en|t)\b)",
    re.I,
)
# "Agents are expected to V", "it is mandatory to V": a duty, said as "always V"
_DUTY = re.compile(
    r"^(?P<lead>\W*)(?P<said>(?:(?:you|we|agents?|the\s+(?:agent|assistant))\s+(?:are|is)\s+"
    r"(?:expected|supposed|obliged|obligated)|it\s+is\s+(?:mandatory|compulsory|essential))"
    r"\s+to\s+)(?=[a-z])",
    re.I,
)
_REMINDER = re.compile(
    r"^(?P<lead>\W*)(?P<said>(?:make\s+sure|be\s+sure|remember|don't\s+forget|do\s+not\s+forget|"
    r"take\s+care)\s+to\s+)",
    re.I,
)
_FORBIDDEN = re.compile(
    r"^(?P<lead>\W*)(?P<said>it\s+is\s+(?:strictly\s+)?(?:forbidden|prohibited|not\s+allowed|"
    r"not\s+permitted|not\s+possible|impossible)\s+to\s+)",
    re.I,
)
# what a subject "is" when the agent may not do it: not allowed, off-limits, outside its
# remit, not its job, something only staff do (a role of people, never a user: "only the
# member who made it can" is a condition on who asks, not a ban)
_STAFF = (
    r"(?:staff|employees|humans?|(?:a\s+)?human\s+agents?|(?:a\s+|the\s+)?managers?|"
    r"(?:a\s+|the\s+)?supervisors?|administrators?|admins|the\s+front\s+desk|"
    r"(?:a\s+|the\s+)?team\s+leads?)"
)
_BARRED = (
    r"(?:strictly\s+|never\s+|absolutely\s+)?(?:not\s+allowed|not\s+permitted|forbidden|"
    r"prohibited|off-limits|off\s+limits|out\s+of\s+bounds|"
    r"(?:outside|beyond)\s+(?:your|the\s+(?:agent|assistant)'s|its)\s+(?:remit|scope|authority|"
    r"role|mandate)|not\s+(?:your|the\s+(?:agent|assistant)'s)\s+(?:job|call|role|"
    r"responsibility)|not\s+something\s+(?:you|the\s+(?:agent|assistant))\s+(?:do|does|"
    r"handles?|can\s+do)|(?:something\s+)?(?:that\s+)?only\s+" + _STAFF + r"\s+(?:can|may|"
    r"should)\s+do|for\s+" + _STAFF + r"\s+only|" + _STAFF + r"[\s-]only)"
)
_GERUND_SUBJECT = re.compile(
    r"^(?P<lead>\W*)(?P<g>[A-Za-z]+ing)\b(?P<object>[^.;:!?]*?)\s+(?P<said>(?:is|are)\s+"
    + _BARRED
    + r"|must\s+not\s+happen|must\s+never\s+happen)(?![\w-])",
    re.I,
)


# "Refunds are outside your remit", "account deletion: not allowed", "member deletions are
# off-limits": an action noun (last word of its phrase) as the subject of the bar
_NOUN_SUBJECT = re.compile(
    r"^(?P<lead>\W*)(?P<subject>(?:(?:any|all|the)\s+)?(?P<object>(?:[A-Za-z-]+\s+){0,2}?)"
    r"(?P<n>[A-Za-z]+))\s*(?P<said>(?::\s*(?:(?:is|are)\s+)?(?:never|"
    + _BARRED
    + r")|\s(?:is|are)\s+"
    + _BARRED
    + r"))(?![\w-])",
    re.I,
)
# emphasis inside a ban ("do not, under any circumstances, V", "never, ever, V"): blanked
_EMPHASIS = re.compile(
    r"\b(?:do\s+not|don't|never|must\s+not|should\s+not|may\s+not|cannot)(?P<said>\s*,\s*"
    r"(?:under\s+any\s+circumstances?|ever|at\s+any\s+time|for\s+any\s+reason|in\s+any\s+case)"
    r"\s*,)",
    re.I,
)
# "Never: cancel bookings, delete members": the bar as a heading of its own sentence
_NEVER_COLON = re.compile(r"^(?P<lead>\W*)(?:never|do\s+not|don't)(?P<said>\s*:)", re.I)
# "accounts are never to be deleted by the assistant": the agent named as the doer is the
# subject of the rule, not a condition on it
_BY_AGENT = re.compile(
    r"\b(?:be|been|is|are)\s+[a-z]+ed(?P<said>\s+by\s+(?:the\s+)?(?:agent|assistant|bot|you))\b",
    re.I,
)


def _noun_bar(text: str) -> str:
    m = _NOUN_SUBJECT.match(text)
    if m is None or not is_action_noun(m["n"]):
        return text
    verb = lemma(singular(m["n"]))
    if verb not in IMPERATIVE_VERBS:
        return text
    new = f"{verb} {m['object'].strip()}".strip()
    if len(new) > len(m["subject"]) or len("never") > len(m["said"]):
        return text
    text = _fit(text, m.start("subject"), m.end("subject"), new)
    return _fit(text, m.start("said"), m.end("said"), " never")


def _verb(gerund: str) -> str | None:
    verb = lemma(gerund)
    return verb if verb in IMPERATIVE_VERBS else None


# "while the application is still a `draft`": the article before a quoted state that ends
# its phrase says nothing the state readers need ("is still `draft`"); "is a `vip` member"
# keeps it (the quoted word qualifies a noun)
_A_STATE = re.compile(
    r"\b(?:is|are)\s+(?:(?:still|already|now|currently)\s+)?(?P<said>an?\s+)"
    r"(?=`[^`\s]+`(?:\s*(?:[.,;:!?)]|$)|\s+(?:or|and|state|status|stage)\b))",
    re.I,
)


def _fit(text: str, start: int, end: int, new: str) -> str:
    """`text` with [start, end) replaced by `new` padded with spaces (never longer)."""
    return text[:start] + new.ljust(end - start) + text[end:]


# "proceed with the cancellation of X", "go ahead with the refund": the action the noun names
_PROCEED = re.compile(
    r"\b(?P<said>(?:proceed|go\s+ahead|continue)\s+with\s+(?:the\s+|a\s+|an\s+|any\s+|this\s+|"
    r"that\s+)?(?P<n>[a-z]+)(?:\s+of\b)?)(?=\s+(?:the|an?|its|their|until|unless|before|after|"
    r"without|if|when|once|for|to|and|or)\b|\s*[,.;:!?]|\s*$)",
    re.I,
)  # the noun ends its phrase: "the booking cancellation" is a cancellation, not a booking


def _proceeded(text: str) -> str:
    for m in _PROCEED.finditer(text):
        noun = m["n"].casefold()
        verb = lemma(noun) if is_action_noun(noun) else None
        if verb is not None and verb in IMPERATIVE_VERBS and len(verb) <= len(m["said"]):
            return _fit(text, m.start("said"), m.end("said"), verb)
    return text


_READ_BACK = re.compile(r"\bread(?=\s+(?:back|out|aloud)\b)", re.I)


# a phrasal verb split by its object ("look the member up"): the particle back beside its
# verb ("look up the member"), the same words in the same span
_SPLIT_PARTICLE = re.compile(
    r"\b(?P<v>look|set|sign|log|check|fill|print|write|call|hand|give|turn|shut|lock|clean|"
    r"pick|send|switch|top|pay|close|open|back|mark|cross|rule|hold)\s+"
    r"(?P<o>(?:the|a|an|their|his|her|its|this|that|these|those)\s+[a-z-]+(?:\s+[a-z-]+)?)\s+"
    r"(?P<p>up|out|off|in|over|back|down|on)\b(?!\s+(?:the|a|an|to|of|with|for)\b)",
    re.I,
)


def _particle_back(text: str) -> str:
    return _SPLIT_PARTICLE.sub(lambda m: f"{m['v']} {m['p']} {m['o']}", text)


# "the agent must refuse to move it", "should decline refunds for ...": a ban
_REFUSE = re.compile(
    r"\b(?P<said>(?:must|should|shall|will|always)\s+(?:refuse|decline)\s+to)\s+(?=[a-z])", re.I
)
_DECLINE = re.compile(
    r"\b(?P<said>(?:must|should|shall|will|always)\s+(?:refuse|decline|reject)\s+(?:any\s+|all\s+)?"
    r"(?P<n>[a-z]+))\b",
    re.I,
)


def _refused(text: str) -> str:
    if (m := _REFUSE.search(text)) is not None:
        return _fit(text, m.start("said"), m.end("said"), "must not")
    m = _DECLINE.search(text)
    verb = lemma(singular(m["n"])) if m is not None and is_action_noun(m["n"]) else None
    if m is not None and verb is not None and verb in IMPERATIVE_VERBS:
        new = f"must not {verb}"
        if len(new) <= len(m["said"]):
            return _fit(text, m.start("said"), m.end("said"), new)
    return text


# "Note that ...", "Please remember: ...", "Important: ...": a preface, not the rule's words
_PREFACE = re.compile(
    r"^(?P<said>\W*(?:please\s+)?(?:note|remember|keep\s+in\s+mind|be\s+aware|important|"
    r"reminder|caution|warning|attention)(?:\s+that\b|\s*:)\s*)(?=[A-Za-z])",
    re.I,
)


def normalize(text: str) -> str:
    """The sentence in the form the grammar reads (same length); unchanged otherwise."""
    text = inverted_condition(text)  # "Should the X be S, ...": "If the X is S, ..."
    if (m := _PREFACE.match(text)) is not None:
        text = _fit(text, m.start("said"), m.end("said"), "")
    text = _particle_back(text)  # "look the member up": look up the member
    text = _refused(text)  # "must refuse to V", "should decline refunds": a ban
    text = _proceeded(text)  # "do not proceed with the cancellation": do not cancel
    for blanked in (_EMPHASIS, _NEVER_COLON, _BY_AGENT, _A_STATE):
        if (m := blanked.search(text)) is not None:
            text = _fit(text, m.start("said"), m.end("said"), "")
    # "read back the order", "read out the total": said to the user, no tool is called
    text = _READ_BACK.sub(lambda m: "tell" + m[0][4:], text)
    if (m := _AVOID.match(text)) is not None and (verb := _verb(m["g"])) is not None:
        new = f"Never {verb}"
        if len(new) <= len(m["said"]):
            return _fit(text, m.start("said"), m.end("said"), new)
    for pattern in (_NO_CASE, _FORBIDDEN):
        if (m := pattern.match(text)) is not None:
            return _fit(text, m.start("said"), m.end("said"), "Never ")
    if (m := _NO_CASE_PASSIVE.match(text)) is not None:
        new = " ".join(m["subject"].split()) + " must never be"
        return (
            text[: m.start("said")]
            + new.rjust(m.end("said") - m.start("said"))
            + text[m.end("said") :]
        )
    for pattern in (_REMINDER, _DUTY):  # "make sure to V", "agents are expected to V"
        if (m := pattern.match(text)) is not None:
            return _fit(text, m.start("said"), m.end("said"), "Always ")
    m = _GERUND_SUBJECT.match(text)
    if m is not None and (verb := _verb(m["g"])) is not None and len(verb) <= len(m["g"]):
        text = _fit(text, m.start("g"), m.end("g"), verb)
        return _fit(text, m.start("said"), m.end("said"), "never")
    return _noun_bar(text)


# "No need to verify more than once", "you do not have to ask again": a duty waived, no rule
_WAIVED = re.compile(
    r"^\W*(?:(?:there\s+is\s+)?no\s+need\s+to|(?:you|the\s+agent|we)\s+(?:(?:do|does)\s+not|"
    r"don't|doesn't)\s+(?:need|have)\s+to|(?:you|the\s+agent|we)\s+(?:need\s+not|needn't)|"
    r"it\s+is\s+not\s+(?:necessary|required|needed)\s+to)\s+[a-z]",
    re.I,
)


def waived(text: str) -> bool:
    """The sentence lifts a duty ("no need to verify more than once", "you do not have to
    ask twice"): it permits not acting, so it states no rule at all (a limit or a ban read
    from it would be stronger than the sentence)."""
    return _WAIVED.match(text) is not None
