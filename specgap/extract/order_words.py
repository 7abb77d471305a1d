"""Words of an ordering said plainly before it is read: idioms of reading ("pull up the
booking": look it up; "proceed to cancel": cancel), "having V-ed" as a gerund, several
coordinated verbs of one event as gerunds ("before you modify, cancel or refund it":
"before modifying, canceling or refunding it"), the base form of a gerund phrase."""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.english import base_verb, verb_lemma
from specgap.operators.prose import inflections

_IDIOM = re.compile(
    r"\b(?P<v>pull|pulls|pulled|pulling|bring|brings|brought|bringing)\s+up\b", re.I
)
_LOOK = {"pull": "look", "pulls": "looks", "pulled": "looked", "pulling": "looking",
         "bring": "look", "brings": "looks", "brought": "looked",
         "bringing": "looking"}  # fmt: skip


_AT = re.compile(
    r"\b(?P<v>look|looks|looked|looking)\s+at\b(?=\s+(?:the|a|an|its|their|your)\b)", re.I
)


# "pull the invoice", "grab the ledger": get it (not "pull up", an idiom of looking)
_PULL = re.compile(
    r"\b(?P<v>pull|pulls|pulled|pulling|grab|grabs|grabbed|grabbing)(?=\s+(?:the|a|an|its|their|"
    r"his|her|your|latest|current)\b)",
    re.I,
)
_GET = {"pull": "get", "pulls": "gets", "pulled": "got", "pulling": "getting", "grab": "get",
        "grabs": "gets", "grabbed": "got", "grabbing": "getting"}  # fmt: skip


def pulled(text: str) -> str:
    """ "pull the invoice" / "grab the ledger" -> "get the invoice" (a read said
    casually; "pull up" is `idioms`' look-up)."""
    said = _PULL.sub(lambda m: _GET[m["v"].casefold()], text)
    if said == text:
        return text
    # "get the latest invoice": the invoice (which one is the tool's to answer)
    return re.sub(r"\b(get|gets|got|getting)\s+(the\s+)?(?:latest|current|most\s+recent)\s+",
                  r"\1 \2", said, flags=re.I)  # fmt: skip


# "proceed to cancel", "attempt to send", "go ahead and book": the action itself
_GO_ON = re.compile(
    r"\b(?:proceed|attempt|try|go\s+ahead|move\s+on)\s+(?:to|and)\s+(?=[a-z]{3,}\b)", re.I
)


# "attempt a refund", "processing any cancellation": a light verb and an action noun
_LIGHT = re.compile(
    r"\b(?P<v>attempt|process|perform|initiate|execute|conduct|carry\s+out)(?P<ing>ing)?\s+"
    r"(?P<np>(?:a|an|any|the)\s+[a-z]+)(?P<of>\s+of(?:\s+(?:the|a|an|any|its|their))?\b)?",
    re.I,
)


# "pass the identity check", "clear the screening": going through a check is running it
_UNDERGO = re.compile(
    r"\b(?P<v>pass(?:es|ed|ing)?|clear(?:s|ed|ing)?|undergo(?:es|ing)?|underwent|undergone)\s+"
    r"(?P<np>(?:the|a|an|their|its|his|her|your)\s+(?:[a-z][a-z-]*\s+){0,2}(?:check|checks|screen|"
    r"screening|verification|test|vetting)\b)",
    re.I,
)
_RUN = {"s": "runs", "es": "runs", "ed": "run", "ing": "running"}


def _undergone(m: re.Match[str]) -> str:
    verb = m["v"].casefold()
    base = next(b for b in ("pass", "clear", "undergo", "underw") if verb.startswith(b))
    ending = "ed" if base == "underw" or verb == "undergone" else verb[len(base) :]
    return f"{_RUN.get(ending, 'run')} {m['np']}"


def _light(m: re.Match[str]) -> str:
    from specgap.extract.order_events import nominal_action

    named = nominal_action(m["np"])
    if named is None or " " in named:
        return m[0]  # "process the form": no action noun, left as it is
    verb = (gerund_of(named) or named) if m["ing"] else named
    return f"{verb} the" if m["of"] else verb


