"""Actions said as noun phrases whose verb is not the tool's (eighth pass on the class).

A rule often names its action by a noun phrase, a nominalisation or the thing a tool makes,
and puts a verb beside it that no tool is named by: "Cash payments above 300 dollars are
not accepted", "Part orders go out once per repair", "A conversation sends two text
messages at most", "A quote is required before any repair is created", "Collection
requires that the balance has first been paid", "Lessons are only for students whose
status is enrolled". The grammar finds no action there and the sentence was reported
`rule-not-compiled (no action)`.

Each shape below is spelt again in the imperative the grammar reads ("Never take payments
above 300 dollars in cash", "Order part at most once per repair", "Send at most two text
messages", "Always request a quote before creating any repair", "Always take the balance
before collecting", "Only give lessons to students whose status is enrolled") and read by
the extractor's own reading of a sentence; the resolver maps the verb phrase to a tool from
the tools' names and descriptions, or leaves it unresolved or ambiguous (a located note),
never a guess. A condition the spelling keeps ("in cash", "for overgrown plots") is bound by
the same grammar, or left `review_only` with its `condition-not-bound` note.

The verb of the spelling:
- the noun's own verb when it names an act: a nominalisation (`inspection`, `cancellation`,
  `assignment`), a gerund (`booking`), or a verb English uses unchanged as the noun of its
  act (`order`, `hold`, `hire`, `release`, `reissue`, `return`, `request`, `refund`);
- for money received ("payments, fees, deposits ... are not accepted / taken"), the verb the
  agent's tools take money by (`take_payment`, `chargeRent`, `billing.fee.Collect`): the one
  receiving verb the tools are named by (take, charge, collect, bill, receive, accept), so
  "accepted" payments are taken, never refunded; none or several such verbs: no spelling;
- for a thing the tools make or send: `send` when it "goes out" or "is sent", `give` when it
  "is only for" someone, `request` when it "is required before" another act.
A means of payment before the noun ("cash payments", "card deposits") is no part of the
object: it is kept as a condition ("in cash", "by card"), which no operator binds, so the
bound is reviewed, never enforced flat.

Deliberately not read: a noun that names no act and no thing a tool makes the way said
("notices are read by the committee"); a sentence with no modal, bound or refusal ("cash
payments are counted at closing"); a hedged count ("rarely sends more than one"); a noun
phrase of more than three words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.action_nominal import _action, _gerund
from specgap.extract.english import lemmas
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.noact_respell import spelt
from specgap.extract.pattern_base import lemma, singular
from specgap.extract.review5_rules import with_reviews
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "spellings"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

# verbs English uses unchanged as the noun of their own act ("part orders", "skip hire",
# "code reissues", "holds"); a noun that is a thing as often ("message", "post", "notice",
# "report", "record") is not among them
_ZERO = frozenset(
    {"order", "reissue", "hold", "hire", "release", "return", "request", "refund", "charge",
     "transfer", "lookup", "change", "renewal", "upgrade", "downgrade", "booking", "rebooking",
     "pickup", "checkout", "top-up", "topup", "payout", "reset", "swap", "exchange"}
)  # fmt: skip
_PHRASAL = {"lookup": "look up", "pickup": "pick up", "checkout": "check out",
            "top-up": "top up", "topup": "top up", "payout": "pay out"}  # fmt: skip
# money the agent receives, by its noun; its act is the tools' receiving verb
_MONEY = frozenset(
    {"payment", "fee", "deposit", "rent", "charge", "fare", "premium", "instalment", "fine",
     "penalty",
     "installment", "balance", "subscription", "due", "levy", "toll", "surcharge"}
)  # fmt: skip
_RECEIVING = ("take", "charge", "collect", "bill", "receive", "accept", "debit")
# a means of payment before the money noun: a condition, not the object
_MEANS = {"cash": "in cash", "card": "by card", "cheque": "by cheque", "check": "by check",
          "voucher": "by voucher", "crypto": "in crypto", "wire": "by wire",
          "credit-card": "by credit card", "debit-card": "by debit card"}  # fmt: skip
# the verbs a thing reserved for someone is obtained by, when a tool is named by one
_GIVING = ("request", "grant", "issue", "offer")
_SEND_SAID = frozenset({"go out", "goes out", "are sent", "is sent", "get sent", "gets sent",
                        "are issued", "is issued", "are mailed", "is mailed"})  # fmt: skip

_NUM = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a\s+single)"
_DET = r"(?>(?:a|an|the|any|all|each|every|no)\s+)?"
_NP = r"(?P<{0}>(?>[a-z][\w-]*)(?:\s+(?>[a-z][\w-]*)){{0,2}}?)"
_LEAD = r"^(?>\d+(?:\.\d+)*\.?\s+)?(?>[-*•]\s+)?"
_END = r"\s*[.!]?\s*$"
_BOUND = r"\s+(?:above|over|under|below|beyond|exceeding|(?:more|less)\s+than)\s+[^.;]*?"

# "Cash payments above 300 dollars are not accepted (by the assistant) (for X)."
_REFUSED = re.compile(
    _LEAD + r"(?P<lead>if\s+[^,;]+,\s*(?:then\s+)?)?" + _DET + _NP.format("np")
    + r"(?P<of>\s+of\s+[a-z][\w-]*)?(?P<bound>" + _BOUND + r")?\s+(?:is|are)\s+(?:never|not)\s+"
    r"(?P<v>accepted|taken|received|offered|available|allowed|permitted|possible|processed|"
    r"granted|done|given|carried\s+out)(?:\s+by\s+(?:the\s+)?(?:assistant|agent|desk|bot))?"
    r"(?P<rest>\s+(?:for|to|on|once|while|when|if|after|during|unless)\s+[^.;]*)?" + _END,
    re.I,
)  # fmt: skip
# "Lessons are only for students whose ...", "Skip hire is offered for let plots only."
_ONLY_FOR = re.compile(
    _LEAD + _DET + _NP.format("np") + r"\s+(?:is|are)\s+(?:only\s+)?(?:(?:offered|available|"
    r"given|allowed|open)\s+)?(?P<only>only\s+)?(?:for|to)\s+(?P<x>[^.;!]+?)\s*[.!]?\s*$",
    re.I,
)  # fmt: skip
_QUANT = (
    r"(?P<q>(?:(?:at\s+most|no\s+more\s+than|up\s+to)\s+)?(?:once|twice|" + _NUM + r"\s+times?))"
)
# "Part orders go out once per repair", "Notices to holders go out at most twice per holder"
_GO_OUT = re.compile(
    _LEAD + _DET + _NP.format("np") + r"(?P<to>\s+(?:to|for)\s+(?:the\s+)?[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)?\s+(?P<v>go(?:es)?\s+out|(?:are|is|gets?)\s+(?:sent|issued|mailed|"
    r"placed|made))\s+" + _QUANT + r"(?P<per>\s+(?:per|a|each)\s+[a-z][\w-]*)?" + _END,
    re.I,
)  # fmt: skip
# "A conversation sends two text messages at most."
_SENDS = re.compile(
    _LEAD + r"(?:a|an|each|every|any|one|the)\s+(?:conversation|chat|session|call|visit)\s+"
    r"(?P<v>sends|makes|places|issues|orders|books)\s+(?P<most>(?:at\s+most|no\s+more\s+than|"
    r"up\s+to)\s+)?(?P<n>" + _NUM + r")\s+" + _NP.format("np") + r"(?P<last>\s+at\s+most)?" + _END,
    re.I,
)  # fmt: skip
# "No more than two text messages are sent in a conversation."
_NO_MORE = re.compile(
    _LEAD + r"(?:no\s+more\s+than|at\s+most|up\s+to)\s+(?P<n>" + _NUM + r")\s+" + _NP.format("np")
    + r"\s+(?:are|is|get|may\s+be|can\s+be)\s+(?P<v>sent|made|placed|issued|given|ordered|booked)"
    r"(?:\s+(?:in|per|during)\s+(?:(?:a|one|each|any|the)\s+)?(?:conversation|chat|session))?"
    + _END,
    re.I,
)  # fmt: skip
# "A quote is required before any repair is created."
_BEFORE = re.compile(
    _LEAD + r"(?>(?:a:\s*)?(?:no|yes),\s+)?" + _DET + _NP.format("np")
    + r"\s+(?:is|are)\s+(?:always\s+)?(?:required|needed|necessary|mandatory|compulsory)\s+"
    r"(?:before|prior\s+to)\s+(?P<det2>(?:a|an|the|any|each|every)\s+)?" + _NP.format("np2")
    + r"\s+(?:is|are|gets?)\s+(?P<part>[a-z]+)(?P<prt>\s+(?:up|out|off|in|back))?" + _END,
    re.I,
)  # fmt: skip
# "Collection requires that the balance has first been paid."
_REQUIRES = re.compile(
    _LEAD + _DET + _NP.format("np") + r"\s+requires\s+that\s+(?P<det2>(?:a|an|the|its|their)\s+)?"
    + _NP.format("np2") + r"\s+(?:has|have)\s+(?:first\s+)?been\s+(?:first\s+)?(?P<part>[a-z]+)"
    r"(?P<prt>\s+(?:up|out|off|in|back))?(?:\s+first)?(?P<via>\s+(?:through|with|via|using|by)\s+"
    r"`?[A-Za-z][\w.-]*`?)?" + _END,
    re.I,
)  # fmt: skip

# "Only a client whose X is S may have a new request created": the act in a causative
# passive, its agent unsaid (the assistant's own act: the request is created by its tool)
_HAVE = re.compile(
    _LEAD + r"(?P<lead>only|no)\s+(?P<who>(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*\s+(?:whose|who|"
    r"that|with|in|on)\s+[^;,.]+?)\s+(?P<modal>may|can|shall)\s+have\s+(?>(?:a|an|the|any)\s+)?"
    r"(?>(?:new|further|another|more)\s+)?" + _NP.format("np") + r"\s+(?P<part>[a-z]+)"
    r"(?P<tail>;(?>\s*)(?!(?:unless|except|but|if|when|only|provided)\b)[^;.]*)?" + _END,
    re.I,
)  # fmt: skip

# a number that labels a clause of a memo ("6.3", "4.1."): the pattern readers read the
# sentence from its first word, so a numbered one is read again without it
_NUMBERED = re.compile(r"^\s*\d+(?:\.\d+)+\.?\s+(?=[A-Za-z])")

_KEPT = frozenset(
    {"state_condition", "max_calls", "require_before", "arg_within_bound", "deny_action",
     "review_required", "arg_count_bound"}
)  # fmt: skip
_TRIES = 3


def _receiving() -> list[str]:
    """The one verb the agent's tools receive money by, as a list; empty when none is
    (a reading by a verb no tool is named by would be left unresolved) or several are
    (which one the sentence means is not said)."""
    known = [v for v in _RECEIVING if v in current_tool_verbs()]
    return known if len(known) == 1 else []


# nominalisations whose stem changes, as English forms them (`redemption`: redeem,
# `subscription`: subscribe, `reception`: receive, `resumption`: resume); the verb must be
# one the lexicon knows
_STEM_CHANGES = (("emption", "eem"), ("mption", "me"), ("scription", "scribe"),
                 ("ception", "ceive"), ("olution", "olve"), ("very", "ver"))  # fmt: skip
# nouns of an act whose verb is another word ("a loan": lend; "a sale": sell)
_IRREGULAR = {"loan": "lend", "sale": "sell", "receipt": "receive", "departure": "depart",
              "closure": "close", "seizure": "seize", "entry": "enter"}  # fmt: skip


def _changed(noun: str) -> str | None:
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    for suffix, verb_end in _STEM_CHANGES:
        if noun.endswith(suffix) and len(noun) > len(suffix) + 1:
            verb = noun[: -len(suffix)] + verb_end
            if verb in lemmas(verb).get("VERB", ()):
                return verb
    return None


def _act(phrase: str) -> tuple[str, str] | None:
    """(verb, object) of an act said as a noun phrase, or None when its head names no act:
    a nominalisation or gerund (`action_nominal._action`), a verb used as its own noun, or
    a nominalisation whose stem changes."""
    words = phrase.casefold().split()
    head = singular(words[-1])
    if head in _ZERO:
        verb = _PHRASAL.get(head, lemma(head) if head.endswith("ing") else head)
        return verb, " ".join(words[:-1])
    found = _action(phrase)
    changed = _changed(head) if found is None else None
    return (changed, " ".join(words[:-1])) if changed is not None else found


def _received(phrase: str, said: str) -> bool:
    """Money said to be accepted, taken or received: the agent's side gets it."""
    head = singular(phrase.casefold().split()[-1])
    return head in _MONEY and said.split()[0].casefold() in {"accepted", "taken", "received"}


