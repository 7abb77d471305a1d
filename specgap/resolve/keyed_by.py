"""A thing named with no verb is what a tool acts on, not what another tool looks it up by:
"an email" speaks of `sendEmailWithTemplate`'s email, not of `findMemberWithEmail`, which
finds a member with one; "the order" of `cancelOrder`, not of `getCustomerByOrder`.

An id in the style of a selector or a finder ("verb Object By/Using/Via Key", or "With" and
one word that names a key: `findMemberWithEmail`, `getUserWithId`) names its object before
the preposition and the key it is called with after it. When a mention is a bare noun phrase
(one word, or two that are no verb and object the lexicon or the tools know, after a
determiner if any) and the tools near the top of its evidence (within twice the resolver's
margin) include both tools whose id has the mention's words only after such a preposition
and tools whose id has them before one, the first are lowered below the others (an aside,
never a resolution of their own). Any other mention, or a set of such tools only, is left as
it is.
"""

from __future__ import annotations

from specgap.resolve.evidence import MARGIN, Evidence
from specgap.resolve.text import own_words, split, stem
from specgap.resolve.verbs import parse_action

__all__ = ["not_the_key"]

_DETERMINERS = frozenset({"a", "an", "the", "any", "each", "every", "one", "all", "no", "its"})
_KEYED = frozenset({"by", "using", "via"})
_KEY_WORDS = frozenset(
    {"email", "id", "phone", "mobile", "name", "number", "code", "ref", "reference", "token",
     "key", "postcode", "passcode", "pin", "username", "handle", "slug", "sku", "uuid"}
)  # fmt: skip


def _parts(tool_id: str) -> tuple[set[str], set[str]]:
    """The stems of a tool id's words before its first keying preposition, and after it."""
    words = [w.casefold() for w in own_words(tool_id)]
    at = next((n for n, w in enumerate(words) if n > 0 and _keys(words, n)), len(words))
    return {stem(w) for w in words[:at]}, {stem(w) for w in words[at + 1 :]}


def _keys(words: list[str], n: int) -> bool:
    """Whether `words[n]` opens the key a tool looks its object up by: "by", "using" or "via"
    anywhere; "with" only before one word that names a key (`findMemberWithEmail`, never
    `list_directory_with_sizes`, which lists sizes with the entries)."""
    if words[n] in _KEYED:
        return True
    return words[n] == "with" and len(words) == n + 2 and words[n + 1] in _KEY_WORDS


def not_the_key(mention: str, found: dict[str, Evidence], known: frozenset[str]) -> None:
    """Lower, in `found`, the tied tools that are only looked up by what a bare noun names
    (module docstring)."""
    words = [stem(w) for w in split(mention.casefold()) if w not in _DETERMINERS]
    if not found or not words or len(words) > 2:
        return
    if len(words) > 1 and parse_action(mention, known) is not None:
        return  # "find member": a verb and its object (one word alone is read as the noun)
    top = max(e.score for e in found.values())
    # the near ones: a tool whose object the noun is may trail one keyed by it by a margin
    tied = [t for t, e in found.items() if top - e.score < 2 * MARGIN - 1e-9]
    keyed = []
    for tool_id in tied:
        head, key = _parts(tool_id)
        if set(words) <= key and not set(words) & head:
            keyed.append(tool_id)
    acting = [t for t in tied if t not in keyed and set(words) <= _parts(t)[0]]
    if not keyed or not acting:
        return
    below = max(found[t].score for t in acting) - MARGIN
    for tool_id in keyed:
        ev = found[tool_id]
        detail = f"{ev.why()}; but it looks its object up by what the noun names"
        found[tool_id] = Evidence(min(ev.score, below), ev.via, "aside", detail)
