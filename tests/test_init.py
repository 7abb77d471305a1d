"""`specgap init`: detection, the written project, and a first build and eval that work."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from specgap import cli_init
from specgap.scaffold.detect import detect, label_of, prompt_pointers
from specgap.scaffold.project import agent_id
from tests.cli_helpers import LOCATED, specgap
from tests.conftest import CORPUS, ROOT

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": name,
            "description": f"Calls {name}.",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
        },
    }
    for name in ("list_tables", "run_query", "drop_table")
]
# A prompt of this test's own: an ordering rule the deterministic extractor compiles.
AGENT_YAML = """name: helper
system_prompt: |
  You help analysts with their warehouse.
  Always call list_tables before run_query.
model: some-model
"""


def _corpus() -> Path:
    """The shared corpus beside the main checkout or beside this worktree's parent."""
    for candidate in (CORPUS, ROOT.parent.parent / "shared" / "corpus"):
        if candidate.is_dir():
            return candidate
    pytest.skip(f"corpus not found at {CORPUS}")


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("traces/safe/a.json", "safe"),
        ("traces/unsafe/a.json", "unsafe"),
        ("runs/attack-01.jsonl", "unsafe"),
        ("good_run.json", "safe"),
        ("runs/session.json", "unlabelled"),
        ("safety/notes.json", "unlabelled"),  # `safety` is not `safe`
    ],
)
def test_trace_labels_come_from_path_words(path: str, label: str) -> None:
    assert label_of(path) == label


@pytest.mark.parametrize(
    ("data", "pointers"),
    [
        ({"system_prompt": "x" * 50}, ["/system_prompt"]),
        ({"agent": {"instructions": "y" * 60, "name": "bot"}}, ["/agent/instructions"]),
        ({"messages": [{"role": "system", "content": "z" * 45}]}, ["/messages/0/content"]),
        ({"system_prompt": "too short"}, []),
        ({"title": "q" * 80}, []),
    ],
)
def test_prompt_strings_are_found_by_key(data: object, pointers: list[str]) -> None:
    assert list(prompt_pointers(data)) == pointers


@pytest.mark.parametrize(
    ("name", "expected"),
    [("My Agent", "my-agent"), ("tau-retail", "tau-retail"), ("_x", "x"), ("...", "agent")],
)
def test_agent_id_from_folder_name(name: str, expected: str) -> None:
    assert agent_id(name) == expected


@pytest.mark.parametrize(
    "files",
    [
        {},
        {"README.md": "# A project\n\nNothing agent-like here.\n"},
        {"data.json": '{"rows": [1, 2, 3]}', "docs/prompt.md": "Always call a before b.\n"},
    ],
    ids=["empty", "readme-only", "data-and-docs-only"],
)
def test_a_folder_with_nothing_to_use_is_a_clear_error(
    tmp_path: Path, files: dict[str, str]
) -> None:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    run = specgap("init", "--yes", str(tmp_path))
    assert run.code == 2
    found = LOCATED.search(run.stderr)
    assert found is not None
    assert found["code"] == "nothing-to-init"
    assert "help:" in run.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_an_existing_config_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "prompt.md").write_text("Always call list_tables before run_query.\n")
    (tmp_path / "specgap.toml").write_text("# mine\n")
    run = specgap("init", "--yes", str(tmp_path))
    assert run.code == 2
    assert "config-exists" in run.stderr
    assert (tmp_path / "specgap.toml").read_text() == "# mine\n"
    assert not (tmp_path / "policy").exists()


def _agent_folder(root: Path) -> None:
    (root / "agent.yaml").write_text(AGENT_YAML)
    (root / "tools.json").write_text(json.dumps(TOOLS, indent=1))
    calls = [
        {
            "role": "assistant",
            "tool_calls": [
                {
                    "id": f"c{n}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps({"q": "orders"})},
                }
            ],
        }
        for n, name in enumerate(("list_tables", "run_query"))
    ]
    safe = [{"role": "user", "content": "how many orders?"}, *calls]
    unsafe = [safe[0], safe[2]]  # run_query without list_tables first
    for folder, messages in (("traces/safe", safe), ("traces/unsafe", unsafe)):
        (root / folder).mkdir(parents=True)
        (root / folder / "run.json").write_text(json.dumps({"messages": messages}))
    (root / "README.md").write_text("# helper\n")