def _money(phrase: str, said: str) -> tuple[list[str], str, str] | None:
    """(verbs, object, means) for money said to be accepted or taken ("cash payments":
    [take, ...], payments, in cash); None otherwise."""
    words = phrase.casefold().split()
    if not _received(phrase, said):
        return None
    verbs = _receiving()
    if not verbs:
        return None
    means = " ".join(_MEANS[w] for w in words[:-1] if w in _MEANS)
    return verbs, " ".join(w for w in words if w not in _MEANS), means


def _refused(text: str) -> list[str]:
    m = _REFUSED.match(text)
    if m is None:
        return []
    money = _money(m["np"], m["v"])
    bound = m["bound"] or ""
    lead = m["lead"] or ""
    if money is None and _received(m["np"], m["v"]):
        return []  # money received, and no one verb the tools take it by: never "pay" it
    if money is not None:
        verbs, obj, means = money
        obj = f"{obj}{m['of'] or ''}{bound} {means}"
    else:
        act = _act(m["np"])
        if act is None or m["of"]:
            return []
        verbs, obj = [act[0]], act[1] or ("it" if lead and not m["rest"] else "")
        obj = f"{obj}{bound}"
    rest = [m["rest"] or ""]
    if not obj and re.match(r"\s+for\s", rest[0]):  # "holds ... for parcels that are X"
        rest.append(rest[0].replace("for", "", 1))
    said = [f"{lead}never {verb} {obj}{r}." for verb in verbs for r in rest]
    return [s[0].upper() + s[1:] for s in said]


