"""The English lexicon the extractor asks whether a word can be a verb (`lemminflect`, whose
tables ship in its wheel). One cached look-up for every reader; the table takes ~0.4 s to
load, so function words are answered without it."""

from __future__ import annotations

from specgap.extract.pattern_base import split_words
from specgap.operators.prose import lemmas as lemmas  # one cache for every reader

__all__ = ["CLOSED_CLASS", "base_verb", "lemmas", "verb_after_dashes", "verb_lemma"]


# function words, none of them a verb in its base form: answered without the lexicon
# (tests/test_leftovers.py holds this list to the lexicon)
CLOSED_CLASS = frozenset(
    split_words(
        """i you he she it we they me him us them my your his its our their this that these those
    the a an all any each every some both either neither there here what which who whom whose
    where how why in on at for from with by of to into onto about after before during under
    between through without within among and or but nor if when because unless
    although though since not only also always never"""
    )
)


def base_verb(word: str) -> bool:
    """Whether `word` is a verb in its base form (`limit`, `present`; not `limits`)."""
    if word in CLOSED_CLASS:
        return False
    return word in lemmas(word).get("VERB", ())


def verb_lemma(word: str) -> str | None:
    """The verb a word is a form of (`refunds` -> `refund`), or None."""
    verbs = lemmas(word.casefold()).get("VERB", ())
    return verbs[0] if verbs else None


def verb_only_last(words: list[str]) -> bool:
    """A name of two words or more whose last word is the only one in a verb's base form
    (`payment_take`, `unit_hold`): nouns, then what is done with them."""
    return len(words) > 1 and base_verb(words[-1]) and not any(map(base_verb, words[:-1]))


def verb_after_dashes(name: str) -> bool:
    """A tool name whose last part, after a doubled hyphen, is one verb (`game__copy--hold`,
    `table__booking--read`): that part is what the tool does, the parts before what on."""
    head, dashes, last = name.rpartition("--")
    plain = last.isascii() and last.isalpha() and last.islower()
    return bool(dashes and head) and plain and base_verb(last)
