"""Reading one trace file, in any supported format (see `specgap.evaluate.adapters`).

Kept as the entry point the evaluator uses: `load_trace(path, display, registry)` and
`parse_trace(text, display, registry)` return one `Trace`, sniffing the format; every event
keeps `origin`, a pointer back to where it came from, and tool names are mapped to
canonical ids through the registry.
"""

from __future__ import annotations

from specgap.evaluate.adapters import load_trace, load_traces, parse_event, parse_trace

__all__ = ["load_trace", "load_traces", "parse_event", "parse_trace"]
