"""Action resolution: a verb phrase ("reschedule the pickup", "refund the deposit", "book")
-> the tool that performs it, from the tools' own names, descriptions and parameters.

A mention is read as an action when its first word is a verb: one of the lexicon's
(`specgap.resolve.lexicon`), or a word some tool is both named and described by first
(`reseat_sim_card`, "Reseats the SIM card"). The rest of the mention is its object. A noun
made from such a verb, first or last ("cancellation of the order", "order modification"),
names the action too.

For each tool, two pieces of evidence are weighed:

- the verb (`v`): the tool is named by it (first word of a name, 1.0), a later word of a
  name or the first word of its description is it (0.95, `issue_refund` for "refund",
  `create_booking` for "book"), it is in the description's first sentence (0.85), or the
  tool's own verb is of the same class (0.7, `update_booking_time` for "reschedule"; 0.35
  when the mention's verb names an action of its own, "export" against `search_passwords`).
  A verb of a class disjoint from the tool's (`cancel` vs `get_order`), one that undoes
  what the tool does (`unlock` vs `lock_gate`, `activate` vs `disable_camera`), or one
  that contradicts what the registry vouches the tool does (a read verb, a write-only
  tool), is no evidence at all. A name's verb may follow a toolkit's name that starts
  other tools' names too (`GmailSendEmail`: `send`). A bare generic verb ("change",
  "update") names no tool in particular: every tool of its class scores the same, so two
  of them are a tie.
- the object (`o`): the share of the object's words, weighted by rarity and by their place
  in the phrase (the head noun twice, `specgap.resolve.verbs`), found in the tool's names or
  keywords (1.0), parameter names (0.9), the first sentence of its description (0.8),
  parameter descriptions and titles (0.6) or the rest of its description (0.5).

- the name covered (`c`): the share of the words of the tool's id after its verb that the
  mention says (`change_debit_card_pin` is only half said by "change the debit card"), so a
  mention that says less than several tools' names is a tie between them, not a win for
  the one whose verb it happens to repeat.

The score is `0.25 + 0.15 v + 0.3 o + 0.1 c + 0.05 k + 0.03 h` with an object, `k` the
share of its adjacent words ("device return") standing together in the tool's names or
description's first sentence, `h` 1 when the tool's name says every object word and ends
with its head noun ("open a pull request": `create_pull_request`, not
`create_pull_request_review`) (at most `CAP`, 0.85: below the alias bands, so a name
written out always wins),
and `0.35 + 0.25 v` without one. A tool named by the verb leads one merely of its class by
less than the margin, all else equal: "list the issues" with `list_issues` and `get_issue`
is a tie, as synonyms of one class are. An object that matches nothing of a tool keeps it
below `RESOLVED_AT`: a suggestion, never a resolution; so does one found only in its
arguments' descriptions or its description's later sentences, when the mention says
nothing of its name ("identify the customer" is not `find_user_id_by_name_zip` because
its `first_name` is "the first name of the customer").
A bare verb no tool is named or described by ("ship"), merely of a tool's kind, is a
suggestion too (generic verbs excepted: they tie their class). So is a tool whose name's
head noun the mention says only after a preposition, as what qualifies its own head
("delete the user assignments for the role" is not `remove_role`; `qualifies_only`), for
verbs that create, delete or send; reading or changing a part of a thing reads or changes
the thing. What a description lists after "including" is placed with its later sentences.
Ties are left to the resolver's margin rule, with one exception: a tool whose own name or
description says the verb outranks one merely of the verb's class that says no more of the
object and of its own name ("cancel the visit": `annul`, described "Cancels a visit", not
`waive`), which is kept as a suggestion; not for a generic verb, nor between tools named by
the same verb (`_outspoken`). A tool named by a generic verb alone (`search`) is named by it.

Words quoted from several tools' descriptions are left to the description evidence, which
ties those tools; quoted from one tool's description, four words or more name that tool
alone, fewer make it a match no other tool beats by the margin (at worst a tie).
"""

from __future__ import annotations

import heapq
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from specgap.extract.english import verb_after_dashes, verb_only_last
from specgap.registry import Registry, Tool
from specgap.resolve.lexicon import (
    GENERIC,
    PARTICLES,
    READ_ONLY_CLASSES,
    RUNS,
    SPECIFIC,
    classes_of,
    undone_by,
    verb_key,
)
from specgap.resolve.openers import described, what_it_does, what_it_lists
from specgap.resolve.recast import only_a_verb, plural
from specgap.resolve.synonyms import SYNONYM, synonyms
from specgap.resolve.text import (
    ARTICLES,
    FILLER,
    action_name,
    first_sentence,
    split,
    split_name,
    stem,
    unversioned,
)
from specgap.resolve.verbs import BREAKS, TAIL, Action, parse_action, prose_words, verb_of_noun

