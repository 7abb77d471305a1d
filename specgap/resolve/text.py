"""Words for resolution: splitting names and prose, a light stemmer, stop words.

Everything here is a pure function of its text, so the resolver's index and its queries
normalise the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NON_WORD = re.compile(r"[^a-z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
SEGMENT = re.compile(r"[./:]")  # separates the segments of a dotted id

ARTICLES = frozenset({"a", "an", "the"})
STOPWORDS = frozenset(
    {
        "a", "an", "the", "to", "of", "for", "and", "or", "in", "on", "with", "by", "via",
        "any", "every", "each", "it", "its", "this", "that", "be", "is", "are", "was", "must",
        "should", "may", "can", "never", "always", "only", "before", "after", "then", "tool",
        "tools", "call", "calls", "called", "use", "run", "function",
    }
)  # fmt: skip
# words of prose that say nothing about which tool is meant (for context words)
FILLER = STOPWORDS | frozenset(
    {
        "all", "your", "you", "from", "into", "using", "as", "at", "so", "if", "when", "which",
        "who", "what", "their", "them", "they", "we", "our", "not", "no", "do", "does", "given",
    }
)  # fmt: skip


# plurals no ending rule folds (`search_people` is about a person)
_IRREGULAR = {"people": "person", "persons": "person", "children": "child", "men": "man",
              "women": "woman", "indices": "index", "matrices": "matrix"}  # fmt: skip


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light, consistent stemmer: plural, -ing and -ed forms and a final -e fold together
    (`creates`, `creating`, `created`, `create` -> `creat`; `getting` -> `get`)."""
    if len(word) < 3 or word.isdigit():
        return word
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) == 3:  # `ids` -> `id`, `use` -> `us`; not `bus`, `see`
        plural = word[-1] == "s" and word[1] not in "su"
        return word[:2] if plural or (word[-1] == "e" and word[1] != "e") else word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("ses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) >= 5:
        word = word[:-3]
    elif word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ed") and not word.endswith("eed") and len(word) >= 4:
        word = word[:-2]
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    if len(word) >= 4 and word[-1] == word[-2] and word[-1].isalpha():
        word = word[:-1]
    return word


@lru_cache(maxsize=65536)
def split(text: str) -> tuple[str, ...]:
    text = _RE_PREFIX.sub(r"\1", text)  # "re-mark" is the word of `requestRemark`
    return tuple(w for w in _NON_WORD.split(_CAMEL.sub(" ", text).casefold()) if w)


# the prefix "re-" written with its hyphen ("re-mark", "re-book"): one word, as a name says it
_RE_PREFIX = re.compile(r"\b([Rr]e)-(?=[a-z])")


def letters(name: str) -> str:
    """A name's letters and digits alone, in lower case: one id in any of its spellings
    (`Contact.Find_Hirer`, `contact_find_hirer`, `contactFindHirer`)."""
    return re.sub(r"[\W_]+", "", name).casefold()


# the extensions of a program's file, what runs (`send-sms.sh`, `TEEBOOK.EXE`)
RUNS = "exe|bat|cmd|com|sh|bash|py|ps1|pl|rb|js"
# the type a file or a service unit is named with (`send-sms.sh`, `TEEBOOK.EXE`,
# `session-book.service`, `openBooking.do`): what runs, not what the tool does
_FILE_TYPE = re.compile(rf"\.(?i:{RUNS}|do|service|timer|socket|target|unit|job)$")


def untyped(name: str) -> str:
    """A tool's name without the type a file or a service unit is named with (`_FILE_TYPE`),
    when a name is left before it."""
    bare = _FILE_TYPE.sub("", name)
    return bare if bare else name


def own_words(tool_id: str) -> list[str]:
    """The words of a tool's own name, without a dotted id's service nor a `server__` part,
    nor numbers, nor a file's type (`fleet.get_fuel_log`: get, fuel, log; `v1_return_money`:
    v, return, money; `session-book.service`: session, book)."""
    words = split(SEGMENT.split(untyped(tool_id))[-1].split("__")[-1])
    return [w for w in words if not w.isdigit()]


def split_name(name: str) -> tuple[str, ...]:
    """The words of a tool's name: `split`'s, and a name written as one lower-case word parted
    by `fused` (`submitdraft`: submit, draft). Prose is split by `split` alone: a word such
    as "timestamp" is one word there, whatever its parts."""
    return fused(name) if _ONE_WORD.match(name) else split(name)


# a name written as one lower-case word, long enough to hold a verb and what it acts on and
# short enough to be a name (a tool's name comes from a third-party server: an unbounded one
# would part in quadratic time and recurse past Python's limit)
_ONE_WORD = re.compile(r"^[a-z]{7,48}$")
_PIECE = 3  # the shortest word a fused name is parted into
_UNKNOWN_LAST = 6  # the shortest last word the lexicon need not know (`releasetranche`)
# ... which must open as an English word may: its consonants before the first vowel are
# ones a word starts with (`tranche`, not `thcheck` of `healthcheck` read as heal + thcheck)
_ONSET = re.compile(
    r"^(?:s?(?:[bcdfgkptv][lr]|[ptk]h?r|ch|sh|th|wh|ph|qu|sc|sk|sl|sm|sn|sp|st|sw|tw|dw|kn|wr)"
    r"|[bcdfghjklmnprstvwyz])?[aeiouy]"
)


@lru_cache(maxsize=4096)
def fused(word: str) -> tuple[str, ...]:
    """The words of a tool name written as one lower-case word, as APIs that drop every
    separator spell them: a verb of the English lexicon (`lemminflect`), then the words it
    acts on, each one the lexicon knows (`opencompliancecase`: open, compliance, case), the
    last one of six letters or more even when it does not (`releasetranche`). Of several
    partings the one of fewest words wins, then the one with the longer verb (`reopenfile`:
    reopen, file). A word the lexicon knows (`postcode`) or one no parting covers
    (`username`: no verb opens it) is itself. The verb is said in its own form
    (`createdraft`: create, not created)."""
    from specgap.operators.prose import lemmas

    if not _ONE_WORD.match(word) or lemmas(word):
        return (word,)
    partings = [
        (verb, *objects)
        for at in range(len(word) - _PIECE, _PIECE - 1, -1)  # the longer verb first
        if (verb := word[:at]) in lemmas(verb).get("VERB", ()) and (objects := _objects(word[at:]))
    ]
    return min(partings, key=len) if partings else (word,)  # (the first of the fewest)


@lru_cache(maxsize=4096)
def _objects(rest: str) -> tuple[str, ...]:
    """`rest` as the fewest words of `fused`'s object, the first such from the left (empty:
    none covers it)."""
    from specgap.operators.prose import lemmas

    if lemmas(rest):
        return (rest,)
    partings = [
        (head, *tail)
        for at in range(_PIECE, len(rest) - _PIECE + 1)
        if lemmas(head := rest[:at]) and (tail := _objects(rest[at:]))
    ]
    if partings:
        return min(partings, key=len)
    return (rest,) if len(rest) >= _UNKNOWN_LAST and _ONSET.match(rest) else ()


# a version marker a name may end with (`lease_start_v3`, `openRentalV2`, `refund-v1`): no word
# of what the tool does
_VERSION = re.compile(r"^v\d+$")
# a uniquifier a tool gateway appends (`find_donor_7c1e`): hex digits, at least one a digit
_HEX_TAG = re.compile(r"^(?=[a-f]*\d)[0-9a-f]{3,8}$")


def unversioned(words: Sequence[str]) -> list[str]:
    """A name's words without the version marker or gateway tag it ends with and without
    words of digits only (`payment_take_v2`: payment, take; `find_donor_7c1e`: find, donor)."""
    kept = [w for w in words if not w.isdigit()]
    if len(kept) > 1 and (_VERSION.match(kept[-1].casefold()) or _HEX_TAG.match(kept[-1])):
        kept.pop()
    return kept


def own_part(name: str) -> str:
    """A tool's own name, after any namespace or service before `.`, `/`, `:` or `__`
    (`member-hub.member_profile`: member_profile; `corelab__book_session`: book_session)."""
    fortran = FORTRAN.match(name)
    if fortran is not None:
        return fortran["proc"]  # `__trips_MOD_book_trip`: book_trip
    native = NATIVE.match(name)
    if native is not None:
        return native["method"]  # `Java_uk_co_shop_Orders_cancelOrder`: cancelOrder
    return _OWN_PART.split(untyped(name))[-1]  # (`session-book.service`: session-book)


_OWN_PART = re.compile(r"[./:]|__")
# a Fortran module procedure's symbol as gfortran writes it: `__<module>_MOD_<procedure>`
FORTRAN = re.compile(r"^__(?P<module>[A-Za-z0-9]\w*?)_MOD_(?P<proc>[A-Za-z]\w*)$")


def action_name(name: str, namespace: str = "") -> str:
    """The part of a tool's name that says its action: the last segment of a dotted name
    (`aws.dynamodb.PutItem`: PutItem), or, when that is one word and a segment before it is
    not the tool's namespace, that word and the segment before it: `svc.employee.Create`
    creates an employee (`Create employee`); `github.create` with namespace `github` says
    only `create`."""
    parts = [p for p in SEGMENT.split(untyped(name)) if p]
    if not parts:
        return name
    if len(parts) == 1 and (native := NATIVE.match(name)) is not None:
        return native["method"]  # `Java_uk_co_shop_Orders_cancelOrder`: cancelOrder
    if (fortran := FORTRAN.match(name)) is not None:
        return fortran["proc"]  # `__trips_MOD_book_trip`: book_trip
    if (symbol := demangled(name)) is not None:
        return f"{symbol[-1]} {symbol[-2]}"  # `_ZN2pq6Player4findEv`: find Player
    last = parts[-1]
    spaced = " ".join(split(namespace))
    if spaced and " ".join(split(" ".join(parts[:-1]))) == spaced:
        return last
    if len(parts) < 2 or len(unversioned(split(last))) != 1:
        return last
    return f"{last} {parts[-2]}"


def demangled(name: str) -> tuple[str, ...] | None:
    """The names of a C++ function's Itanium-mangled symbol, outermost first
    (`_ZN2pq6Player4findEv`: pq, Player, find), or None when the name is no such symbol: `_ZN`,
    each name as its length and its letters, `E`, then the parameters' codes."""
    if not name.startswith("_ZN") or len(name) > 120:
        return None
    parts: list[str] = []
    at = 3
    while at < len(name) and name[at].isdigit():
        end = at
        while end < len(name) and name[end].isdigit():
            end += 1
        size = int(name[at:end])
        part = name[end : end + size]
        if size == 0 or len(part) != size or not re.fullmatch(r"[A-Za-z_]\w*", part):
            return None
        parts.append(part)
        at = end + size
    if len(parts) < 2 or name[at : at + 1] != "E" or not re.fullmatch(r"\w*", name[at + 1 :]):
        return None
    return tuple(parts)


# a native method's exported symbol, or any id that joins namespaces with underscores before
# a class and its camelCase method (`Java_uk_co_shop_Orders_cancelOrder`): the method says the
# act, the class and the package before it only where it lives
NATIVE = re.compile(
    r"^(?:[A-Za-z][A-Za-z0-9]*_)+[A-Z][A-Za-z0-9]*_(?P<method>[a-z]+[A-Z][A-Za-z0-9]*)$"
)


# a desktop program's event handler (`FindHirerButton_Click`, `KeySafeCodeLink_LinkClicked`),
# as Windows Forms names them: the PascalCase control, ending in its kind, an underscore, the
# event handled; the control's name without its kind says the act
HANDLER = re.compile(
    r"^(?P<tool>[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*?)(?:ToolStrip)?(?:Button|MenuItem|Menu|Link|"
    r"LinkLabel|CheckBox|ComboBox|TextBox|ListBox|RadioButton|Label|Tab|Icon|Timer|Form)_"
    r"(?:[A-Z][a-z]+)*(?:Click|Clicked|Changed|Load|Tick|Down|Up|Enter|Leave|Closed|Closing)$"
)


def handled_name(name: str) -> str | None:
    """The act an event handler's name says (`MoveBooking` of `MoveBookingButton_Click`): the
    control's name without its kind and the event; None for any other name."""
    m = HANDLER.match(name)
    return m["tool"] if m is not None else None


def words(text: str) -> list[str]:
    """Lower-case word stems; camelCase and separators split words."""
    return [stem(w) for w in split(text)]


def compact(text: str) -> str:
    """The words of `text` run together, inflection removed: the alias key."""
    return "".join(words(text))


def flat(text: str) -> str:
    """Lower-case letters and digits only: `Put-Item` and `put_item` are both `putitem`."""
    return "".join(split(text))


def name_words(text: str) -> frozenset[str]:
    """The word stems that identify a name (`split_name`'s words); articles say nothing."""
    return frozenset(stem(w) for w in split_name(text) if w not in ARTICLES)


def content_words(text: str) -> tuple[str, ...]:
    """Words of prose that can point at a tool: stems without filler, first one kept."""
    return tuple(dict.fromkeys(stem(w) for w in split(text) if w not in FILLER))


def first_sentence(text: str) -> str:
    """What a description says first: what the tool does."""
    found = _SENTENCE_END.search(text)
    return text[: found.start()] if found else text


_INFLECTIONS = (
    ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("d", ""), ("s", ""), ("es", ""),
    ("ies", "y"), ("ied", "y"),
)  # fmt: skip


def uninflected(letters: str) -> Iterable[str]:
    """`letters` with one inflectional ending undone or one plural `s` added, everywhere
    one could be."""
    for i in range(2, len(letters) + 1):
        yield letters[:i] + "s" + letters[i:]
        for ending, base in _INFLECTIONS:
            if letters.startswith(ending, i):
                rest = letters[i + len(ending) :]
                yield letters[:i] + base + rest
                if ending in ("ing", "ed") and letters[i - 1] == letters[i - 2]:
                    yield letters[: i - 1] + rest
