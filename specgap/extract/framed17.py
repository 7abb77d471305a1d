"""A bullet under a line or heading that frames its items as bans, read as the ban it is
(seventeenth session): "## Don't" over "- Freeze a membership for more than 3 months", or
"Never:" over "- refunding a session that was attended".

The bullet says its action in the imperative (or as a gerund) and the frame says it must
not happen, so the bullet means "Never freeze a membership for more than 3 months". Read
alone, its action is banned outright and what follows the object is kept as a condition
(`plain_bans`); read with the frame's negation, the grammar reads the whole sentence: the
bound on `months`, the state an object must not be in, the argument a call must carry. The
bullet is read as "Never <bullet>" first and keeps that reading when it gives a rule; the
plain reading stays when it gives none.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.order_events import gerund_verb
from specgap.extract.plain_bans import ban_framed
from specgap.extract.segments import Sentence

# the bullet's first word and the rest; a bullet that already says its negation, or that
# starts with a word that is no verb ("Refunds over $50"), is read as it is
_FIRST = re.compile(r"^\W*(?P<v>[A-Za-z]+)\b(?P<rest>.*)$", re.S)
_SAID = re.compile(r"^(?:never|not|no|don't|do|avoid|always|please|only|you|the|a|an)$", re.I)


def respelt(text: str) -> str | None:
    """ "Never <verb> ..." for a bullet that starts with a verb in its base form or a
    gerund; None otherwise."""
    m = _FIRST.match(text.strip())
    if m is None or _SAID.match(m["v"]):
        return None
    word = m["v"].casefold()
    if word.endswith("ing") and len(word) > 5:
        verb = gerund_verb(word)
        if not base_verb(verb):
            return None
    elif base_verb(word):
        verb = word
    else:
        return None
    return f"Never {verb}{m['rest']}"


def framed(sentence: Sentence) -> str | None:
    """ "Never <bullet>" when the sentence is a bullet under a ban frame that reads so (see
    the module), else None."""
    if sentence.subject is not None or not ban_framed(sentence):
        return None
    return respelt(sentence.clean)
