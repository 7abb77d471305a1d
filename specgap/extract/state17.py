"""A state the thing acted on must be in, said as what must be true before the act
(seventeenth session): "The hire must have been returned before you refund it", "Make sure
the hire is returned before refunding", "Refunds require the hire to be returned", "Check
that the hire is returned; otherwise do not refund".

Read as written, each is an ordering: a step "return hire" before the refund, which the
resolver bound to whatever tool has "hire" in its name (a read), reviewed. When no tool of
the build performs the participle's verb (no tool returns a hire), the participle is a state
the tools report ("status (booked, out, returned)"), and the sentence says "Never refund a
hire unless it is returned", which the state readers read. Outside a build (no tools known)
and where a tool does perform it ("the order must have been approved" with `approve_order`,
"the invoice must have been fetched" with a tool that reads),
the sentence is read as written. The state said as a word of the noun ("Hiring requires an
active customer", "Refund only hires in returned status") or as an adjective ("The request
has to be open at the time of assignment") is no step in any build.
"""

from __future__ import annotations

import re

from specgap.extract.english import lemmas, verb_lemma
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.order_events import gerund_verb
from specgap.operators.prose import lemma

_NP = r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
_STATE = r"(?P<state>[a-z]+(?:ed|en|t|ne|wn|id))"
_ACT = r"(?P<act>[a-z]+)(?P<obj>(?:\s+(?:it|them|(?:a|an|the|any)\s+[a-z][\w-]*))?)"
_END = r"\s*[.;!]?\s*$"
# "Make sure the hire is returned", "Check that the hire is returned"
_CHECKED = (
    r"^\W*(?:make\s+sure|ensure|check|confirm|verify)\s+(?:that\s+)?(?:the|a|an)\s+"
    + _NP
    + r"\s+(?:is|has\s+been|was)\s+"
    + _STATE
)
_FORMS = tuple(
    re.compile(p, re.I)
    for p in (
        # "The hire must have been returned before you refund it"
        r"^\W*(?:the|a|an)\s+" + _NP + r"\s+(?:must|should|has\s+to|needs\s+to)\s+(?:have\s+)?"
        r"(?:been|be)\s+" + _STATE + r"\s+before\s+(?:you\s+)?" + _ACT + _END,
        # "Make sure the hire is returned before refunding (it)"
        _CHECKED + r"\s+before\s+(?:you\s+)?" + _ACT + _END,
        # "Check that the hire is returned; otherwise do not refund (it)"
        _CHECKED + r"\s*[;,.]\s*otherwise\s*,?\s+(?:do\s+not|don't|never)\s+" + _ACT + _END,
        # "Refunds require the hire to be returned"
        r"^\W*(?P<acts>[a-z]+?)s?\s+(?:require|requires|need|needs)\s+(?:the|a|an)\s+" + _NP
        + r"\s+to\s+(?:be|have\s+been)\s+" + _STATE + _END,
    )
)  # fmt: skip


# said with the state as a word of the noun: "Hiring requires an active customer", "Refund
# only hires in returned status" (no step is in question: read in or out of a build)
_HELD = (
    re.compile(
        r"^\W*(?P<acts>[a-z]+?)s?\s+(?:requires?|needs?)\s+(?:a|an|the)\s+(?P<state>[a-z]+)\s+"
        r"(?P<np>[a-z][\w-]*)" + _END,
        re.I,
    ),
    re.compile(
        r"^\W*(?P<act>[a-z]+)\s+only\s+(?P<np>[a-z][\w-]*?)s?\s+(?:in|with)\s+(?:(?:the\s+)?"
        r"status\s+(?P<s1>[\w-]+)|(?P<s2>[\w-]+)\s+status)" + _END,
        re.I,
    ),
)


_PARTICIPLE = re.compile(r"^[a-z]+(?:ed|en)$")


