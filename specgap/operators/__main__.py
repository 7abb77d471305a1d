"""`python -m specgap.operators [--write-readme | --check]`: the generated operator docs."""

from __future__ import annotations

import sys

from specgap.operator_docs import main

raise SystemExit(main(sys.argv[1:]))
