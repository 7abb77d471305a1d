"""The words of the rule grammar: verbs that start an imperative or name an action, the
object noun phrase after a verb, quantities (at most N, once, a single X, a rate), and lists
of values (an argument's only values, an open list, a value format).

Token-level helpers of `grammar.parse`; no word list here names a rule of one document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from specgap.extract.context import variable
from specgap.extract.english import (
    base_verb,
    lemmas,
    verb_after_dashes,
    verb_lemma,
    verb_only_last,
)
from specgap.extract.pattern_base import NUMBER_WORDS, QUOTED, USER, singular, split_words
from specgap.operators.prose import COUNTS_NOTHING, ONCE
from specgap.resolve.text import own_part, split_name, unversioned

DET = re.compile(r"^(?:(?:the|a|an|its|their|his|her|this|that|any|each|every|all)\s+)+", re.I)

# --- lexicon: verbs that start an imperative and verbs that name an action --------------------

_TOOL_VERBS: ContextVar[frozenset[str]] = variable("specgap_tool_verbs", frozenset())


class _Verbs(frozenset[str]):
    """The action verbs: a closed list of general English, and the verbs the agent's own tools
    are named by (`freeze_membership`: freeze), set for one agent's build by `tool_verbs`."""

    __slots__ = ()

    def __contains__(self, word: object) -> bool:
        return frozenset.__contains__(self, word) or word in _TOOL_VERBS.get()


def only_a_tool_verb(word: str) -> bool:
    """`word` is an action verb because a tool is named by it, not by the closed list: a
    sentence opening with it may still open with a noun ("Account deletion ...")."""
    return not frozenset.__contains__(IMPERATIVE_VERBS, word) and word in _TOOL_VERBS.get()


_NAME_WORDS = re.compile(r"[A-Z]+\d*(?![a-z])|[A-Z]?[a-z]+\d*")


def verbs_of_tools(
    names: Iterable[str], descriptions: Mapping[str, str] | None = None
) -> frozenset[str]:
    """The verbs tools are named by: the first word of a name of two words or more
    (`freeze_membership`, `BackdateBooking`, `gym.unfreeze_pass`; a namespace before `.`,
    `/`, `:` or `__` is left out) that the English lexicon knows as a verb's base form, or
    as one after a prefix (`unfreeze`, `rebook`); and the last word, when the name says its
    noun first and its description opens with that verb (`plot_release`: `_noun_first`) or
    no other word of it is a verb (`payment_take_v2`: `english.verb_only_last`); a name of one
    lower-case word is parted first (`submitdraft`, `resolve.text.split_name`); a version marker
    at the end is no word of the name."""
    found: set[str] = set()
    for name in names:
        last = own_part(name)
        words = unversioned([w.casefold() for w in _NAME_WORDS.findall(last)])
        opens = _OPENS.match((descriptions or {}).get(name, ""))
        if opens is not None and (verb := verb_lemma(opens["v"].casefold())) and base_verb(verb):
            found.add(verb)  # "Puts a lesson into the diary.": "put" is the tool's act
        title = _TITLE_VERB.match((descriptions or {}).get(name, ""))
        if title is not None and base_verb(act := title["v"].casefold()):
            found.add(act)  # "Show visit: prints a visit's status": "show" is the tool's act
        if len(words) == 1:
            words = list(split_name(words[0]))  # `submitdraft`: submit, draft
        if len(words) > 2 and len(words[0]) < 3 and not base_verb(words[0]):
            words = words[1:]  # `pmOpenTicket`: a product's prefix, then the verb (not `doRefund`)
        elif len(words) > 2 and len(words[0]) == 3 and not lemmas(words[0]):
            words = words[1:]  # `cmdTakePayment`, `qryOpenBooking`: an object kind's tag
        if len(words) < 2 or len(words[0]) < 3:
            continue
        verb = words[0]
        # "unfreeze", "rebook", "deprovision": a prefix on a verb the lexicon knows
        stem = re.sub(r"^(?:un|re|de|pre|dis|over|under|co)(?=[a-z]{3})", "", verb)
        first = any(w in lemmas(w).get("VERB", ()) for w in {verb, stem})
        if first:
            found.add(verb)
            if len(words) > 2 and words[1] in PARTICLES:  # `check_in_pet`: "check in"
                found.add(f"{verb} {words[1]}")
        said = (descriptions or {}).get(name, "")
        if _noun_first(words, said) or (not first and verb_only_last(words)):
            found.add(words[-1])  # `plot_release`, `feeWaive`: named noun first, the verb last
        elif verb_after_dashes(last):
            found.add(words[-1])  # `copy--hold` of `game__copy--hold`: the act after `--`
    return frozenset(found)


