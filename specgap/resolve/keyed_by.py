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

import functools

from specgap.resolve.evidence import MARGIN, Evidence, near_top, set_aside
from specgap.resolve.text import own_words, split, stem
from specgap.resolve.verbs import parse_action

__all__ = ["not_the_key"]

_DETERMINERS = frozenset({"a", "an", "the", "any", "each", "every", "one", "all", "no", "its"})
_KEYED = frozenset({"by", "using", "via"})
_KEY_WORDS = frozenset(
    {"email", "id", "phone", "mobile", "name", "number", "code", "ref", "reference", "token",
     "key", "postcode", "passcode", "pin", "username", "handle", "slug", "sku", "uuid"}
)  # fmt: skip


@functools.lru_cache(maxsize=4096)
def _parts(tool_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of a tool id's words before its first keying preposition, and after it."""
    words = [w.casefold() for w in own_words(tool_id)]
    at = next((n for n, w in enumerate(words) if n > 0 and _keys(words, n)), len(words))
    return frozenset(stem(w) for w in words[:at]), frozenset(stem(w) for w in words[at + 1 :])


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
    # the near ones: a tool whose object the noun is may trail one keyed by it by a margin
    tied = near_top(found, within=2 * MARGIN)
    keyed = [t for t in tied if set(words) <= _parts(t)[1] and not set(words) & _parts(t)[0]]
    acting = [t for t in tied if t not in keyed and set(words) <= _parts(t)[0]]
    if keyed and acting:
        set_aside(found, keyed, acting, "it looks its object up by what the noun names")