def gerund_of(verb: str) -> str | None:
    """ "refund" -> "refunding": the -ing form of a verb, else None."""
    forms = inflections(verb, "VBG")
    return forms[0] if forms else None


def idioms(text: str) -> str:
    """The text with idioms of reading said plainly ("pull up the booking": "look up the
    booking"; "proceed to cancel the booking": "cancel the booking"; "attempt a refund":
    "refund"; "ahead of": "before"), so that the verb names the action the resolver knows."""
    from specgap.extract.oblig_then import once_found

    text = once_found(text)  # "X; once found, Y": after X-ing, Y
    text = _IDIOM.sub(lambda m: f"{_LOOK[m['v'].casefold()]} up", text)
    text = _AT.sub(r"\g<v> up", text)  # "look at the unit with `t`": read it (as "look up")
    text = pulled(text)  # "pull the invoice": get it
    text = _UNDERGO.sub(_undergone, text)  # "pass the identity check": run it
    text = _AHEAD.sub("before", text)  # "ahead of a move": before a move
    return _LIGHT.sub(_light, _GO_ON.sub("", text))


# "ahead of a move" (never "ahead of time", "ahead of schedule": early)
_AHEAD = re.compile(r"\bahead\s+of\b(?!\s+(?:time|schedule|the\s+curve)\b)", re.I)


# "Read the work order with `t` before amending it": what the first call acts on (a noun
# phrase after its verb, the tool named after "with"), and the event after "before"
_OWN_OBJECT = re.compile(
    r"^(?P<lead>(?:[^:.;]{1,30}:\s+)?\W*[A-Za-z]+(?:\s+(?:up|at|out|over))?\s+"
    r"(?P<np>(?:the|a|an|their|its|your|that)\s+[a-z][a-z -]{0,40}?)\s+"
    r"(?:with|using|via|through|by\s+calling)\s+`?[A-Za-z][\w.:-]*`?(?:\(\))?\s+"
    r"(?:before|prior\s+to)\s+)(?P<event>[^.;]+)",
    re.I,
)
# "amending it", "you withdraw it": the pronoun as the object of the event's verb
_IT = re.compile(
    r"(?<=ing)(?P<sp>\s+)(?:it|them)\b|\b(?P<who>you|we)\s+(?P<v>[a-z]+)\s+(?:it|them)\b",
    re.I,
)


def own_object(text: str) -> str | None:
    """ "Read the work order with `t` before amending it or withdrawing it": the event's
    pronouns are the noun phrase the first call acts on ("before amending the work order or
    withdrawing the work order"), so each event names what it acts on; None when the text
    is not so."""
    m = _OWN_OBJECT.match(text)
    if m is None:
        return None
    np = m["np"]

    def said(it: re.Match[str]) -> str:
        return f"{it['sp']}{np}" if it["sp"] is not None else f"{it['who']} {it['v']} {np}"

    event = _IT.sub(said, m["event"])
    if event == m["event"]:
        return None
    return text[: m.start("event")] + event + text[m.end("event") :]


_HAVING = re.compile(r"^\s*having\s+(?:already\s+|first\s+|successfully\s+)?(?P<v>[a-z]+)\b", re.I)


def having_done(event: str) -> str:
    """ "having cancelled the event" -> "cancelling the event"; any other event as it is."""
    m = _HAVING.match(event)
    if m is None or (doing := gerund(m["v"])) is None:
        return event
    return doing + event[m.end() :]


def gerund(participle: str) -> str | None:
    """ "found" -> "finding": the -ing form of a past participle's verb, else None."""
    verb = verb_lemma(participle)
    return None if verb is None else gerund_of(verb)


_FIRST_NOUN = re.compile(r"\b(?:the|a|an|its|their)\s+(?P<n>[a-z][\w-]*?)(?:'s)?\b", re.I)


