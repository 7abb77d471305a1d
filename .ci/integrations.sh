#!/usr/bin/env bash
# Installs the optional run-time integrations (the MCP SDK, LangChain, the OpenAI Agents SDK)
# into the project's virtual environment, so tests/test_integrations.py runs against the real
# libraries instead of skipping. Idempotent: pip leaves installed versions alone.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${VENV_PYTHON:-.venv/bin/python}"
[ -x "$python" ] || { echo "no $python: run 'make setup' first"; exit 1; }
"$python" -m pip install --quiet --disable-pip-version-check -e '.[dev,mcp,langchain,openai-agents]'
"$python" - <<'PY'
import importlib
for name in ("mcp", "langchain.agents", "langchain_core", "agents"):
    importlib.import_module(name)
print("integrations installed: mcp, langchain, langchain-core, openai-agents")
PY