def _only_for(text: str) -> str | None:
    m = _ONLY_FOR.match(text)
    if m is None:
        return None
    x = m["x"]
    tail = x.casefold().endswith(" only")  # "... for let plots only"
    x = x[:-5].rstrip() if tail else x
    if not (m["only"] or tail or re.search(r"\bonly\b", text[: m.end("np") + 12], re.I)):
        return None
    act = _act(m["np"])
    if act is not None:
        verb, obj = act
        return f"Only {verb} {obj} for {x}.".replace("  ", " ")
    given = next((v for v in _GIVING if v in current_tool_verbs()), None)
    if given is not None:  # "salary advances are only for ...": `request_salary_advance`
        return f"Only {given} {_low(m['np'])} for {x}."
    return f"Only give {_low(m['np'])} to {x}."


def _per(m: re.Match[str]) -> str:
    q = m["q"].casefold()
    q = re.sub(r"^(?:no\s+more\s+than|up\s+to|at\s+most)\s+", "", q)
    per = m["per"] or ""
    per = re.sub(r"^\s+(?:a|each)\s+", " per ", per)
    return f" at most {q}{per}"


# spans of time: "go out twice a day" is as often a schedule as a limit
_TIMES = frozenset({"hour", "day", "week", "fortnight", "month", "quarter", "year", "night",
                    "morning", "evening", "weekday", "weekend", "season", "term"})  # fmt: skip