def pointed_at(verb_phrase: str, rest: str) -> str:
    """The rest of a sentence whose action became a tool id, with its pronoun read as the
    thing the verb phrase named ("check the bike's condition with `get_bike` before
    unlocking it": "before unlocking the bike")."""
    noun = _FIRST_NOUN.search(verb_phrase)
    if noun is None:
        return rest
    return re.sub(r"\b(?:it|them)\b", f"the {noun['n']}", rest, count=1)


_VERBS_OF_YOU = re.compile(
    r"^\s*(?:you|we|the\s+agent)\s+(?P<vs>[a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s*(?:or|and|and/or)\s+[a-z]+)"
    r"\s+(?P<rest>\S.*)$",
    re.I,
)
# the subject of a passive: a determined noun phrase of one or two words ("the visit", "any
# work order")
_PASSIVE_SUBJECT = (
    r"^\s*(?P<s>(?:any|the|a|an|each|every|its|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
    r"(?:is|are)\s+"
)
_PASSIVE_VERBS = re.compile(
    _PASSIVE_SUBJECT
    + r"(?P<vs>[a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s*(?:or|and|and/or)\s+[a-z]+)\b(?P<rest>.*)$",
    re.I,
)


_ONE_PASSIVE = re.compile(_PASSIVE_SUBJECT + r"(?P<v>[a-z]+)\b(?P<rest>.*)$", re.I)


_PRONOUNS = frozenset(
    {"it", "they", "them", "he", "she", "we", "you", "this", "that", "these", "those", "one"}
)


def passive_gerund(event: str) -> str | None:
    """ "a booking is removed" -> "removing a booking": one participle after "is" said as the
    act's gerund over the subject (a verb's participle, not its base form: "is open" is a
    state); None for any other event."""
    m = _ONE_PASSIVE.match(event)
    if m is None or any(w in _PRONOUNS for w in m["s"].casefold().split()):
        return None  # ("the they are moved": a pronoun is what `order_same` reads)
    word = m["v"].casefold()
    verb = verb_lemma(word)
    if verb is None or verb == word or verb in _NO_ACT or (doing := gerund_of(verb)) is None:
        return None
    return f"{doing} {m['s']}{m['rest']}"


_COORDINATED_EVENT = re.compile(
    r"\b(?P<conj>before|prior\s+to|after|until|once)\s+(?P<event>(?:you|we|the\s+agent|any|the|a|an|each|"
    r"every|its|their)\s+[^;]*?\b(?:or|and)\b[^;.]*)",
    re.I,
)


def coordinated_events(text: str) -> str:
    """The sentence with an event of several coordinated verbs said by gerunds ("before you
    modify, cancel or refund it": "before modifying, canceling or refunding it")."""
    m = _COORDINATED_EVENT.search(text)
    if m is None:
        return text
    said = coordinated_gerunds(m["event"])
    return text if said == m["event"] else text[: m.start("event")] + said + text[m.end("event") :]


def coordinated_gerunds(event: str) -> str:
    """ "you modify, cancel or refund it" / "any event is booked, modified, or cancelled":
    the same as gerunds ("modifying, cancelling or refunding it", "booking, modifying or
    cancelling any event"), which `temporal` reads as one event per verb; else the event."""
    m = _VERBS_OF_YOU.match(event)
    if m is not None:
        doing = _gerunds(m["vs"], lambda w: w)
        return f"{doing} {m['rest']}" if doing else event
    m = _PASSIVE_VERBS.match(event)
    if m is not None:
        doing = _gerunds(m["vs"], verb_lemma, participles=True)
        return f"{doing} {m['s']}{m['rest']}" if doing else event
    m = _ACT_NOUNS.match(event)
    if m is not None and base_verb(m["ns"].split()[0].strip(",").casefold()):
        # "any move or cancellation": "moving or cancelling" (a first noun spelt as its verb
        # reads as a verb with the rest for its object; "any payment or refund" reads as is)
        doing = _gerunds(m["ns"], _act_verb)
        return f"{doing}{m['rest']}" if doing else event
    return _own_objects(event)


