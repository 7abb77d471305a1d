"""A tool named by a verb of its own (`summarize_article`, `protect_document`: English verbs
the lexicon has no class for) is not named by another verb of the class its description
gives it: "look up the article" is `get_article`, not `summarize_article`. A name that
starts with a word that is also a noun (`console_logs`, `status_report`) is a thing, and
any verb of its class still names it. Specific verbs of the lexicon (`upgrade`) likewise
say more than their class. Made-up registries; every description written for this test."""

from __future__ import annotations

import pytest

from specgap.resolve.actions import _verbs_said
from specgap.resolve.recast import only_a_verb
from specgap.resolve.resolver import Resolver
from specgap.resolve.text import stem
from tests.resolve_domains import registry
from tests.resolve_policy_domains import BOX_OFFICE

S = "string"

LIBRARY = Resolver(
    registry(
        ("get_article", "Get an article by its title.", {"title": S}),
        ("summarize_article", "Get a short summary of an article.", {"title": S}),
        ("protect_document", "Set a password on a document.", {"document_id": S}),
        ("copy_document", "Make a copy of a document.", {"document_id": S}),
        ("create_document", "Create an empty document.", {"name": S}),
    )
)
MONITOR = Resolver(
    registry(
        ("get_logs", "Get the logs of a container.", {"container": S}),
        ("console_logs", "Get the browser console logs.", {}),
        ("fetch_report", "Fetch a report.", {"report_id": S}),
        ("status_report", "Get the daily status report.", {}),
    )
)
CHAT = Resolver(
    registry(
        ("post_message", "Post a message to a channel.", {"channel": S, "text": S}),
        ("reply_in_thread", "Reply to a message in its thread.", {"message_id": S, "text": S}),
    )
)
RESOLVERS = {
    "library": LIBRARY,
    "monitor": MONITOR,
    "box office": Resolver(BOX_OFFICE),
    "chat": CHAT,
}

# (registry, mention, status, the tool it resolves to or leads with)
ROWS = [
    ("library", "look up the article", "resolved", "get_article"),
    ("library", "read the article", "resolved", "get_article"),
    ("library", "fetch the article", "resolved", "get_article"),
    ("library", "summarize the article", "resolved", "summarize_article"),
    ("library", "protect the document", "resolved", "protect_document"),
    ("library", "add a document", "ambiguous", None),  # creating or copying one
    # names that start with a noun: a thing, which any read verb names
    ("monitor", "read the logs", "ambiguous", None),
    ("monitor", "check the console logs", "resolved", "console_logs"),
    ("monitor", "get the report", "ambiguous", None),
    ("monitor", "read the status report", "resolved", "status_report"),
    # `upgrade` says more than its class: applying a promo code is no upgrade
    ("box office", "upgrade a booking", "resolved", "upgradeSeatCategory"),
    ("box office", "upgrade the booking", "resolved", "upgradeSeatCategory"),
    ("box office", "seat upgrades", "ambiguous", None),  # changing or upgrading seats
    # `reply` too: posting a message is no reply
    ("chat", "reply to a message", "resolved", "reply_in_thread"),
    ("chat", "post a message", "resolved", "post_message"),
    ("chat", "reply to the customer", "unresolved", None),  # the object: none of its words
]


@pytest.mark.parametrize(("domain", "mention", "status", "tool"), ROWS)
def test_a_tool_named_by_a_verb_of_its_own(
    domain: str, mention: str, status: str, tool: str | None
) -> None:
    res = RESOLVERS[domain].resolve(mention)
    assert res.status == status, res.candidates[:3]
    if tool is not None:
        assert res.tool_id == tool


@pytest.mark.parametrize(
    ("word", "verb_only"),
    [
        ("summarize", True),
        ("protect", True),
        ("analyze", True),
        ("console", False),  # a noun too
        ("score", False),
        ("copy", False),
        ("article", False),
        ("summarized", False),  # not a base form
        ("x1", False),
    ],
)
def test_a_word_that_is_only_a_verb(word: str, verb_only: bool) -> None:
    assert only_a_verb(word) is verb_only


@pytest.mark.parametrize(
    ("summary", "verbs"),
    [
        ("approve a leave request", {"approve"}),  # `request` is the thing approved
        ("cancel a booking and release its seats", {"cancel", "release"}),
        ("reserve seats for a show", {"reserve", "seats"}),  # no article: left as it was
        ("add a signed contract to the folder", {"add"}),
        ("look up an order by its confirmation code", {"look", "up"}),
    ],
)
def test_words_of_a_description_that_may_be_its_verbs(summary: str, verbs: set[str]) -> None:
    assert _verbs_said(summary.split()) == {stem(v) for v in verbs}
