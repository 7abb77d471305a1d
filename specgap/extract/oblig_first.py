"""A step the agent must take first, said without the action it comes before: "You must
check the berth availability first.", "First, always look up the customer.", "Always start
by pulling the invoice.", "The first step is to find the account.", "The ticket must be
fetched first.", "Look up the subscriber before doing anything else."

The sentence obliges a call (which no operator requires) and orders it before something
the sentence does not name. Which calls that is comes from where the sentence stands:

- under a section heading that names one action ("## Cancelling a lease", "## Refunds"),
  the step comes before that action: `require_before` over the section's tool (target
  None, resolved from the heading by the resolver, which never guesses between near ties);
- otherwise, or when the sentence says "before anything else" in so many words, it comes
  before every other call: the sentence is said again as "You must first X" and read by
  `openers` (`require_before("*", X)`, under a section its heading kept as the condition,
  so the rule is reviewed).

Not read here: a sentence whose next sentence in the same paragraph states what follows
("... first. Then renew the lease.": that sentence states the order), a negated or
conditional sentence, a step that is the user's ("the customer must sign first"), a verb
no tool call performs ("be polite first"), and a sentence that names its later action
itself (read by `temporal`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit, candidate
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.openers import opening_rules
from specgap.extract.order_events import event_action
from specgap.extract.order_words import base_form
from specgap.extract.pattern_base import ANY_TOOL, lemma, singular
from specgap.extract.procedures import _action, verb_of
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = [
    "first_candidates",
    "first_rules",
    "heading_action",
    "in_section",
    "next_orders",
    "said_first",
]

_WHO = r"(?:you|we|the\s+agent|the\s+assistant|agents?)"
_MUST = r"(?:must|should|shall|have\s+to|has\s+to|need\s+to|needs\s+to|are\s+required\s+to)"
_ALWAYS = r"(?:(?:always|please|then)\s+)?"
# "first", said after the step
_FIRST_END = (
    r"(?P<end>first(?:\s+of\s+all)?|before\s+(?:doing\s+)?anything(?:\s+else)?|before\s+any(?:thing)?\s+"
    r"other\s+(?:action|step|call|tool(?:\s+call)?)s?|before\s+(?:proceeding|continuing|"
    r"going\s+(?:on|further)|moving\s+on)(?:\s+(?:any\s+)?further)?|at\s+the\s+(?:very\s+)?"
    r"(?:start|beginning|outset)(?:\s+of\s+(?:the|each|every|a|any)\s+(?:conversation|session|chat|"
    r"interaction|call|dialog(?:ue)?|request|contact|visit|ticket))?)"
)
# ", in every conversation" after "first": the whole conversation, which "first" says already
_EVERY_TALK = (
    r"(?:\s*,?\s+(?:in|of|for|during)\s+(?:every|each|any|a|the)\s+(?:conversation|session|chat|"
    r"interaction|call|contact))?"
)
# "Every call starts with finding the caller": the step every conversation opens with
_OPENS_WITH = re.compile(
    r"^\W*(?:every|each|any|the|a)\s+(?:conversation|session|chat|interaction|call|dialog(?:ue)?|"
    r"request|contact|visit|ticket)\s+(?:must\s+|should\s+|always\s+)*(?:starts?|begins?|opens?)\s+"
    r"(?:with|by)\s+(?P<g>[a-z]+ing)\s+(?P<rest>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
# "Only proceed once the ledger has been fetched", "Do not continue until you have checked
# the balance": the event comes before anything else
_GO_ON = (
    r"(?:proceed|continue|go\s+on|move\s+on|go\s+further|do\s+anything(?:\s+else)?|take\s+any\s+"
    r"(?:other\s+|further\s+)?actions?|make\s+any\s+(?:other\s+)?(?:changes?|calls?))"
)
_PROCEED_ONCE = re.compile(
    rf"^\W*(?:you\s+(?:may|can|should|must)\s+)?only\s+{_GO_ON}\s+(?:once|after|when)\s+(?P<e>[^,;]+?)"
    r"\s*[.!]?\s*$|^\W*(?:you\s+(?:must|should|may)\s+not|do\s+not|don't|never|you\s+cannot|you\s+"
    rf"can't)\s+{_GO_ON}(?:\s+(?:for|with|on)\s+(?:a|an|the|any)\s+(?P<who>[a-z]+))?\s+(?:until|before|"
    r"unless)\s+(?P<e2>[^,;]+?)\s*[.!]?\s*$",
    re.I,
)
# "Verifying the caller is always the first step", "Identity verification comes first",
# "The lookup must be done first": the step said as a gerund or an action noun
_COMES_FIRST = re.compile(
    r"^\W*(?P<x>[a-z][^,;:]*?)\s+(?:(?:is|must\s+be|should\s+be)\s+(?:always\s+)?(?:the\s+|your\s+)?"
    r"(?:very\s+)?first\s+(?:step|thing|action|priority)|(?:always\s+)?(?:comes?|must\s+come|should\s+"
    r"come|goes|must\s+go)\s+(?:always\s+)?first|(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?"
    r"(?:be\s+(?:done|completed|performed|carried\s+out)|happen|take\s+place|occur)\s+first)"
    r"(?:\s+(?:in|on|of)\s+(?:every|each|any|a|the)\s+[a-z]+)?\s*[.!]?\s*$",
    re.I,
)
# "you must X first", "always X first", "make sure to X first", "X before anything else"
_TRAILING = re.compile(
    rf"^\W*(?:{_WHO}\s+{_MUST}\s+{_ALWAYS}|{_ALWAYS}(?:make\s+sure|be\s+sure|remember)\s+(?:to|you)\s+|"
    rf"always\s+)?(?P<x>[a-z][^,;:]*?)\s*,?\s+{_FIRST_END}{_EVERY_TALK}\s*[.!]?\s*$",
    re.I,
)
# "First, (always) X", "First of all, you must X", "As a first step, X"
_LEADING = re.compile(
    rf"^\W*(?:first(?:\s+of\s+all)?|as\s+(?:a|the|your)\s+first\s+step|to\s+(?:start|begin)(?:\s+with)?)"
    rf"\s*,?\s+(?:{_WHO}\s+{_MUST}\s+)?{_ALWAYS}(?:make\s+sure\s+(?:to|you)\s+)?"
    r"(?P<x>[a-z][^,;:]*?)\s*[.!]?\s*$",
    re.I,
)
# "(Always) start by X-ing", "Begin every request by X-ing", "You must begin with X-ing"
_START_BY = re.compile(
    rf"^\W*(?:{_WHO}\s+{_MUST}\s+)?{_ALWAYS}(?:start|begin)(?:\s+(?:every|each|any|the|a)\s+"
    r"[a-z]+)?\s+(?:by|with)\s+(?P<g>[a-z]+ing)\s+(?P<rest>[^,;:]+?)\s*[.!]?\s*$",
    re.I,
)
# "The first step is (always) to X", "The first thing you must do is X"
_FIRST_STEP = re.compile(
    r"^\W*(?:the|your)\s+(?:very\s+)?first\s+(?:step|thing(?:\s+(?:to\s+do|you\s+(?:must|should)"
    r"\s+do))?|action)\s+(?:is|must\s+be|should\s+be)\s+(?:always\s+)?(?:to\s+)?"
    r"(?P<x>[a-z][^,;:]*?)\s*[.!]?\s*$",
    re.I,
)
# "The ticket must (always) be fetched first": the step said passively
_PASSIVE = re.compile(
    rf"^\W*(?P<np>(?:the|a|an|its|their|his|her|each|every)\s+[a-z][\w' -]*?)\s+{_MUST}\s+"
    rf"(?:always\s+)?be\s+(?P<v>[a-z]+ed|[a-z]+en|found|run|sent|paid|built|made|got)"
    rf"(?P<p>\s+(?:up|out|in|back|down|over))?\s+{_FIRST_END}{_EVERY_TALK}\s*[.!]?\s*$",
    re.I,
)
# the user's yes is no step of a call (`user_yes` reads it)
_HAS_YES = re.compile(
    r"\b(?:confirm|confirms|confirmed|agree|agrees|agreed|approve|approves|approved|consent|"
    r"consents|consented|says?\s+yes|said\s+yes)\b",
    re.I,
)
# what no step of the agent's is: a negation, a condition, the user's own step
_NOT_A_STEP = re.compile(
    r"\b(?:not|never|no|don't|cannot|can't|if|unless|when|whenever|whether|then)\b", re.I
)
_USER_STEP = re.compile(
    r"^(?:the\s+)?(?:customer|user|caller|client|member|guest|patient|student|tenant|"
    r"applicant|requester|visitor)s?\b",
    re.I,
)
# the next sentence states what follows: "Then ...", "Only then ...", "After that, ..."
_NEXT_ORDERS = re.compile(
    r"^\W*(?:(?:and\s+)?(?:only\s+)?then\b|after\s+(?:that|this|which)\b|afterwards\b|next\b|"
    r"once\s+(?:that|this|done|it|you)\b|second(?:ly)?\b|subsequently\b|following\s+that\b)",
    re.I,
)
_ANY_ELSE = re.compile(r"\banything\s+else|\bany(?:thing)?\s+other\b|\bproceeding\b|\bcontinuing\b",
                       re.I)  # fmt: skip


def said_first(text: str) -> str | None:
    """The step a sentence obliges first, said as the base-form verb phrase ("check the
    berth availability"), or None when the sentence is none of the shapes above (or the
    step is negated, conditional or the user's)."""
    text = " ".join(text.split())
    step: str | None = None
    if (m := _FIRST_STEP.match(text)) is not None:
        step = m["x"]
    elif (m := _START_BY.match(text)) is not None:
        verb = verb_lemma(m["g"].casefold())
        step = f"{verb} {m['rest']}" if verb else None
    elif (m := _PASSIVE.match(text)) is not None:
        verb = verb_lemma(m["v"].casefold())
        particle = f" {m['p'].strip()}" if m["p"] else ""
        np = re.sub(r"^(?:each|every)\s+", "the ", m["np"], flags=re.I)
        step = f"{verb}{particle} {np[0].lower()}{np[1:]}" if verb else None
    elif (m := _OPENS_WITH.match(text)) is not None:
        verb = verb_lemma(m["g"].casefold())
        step = f"{verb} {m['rest']}" if verb else None
    elif (m := _PROCEED_ONCE.match(text)) is not None:
        event = m["e"] or m["e2"]
        if m["who"]:  # "for a member until they have been verified": the member
            event = re.sub(r"^(?:they|he|she|it)\b", f"the {m['who']}", event, flags=re.I)
        step = None if _HAS_YES.search(event) else _event_step(event)
    elif (m := _COMES_FIRST.match(text)) is not None:
        step = _as_step(m["x"])
    elif (m := _LEADING.match(text)) is not None:
        step = m["x"]
    elif (m := _TRAILING.match(text)) is not None:
        step = m["x"]
    if step is None or _NOT_A_STEP.search(step) or _USER_STEP.match(step):
        return None
    if _HAS_YES.search(step) or re.search(r"\b(?:needs|requires|required)\b", step, re.I):
        return None  # "ending a ride needs the rider to say yes first": what the act needs
    if re.search(
        r"\b(?:must|should|shall|may|can|will|has\s+to|have\s+to|needs?\s+to)\b", step, re.I
    ):
        return None  # "the passenger must sign first": someone else's step, not an imperative
    if re.search(r"\b(?:before|after|until|prior\s+to|once)\b", step, re.I):
        return None  # the step names its later action itself: `temporal` reads it
    step = step.strip()
    return step[0].lower() + step[1:] if step[1:2].islower() else step  # "Look up": a verb


_EVENT_PASSIVE = re.compile(
    r"^(?P<np>(?:the|a|an|their|its|his|her)\s+[a-z][\w' -]*?)\s+(?:has|have|is|are)\s+(?:been\s+)?"
    r"(?P<v>[a-z]+(?:ed|en)|found|run|sent|paid|got)(?P<p>\s+(?:up|out|in|back|down))?$",
    re.I,
)
_EVENT_DONE = re.compile(
    r"^(?:you|we|the\s+agent)\s+(?:have|has)\s+(?P<v>[a-z]+(?:ed|en)|found|run|sent|got)"
    r"(?P<rest>\s+.+)$",
    re.I,
)


def _event_step(event: str) -> str | None:
    """ "the caller has been verified" -> "verify the caller"; "you have fetched the
    ledger" -> "fetch the ledger"; an action noun or gerund by `event_action`."""
    event = event.strip()
    if (m := _EVENT_PASSIVE.match(event)) is not None and (v := verb_lemma(m["v"].casefold())):
        return f"{v}{m['p'] or ''} {m['np'][0].lower()}{m['np'][1:]}"
    if (m := _EVENT_DONE.match(event)) is not None and (v := verb_lemma(m["v"].casefold())):
        return f"{v}{m['rest']}"
    return event_action(event)


def _as_step(subject: str) -> str | None:
    """ "Verifying the caller" -> "verify the caller"; "identity verification" -> "verify
    identity"; None for a subject that names no action ("the caller")."""
    said = re.sub(r"^(?:the|a|an|your|our)\s+", "", subject.strip(), flags=re.I)
    first = said.split()[0].casefold() if said.split() else ""
    if first.endswith("ing"):
        return base_form(said)
    action = event_action(said)
    return action if action is not None and action.split()[0] in IMPERATIVE_VERBS else None


def first_candidates(sentence: Sentence) -> list[CandidateRule]:
    """The rules of `first_rules`; one bound to its section's action is an inference from
    the heading, so it is reviewed, never enforced."""
    rules = [candidate(sentence, e) for e in first_rules(sentence)]
    return [r if r.target == ANY_TOOL else r.model_copy(update={"grounding": "inferred"})
            for r in rules]  # fmt: skip


def first_rules(sentence: Sentence) -> list[Emit]:
    """The order a "first" obligation states (module docstring): before the section's
    action, or before every other call; [] for any other sentence."""
    if sentence.subject is not None:
        return []
    step = said_first(sentence.clean)
    if step is None or next_orders(sentence):
        return []
    said = f"You must first {step}."
    emits = opening_rules(replace(sentence, text=said, offsets=(0,) * (len(said) + 1)))
    if not emits or _ANY_ELSE.search(sentence.clean) or not in_section(sentence):
        return emits
    later = heading_action(sentence.context)
    if later is None or later.split()[0] == step.split()[0].casefold():
        return emits  # a topic ("## Account security"): before every call within it
    # under a section about one action: the step comes before that action, resolved in the
    # heading's words (the sentence's own words name the step, not the action)
    heading = sentence.context.strip()
    return [replace(e, target=later, condition=None, contexts=((later, heading),)) for e in emits]


_TOPIC_LEAD = re.compile(
    r"^\W*(?:(?:rules?|polic(?:y|ies)|guidelines?|procedures?|steps?|process)\s+(?:for|on|about|"
    r"of)\s+|how\s+to\s+|when\s+(?:you\s+)?)",
    re.I,
)


def heading_action(heading: str) -> str | None:
    """The one action a section heading names ("Reserving a boat": `reserve boat`, "Berth
    assignments": `assign berth`, "Refunds": `refund`, "Cancel a lease"), or None for a
    topic ("Account security") or a heading naming two actions ("Returns and exchanges")."""
    said = _TOPIC_LEAD.sub("", " ".join(heading.replace("*", " ").split())).strip(" :#")
    words = re.findall(r"[A-Za-z][\w-]*", said)
    if not words or len(words) > 6:
        return None
    first = words[0].casefold()
    determined = len(words) > 1 and words[1].casefold() in _DETERMINERS
    if first.endswith("ing") or (determined and lemma(first) in IMPERATIVE_VERBS):
        action, _ = _action(base_form(said))
        return action
    verbs = [(i, _noun_verb(w.casefold())) for i, w in enumerate(words)]
    acts = [(i, v) for i, v in verbs if v is not None]
    if len(acts) != 1 or re.search(r"\b(?:and|or)\b", said, re.I):
        return None
    i, verb = acts[0]
    before = [w.casefold() for w in words[:i] if w.casefold() not in {"the", "a", "an"}]
    return " ".join([verb, *before])


_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "your", "all", "any", "each", "every"})


