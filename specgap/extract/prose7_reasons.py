"""Long second-person sentences that carry their reasons (hprose5, prose seven).

A conversational prompt says a rule and why in one sentence: "Keep copies to 500 or fewer
on a single job; otherwise the press runs overnight", "You may never give a discount above
15, since the workshop has to pay for its parts too", "The walls are shared, so be fair about
it: nobody gets more than two sessions". The reason clause (", because ...", ", since ...",
"; otherwise ...", ", so that ...") and a lead-in that only motivates the rule ("X, so ...",
"..., so be fair about it:") are no part of the rule, and the readers, which read the
sentence whole, find nothing.

`reread` reads the sentence without them when the first reading gave no rule, and keeps the
spelling's rules (its conditions and notes are the readers', so the rule is never stronger
than the sentence: a "when ..."/"if ..." clause stays in the spelling). A bound said as
"keep ARG to N or fewer" / "keep ARG between A and B" / "never give a ARG above N" is spelt
"ARG must be at most N" (etc.) only when nothing else qualifies it but a restatement of the
tool ("on a quote", "on a single job"); a "when"/"if"/"for" qualifier keeps it unread.
Not read: the reason clause itself (never a rule), "rather than ..." alternatives (already
read), contrast clauses ("X can still ask, but ...").
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import Read, spelt
from specgap.extract.prose7_terms import TOOL_ID
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["whole", "without_reasons"]

# ", because ...", "; otherwise ...", ", since the ...", ", so that ...": to the end
_REASON = re.compile(
    r"\s*:\s+(?:they|it|this|that|we|those|these)\s+(?:are|is|was|were|will|would|have|has)\b"
    r"[^\n]*$|"
    r"\s*[,;]\s*(?:because|since|as\s+(?=the\b|they\b|it\b|we\b|those\b|this\b)|so\s+that|"
    r"otherwise|or\s+else|for\s+(?=the\s+\w+\s+(?:is|are|has|have)\b))\b[^\n]*$",
    re.I,
)
_BACK = re.compile(r"\b(?:it|its|them|they|this|these|those)\b", re.I)
_BECAUSE = re.compile(r"[,;]\s*(?:because|since|so\s+that)\s", re.I)
# "The walls are shared, so be fair about it: ...", "Instructors cannot watch big groups, so ..."
_LEAD_SO = re.compile(r"^[^,;:\n]{3,120},\s*so\s+(?:be\s+[a-z]+\s+about\s+it\s*:\s*)?", re.I)
_LEAD_COLON = re.compile(r"^[^:\n]{3,80}:\s+(?=[A-Za-z])")
# kinds of things or people listed ("concert venues and schools:", "juniors or seniors:")
_KIND = r"(?:[a-z][\w-]*\s+){0,3}[a-z][\w-]*s"
_KINDS = re.compile(
    rf"^\W*(?:for\s+)?{_KIND}(?:\s*,\s*{_KIND})*\s*,?\s+(?:and|or)\s+{_KIND}\s*:", re.I
)
_NUM = r"(?P<n>\d[\d,]*(?:\.\d+)?)"
_ARG = r"(?P<arg>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*)"
# "keep ARG (on a quote) to N or fewer", "keep ARG between A and B", "never give a ARG above
# N", "never sell a lot at a ARG above N": spelt in place, the rest of the sentence kept
# "on a single job", "per booking": the tool said again, not a condition
_ON = r"(?:\s+(?:on|per|in)\s+(?:a|an|each|one|the)\s+(?:single\s+)?[a-z]+(?=\s*(?:[.;,]|$)))?"
_KEEP_MAX = re.compile(
    r"\bkeep\s+(?:the\s+)?" + _ARG + r"(?:\s+(?:on|of)\s+(?:a|an|each|the)\s+[a-z]+)?\s+"
    r"(?:to|at)\s+" + _NUM + r"\s+or\s+(?:fewer|less|below|under)\b" + _ON,
    re.I,
)
_KEEP_RANGE = re.compile(
    r"\bkeep\s+(?:the\s+)?" + _ARG + r"\s+between\s+" + _NUM.replace("n", "a")
    + r"\s+and\s+" + _NUM + r"\b", re.I,
)  # fmt: skip
_NEVER_ABOVE = re.compile(
    r"\b(?:you\s+(?:may|must|should|can)\s+)?never\s+[a-z]+\s+(?:(?:a|an|the)\s+[a-z]+\s+at\s+)?"
    r"(?:a|an|the)\s+" + _ARG + r"\s+(?:above|over|higher\s+than|more\s+than)\s+" + _NUM
    + r"(?:\s+(?:on|per|in)\s+(?:a|an|each|one|the)\s+(?:single\s+)?[a-z]+)?\b", re.I,
)  # fmt: skip
_RELATIVE = re.compile(
    r"^(?P<np>the\s+[a-z]+(?:\s[a-z]+)?)\s+you\s+(?:choose|pick|select|use|enter|set|record)"
    r"(?:\s+(?:on|for)\s+(?:a|an|the|each)\s+[a-z]+)?\s+(?P<m>has\s+to|must|should|needs\s+to)\b",
    re.I,
)
# "Before you release a job, make sure the payment has been taken with T"
_MAKE_SURE = re.compile(
    r"^before\s+you\s+(?P<vp>[a-z]+\s[^,;:]{2,80}),\s*(?:make\s+sure|ensure|check)\s+"
    r"(?:that\s+)?(?:[a-z']+\s+){1,4}(?:has|have)\s+(?:first\s+|already\s+)?been\s+[a-z]+\s+"
    r"(?:with|through|using|by|via)\s+`?(?P<t>" + TOOL_ID + r")`?\s*[.]?\s*$",
    re.I,
)
# "A member whose X is S can still ask ..., but you must not V ... for them until ...":
# the ban on the one the sentence opened with
_STILL_BUT = re.compile(
    r"^(?P<np>(?:a|an|any)\s+[a-z]+\s+whose\s+[a-z]+(?:\s[a-z]+)?\s+is\s+[^,;]{1,60}?)\s+"
    r"(?:can|may)\s+still\s+[^,;]{3,120},\s*but\s+(?P<ban>you\s+(?:must|should|may)\s+"
    r"(?:not|never)\s+[^;]{3,200}?)\s+for\s+them(?:\s+until\s+[^,;]{3,160})?\s*[.]?\s*$",
    re.I,
)


def _shapes(text: str) -> list[str]:
    out: list[str] = []
    if m := _RELATIVE.match(text):
        out.append(m["np"] + " " + m["m"] + text[m.end() :])
    if m := _MAKE_SURE.match(text):
        vp = m["vp"]
        out.append(vp[:1].upper() + vp[1:] + f" only after {m['t']} has been called.")
    if m := _STILL_BUT.match(text):
        np = m["np"][:1].lower() + m["np"][1:]
        out.append(m["ban"][:1].upper() + m["ban"][1:] + " for " + np + ".")
    return out


def _bound(text: str) -> str | None:
    said = _KEEP_MAX.sub(lambda m: f"{m['arg']} must be at most {m['n']}", text)
    said = _NEVER_ABOVE.sub(lambda m: f"{m['arg']} must be at most {m['n']}", said)
    said = _KEEP_RANGE.sub(lambda m: f"{m['arg']} must be between {m['a']} and {m['n']}", said)
    if said == text:
        return None
    return said.strip()


def without_reasons(text: str) -> tuple[list[str], list[str]]:
    """The spellings to try: the shapes (a bound, a value one chooses, "before you V, make
    sure ...", "... can still ..., but ..."), then the sentence without its reason clause,
    without its lead-in, without both."""
    plain: list[str] = []
    bare = _REASON.sub("", text).strip()
    if bare != text.strip():
        plain.append(bare.rstrip(",;") + ".")
    for said in (text.strip(), bare):
        led = _LEAD_SO.sub("", said, count=1)
        if led == said and (colon := _LEAD_COLON.match(said)) and not _KINDS.match(colon[0]):
            # (a lead-in that only names kinds of things or people, "concert venues and
            # schools: ...", says whom the rule is for, and stays)
            led = said[colon.end() :]
        # (a lead-in the rest points back to, "so take it from ...", is the rule's object)
        if led != said and len(led.split()) >= 4 and not _BACK.search(led):
            plain.append(led[:1].upper() + led[1:].rstrip(".,;") + ".")
    shaped: list[str] = []
    for said in [*plain, text.strip()]:
        if (b := _bound(said.rstrip("."))) is not None:
            shaped.append(b)
        shaped.extend(_shapes(said))
    return _unique(shaped, text), _unique(plain, text)


def _unique(spellings: list[str], text: str) -> list[str]:
    seen: list[str] = []
    for s in spellings:
        if s not in seen and s != text:
            seen.append(s)
    return seen


def whole(sentence: Sentence, read: Read) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read whole (`read`, every reader and the clause splitting), then each
    spelling in turn: the first that gives rules replaces the first reading when it keeps
    all of it (`_covers`). A shape is always tried; the plain spellings when the first
    reading gave nothing or the sentence carries a reason clause ("because", "since", "so
    that": never part of the rule, so the reading without it is the sentence's own)."""
    rules, diagnostics = read(sentence)
    if sentence.subject is not None:
        return rules, diagnostics
    shaped, plain = without_reasons(sentence.clean)
    if rules and not _BECAUSE.search(sentence.clean):
        plain = []
    for again in [*shaped, *plain]:
        more, notes = read(spelt(sentence, again))
        if more and _covers(more, rules):
            # (the same rules read again keep the first reading, its text the sentence's)
            return (rules, diagnostics) if _said(more) == _said(rules) else (more, notes)
    return rules, diagnostics


def _said(rules: list[CandidateRule]) -> list[str]:
    return sorted(
        f"{r.operator} {r.target} {sorted(r.params.items())!r} {r.condition}" for r in rules
    )


def _covers(more: list[CandidateRule], rules: list[CandidateRule]) -> bool:
    """Whether a spelling's reading keeps every operator of the first reading, and as many
    rules (a reason clause dropped never drops a rule the sentence gave); a whole ban the
    spelling reads as a ban in one state is the narrower reading of the same words."""
    said = {r.operator for r in more}
    first = {r.operator for r in rules} - ({"deny_action"} if "state_condition" in said else set())
    bans = sum(r.operator == "deny_action" for r in more)
    # (a whole ban the first reading did not give is no reading a reason dropped can add)
    return (
        len(more) >= len(rules)
        and first <= said
        and bans <= len([r for r in rules if r.operator == "deny_action"])
    )