# a description that opens with its tool's act in the third person: "Puts a lesson ..."
# (after the kind of object a one-word label names: "Command: takes the fee ...")
_OPENS = re.compile(
    r"^\W*(?:[A-Z][a-z]+:\s+)?(?P<v>[A-Za-z][a-z]+s)\s+(?:a|an|the|one|all|every|each|its|their)\b"
)
# a description titled by its act, a verb and a noun or two, no article ("Show visit: prints
# ...", not "Get a booking: status ...")
_TITLE_VERB = re.compile(
    r"^\W*(?P<v>[A-Z][a-z]+)\s+(?!(?:a|an|the|one|all|every|each|its|their)\b)[a-z][a-z-]*"
    r"(?:\s+[a-z][a-z-]*)?\s*:\s"
)


def _noun_first(words: list[str], description: str) -> bool:
    """A name that says its noun first and its verb last (`plot_release` described "Release
    a plot" or "Releases a plot"): the description opens with the last word (or with it as a
    phrasal verb, "Look up" for `member_lookup`), a verb of the lexicon's classes, and the
    first word is none (`quarantine_file` described "Quarantine a file" says its verb
    first)."""
    from specgap.resolve.lexicon import verb_last

    opening = re.findall(r"[a-z]+", description.casefold())[:2]
    verb = words[-1]
    # said as an imperative ("Release a plot") or in the third person ("Holds a unit")
    said = bool(opening) and any(
        o in {verb, f"{verb}s", f"{verb}es"} for o in (opening[0], "".join(opening))
    )
    return said and verb_last(words)


# the particles of a phrasal verb ("check in", "sign off")
PARTICLES = frozenset(split_words("in out up off over back down on"))
_PARTICLE_AFTER = re.compile(r"\s+(?P<p>[a-z]+)\b", re.I)


def phrasal_verb(text: str, verb: str, end: int) -> tuple[str, int] | None:
    """A particle after the verb ending at `end` that makes with it the verb of one of the
    agent's tools (`check_in_pet`: "cannot be checked in" is "check in"), and where it ends;
    None for any other word, or a particle no tool's name puts after that verb."""
    m = _PARTICLE_AFTER.match(text, end)
    if m is None or m["p"].casefold() not in PARTICLES:
        return None
    phrasal = f"{verb} {m['p'].casefold()}"
    return (phrasal, m.end()) if phrasal in _TOOL_VERBS.get() else None


def current_tool_verbs() -> frozenset[str]:
    """The tool verbs `tool_verbs` set for the build under way (empty outside one)."""
    return _TOOL_VERBS.get()


@contextmanager
def tool_verbs(words: frozenset[str]) -> Iterator[None]:
    """Within the block, the grammar reads `words` as action verbs too."""
    token = _TOOL_VERBS.set(words)
    try:
        yield
    finally:
        _TOOL_VERBS.reset(token)


