"""A tool's description stating the state the entity it acts on must (not) be in, in words
the other readers leave: "Cannot be used on accounts in arrears.", "Only for accounts in
arrears.", "Requires the instrument to be operational.", "The account must not be in
arrears.", "Fails unless the account is open.", "Do not use for instruments that are
calibrating."

The described tool is banned under the condition, kept as said (`unless ...` when the
sentence says what allows the call), so the rule is `review_only` with a located
`condition-not-bound` note until the tools' own states bind it
(`specgap.extract.state_late`). Read only when the condition names an entity the described
tool identifies by an argument (`account` of `account_id`): a condition on anything else
("Only for internal use.") is not an entity's state, and is left to the other readers.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.toolspecs import parse_tool_specs

__all__ = ["described_state"]

_BANNED = re.compile(
    r"^\W*(?:(?:it\s+|this\s+(?:tool\s+)?)?(?:cannot|can't|must\s+not|may\s+not|should\s+not)\s+"
    r"be\s+(?:used|called|run|invoked)|(?:do\s+not|don't|never)\s+(?:use|call|run|invoke)"
    r"(?:\s+(?:it|this(?:\s+tool)?))?|not|never)\s+(?P<c>(?:on|for|with|when|while|if|once)\s.+?)"
    r"\W*$",
    re.I,
)
_ONLY = re.compile(
    r"^\W*(?:(?:it\s+|this\s+(?:tool\s+)?)?(?:can|may|must)\s+only\s+be\s+(?:used|called)\s+|"
    r"(?:use|call)\s+(?:it\s+|this(?:\s+tool)?\s+)?only\s+|only\s+(?:works\s+|usable\s+|valid\s+)?)"
    r"(?P<c>(?:on|for|with|when|while|if|once)\s.+?)\W*$",
    re.I,
)
_REQUIRES = re.compile(
    r"^\W*(?:it\s+|this\s+(?:tool\s+)?)?requires\s+(?P<e>(?:the|an?)\s+[a-z][\w -]*?)\s+to\s+be\s+"
    r"(?P<s>.+?)\W*$",
    re.I,
)
_MUST_BE = re.compile(
    r"^\W*(?P<e>(?:the|an?)\s+[a-z][\w -]*?)\s+must\s+(?P<neg>not\s+|never\s+)?(?:be|remain)\s+"
    r"(?P<s>.+?)\W*$",
    re.I,
)
_FAILS = re.compile(
    r"^\W*(?:it\s+)?(?:fails|errors|is\s+rejected)\s+(?P<c>(?:unless|if|when)\s.+?)\W*$", re.I
)
_KEYS = ("id", "ids", "number", "no", "code", "key", "ref")


def _kept(text: str) -> str | None:
    """The condition under which the described call is forbidden, as kept on a ban."""
    if (m := _BANNED.match(text)) is not None:
        return m["c"]
    if (m := _ONLY.match(text)) is not None:
        return f"unless {m['c']}"
    if (m := _REQUIRES.match(text)) is not None:
        return f"unless {m['e']} is {m['s']}"
    if (m := _MUST_BE.match(text)) is not None:
        return f"if {m['e']} is {m['s']}" if m["neg"] else f"unless {m['e']} is {m['s']}"
    if (m := _FAILS.match(text)) is not None:
        return m["c"]
    return None


def _entities(sentence: Sentence) -> list[str]:
    """The nouns the described tool identifies things by (`account` of `account_id`)."""
    specs, _ = parse_tool_specs(sentence.artifact.data)
    spec = next((s for s in specs if s.name == sentence.subject), None)
    props = spec.schema.get("properties") if spec is not None else None
    out: list[str] = []
    for arg in props if isinstance(props, dict) else ():
        words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(arg)).replace("_", " ").casefold().split()
        if len(words) > 1 and words[-1] in _KEYS:
            out.append(" ".join(words[:-1]))
    return out


def described_state(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The described tool's ban under the state its description names (module docstring),
    where no other reader gave the sentence a rule; unchanged otherwise."""
    if rules or sentence.subject is None or sentence.artifact.kind != "tools":
        return rules, diagnostics
    kept = _kept(sentence.clean.strip())
    if kept is None:
        return rules, diagnostics
    nouns = _entities(sentence)
    said = kept.casefold()
    if not any(re.search(rf"\b{re.escape(n)}(?:s|es)?\b", said) for n in nouns):
        return rules, diagnostics
    rule = candidate(sentence, Emit("deny_action", None, {}, 0.6, condition=kept))
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [rule], [*notes, condition_diagnostic(sentence, rule)]
