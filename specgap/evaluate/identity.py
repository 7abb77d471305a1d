"""Findings about a call's identity and shape, before any policy runs.

A call whose tool is not in the registry has no policy to check it, so "allowed" would be
an accident of spelling: it is a finding (`unknown-tool`), and a deny when a runtime fails
closed. The adapters leave what they noticed as event flags (`specgap.toolnames` decides
what a name means); this module turns them into findings, the same for `eval`, `check` and
the `Guard`, which all decide through the engine.
"""

from __future__ import annotations

from specgap.events import ToolCall

CONFUSABLE = "confusable-name"
DUPLICATE_KEYS = "duplicate-keys"
NEAR_MISS = "near-miss="  # flag prefix, followed by the registered name the call nearly is
UNREADABLE = "unreadable-event"
FINDING_CODES = ("unknown-tool", CONFUSABLE, DUPLICATE_KEYS)


def identity_findings(call: ToolCall) -> list[tuple[str, str]]:
    """(code, reason) for each identity finding of a call, in a fixed order."""
    found: list[tuple[str, str]] = []
    if call.tool is None:
        near = next((f[len(NEAR_MISS) :] for f in call.flags if f.startswith(NEAR_MISS)), None)
        what = f" (a near miss of `{near}`)" if near else ""
        found.append(("unknown-tool", f"tool `{call.name}` is not in the registry{what}"))
    if CONFUSABLE in call.flags:
        found.append(
            (CONFUSABLE, f"tool name `{call.name}` imitates `{call.tool}` with look-alike letters")
        )
    if DUPLICATE_KEYS in call.flags:
        found.append(
            (
                DUPLICATE_KEYS,
                "the arguments repeat a key: tools and checks may read different values",
            )
        )
    return found


def name_flags(identity_how: str, near: str | None) -> tuple[str, ...]:
    """The flags an adapter puts on a call, from `Registry.identify(name)`."""
    if identity_how == "confusable":
        return (CONFUSABLE,)
    if identity_how == "unknown" and near is not None:
        return (NEAR_MISS + near,)
    return ()