# acts said by their nouns, coordinated after a determiner ("any move or cancellation", "a
# refund, a move or a cancellation")
_ACT_NOUNS = re.compile(
    r"^\s*(?:any|every|each|a|an|the)\s+(?P<ns>[a-z]+(?:\s*,\s*(?:(?:or|and)\s+)?(?:an?\s+)?"
    r"[a-z]+)*\s*,?\s*(?:or|and)\s+(?:an?\s+)?[a-z]+)\b"
    # (no verb of its own after them: "the booking or payment is changed" is a thing's)
    r"(?P<rest>\s*(?:[,.;:!].*)?|\s+(?:in|on|of|for|during|within)\b.*)$",
    re.I,
)


def _act_verb(noun: str) -> str | None:
    """The verb an action noun names ("cancellation": cancel, "move": move), or None."""
    from specgap.extract.noun_counts import act_of

    act = act_of(noun)
    return act if act is not None and " " not in act else None


_YOU = re.compile(r"^\s*(?:you|we|the\s+agent)\s+(?=[a-z])", re.I)
_PART_SEP = re.compile(r"(\s*,\s*(?:(?:and|or)\s+)?|\s+(?:or|and|and/or)\s+)", re.I)


def _own_objects(event: str) -> str:
    """ "you cancel a booking or refund the deposit, look it up": the coordinated actions,
    each with its own object, as gerunds ("cancelling a booking or refunding the deposit,
    look it up"); the coordination ends at its last part joined by "or"/"and", and every
    part must open with an action verb. Else the event as it is."""
    from specgap.extract.grammar_words import IMPERATIVE_VERBS

    you = _YOU.match(event)
    if you is None:
        return event
    pieces = _PART_SEP.split(event[you.end() :])
    parts, seps = pieces[0::2], pieces[1::2]
    last = max(
        (i + 1 for i, sep in enumerate(seps) if re.search(r"\b(?:or|and)\b", sep)), default=0
    )
    if last < 1:
        return event
    doing: list[str] = []
    for part in parts[: last + 1]:
        words = part.split(maxsplit=1)
        verb = words[0].casefold() if words else ""
        if len(words) < 2 or verb not in IMPERATIVE_VERBS or (ing := gerund_of(verb)) is None:
            return event
        doing.append(f"{ing} {words[1]}")
    said = "".join(d + (seps[i] if i < last else "") for i, d in enumerate(doing))
    rest = "".join(seps[last + i] + parts[last + 1 + i] for i in range(len(parts) - last - 1))
    return said + rest


# verbs whose participle after "is" says no act of the agent ("is done", "is seen")
_NO_ACT = frozenset({"be", "have", "do", "get", "see", "go", "let"})


def _gerunds(
    verbs: str, base: Callable[[str], str | None], *, participles: bool = False
) -> str | None:
    """ "modify, cancel or refund" -> "modifying, cancelling or refunding"; None unless each
    word is an action verb. Participles after "is" ("a visit is shown, moved or cancelled")
    are verbs by their place, so any verb's participle counts there, the irregular ones the
    list of imperative verbs leaves out ("shown", "taken", "held") too."""
    from specgap.extract.grammar_words import IMPERATIVE_VERBS

    # ("a move or a cancel": the articles before each act noun are none of its words)
    words = [w for w in re.findall(r"[a-z]+", verbs.casefold()) if w not in {"a", "an"}]
    glue = [w for w in words if w in {"or", "and"}]
    forms = []
    for word in (w for w in words if w not in {"or", "and"}):
        verb = base(word)
        acts = verb in IMPERATIVE_VERBS or (participles and word != verb and verb not in _NO_ACT)
        if verb is None or not acts or (doing := gerund(verb)) is None:
            return None
        forms.append(doing)
    if len(forms) < 2:
        return None
    return f"{', '.join(forms[:-1])} {glue[-1] if glue else 'or'} {forms[-1]}"


def base_form(gerund_phrase: str) -> str:
    """ "assigning a slip" -> "assign a slip": the phrase with its first word's verb."""
    words = gerund_phrase.strip().split(maxsplit=1)
    if not words:
        return gerund_phrase
    verb = verb_lemma(words[0]) or words[0]
    return " ".join([verb, *words[1:]])