IMPERATIVE_VERBS = _Verbs(
    split_words(
        "access activate add allocate apply approve archive ask assign block book call cancel "
        "change charge check "
        "close collect confirm contact create credit debit delete deny deprecate disable "
        "edit enable ensure escalate exchange execute extend file generate get give grant "
        "inform insert issue list log lock look make modify move notify obtain offer open "
        "pay perform place post process provide query read reassign record refund reject "
        "remove renew reply request reschedule reserve reset resolve respond restore resume "
        "return revoke route run schedule search send set share submit suspend switch "
        "terminate transfer unlock update upgrade use utilize verify write retrieve fetch "
        "downgrade purchase buy sell rent lend borrow renew waive void install uninstall "
        "configure deploy publish upload download import export merge split print sign "
        "prepare schedule enroll disable archive register unregister extract analyze "
        "classify identify detect summarize save store link attach generate compute calculate "
        "fill complete finish start launch trigger restart reboot refuel roam ship deliver "
        "dispatch authenticate recommend find locate turn "
        "prescribe administer dispense admit discharge refill reactivate deactivate purge "
        "unassign reopen withdraw deposit reimburse subscribe unsubscribe redeem lease rename "
        "invite unblock authorize provision erase wipe forward "
        "pause freeze unfreeze skip pull "
    )
)
OBTAIN_VERBS = frozenset(split_words("get obtain collect request gather ask verify confirm"))
NOT_OBJECT = frozenset(
    split_words(
        "with to for from in on by into onto at unless if when whenever while before after "
        "until once and or but than so because since as that which who whose where per via "
        "through without except only first again also then is are was be itself themselves "
        "belonging has have had can could may might must should will would do does did not "
        "been being more less fewer older newer greater larger smaller over under above below "
        "beyond without except exceeding twice thrice yourself yourselves himself herself"
    )
)


# a relative clause without its `that` after a noun: a subject, then an auxiliary of its
# own ("a deposit you do not intend to refund", "boats members have not inspected")
CONTACT_CLAUSE = re.compile(
    r"\s*(?:you|we|they|he|she|(?:the|a|an|your|their|its|his|her)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?"
    r"|[a-z]+s)\s+(?:do|does|did|have|has|had|can|cannot|could|will|would|should|may|might|must)"
    r"(?:n't)?\b",
    re.I,
)


_SOME = frozenset({"several", "many", "multiple", "few", "more", "some"})


def object_at(text: str, start: int, most: int = 4) -> tuple[str, int]:
    """The object noun phrase after a verb: determiners dropped, up to `most` words,
    stopping at a preposition, conjunction or punctuation."""
    words: list[str] = []
    end = start
    for m in re.finditer(r"\s*([A-Za-z][\w'-]*|`[^`]+`)", text[start:]):
        word = m[1]
        if m.start() != end - start or word.casefold() in NOT_OBJECT or len(words) == most:
            break
        if words and CONTACT_CLAUSE.match(text, start + m.start()):
            break  # "a deposit you do not intend to refund": a relative clause, no object
        if words and re.search(r"[a-z]ed$", word) and not word[0].isupper():
            break  # "permissions linked to ...": a participle starts what modifies the object
        if words and (
            word.casefold() == "no" or re.match(r"up\s+to\b", text[start + m.start(1) :], re.I)
        ):
            break  # "freeze it no more than twice", "search it up to 5 times": the count
        if words and re.match(
            r"(?:one|a\s+single|\d+|" + "|".join(NUMBER_WORDS) + r")\s+times?\b",
            text[start + m.start(1) :],
            re.I,
        ):
            break  # "extend a rental one time": the count, not the object
        if word.casefold() == "times" and (not words or words[-1] in _SOME):
            words = words[:-1]  # "search it several times": a count ("free times": a noun)
            break
        if word.casefold() == "same" and words == []:
            end = start + m.end()
            continue  # "refund the same pass twice": the pass
        end = start + m.end()
        if DET.match(word + " ") or word.casefold() in {"any", "all", "each", "every", "your"}:
            continue
        words.append(word.strip("`").removesuffix("'s").casefold())
        if words in (["list", "of"], ["set", "of"], ["collection", "of"], ["series", "of"]):
            words = []  # "retrieve a list of articles": the articles are what is acted on
    return " ".join(words), end


