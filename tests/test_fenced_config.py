"""Runtime config pasted into a prompt as a fenced yaml / json / toml block compiles as a
config file does (`extract/fenced_config.py`); an example payload or a block that does not
parse is left alone; a setting under a tool that no operator reads gets a located note.
A bakery's order desk written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_customer", "Find a bakery customer by name.", customer_name="string"),
    _tool("place_cake_order", "Place a cake order.", customer_id="string", tiers="integer",
          flavour="string"),
    _tool("refund_order", "Refund a cake order.", order_id="string", amount="number"),
    _tool("export_orders", "Export the orders of a day.", day="string", timeout="number"),
]  # fmt: skip

FENCE = "`" * 3


def _build(tmp_path: Path, body: str) -> tuple[set[tuple[str, str, str, int]], list[str]]:
    built = build_prompt(tmp_path, f"# Order desk\n\n{body}\n", TOOLS)
    found = set()
    for p in built.policies:
        if p.source.artifact.endswith("prompt.md"):
            params = p.condition.model_dump(exclude_defaults=True) if p.condition else {}
            said = params.get("max", params.get("allowed", params.get("before", "")))
            line = p.source.span.start_line if p.source.span else 0
            found.add((p.operator, str(p.target), str(said), line))
    notes = [
        f"{d.span.start_line}:{d.code}"
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    ]
    return found, notes


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # a `tools:` mapping, as in a config file (line 1 of the block is line 4 of the file)
        (f"{FENCE}yaml\ntools:\n  place_cake_order:\n    max_tiers: 4\n{FENCE}",
         {("arg_within_bound", "place_cake_order", "4.0", 6)}),
        (f"{FENCE}yml\ntools:\n  place_cake_order:\n    allowed_flavour: [lemon, plum]\n{FENCE}",
         {("resource_in_allowlist", "place_cake_order", "('lemon', 'plum')", 6)}),
        # tool -> settings at the top level, no `tools:` around it
        (f"{FENCE}yaml\nrefund_order:\n  require_before: find_customer\n  max_amount: 80\n{FENCE}",
         {("require_before", "refund_order", "find_customer", 5),
          ("arg_within_bound", "refund_order", "80.0", 6)}),
        (f'{FENCE}json\n{{"refund_order": {{"max_amount": 80}}}}\n{FENCE}',
         {("arg_within_bound", "refund_order", "80.0", 4)}),
        (f"{FENCE}toml\n[tools.export_orders]\ntimeout = 30\n{FENCE}",
         {("timeout_leq", "export_orders", "", 5)}),
        # no config language named: settings are settings all the same
        (f"{FENCE}\ntools:\n  place_cake_order:\n    max_tiers: 4\n{FENCE}",
         {("arg_within_bound", "place_cake_order", "4.0", 6)}),
        # settings grouped by what they are, over `tool.argument` keys or tool -> argument
        (f"{FENCE}yaml\nlimits:\n  refund_order.amount: 80\n  place_cake_order.tiers: 4\n{FENCE}",
         {("arg_within_bound", "refund_order", "80.0", 5),
          ("arg_within_bound", "place_cake_order", "4.0", 6)}),
        (f"{FENCE}yaml\nallowed:\n  place_cake_order:\n    flavour: [lemon, plum]\n{FENCE}",
         {("resource_in_allowlist", "place_cake_order", "('lemon', 'plum')", 6)}),
        # a setting that names no tool: bound by the argument its words name
        (f"{FENCE}yaml\nmax_refund_amount: 80\n{FENCE}",
         {("arg_within_bound", "refund_order", "80.0", 4)}),
        (f"{FENCE}yaml\ndesk:\n  caps:\n    cake_order_tiers_max: 4\n{FENCE}",
         {("arg_within_bound", "place_cake_order", "4.0", 6)}),
        # an explicit policy list
        (f"{FENCE}yaml\npolicies:\n  - operator: require_before\n    tool: place_cake_order\n"
         f"    before: find_customer\n{FENCE}",
         {("require_before", "place_cake_order", "find_customer", 5)}),
    ],
)  # fmt: skip
def test_a_config_block_compiles(
    tmp_path: Path, block: str, expected: set[tuple[str, str, str, int]]
) -> None:
    found, notes = _build(tmp_path, block)
    assert found == expected
    assert notes == []


@pytest.mark.parametrize(
    "block",
    [
        # an example payload: no setting an operator reads
        f'{FENCE}json\n{{"customer": {{"name": "Ada", "email": "ada@example.com"}}}}\n{FENCE}',
        # a sketch that does not parse
        f"{FENCE}yaml\nmax_tiers: [4\n{FENCE}",
        # another language named: code
        f"{FENCE}python\nmax_tiers = 4\n{FENCE}",
        # no language named, and no key that reads as a setting: an example call, a page
        f'{FENCE}\n{{"name": "refund_order", "arguments": {{"order_id": "B-17"}}}}\n{FENCE}',
        f'{FENCE}\n{{"query": "lemon", "per_page": 20, "only_open": true}}\n{FENCE}',
        # a list, not a mapping
        f"{FENCE}yaml\n- lemon\n- plum\n{FENCE}",
    ],
)
def test_other_blocks_are_left_alone(tmp_path: Path, block: str) -> None:
    assert _build(tmp_path, block) == (set(), [])


def test_a_setting_no_operator_reads_gets_a_located_note(tmp_path: Path) -> None:
    block = (
        f"{FENCE}yaml\ntools:\n  place_cake_order:\n    max_tiers: 4\n    icing_colour: blue\n"
        f"    allowed_flavour: lemon\n{FENCE}"
    )
    found, notes = _build(tmp_path, block)
    assert found == {("arg_within_bound", "place_cake_order", "4.0", 6)}
    # a setting of no operator's name, and one of the wrong type (a string, not a list)
    assert notes == ["7:config-setting-not-read", "8:config-setting-not-read"]


def test_front_matter_is_read_as_config(tmp_path: Path) -> None:
    text = "---\nlimits:\n  refund_order.amount: 80\n---\n\n# Order desk\n\nBe kind.\n"
    built = build_prompt(tmp_path, text, TOOLS)
    found = {
        (p.operator, str(p.target), p.source.span.start_line if p.source.span else 0)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }
    assert found == {("arg_within_bound", "refund_order", 3)}


@pytest.mark.parametrize(
    ("block", "line"),
    [
        # a key that reads like a setting, with a number or a list, that no operator reads
        (f"{FENCE}yaml\ndesk:\n  cakes_per_day_limit_soft: 12\n{FENCE}", 5),
        (f"{FENCE}\nrules:\n  - tool: refund_order\n    max: 80\n{FENCE}", 6),
    ],
)
def test_a_loose_setting_no_operator_reads_is_no_silent_loss(
    tmp_path: Path, block: str, line: int
) -> None:
    found, notes = _build(tmp_path, block)
    assert found == set()
    assert notes == [f"{line}:config-setting-not-read"]


def test_a_config_file_setting_no_operator_reads_gets_a_note(tmp_path: Path) -> None:
    from specgap.artifacts import load_artifact
    from specgap.extract import extract_deterministic

    config = tmp_path / "runtime.yaml"
    config.write_text("tools:\n  refund_order:\n    max_amount: 80\n    tone: warm\n"
                      "    allowed_reason: late\n")  # fmt: skip
    found = extract_deterministic([load_artifact("config", config, "runtime.yaml")])
    assert [r.operator for r in found.rules] == ["arg_within_bound"]
    # the wrong-typed `allowed_reason` is `config-wrong-type`'s (weakening), not noted twice
    assert [(d.code, d.span.start_line if d.span else 0) for d in found.diagnostics] == [
        ("config-setting-not-read", 4)
    ]
