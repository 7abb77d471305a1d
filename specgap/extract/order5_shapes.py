"""Orderings of the fifth round (`docs/orderings-five.md`): the step said as the thing it
produces, a noun ("no repair is booked without a quote", "keys are handed over only after the
safety briefing", "never book before the member has a quote"), the later action said as a
noun ("no keys without a deposit", "photocopies made without a copyright check are
rejected", "rentals need a verified identity"), a label ("Prerequisite for `b`: `a`",
"Before lending: `a`", "`b`: after `a`"), two tool ids ("do not call `b` until `a` has
returned", "... with `b` only after ... with `a`"), a question and its answer ("Can I V
before X? No."), a letter's "please make sure ..." and "if X hasn't had the N, don't V".

Each is `require_before(<later>, before=<step>)`: the step a mention the resolver maps to the
tool whose name or description says the noun (a tie between two tools stays ambiguous, never
a guess). `widened` makes a step said as "`a` or `b`" the any-of list the sentence says.
Read only when no other reader read an order of the sentence (`order4_shapes.with_orders`).

Not read: an event that is a time ("before sunset", "after 5 pm", "before 2020"), a pronoun
or a clause the noun pattern does not cover, a sentence under a condition other than the
step itself ("if the member asks, ..."), a description of what happens ("members often ...").
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_emit import Emit
from specgap.extract.order4_shapes import ID
from specgap.extract.order_events import event_action, nominal_action
from specgap.extract.pattern_base import singular
from specgap.extract.procedures import verb_of
from specgap.ir import CandidateRule
from specgap.operators.prose import ONCE

_W = r"[A-Za-z][\w-]*"
TOOL_ID = re.compile(rf"`?(?P<id>{ID})`?(?:\(\))?")
_DET = (
    r"(?:(?:a|an|the|any|its|their|his|her|your|our|this|that|every|each|some|prior|previous|"
    r"fresh|valid|recent|completed|successful|current)\s+)*"
)
_POSS = r"(?:[A-Za-z]+'s\s+)?"
# a noun phrase of one to three words (after its determiners and a possessive)
_NP = rf"{_DET}{_POSS}(?P<np>{_W}(?:\s+{_W}){{0,2}})"
_NP_LAZY = rf"{_DET}{_POSS}(?P<np>{_W}(?:\s+{_W}){{0,2}}?)"
_PARTICLE = r"(?:over|up|out|back|in|off|down|on)"
# words that make an event a time, a pronoun, a clause or a non-step
_NOT_STEP = frozenset(
    {"minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
     "year", "years", "noon", "midnight", "sunset", "sunrise", "dusk", "dawn", "weekend",
     "date", "deadline", "time", "end", "start", "morning", "evening", "night", "today",
     "tomorrow", "yesterday", "holiday", "holidays", "season", "shift", "lunch", "midday",
     "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "it",
     "that", "this", "then", "so", "which", "them", "they", "you", "we", "he", "she", "all",
     "everything", "anything", "something", "nothing", "one", "others", "other", "doing",
     "being", "having", "pm", "am", "expiry", "close", "closing", "opening", "permission",
     "approval", "consent", "yes", "ok", "okay", "agreement", "confirmation", "go-ahead",
     "say-so", "notice", "warning", "reason", "fail", "failure", "error", "exception",
     # a value a call carries, not a call: "without a member id" is the argument's presence
     "id", "ids", "number", "code", "name", "address", "email", "e-mail", "phone", "profile",
     "signature", "reference", "pin", "password"}
)  # fmt: skip
_NEG = (
    r"(?:do\s+not|don't|never|you\s+(?:must|may|can|should)\s+(?:not|never)|you\s+cannot|"
    r"you\s+can't)"
)
_ONLY = (
    r"(?:(?:you\s+)?(?:may|can|must|should|shall)\s+only|only|you\s+(?:may|can|must|should)\s+"
    r"(?:only\s+)?)"
)
_BE = (
    r"(?:is|are|get|gets|(?:may|can|must|should|will|shall)\s+(?:only\s+)?be|(?:can|may)not\s+be|"
    r"can't\s+be|may\s+not\s+be|must\s+not\s+be|are\s+not|is\s+not|are\s+never|is\s+never)"
)
_CONTRACTED = ((r"\bdon't\b", "do not"), (r"\b(you|we|they|I)'ve\b", r"\1 have"),
               (r"\b(you|we|they|I)'ll\b", r"\1 will"), (r"\bhasn't\b", "has not"),
               (r"\bhaven't\b", "have not"), (r"\bcan't\b", "cannot"))  # fmt: skip


def _plain(text: str) -> str:
    text = " ".join(text.replace("’", "'").replace("`", "").split())
    for pattern, into in _CONTRACTED:
        text = re.sub(pattern, into, text, flags=re.I)
    return text.strip().rstrip(".!").strip()


def _noun(np: str | None) -> str | None:
    """The step a noun phrase names (`a valid quote` -> `quote`), or None for a time, a
    pronoun, a number or a clause."""
    if not np:
        return None
    words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*|\d\S*", np)]
    if not words or any(w[0].isdigit() or w in _NOT_STEP for w in words):
        return None
    if words[0].endswith("ing") and len(words) > 1:
        return None  # a gerund and its object: the event readers' (`checking the booking`)
    if any(w in {"is", "are", "was", "were", "has", "have", "had", "be", "been"} for w in words):
        return None
    tool = TOOL_ID.fullmatch(np.strip())
    if tool is not None:
        return tool["id"]
    return " ".join(words)


def _event(event: str) -> str | None:
    """The step of an event: a tool id, the thing someone has (had) ("the member has a
    quote", "the skipper has had the safety briefing"), a noun phrase, else the event
    readers' action ("the identity has been verified")."""
    event = re.sub(
        r"\s+(?:first|beforehand|already|yet|in\s+advance)$", "", event.strip(" ,."), flags=re.I
    )
    ids = [m["id"] for m in TOOL_ID.finditer(event)]
    if len(ids) == 1 and re.fullmatch(rf"{_DET}`?{re.escape(ids[0])}`?(?:\s+(?:call|lookup|check|"
                                      r"has\s+(?:returned|run|succeeded|finished|been\s+called)|"
                                      r"returns|is\s+done))?", event, re.I):  # fmt: skip
        return ids[0]
    has = re.fullmatch(
        rf"(?:the\s+|a\s+|an\s+)?{_W}(?:\s+{_W})?\s+(?:has|have)\s+(?:not\s+)?(?:had|got|gotten|"
        rf"received|obtained|been\s+given|passed)\s+{_NP}",
        event,
        re.I,
    ) or re.fullmatch(rf"(?:the\s+|a\s+|an\s+)?{_W}\s+(?:has|have)\s+{_NP}", event, re.I)
    if has is not None and not _participle(has["np"].split()[0]) and _noun(has["np"]):
        return _acted(has["np"])
    bare = re.fullmatch(_NP, event, re.I)
    if bare is not None and not re.search(r"\b(?:is|are|has|have|was|were)\b", event, re.I):
        return _acted(bare["np"])
    if re.search(r"\b(?:is|are|was|were)\b", event, re.I):
        return None  # "until the invoice is paid": a state, the condition readers'
    return event_action(event)


def _acted(np: str) -> str | None:
    """The step a noun phrase names when it names an act: a noun that is its verb's own form
    ("a quote", "a deposit", "a stock check"), a noun of an act ("the induction", "the
    briefing"), or a participle and its noun ("a verified identity"); a thing ("a variety",
    "a helmet") is a value or a state, not a call."""
    noun = _noun(np)
    if noun is None or TOOL_ID.fullmatch(noun):
        return noun
    words = noun.split()
    last = singular(words[-1])
    acts = verb_lemma(last) == last or (last.endswith("ing") and verb_lemma(last) is not None)
    if acts or verb_of(last) is not None or nominal_action(noun) is not None:
        return noun
    if _participle(words[0]):
        return noun
    return None


def _participle(word: str) -> bool:
    """ "checked", "found": a verb's participle (the event is a clause, not a thing had)."""
    word = word.casefold()
    ends = word.endswith(("ed", "en", "nt", "ound", "ought"))
    return ends and verb_lemma(word) not in {None, word}


def _object(text: str) -> str | None:
    m = re.match(rf"\s*(?:(?:them|him|her|it|us)\s+)?{_NP}\s*$", text, re.I)
    if m is None:
        return None
    words = [singular(w.casefold()) for w in m["np"].split()]
    if any(_participle(w) for w in words[1:]):
        return None  # "requests submitted without X": the object restricted, not the act
    return " ".join(words[-2:]) if words else None


def _imperative(main: str) -> str | None:
    """ "hand over the keys", "book a repair": verb (particle) object."""
    m = re.fullmatch(rf"(?P<v>{_W})(?:\s+(?P<p>{_PARTICLE}))?(?P<rest>(?:\s+.+)?)", main, re.I)
    if m is None:
        return None
    verb = m["v"].casefold()
    if verb_lemma(verb) != verb:  # the imperative is the verb's own form
        return None
    obj = _object(m["rest"]) if m["rest"].strip() else None
    if obj is None or obj.split()[0] in _NOT_STEP:
        return None
    return " ".join(w for w in (verb, (m["p"] or "").casefold(), obj) if w)


def _passive(main: str) -> str | None:
    """ "keys are handed over", "a repair is booked", "scores may only be lent": the act."""
    m = re.fullmatch(
        rf"(?:no\s+)?{_NP}\s+{_BE}\s+(?:only\s+|never\s+|ever\s+)?(?P<v>{_W})"
        rf"(?:\s+(?P<p>{_PARTICLE}))?(?:\s+only)?",
        main,
        re.I,
    )
    if m is None:
        return None
    verb = verb_lemma(m["v"].casefold())
    obj = _noun(m["np"])
    if verb is None or obj is None or verb == m["v"].casefold():
        return None
    obj = " ".join(singular(w) for w in obj.split()[-2:])
    return " ".join(w for w in (verb, (m["p"] or "").casefold(), obj) if w)


def _main(main: str) -> tuple[str | None, bool]:
    """The later action of a main clause and whether the clause forbids it (negated)."""
    main = main.strip(" ,")
    neg = re.match(rf"{_NEG}\s+", main, re.I)
    if neg is not None:
        rest = main[neg.end() :]
        rest = re.sub(r"^(?:call|use|run|invoke)\s+(?=`?\w+[_.A-Z-])", "", rest)
        tool = TOOL_ID.fullmatch(rest.strip())
        return tool["id"] if tool else _imperative(rest), True
    only = re.match(rf"{_ONLY}\s+", main, re.I)
    if only is not None:
        return _imperative(main[only.end() :]), False
    passive = _passive(main)
    if passive is not None:
        negated = re.search(r"\b(?:not|never|cannot)\b|^no\b", main, re.I) is not None
        return passive, negated
    return _imperative(main), False  # "book a repair (only after ...)"


# ("once for each booking", "once a day": a count, `prose.ONCE`, not the conjunction)
_AFTER = re.compile(rf"^(?P<main>.+?)\s*,?\s+(?P<only>only\s+)?(?:after|(?!{ONCE})once)\s+"
                    r"(?P<event>.+)$", re.I)  # fmt: skip
_BEFORE = re.compile(r"^(?P<main>.+?)\s+(?:before|until|prior\s+to|without)\s+(?P<event>.+)$",
                     re.I)  # fmt: skip
_NO_WITHOUT = re.compile(rf"^no\s+{_NP}\s+without\s+(?P<event>.+)$", re.I)
_REJECTED = re.compile(
    rf"^{_NP_LAZY}(?:\s+(?:made|done|sent|filed|placed|submitted|requested|booked))?\s+without\s+"
    r"(?P<event>.+?)\s+(?:will\s+be|are|is|get|gets)\s+(?:rejected|refused|declined|turned\s+"
    r"down|not\s+accepted|not\s+allowed|void|invalid|blocked)$",
    re.I,
)
_NEEDS = re.compile(rf"^{_NP}\s+(?:always\s+)?(?:need|needs|require|requires)\s+(?P<event>.+)$",
                    re.I)  # fmt: skip
_NEED_BEFORE = re.compile(
    r"^(?:you\s+(?:will\s+|must\s+|always\s+)?|we\s+)(?:need|require)\s+(?P<event>.+?)\s+"
    r"(?:before|prior\s+to)\s+(?P<g>[a-z]+ing)\b(?P<rest>.*)$",
    re.I,
)
_LABEL = re.compile(
    r"^(?:(?:prerequisites?|required\s+first|requires)\s+(?:for|of|before)\s+(?P<a>.+?)|before\s+"
    r"(?P<b>.+?))\s*:\s*(?P<step>.+)$|^(?P<c>`?[\w.-]+`?)\s*:\s*(?:only\s+)?(?:after|requires|"
    r"needs|following)\s+(?P<step2>.+)$",
    re.I,
)
_UNTIL_IDS = re.compile(
    rf"^{_NEG}\s+(?:call|use|run|invoke)\s+(?P<later>\S+)\s+(?:until|before)\s+(?P<step>\S+)\s+"
    r"(?:has|have)\s+(?:returned|run|succeeded|finished|completed|answered|been\s+called)$",
    re.I,
)
_QUESTION_NO = re.compile(
    r"^(?:(?:q|faq)\s*:\s*)?(?:can|may|could|should)\s+(?:i|we|you|staff|(?:a|an|the)\s+[a-z]+)\s+"
    r"(?P<q>[^?]+)\?\s*(?:a\s*:\s*)?"
    r"no\b",
    re.I,
)
_QUESTION_YES = re.compile(
    r"^(?:q\s*:\s*)?(?:do|must|should)\s+(?:i|we|you|staff)\s+(?:need\s+to\s+|have\s+to\s+)?"
    r"(?P<q>[^?]+\s+before\s+[^?]+)\?\s*(?:a\s*:\s*)?yes\b",
    re.I,
)
_IF_NOT = re.compile(
    r"^(?:if\s+(?P<s1>.+?)\s+(?:has|have)\s+not\s+|unless\s+(?P<s2>.+?)\s+(?:has|have)\s+)"
    r"(?P<event>.+?),\s*(?P<main>(?:do\s+not|don't|never)\s+.+)$",
    re.I,
)
_LETTER = re.compile(
    r"^(?:dear\s+[^,]{1,30},\s*)?(?:please\s+)?(?:(?:make\s+sure|ensure|be\s+sure)\s+(?:that\s+)?"
    r"(?P<s>.+?)\s+(?:is|are)\s+(?P<v>[a-z]+(?:ed|en|t))\s+(?P<rest>(?:before|prior\s+to)\s+.+)|"
    r"(?P<neg>do\s+not\s+.+))$",
    re.I,
)


_FIRST_THEN = re.compile(
    r"^(?P<a>[a-z]+)(?P<o1>(?:\s+[a-z]+){0,3}?)\s+first\s*,?\s*(?:and\s+)?then\s+(?P<b>[a-z]+)"
    r"(?P<o2>(?:\s+[a-z]+){0,3})$",
    re.I,
)
_NOT_YET = re.compile(
    rf"^{_NEG}\s+(?P<main>.+?)\s+(?:whose|with\s+an?)\s+{_NP}\s+(?:has|have)\s+not\s+(?:yet\s+)?"
    rf"been\s+(?P<v>[a-z]+)(?:\s+(?P<p>{_PARTICLE}))?$",
    re.I,
)
_ONLY_TO = re.compile(
    rf"^(?P<main>.+?)\s+only\s+(?:to|for)\s+{_NP}\s+(?:who|that|which)\s+(?:have|has)\s+"
    rf"(?:already\s+)?been\s+(?P<v>[a-z]+)(?:\s+(?P<p>{_PARTICLE}))?$",
    re.I,
)


def _done(verb: str, particle: str | None, np: str) -> str | None:
    """ "checked" + "copyright": `check copyright`; "looked" "up" + "singers": `look up singer`."""
    base = verb_lemma(verb.casefold())
    noun = _noun(np)
    if base is None or base == verb.casefold() or noun is None:
        return None
    obj = " ".join(singular(w) for w in noun.split()[-2:])
    return " ".join(w for w in (base, (particle or "").casefold(), obj) if w)


def _id_in(text: str) -> str | None:
    ids = list(dict.fromkeys(m["id"] for m in TOOL_ID.finditer(text)))
    return ids[0] if len(ids) == 1 else None


_PRECEDES = re.compile(
    rf"^(?P<a>{ID})\s+(?:must\s+|should\s+|always\s+)?(?:precedes?|comes?\s+before|goes?\s+before)"
    rf"\s+(?P<b>{ID})$"
)


def _order(later: str | None, step: str | None) -> list[Emit]:
    if later is None or step is None or later == step:
        return []
    return [Emit("require_before", later, {"before": step}, 0.7)]


def more_orders(text: str) -> list[Emit]:
    """The orders of the module's shapes in one sentence (empty when none reads)."""
    text = _plain(text)
    if not text or len(text) > 240:
        return []
    return _shaped(text) or _asked(text)


def _shaped(text: str) -> list[Emit]:
    m = _UNTIL_IDS.match(text)
    if m is not None and TOOL_ID.fullmatch(m["later"]) and TOOL_ID.fullmatch(m["step"]):
        return _order(m["later"], m["step"])
    m = _PRECEDES.match(text)
    if m is not None:
        return _order(m["b"], m["a"])  # "`a` precedes `b`"
    m = _LABEL.match(text)
    if m is not None and (ways := _either(m["step"] or m["step2"] or "", "")) is not None:
        said = (m["a"] or m["b"] or m["c"] or "").strip()
        tool = TOOL_ID.fullmatch(said)
        later = tool["id"] if tool else None
        return [Emit("require_before", later, {"before": ways}, 0.7)] if later else []
    if m is not None:
        said = (m["a"] or m["b"] or m["c"] or "").strip()
        tool = TOOL_ID.fullmatch(said)
        later = tool["id"] if tool else event_action(said)
        if later is None and re.fullmatch(r"[a-z]+ing", said, re.I):
            later = verb_lemma(said.casefold())  # "Before lending:": the act, its verb
        step = _event(m["step"] or m["step2"] or "")
        return _order(later, step) if step is not None and " " not in step.strip() else []
    m = _IF_NOT.match(text)
    if m is not None:
        later, negated = _main(m["main"])
        step = _event(f"{m['s1'] or m['s2']} has {m['event']}")  # the step, said done
        if later is None and step is not None and len(step.split()) > 1:
            # "if you have not looked the item up, do not lend it": it is the step's object
            words = [w for w in step.split()[1:] if w not in {"up", "out", "in", "over", "back"}]
            said = re.sub(r"\b(?:it|them)\b", " ".join(words), m["main"], count=1)
            later = _main(said)[0] if words and said != m["main"] else None
        return _order(later, step) if negated else []
    m = _NO_WITHOUT.match(text) or _REJECTED.match(text)
    if m is not None and (found := _order(_noun(m["np"]), _event(m["event"]))):
        return found
    m = _NEED_BEFORE.match(text)
    if m is not None:
        verb = verb_lemma(m["g"].casefold())
        obj = _object(m["rest"]) if verb else None
        return _order(f"{verb} {obj}" if obj else None, _event(m["event"]))
    m = _NEEDS.match(text)
    if m is not None and not re.search(r"\b(?:to|that|if|when)\b", m["event"], re.I):
        word = m["np"].split()[-1].casefold()
        acted = singular(word) != word and verb_lemma(word) is None  # "rentals", "extensions"
        step = _event(m["event"])
        done = re.match(rf"{_DET}(?P<w>{_W})", m["event"], re.I)
        # a step said as an act ("a weather check", "a verified identity", `a`), not a thing
        # the booking carries ("a valid pet profile")
        said = step is not None and (
            TOOL_ID.fullmatch(step) is not None
            or nominal_action(step) is not None
            or (done is not None and _participle(done["w"]))
        )
        return _order(_noun(m["np"]), step) if acted and said else []
    m = _NOT_YET.match(text)
    if m is not None:
        return _order(_imperative(m["main"]), _done(m["v"], m["p"], m["np"]))
    m = _ONLY_TO.match(text)
    if m is not None and (later := _passive(m["main"]) or _imperative(m["main"])):
        return _order(later, _done(m["v"], m["p"], m["np"]))
    m = _FIRST_THEN.match(text)
    if m is not None and all(verb_lemma(w.casefold()) == w.casefold() for w in (m["a"], m["b"])):
        first = _imperative(f"{m['a']} {m['o1']}") if m["o1"].strip() else m["a"].casefold()
        then = _imperative(f"{m['b']} {m['o2']}") if m["o2"].strip() else m["b"].casefold()
        return _order(then, first)
    m = _AFTER.match(text)
    if m is not None and not re.search(r"\b(?:not|never|no)\b", m["main"], re.I):
        later, step = _id_in(m["main"]), _id_in(m["event"])
        if later is not None and step is not None and (m["only"] or "only" in m["main"]):
            return _order(later, step)  # "... with `b` only after ... with `a`"
    if m is not None:
        later, negated = _main(m["main"])
        only = m["only"] is not None or re.search(r"\bonly\b", m["main"], re.I) is not None
        return _order(later, _event(m["event"])) if only and not negated else []
    m = _BEFORE.match(text)
    if m is not None:
        later, negated = _main(m["main"])
        return _order(later, _event(m["event"])) if negated else []
    return []


def _asked(text: str) -> list[Emit]:
    """A question and its answer said as the rule, a letter's "please make sure": the
    statement, read by the shapes above or the event readers."""
    from specgap.extract import temporal  # temporal reads the statement (it imports us not)

    said: str | None = None
    if (m := _QUESTION_NO.match(text)) is not None:
        said = f"Do not {m['q']}"
    elif (m := _QUESTION_YES.match(text)) is not None:
        said = m["q"][0].upper() + m["q"][1:]
    elif (m := _LETTER.match(text)) is not None and (m["s"] or m["neg"]):
        said = f"{m['s']} must be {m['v']} {m['rest']}" if m["s"] else m["neg"]
        said = re.sub(r"^(?:every|each|all)\s+", "", said, flags=re.I)
    if said is None or said == text:
        return []
    found = _shaped(_plain(said))
    if found:
        return found
    timed = temporal.read(said)
    return [e for e in timed.emits if e.operator == "require_before"] if timed else []


def widened(text: str, rules: list[CandidateRule]) -> list[CandidateRule]:
    """An order whose step is one tool id of "`a` or `b`" (", `c`") said in the sentence:
    the any-of list of them, as the sentence says (one of them alone is stronger)."""
    out = []
    for r in rules:
        before = r.params.get("before") if r.operator == "require_before" else None
        if isinstance(before, str) and (ways := _either(text, before)):
            r = r.model_copy(update={"params": {**r.params, "before": ways}})
        out.append(r)
    return out


def _either(text: str, tool: str) -> list[str] | None:
    ids = r"`?[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)*`?"
    m = re.search(rf"(?P<all>{ids}(?:\s*,\s*{ids})*\s*,?\s+or\s+{ids})", text.replace("’", "'"))
    if m is None:
        return None
    named = [w.strip("`") for w in re.split(r"\s*,\s*|\s+or\s+", m["all"])]
    styled = all(TOOL_ID.fullmatch(w) and re.search(r"[_.A-Z-]", w[1:]) for w in named)
    if (tool and tool not in named) or not styled:
        return None
    return list(dict.fromkeys(named)) if len(set(named)) > 1 else None
