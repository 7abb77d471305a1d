#!/usr/bin/env bash
# The distributed engines of `specgap audit` (`--engine dask|ray`): installs the `dask` and
# `ray` extras into the project's virtual environment, so the slow tests in
# tests/test_audit.py start a local Dask cluster and a local Ray instance instead of
# skipping. Idempotent: a venv that has both skips the install. Skips cleanly (exit 0)
# with SPECGAP_SKIP_AUDIT_ENGINES=1, or where pip cannot install them (no wheel for this
# platform or Python); the engine tests then skip themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${SPECGAP_SKIP_AUDIT_ENGINES:-}" == 1 ]]; then
    echo "audit.sh: skipped (SPECGAP_SKIP_AUDIT_ENGINES=1)"
    exit 0
fi
python="${VENV_PYTHON:-.venv/bin/python}"
[ -x "$python" ] || { echo "no $python: run 'make setup' first"; exit 1; }
if "$python" -c "import distributed, ray" 2>/dev/null; then
    exit 0
fi
if ! "$python" -m pip install --quiet --disable-pip-version-check -e '.[dev,dask,ray]'; then
    echo "audit.sh: the dask/ray extras do not install here; their tests will skip" >&2
    exit 0
fi
"$python" -c "import distributed, ray; print('audit engines installed: dask', distributed.__version__, '/ ray', ray.__version__)"
