"""The values an act uses said with "use" or as its tool's label, spelt as the "only call
`t` with ..." the readers read (thirty-second session):

- "`send_sms` uses `reminder` or `receipt` only." -> "Only call `send_sms` with `reminder` or
  `receipt`.";
- "Texts through `send_sms` use templates `reminder`, `receipt` and nothing else." -> "Only
  call `send_sms` with templates `reminder`, `receipt`.";
- "Texts use `reminder` or `receipt`." -> "Only send texts with `reminder` or `receipt`."
  (an act's noun: its verb, `order15_bare.noun_verb`, or "send" for a message's noun);
- "`send_sms`: templates `reminder` and `receipt` only." -> "Only call `send_sms` with
  templates `reminder` and `receipt`." (the tool as the label of its values).

The values must read as values: two at least, each in backticks or quotes or written as an
identifier (`booking_confirmed`), so "Texts use plain words and short lines" is no list. A
noun before them ("templates") names the argument; without one the argument is the one whose
schema lists them, as for any "only with" list. Read only where the sentence as written gave
no allowlist (`reread`); what follows the list ("..., two a chat at most") is read with it.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import Read, read_as
from specgap.extract.order15_bare import noun_verb
from specgap.extract.pattern_base import id_named
from specgap.extract.pattern_base import tool_id as _id
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "respelt"]

_VALUE = r"(?:`[^`\s]+`|'[^'\s]+'|\"[^\"\s]+\"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)"
_LIST = rf"(?P<list>{_VALUE}(?:\s*,\s*(?:(?:or|and)\s+)?{_VALUE})*\s*,?\s+(?:or|and)\s+{_VALUE})"
_ONLY = r"(?:\s+only|\s*,?\s+and\s+(?:nothing|none)\s+else|\s*,?\s+and\s+no\s+others?)?"
_NOUN = r"(?:(?:the\s+)?(?P<noun>[a-z]+)\s+)?"
_USE = r"(?:uses?|used|(?:must|may|can|should)\s+(?:only\s+)?use|only\s+uses?)"
# "`t` uses ...", "Texts through `t` use ...", "Texts use ..."
_SUBJECT_USES = re.compile(
    r"^\W*(?:(?P<np>[A-Za-z][a-z]+(?:\s+[a-z]+)?)\s+(?:through|via|with|from|by)\s+(?:the\s+)?"
    + _id("id")
    + r"|(?:the\s+)?"
    + _id("id2")
    + r"|(?P<acts>[A-Za-z][a-z]+s))\s+"
    + _USE
    + r"\s+(?:only\s+)?"
    + _NOUN
    + _LIST
    + _ONLY
    + r"(?P<rest>\s*(?:[,;].*)?\.?)$",
    re.I,
)
# "`t`: templates ... only."
_LABELLED = re.compile(
    r"^\W*"
    + _id("id")
    + r"\s*[:\u2013\u2014-]\s*"
    + _NOUN
    + _LIST
    + r"\s+only(?P<rest>\s*(?:[,;].*)?\.?)$",
    re.I,
)
# the nouns of a message: sent, whatever verb names the tool
_MESSAGES = frozenset(
    {"text", "texts", "message", "messages", "sms", "email", "emails", "notification",
     "notifications", "reminder", "reminders", "letter", "letters", "notice", "notices"}
)  # fmt: skip


def respelt(text: str) -> str | None:
    """The sentence as "only ... with <values>" (module docstring), or None."""
    found = _spelt(text)
    return None if found is None else found[0]


def _spelt(text: str) -> tuple[str, str] | None:
    """The sentence as "only <act> with <values>", and the act ("call `t`", "send texts")."""
    said = " ".join(text.split())
    m = _LABELLED.match(said)
    if m is not None:
        act = f"call `{id_named(m, 'id')}`"
    elif (m := _SUBJECT_USES.match(said)) is None:
        return None
    elif m["acts"] is not None:
        acts = m["acts"].casefold()
        verb = "send" if acts in _MESSAGES else noun_verb(acts)
        if verb is None:
            return None
        act = f"{verb} {acts}"
    else:
        act = f"call `{id_named(m, 'id', 'id2')}`"
    return f"Only {act} with {_with(m)}{m['rest']}", act


def _with(m: re.Match[str]) -> str:
    noun = m["noun"]
    return f"{noun} {m['list']}" if noun else m["list"]


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as its "only ... with" (module docstring) when that gives an
    allowlist of its values: the first reading's rules over those values (a list taken for a
    tool's mention, a label taken for the argument) give way to it; its others are kept."""
    if sentence.subject is not None:
        return rules, diagnostics
    spelt = _spelt(sentence.clean)
    if spelt is None:
        return rules, diagnostics
    found, notes = read_as(sentence, spelt[0], read)
    listed = {v.casefold() for r in found for v in _values(r)}
    # the first value in backticks may be read as the tool: the act is the one said
    act = spelt[1].replace("`", "")
    found = [
        r.model_copy(update={"target": act, "mentions": (act,)}) if _names_a_value(r, listed) else r
        for r in found
    ]
    if not listed or not any(r.operator == "resource_in_allowlist" for r in found):
        return rules, diagnostics
    operators = {r.operator for r in found}
    kept = [
        r
        for r in rules
        if r.operator not in operators
        and not listed & {v.casefold() for v in _values(r)}
        and not _names_a_value(r, listed)
    ]
    return [*found, *kept], notes


def _names_a_value(rule: CandidateRule, listed: set[str]) -> bool:
    return bool(rule.target) and str(rule.target).strip("`").casefold() in listed


def _values(rule: CandidateRule) -> list[str]:
    said = rule.params.get("allowed") or rule.params.get("values") or []
    return [str(v) for v in said] if isinstance(said, list) else []