def _noun_verb(word: str) -> str | None:
    """The action verb an action noun names (`reservations`: reserve, `refunds`: refund)."""
    noun = singular(word)
    verb = verb_of(noun) or (noun if noun in IMPERATIVE_VERBS else None)
    if noun.endswith("ation") and verb not in IMPERATIVE_VERBS:
        verb = noun[: -len("ation")] + "e"  # reservation: reserve
    if verb is None or verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS:
        return None
    return verb


def in_section(sentence: Sentence) -> bool:
    """Under a heading below the document's title (the title scopes nothing)."""
    heading = sentence.context.strip()
    if not heading:
        return False
    m = re.search(r"^(#{1,6})\s+" + re.escape(heading) + r"\s*#*\s*$", sentence.artifact.text, re.M)
    return m is None or len(m[1]) > 1


def next_orders(sentence: Sentence) -> bool:
    """A later sentence of the same paragraph opens with "then", "after that", ...: the
    chain of steps states the order of this step and its own."""
    text = sentence.artifact.text
    end = sentence.offsets[-1]
    rest = text[end:]
    paragraph = re.split(r"\n\s*\n", rest, maxsplit=1)[0]
    # a later sentence or list item of the paragraph ("First X. If Y, stop. Then Z.",
    # "1. First, X.\n2. Then, Y"): the chain of steps states the order
    pieces = re.split(r"(?<=[.!?])\s+|\n[ \t]*(?:[-*+]|\d{1,2}[.)])?[ \t]*", paragraph)
    return any(_NEXT_ORDERS.match(p.lstrip(" .!\t*_-")) for p in pieces if p.strip())
