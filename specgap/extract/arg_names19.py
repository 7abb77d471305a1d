"""An argument or a field named in backticks (nineteenth session): "`hours` must be at most
4", "`pages` over 200 is not allowed", "`extra_hours`: 1 to 3", "Never call `refund_credits`
with `credits` above 20", "When `status` is `cancelled`, ...".

Backticks mark a name as code. Before a modal, a copula, a comparison or a colon the name is
what the sentence is about (an argument, a field of what a tool returns), which the readers
read as a noun; in backticks they read a value or a tool there, and such sentences were
reported `rule-not-compiled (no action)`. `respelt` drops the backticks of those names only:
a name after "is", "be", "to", "=" or in a list stays quoted (`cancelled` is a value), and a
tool's id (a word of it is a verb the agent's tools are named by, `grammar_words.tool_verbs`,
or it opens with an action verb of the grammar: `send_money`) stays as it is. The sentence
is read so first, and as written where that gives no rule.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import IMPERATIVE_VERBS, current_tool_verbs

_NAMED = re.compile(
    r"`(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)`(?=\s*(?::|(?:must|should|shall|may|can|cannot|"
    r"can't|is|are|was|has|have|needs?)\b|(?:over|above|under|below|exceed(?:s|ing)?|greater\s+"
    r"than|more\s+than|less\s+than|fewer\s+than|higher\s+than|lower\s+than|at\s+(?:most|least)|"
    r"up\s+to|between|from|of)?\s*[<>\u2264\u2265=]?\s*[$\u20ac\u00a3]?\d))",
)
# the word before a quoted value: the name after it is no argument's name ("is `cancelled`",
# "`lemon` and `almond`")
_VALUE_BEFORE = re.compile(r"(?:\b(?:is|are|be|to|as|equals?|not)|[=,(/]|`\s*(?:and|or))\s*$", re.I)


def respelt(text: str) -> str | None:
    """The sentence with the backticks of the names it is about dropped (module docstring),
    or None when it has none."""
    verbs = current_tool_verbs()

    def plain(m: re.Match[str]) -> str:
        name = m["name"]
        words = name.split("_")
        if _VALUE_BEFORE.search(text, 0, m.start()) or set(words) & verbs:
            return m[0]
        if len(words) > 1 and words[0] in IMPERATIVE_VERBS:
            return m[0]  # `send_money`: a tool's id, named by its verb
        return name

    said = _NAMED.sub(plain, text)
    return said if said != text else None
