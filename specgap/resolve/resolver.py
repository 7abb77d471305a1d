"""Scoring one tool mention against a registry: the evidence for each tool, ranked.

Each kind of evidence can justify at most one score band, highest first:

    1.00       exact_id / name   the canonical id or an emitted name, verbatim
    0.97       alias             an id, name or alias up to case and separators
                                 (`put-item`, `PUT_ITEM`, `PutItem` for `put_item`)
    0.92       alias             the last segment of a dotted id or name, likewise
                                 (`PutItem` for `aws.dynamodb.PutItem`)
    0.91/0.86  alias             the same, up to inflection too (`creating entities` for
                                 `create_entity`); then the same words in another order
    0.70-0.74  fuzzy             a partial name: every word of the mention is in one name,
                                 or its letters are a run of its words; all such tools stay
                                 within the margin of each other, so two of them are a tie
    0.35-0.65  fuzzy             some words shared with a name, weighted by rarity (IDF)
    0.58-0.70  context_keyword   most of the mention's words (by IDF weight, at least 60%)
                                 in a tool's description or keywords
    0.20-0.80  fuzzy             character similarity (rapidfuzz), tried only for a mention
                                 with a word no tool uses (a misspelling, run-together words)
    0.39-0.80  fuzzy or          a verb phrase ("reschedule the pickup", "book"): the verb's
               context_keyword   class and the object's words against the tools' names,
                                 descriptions and parameters (`specgap.resolve.actions`),
                                 tried below the `reordered` band; a name whose words the
                                 mention shares but whose verb is of another kind
                                 (`get_booking` for "book") drops to 0.45

Words around the mention (the rule's text and section heading) add up to +0.12 to the
candidates below the alias bands: +0.08 per word of a tool's names, namespace or keywords,
+0.02 per word of its argument names (schema keywords), +0.01 per word of its description;
never to a suggestion kept below the bands on purpose (kind `aside`), and for a bare verb
("add") only to the tools the verb names (`add_extra`, not `book_order` for "... the order").
Below `RESOLVED_AT` a mention is `unresolved` (the candidates are "did you mean"
suggestions); when its best two candidates are closer than `MARGIN` it is `ambiguous`,
never silently resolved. A rule that names no tool is resolved from its words alone
(`context_keyword`/`schema_keyword`, see `Resolver._implicit`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import cached_property

from rapidfuzz import fuzz, process

from specgap.ir import Resolution, Via
from specgap.registry import Registry
from specgap.resolve.actions import ASIDE_AT, CAP, ActionIndex
from specgap.resolve.bind_ids import folded_id
from specgap.resolve.demotions import as_thing, verb_said
from specgap.resolve.evidence import (
    KEEP,
    KEEP_AT,
    MARGIN,
    RESOLVED_AT,
    Evidence,
    offer,
    resolution,
)
from specgap.resolve.index import Index
from specgap.resolve.keyed_by import not_the_key
from specgap.resolve.lexicon import verb_key
from specgap.resolve.made_first import made_not_undone
from specgap.resolve.own_reads import own_record
from specgap.resolve.plain import LIGHT, plain_form
from specgap.resolve.readings import Readings
from specgap.resolve.recast import recast, unmodified
from specgap.resolve.spelt_out import with_spelt_out
from specgap.resolve.text import (
    ARTICLES,
    FILLER,
    STOPWORDS,
    compact,
    content_words,
    letters,
    split,
    split_name,
    stem,
    uninflected,
    words,
)
from specgap.resolve.verbs import LEAD, Action, prose_words

EXACT, ALIAS, SEGMENT, INFLECTED, INFLECTED_SEGMENT = 1.0, 0.97, 0.92, 0.91, 0.86
REORDERED, CONTAINED, OVERLAP, DESCRIBED = 0.86, 0.70, 0.35, 0.40
CONTEXT_CAP = 0.12
CONTRADICTED = 0.45  # a name's words, but the mention's verb is of another kind
_DESCRIBED_SHARE = 0.6  # of the mention's word weight, found in a description, to resolve
_SUGGEST_SHARE = 0.34  # ... to be a "did you mean" suggestion
_ROUNDING = 1e-9  # what a sum of floats may fall short of the exact share by
_COMMON = 24  # a word in more names than this shows no runner-up worth the time
_NONE: set[int] = set()


# a call verb before a tool named verbatim ("calling `get_booking`", "use the refund_job tool")
_CALLED = re.compile(
    r"(?P<verb>[a-z]+)\s+(?:the\s+)?`?(?P<id>[\w.:/-]+?)`?(?:\(\))?(?:\s+(?:tool|function|endpoint))?",
    re.I,
)
# a tool id and what its call is about ("`visit_query` on the same visit_id")
_ID_LED = re.compile(
    r"`?(?P<id>[A-Za-z][\w.:/-]*\w)`?(?:\(\))?\s+(?:for|on|about|against|with|of)\s+\S.*",
    re.I | re.S,
)
# an ordering word, and what glosses a step by its tool ("(`t`", "with `t`", "using `t`")
_ORDERING = re.compile(r"\b(?:before|after|until|prior\s+to)\b", re.I)
_GLOSSED = re.compile(r"(?:\(|\b(?:with|using|via|through|by)\s+(?:the\s+)?)`?$", re.I)
# an act and the tool it is done with ("refer a chat to the office with `office_callback`")
_ID_TAIL = re.compile(
    r".*\b(?:with|using|via|through)\s+(?:the\s+)?`?(?P<id>[A-Za-z][\w.:/-]*\w)`?(?:\(\))?"
    r"(?:\s+(?:tool|function|operation))?",
    re.I | re.S,
)
# a word that may be a tool id as a sentence spells it (`visit_query`, `VisitQuery`, `crm.find`)
_ID_TOKEN = re.compile(r"[A-Za-z][\w.:/-]*\w")
_CALL_STEMS = frozenset(stem(w) for w in ("call", "use", "invoke", "run", "execute", "trigger"))


class Resolver(Index):
    """Indexes a registry once; `resolve` is then cheap and memoised."""

    def __init__(self, registry: Registry) -> None:
        super().__init__(with_spelt_out(registry))  # `appt_cxl`: "appointment cancellation"
        self._memo: dict[tuple[str | None, str], Resolution] = {}
        # equal resolutions are one object, so the stage compares them by identity
        self._interned: dict[tuple[object, ...], Resolution] = {}
        # the evidence of a mention before the words around it: one per mention
        self._bare: dict[str, tuple[dict[str, Evidence], frozenset[str]]] = {}
        # a bare verb's tools named by it ("add": `add_extra`): only they gain from context
        self._named: dict[str, frozenset[str]] = {}
        # mentions recast from another shape: never recast again
        self._recast: set[str] = set()
        # the ids of two words or more, folded: taken out of a mention's context (`_unnamed`)
        self._compound_ids: dict[str, str] | None = None

    @cached_property
    def actions(self) -> ActionIndex:
        """The verb-phrase index, built when a mention first needs it."""
        return ActionIndex(self.registry)

    @cached_property
    def readings(self) -> Readings:
        """Readings of a verb phrase beyond its words (`specgap.resolve.readings`)."""
        return Readings(self.registry, self.actions)

    # --- public API ------------------------------------------------------------------------

    def resolve(self, mention: str | None, context: str = "") -> Resolution:
        key = (mention, context)
        found = self._memo.get(key)
        if found is None:
            made = resolution(mention, self.evidence(mention, context))
            interned = (made.mention, made.status, made.candidates)
            found = self._memo[key] = self._interned.setdefault(interned, made)
        return found

    def explain(self, mention: str | None, context: str = "") -> tuple[Resolution, dict[str, str]]:
        """The resolution plus, for each kept candidate, what matched, in words."""
        evidence = self.evidence(mention, context)
        res = resolution(mention, evidence)
        return res, {c.tool_id: evidence[c.tool_id].why() for c in res.candidates}

    def evidence(self, mention: str | None, context: str = "") -> dict[str, Evidence]:
        """Every tool with anything in its favour, with the best evidence for it."""
        found: dict[str, Evidence] = {}
        if not mention or not mention.strip():
            self._implicit(context, found)
            for tool_id in sourced(context, found):
                del found[tool_id]  # "the mobile `t` holds": the value's source, no target
            return found
        bare = self._bare.get(mention)
        if bare is None:
            bare = self._bare[mention] = self._bare_evidence(mention)
        found, mention_words = dict(bare[0]), bare[1]
        if context:
            around = set(content_words(context)) - mention_words
            # a tool the context names by its id is the rule's other party: its own id's
            # words favour it no more ("call `visit_query` before a visit is cancelled")
            apart = {
                tool: set(content_words(without)) - mention_words
                for tool, without in self._unnamed(context, mention).items()
            }
            self._context_bonus(found, around, self._named.get(mention), apart)
        own_record(mention, found)  # "get the van details": not what reads another thing
        made_not_undone(mention, found, self.actions.known)  # "one deposit": not `return_deposit`
        not_the_key(mention, found, self.actions.known)  # "an email": not `findMemberWithEmail`
        return found

    def _unnamed(self, context: str, mention: str) -> dict[str, str]:
        """For each tool the context names by its compound id (two words at least; a
        one-word id is also a word of the sentence) as the other party of an ordering in
        its clause ("Call `visit_query` before a visit is cancelled"), the context without
        that id. Not an id the mention holds, nor one that glosses a step in brackets or
        after "with" ("pull the prescription (`get_prescription`)", "add a note with
        `add_note`"), nor one in a clause that orders nothing: each may name the mention's
        own tool."""
        ids = self._compound_ids
        if ids is None:
            ids = self._compound_ids = {
                i.casefold(): tool
                for i, named in self.exact.items()
                if len(split_name(i)) >= 2
                for tool, _ in named[:1]
            }
        out: dict[str, str] = {}
        folded = "".join(mention.casefold().split())
        for m in _ID_TOKEN.finditer(context):
            tool = ids.get(m[0].casefold())
            if tool is None or tool in out or m[0].casefold() in folded:
                continue
            if not context[m.end() :].strip():
                continue  # a description's own tool, put after its sentence: the subject
            start = context.rfind(";", 0, m.start()) + 1
            end = context.find(";", m.end())
            clause = context[start : end if end >= 0 else len(context)]
            if _ORDERING.search(clause) is None or _GLOSSED.search(context[: m.start()]):
                continue
            out[tool] = re.sub(
                rf"(?<![\w.:/-]){re.escape(m[0])}(?![\w.:/-])", " ", context, flags=re.I
            )
        return out

    def _said_by_id(self, mention: str) -> str | None:
        """The tool a mention names by its id around other words, or None: after a call verb
        ("call `cancel_booking`", "using get_booking": never a tool the call verb happens to
        resemble, "call" ~ `get_…`), or a compound id first with what its call is about
        ("visitQuery on the same visit_id") or last as what the act is done with ("refer a
        chat with officeCallback"); up to case when the prose lowered a camelCase id ("call
        chargeinvoice": `bind_ids`)."""
        called = _CALLED.fullmatch(mention)
        if called is not None and stem(called["verb"].casefold()) in _CALL_STEMS:
            said: str | None = called["id"]
        else:
            led = _ID_LED.fullmatch(mention) or _ID_TAIL.fullmatch(mention)
            said = led["id"] if led is not None and self._id_like(led["id"]) else None
        if said is None:
            return None
        return said if said in self.exact else folded_id(self.exact, said)

    def _id_like(self, said: str) -> bool:
        """A word that reads as an id, not prose: a compound (`visitQuery`), or an id the
        tools define written with a figure or a mark (`B3`, `Ctrl-B`), as no word is."""
        if len(split_name(said)) >= 2:
            return True
        return said in self.exact and not said.isalpha()

    def _bare_evidence(self, mention: str) -> tuple[dict[str, Evidence], frozenset[str]]:
        """The evidence from the mention alone, and its words (not favoured by context)."""
        found: dict[str, Evidence] = {}
        if self.registry.hook(mention) is not None:
            return found, frozenset()  # a lifecycle hook is never a candidate; compile says why
        named = self._said_by_id(mention.strip())
        if named is not None:
            return self._bare_evidence(named)
        raw = split(mention)
        stems = [stem(w) for w in raw]
        letters, stemmed = "".join(raw), "".join(stems)
        for tool_id, via in self.exact.get(mention, ()):
            offer(found, tool_id, EXACT, via, "id" if via == "exact_id" else "name", "")
        for n in self.flat.get(letters, ()):
            score, kind = (SEGMENT, "segment") if n.segment else (ALIAS, "flat")
            offer(found, n.tool, score, "alias", kind, n.text)
        for n in self.stemmed.get(stemmed, ()):
            score = INFLECTED_SEGMENT if n.segment else INFLECTED
            kind = "inflected-segment" if n.segment else "inflected"
            offer(found, n.tool, score, "alias", kind, n.text)
        mention_words = frozenset(stem(w) for w in raw if w not in ARTICLES)
        core = frozenset(stem(w) for w in raw if w not in FILLER) or mention_words
        best = max((e.score for e in found.values()), default=0.0)
        self._by_name_words(mention_words, core, found, strong=best >= REORDERED)
        best = max((e.score for e in found.values()), default=0.0)
        if best < REORDERED and len(core) >= 2:
            self._by_description(core, found)
        for run in {letters, stemmed}:
            for tool_id, text, length in self.runs.get(run, ()):
                score = CONTAINED + 0.04 * min(len(run) / length, 1.0)
                offer(found, tool_id, score, "fuzzy", "contained", text)
        if best < REORDERED and any(w not in self.idf for w in mention_words):
            self._run_together(letters, found)
            self._fuzzy(mention, found)
        elif not found:
            self._fuzzy(mention, found)
        if max((e.score for e in found.values()), default=0.0) < REORDERED:
            self._by_action(mention, found)
            self._plainly(mention, found)
            as_thing(self.registry, self.actions, mention, found, REORDERED)
        return found, mention_words

    def _plainly(self, mention: str, found: dict[str, Evidence]) -> None:
        """The mention said plainly (`verbs.plain_form`: "make any changes to a booking" as
        "change booking", "reserve anything" as "reserve"): each tool's better evidence of
        the two where the words as written may still name a tool (`make_move`), else the
        plain reading's alone."""
        said = plain_form(mention, self.actions.known) if " " in mention.strip() else None
        cap = 1.0
        if said is None and mention not in self._recast:
            # a passive, a participle, an action noun (`specgap.resolve.recast`), once; a
            # reading, never as good as a name written out
            said, cap = recast(mention, self.actions.known, self.actions.name_verbs), CAP
            if said is None:  # "a second reroute": modifiers no tool speaks of, dropped
                shorter = unmodified(mention, self.actions.idf, self.actions.known)
                said = None if shorter is None else (shorter, True)
            if said is not None:
                self._recast.add(said[0])
        if said is None or said[0] == mention:
            return
        plain, either = said
        if not either:
            found.clear()
        else:
            self._light_reading_only(mention, found)
        bare = self._bare.get(plain)
        if bare is None:
            bare = self._bare[plain] = self._bare_evidence(plain)
        for tool_id, ev in bare[0].items():
            old = found.get(tool_id)
            if ev.score > cap:
                ev = ev._replace(score=cap)
            if old is None or ev.score > old.score:
                found[tool_id] = ev
        if plain in self._named:
            self._named[mention] = self._named[plain]

    def _light_reading_only(self, mention: str, found: dict[str, Evidence]) -> None:
        """A light verb with an action noun ("make three bookings") says the noun's act: a
        tool is read from the light verb's own words only when its name has that verb
        (`make_move`, `take_payment`: the word itself, though it reads as light there too),
        never because its verb is of the light verb's kind (`open_booking` for "make": both
        create)."""
        said = list(prose_words(mention))
        while said and said[0] in LEAD:
            said.pop(0)
        if not said or stem(said[0]) not in LIGHT:
            return
        light = verb_key(said[0])
        for tool_id, ev in list(found.items()):
            profile = self.actions.profiles.get(tool_id)
            if ev.kind != "action" or profile is None or light in profile.verbs:
                continue
            if stem(said[0]) not in profile.named:
                del found[tool_id]

    # --- scoring -----------------------------------------------------------------------

    def _by_name_words(
        self,
        every: frozenset[str],
        wanted: frozenset[str],
        found: dict[str, Evidence],
        *,
        strong: bool,
    ) -> None:
        """Names with the same words as the mention (`every`), names containing its words
        that matter (`wanted`: no filler), and names sharing some of them. With a strong
        match already found, only names sharing a rarer word are scored: the runner-ups
        worth showing."""
        if not wanted:
            return
        weights = {w: self.idf.get(w, self.rare) for w in sorted(wanted)}  # (a stable sum)
        matched: dict[int, float] = {}
        counts: dict[int, int] = {}
        if not strong:
            significant = _significant(weights, 0.15 * sum(weights.values()))
            for w in significant:
                for n in self.postings.get(w, ()):
                    matched[n] = matched.get(n, 0.0) + weights[w]
                    counts[n] = counts.get(n, 0) + 1
            for w in wanted.difference(significant):
                posting_set = self.posting_sets.get(w, _NONE)
                for n in posting_set.intersection(matched):
                    matched[n] += weights[w]
                    counts[n] += 1
        else:
            for w in wanted:
                postings = self.postings.get(w, ())
                if len(postings) > _COMMON:
                    continue
                for n in postings:
                    matched[n] = matched.get(n, 0.0) + weights[w]
                    counts[n] = counts.get(n, 0) + 1
        total = self.weight(wanted)
        if strong:
            sets = [self.posting_sets.get(w, _NONE) for w in wanted]
            for n in set.intersection(*sets):
                matched[n] = total
                counts[n] = len(wanted)
        size = len(wanted)
        keys, key_weight = self.keys, self.key_weight
        for n, count in counts.items():
            key = keys[n]
            if count == size:
                if key.words == every:
                    offer(found, key.tool, REORDERED, "alias", "reordered", key.text)
                else:
                    score = CONTAINED + 0.04 * (matched[n] / key_weight[n])
                    offer(found, key.tool, score, "fuzzy", "contained", key.text)
                continue
            share = matched[n] / key_weight[n]
            strength = matched[n] / total * share
            if strength >= 0.15:
                score = OVERLAP + 0.3 * strength
                old = found.get(key.tool)
                if old is None or score > old.score:
                    shared = ", ".join(sorted(wanted & key.words))
                    detail = f"shares {shared} with `{key.text}`"
                    found[key.tool] = Evidence(score, "fuzzy", "overlap", detail)

    def _by_description(self, wanted: frozenset[str], found: dict[str, Evidence]) -> None:
        # (in the words' order: a sum of floats taken in a set's order varies with the hash
        # seed, and a share that lands on a threshold would resolve differently run to run)
        weights = {w: self.idf.get(w, self.rare) for w in sorted(wanted)}
        total = sum(weights.values())
        significant = _significant(weights, _SUGGEST_SHARE * total)
        matched: dict[str, float] = {}
        for w in significant:
            weight = weights[w]
            for tool_id, factor in self.doc_postings.get(w, {}).items():
                matched[tool_id] = matched.get(tool_id, 0.0) + weight * factor
        for w in sorted(wanted.difference(significant)):
            weight, postings = weights[w], self.doc_postings.get(w, {})
            for tool_id in postings.keys() & matched.keys():
                matched[tool_id] += weight * postings[tool_id]
        for tool_id, weight in matched.items():
            share = weight / total + _ROUNDING  # (a share that is 0.6 exactly reaches 0.6)
            if share >= _SUGGEST_SHARE:
                if share >= _DESCRIBED_SHARE:
                    score = DESCRIBED + 0.30 * share
                else:  # too little of the mention to resolve it; still worth suggesting
                    score = KEEP_AT + 0.1 * share
                old = found.get(tool_id)
                if old is None or score > old.score:
                    doc = self.doc[tool_id]
                    shared = ", ".join(sorted(w for w in wanted if w in doc))
                    found[tool_id] = Evidence(score, "context_keyword", "described", shared)

    def _by_action(self, mention: str, found: dict[str, Evidence]) -> None:
        """A verb phrase ("reschedule the pickup"): see `specgap.resolve.actions`."""
        action = self.actions.parse(mention)
        if action is None:
            return
        named = self.actions.named_by(action) if not action.objects else frozenset()
        if named:
            self._named[mention] = named
        hits, quoted_from = self.actions.hits(mention, action, KEEP, KEEP_AT)
        generic = self.actions.generic(action)
        for tool_id, ev in list(found.items()):
            # words shared with its name, but a verb of another kind: a suggestion at most
            if ev.score >= RESOLVED_AT and self.actions.contradicts(action, tool_id):
                detail = f"{ev.why()}, but `{action.written}` is not what it does"
                found[tool_id] = Evidence(CONTRADICTED, ev.via, "overlap", detail)
            elif generic:  # "send" alone: its name's word is no better than its verb's kind
                del found[tool_id]
            elif (
                ev.kind == "described"
                and ev.score > ASIDE_AT
                and self.actions.aside(mention, action, tool_id)
            ):
                # words of its description, but not the thing it acts on: a suggestion
                detail = f"{ev.why()}; but its name acts on another thing"
                found[tool_id] = Evidence(ASIDE_AT, ev.via, "aside", detail)
        for hit in hits:
            if hit.score >= KEEP_AT:
                via: Via = "context_keyword" if hit.described else "fuzzy"
                offer(
                    found, hit.tool, hit.score, via, "aside" if hit.aside else "action", hit.detail
                )
        self.readings.by_kind(mention, action, found)
        self.readings.by_relation(mention, action, found)
        self.readings.by_sole_verb(action, found)
        verb_said(self.actions, action, found, REORDERED)
        # the one tool named by the verb, or else the one whose own name says it (`book_tour`
        # beside `add_transfer`, described "Books luggage transfer ...")
        in_name = [t for t in named if action.verb in self.actions.profiles[t].verbs]
        if not generic and (len(named) == 1 or len(in_name) == 1):
            one = next(iter(named)) if len(named) == 1 else in_name[0]
            self._verb_of_one(action, one, found, "" if len(named) == 1 else " name's")
        quoted = found.get(quoted_from or "")
        if quoted is not None:  # the words of its description: nothing else beats it clearly
            cap = quoted.score + MARGIN - 0.001
            for tool_id, ev in list(found.items()):
                if ev.kind == "action" and ev.score > cap:
                    detail = f"{ev.detail}; but the words are `{quoted_from}`'s description's"
                    found[tool_id] = Evidence(cap, ev.via, "action", detail)

    def _verb_of_one(
        self, action: Action, own: str, found: dict[str, Evidence], whose: str = ""
    ) -> None:
        """A bare verb ("book only after ...") that one tool's name or description says as
        its verb (`book_tour`), in a near tie with tools whose names say a word of it only as
        the thing they act on (`open_booking`): that tool, clearly. A verb written as
        another tool's name writes it ("order": `get_order`) may be that tool's noun, and
        stays a tie."""
        ev = found.get(own)
        rivals = [e.score for t, e in found.items() if t != own]
        if ev is None or ev.score < RESOLVED_AT or not rivals or ev.score >= max(rivals) + MARGIN:
            return
        if ev.score + MARGIN < max(rivals):
            return  # a rival clearly ahead on its own evidence: no near tie to settle
        profiles = self.actions.profiles
        if any(action.written in profiles[t].forms for t in found if t != own and t in profiles):
            return
        score = min(max(rivals) + MARGIN + 0.001, 0.96)
        detail = f"{ev.why()}; `{action.written}` is its{whose} verb, and no other tool's"
        found[own] = Evidence(score, ev.via, "action", detail)

    def _run_together(self, letters: str, found: dict[str, Evidence]) -> None:
        """Words run together with one of them inflected (`gettingsolartimes`): undo one
        inflection at each place it could be and look the letters up as a whole name, or
        as a run of a name's words."""
        for variant in uninflected(letters):
            for tool_id, text, length in self.runs.get(variant, ()):  # a partial name, too
                score = CONTAINED + 0.04 * min(len(variant) / length, 1.0)
                offer(found, tool_id, score, "fuzzy", "contained", text)
            for hit in self.flat.get(variant, ()):
                # then every name equal to that one up to inflection, as for spaced words
                for n in self.stemmed.get(compact(hit.text), ()):
                    if n.segment == hit.segment:
                        score = INFLECTED_SEGMENT if n.segment else INFLECTED
                        offer(found, n.tool, score, "alias", "inflected", n.text)

    def _fuzzy(self, mention: str, found: dict[str, Evidence]) -> None:
        """Character similarity: a score of 0.5 needs 90% similarity, 0.8 is identical."""
        query = " ".join(words(mention))
        if not query:
            return
        for _, similarity, index in process.extract(
            query, self.fuzzy_keys, scorer=fuzz.ratio, limit=KEEP, score_cutoff=80.0
        ):
            if similarity >= 90:
                score = 0.5 + 0.03 * (similarity - 90)
            else:
                score = 0.5 - 0.02 * (90 - similarity)
            for tool_id, original in self.fuzzy_owners[index]:
                detail = f"{similarity:.0f}% similar to `{original}`"
                offer(found, tool_id, score, "fuzzy", "fuzzy", detail)

    def _context_bonus(
        self,
        found: dict[str, Evidence],
        around: set[str],
        only: frozenset[str] | None = None,
        apart: dict[str, set[str]] | None = None,
    ) -> None:
        """Words around the mention favour the tools they name (see the module doc); with
        `only`, just those tools: a bare verb ("add") does not make a tool merely of its
        class (`book_order`) beat one named by it (`add_extra`) because the sentence says
        "order". A tool in `apart` (named by its id in the context) is favoured only by the
        words around it besides its id."""
        if not around:
            return
        for tool_id, ev in list(found.items()):
            if ev.score >= ALIAS or ev.kind == "aside" or (only and tool_id not in only):
                continue  # an alias needs no help; a suggestion stays one
            weights = self.context[tool_id]
            words = apart.get(tool_id, around) if apart else around
            hits = sorted((w, *weights[w]) for w in words if w in weights)
            bonus = min(sum(weight for _, weight, _ in hits), CONTEXT_CAP)
            if bonus > 0:
                named = ", ".join(f"{w} ({what})" for w, _, what in hits)
                detail = f"{ev.why()}; words around it: {named} +{bonus:.2f}"
                found[tool_id] = Evidence(min(ev.score + bonus, 0.96), ev.via, "overlap", detail)

    def _implicit(self, context: str, found: dict[str, Evidence]) -> None:
        """A rule that names no tool: the tool whose keywords and arguments the rule uses,
        0.45 + 0.1 per word (at most 0.9), plus 0.02 per word it shares with the tool
        (at most 0.06)."""
        around = {stem(w) for w in split(context) if w not in STOPWORDS}
        # "per reservation", "each extension": the act the noun names is the tool's verb
        around |= {v for w in split(context) if w not in STOPWORDS and (v := _act_key(w))}
        hits: dict[str, list[str]] = defaultdict(list)
        schema_hits: dict[str, list[str]] = defaultdict(list)
        for w in sorted(around):
            for tool_id in self.keywords.get(w, ()):
                hits[tool_id].append(w)
            for tool_id in self.schema.get(w, ()):
                schema_hits[tool_id].append(w)
        sources: tuple[tuple[dict[str, list[str]], Via, str], ...] = (
            (hits, "context_keyword", "keywords"),
            (schema_hits, "schema_keyword", "argument names"),
        )
        for index, via, what in sources:
            for tool_id, ws in index.items():
                shared = len(around & self.tool_words[tool_id])
                score = min(min(0.45 + 0.1 * len(ws), 0.9) + min(0.02 * shared, 0.06), 0.96)
                detail = f"{what} in the rule: {', '.join(ws)}"
                offer(found, tool_id, score, via, "implicit", detail)


# a tool named by its id as the source of a value ("the mobile `find_hirer` holds", "a slot
# `search` returned"): the rule's other party
_SOURCE_AFTER = re.compile(
    r"`?\s+(?:has\s+|had\s+)?(?:holds|held|has\s+on\s+(?:record|file)|keeps|kept|returns|"
    r"returned|gave|gives|given|lists|listed|shows|showed|shown|offers|offered|found|finds|reports|"
    r"reported)\b"
)
_NAME = re.compile(r"[A-Za-z][\w.:-]*[A-Za-z0-9]")


def sourced(context: str, found: Iterable[str]) -> list[str]:
    """The tools among `found` that the context names by their id (in any spelling that
    keeps its letters: `contact_find_hirer` of `Contact.Find_Hirer`) only as a value's
    source (`_SOURCE_AFTER` after the id), never otherwise."""
    said: dict[str, list[bool]] = defaultdict(list)
    for m in _NAME.finditer(context):
        said[letters(m[0])].append(_SOURCE_AFTER.match(context, m.end()) is not None)
    return [t for t in found if (at := said.get(letters(t))) and all(at)]


def _act_key(word: str) -> str | None:
    """The stem of the verb an action noun of a made-from-a-verb kind names ("reservation":
    `reserv`, "extension": `extend`), or None (a gerund or a verb used as a noun is its own
    stem already)."""
    from specgap.resolve.verbs import verb_of_noun

    key = verb_of_noun(word, set())
    return stem(key) if key is not None and stem(key) != stem(word) else None


def _significant(weights: dict[str, float], needed: float) -> list[str]:
    """The rarest words, enough of them that the others together weigh less than `needed`:
    anything matching none of them cannot reach `needed`, so it need not be looked at."""
    ordered = sorted(weights, key=lambda w: (-weights[w], w))
    rest = sum(weights.values())
    out: list[str] = []
    for w in ordered:
        if rest < needed:
            break
        out.append(w)
        rest -= weights[w]
    return out
