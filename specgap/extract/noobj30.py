"""A ban said with "no" before the object (thirtieth session): "Send no `sms_notice`.", "Take
no payment and change no booking.", "If the account is frozen, issue no refund."

The readers read a negation before the verb ("never send ...", "do not take ..."); written
with "no" before the object, the verb reads as a command and "no X" as what it acts on, so
the line read as an obligation to call, which no operator states. Each clause that opens
with a verb in its base form and then "no" is said the way the readers read it: "never
send any `sms_notice`", "never take any payment and never change any booking". A "no" that
opens a comparison ("take no more than 50 percent") is a bound, read as it stands, as are a
verb of speech ("say no to ...") and a verb that is not in its base form ("it has no ...").
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb

# a clause's opening verb, then "no" before what it acts on
_VERB_NO = re.compile(
    r"(?P<lead>^\W*|[;:]\s*|,\s*(?:and\s+|then\s+)?|\s+(?:and|or|then)\s+)(?P<verb>[A-Za-z]+)\s+"
    r"no\s+(?!(?:more|fewer|less|later|earlier|longer|sooner|greater|higher|lower|matter|"
    r"doubt|need|one\b|further)\b)(?=[`\w])",
)
# verbs after which "no" is what is said, not a refusal ("say no to a refund")
_SPEECH = frozenset({"say", "answer", "reply", "respond", "mean"})


def respelt(text: str) -> str | None:
    """The line with each "V no X" said "never V any X", or None when it has none."""
    out: list[str] = []
    at = 0
    for m in _VERB_NO.finditer(text):
        verb = m["verb"]
        if not base_verb(verb.casefold()) or verb.casefold() in _SPEECH:
            continue
        never = "Never" if m.start() == 0 else "never"
        out.append(text[at : m.start("verb")])
        out.append(f"{never} {verb[:1].lower()}{verb[1:]} any ")
        at = m.end()
    if not out:
        return None
    out.append(text[at:])
    return "".join(out)