def _go_out(text: str) -> str | None:
    m = _GO_OUT.match(text)
    if m is None or (m["per"] and singular(m["per"].split()[-1].casefold()) in _TIMES):
        return None
    act = _act(m["np"])
    head = singular(m["np"].split()[-1].casefold())
    if act is not None and act[1]:
        verb, obj = act
    elif m["to"] and not act and head in current_tool_verbs():  # "reports to the inspector"
        verb, obj = head, ""
    elif " ".join(m["v"].casefold().split()) in _SEND_SAID:
        verb, obj = "send", _low(m["np"])
    else:
        return None
    return f"{verb.capitalize()} {obj}{m['to'] or ''}{_per(m)}."


def _sends(text: str) -> str | None:
    m = _SENDS.match(text) or _NO_MORE.match(text)
    if m is None or (m.re is _SENDS and not (m["most"] or m["last"])):
        return None
    said = _lemma(m["v"])
    verb = "send" if said in {"send", "issue"} else said
    if verb == "make":
        act = _act(m["np"])
        if act is None or not act[1]:
            return None
        verb, np = act[0], act[1]
    else:
        np = m["np"]
    return f"{verb.capitalize()} at most {m['n']} {np}."


def _low(phrase: str) -> str:
    """A phrase moved from the sentence's start: its first letter lower-cased."""
    return phrase[:1].casefold() + phrase[1:]


