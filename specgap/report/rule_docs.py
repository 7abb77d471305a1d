"""What each finding code means, for a reviewer: SARIF `fullDescription` and `help`.

GitHub code scanning shows `shortDescription` as the alert title, `fullDescription` under
it and `help.markdown` in the "show more" panel. Codes without an entry here take their
declaration in `specgap.diagnostics`; unknown codes get a generic text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleDoc:
    full: str
    help: str  # Markdown; the first paragraph doubles as the plain-text help


DOCS: dict[str, RuleDoc] = {
    "survived-mutant": RuleDoc(
        "Traces generated to break this rule were not stopped by the compiled policy: the "
        "rule is stated but an agent could break it without specgap noticing.",
        "A mutant is a safe trace changed so that it breaks exactly one stated rule. A "
        "surviving mutant means the policy compiled from this line does not catch that "
        "violation.\n\n**Fix:** restate the rule so it compiles to an enforced policy (name "
        "the tool, the argument and the limit), or resolve the tool it mentions; run "
        "`specgap explain POLICY_ID` to see how it was read.",
    ),
    "unenforced-rule": RuleDoc(
        "A rule stated in the agent's artifacts is not enforced: it did not compile, or it "
        "compiled to a policy that only warns or needs review.",
        "The rule at this line stays prose. Partially grounded rules are `review_only`, "
        "inferred business rules `eval_required`; neither blocks a call.\n\n**Fix:** make "
        "the sentence name the tool and the condition exactly, or confirm the rule in "
        "config (`policies:`) so it is enforced.",
    ),
    "untested-policy": RuleDoc(
        "An enforced policy that no trace or generated mutant depends on: removing it "
        "changes no verdict.",
        "Nothing in the evaluation would notice if this policy disappeared.\n\n**Fix:** add "
        "a hand-labelled unsafe trace that breaks the rule (or a safe trace the generator "
        "can mutate into one).",
    ),
    "false-allow": RuleDoc(
        "A trace labelled unsafe is allowed by the compiled policy.",
        "The policy lets through a run that the project marked as a violation. The result "
        "is located at the rule that should have stopped it when one is stated but not "
        "enforced, otherwise at the trace.\n\n**Fix:** state the rule the trace breaks so "
        "that it compiles, or relabel the trace if it is in fact safe.",
    ),
    "false-block": RuleDoc(
        "A trace labelled safe is blocked by the compiled policy.",
        "An enforced policy denies a run the project considers correct: the agent would "
        "be stopped doing its job.\n\n**Fix:** narrow the rule named in the message, or "
        "relabel the trace if it is in fact unsafe.",
    ),
    "lost-enforcement": RuleDoc(
        "A rule that the base branch enforced is no longer enforced on this branch.",
        "The pull request weakens the policy: the rule stated here was enforced before and "
        "is not now.\n\n**Fix:** restore the wording that compiled, or confirm the change "
        "is intended.",
    ),
    "unresolved-mention": RuleDoc(
        "A rule mentions a tool that resolves to no tool of the agent's registry.",
        "A rule about an unknown tool cannot be enforced.\n\n**Fix:** use the tool's "
        "canonical id or add an alias in the registry; `specgap resolve MENTION` shows the "
        "candidates.",
    ),
    "ambiguous-mention": RuleDoc(
        "A rule mentions a tool that resolves to several tools of the registry.",
        "The rule could mean more than one tool, so it is not enforced on any.\n\n**Fix:** "
        "name the tool exactly; `specgap resolve MENTION` shows the candidates.",
    ),
    "lifecycle-hook-mention": RuleDoc(
        "A rule targets an MCP lifecycle hook, which the model never calls.",
        "Hooks (`_`-prefixed MCP names) are not tool calls; a rule on them is never "
        "checked.\n\n**Fix:** point the rule at the callable tool it means.",
    ),
    "rule-not-compiled": RuleDoc(
        "A sentence reads like a rule, but no pattern compiles it to a policy.",
        "This instruction stays prose: no check enforces it.\n\n**Fix:** state it as an "
        "ordering, prohibition, allowlist, bound, timeout or data flow over a named tool, "
        "or enforce it elsewhere.",
    ),
    "suspicious-instruction": RuleDoc(
        "Text in a tool description or config reads like an instruction to the model "
        "(possible prompt injection).",
        "specgap does not mine rules from text that tries to change the agent's "
        "instructions.\n\n**Fix:** review the text's origin; remove it if it is not yours.",
    ),
    "conflicting-policies": RuleDoc(
        "Two policies contradict each other.",
        "One rule requires what another forbids, so one of them can never hold.\n\n"
        "**Fix:** reconcile the two statements named in the message.",
    ),
}


def doc(code: str, short: str) -> RuleDoc:
    """The documentation of a finding code: the reviewer's text above, else the code's
    declaration in `specgap.diagnostics` (summary and help)."""
    found = DOCS.get(code)
    if found is not None:
        return found
    from specgap.diagnostics import CODE

    declared = CODE.get(code)
    if declared is not None:
        summary = declared.summary[0].upper() + declared.summary[1:]
        return RuleDoc(f"{summary}.", f"**Fix:** {declared.help}")
    return RuleDoc(
        f"{short} (specgap diagnostic `{code}`).",
        f"specgap reported `{code}` at this location while building the policy.\n\n"
        "**Fix:** follow the `help:` line of the message; `specgap build -v` prints every "
        "diagnostic with its help.",
    )


def plain(markdown: str) -> str:
    """The help as plain text: Markdown emphasis and code marks dropped."""
    return markdown.replace("**", "").replace("`", "")