# base, per unit of verb evidence, of object share, and of the tool's name covered
WITH_OBJECT = (0.25, 0.15, 0.30, 0.10)
BARE = (0.35, 0.25)  # base, per unit of verb evidence, for a verb with no object
NAMED, LATER, DESCRIBED_FIRST, IN_SUMMARY, SAME_CLASS = 1.0, 0.95, 0.95, 0.85, 0.7
OTHER_SPECIFIC = 0.35  # of one class, but the mention's verb names an action of its own
_PRONOUNS = frozenset({"it", "them", "this", "that", "these", "those", "one", "ones"})
CAP = 0.85  # below the alias bands of `specgap.resolve`
HEAD_NOUN = 0.03  # the name says every object word, and ends with the object's head noun
NUMBER = 0.02  # ... as a plural, as the object's is ("the cards": `search_cards`)
# the name relates the same two things as the object, through a preposition of its own
RELATED = 0.06
COMPOUND = 0.05  # for the object's words standing together in the tool's name or summary
ASIDE_AT = 0.49  # at most, for an object found only in arguments' or later sentences
PLACES = {"name": 1.0, "argument": 0.9, "summary": 0.8, "argument text": 0.6, "description": 0.5}
_IDENTIFIER = re.compile(r"[_./:]|[a-z][A-Z]")  # snake_case, dotted, camelCase: a name

__all__ = ["Action", "ActionHit", "ActionIndex", "parse_action", "prose_words", "verb_of_noun"]


@dataclass(frozen=True)
class _Profile:
    """What one tool says about the actions it performs."""

    verbs: frozenset[str]  # first word of each of its names
    later: frozenset[str]  # the other words of its names
    forms: frozenset[str]  # the words of its names as written (lower case)
    named: frozenset[str]  # the words of its id after the verb: what it acts on
    leads: frozenset[str]  # the verbs its description starts with ("Add or remove ...")
    summary: frozenset[str]  # words of its description's first sentence, but participles
    classes: frozenset[str]
    places: Mapping[str, tuple[float, str]]  # word -> (weight, where it was found)
    effects: frozenset[str]
    pairs: frozenset[tuple[str, str]] = frozenset()  # adjacent words of its names and summary
    head: str = ""  # the last word of its id after the verb: the thing it acts on
    undone: frozenset[str] = frozenset()  # verbs that undo what it does (`unlock`: lock_gate)
    qualified: bool = False  # its name says its head after a preposition (`remove_from_cart`)
    # its name's verb is an English verb of no class of the lexicon (`summarize_article`):
    # another verb of the class its description gives it does not say what it does
    unlisted: bool = False
    many: bool = False  # the last word of its name is a plural noun (`list_cards`)


@dataclass(frozen=True)
class ActionHit:
    tool: str
    score: float
    described: bool  # the evidence came from descriptions or parameters, not names
    detail: str
    aside: bool = False  # kept a suggestion: the object is not what the tool acts on


