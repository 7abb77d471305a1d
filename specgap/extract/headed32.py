"""Lines under a tool's own heading, read with that tool as their subject (thirty-second
session).

A prompt often gives each tool a section of its own and says its rules in lines that leave
the tool unsaid: a markdown heading that is the tool's id (`## refund_payment`), or a manual
page's entry, the id alone on its line and its rules indented under it:

    refund_payment
           Follows cancel_booking on the same booking; one refund per booking.
           At most £250.
           Preceded by get_booking on the same booking reference.
           Only for a customer whose verified is true.

Each such line is read as the tool's:

| the line opens with                            | read as                                 |
|------------------------------------------------|-----------------------------------------|
| a verb in the third person ("Follows X")       | "`t` follows X ..."                     |
| a past participle ("Preceded by X")            | "`t` is preceded by X ..."              |
| "Only" ("Only for S", "Only after X")          | "Call `t` only for S ..."               |
| a fragment a keyed line reads ("At most £250") | its clauses, as `keyed29` reads "`t`: " |

A line that names its own act (an imperative, "Always call X before t", a sentence whose
subject is a tool) is left as it is, and so is a line none of these shapes fits. The
entry of a manual page ends at the first line indented no deeper than its id.

A section heading that names one tool's act by the words of its id ("## Booking a room" over
`bookRoomForMember`, "## Pauses" over `pauseMembershipForMonths`) heads its lines as the id
would (thirty-third session): every word of the heading that is a word of some tool's id is
a word of that one tool's, the tool's verb among them. A heading naming only a thing ("##
Courts"), two tools' acts ("## Moving or cancelling") or the document's title ("# Booking
desk", a level-one heading) heads nothing.

A question that names one tool scopes its answer the same way (thirty-third session): in a
quiz or an FAQ, "Q12. What may `take_payment` charge? ... Answer: amount_gbp runs from 5
to 250." says the bound of `take_payment`'s amount, not of every tool that takes one. Each
sentence after such a question, up to the next question or heading, that names neither that
tool nor another as its subject and was not read with its question already (`answers`), is
read as the keyed line "`t`: ..."; a tool it names otherwise ("the card `find_patient`
listed") stays what it is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

from specgap.extract import uses32
from specgap.extract.answers import Part, compose_parts
from specgap.extract.english import lemmas, verb_lemma
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.keyed29 import clause_sentences
from specgap.extract.named43 import given_tool
from specgap.extract.segments import Sentence
from specgap.resolve.lexicon import classes_of, verb_key
from specgap.resolve.text import own_words, split, stem

__all__ = ["headed"]

# a tool's id alone: snake_case, camelCase, kebab-case, dotted, SCREAMING; maybe ticked
_ID = re.compile(r"^`?(?P<tool>[A-Za-z][A-Za-z0-9]*(?:(?:__|[_.-])[A-Za-z0-9]+)*)(?:\(\))?`?:?$")
# a heading that ends with one tool id in brackets, whatever stands before it (a form's "Box
# D1: Card payment (CardCharge)"); two ids there ("(A, then B)") name no one tool
_BRACKETED = re.compile(r"\([ \t]*`?(?P<id>[A-Za-z_][\w.:-]*\w)(?:\(\))?`?[ \t]*\)[ \t]*:?[ \t]*$")
_FIRST = re.compile(r"(?P<word>[A-Za-z][a-z]+)\b")
# a line's label before what it says: "Habits: ", "Field marks: " (a capitalised word or three
# and a colon, then a word in lower case)
_LABEL = re.compile(r"[A-Z][a-z]+(?:[ -][a-z]+){0,2}:\s+(?=[a-z])")
_ADVERB = re.compile(r"(?:[Nn]ever|[Aa]lways|[Oo]nly|[Aa]lso)\s+(?=[a-z]+s\b)")
_ONLY = re.compile(r"^Only\s+(?=(?:for|after|before|when|while|if|once|on|with|to)\b)")
_WORDS = re.compile(r"[A-Za-z0-9][\w.:/-]*[A-Za-z0-9]")


def _tool_named(text: str, tools: frozenset[str], *, heading: bool = False) -> str | None:
    m = _ID.match(text.strip())
    tool = m["tool"] if m is not None else given_tool(text)  # "Mute Swan (bookBoatUsingPOST)"
    if tool is None and heading and (end := _BRACKETED.search(text)) is not None:
        tool = end["id"]  # "Box D1: Card payment (Tallow.CardCharge.2)"
    return tool if tool in tools else None


@functools.lru_cache(maxsize=256)
def _heading_tool(heading: str, tools: frozenset[str]) -> str | None:
    """The one tool a section's heading names by the words of its id ("Booking a room" over
    `bookRoomForMember`, "Pauses" over `pauseMembershipForMonths`): the heading's words that
    are words of some tool's id, when they are all words of exactly one tool's (its
    spellings counted once) and one of them is that tool's verb (a heading naming only its
    thing, "Piano visits", names a topic, not an act); None otherwise."""
    said = {stem(w) for w in split(heading)} - _FILLER
    groups: dict[frozenset[str], str] = {}
    for tool in sorted(tools):
        words = frozenset(stem(w) for w in own_words(tool)) - _FILLER
        if words and (words not in groups or _plain(tool)):
            groups[words] = tool
    known = said & {w for words in groups for w in words}
    if not known:
        return None
    found = [tool for words, tool in groups.items() if known <= words]
    if len(found) != 1:
        return None
    verb = _act_word(own_words(found[0]))
    return found[0] if verb is not None and verb in said else None  # its act, not its thing


def _act_word(words: list[str]) -> str | None:
    """The stem of the word of a tool's id that says its act: the first, or the last when
    the id names the event its call records (`ShopTeamAlerted`, `OrderPlaced`: nouns, then a
    past participle)."""
    if not words:
        return None
    last = words[-1].casefold()
    if len(words) > 1 and last.endswith("ed") and (verb := verb_lemma(last)) not in (None, last):
        return stem(verb)
    if "VERB" not in lemmas(words[0].casefold()):
        return None  # "lots" of a FastAPI id's path (`..._lots_get`): a thing, not an act
    return stem(words[0])


def _titled(heading: str, text: str) -> bool:
    """Whether `heading` is a level-one heading of `text`: a document's title names the whole
    agent's business, never one of its acts."""
    return (
        bool(heading) and re.search(rf"(?m)^#[ \t]+{re.escape(heading)}[ \t#]*$", text) is not None
    )


