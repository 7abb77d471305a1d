"""Normalised matching of values against the text a trace has seen so far.

Grounding ("this id must come from the user or a tool output") and taint ("a value a
source returned must not reach a sink") both ask whether a value occurs in some text,
modulo case, whitespace, separators and number formats. `Evidence` indexes text once as it
arrives, so a later question costs set lookups, not a rescan of the trace:

- a string value matches when its alphanumeric runs occur consecutively in the text
  (`credit_card_95` matches "credit card 95", `GB29NWBK6016` matches "GB29 NWBK 6016",
  `#W123` matches "order W123"), never inside a longer run (`13` does not match `1300`);
- a number matches any number written in the text (`4.0` matches "$4.00", `10000` matches
  "10,000").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

MAX_RUNS = 12  # values with more alphanumeric runs fall back to a substring search
_RUN = re.compile(r"[^\W_]+")
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")
_SPACE = re.compile(r"\s+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_DATE_OR_TIME = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?)$"
)


def loose(text: str) -> str:
    """Case-folded, whitespace collapsed."""
    return _SPACE.sub(" ", text.casefold()).strip()


def runs(text: str) -> list[str]:
    """The alphanumeric runs of a text, case-folded (`gift_card_7` -> gift, card, 7)."""
    return _RUN.findall(text.casefold())


def canonical_number(value: Any) -> str | None:
    """`4`, `4.0`, `"4.00"`, `"1,000"` -> one spelling each; None when not a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        raw = repr(value)
    elif isinstance(value, str):
        raw = value.strip().lstrip("$€£").replace(",", "")
    else:
        return None
    try:
        number = Decimal(raw)
    except InvalidOperation:
        return None
    if not number.is_finite():
        return None
    text = f"{number.normalize():f}"
    return "0" if text in {"-0", "+0"} else text


def leaves(value: Any, *, keys: bool = False) -> Iterator[Any]:
    """Every scalar (string, number) inside a JSON value: dict values (and, with `keys`,
    dict keys) and list items."""
    if isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield str(key)
            yield from leaves(item, keys=keys)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from leaves(item, keys=keys)
    elif isinstance(value, str | int | float) and not isinstance(value, bool):
        yield value


def is_idlike(value: Any) -> bool:
    """Identifier-looking strings: one token holding a digit, `@` or `#` (`#W1`, `gift_card_7`,
    an IBAN, an email), but not a date or time, which agents compute rather than copy."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    if len(text) < 3 or any(ch.isspace() for ch in text) or _DATE_OR_TIME.match(text):
        return False
    return any(ch.isdigit() or ch in "@#" for ch in text)


def key_words(name: str) -> str:
    """An argument name or a noun phrase, comparable: `payment_methods`, `Payment method`
    and `paymentMethod` all give `paymentmethod`."""
    words = _RUN.findall(_CAMEL.sub(" ", name).casefold().replace("_", " "))
    return "".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                   for w in words)  # fmt: skip


def kind_prefixes(phrase: str) -> tuple[str, ...]:
    """How identifiers of a kind begin: `gift card` -> (`giftcard`, `card`)... the phrase,
    and its last word for a longer phrase (`travel certificate` also `certificate`)."""
    words = phrase.split()
    kinds = [key_words(phrase)] + ([key_words(words[-1])] if len(words) > 1 else [])
    return tuple(k for k in dict.fromkeys(kinds) if k)


def of_kind(value: Any, kinds: tuple[str, ...]) -> bool:
    """Whether some string inside `value` is an identifier of one of the kinds."""
    return any(
        key_words(leaf).startswith(kind)
        for leaf in leaves(value)
        if isinstance(leaf, str)
        for kind in kinds
    )


def named_like(name: str, wanted: str) -> bool:
    """An argument `name` answers to a phrase's `key_words` (`order` names `order_id`)."""
    said = key_words(name)
    return said == wanted or said.startswith(wanted)


def matching_args(args: Any, phrase: str) -> list[Any]:
    """Values of every argument (at any depth) whose name matches `phrase`."""
    wanted = key_words(phrase)
    found: list[Any] = []
    if not wanted:
        return found

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if named_like(str(key), wanted):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(args)
    return found


