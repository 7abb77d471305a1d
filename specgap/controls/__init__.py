"""Controls as Agent Control writes them: scope + selector + evaluator + action.

`model` holds the IR (imported by `specgap.ir`, so it imports nothing of specgap);
`evaluate` the RE2 and list evaluators and the step a selector reads; `operator` the
`control` operator (checks before and after a tool runs, and on LLM messages);
`mutators` its mutators; `agentcontrol` import and export of Agent Control control JSON;
`source` the `controls:` entries of an agent's config.
"""