# --- quantities -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Quantity:
    """How many, or how much: `max`/`min`, of what `noun`, counted `per` an entity.
    `derived` is set when the bound is a rate over another quantity (`$20 per day`)."""

    max: float | None = None
    min: float | None = None
    noun: str = ""
    per: str | None = None
    derived: str | None = None
    calls: bool = False  # counted in calls or occurrences of the action (once, at most N X-s)


_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_NUM = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
_UPPER = re.compile(
    r"\b(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"at\s+least|a\s+minimum\s+of|no\s+fewer\s+than)\s+"
    + _NUM
    # the counted noun, never a word after the number that counts nothing ("up to 500 only")
    + r"\s+(?P<noun>(?!(?:"
    + "|".join(sorted(COUNTS_NOTHING))
    + r"|in\s+total)\b)[a-z][\w-]*)",
    re.I,
)
_ONCE = re.compile(
    r"\b(?P<t>" + ONCE + r"|twice|thrice|(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")\s+times|"
    r"(?P<one>one|a\s+single)\s+time(?![\s-]*(?:slots?|windows?|zones?|frames?|periods?|"
    r"limits?|stamps?|fees?|payments?|codes?|passwords?|charges?)\b))\b",
    re.I,
)  # "once you have found X", "once verified, ...": a conjunction, not a count
_NEG_BEFORE = re.compile(
    r"\b(?:cannot|can't|can\s+not|must\s+not|mustn't|may\s+not|never|not|don't|do\s+not)\b", re.I
)
_MORE_THAN = re.compile(r"\b(?:more\s+than|over|in\s+excess\s+of)\s*$", re.I)
# "do not book more than two appointments", "never issue more than 3 refunds": a negated
# verb right before "more than N" is an upper bound; one or two words between, none of them
# starting a clause of its own ("do not refund if it is more than 30 days old")
_NOT_MORE = re.compile(
    r"\b(?:not|never|n't)\s+(?:(?!(?:if|when|unless|is|are|was|were|be|been|has|have)\b)"
    r"[a-z][\w-]*\s+){1,2}?more\s+than\s+" + _NUM + r"\s+(?P<noun>[a-z][\w-]*)",
    re.I,
)
_SINGLE = re.compile(r"\b(?:a\s+single|only\s+one|one\s+single)\s+(?P<noun>[a-z][\w-]*(?:\s+or\s+"
                     r"[a-z][\w-]*)?)", re.I)  # fmt: skip
_RATE = re.compile(
    r"(?P<amount>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s*(?:%|percent|dollars?|euros?|"
    r"usd|eur|gbp))\s+(?:of\s+\w+\s+)?(?:per|for\s+(?:each|every))\s+(?P<per>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)",
    re.I,
)
_PER = re.compile(
    r"\b(?:per|for\s+(?:each|every|a|an|the\s+same))\s+(?:(?:academic|calendar|school|fiscal|"
    r"financial|billing|business|working|rolling|tax)\s+)?(?P<e>[a-z][\w-]*)\b",
    re.I,
)
# "twice a year", "three classes a week": a rate over a span of time
_TIME_RATE = re.compile(
    r"\b(?:a|an|each|every)\s+(?:(?:academic|calendar|school|fiscal|billing)\s+)?"
    r"(?P<e>minute|hour|day|night|week|fortnight|month|quarter|year|term|semester)\b",
    re.I,
)
# (a "call" a count is per is the user's call: per tool call, each call is one)
_WHOLE = frozenset(
    split_words("conversation session chat trace dialogue interaction turn user call contact")
)


def per_call(per: str, text: str) -> bool:
    """ "Never more than $200 per refund" in a sentence about refunds: per the action itself,
    i.e. per call, a fixed bound and no rate."""
    from specgap.extract.pattern_base import is_action_noun

    noun = singular(per.split()[0].casefold())
    if noun in _ONE_CALL:  # "$150 per call", "per transaction": each call is one
        return True
    said = [singular(w.casefold()) for w in re.findall(r"[A-Za-z][\w-]*", text)]
    return is_action_noun(noun) and said.count(noun) >= 2


