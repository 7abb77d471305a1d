"""Session 32: a rule read inside a template's conditional block (`{% if %}`, `{{#if}}`,
`{{^flag}}`) holds only under its test (`specgap.extract.template32`): it is never enforced
on every call. Sentences written for these tests, in a made-up boat-hire desk."""

from __future__ import annotations

import json
from pathlib import Path

from specgap.extract.count15_gets import bare_count
from specgap.extract.template32 import blocks
from tests.probes import desk_policies, has_policy, shown
from tests.test_counts32 import BOATS

PROMPT = """Never call find_sailor twice.

{% if sailor.tier == "gold" %}
One deposit per sailor.
{% else %}
Never call sink_boat.
{% endif %}

{{#unless sailor.verified}}
Never call reserve_boat.
{{/unless}}
"""


def test_blocks_of_a_template() -> None:
    text = "{% if a %}x{% elif b %}y{% else %}z{% endif %}{{#each xs}}w{{/each}}{{^c}}v{{/c}}"
    tests = [t for _, _, t in blocks(text)]
    assert tests == ["if a", "if b and not (a)", "unless a or b", "unless c"]
    # nested: the outer test too
    inner = blocks("{% if a %}{% if b %}x{% endif %}{% endif %}")
    assert [t for _, _, t in inner] == ["if a and if b", "if a"]
    assert blocks("{% for x in xs %}y{% endfor %}") == []


def test_a_rule_in_a_block_is_not_enforced_on_every_call(tmp_path: Path) -> None:
    sink = json.loads(json.dumps(BOATS[1]))
    sink["function"].update(name="sink_boat", description="Scuttles a boat at sea.")
    policies = desk_policies(tmp_path, PROMPT, [*BOATS, sink])
    # outside any block: enforced as said
    assert has_policy(policies, "max_calls", "find_sailor", "enforce", max=1), shown(policies)
    inside = [p for p in policies if p.target in {"take_deposit", "sink_boat", "reserve_boat"}]
    assert len(inside) == 3, shown(policies)
    assert all(p.enforcement == "review_only" for p in inside), shown(policies)


def test_a_count_then_whom_it_holds_for_is_not_read_bare() -> None:
    assert bare_count("One refund per booking, for members only.") is None
    assert bare_count("One refund per booking, unless a manager agrees.") is None
    assert bare_count("One discount per visit, never two.") == "At most one discount per visit."


def test_a_rule_said_of_a_measured_subject_holds_for_it_only(tmp_path: Path) -> None:
    # "anything wider than 15 cm needs X first": said of those cases, not of every call
    tools = [*BOATS]
    text = "Anything longer than 10 m needs a lesson (book_lesson) before the boat is reserved.\n"
    policies = desk_policies(tmp_path, text, tools)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)
