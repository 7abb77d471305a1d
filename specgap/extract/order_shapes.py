"""More English shapes of an ordering, each said again in a shape `temporal` reads.

`temporal` reads "do not Y before X", "Y only after X", "X must precede Y" and their kin.
The same order is said in many other ways; each is rewritten here, clause by clause, into
one of those, so that the reading (events, pronouns, objects borrowed from the other
action, the never-stronger checks) stays in one place:

- "never Y without (first) X-ing", "Y-ing ... without X-ing first is not allowed": X
  comes before Y ("do not Y before X-ing"). A "without" that names no action ("without a
  valid card", "without the member's consent") is left to the rest of the grammar.
- "you need the N before Y-ing" / "you must have the N before ...": the N is read first
  ("get the N before Y-ing"); which read gets it is an inference, so the rule is reviewed.
- "make sure you have V-ed X before Y", "be sure to V X before Y": "V X before Y".
- "Y after X, never before" / "Ns are V-ed only once X has been done": "Ns may only be
  V-ed after X" (a bare present statement without `only` / `never before` is not a rule).
- "Y must be preceded by X", "Y must follow X", "Y-ing comes after X": "X must precede Y".
- "verify that the slip is free by looking it up before ...": the call that checks is
  the means ("look it up before ..."); the state itself is read by the state grammar.
- "hold off on Y-ing until X", "wait to Y until X", "wait until X before Y-ing",
  "Y-ing X is not allowed until E": "do not Y until X".

Each rewrite says whether its first action is an inference (`Rephrased.inferred`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specgap.extract.english import verb_lemma
from specgap.extract.oblig2_frames import plain_frames
from specgap.extract.oblig2_sure import made_sure
from specgap.extract.oblig_then import then_orders
from specgap.extract.oblig_words import plain_order_words
from specgap.extract.order_forms import more_rephrasings
from specgap.extract.order_rephrase import rephrased_orders
from specgap.extract.order_words import base_form, gerund, pointed_at
from specgap.extract.pattern_base import USER


@dataclass(frozen=True)
class Rephrased:
    """A sentence said again in a shape `temporal` reads; `inferred`: the rewrite names an
    action the sentence only implies (the rule is reviewed, never enforced)."""

    text: str
    inferred: bool = False


_END = r"\s*[.!]?\s*$"
_NEG = (
    r"(?:(?:you|we|the\s+agent|agents?|staff)\s+)?(?:must\s+(?:not|never)|should\s+(?:not|never)|"
    r"may\s+(?:not|never)|can\s*not|cannot|can't|shall\s+not|are\s+not\s+(?:allowed|permitted)\s+to|"
    r"is\s+not\s+(?:allowed|permitted)\s+to)|never|do\s+not|don't|(?:please\s+)?do\s+not\s+ever"
)
# a "without" whose object is the user's yes: the confirmation grammar reads it
_YES = re.compile(
    r"\b(?:consent|confirmation|approval|permission|authori[sz]ation|agreement|go-ahead|"
    r"say-so)\b",
    re.I,
)
_WITHOUT = re.compile(
    r"^\W*(?P<neg>" + _NEG + r")\s+(?P<y>.+?)\s+without\s+(?:first\s+|previously\s+|already\s+)?"
    r"(?P<x>[^,;]+?)(?:\s+(?:first|beforehand|already|earlier))?" + _END,
    re.I,
)
_BANNED = (
    r"(?:is|are)\s+(?:not\s+(?:allowed|permitted|acceptable)|forbidden|prohibited|never\s+"
    r"(?:allowed|permitted|acceptable)|not\s+ok(?:ay)?)"
)
# "assigning a slip without looking it up first is not allowed"
_GERUND_WITHOUT = re.compile(
    r"^\W*(?P<y>[a-z]{3,}ing\b[^,;]+?)\s+without\s+(?:first\s+|previously\s+)?(?P<x>[^,;]+?)"
    r"(?:\s+(?:first|beforehand))?\s+" + _BANNED + _END,
    re.I,
)
# "a slip is never assigned without a lookup", "deposits must not be refunded without ..."
_PASSIVE_WITHOUT = re.compile(
    r"^\W*(?P<s>(?:[A-Za-z`][\w`'-]*\s+){1,4}?)(?:(?:is|are)\s+never|(?:must|may|should|can|"
    r"shall)\s*(?:not|never)\s+be|cannot\s+be|can't\s+be)\s+(?P<v>[a-z]+(?:ed|en|t))\s+without\s+"
    r"(?:first\s+)?(?P<x>[^,;]+?)(?:\s+(?:first|beforehand))?" + _END,
    re.I,
)
_NEED = re.compile(
    r"^\W*(?:you\s+|the\s+agent\s+|we\s+)?(?:will\s+)?(?:need|must\s+have|have\s+to\s+have|should\s+"
    r"have|require)\s+(?P<n>(?:the|their|its|a|an)\s+[^,;]+?)\s+(?P<conj>before|prior\s+to)\s+"
    r"(?P<y>[^;]+?)" + _END,
    re.I,
)
_DETAIL = re.compile(
    r"\s+(?:details|detail|information|info|record|records|data|file|entry)$", re.I
)
_MAKE_SURE = re.compile(
    r"^\W*(?:always\s+)?(?:make\s+sure|ensure|be\s+sure|check)\s+(?:that\s+)?(?:you|the\s+agent|we)"
    r"(?:\s+(?:have|has)|'ve|\u2019ve)\s+(?:already\s+|first\s+|successfully\s+)?(?P<v>[a-z]+)\s+(?P<rest>.+?"
    r"\b(?:before|prior\s+to)\b.+)$",
    re.I,
)
_HAVE_DONE = re.compile(
    r"^\W*(?:you|the\s+agent|we)\s+(?:must|should|need\s+to|have\s+to|ought\s+to)\s+have\s+"
    r"(?:already\s+|first\s+)?(?P<v>[a-z]+(?:ed|en|t|nd|ne|ght))\s+(?P<rest>.+?\b(?:before|prior\s+to)"
    r"\b.+)$",
    re.I,
)
_UNLESS_DONE = re.compile(
    r"^\W*(?P<neg>"
    + _NEG
    + r")\s+(?P<y>.+?)\s+unless\s+(?:you|the\s+agent|we)\s+(?:have|has|'ve)\s+"
    r"(?:already\s+|first\s+)?(?P<v>[a-z]+)\s+(?P<x>[^,;]+?)(?:\s+(?:first|already|beforehand))?"
    + _END,
    re.I,
)
_SURE_TO = re.compile(
    r"^\W*(?:always\s+)?(?:make\s+sure|be\s+sure|remember)\s+to\s+(?P<rest>[a-z]+\s.+?\b(?:before|"
    r"prior\s+to)\b.+)$",
    re.I,
)
_NEVER_BEFORE = re.compile(
    r"\s*[,;]?\s*(?:and\s+|but\s+)?(?:never|not)\s+(?:before|earlier|sooner|prior)(?:\s+(?:that|"
    r"then|this))?" + _END,
    re.I,
)
# "deposits are charged (only) after/once X": a present statement of when it happens
_PASSIVE_WHEN = re.compile(
    r"^\W*(?P<s>(?:[A-Za-z`][\w`'-]*\s+){1,4}?)(?:is|are|gets?)\s+(?:only\s+)?(?P<v>[a-z]+"
    r"(?:ed|en|t))\s+(?P<only>only\s+)?(?P<conj>after|once|when)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
_ACTIVE_WHEN = re.compile(
    r"^\W*(?P<y>[a-z]+\s[^;]*?)\s+(?P<conj>after|once)\s+(?P<e>[^;]+?)" + _END, re.I
)
_DONE_EVENT = re.compile(r"\b(?:has|have)\s+(?:already\s+)?been\s+[a-z]+", re.I)
_PRECEDED = re.compile(
    r"^\W*(?P<a>.+?)\s+(?:(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+"
    r"(?:always\s+)?be|(?:is|are)\s+(?:always\s+)?)\s*preceded\s+by\s+(?P<b>[^;]+?)" + _END,
    re.I,
)
_FOLLOWS = re.compile(
    r"^\W*(?P<a>(?:[a-z]{3,}ing|any|every|each|a|an|the)\b[^;]*?)\s+(?:must|should|shall|may\s+"
    r"only|can\s+only|has\s+to|needs\s+to)\s+(?:only\s+|always\s+)?(?:follow|come\s+after|happen\s+"
    r"after|take\s+place\s+after)\s+(?P<b>[^;]+?)" + _END,
    re.I,
)
_CHECKED_BY = re.compile(
    r"^(?P<pre>\W*(?:(?:before|prior\s+to)\s+[^,]+,\s*)?)(?:always\s+)?(?:check|verify|ensure|"
    r"confirm|make\s+sure|determine|see|establish)\s+(?:(?:that|whether|if)\s+)?[^,;]+?\s+by\s+"
    r"(?P<g>[a-z]{3,}ing)\b(?P<rest>.*)$",
    re.I,
)
_HOLD = re.compile(
    r"^\W*(?:hold\s+off\s+(?:on\s+)?|wait\s+(?:to|with|before)\s+|refrain\s+from\s+|avoid\s+)"
    r"(?P<y>[a-z]+\s[^;]*?)\s+until\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
_WAIT_BEFORE = re.compile(
    r"^\W*wait\s+until\s+(?P<e>[^;]+?)\s+(?:before|prior\s+to)\s+(?P<y>[a-z]{3,}ing\b[^;]*?)"
    + _END,
    re.I,
)
_GERUND_UNTIL = re.compile(
    r"^\W*(?P<y>[a-z]{3,}ing\b[^,;]+?)\s+(?:is|are)\s+(?:not\s+(?:allowed|permitted|possible)|"
    r"forbidden|prohibited)\s+until\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
_NAMED_TOOL = re.compile(
    r"^(?P<lead>\W*(?:(?:before|prior\s+to)\s+[^,]+,\s*)?(?:always\s+|first\s*,?\s*)?)[a-z][^()`,;]*?"
    r"\s*\(\s*(?:via\s+|with\s+|using\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`?(?:\(\))?"
    r"\s*\)\s*(?P<rest>(?:first\s+)?(?:before|prior\s+to|first)\b.*|)$",
    re.I,
)
_PREREQUISITE = re.compile(
    r"^\W*(?P<x>[^,;]+?)\s+(?:is|are)\s+(?:a\s+|an\s+)?(?:(?:mandatory|required|necessary)\s+)?"
    r"(?:prerequisite|precondition|pre-requisite)\s+(?:for|to|of)\s+(?P<y>[^;]+?)" + _END,
    re.I,
)
_MANDATORY = re.compile(
    r"^\W*it\s+is\s+(?:mandatory|required|necessary|essential|compulsory|obligatory)\s+(?:for\s+"
    r"(?:you|the\s+agent)\s+)?to\s+(?P<rest>[a-z]+\s.+?\b(?:before|prior\s+to|after|once|until)\b.+)$",
    re.I,
)
_REQUIRES_DONE = re.compile(
    r"^\W*(?P<a>[^,;]+?)\s+(?:always\s+)?requires?\s+(?P<o>(?:the|a|an|its|their)\s+[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+to\s+(?:be|have\s+been)\s+(?P<v>[a-z]+(?:ed|en|t|d))(?:\s+(?:first|"
    r"beforehand|already))?" + _END,
    re.I,
)
_ONCE_HAVE = re.compile(
    r"^\W*(?P<conj>once|after|only\s+once|only\s+after)\s+(?:you|the\s+agent|we)\s+(?:have|has|'ve)\s+"
    r"(?:got\s+|gotten\s+|obtained\s+|retrieved\s+)?(?P<n>(?:the|their|its)\s+[^,;]+?),\s*"
    r"(?P<main>[^;]+?)" + _END,
    re.I,
)
_WITH_TOOL = re.compile(
    r"^(?P<lead>\W*(?:(?:before|prior\s+to)\s+[^,]+,\s*)?(?:always\s+)?)(?P<vp>[a-z][^,;`]*?)\s+(?:with|"
    r"using|via|through|by\s+calling|by\s+using)\s+(?:the\s+)?`?(?P<id>[A-Za-z][A-Za-z0-9]*"
    r"(?:_[A-Za-z0-9]+)+)`?(?:\(\))?(?:\s+(?:tool|function))?\s+(?P<rest>(?:first\s+)?(?:before|prior\s+"
    r"to)\b.*)$",
    re.I,
)
_UNLESS_PASSIVE = re.compile(
    r"^\W*(?P<neg>"
    + _NEG
    + r")\s+(?P<y>.+?)\s+unless\s+(?P<x>(?:it|they|`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?|the\s+[a-z]"
    r"[\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:has|have)\s+(?:already\s+|first\s+)?been\s+[a-z]+(?:ed|en|t|d)\b[^,;]*?)"
    + _END,
    re.I,
)
_ONLY_AFTER_MAY = re.compile(
    r"^\W*only\s+(?P<conj>after|once|when)\s+(?P<e>[^,;]+?)\s*,?\s+(?P<m>may|can|should|must|will|shall)\s+"
    r"(?P<who>you|we|the\s+agent|(?:the|a|an|any|its|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?=\s+be\s))"
    r"\s+(?:be\s+)?(?P<main>[a-z][^;]*?)" + _END,
    re.I,
)
_ENSURE_DONE = re.compile(
    r"^\W*(?:always\s+)?(?:make\s+sure|ensure|be\s+sure|check|verify|confirm)\s+(?:that\s+)?(?P<x>(?:the|a|an|"
    r"its|their)\s+[^,;]+?\s+(?:has|have)\s+(?:already\s+)?been\s+[a-z]+(?:\s+(?:up|out|off|down))?)"
    r"\s+(?:before|prior\s+to)\s+"
    r"(?P<y>[^;]+?)" + _END,
    re.I,
)
_TERSE = re.compile(
    r"^\W*(?P<no>no\s+)?(?P<n>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s*:?\s+(?P<only>only\s+)?"
    r"(?P<conj>after|once|before|until)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
_WAITS = re.compile(
    r"^\W*(?P<n>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+(?:must|should|has\s+to|have\s+to|needs?\s+to|"
    r"will)\s+wait\s+(?:until|till)\s+(?P<e>[^;]+?)" + _END,
    re.I,
)
_PRIOR_NOUN = re.compile(
    r"^\W*(?P<a>[^,;]+?)\s+(?:always\s+)?requires?\s+(?P<b>(?:a|an|the)\s+(?:prior|previous|successful)\s+"
    r"[^,;]+?)(?:\s+(?:first|beforehand))?" + _END,
    re.I,
)
_USER_SUBJECT = re.compile(r"^\W*(?:the\s+|a\s+|an\s+)?" + USER + r"s?\b", re.I)


_IT_IS_BANNED = re.compile(
    r"^\W*it\s+is\s+(?:strictly\s+)?(?:not\s+(?:allowed|permitted|acceptable)|forbidden|prohibited|never\s+"
    r"(?:allowed|acceptable))\s+(?:for\s+(?:you|the\s+agent)\s+)?to\s+(?P<rest>[a-z].+)$",
    re.I,
)
_NO_CIRCUMSTANCES = re.compile(
    r"^\W*(?:under\s+no\s+circumstances|in\s+no\s+case|at\s+no\s+time)\s*,?\s+(?:should|may|can|must|"
    r"will|shall)\s+(?:you|the\s+agent|we)\s+(?P<rest>[a-z].+)$",
    re.I,
)
_GERUND_BANNED = re.compile(
    r"^\W*(?P<y>[a-z]{3,}ing\b[^,;]*?\s+(?:before|prior\s+to|until)\s+[^,;]+?)\s+" + _BANNED + _END,
    re.I,
)


def _ban_framing(text: str) -> str | None:
    """A ban said in another frame, as "do not ..." ("it is forbidden to Y before X", "under
    no circumstances should you Y before X", "Y-ing before X-ing is not allowed"), else None."""
    if (m := _IT_IS_BANNED.match(text) or _NO_CIRCUMSTANCES.match(text)) is not None:
        return f"Do not {m['rest']}"
    if (m := _GERUND_BANNED.match(text)) is not None:
        return f"Do not {base_form(m['y'])}."
    return None


_ONLY_IF_DONE = re.compile(
    r"^\W*(?P<main>[^,;]+?)\s+only\s+(?:if|when)\s+(?P<e>[^,;]+?\s+(?:has|have)\s+(?:already\s+)?"
    r"(?:been\s+)?(?P<v>[a-z]+)\b[^,;]*?)(?P<first>\s+(?:first|beforehand))?" + _END,
    re.I,
)


def _done_first(m: re.Match[str]) -> bool:
    """ "only if X has been logged first": an earlier call. Without "first" ("only if it
    has been cancelled") the words as often name a state the thing is in, which may come
    from before the session, so that is left to the condition grammar (never stronger)."""
    return bool(m["first"]) and m["first"].strip().casefold() in {"first", "beforehand"}


def _as_clause(phrase: str) -> str | None:
    """An action said by a gerund or an action noun, as an imperative ("room bookings":
    "book the room"; "cancelling an event": "cancel an event"), else None."""
    from specgap.extract.order_events import nominal_action

    words = phrase.split()
    if words and words[0].casefold().endswith("ing") and verb_lemma(words[0]) is not None:
        return base_form(phrase)
    action = nominal_action(phrase)
    if action is None:
        return None
    verb, *obj = action.split()
    return f"{verb} the {' '.join(obj)}" if obj else verb


as_clause = _as_clause  # for `order_forms`


def never_before(text: str) -> bool:
    """The sentence ends "never before" / "not earlier": it states an order, no duty."""
    return _NEVER_BEFORE.search(" ".join(text.split())) is not None


def _bare_noun(x: str) -> bool:
    """An event said by one noun alone ("payment", "approval"), not a gerund, a clause or a
    noun with what it acts on ("a trip lookup", "a refund of the fee")."""
    words = re.findall(r"[A-Za-z][\w-]*", x)
    words = [w for w in words if w.casefold() not in {"a", "an", "the", "any", "prior", "its"}]
    return len(words) == 1 and not words[0].casefold().endswith("ing")


def _event(x: str) -> str | None:
    """The event of a "without": the phrase, unless it is the user's yes, a person, or a
    noun alone ("without payment": a state as much as a call)."""
    if _YES.search(x) or _USER_SUBJECT.match(x) or _bare_noun(x):
        return None
    return x.strip()


def rephrasings(text: str) -> list[Rephrased]:
    """The shapes `temporal` reads that say what `text` says (see the module docstring),
    most specific first; [] when the sentence is none of these shapes."""
    text = " ".join(text.split())
    out: list[Rephrased] = []
    banned = _ban_framing(text)
    if banned is not None:  # "it is forbidden to Y before X": "do not Y before X", and so on
        return [Rephrased(banned), *rephrasings(banned)]
    if (m := _NAMED_TOOL.match(text)) is not None:
        # "confirm the member (find_member) before ...": the tool in brackets is the action
        out.append(Rephrased(f"{m['lead']}call {m['id']} {m['rest']}"))
    if (m := _WITH_TOOL.match(text)) is not None:
        # "check the bike's condition with get_bike before ...": that tool is the action
        out.append(Rephrased(f"{m['lead']}call {m['id']} {pointed_at(m['vp'], m['rest'])}"))
    if (m := _UNLESS_PASSIVE.match(text)) is not None:
        # "never close a trip unless it has been fetched": the fetch comes first; "has been
        # cancelled" may as well be a state from before the session, so unless a tool is
        # named or "first" said, the rule is reviewed
        named = "_" in m["x"].split()[0] or re.search(r"\b(?:first|beforehand)\b", m["x"], re.I)
        out.append(Rephrased(f"{m['neg']} {m['y']} before {m['x']}", inferred=not named))
    # "without first fetching it", "without a trip lookup" name the call; "without payment"
    # may name a state as well, and is left to the condition grammar (`_event`)
    if (m := _WITHOUT.match(text)) is not None and (x := _event(m["x"])) is not None:
        out.append(Rephrased(f"{m['neg']} {m['y']} before {x}"))
    if (m := _GERUND_WITHOUT.match(text)) is not None and (x := _event(m["x"])) is not None:
        out.append(Rephrased(f"Do not {base_form(m['y'])} before {x}"))
    if (m := _PASSIVE_WITHOUT.match(text)) is not None and (x := _event(m["x"])) is not None:
        out.append(Rephrased(f"{m['s'].strip()} may only be {m['v']} after {x}"))
    if (m := _NEED.match(text)) is not None and not _YES.search(m["n"]):
        thing = _DETAIL.sub("", m["n"].strip())
        out.append(Rephrased(f"Get {thing} {m['conj']} {m['y']}", inferred=True))
    if (m := _MAKE_SURE.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        out.append(Rephrased(f"{verb} {m['rest']}"))
    if (m := _HAVE_DONE.match(text)) is not None and (verb := verb_lemma(m["v"])) is not None:
        out.append(Rephrased(f"{verb} {m['rest']}"))  # "you should have fetched X before Y"
    if (m := _UNLESS_DONE.match(text)) is not None and (doing := gerund(m["v"])) is not None:
        # "don't Y unless you have V-ed X (first)": X-ing comes first
        out.append(Rephrased(f"{m['neg']} {m['y']} before {doing} {m['x']}"))
    if (m := _SURE_TO.match(text)) is not None:
        out.append(Rephrased(m["rest"]))
    out += _stated_order(text)
    if (m := _ONLY_IF_DONE.match(text)) is not None and _done_first(m):
        # "a vehicle may be towed only if a violation has been logged for it first"
        out.append(Rephrased(f"{m['main']} only after {m['e']}"))
    if (m := _ENSURE_DONE.match(text)) is not None:
        # "ensure the invoice has been fetched before ...": a call or a state, so reviewed
        y = m["y"]
        subject = re.split(r"\s+(?:has|have)\s+", m["x"], maxsplit=1)[0]
        if (who := re.match(r"^(?:you|we|the\s+agent)\s+(?=[a-z])", y, re.I)) is not None:
            y = re.sub(r"\b(?:it|them)\b", subject, y[who.end() :], count=1)  # "you cancel it"
            later: str | None = y
        else:
            later = base_form(y) if y.split()[0].casefold().endswith("ing") else None
        if later is not None:
            out.append(Rephrased(f"Do not {later} before {m['x']}", inferred=True))
    if (m := _TERSE.match(text)) is not None and (act := _as_clause(m["n"])) is not None:
        # "No refunds before the event is cancelled", "Room bookings: only after ..."
        conj = m["conj"].casefold()
        if m["no"] and conj in {"before", "until"}:
            out.append(Rephrased(f"Do not {act} {conj} {m['e']}"))
        elif not m["no"] and m["only"] and conj in {"after", "once"}:
            out.append(Rephrased(f"You may only {act} {conj} {m['e']}"))
    if (m := _WAITS.match(text)) is not None and (act := _as_clause(m["n"])) is not None:
        out.append(Rephrased(f"Do not {act} until {m['e']}"))  # "changes must wait until X"
    if (m := _PRIOR_NOUN.match(text)) is not None:
        out.append(Rephrased(f"{m['b']} must precede {m['a']}"))  # "requires a prior lookup"
    if (m := _ONLY_AFTER_MAY.match(text)) is not None:
        # "only after X may you Y" / "only once X can the event be modified"
        if m["who"].casefold() in {"you", "we", "the agent"}:
            out.append(Rephrased(f"{m['who']} {m['m']} only {m['main']} {m['conj']} {m['e']}"))
        else:
            out.append(Rephrased(f"{m['who']} {m['m']} only be {m['main']} {m['conj']} {m['e']}"))
    if (m := _PREREQUISITE.match(text)) is not None:
        out.append(Rephrased(f"{m['x']} must precede {m['y']}"))
    if (m := _MANDATORY.match(text)) is not None:
        out.append(Rephrased(m["rest"]))
    if (m := _REQUIRES_DONE.match(text)) is not None:
        out.append(Rephrased(f"{m['a']} requires that {m['o']} has been {m['v']}"))
    if (m := _ONCE_HAVE.match(text)) is not None and not _YES.search(m["n"]):
        # "once you have the event details, you may ...": a read of it comes first
        thing = _DETAIL.sub("", m["n"].strip())
        out.append(Rephrased(f"{m['conj']} getting {thing}, {m['main']}", inferred=True))
    if (m := _PRECEDED.match(text)) is not None:
        out.append(Rephrased(f"{m['b']} must precede {m['a']}"))
    if (m := _FOLLOWS.match(text)) is not None:
        out.append(Rephrased(f"{m['b']} must precede {m['a']}"))
    if (m := _CHECKED_BY.match(text)) is not None:
        # "verify that it is free by looking it up": the call that checks comes first
        out.append(Rephrased(f"{m['pre']}{base_form(m['g'] + m['rest'])}"))
    if (m := _HOLD.match(text)) is not None:
        y = base_form(m["y"]) if m["y"].split()[0].endswith("ing") else m["y"]
        out.append(Rephrased(f"Do not {y} until {m['e']}"))
    if (m := _WAIT_BEFORE.match(text)) is not None:
        out.append(Rephrased(f"Do not {base_form(m['y'])} until {m['e']}"))
    if (m := _GERUND_UNTIL.match(text)) is not None:
        out.append(Rephrased(f"Do not {base_form(m['y'])} until {m['e']}"))
    out += [Rephrased(said, inferred) for said, inferred in more_rephrasings(text)]
    out += [Rephrased(said) for said in rephrased_orders(text)]  # "X first; only then Y"
    out += [Rephrased(said) for said in then_orders(text)]  # "X; only then may you Y"
    out += [Rephrased(said) for said in made_sure(text)]  # "make sure X was V-ed; only then"
    out += [Rephrased(said) for said in plain_frames(text)]  # "you are expected to X before Y"
    out += [Rephrased(said) for said in plain_order_words(text)]  # "ahead of", "it is required"
    return out


def _stated_order(text: str) -> list[Rephrased]:
    """ "Y after X, never before", "Ns are V-ed only once X has been done": what may
    happen only after X. A bare present statement ("deposits are charged after the
    inspection") is a description, not a rule, and is not read."""
    never = _NEVER_BEFORE.search(text)
    body = text[: never.start()] if never is not None else text
    out: list[Rephrased] = []
    m = _PASSIVE_WHEN.match(body)
    if m is not None and (never is not None or m["only"] or re.search(r"\bonly\b", body, re.I)):
        conj = m["conj"].casefold()
        if conj != "when" or _DONE_EVENT.search(m["e"]):  # "only when X has been done"
            conj = "after" if conj == "when" else conj
            out.append(Rephrased(f"{m['s'].strip()} may only be {m['v']} {conj} {m['e']}"))
    if never is not None and (a := _ACTIVE_WHEN.match(body)) is not None and not m:
        out.append(Rephrased(f"{a['y']} only {a['conj']} {a['e']}"))
    return out