def _verb_of(groups: dict[str, str | None]) -> str:
    """The act's verb, said as a verb, a plural noun ("Refunds") or a gerund ("Hiring")."""
    word = (groups.get("act") or groups.get("acts") or "").casefold()
    return gerund_verb(word) if word.endswith("ing") else lemma(word)


def _held(said: str) -> str | None:
    for form in _HELD:
        m = form.match(said)
        if m is None:
            continue
        groups = m.groupdict()
        act = _verb_of(groups)
        state = (groups.get("state") or groups.get("s1") or groups.get("s2") or "").casefold()
        if not act or state in {"a", "an", "the", "new", "valid", "separate", "second"}:
            return None
        if groups.get("state") and "ADJ" not in lemmas(state) and not _PARTICIPLE.match(state):
            return None  # "Refunds require a manager approval": whose, not what state
        if groups.get("s1") or groups.get("s2"):
            return f"Never {act} a {m['np'].casefold()} unless its status is {state}."
        return f"Never {act} unless the {m['np'].casefold()} is {state}."
    return None


def _a_step(state: str, tools: frozenset[str]) -> bool:
    """Whether a tool performs the participle's verb: one of them says it, or it reads
    ("fetched", "verified") and a tool reads (`get_invoice`)."""
    from specgap.resolve.lexicon import classes_of, verb_key

    done = {verb_lemma(state) or lemma(state), lemma(state)}
    if done & tools:
        return True
    reads = any("read" in classes_of(verb_key(v)) for v in done)
    return reads and any("read" in classes_of(verb_key(t)) for t in tools)


# "The request has to be open at the time of assignment", "... before you assign anyone to
# it": an adjective, a state in any build (no tool "opens" what is open)
_ADJ_BEFORE = re.compile(
    r"^\W*(?:the|a|an)\s+" + _NP + r"\s+(?:must|should|has\s+to|needs\s+to)\s+(?:still\s+)?be\s+"
    r"(?P<adj>[a-z]+)\s+(?:before\s+(?:you\s+)?(?P<act>[a-z]+)\b|at\s+the\s+time\s+of\s+(?:the\s+|"
    r"an?\s+|its\s+)?(?P<actn>[a-z]+)\b|when\s+(?:you\s+)?(?P<act2>[a-z]+)\b)",
    re.I,
)


def _adjective_state(said: str) -> str | None:
    from specgap.resolve.verbs import verb_of_noun

    m = _ADJ_BEFORE.match(said)
    if m is None:
        return None
    adj = m["adj"].casefold()
    forms = lemmas(adj)
    if "ADJ" not in forms or any(v != adj for v in forms.get("VERB", ())):
        return None  # a participle ("frozen"): a step some tool may perform (the forms above)
    act = m["act"] or m["act2"]
    noun = (m["actn"] or "").casefold()
    gerund = lemmas(noun).get("VERB", ("",))[0] if noun.endswith("ing") else ""
    verb = (verb_lemma(act) or lemma(act)) if act else gerund or verb_of_noun(noun)
    if not verb:
        return None
    return f"Never {verb} anything unless the {m['np'].casefold()} is {adj}."


def respelt(text: str) -> str | None:
    """ "Never <act> a <noun> unless it is <state>." (module docstring), or None."""
    said = " ".join(text.split())
    held = _held(said) or _adjective_state(said)
    if held is not None:
        return held
    tools = current_tool_verbs()
    if not tools:
        return None
    for form in _FORMS:
        m = form.match(said)
        if m is None:
            continue
        state = m["state"].casefold()
        if _a_step(state, tools):
            return None  # a step some tool performs: the ordering stands
        act = _verb_of(m.groupdict())
        noun = m["np"].casefold()
        field = re.match(r"^(?P<n>.+?)\s+(?P<f>status|state)$", noun)
        if field is not None:  # "the hire status is returned": its status
            return f"Never {act} a {field['n']} unless its {field['f']} is {state}."
        return f"Never {act} a {noun} unless it is {state}."
    return None
