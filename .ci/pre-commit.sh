#!/usr/bin/env bash
# Installs pre-commit into the project's virtual environment for the slow test that runs
# this repository's hooks with `pre-commit try-repo` (tests/test_action.py). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "no .venv: run 'make setup' first"; exit 1; }
.venv/bin/python -m pip install --quiet --disable-pip-version-check "pre-commit>=3"
.venv/bin/pre-commit --version
