"""The operator table sits below extract, resolve, compile and evaluate: importing it loads
none of them (nor `specgap.ir`, which builds on it), so every stage may import it."""

from __future__ import annotations

import json
import subprocess
import sys

ABOVE = ("specgap.extract", "specgap.resolve", "specgap.compile", "specgap.evaluate", "specgap.ir")


def test_importing_the_operator_table_loads_no_stage_above_it() -> None:
    # a fresh interpreter: in this one the stages are already imported by other tests
    code = (
        "import json, sys, specgap.operators; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('specgap'))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(run.stdout)
    assert "specgap.operators.max_calls" in loaded
    above = [m for m in loaded if m.startswith(ABOVE) and m != "specgap.irbase"]
    assert above == []