def _param_texts(schema: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    props = schema.get("properties")
    if not isinstance(props, dict):
        return
    for name, spec in props.items():
        yield str(name), ""
        if isinstance(spec, dict):
            for field in ("description", "title"):
                text = spec.get(field)
                if isinstance(text, str):
                    yield str(name), text
            # the values an argument lists say what the tool can set it to ("mark the
            # order as shipped": a `status` of `shipped`)
            items = spec.get("items")
            listed = (items if isinstance(items, dict) else spec).get("enum")
            if isinstance(listed, list):
                said = " ".join(v.replace("_", " ") for v in listed if isinstance(v, str))
                if said.strip():
                    yield str(name), said


def _profile(tool: Tool, shared: Mapping[tuple[str, ...], int], summary_text: str) -> _Profile:
    names = [action_name(n, tool.namespace) for n in dict.fromkeys((tool.id, *tool.names))]
    verbs: set[str] = set()
    written: set[str] = set()  # the names' verbs as written
    later: set[str] = set()
    heads: set[str] = set()  # the last word of each name, when it is not the verb
    forms = {w for n in names for w in split_name(n)}
    description = " ".join(tool.description.split())
    opening = first_sentence(summary_text)  # past a house opener (`specgap.resolve.openers`)
    if _glossed(opening, tool.aliases):  # "Rental cancellation. Ends a rental.": what it does
        opening = first_sentence(summary_text[len(opening) :].strip()) or opening
    summary_words, besides = _main_clause(prose_words(what_it_does(opening)))
    besides = (*besides, *prose_words(what_it_lists(opening)))
    summary = [stem(w) for w in summary_words]
    leads = _leading_verbs(summary)
    own = [stem(w) for w in unversioned(split_name(names[0])) if w not in FILLER]
    own = own[_verb_at(own, leads, shared) :]
    last = [w for w in unversioned(split_name(names[0])) if w not in FILLER][-1:]
    places: dict[str, tuple[float, str]] = {}

    def put(raw: Iterable[str], where: str, label: str) -> None:
        weight = PLACES[where]
        for word in raw:
            w = stem(word)
            if word in FILLER or (w in places and places[w][0] >= weight):
                continue  # filler is judged as written: `note` stems like `not`
            places[w] = (weight, label)

    for name in names:
        raw = unversioned(split_name(name))
        if raw:
            stems = [stem(w) for w in raw]
            at = _verb_at(stems, leads, shared)
            if at == 0 and not classes_of(stems[0]) and verb_only_last(raw):
                at = len(raw) - 1  # `payment_take_v2`: the only verb is the last word
            elif at < len(raw) - 1 and verb_after_dashes(name) and classes_of(stems[-1]):
                at = len(raw) - 1  # `game__copy--hold`: the part after `--` is the act
            elif at < len(raw) - 1 and raw[at].endswith("ing") and classes_of(stems[-1]):
                # `table__booking--read`, `shipping_label_create`: a noun in -ing, then the
                # verb the name ends with
                at = len(raw) - 1
            verbs.add(stem(raw[at]))
            written.add(raw[at])
            if at + 1 < len(raw) and raw[at + 1] in PARTICLES:  # `shut_off_supply`: shut off
                phrasal = verb_key(f"{raw[at]} {raw[at + 1]}")
                if classes_of(phrasal):
                    verbs.add(phrasal)
            later.update(stem(w) for n, w in enumerate(raw) if n != at)
            if at < len(raw) - 1:
                heads.add(stem(raw[-1]))  # what it acts on: `send_payment_request` a request
        put(raw, "name", f"name `{name}`")
    if not any(classes_of(v) for v in verbs):
        # `appt_cxl` spelt out "appointment cancellation" (`resolve.spelt_out`): the act
        # its noun names is the tool's verb, when its name's own words name none
        for alias in tool.aliases:
            words = split(alias)
            if words and classes_of(stem(words[0])):  # "take payment" (`spelt_out.titled`)
                verbs.add(stem(words[0]))
            for word in words:
                if (act := verb_of_noun(word)) is not None and classes_of(act):
                    verbs.add(act)
    for text in (*tool.aliases, *tool.keywords):
        put(split(text), "name", f"`{text}`")
    for param, text in _param_texts(tool.schema):
        if not text:
            put(split(param), "argument", f"argument `{param}`")
    put(summary_words, "summary", "description")
    put(besides, "description", "description")  # "..., including its assignments"
    for param, text in _param_texts(tool.schema):
        if text:
            put(prose_words(text), "argument text", f"argument `{param}`")
    put(prose_words(description), "description", "description")
    classes = frozenset(c for v in verbs for c in classes_of(v))
    if not classes:
        classes = frozenset(c for v in leads for c in classes_of(v))
    classes = _sent_kind(classes, frozenset(heads))
    classes |= {"invoke"} if verbs & RUNS else set()  # `run_plugin` runs a plugin
    return _Profile(
        frozenset(verbs),
        frozenset(later),
        frozenset(forms),
        frozenset(own[1:]),
        leads,
        # a participle ("a signed message", "a deployed contract") is no verb of the tool
        _verbs_said(summary_words),
        classes,
        places,
        frozenset(tool.effects),
        _pairs([[stem(w) for w in split_name(n)] for n in names] + [summary]),
        own[-1] if len(own) > 1 else "",
        undone_by(frozenset(verbs) | leads),
        any(w in BREAKS for w in split_name(names[0])[1:]),
        bool(written) and all(_unlisted(w, leads) for w in written),
        bool(last) and plural(last[-1]),
    )


# words that open a noun phrase, and words that end one
_OPENS = ARTICLES | frozenset({"its", "their", "his", "her", "your", "our", "each", "every"})
_CLOSES = BREAKS | frozenset({"and", "or", "but", "then", "so", "that", "which", "who"})


def _verbs_said(words: Iterable[str]) -> frozenset[str]:
    """The stems of the words of a description's first sentence that may be its verbs: not
    a participle ("a signed message"), nor a word inside a noun phrase an article or a
    possessive opens ("Approve a leave request": `request` is the thing approved)."""
    out: set[str] = set()
    inside = False
    for word in words:
        if word in _OPENS:
            inside = True
        elif word in _CLOSES:
            inside = False
        elif not inside and not word.endswith("ed"):
            out.add(stem(word))
    return frozenset(out)


def _said_many(mention: str, head: str) -> bool:
    """Whether the mention writes its head noun (a stem) as a plural ("the cards")."""
    said = [w for w in prose_words(mention) if stem(w) == head]
    return bool(said) and plural(said[-1])


def _unlisted(word: str, leads: frozenset[str]) -> bool:
    """Whether a name's verb is an English verb (and no noun: `console_logs`, `tag_list`
    are things) the lexicon has no class for and the description does not start with
    (`summarize_article` described "Get a summary ..."):
    the tool does an action of its own, which its description's class only approximates."""
    key = stem(word)
    return not classes_of(key) and key not in leads and only_a_verb(word)


# what a tool that sends sends, by the noun its name ends in: `send_message` sends a message,
# never money, so "refund the guest" is no `send_message`; `send_refund` never a message
_SENT = {
    "send": "message email e-mail mail sms text notice notification alert reply letter invite "
    "invitation reminder memo announcement newsletter",
    "pay": "payment refund money fund funds credit reimbursement payout deposit fee wire "
    "remittance cash transfer",
    "deliver": "parcel package shipment goods product replacement sample kit item items",
}
_SENT_STEMS = {kind: frozenset(stem(w) for w in words.split()) for kind, words in _SENT.items()}


def _sent_kind(classes: frozenset[str], name_words: frozenset[str]) -> frozenset[str]:
    """A sending verb's kinds narrowed to the one its tool's name says it sends (the last
    word of a name: `send_payment_request` sends a request, not a payment)."""
    sending = classes & _SENT_STEMS.keys()
    if len(sending) < 2:
        return classes
    kinds = {kind for kind, nouns in _SENT_STEMS.items() if kind in sending and name_words & nouns}
    if len(kinds) != 1:
        return classes
    return classes - (sending - kinds)


# words that start what a description says the tool touches besides what it acts on:
# "Deletes a role, including all its user assignments" acts on a role, not on assignments
_BESIDES = frozenset({"including", "includes", "include", "except", "excluding", "plus"})


# kinds of action that act on a thing when they act on a part of it
_OF_A_PART = frozenset({"read", "update"})


def _main_clause(words: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The first sentence's words up to what it says the tool touches besides its object
    (`_BESIDES`), and the rest."""
    at = next((n for n, w in enumerate(words) if n and w in _BESIDES), len(words))
    return words[:at], words[at:]


def head_noun(action: Action) -> str:
    """The head noun of the action's object: the word said with the most stress."""
    if not action.objects:
        return ""
    stress = action.stress or (1.0,) * len(action.objects)
    top = max(stress)
    return action.objects[stress.index(top)] if stress.count(top) == 1 else ""


def _pairs(runs: Iterable[list[str]]) -> frozenset[tuple[str, str]]:
    """Adjacent words of each run, articles and filler skipped ("a device return request":
    device return, return request)."""
    out: set[tuple[str, str]] = set()
    for run in runs:
        kept = [w for w in run if w not in FILLER and w not in ARTICLES]
        out.update(pairwise(kept))
    return frozenset(out)


def _verb_at(stems: list[str], leads: frozenset[str], shared: Mapping[tuple[str, ...], int]) -> int:
    """Where a name's verb is: its first word when the lexicon has it. Words before it
    must start other tools' names too (a toolkit's name: `GmailSendEmail`,
    `AugustSmartLockUnlockDoor`); a word the lexicon has no verb for that itself goes on a
    run three names or more start with is the toolkit's name, not the act, though a
    description glossing the name opens with it (`wp_ajax_book_session`, "AJAX action
    book_session, ..."). Of the places
    that leaves, the first whose word starts the tool's description ("Unlocks the door"),
    else the first verb of the lexicon, else the word after the longest run three names or
    more start with (`GmailOrganizeEmail`: `organize`), else the first word."""
    if not stems or classes_of(stems[0]):
        return 0
    places = [
        n
        for n in range(len(stems))
        if (n == 0 or shared.get(tuple(stems[:n]), 0) >= 2)
        and (
            n + 1 == len(stems)
            or shared.get(tuple(stems[: n + 1]), 0) < 3
            or bool(classes_of(stems[n]))
        )
    ] or [0]
    for n in places:
        if stems[n] in leads:
            return n
    for n in places:
        if classes_of(stems[n]):
            return n
    wide = [n for n in places if n and shared.get(tuple(stems[:n]), 0) >= 3]
    return wide[-1] if wide else 0


def _glossed(opening: str, aliases: Iterable[str]) -> bool:
    """Whether a description opens with the tool's name spelt out ("Rental cancellation."
    for `rnt_cxl`, `resolve.spelt_out`): a name, whose first word is no verb of the tool."""
    said = prose_words(opening)
    return any(said == split(a) for a in aliases)


def _leading_verbs(summary: list[str]) -> frozenset[str]:
    """The first word of a description and the words joined to it by `or`/`and`/`,`
    ("Extend or shorten a rental": extend, shorten)."""
    words = [w for w in summary if w not in ARTICLES]
    if not words:
        return frozenset()
    out = [words[0]]
    if len(words) > 1 and words[1] in PARTICLES:  # "Pay out an approved claim": pay out
        phrasal = verb_key(f"{words[0]} {words[1]}")
        if classes_of(phrasal):
            out.append(phrasal)
    at = 1
    while at + 1 < len(words) and words[at] in ("or", "and"):
        out.append(words[at + 1])
        at += 2
    return frozenset(out)


class ActionIndex:
    """Every tool's profile, and the rarity of the words they are described with."""

    def __init__(self, registry: Registry) -> None:
        shared: dict[tuple[str, ...], int] = defaultdict(int)
        for tool in registry.tools:
            name = action_name(tool.names[0] if tool.names else tool.id, tool.namespace)
            stems = [stem(w) for w in split_name(name)]
            for n in range(1, len(stems)):
                shared[tuple(stems[:n])] += 1
        self.profiles = {
            t.id: _profile(t, shared, described(registry, t.id)) for t in registry.tools
        }
        self.descriptions = {t.id: " ".join(prose_words(t.description)) for t in registry.tools}
        # postings: which tools a word can match as object, or a verb can name
        self.by_word: dict[str, list[str]] = defaultdict(list)
        self.by_verb: dict[str, list[str]] = defaultdict(list)
        self.by_class: dict[str, list[str]] = defaultdict(list)
        for tool_id, profile in self.profiles.items():
            for w in profile.places:
                self.by_word[w].append(tool_id)
            for v in profile.verbs | profile.later | profile.leads | profile.summary:
                self.by_verb[v].append(tool_id)
            for w in profile.later:  # `take_payment`: "pay" (`_verb_evidence`, a doer's noun)
                if w.endswith("ment") and len(w) > 6 and tool_id not in self.by_verb[w[:-4]]:
                    self.by_verb[w[:-4]].append(tool_id)
            for c in profile.classes:
                self.by_class[c].append(tool_id)
        df: dict[str, int] = defaultdict(int)
        for profile in self.profiles.values():
            for w in profile.places:
                df[w] += 1
        total = max(len(self.profiles), 1)
        self.idf = {w: math.log(1 + total / n) for w, n in df.items()}
        self.rare = math.log(1 + total) + 1.0
        # a verb beyond the lexicon: a tool is both named and described by it first
        self.known = frozenset(v for p in self.profiles.values() for v in p.leads & p.verbs)
        # the verbs tools are named by, which an action noun may be made from ("renewal")
        self.name_verbs = frozenset(v for p in self.profiles.values() for v in p.verbs)
        # the words some tool's names, keywords or argument names use
        self.named_words = frozenset(
            w
            for p in self.profiles.values()
            for w, (weight, _) in p.places.items()
            if weight >= PLACES["argument"]
        )

    def bridged(self, word: str) -> tuple[str, ...]:
        """The synonyms an object word may stand for here (`specgap.resolve.synonyms`):
        none when some tool's names or argument names use the word itself, for then the
        registry has a word of its own for that thing and means it ("visit" with a
        `log_visit` tool is a visit, not an appointment)."""
        if word in self.named_words:
            return ()
        return synonyms(word)

    def parse(self, mention: str) -> Action | None:
        """The mention as an action, when it is prose led by a verb. A name written as an
        identifier (`text_in_document`, `getUser`) is not prose, and a run of words quoted
        from a tool's description is left to the description evidence, which sees every
        tool that shares it."""
        if _IDENTIFIER.search(mention):
            return None
        return parse_action(mention, self.known)

    def contradicts(self, action: Action, tool_id: str) -> bool:
        """Whether the action's verb rules the tool out: a lexicon verb of another class
        than the tool's that neither names it nor starts its description (`book` is not
        `get_booking`), one that undoes what the tool does (`disable` is not
        `grant_permission`), or one that contradicts the tool's vouched effects."""
        profile = self.profiles.get(tool_id)
        if profile is None or not action.classes:
            return False
        if not action.objects and action.written in profile.forms:
            return False  # one word, written as in the name: maybe the name's noun ("order")
        written = stem(action.written)
        if written != action.verb and written in profile.later:
            # an action noun the tool's name says as what it acts on ("meter inspection",
            # `schedule_meter_inspection`): the thing it makes, not an action it opposes
            return False
        return _verb_evidence(action, profile)[0] <= 0.0 and (
            not compatible(action, profile)
            or not _effects_allow(action.classes, profile.effects)
            or action.verb in profile.undone
        )

    def verb_strength(self, action: Action, tool_id: str) -> float:
        """How strongly the action's verb names the tool (`_verb_evidence`): 1.0 its name's
        verb, 0.95 a later word of its name or its description's first verb, 0.85 in its
        description, 0.7 or 0.35 of its class, 0 none of these."""
        profile = self.profiles.get(tool_id)
        return _verb_evidence(action, profile)[0] if profile is not None else 0.0

    def names_object(self, action: Action, tool_id: str) -> bool:
        """Whether a word of the action's object is in the tool's names, keywords or
        argument names (not only in what its description says)."""
        profile = self.profiles.get(tool_id)
        if profile is None:
            return False
        places = profile.places
        return any(w in places and places[w][0] >= PLACES["argument"] for w in action.objects)

    def says_its_verb(self, tool_id: str) -> bool:
        """Whether the tool says what it does: its verb is of a lexicon class, or its name
        starts with the verb its description starts with (`weigh_cargo_pallet`, "Weigh
        a pallet ..."); a name that is a noun phrase (`status_report`) says no verb."""
        profile = self.profiles.get(tool_id)
        return profile is not None and bool(profile.classes or profile.verbs & profile.leads)

    def named_by(self, action: Action) -> frozenset[str]:
        """The tools the action's verb names: a name's verb, or a verb its description
        starts with ("add": `add_extra`, "Adds or removes extras")."""
        return frozenset(
            t
            for t in self.by_verb.get(action.verb, ())
            if action.verb in self.profiles[t].verbs or action.verb in self.profiles[t].leads
        )

    def generic(self, action: Action) -> bool:
        """A bare generic verb ("change", "send"): it says what kind of action, not which
        tool, so every tool of its kind is as likely as any other."""
        return not action.objects and action.verb in GENERIC

    def hits(
        self, mention: str, action: Action, keep: int = 8, floor: float = 0.3
    ) -> tuple[list[ActionHit], str | None]:
        """The `keep` best tools the action (parsed from `mention`) could name (more on a
        tie), none under `floor`, with their scores (see the module doc); and the one tool
        whose description the mention quotes, if any."""
        # with an object, a tool none of whose words it uses is no candidate, unless the
        # verb names it (then it is a suggestion); without one, any tool of the verb's class
        near: set[str] = set(self.by_verb.get(action.verb, ()))
        if action.objects:
            for w in action.objects:
                near.update(self.by_word.get(w, ()))
                for other in self.bridged(w):  # "the visit": tools that say "appointment"
                    near.update(self.by_word.get(other, ()))
        else:
            for c in action.classes:
                near.update(self.by_class.get(c, ()))
        quoted = " ".join(prose_words(mention))
        quoting = []
        if quoted.count(" ") >= 2:
            quoting = [t for t in sorted(near) if quoted in self.descriptions[t]]
            if len(quoting) > 1:
                # words quoted from several descriptions say nothing to choose between those
                # tools: the description evidence (a tie) decides
                return [], None
            if quoting and quoted.count(" ") >= 3:
                near = set(quoting)  # four or more words of one description name its tool
        # the object's share and the name covered first (cheap), then the verb evidence in
        # order of the best score each tool could reach, until none can enter the top `keep`
        stress = action.stress or (1.0,) * len(action.objects)
        weights = {
            w: self.idf.get(w, self.rare) * f for w, f in zip(action.objects, stress, strict=True)
        }
        total = sum(weights.values()) or 1.0
        said = {action.verb, *action.objects}
        alike = {w: self.bridged(w) for w in action.objects}
        bridged = {o for others in alike.values() for o in others}
        base, per_verb, per_object, per_name = WITH_OBJECT if action.objects else (*BARE, 0, 0)
        bounds: list[tuple[float, str, float, float]] = []
        bonus = (COMPOUND + RELATED if len(action.objects) > 1 else 0.0) + HEAD_NOUN + NUMBER
        head = head_noun(action)
        many = _said_many(mention, head)
        said_objects = set(action.objects)
        said_pairs = list(pairwise(action.objects))
        for tool_id in near:
            profile = self.profiles[tool_id]
            share = covered = 0.0
            if action.objects:
                places = profile.places
                share = sum(weights[w] * _found(w, places, alike[w]) for w in weights) / total
                named = profile.named
                covered = len(named & (said | bridged)) / len(named) if named else 1.0
            best = base + per_verb + per_object * share + per_name * covered + bonus
            if best >= floor:
                bounds.append((best, tool_id, share, covered))
        bounds.sort(key=lambda b: (-b[0], b[1]))
        generic = self.generic(action)
        top: list[float] = []  # a min-heap of the `keep` best scores so far
        scored: list[tuple[float, str, float, str]] = []
        asides: set[str] = set()
        strength: dict[str, tuple[float, float]] = {}  # each tool's verb, its name covered
        for best, tool_id, share, covered in bounds:
            if len(top) >= keep and best < top[0] - 1e-9:
                break
            verb, how = _verb_evidence(action, self.profiles[tool_id])
            if verb <= 0.0:
                continue
            if generic and not _named_just(action, self.profiles[tool_id]):
                # "change" alone: every tool of its class equally (but `search` for "search")
                verb, how = SAME_CLASS, f"`{action.written}` (a {_names(action.classes)} verb)"
            score = base + per_verb * verb + per_object * share + per_name * covered
            if said_pairs:  # the object's compound, said as the tool says it
                pairs = self.profiles[tool_id].pairs
                score += COMPOUND * sum(p in pairs for p in said_pairs) / len(said_pairs)
            profile = self.profiles[tool_id]
            if head and profile.head == head and said_objects <= profile.named:
                score += HEAD_NOUN  # "open a pull request": a request, not its review
                if many and profile.many:
                    # "get the cards": `search_cards`, not `get_card_by_id`; a singular says
                    # less ("refund the deposit" is said of one or of any), so only a plural
                    score += NUMBER
            if head and _relates(action, profile, head):
                score += RELATED  # "permissions linked to the role": `remove_permission_from_role`
            score = min(score, CAP)
            # the object only in what its arguments or later sentences say, or only as what
            # qualifies another thing ("assignments for the role": not `remove_role`): a
            # suggestion, which the words around the mention do not make more
            aside = (
                bool(action.objects)
                and (
                    (not covered and not self._said_up_front(action, tool_id))
                    or self.qualifies_only(action, tool_id)
                )
            ) or (
                # a bare verb no tool is named or described by ("ship"), merely of a tool's
                # kind: the tools do not offer that action, at most something like it
                not action.objects and not generic and verb <= SAME_CLASS
            )
            if aside:
                score = min(score, ASIDE_AT)
            if score < floor:
                continue
            scored.append((score, tool_id, share, how))
            strength[tool_id] = (verb, covered)
            if aside:
                asides.add(tool_id)
            if len(top) < keep:
                heapq.heappush(top, score)
            elif score > top[0]:
                heapq.heapreplace(top, score)
        if action.verb not in GENERIC:  # ("update the file": any tool that updates one)
            scored, top = self._outspoken(scored, top, strength, asides)
        if not action.objects and _PRONOUNS.intersection(prose_words(mention)):
            # "remove it": an object the mention does not say, not a bare verb
            scored = [(min(sc, ASIDE_AT), t, sh, how) for sc, t, sh, how in scored]
            top = [min(sc, ASIDE_AT) for sc in top]
        cut = top[0] - 1e-9 if len(top) >= keep else floor
        out = [
            self._hit(action, t, score, how, aside=t in asides)
            for score, t, _, how in scored
            if score >= cut
        ]
        # words of a tool's description whose action they contradict say nothing of it
        source = quoting[0] if quoting and not self.contradicts(action, quoting[0]) else None
        return out, source

    def _outspoken(
        self,
        scored: list[tuple[float, str, float, str]],
        top: list[float],
        strength: Mapping[str, tuple[float, float]],
        asides: set[str],
    ) -> tuple[list[tuple[float, str, float, str]], list[float]]:
        """A tool whose own name or description says the verb outranks one merely of the
        verb's class that says no more of the object and of its own name: "cancel the
        visit" is `annul` ("Cancels a visit"), not `waive` ("Waives a fee on a visit"),
        when both take a `visit_id`. The other is kept as a suggestion (an aside), never a
        tie. Only for a verb that says what it does (a generic one, "change the note",
        ties its class), and not between tools named by the same verb (`save_case_summary`
        and `save_agent_summary`, one described "Generate and save ...": the same act on
        two kinds of a thing, which the words around the mention tell apart)."""
        direct = [
            (share, strength[t][1], self.profiles[t].verbs)
            for _, t, share, _ in scored
            if strength[t][0] >= DESCRIBED_FIRST and t not in asides
        ]
        if not direct:
            return scored, top
        out = []
        for score, t, share, how in scored:
            verb, covered = strength[t]
            own = self.profiles[t].verbs
            if (
                verb <= SAME_CLASS
                and score > ASIDE_AT
                and any(
                    s >= share - 1e-9 and c >= covered - 1e-9 and not (v & own)
                    for s, c, v in direct
                )
            ):
                score = ASIDE_AT
                asides.add(t)
            out.append((score, t, share, how))
        return out, sorted(score for score, *_ in out)[-len(top) :] if top else top

    def qualifies_only(self, action: Action, tool_id: str) -> bool:
        """Whether the mention says the thing the tool acts on only as a qualifier of
        another thing it acts on: "delete the user assignments for the role" acts on
        assignments, so `remove_role` (whose name's head noun is `role`, said here only
        after `for`) is not what it names, though its description may list assignments.
        The mention's head noun in the tool's names makes it what the tool acts on. Reading
        or changing a part of a thing reads or changes the thing ("change the price of the
        order" is `modify_order`), so only the other kinds of action are judged so."""
        if not action.classes or action.classes & _OF_A_PART:
            return False
        head = head_noun(action)
        profile = self.profiles.get(tool_id)
        if not head or profile is None or not profile.head or profile.qualified:
            return False
        said = dict(zip(action.objects, action.stress or (), strict=False))
        own = profile.head
        if own == head or own not in said or said[own] > TAIL:
            return False
        places = profile.places
        return not (head in places and places[head][0] >= PLACES["name"])

    def aside(self, mention: str, action: Action, tool_id: str) -> bool:
        """Whether words of the tool's description are all the mention's object has of it:
        its names say none of the object's words, or only what qualifies the object's head
        (`qualifies_only`). "delete the user assignments" is not `remove_role` because its
        description ends "... including all user assignments". Words quoted from its
        description are not aside: they say what it does (several such tools tie)."""
        profile = self.profiles.get(tool_id)
        if profile is None or not action.objects:
            return False
        if " ".join(prose_words(mention)) in self.descriptions[tool_id]:
            return False
        places = profile.places
        if not any(w in places and places[w][0] >= PLACES["name"] for w in action.objects):
            return True
        return self.qualifies_only(action, tool_id)

    def _said_up_front(self, action: Action, tool_id: str) -> bool:
        """Whether an object word is in the tool's names, argument names or the first
        sentence of its description (not only in its arguments' or later sentences)."""
        places = self.profiles[tool_id].places
        return any(w in places and places[w][0] >= PLACES["summary"] for w in action.objects)

    def _hit(
        self, action: Action, tool_id: str, score: float, how: str, *, aside: bool = False
    ) -> ActionHit:
        """The hit with its explanation (written only for the hits kept)."""
        if not action.objects:
            return ActionHit(tool_id, score, False, f"the verb {how}")
        places = self.profiles[tool_id].places
        where = [f"{w} ({places[w][1]})" for w in action.objects if w in places]
        described = any(places[w][0] < PLACES["name"] for w in action.objects if w in places)
        found = ", ".join(where) if where else "none of its words"
        detail = f"the verb {how}; the object: {found}"
        return ActionHit(tool_id, score, described, detail, aside)


def _named_just(action: Action, profile: _Profile) -> bool:
    """Whether the tool's name is the action's verb and nothing else (`search`, `fetch`)."""
    return len(profile.forms) == 1 and action.verb in profile.verbs


def _found(
    word: str, places: Mapping[str, tuple[float, str]], alike: tuple[str, ...] = ()
) -> float:
    """How much of an object word the tool says: the weight of the place it says it in,
    or of the best place it says one of `alike` (its synonyms) in, times `SYNONYM`; 0 for
    neither."""
    if word in places:
        return places[word][0]
    return max((places[o][0] * SYNONYM for o in alike if o in places), default=0.0)


def _relates(action: Action, profile: _Profile, head: str) -> bool:
    """Whether the tool's name relates the same two things as the action's object: its
    head noun and a noun that qualifies it after a preposition or participle ("the
    permissions linked to the role"), both in a name that joins them by a preposition of
    its own (`remove_permission_from_role`, not `remove_permission`)."""
    if not profile.qualified or head not in profile.named:
        return False
    stress = action.stress or (1.0,) * len(action.objects)
    return any(
        w != head and f == TAIL and w in profile.named
        for w, f in zip(action.objects, stress, strict=True)
    )


def _verb_evidence(action: Action, profile: _Profile) -> tuple[float, str]:
    """How strongly the tool is named by the action's verb, and how, in words."""
    if not _effects_allow(action.classes, profile.effects):
        return 0.0, ""
    verb, said = action.verb, f"`{action.written}`"
    if verb in profile.verbs or (verb == _INVOKE and profile.verbs & RUNS):
        return NAMED, f"{said} names it"  # "invoke the plugin": `run_plugin` runs it
    if verb in profile.leads:  # "Add or remove drivers": the description's own verbs
        return DESCRIBED_FIRST, f"{said} starts its description"
    if verb in profile.undone:
        return 0.0, ""  # "unlock" is no evidence for `lock_door`
    meets = compatible(action, profile) or bool(profile.verbs & _LIGHT)
    if verb in profile.later and meets:
        # "credit an account": `apply_credit`; "groom a stay": `add_grooming`. A light verb
        # leaves the action to its noun, whatever class it is of (not "update" for
        # `get_fields_to_update`: `get` is no light verb here, it reads)
        return LATER, f"{said} is a word of its name"
    undoes = bool(profile.verbs & _DISPOSES)
    if (meets and not undoes) and any(
        w[len(verb) :] in _DOERS and w.startswith(verb) for w in profile.later
    ):
        # `assign`: `ticket_assignee`; `pay`: `take_payment` (its light verb leaves the act
        # to the noun); never a name whose verb undoes or disposes of that noun
        # (`refund_payment` gives a payment back, it does not pay)
        return LATER, f"{said} is in a word of its name"
    if not compatible(action, profile):
        return 0.0, ""
    if verb in profile.summary:
        return IN_SUMMARY, f"{said} is in its description"
    if action.classes & profile.classes:
        shared = _names(action.classes & profile.classes)
        if verb in SPECIFIC:  # "export" says more than its class; "update" does not
            return OTHER_SPECIFIC, f"{said} is a {shared} verb, but the tool's is another"
        if profile.unlisted:  # "look up the article" is not `summarize_article`
            return OTHER_SPECIFIC, f"{said} is a {shared} verb, but the tool's says more"
        return SAME_CLASS, f"{said} is a {shared} verb, like the tool's"
    return 0.0, ""


# endings (after the stemmer) of nouns made from a verb for who or what it acts on:
# assignee, approver, subscriber, assignment
_DOERS = frozenset({"e", "er", "or", "ment"})
_INVOKE = verb_key("invoke")
# verbs that undo or dispose of the thing their object names: `refund_payment` is no payment
_DISPOSES = frozenset(
    verb_key(v)
    for v in ("refund", "cancel", "void", "reverse", "delete", "remove", "revoke", "unassign",
              "undo", "reject", "decline", "withdraw")
)  # fmt: skip


# verbs that leave the action to the noun after them ("apply a credit", "add grooming",
# "place a hold", "give a discount"): a name led by one is named by that noun as a verb
_LIGHT = frozenset(
    verb_key(v) for v in ("add", "apply", "give", "make", "place", "put", "do", "take")
)


def compatible(action: Action, profile: _Profile) -> bool:
    """Whether the verb's classes and the tool's can meet (either unknown: they can)."""
    return not action.classes or not profile.classes or bool(action.classes & profile.classes)


def _effects_allow(classes: frozenset[str], effects: frozenset[str]) -> bool:
    """A read verb never names a tool the registry vouches only writes, nor a write verb
    one it vouches only reads."""
    if not classes or not effects:
        return True
    reads = classes <= READ_ONLY_CLASSES
    writes = not (classes & READ_ONLY_CLASSES)
    if reads and "read" not in effects:
        return False
    return not (writes and effects == {"read"})


def _names(classes: frozenset[str]) -> str:
    return "/".join(sorted(classes))
