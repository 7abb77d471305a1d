"""Counts of an action named by its noun, with no verb of their own to read them by.

- "no more than two PIN resets per member", "at most one freeze per membership",
  "only one refund per pass", "a maximum of two upgrades per member";
- "refunds are limited to one per pass", "limit upgrades to two per member";
- "three attempts at a PIN reset", "two tries to reset a PIN".

The noun must name an action (`refund`, `cancellation`; or a verb used as its own noun,
`reset`, `upgrade`): each call is one such act, so the count is of calls (`max_calls`). A
thing counted ("two items per order") is no call count and is left to the other readers.
The count is per what the sentence says: per an entity (the compiler binds it to the
argument naming it, else keeps the rule for review), per a span of time when that is all it
says (kept for review: one trace does not show a week), never per trace in their place. Per
an entity and a span ("two resets per member per day") counts per the entity: a trace lies
within the span, so that count is no stronger than stated.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.english import lemmas
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import AT_ONCE, PARTICLES
from specgap.extract.nominals import nominal_act
from specgap.extract.pattern_base import sending
from specgap.extract.people import PERSON
from specgap.operators.prose import (
    NUMBER_WORDS,
    is_action_noun,
    lemma,
    singular,
    split_words,
)
from specgap.resolve.text import words

_PERSON = r"(?:(?:each|every|a|an|any|the)\s+)?(?P<person>" + PERSON + r")s?"
_N = r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r"|a\s+single|one\s+single|single)"
_WORD = (
    r"(?!(?:may|can|must|should|will|would|is|are|be|to|per|for|and|or|a|an|the)\b)[A-Za-z][\w-]*"
)
_NOUN = r"(?P<noun>(?:" + _WORD + r"\s+){0,2}?" + _WORD + r"?)"
_SPAN_WORDS = (
    r"(?:(?:academic|calendar|school|fiscal|financial|billing|business|working|rolling|tax)\s+)?"
    r"(?:minute|hour|day|night|week|weekend|fortnight|month|quarter|year|season|shift|term|"
    r"semester|trimester|cycle)"
)
# per an entity ("per member", "for each pass"), or "a"/"each" before a span ("twice a year")
_PER = (
    r"(?:\s+(?:(?:per|for\s+(?:each|every|any|a|an|one|the\s+same))\s+(?P<per>[a-z][\w-]*)|"
    r"(?:a|each)\s+(?P<per_a>" + _SPAN_WORDS + r")))?"
    r"(?:\s+(?:per|a|each)\s+(?P<per2>" + _SPAN_WORDS + r"|[a-z][\w-]*(?=\s*(?:[.;]|$))))?"
)
_SHAPES = re.compile(
    "|".join(
        (
            # no more than two PIN resets per member (per day)
            r"^\W*(?:(?:allow|permit|give|grant|offer)\s+(?:"
            + _PERSON
            + r"\s+)?|(?:(?P<neg>do\s+not|don't|never|no\s+(?:single\s+)?(?:session|conversation|"
            r"chat|dialogue|interaction|contact))\s+)?(?P<make>issue|create|make|send|book|"
            r"open|place|file|submit|generate|post|add)s?\s+(?=(?:more|at|no|a|up|only|just|\d|"
            + "|".join(NUMBER_WORDS)
            + r")\b)|"
            + _PERSON.replace("<person>", "<person2>")
            + r"\s+(?:(?:is|are)\s+(?:entitled|allowed)\s+to|gets?|has|have|(?:may|can)\s+"
            r"(?:have|get|make|receive|request))\s+|(?P<label>(?:limit|max(?:imum)?|cap|quota|"
            r"allowance)\s*:\s*))?(?P<q>no\s+more\s+than|(?:not|never)\s+more"
            r"\s+than|more\s+than|at\s+most|a\s+maximum\s+of|max(?:imum)?\.?|up\s+to|only|just)?\s*"
            + _N
            + r"\s+"
            + _NOUN
            + _PER
            + r"\s*(?:[.;]|$)",
            # refunds are limited to one per pass; limit upgrades to two per member
            r"^\W*(?:limit\s+)?(?:(?:the|all|any)\s+)?"
            + _NOUN.replace("noun", "noun2")
            + r"\s+(?:(?:are|is)\s+(?:limited|capped|restricted)\s+)?to\s+(?:(?:at\s+most|no\s+more"
            r"\s+than|a\s+maximum\s+of)\s+)?"
            + _N.replace("<n>", "<n2>")
            + r"\s+(?:per|for\s+(?:each|every|a|an))\s+(?P<per3>[a-z][\w-]*)"
            r"(?:\s+(?:per|a|each)\s+(?P<per7>" + _SPAN_WORDS + r"))?\s*(?:[.;]|$)",
            # only one upgrade is allowed per pass (per season)
            r"^\W*(?:(?:only|just|at\s+most|no\s+more\s+than|a\s+maximum\s+of|up\s+to)\s+)?"
            + _N.replace("<n>", "<n8>")
            + r"\s+"
            + _NOUN.replace("noun", "noun8")
            + r"\s+(?:is|are|will\s+be|may\s+be|can\s+be)\s+(?:allowed|permitted|possible|accepted)"
            r"\s+(?:per|for\s+(?:each|every|a|an))\s+(?P<per8>[a-z][\w-]*)"
            r"(?:\s+(?:per|a|each)\s+(?P<per9>" + _SPAN_WORDS + r"))?\s*(?:[.;]|$)",
            # max_upgrades_per_pass: 1 (a configuration line)
            r"^\W*`?(?:max(?:imum)?[_-])(?P<noun9>[a-z]+)[_-]per[_-](?P<per10>[a-z]+)`?\s*[:=]\s*"
            r"`?(?P<n9>\d+)`?\W*$",
            # three attempts at a PIN reset; two tries to reset a PIN
            r"\b" + _N.replace("<n>", "<n3>") + r"\s+(?:attempts?|tries)\s+(?:at|for)\s+"
            r"(?:(?:a|an|the|their)\s+)?(?P<noun3>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)"
            r"\s*(?:[.;,]|$)",
            r"\b" + _N.replace("<n>", "<n4>") + r"\s+(?:attempts?|tries)\s+to\s+"
            r"(?P<act>[a-z]+(?:\s+(?:a|an|the|their)\b)?(?:\s+[A-Za-z][\w-]*){1,2}?)\s*(?:[.;,]|$)",
            # payments: one per invoice
            # (a table row: "| Pass upgrade | once per pass |" reads "Pass upgrade once per pass")
            r"^\W*(?P<noun6>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)(?:\s*:\s*|\s+(?=(?:once|twice)\b))"
            r"(?:at\s+most\s+|max(?:imum)?"
            r"\.?\s+|only\s+|no\s+more\s+than\s+)?(?P<n6>\d+|" + "|".join(NUMBER_WORDS) + r"|once|"
            r"twice)\s+(?:(?:times?|calls?)\s+)?(?:per|for\s+(?:each|every|a|an))\s+(?P<per6>[a-z][\w-]*)"
            r"(?:\s+(?:per|a|each)\s+(?P<per11>" + _SPAN_WORDS + r"))?\W*$",
            # students are limited to three section swaps per term; there is a limit of two
            # swaps per student
            r"^\W*(?:(?:(?:each|every|a|an|the)\s+)?(?P<person3>" + PERSON + r")s?\s+(?:is|are)\s+"
            r"(?:limited|restricted|capped)\s+to|there\s+is\s+a\s+(?:limit|maximum|cap)\s+of)\s+"
            r"(?:(?:at\s+most|no\s+more\s+than|up\s+to)\s+)?"
            + _N.replace("<n>", "<n12>")
            + r"\s+"
            + _NOUN.replace("noun", "noun12")
            + r"(?:\s+(?:per|for\s+(?:each|every|a|an))\s+(?P<per12>[a-z][\w-]*))?"
            r"(?:\s+(?:per|a|each)\s+(?P<per13>" + _SPAN_WORDS + r"))?\s*(?:[.;]|$)",
            # the maximum number of waitlist joins per student is 3
            r"^\W*the\s+(?:maximum|max\.?|greatest|highest)\s+number\s+of\s+"
            + _NOUN.replace("noun", "noun13")
            + r"\s+(?:per|for\s+(?:each|every|a|an|one))\s+(?P<per14>[a-z][\w-]*)"
            r"(?:\s+(?:per|a|each)\s+(?P<per15>"
            + _SPAN_WORDS
            + r"))?\s+(?:is|will\s+be)\s+"
            + _N.replace("<n>", "<n13>")
            + r"\s*(?:[.;]|$)",
            # you may try the PIN reset at most 3 times
            r"\b(?:try|attempt)\s+(?:(?:a|an|the|their)\s+)?(?P<noun5>(?:[A-Za-z][\w-]*\s+){0,2}?"
            r"[A-Za-z][\w-]*)\s+(?:(?:at\s+most|no\s+more\s+than|up\s+to|only)\s+)?"
            r"(?P<n5>once|twice|thrice|(?:\d+|" + "|".join(NUMBER_WORDS) + r")\s+times)\b",
        )
    ),
    re.I,
)
# how an act is priced or placed, not which act it is ("one free extension")
# a count of acts that are free: more cost a fee, none is forbidden
FREE = re.compile(
    r"\b(?:free(?:\s+of\s+charge)?|complimentary|no-charge|no-cost|at\s+no\s+(?:extra\s+)?"
    r"(?:charge|cost))\b",
    re.I,
)
_HOW = frozenset(
    split_words("free extra additional complimentary paid new further late early partial full")
)
# units of time, money and size: a measure of one call, never a count of calls
_MEASURES = frozenset(
    split_words(
        "second minute hour day night week weekend month year dollar euro pound cent percent "
        "kg kilogram gram lb mile km kilometre kilometer meter metre unit seat guest person "
        "people item piece page line row"
    )
)
_SINGLE = {"a single": 1, "one single": 1, "single": 1}
# spans that are the whole conversation: counted per trace
# (a "call" an act is counted per is the user's call: per tool call each call is one act)
_WHOLE = frozenset(split_words("conversation session chat interaction trace dialogue call contact"))
# nouns that are things, even where a verb is spelled the same
_THINGS = frozenset(
    split_words(
        "pass passes order orders print prints file files item items ticket tickets card cards "
        "book books note notes account accounts message messages email emails time times "
        "document documents code codes seat seats person people guest guests night nights"
    )
)


# "never approve more than one payout per claim": a verb one of the agent's own tools is
# named by acts on one thing per call, as a making verb does
_TOOL_VERB_COUNT = re.compile(
    r"^\W*(?:do\s+not|don't|never|no\s+(?P<who>" + PERSON + r")\s+(?:may|can|should|shall|is\s+"
    r"allowed\s+to)|(?:(?:you|the\s+agent|(?:(?:a|an|each|every|the|any)\s+)?(?P<who2>"
    + PERSON
    + r")s?)\s+)?(?:(?:must|may|should|shall|can)\s+not|cannot|can't|mustn't|shouldn't|"
    r"(?:is|are)\s+not\s+allowed\s+to)(?:\s+ever)?)\s+(?P<verb>[a-z]+)(?:\s+(?P<particle>out|up|in|off|back|over))?\s+"
    r"(?:more\s+than|over)\s+"
    r"(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")\s+(?P<noun>(?:[a-z][\w-]*\s+)?"
    r"(?!(?:at|in|on|for|to|of|by|with|per|a|an|the)\b)[a-z][\w-]*)" + _PER + r"\s*(?:[.;]|$)",
    re.I,
)


def _tool_verb_count(clean: str) -> Emit | None:
    from specgap.extract.grammar_words import current_tool_verbs

    m = _TOOL_VERB_COUNT.search(clean)
    if m is None or lemma(m["verb"].casefold()) not in current_tool_verbs():
        return None
    *modifiers, head = m["noun"].split()
    noun = " ".join([*modifiers, singular(head)])
    count = _number(m["n"])
    if count is None or singular(head) in _MEASURES:
        return None  # "never extend more than 2 nights": how long, not how many calls
    verb = " ".join(w for w in (lemma(m["verb"].casefold()), m["particle"]) if w)
    said = (m["per"], m["per_a"], m["per2"])
    # "no student may drop more than two courses": each student's count (a span is kept)
    who = (m["who"] or m["who2"]) if not any(said) else None
    return _counted(f"{verb} {noun}", count, said, who)


def _counted(
    action: str, count: int, said: tuple[str | None, ...], person: str | None
) -> Emit | None:
    """`max_calls` of `action`: per the one entity the sentence counts by (`said`: the words
    after "per"), else per the person the count is given to, else per a span of time; None
    when two entities are named (no one argument to count by)."""
    params: dict[str, object] = {"max": count}
    pers = [p for p in (singular(w) for w in said if w) if p not in _WHOLE]
    entities = [p for p in pers if not is_span(p)]
    if len(entities) > 1:
        return None  # per two entities at once: no one argument to count by
    if entities:
        # "two resets per member per day": per member (a trace lies within the day, so
        # counting a member's calls in it is no stronger); a span of time only when alone
        params["per"] = entities[0]
    elif person is not None:
        params["per"] = singular(person)
    elif pers:
        params["per"] = pers[0]
    return Emit("max_calls", action, params, 0.7)


def noun_count(clean: str) -> Emit | None:
    """The `max_calls` of a counted action noun (module docstring); None for none."""
    m = _SHAPES.search(clean)
    if m is None:
        return _tool_verb_count(clean)
    if FREE.search(m[0]):
        return None  # "one free transcript per term": more cost a fee, none is forbidden
    if AT_ONCE.search(m[0]):
        return None  # "make one tool call at a time": calls together, no count (one_at_a_time)
    numbers = ("n", "n2", "n3", "n4", "n5", "n6", "n8", "n9", "n12", "n13")
    raw = next(m[g] for g in numbers if m[g] is not None)
    count = _number(raw)
    led = (
        m["make"]
        or m["person"]
        or m["person2"]
        or m["label"]
        or re.match(r"^\W*(?:allow|permit|give|grant|offer)\b", clean, re.I)
    )
    if m["n"] is not None and m["q"] is None and not led:
        return None  # "two sessions per week.": no limit said, nor an allowance given
    if (m["q"] or "").casefold().startswith("more") and m["neg"] is None:
        return None  # "issue more than two vouchers": no limit without its negation
    if m["make"] is not None:  # "do not issue more than two vouchers": each call makes one
        words = (m["noun"] or "").split()
        if singular(words[-1]) in _MEASURES:
            return None  # "book at most 4 hours": how long, not how many calls
        action: str | None = " ".join([lemma(m["make"]), *words[:-1], singular(words[-1])])
    elif m["act"] is not None:
        action = re.sub(r"\s+(?:a|an|the|their)\b", "", m["act"])
    else:
        nouns = ("noun", "noun2", "noun3", "noun5", "noun6", "noun8", "noun9", "noun12", "noun13")
        said = next((m[g] for g in nouns if m[g]), "")
        action = _action(said)
        if action is None and m["label"]:
            action = sending(said)  # "Texts: two per chat": the sends
        if action is None and (m["noun2"] or m["person"] or m["person2"]):
            # "guest passes are limited to two per member", "members get two passes": the
            # things given, one or more per call, so no more calls than things
            action = _given(said)
    if count is None or action is None:
        return None
    person = m["person"] or m["person2"] or m["person3"]  # "give each member at most two"
    who = _WHO.match(clean)  # "members get three attempts": each member's
    pers = split_words(
        "per per_a per2 per3 per6 per7 per8 per9 per10 per11 per12 per13 per14 per15"
    )
    said = tuple(m[g] for g in pers)
    return _counted(action, count, said, person or (who["who"] if who is not None else None))


# the person the count is given to: "members get ...", "each guest may ..."
_WHO = re.compile(
    r"^\W*(?:(?:each|every|a|an|any|the)\s+)?(?P<who>" + PERSON + r")s?\s+(?:gets?|has|have|"
    r"may|can|is\s+allowed|are\s+allowed|is\s+entitled|are\s+entitled)\b",
    re.I,
)


def counted_person(clean: str) -> str | None:
    """The person a sentence gives its count to ("students may enroll in at most five
    courses", "each member can ..."): each one's count; None when it names no person."""
    who = _WHO.match(clean)
    return singular(who["who"]) if who is not None else None


def _number(raw: str) -> int | None:
    word = " ".join(raw.casefold().split()).removesuffix(" times")
    word = {"once": "1", "twice": "2", "thrice": "3"}.get(word, word)
    if word in _SINGLE:
        return 1
    if word.isdigit():
        return int(word)
    value = NUMBER_WORDS.get(word)
    return int(value) if value is not None else None


_SPANS = frozenset(
    split_words(
        "minute hour day night week weekend fortnight month quarter year season shift term "
        "semester trimester cycle"
    )
)


def is_span(word: str) -> bool:
    """`year`, `academic year`, `term`: a span of time, which one trace does not show."""
    return word.split()[-1] in _SPANS  # "academic year": a year


_DETERMINER = re.compile(r"^(?:(?:a|an|the|any|all|each|every|your|their|our|its)\s+)+", re.I)


# a phrasal verb said as one noun: "check-in", "pick-ups", "drop-off", "sign-up", "top-up"
_PHRASAL_NOUN = re.compile(
    r"(?P<verb>check|pick|drop|sign|top|write|log|hand|roll|call|set)-"
    r"(?P<particle>" + "|".join(sorted(PARTICLES)) + r")s?",
    re.I,
)


def act_of(phrase: str) -> str | None:
    """The act a noun phrase names: `PIN resets` -> `reset PIN`, `exporting the roster` ->
    `export roster`, `a membership upgrade` -> `upgrade membership`; None for a thing."""
    phrase = _DETERMINER.sub("", phrase.strip(" .,;:"))
    words = phrase.split()
    if not words:
        return None
    first = words[0].casefold()
    phrasal = _PHRASAL_NOUN.fullmatch(first) if len(words) == 1 else None
    if phrasal is not None:  # "check-in", "pick-ups": the phrasal verb (`check in`)
        return f"{phrasal['verb']} {phrasal['particle']}"
    verbs = lemmas(first).get("VERB", ()) if first.endswith("ing") else ()
    if verbs:  # "exporting the roster"
        rest = [w for w in words[1:] if w.casefold() not in {"a", "an", "the", "their", "your"}]
        return " ".join([verbs[0], *rest])
    return _action(phrase) if len(words) <= 3 else None


def _given(noun: str) -> str | None:
    """`guest passes` -> `give guest pass`: the act of handing out a thing; None for a
    measure ("two hours") or a word that names no thing."""
    words = [w for w in noun.split() if w.casefold() not in _HOW]
    if not words or singular(words[-1]) in _MEASURES or singular(words[-1]) in _WHOLE:
        return None
    return " ".join(["give", *words[:-1], singular(words[-1])])


def _action(noun: str) -> str | None:
    """`PIN resets` -> `reset PIN`, `cancellations` -> `cancel`: the act the noun names,
    None when its head names a thing."""
    words = noun.split()
    if not words:
        return None
    if len(words) > 2 and words[-2].casefold() in {"is", "are", "gets", "get"}:
        # "`referee_bookings` is created (once for a booking)": the subject, so acted on
        done = lemmas(words[-1].casefold()).get("VERB", ())
        return f"{done[0]} {' '.join(words[:-2])}" if done else None
    head = singular(words[-1])
    if head in _THINGS or words[-1].casefold() in _THINGS:
        return None
    verb, _, particle = head.casefold().partition("-")
    if particle in PARTICLES and verb in lemmas(verb).get("VERB", ()):
        return f"{verb} {particle}"  # "groomer call-backs": call back (a phrasal verb's noun)
    # "one free extension": the act, not how it is priced
    rest = " ".join(w for w in words[:-1] if w.casefold() not in _HOW)
    gerund = lemmas(head).get("VERB", ()) if head.endswith("ing") else ()
    if is_action_noun(head):
        verb = lemma(head)
    elif gerund:
        verb = gerund[0]  # "kiln firings": fire
    elif head in lemmas(head).get("VERB", ()):
        verb = head  # "reset", "upgrade": a verb used as its own noun
    elif nominal_act(head) is not None:
        # "inspections": the act by its own noun, which names the tool as the policy's
        # tools do ("book_inspection"); its verb may be a read verb too ("inspect")
        return " ".join([*rest.split(), head]).strip()
    else:
        return None
    return f"{verb} {rest}".strip()


def own_count(counted: Emit | None, tool: str) -> Emit | None:
    """ "Open at most one ticket per session" in the description of `open_security_ticket`:
    the counted act is the described tool's own (every word of it is a word of the tool's
    id), so the count is of its calls, not a bound on an argument its description names
    ("Ticket severity."); None for another act. Words are the resolver's stems, so an id of
    any style compares."""
    if counted is None or not counted.target:
        return None
    said = set(words(counted.target))
    return replace(counted, target=tool) if said and said <= set(words(tool)) else None
