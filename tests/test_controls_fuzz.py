"""RE2 keeps controls linear: patterns that make a backtracking engine take exponential
time (nested quantifiers, overlapping alternatives) cost time proportional to the text."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.controls.evaluate import prepare
from tests.controls_helpers import control, listed, regex

# Each takes a backtracking engine (Python's `re`) seconds at ~30 characters.
CATASTROPHIC = [
    "(a+)+$",
    "(a|a)*b",
    "(a*)*b",
    "^(\\w+\\s?)*$",
    "(x+x+)+y",
    pytest.param("(.*a){12}", marks=pytest.mark.slow),  # linear, with a large constant
]
SIZES = (5_000, 50_000, 500_000)


def _seconds(pattern: str, text: str) -> float:
    evaluate = prepare(control(regex(pattern))).evaluate
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        evaluate(text)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_patterns_take_linear_time(pattern: str) -> None:
    filler = "x" if "x" in pattern else "a"
    times = [_seconds(pattern, filler * n + "!") for n in SIZES]
    # 10x the text may cost at most ~30x the time (linear, with room for a busy machine);
    # the last step is compared, as RE2 may change strategy (DFA to NFA) on the way up;
    # a backtracking engine would not finish the smallest size at all
    assert times[-1] < 30 * times[-2] + 0.05, times
    assert times[-1] < 5.0, times


_ATOM = st.sampled_from(["a", "b", ".", "\\w", "[ab]", "(?:a|ab)", "(?:a|a)"])


def _grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(inner, st.sampled_from(["*", "+", "?", "{2,}", "{1,9}"])).map(
            lambda p: f"(?:{p[0]}){p[1]}"
        ),
        st.tuples(inner, inner).map(lambda p: f"(?:{p[0]}|{p[1]})"),
        st.tuples(inner, inner).map("".join),
        inner.map(lambda p: f"({p})+"),
    )


PATTERNS = st.recursive(_ATOM, _grow, max_leaves=8)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=60)
@given(pattern=PATTERNS, filler=st.sampled_from(["a", "ab", "ba", "aab"]))
def test_generated_nested_patterns_stay_fast_on_adversarial_text(pattern: str, filler: str) -> None:
    small = _seconds(pattern, filler * 4_000 + "!")
    large = _seconds(pattern, filler * 40_000 + "!")
    # 10x the text: at most ~40x the time (linear, with room for a busy machine)
    assert large < 40 * small + 0.25, (pattern, small, large)


def test_a_long_list_stays_fast_on_long_text() -> None:
    values = [f"term{n}" for n in range(2_000)]
    evaluate = prepare(control(listed(*values, match_mode="contains"))).evaluate
    start = time.perf_counter()
    assert evaluate("word " * 200_000 + "term1999") is not None
    assert time.perf_counter() - start < 2.0
