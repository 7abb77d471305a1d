"""A prerequisite said by a verb that several sibling tools fit equally: "after the check-in,
..." with `find_guest_by_room`, `find_guest_by_phone` and `find_guest_by_name`, all read
the guest and differ only in what they look it up by. The mention is a near tie, never a
guess; but an ordering whose prerequisite is any one of those lookups is what the sentence
says, so the tie of siblings is compiled as the any-of set of the whole family
(`require_before`'s `before` list, `docs/any-of-ordering.md`). See
`docs/sibling-ties.md`.

A tie is **of siblings** when:

- the tools with the top score (two or more) are named by one verb and one object and
  differ only in a qualifier after `by` (`get_guest_by_room`, `get_guest_by_phone`): the
  same verb, so the same class, and the same thing acted on; the set is every tool of the
  registry so named (the family), not only the ones that happened to score top;
- every other tool of the near tie (within the resolver's margin) acts on another thing
  that belongs to the family's thing, named with it or looked up by it
  (`get_guest_folio`, `get_charges_by_guest` beside the guest lookups): it reads what
  belongs to the thing, not the thing itself, as `specgap.resolve.alternatives`
  already prefers "the one family that reads the thing itself".

Anything else (leaders named by different verbs or objects, a tool of the tie that
reads something unrelated, a single top tool) stays ambiguous with its note. Only the
prerequisite side is read so: the tool an ordering constrains (its target) is never a set
built from a tie.
"""

from __future__ import annotations

from specgap.ir import Resolution
from specgap.resolve.evidence import near_tie
from specgap.resolve.resolver import Resolver
from specgap.resolve.text import FILLER, SEGMENT, split, stem

# what reading a thing itself returns: `get_guest_information_by_room` reads "the guest"
_PLAIN = frozenset(stem(w) for w in ("information", "info", "details", "detail", "data", "profile"))
_TOP = 1e-6  # scores this close to the top are the same score


def _words(tool_id: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A name's verb, the words it acts on (before `by`, if any) and the words of its
    qualifier (after `by`): `get_guest_by_room` is (get, (guest,), (room,))."""
    words = [w.casefold() for w in split(SEGMENT.split(tool_id)[-1]) if not w.isdigit()]
    at = words.index("by", 2) if "by" in words[2:] else len(words)
    thing = tuple(stem(w) for w in words[1:at] if w not in FILLER)
    key = tuple(stem(w) for w in words[at + 1 :] if w not in FILLER)
    return (words[0] if words else "", thing, key)


def _parts(tool_id: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """`_words` of a name that looks a thing up by something (`get_guest_by_room`); None
    for any other name."""
    verb, thing, key = _words(tool_id)
    return (verb, thing, key) if thing and key else None


def sibling_set(resolver: Resolver, res: Resolution) -> tuple[str, ...] | None:
    """The family of sibling tools (sorted ids) an ambiguous prerequisite's tie is
    between, or None when the tie is not of siblings (see the module doc)."""
    if res.status != "ambiguous" or not res.candidates:
        return None
    top = res.candidates[0].score
    tie = [c.tool_id for c in near_tie(res)]
    leaders = [c.tool_id for c in res.candidates if top - c.score < _TOP]
    named = {_parts(t) for t in leaders}
    if len(leaders) < 2 or None in named:
        return None
    heads = {(p[0], p[1]) for p in named if p is not None}
    if len(heads) != 1:
        return None  # led by different verbs or different things: no family
    ((verb, thing),) = heads
    family = sorted(
        t.id
        for t in resolver.registry.tools
        if (p := _parts(t.id)) and (p[0], p[1]) == (verb, thing)
    )
    itself = set(thing) - _PLAIN  # "guest" of `get_guest_information_by_room`
    for other in tie:
        if other in family:
            continue
        _, what, key = _words(other)
        if not itself or not itself <= {*what, *key} or set(what) - _PLAIN == itself:
            return None  # a tool of the tie acts on something unrelated: a real tie
    return tuple(family) if len(family) >= 2 else None