# what one call is, named as the unit of a bound
_ONE_CALL = frozenset({"call", "request", "transaction", "operation", "invocation", "use"})


def _not_more(main: str) -> re.Match[str] | None:
    """`_NOT_MORE`'s bound, unless it is of calls at once ("never cancel more than one
    booking at a time": one call's many, or calls together, no total)."""
    m = _NOT_MORE.search(main)
    at_once = m is not None and AT_ONCE.search(main, m.end()) is not None
    return None if at_once else m


# "at a time", "at once": calls together, no total (`one_at_a_time` reads them)
AT_ONCE = re.compile(r"\b(?:at\s+(?:a|one|the\s+same)\s+time|at\s+once|simultaneously)\b", re.I)


def quantity_of(main: str) -> Quantity | None:
    rate = _RATE.search(main)
    if rate is not None and not per_call(rate["per"], main):
        return Quantity(noun=rate["amount"], derived=" ".join(rate[0].split()))
    per_m = _TIME_RATE.search(main) or _PER.search(main)  # per member a week: the week rules
    per = singular(per_m["e"]) if per_m and singular(per_m["e"]) not in _WHOLE else None
    upper = _UPPER.search(main) or _not_more(main)
    if upper is not None:
        n = NUMBER_WORDS.get(upper["n"].casefold())
        value = float(n if n is not None else upper["n"].replace(",", ""))
        kind = " ".join((upper.groupdict().get("kind") or "at most").casefold().split())
        low = kind in {"at least", "a minimum of", "no fewer than"}
        times = upper["noun"].casefold() in {"time", "times"}  # "a maximum of two times"
        return Quantity(
            max=None if low else value,
            min=value if low else None,
            noun="" if times else upper["noun"],
            per=per,
            calls=times,
        )
    once = _ONCE.search(main)
    if once is not None:
        t = once["t"].casefold()
        n = _TIMES.get(t) or NUMBER_WORDS.get(once["n"] or "") or int(once["n"] or 0)
        n = 1 if once["one"] else n  # "only one time": once
        before = main[: once.start()]
        if _NEG_BEFORE.search(before) and not _MORE_THAN.search(before):
            n -= 1  # "cannot be refunded twice": at most once
            if n < 1:
                return None
        return Quantity(max=float(n), per=per, calls=True)
    single = _SINGLE.search(main)
    if single is not None:
        noun = single["noun"]
        if " or " not in noun:
            noun = object_at(main, single.start("noun"))[0] or noun  # "payment method"
        return Quantity(max=1.0, noun=noun, per=per)
    return None


# --- enumerations -----------------------------------------------------------------------------

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_LIST = _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s*,?\s+(?:and|or)\s+" + _ITEM + r")+"
_ENUM = re.compile(
    r"(?:^|[.;:]\s+)(?:the\s+)?(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,5}?)\s+"
    r"(?:are|is|include|must\s+be(?:\s+one\s+of)?|should\s+be(?:\s+one\s+of)?|"
    r"can\s+only\s+be)\s*:?\s*(?:one\s+of\s*:?\s*|either\s+)?(?P<list>" + _LIST + r")\s*[.;]?\s*$",
    re.I,
)
_PAREN = re.compile(
    r"\b(?:the\s+)?(?P<np>[a-z][\w-]*)\s+\((?:either\s+|one\s+of\s+)?(?P<list>" + _LIST + r")\)",
    re.I,
)
# words that say a list is not the only allowed values
_OPEN_LIST = re.compile(
    r"\b(?:typical|typically|usual|usually|standard|common|commonly|example|examples|e\.g|such\s+as|"
    r"like|preferably|preferred|recommended|default|some|following|considered|include|includes)\b",
    re.I,
)
_QUALIFIERS = re.compile(
    r"^(?:(?:recogni[sz]ed|valid|accepted|allowed|permitted|supported|possible|available|only|"
    r"acceptable|legal|permissible)\s+)+",
    re.I,
)


