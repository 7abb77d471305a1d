"""`specgap registry import`: every input shape, collisions, hooks, stable YAML output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import load_artifact
from specgap.errors import SpecgapError
from specgap.importers import Imported, import_registry, render_registry, slug
from specgap.registry import build_registry, tools_from_registry_file
from tests.cli_helpers import specgap

SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}


def _write(tmp_path: Path, name: str, data: Any) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2))
    return path


def _import(fmt: str, *paths: Path, namespace: str | None = None) -> Imported:
    return import_registry(fmt, [(p, p.name) for p in paths], namespace)  # type: ignore[arg-type]


def _mcp(server: str, *names: str, **extra: Any) -> dict[str, Any]:
    tools = [{"name": n, "description": f"The {n} tool.", "inputSchema": SCHEMA} for n in names]
    return {"server_info": {"name": server, "version": "1"}, "tools": tools, **extra}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("github-mcp-server", "github"),
        ("example-servers/puppeteer", "puppeteer"),
        ("Ant Design Components", "ant-design-components"),
        ("Asset_Price_MCP", "asset-price"),
        ("mcp", "mcp"),
        ("12306-mcp", "12306"),
    ],
)
def test_server_names_become_namespaces(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_openai_specs_keep_their_names_as_ids(tmp_path: Path) -> None:
    spec = {
        "type": "function",
        "function": {"name": "find", "description": "Find.", "parameters": SCHEMA},
    }
    imported = _import("openai", _write(tmp_path, "tools.json", [spec]))
    (tool,) = imported.tools
    assert (tool.id, tool.names, tool.namespace) == ("find", ("find",), "")
    assert dict(tool.schema) == SCHEMA
    assert tool.effect_hints == ()
    assert imported.diagnostics == ()


def test_a_namespace_can_be_given(tmp_path: Path) -> None:
    spec = {"name": "find", "input_schema": SCHEMA}
    imported = _import("anthropic", _write(tmp_path, "t.json", {"tools": [spec]}), namespace="Shop")
    assert [t.id for t in imported.tools] == ["shop.find"]


@pytest.mark.parametrize(
    "wrap",
    [
        lambda body: body,
        lambda body: {"jsonrpc": "2.0", "id": 1, "result": body},
        lambda body: {"server": "search-server", "tools": body["tools"]},
    ],
    ids=["tools-list", "json-rpc", "server-key"],
)
def test_mcp_results_in_any_wrapper(tmp_path: Path, wrap: Any) -> None:
    body = {"serverInfo": {"name": "search-server"}, "tools": _mcp("x", "find")["tools"]}
    imported = _import("mcp", _write(tmp_path, "tools-list.json", wrap(body)))
    assert [t.id for t in imported.tools] == ["search.find"]


def test_an_unnamed_mcp_server_is_named_after_its_file(tmp_path: Path) -> None:
    imported = _import(
        "mcp", _write(tmp_path, "tools-list-weather.json", {"tools": [{"name": "now"}]})
    )
    assert [t.id for t in imported.tools] == ["weather.now"]


def test_mcp_annotations_and_titles(tmp_path: Path) -> None:
    data = _mcp("files", "read", "wipe")
    data["tools"][0]["annotations"] = {"readOnlyHint": True, "title": "Read a file"}
    data["tools"][1]["annotations"] = {"readOnlyHint": False, "destructiveHint": True}
    imported = _import("mcp", _write(tmp_path, "f.json", data))
    read, wipe = imported.tools
    assert (read.aliases, read.effect_hints, read.effects) == (("Read a file",), ("read",), ())
    assert (wipe.effect_hints, wipe.effects) == (("write", "destructive"), ())
    text = render_registry(imported)
    assert "effects:" not in text
    assert "effect_hints: [write, destructive]" in text


def test_lifecycle_hooks_stay_out_of_the_callable_tools(tmp_path: Path) -> None:
    imported = _import("mcp", _write(tmp_path, "s.json", _mcp("srv", "_on_start", "run_job")))
    assert [t.id for t in imported.tools] == ["srv.run_job"]
    assert [t.id for t in imported.hooks] == ["srv._on_start"]
    text = render_registry(imported)
    assert "hooks:\n  - id: srv._on_start" in text


def test_colliding_names_are_kept_apart_and_reported(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.json", _mcp("bio", "search", "fetch"))
    b = _write(tmp_path, "b.json", _mcp("news", "search"))
    imported = _import("mcp", a, b)
    assert [t.id for t in imported.tools] == ["bio.fetch", "bio.search", "news.search"]
    (diagnostic,) = imported.diagnostics
    assert diagnostic.code == "name-collision"
    assert diagnostic.severity == "warning"
    assert diagnostic.render().startswith(
        "b.json:7:5: name-collision: 2 tools are called `search`: `bio.search`, `news.search`"
    )
    assert diagnostic.help is not None
    assert "`bio.search` at a.json:7:5" in diagnostic.help


def test_two_servers_with_one_namespace_are_renamed_apart(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.json", _mcp("memory", "read_graph"))
    b = _write(tmp_path, "b.json", _mcp("memory-server", "read_graph"))
    imported = _import("mcp", a, b)
    assert [t.id for t in imported.tools] == ["memory-2.read_graph", "memory.read_graph"]
    codes = sorted(d.code for d in imported.diagnostics)
    assert codes == ["name-collision", "namespace-collision"]
    registry, clashes = build_registry(imported.tools)
    assert len(registry.tools) == 2
    assert [c.code for c in clashes] == ["duplicate-alias"]  # the shared emitted name


def test_a_server_listing_a_name_twice_keeps_both(tmp_path: Path) -> None:
    imported = _import("mcp", _write(tmp_path, "a.json", _mcp("srv", "go", "go")))
    assert [t.id for t in imported.tools] == ["srv.go", "srv.go-2"]
    assert "duplicate-tool-name" in {d.code for d in imported.diagnostics}


def test_a_server_catalogue(tmp_path: Path) -> None:
    catalogue = [
        {
            "name": "Weather MCP",
            "tools": {"weather": {"server_name": "weather", "tools": [{"name": "now"}]}},
        },
        {"name": "Clock", "tools": {"time": {"tools": [{"name": "now"}, {"name": "_tick"}]}}},
    ]
    imported = _import("mcp", _write(tmp_path, "catalogue.json", catalogue))
    assert [t.id for t in imported.tools] == ["time.now", "weather.now"]
    assert [t.id for t in imported.hooks] == ["time._tick"]
    assert imported.tools[0].origin is not None
    assert imported.tools[0].origin.start_line > 1


OPENAPI = {
    "openapi": "3.0.3",
    "info": {"title": "Pet Store", "version": "1"},
    "paths": {
        "/pets/{petId}": {
            "parameters": [{"name": "petId", "in": "path", "schema": {"type": "string"}}],
            "get": {"operationId": "showPet", "summary": "Show a pet", "tags": ["pets"]},
            "delete": {"operationId": "deletePet", "summary": "Delete a pet"},
            "put": {"summary": "Replace a pet"},
        },
        "/pets": {
            "post": {
                "operationId": "createPet",
                "parameters": [{"$ref": "#/components/parameters/Trace"}],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}
                    },
                },
            }
        },
    },
    "components": {
        "parameters": {
            "Trace": {
                "name": "X-Trace",
                "in": "header",
                "required": True,
                "schema": {"type": "string"},
            }
        },
        "schemas": {
            "Pet": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "parent": {"$ref": "#/components/schemas/Pet"},
                },
            }
        },
    },
}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_openapi_operations_become_tools(tmp_path: Path, suffix: str) -> None:
    text = json.dumps(OPENAPI) if suffix == ".json" else _yaml(OPENAPI)
    imported = _import("openapi", _write(tmp_path, f"api{suffix}", text))
    tools = {t.id: t for t in imported.tools}
    assert sorted(tools) == ["pet-store.createPet", "pet-store.deletePet", "pet-store.showPet"]
    show = tools["pet-store.showPet"]
    assert show.schema == {
        "type": "object",
        "properties": {"petId": {"type": "string"}},
        "required": ["petId"],
    }
    assert (show.keywords, show.effect_hints) == (("pets",), ("read", "idempotent"))
    assert tools["pet-store.deletePet"].effect_hints == ("write", "destructive", "idempotent")
    create = tools["pet-store.createPet"].schema
    assert create["required"] == ["X-Trace", "body"]
    pet = create["properties"]["body"]
    assert pet["properties"]["parent"]["properties"]["parent"] == {
        "$ref": "#/components/schemas/Pet"
    }
    (missing,) = imported.diagnostics
    assert missing.code == "missing-operation-id"
    assert "`PUT /pets/{petId}`" in missing.message


def test_swagger_2_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "old.json", {"swagger": "2.0", "paths": {}})
    with pytest.raises(SpecgapError) as caught:
        _import("openapi", path)
    assert [d.code for d in caught.value.diagnostics] == ["unsupported-openapi"]


def test_output_round_trips_through_the_registry_loader(tmp_path: Path) -> None:
    data = _mcp("srv", "a_tool", "b_tool", "_hook")
    data["tools"][0]["description"] = "First line.\n\nSecond paragraph:\n- item\twith a tab"
    data["tools"][1]["description"] = "yes"
    imported = _import("mcp", _write(tmp_path, "s.json", data))
    out = _write(tmp_path, "r.yaml", render_registry(imported))
    tools, problems = tools_from_registry_file(load_artifact("config", out, "r.yaml"))
    assert problems == []
    loaded = {t.id: t for t in tools}
    for tool in (*imported.tools, *imported.hooks):
        again = loaded[tool.id]
        assert (again.names, again.description, dict(again.schema), again.hook) == (
            tool.names,
            tool.description,
            dict(tool.schema),
            tool.hook,
        )


def test_cli_writes_the_same_bytes_every_time(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.json", _mcp("bio", "search"))
    b = _write(tmp_path, "b.json", _mcp("news", "search"))
    out = tmp_path / "registries" / "x.yaml"
    args = ["registry", "import", "--from", "mcp", str(a), str(b), "--output", str(out)]
    run = specgap(*args)
    assert run.code == 0, run.stderr
    assert "name-collision" in run.stderr
    assert run.stdout.startswith(f"wrote {out.as_posix()}: 2 tools, 0 lifecycle hooks")
    first = out.read_bytes()
    assert specgap(*args).code == 0
    assert out.read_bytes() == first
    printed = specgap("registry", "import", "--from", "mcp", str(a), str(b))
    assert printed.stdout == first.decode()
    assert printed.stderr.endswith("imported 2 tools, 0 lifecycle hooks, 1 diagnostics\n")


@pytest.mark.parametrize(
    ("content", "code"),
    [("{not json", "malformed-json"), ('{"nothing": 1}', "invalid-tools")],
)
def test_cli_bad_input_is_a_diagnostic(tmp_path: Path, content: str, code: str) -> None:
    bad = _write(tmp_path, "bad.json", content)
    run = specgap("registry", "import", "--from", "mcp", str(bad))
    assert run.code == 2
    assert f": {code}: " in run.stderr
    assert "Traceback" not in run.stderr


def test_cli_rejects_an_unknown_format(tmp_path: Path) -> None:
    run = specgap("registry", "import", "--from", "soap", str(tmp_path / "x.json"))
    assert run.code == 2


@pytest.mark.slow
@pytest.mark.corpus
def test_every_corpus_mcp_server_imports(corpus: Path, tmp_path: Path) -> None:
    mcp = corpus / "mcp"
    files = [mcp / "LiveMCPTool_tools.json", *sorted(mcp.glob("tools-list-*.json"))]
    imported = _import("mcp", *files)
    ids = [t.id for t in imported.tools]
    assert len(ids) >= 527 + 60
    assert len(set(ids)) == len(ids)
    assert all("." in i for i in ids)
    assert "github.search_repositories" in ids
    searches = [t.id for t in imported.tools if t.names == ("search",)]
    assert len(searches) >= 4
    collided = {d.message.split("`")[1] for d in imported.diagnostics if d.code == "name-collision"}
    assert "search" in collided
    assert {d.severity for d in imported.diagnostics} == {"warning"}
    out = tmp_path / "mcp.yaml"
    out.write_text(render_registry(imported))
    tools, problems = tools_from_registry_file(load_artifact("config", out, "mcp.yaml"))
    assert problems == []
    registry, clashes = build_registry(tools)
    assert len(registry.tools) == len(ids)
    assert {c.code for c in clashes} <= {"duplicate-alias"}
    assert all(not t.effects for t in tools)
    assert any(t.effect_hints for t in tools)


def _yaml(data: Any) -> str:
    import io

    from ruamel.yaml import YAML

    out = io.StringIO()
    YAML(typ="safe", pure=True).dump(data, out)
    return out.getvalue()