class Evidence:
    """Text seen so far (user messages, or outputs of some tools), indexed for `contains`."""

    __slots__ = ("_long", "_numbers", "_windows", "seen")

    def __init__(self) -> None:
        self._windows: set[str] = set()
        self._numbers: set[str] = set()
        self._long: list[str] = []
        self.seen = False  # any text at all was added

    def add(self, value: Any) -> None:
        """Index a message text or a tool output (any JSON value, object keys included:
        outputs often key records by their ids)."""
        self.seen = True
        for leaf in leaves(value, keys=True):
            if isinstance(leaf, str):
                self._add_text(leaf)
            else:
                number = canonical_number(leaf)
                if number is not None:
                    self._numbers.add(number)
                    self._windows.add(number.replace(".", "").replace("-", ""))

    def _add_text(self, text: str) -> None:
        parts = runs(text)
        for i in range(len(parts)):
            joined = ""
            for part in parts[i : i + MAX_RUNS]:
                joined += part
                self._windows.add(joined)
        for match in _NUMBER.finditer(text):
            number = canonical_number(match.group())
            if number is not None:
                self._numbers.add(number)
        if len(parts) > MAX_RUNS:
            self._long.append(" ".join(parts))

    def contains(self, value: Any) -> bool:
        """Whether `value` occurs in the indexed text (see the module docstring)."""
        number = canonical_number(value)
        if number is not None and number in self._numbers:
            return True
        if not isinstance(value, str):
            return number is not None and number.replace(".", "").replace("-", "") in (
                self._windows
            )
        parts = runs(value)
        if not parts:
            return True  # nothing checkable (punctuation only)
        if len(parts) <= MAX_RUNS:
            return "".join(parts) in self._windows
        needle = " ".join(parts)
        return any(needle in text for text in self._long)


class Taint:
    """Values a labelled source returned, indexed so a sink's argument can be searched for
    any of them in one pass over the argument (not over the tainted values)."""

    __slots__ = ("_joined", "_long", "_numbers", "min_length")

    def __init__(self, min_length: int = 4) -> None:
        self._joined: set[str] = set()
        self._numbers: set[str] = set()
        self._long: list[str] = []
        self.min_length = min_length

    def __bool__(self) -> bool:
        return bool(self._joined or self._numbers or self._long)

    def add(self, value: Any) -> None:
        """Taint every scalar inside an output; strings also taint their id-like tokens
        (a code inside a sentence leaks as surely as the sentence)."""
        for leaf in leaves(value):
            if isinstance(leaf, str):
                self._add_text(leaf)
                for token in leaf.split():
                    token = token.strip(".,;:!?()[]{}<>\"'")
                    if token != leaf and is_idlike(token):
                        self._add_text(token)
            else:
                number = canonical_number(leaf)
                if number is not None and len(number) >= self.min_length:
                    self._numbers.add(number)
                    self._joined.add("".join(runs(number)))

    def _add_text(self, text: str) -> None:
        parts = runs(text)
        joined = "".join(parts)
        if len(joined) < self.min_length:
            return
        if len(parts) <= MAX_RUNS:
            self._joined.add(joined)
        else:
            self._long.append(" ".join(parts))
        number = canonical_number(text)
        if number is not None and len(number) >= self.min_length:
            self._numbers.add(number)

    def found_in(self, value: Any) -> bool:
        """Whether some tainted value occurs inside `value` (any JSON value)."""
        for leaf in leaves(value):
            number = canonical_number(leaf)
            if number is not None and number in self._numbers:
                return True
            if not isinstance(leaf, str):
                continue
            for match in _NUMBER.finditer(leaf):
                if canonical_number(match.group()) in self._numbers:
                    return True
            parts = runs(leaf)
            for i in range(len(parts)):
                joined = ""
                for part in parts[i : i + MAX_RUNS]:
                    joined += part
                    if joined in self._joined:
                        return True
            if self._long:
                text = " ".join(parts)
                if any(needle in text for needle in self._long):
                    return True
        return False