_TOOL_NOUNS = frozenset(split_words("tool tools function functions action actions api apis"))


def enumeration(text: str) -> tuple[str, tuple[str, ...]]:
    """`The accepted asset types are: 'a', 'b'` -> ("asset types", (a, b)); a list called
    typical, standard or an example is not the only allowed values, and reads as none."""
    m = _ENUM.search(text) or _PAREN.search(text)
    if m is None or _OPEN_LIST.search(text[: m.start("list")]):
        return "", ()
    np = _QUALIFIERS.sub("", m["np"].strip())
    if not np or np.split()[0].casefold() in {"it", "they", "these", "those", "this", "that"}:
        return "", ()
    values = tuple(a or b or c for a, b, c in QUOTED.findall(m["list"]))
    if len(values) < 2 or np.split()[-1].casefold() in _TOOL_NOUNS:
        return "", ()
    return " ".join(np.split()), values


# imperatives that instruct the agent but name no tool action: rule-like, never an operator
INSTRUCTIONS = frozenset(
    split_words(
        "be ensure consider keep remember avoid treat follow address process validate "
        "determine handle proceed continue finish stop skip explain tell inform respond reply"
    )
)
FORMAT = re.compile(
    r"\b(?:use|follow|adhere\s+to|be\s+in|conform\s+to|be\s+formatted\s+as|formatted\s+as)\s+"
    r"(?:the\s+)?(?:format|pattern)?\s*[\"'`](?P<f>[^\"'`]*<[^\"'`]+>[^\"'`]*)[\"'`]",
    re.I,
)


def open_enumeration(text: str) -> bool:
    """A list of quoted values called typical, standard or an example."""
    m = _ENUM.search(text)
    return m is not None and _OPEN_LIST.search(text[: m.start("list")]) is not None


# the predicate of a checked clause: "(the case) has already been escalated", "(it) exists"
_PREDICATE = re.compile(
    r"\s+(?:(?:has|have|had|is|are|was|were|can|could|will|would|may|might)\s+"
    r"(?:(?:not|already|been|be|yet|still|now|successfully)\s+)*(?P<p>[a-z]+(?:ed|en))|"
    r"(?:(?:not|already|still|now|successfully)\s+)*(?P<q>[a-z]+(?:ed|s)))\b",
    re.I,
)
_NOT_PREDICATES = frozenset(
    split_words(
        "is was has does needs seems means as its this been then when open even often seven "
        "less unless always sometimes"
    )
)


def checked_predicate(text: str, obj: str, end: int) -> tuple[str, int]:
    """The object of a check ("check if the case has been escalated": `case`) with the verb
    said of it (`case escalated`), which tells what is checked; an adjective, a possession
    or nothing leaves the object as it is. Returns the object and where it ends."""
    said = _PREDICATE.match(text, end) if obj else None
    if said is None:
        return obj, end
    word = (said["p"] or said["q"]).casefold()
    return (obj, end) if word in _NOT_PREDICATES else (f"{obj} {word}", said.end())


# "... using `issue_refund(booking_id)`", "via issueRefund": the tool an action is done with
_TOOL_AFTER = re.compile(
    r"\s+(?:using|via|through|with|by\s+(?:calling|using|invoking))\s+(?:the\s+)?`?"
    r"(?P<id>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?"
    r"(?:\s*\([^)]*\))?`?(?:\s+(?:tool|function|endpoint))?(?=$|[\s,.;:)])"
)


def tool_named_after(text: str, start: int, end: int) -> str | None:
    """The tool identifier (snake_case, dotted or camelCase) named as what an action is
    done with, within its object (`text[start:end]`) or right after it, or None: a word
    of prose is never taken for a tool. An object that is itself a tool's id ("call
    `create_job` with job_type X") is the tool: what follows "with" is its argument."""
    m = _TOOL_AFTER.search(text, start)
    if m is None or m.start() > end or _ID_OBJECT.search(text, start, m.start()) is not None:
        return None
    return m["id"]