def _lemma(word: str) -> str:
    """The verb lemma of an inflected verb ("sends", "paid", "looked"), per the lexicon."""
    verbs = lemmas(word.casefold()).get("VERB")
    return verbs[0] if verbs else lemma(word.casefold())


def _first(phrase: str) -> list[str]:
    """The step said as a noun phrase, in the imperative: its act, or a thing to request or
    arrange (a verb of no class, then one of the `create` class: the resolver decides)."""
    act = _act(phrase)
    asked = [f"request {_low(phrase)}", f"arrange {_low(phrase)}"]
    if act is not None:  # "an appraisal": appraise it, or request the appraisal
        return [f"{act[0]} {act[1] or 'it'}", asked[0]]
    return asked


def _before(text: str) -> list[str]:
    m = _BEFORE.match(text)
    if m is None:
        return []
    verb = _lemma(m["part"])
    if not m["part"].casefold().endswith(("ed", "en", "t")) or verb == m["part"].casefold():
        return []
    later = f"{_gerund(verb)}{m['prt'] or ''} {m['det2'] or ''}{m['np2']}"
    return [" ".join(f"Always {first} before {later}.".split()) for first in _first(m["np"])]


def _requires(text: str) -> str | None:
    m = _REQUIRES.match(text)
    if m is None:
        return None
    later = _act(m["np"])
    if later is None:
        return None
    part = m["part"].casefold()
    verb = _lemma(part)
    obj = f"{m['det2'] or ''}{m['np2']}"
    if verb == "pay" and singular(m["np2"].split()[-1].casefold()) in _MONEY:
        verb = next(iter(_receiving()), "")
    if not verb or verb == part:
        return None
    tool = (m["via"] or "").split()[-1:] if m["via"] else []
    # "... taken through `take_payment`": that tool is the step; else the verb and its object
    first = f"call {tool[0]}" if tool else f"{verb}{m['prt'] or ''} {obj}"
    return " ".join(f"Always {first} before {_gerund(later[0])} {later[1]}.".split())


def _have(text: str) -> str | None:
    m = _HAVE.match(text)
    if m is None:
        return None
    verb = _lemma(m["part"])
    if verb == m["part"].casefold() or m["part"].casefold().endswith("ing"):
        return None  # not a participle
    said = "Only" if m["lead"].casefold() == "only" else "Never"
    who = m["who"] if said == "Only" else f"any {m['who']}"
    return f"{said} {verb} {_low(m['np'])} for {who}{m['tail'] or ''}."


_FORMS = (_only_for, _go_out, _sends, _requires, _have)