def _plain(tool: str) -> bool:
    """A spelling as a prompt reads it once respelled (`open_repair`, not `30-open-repair`)."""
    return tool[:1].isalpha() and "." not in tool and "-" not in tool


_FILLER = frozenset({"a", "an", "the", "to", "for", "of", "with", "by", "and", "or", "on", "in"})


def _indent(text: str, at: int) -> int:
    start = text.rfind("\n", 0, at) + 1
    line = text[start:at]
    return len(line) - len(line.lstrip(" \t"))


def _said(tool: str, sentence: Sentence) -> list[list[Part]] | None:
    """What a line under `tool` states, as parts of its sentence, or None (module doc)."""
    text = sentence.text
    lead = len(text) - len(text.lstrip(" -*•"))
    labelled = _LABEL.match(text, lead)  # "Habits: takes only a boat_id ...": the label's words
    lead = labelled.end() if labelled is not None else lead
    words = text[lead:].rstrip()
    if uses32.respelt(f"`{tool}`: {words}") is not None:  # "Templates a, b and c only."
        return [[f"`{tool}`: ", (lead, len(text))]]
    fragment = clause_sentences(tool, words, lead)  # "At most £250; one refund per booking"
    if fragment is None:
        verbal = _verbal(tool, text, lead, len(text))
        return None if verbal is None else [verbal]
    # a clause the fragments' reader left ("`t`: Follows X") may open with the tool's verb
    return [
        _verbal(tool, text, p[1][0], p[1][1]) or p
        if len(p) == 2 and p[0] == f"`{tool}`: " and isinstance(p[1], tuple)
        else p
        for p in fragment
    ]