def tools_named_with(text: str) -> list[str]:
    """Each tool id `text` names as what a step is done with ("... with `plotGet`"), once,
    in order."""
    return list(dict.fromkeys(m["id"] for m in _TOOL_AFTER.finditer(text)))


# an object said as a tool's id: in backticks, or snake_case / camelCase
_ID_OBJECT = re.compile(
    r"`[A-Za-z][A-Za-z0-9]*(?:[_.\-][A-Za-z0-9]+)+`|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|"
    r"\b[a-z]+(?:[A-Z][a-z0-9]+)+\b"
)


# "use the search query to retrieve the articles": the purpose names the action
_PURPOSE = re.compile(r"\s+(?:as\s+[^,.;:]{1,60}?\s+)?(?:in\s+order\s+)?to\s+(?P<v>[a-z]+)\b")
_MEANS = frozenset({"use", "utilize", "employ", "apply"})


def purpose_verb(verb: str, obj: str, text: str, end: int) -> tuple[str, int] | None:
    """For "use X to V ..." (X not a tool identifier), the action verb V and where it
    ends: what is used is a means, the purpose is the action. None otherwise."""
    if verb not in _MEANS or not obj or re.search(r"[_.]|[a-z][A-Z]", obj):
        return None
    m = _PURPOSE.match(text, end)
    if m is None or m["v"].casefold() not in IMPERATIVE_VERBS or m["v"].casefold() in _MEANS:
        return None
    return m["v"].casefold(), m.end("v")


# "with a card the customer named", "do not change the number of drivers"
_NAMED = re.compile(
    r"\b(?:with|to|for|on|from|using)\s+(?:an?|the|any|a\s+single)?\s*(?P<arg>[a-z][\w-]*"
    r"(?:\s+(?!the\b|that\b|which\b)[a-z][\w-]*)?)\s+(?:that\s+|which\s+)?(?:the\s+)?"
    + USER
    + r"\s+(?:has\s+)?"
    r"(?:explicitly\s+)?(?:named|provided|gave|given|mentioned|specified|supplied|stated|"
    r"chose|chosen|selected|requested|asked\s+for)\b",
    re.I,
)
_NUMBER_OF = re.compile(r"\bthe\s+(?:number|count|amount|quantity)\s+of\s+(?P<arg>[a-z][\w-]*)",
                        re.I)  # fmt: skip


def argument_of(main: str) -> tuple[str | None, bool, bool]:
    """The constrained argument of a clause: (phrase, from the user?, kept unchanged?) for
    "with a card the customer named" and "the number of drivers"."""
    named = _NAMED.search(main)
    if named is not None:
        return singular(named["arg"].split()[-1]), True, False
    count = _NUMBER_OF.search(main)
    if count is not None:
        return count["arg"].casefold(), False, True
    return None, False, False


# "check its status to make sure it is 'open'": the state the checked thing must be in
_ENSURE = re.compile(
    r"\bto\s+(?:make\s+sure|ensure|confirm|verify)\s+(?:that\s+)?(?:it|they|the\s+[a-z]+)\s+"
    r"(?:is|are)\s+(?:still\s+|already\s+|currently\s+)?(?P<v>[^,;.]+)",
    re.I,
)


def ensured(text: str) -> tuple[str, ...]:
    """The values a check must find ("... to make sure it is 'open' or 'paused'"), or ()."""
    m = _ENSURE.search(text)
    return tuple(_values_in(m["v"])) if m is not None else ()


def _values_in(text: str) -> list[str]:
    quoted = [a or b or c for a, b, c in QUOTED.findall(text)]
    if quoted:
        return quoted
    items = [i.strip() for i in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", text.strip())]
    return items if all(len(i.split()) == 1 and i.isalpha() for i in items) else []