def spellings(text: str) -> list[str]:
    """The sentence spelt in the imperative by each shape that fits (module docstring); none
    where the noun phrase holds an article ("cancelling an event": a gerund's clause, the
    grammar's)."""
    m = next((m for shape in _SHAPES if (m := shape.match(text.strip())) is not None), None)
    if m is not None and _ARTICLES & set(m["np"].casefold().split()):
        return []
    out: list[str] = [*_refused(text.strip()), *_before(text.strip())]
    out += [said for form in _FORMS if (said := form(text.strip())) is not None]
    tidy = (re.sub(r"\s+(?=[.,])", "", " ".join(s.split())) for s in out)
    return list(dict.fromkeys(tidy))[:_TRIES]


_SHAPES = (_REFUSED, _ONLY_FOR, _GO_OUT, _SENDS, _NO_MORE, _BEFORE, _REQUIRES, _HAVE)
_ARTICLES = frozenset({"a", "an", "the", "this", "that", "these", "those", "its", "their"})
_SAID = frozenset({"go", "out", "goes", "sent", "accepted", "taken", "offered", "required"})


def _weak(rule: CandidateRule, text: str) -> bool:
    """A first reading that missed the noun's act: every tool; the noun phrase alone where
    it names a thing, or money received ("payment": a tie of taking and refunding it); the
    sentence's own verb ("notices ... go out"); an ordering with no step before; a state
    test or ban whose act lost the noun's object ("test bookings ... for suspended
    students": `book student`). A reading of an act noun by the other readers ("refunds
    above $300 are not allowed", reviewed) or of an argument's values stays."""
    m = next((m for shape in _SHAPES if (m := shape.match(text.strip())) is not None), None)
    if m is None:
        return False
    np = [singular(w) for w in m["np"].casefold().split()]
    values = rule.params.get("values") if rule.operator == "deny_action" else None
    if values:  # an option refused ("free shipping is not available"): an argument's values
        return (  # unless a request refused, its own modifier taken for a value of every tool
            m.re is _REFUSED
            and rule.target == "*"
            and m["v"].casefold() in {"accepted", "taken", "received"}
            and {str(v).casefold() for v in values} <= set(np)
        )
    said = [singular(w) for w in (rule.target or "*").casefold().split()]
    act = _act(m["np"])
    if m.re is _REFUSED and set(np) & set(_MEANS):  # "card payments": no reading keeps it
        return True
    if said == ["*"] or _SAID & set(said):
        return True
    if set(said) <= set(np):
        return act is None or (m.re is _REFUSED and _received(m["np"], m["v"]))
    if rule.operator == "require_before" and not rule.params.get("before"):
        return True
    return (
        rule.operator in {"state_condition", "deny_action"}
        and act is not None
        and not set(act[1].split()) <= set(said)
    )


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read again from its imperative spelling when nothing was read from it,
    or only readings that missed the noun's act (`_weak`); kept only when that reading
    gives rules, all of the operators a noun's act states. A numbered memo clause ("6.3
    Any refund over N requires ...") nothing was read from is read so without its number
    first (the pattern readers read a sentence from its first word)."""
    if sentence.subject is not None:
        return rules, diagnostics
    label = _NUMBERED.match(sentence.clean)
    if label is None or rules:
        return _respelt(sentence, rules, diagnostics, read)
    bare = spelt(sentence, sentence.clean[label.end() :])
    found, notes = _respelt(bare, *with_reviews(bare, *read(bare)), read)  # as `_read_whole`
    if not found or any(r.operator not in _KEPT for r in found):
        return rules, diagnostics
    return _own_words(sentence, found), notes


def _own_words(sentence: Sentence, found: list[CandidateRule]) -> list[CandidateRule]:
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in found]


def _respelt(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    if not all(_weak(r, sentence.clean) for r in rules):
        return rules, diagnostics
    for said in spellings(sentence.clean):
        found, notes = read(spelt(sentence, said))
        if found and all(r.operator in _KEPT for r in found):
            return _own_words(sentence, found), notes
    return rules, diagnostics