def _verbal(tool: str, text: str, a: int, b: int) -> list[Part] | None:
    """The clause `text[a:b]` with `tool` as its subject when it opens with "Only", a verb in
    the third person or a past participle (module docstring), else None."""
    words = text[a:b]
    if (only := _ONLY.match(words)) is not None:
        return [f"Call `{tool}` only ", (a + only.end(), b)]
    adverb = _ADVERB.match(words)  # "Never books for S": the adverb is the line's own word
    first = _FIRST.match(words, adverb.end() if adverb is not None else 0)
    if first is None or _NOT_AFTER_VERB.match(words, first.end()):
        return None  # "Stays of 1 to 30 days": a noun
    said = first["word"].casefold()
    verb = lemmas(said).get("VERB", ())
    rest = (a + first.end(), b)
    if said.endswith("s") and verb and verb[0] != said and _acts(verb[0]):
        if adverb is not None:
            return [f"`{tool}` ", (a, b)]  # "`t` never books for S"
        return [f"`{tool}` {said}", rest]  # "Follows X", "Runs only after X", "Books a slot"
    if said in _PARTICIPLES:
        return [f"`{tool}` is {said}", rest]  # "Preceded by X", "Permitted for S"
    return None


def _acts(verb: str) -> bool:
    """A verb a tool's call is said with: one that orders or needs calls, or a verb of the
    lexicon's classes or of the agent's own tools ("books", "refunds"); never a plural noun
    that is also a verb ("Schools on the scheme", "Instruments come back")."""
    return verb in _ORDERING or verb in current_tool_verbs() or bool(classes_of(verb_key(verb)))


# verbs that say when a call runs or what it needs ("Runs only after X", "Follows X")
_ORDERING = frozenset(
    {"run", "follow", "precede", "need", "require", "come", "go", "happen", "wait", "take",
     "write", "accept", "refuse", "apply", "work"}
)  # fmt: skip
# participles that state a rule of the call they are said of ("Preceded by X", "Permitted
# for S", "Limited to two per booking"), never a state of a thing ("Bowed strings")
_PARTICIPLES = frozenset(
    {"preceded", "followed", "permitted", "allowed", "limited", "capped", "restricted",
     "reserved", "required", "needed", "used", "called", "refused", "forbidden", "prohibited",
     "blocked"}
)  # fmt: skip


# what follows a noun, never a verb of the line's subject ("Stays of 1 to 30 days")
_NOT_AFTER_VERB = re.compile(
    r"\s+(?:of|per|are|is|was|were|must|may|can|should|will|and|or)\b", re.I
)


def headed(sentences: Iterable[Sentence], tools: frozenset[str]) -> Iterator[Sentence]:
    """The sentences, each line under a tool's own heading or manual entry read as the
    tool's (module docstring); every other sentence as it is."""
    entry: tuple[str, int] | None = None  # a manual entry's tool, and its id's indent
    asked: tuple[str, str] | None = None  # the one tool a question named, and its section
    for sentence in sentences:
        if not tools or sentence.subject is not None:
            yield sentence
            continue
        mentioned = {w for w in _WORDS.findall(sentence.text) if w in tools}
        if sentence.text.rstrip().endswith("?"):
            asked = (mentioned.pop(), sentence.context) if len(mentioned) == 1 else None
            yield sentence
            continue
        if asked is not None and asked[1] != sentence.context:
            asked = None
        # where the sentence's words start: after a list marker, a quiz's options and key
        lead = len(sentence.clean) - len(sentence.clean.lstrip(" \n-*•"))
        opens = _WORDS.match(sentence.clean, lead)
        own = opens is not None and opens[0] in tools  # "`t` runs first": its own subject
        own = own or not sentence.clean.strip()  # "(a) X (b) Y": a quiz's options, unread
        if asked is not None and asked[0] not in mentioned and not own and sentence.asked is None:
            yield compose_parts(sentence, [f"`{asked[0]}`: ", (lead, len(sentence.text))], None)
            continue
        text = sentence.artifact.text
        at = sentence.raw_range()[0]
        named = _tool_named(sentence.text, tools)
        if named is not None:
            entry = (named, _indent(text, at))
            yield sentence
            continue
        if entry is not None and _indent(text, at) <= entry[1]:
            entry = None
        tool = entry[0] if entry is not None else _tool_named(sentence.context, tools, heading=True)
        if tool is None and not _titled(sentence.context, sentence.artifact.text):
            tool = _heading_tool(sentence.context, tools)  # "## Booking a room"
        said = _said(tool, sentence) if tool is not None else None
        if said is None:
            yield sentence
            continue
        for parts in said:
            yield compose_parts(sentence, parts, asked=None)