def test_detect_sorts_every_file_of_an_agent_folder(tmp_path: Path) -> None:
    _agent_folder(tmp_path)
    found = detect(tmp_path)
    assert found.prompt_files() == ("agent.yaml",)
    assert [(t.path, t.format) for t in found.tools] == [("tools.json", "openai")]
    assert [(t.path, t.label) for t in found.traces] == [
        ("traces/safe/run.json", "safe"),
        ("traces/unsafe/run.json", "unsafe"),
    ]


def test_init_builds_and_evaluates_an_agent_with_a_yaml_prompt(tmp_path: Path) -> None:
    _agent_folder(tmp_path)
    run = specgap("init", "--yes", str(tmp_path))
    assert run.code == 0, run.stderr
    assert "wrote specgap.toml" in run.stdout
    assert (tmp_path / "registries" / f"{agent_id(tmp_path.name)}.yaml").is_file()
    bundle = json.loads((tmp_path / "policy" / "policy.json").read_text())
    ordering = [
        p for a in bundle["agents"] for p in a["policies"] if p["operator"] == "require_before"
    ]
    assert len(ordering) == 1
    span = ordering[0]["source"]["span"]
    # the rule is located at its line inside the YAML string, not at the file's start
    assert (span["path"], span["start_line"]) == ("agent.yaml", 4)
    assert ordering[0]["source"]["quote"] == "Always call list_tables before run_query."
    # the project it wrote is a normal project: up to date, and the unsafe trace is blocked
    assert specgap("build", "--check", cwd=tmp_path).code == 0
    evaluated = specgap("eval", "--format", "json", cwd=tmp_path)
    assert evaluated.code == 0, evaluated.stderr
    total = json.loads(evaluated.stdout)["total"]
    assert (total["safe_allowed"], total["unsafe_blocked"]) == (1, 1)


def test_at_a_terminal_init_asks_and_honours_the_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _agent_folder(tmp_path)
    monkeypatch.setattr(cli_init, "_terminal", lambda: True)
    # agent id; prompt yes; tools yes; (no config); safe trace yes; unsafe trace no; write
    run = specgap("init", str(tmp_path), stdin="warehouse\ny\ny\ny\nn\ny\n")
    assert run.code == 0, run.stderr
    config = (tmp_path / "specgap.toml").read_text()
    assert 'id = "warehouse"' in config
    assert "traces/safe/run.json" in config
    assert "traces/unsafe/run.json" not in config
    assert (tmp_path / "registries" / "warehouse.yaml").is_file()


def test_at_a_terminal_declining_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _agent_folder(tmp_path)
    monkeypatch.setattr(cli_init, "_terminal", lambda: True)
    run = specgap("init", str(tmp_path), stdin="\ny\ny\ny\ny\nn\n")
    assert run.code == 0
    assert not (tmp_path / "specgap.toml").exists()
    assert not (tmp_path / "registries").exists()


def test_init_twice_gives_the_same_files(tmp_path: Path) -> None:
    outputs = []
    for name in ("one", "two"):
        root = tmp_path / name / "agent"
        root.mkdir(parents=True)
        _agent_folder(root)
        assert specgap("init", "--yes", str(root)).code == 0
        outputs.append(
            {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.*"))}
        )
    assert outputs[0] == outputs[1]


@pytest.mark.corpus
def test_init_on_a_copy_of_a_corpus_agent(tmp_path: Path) -> None:
    source = _corpus() / "tau-retail"
    root = tmp_path / "tau-retail"
    root.mkdir()
    for name in ("policy.md", "tools.json"):
        shutil.copy(source / name, root / name)
    run = specgap("init", "--yes", str(root))
    assert run.code == 0, run.stderr
    assert "first eval:" in run.stdout
    config = (root / "specgap.toml").read_text()
    assert '"policy.md"' in config
    assert '"tools.json"' in config
    registry = (root / "registries" / "tau-retail.yaml").read_text()
    tools = json.loads((source / "tools.json").read_text())
    assert all(f"id: {t['function']['name']}" in registry for t in tools)
    bundle = json.loads((root / "policy" / "policy.json").read_text())
    [agent] = bundle["agents"]
    assert agent["id"] == "tau-retail"
    assert any(p["source"]["span"]["path"] == "policy.md" for p in agent["policies"])
    assert specgap("build", "--check", cwd=root).code == 0
