"""Guard at run time inside agent frameworks: MCP proxy, a decorator, LangChain and the
OpenAI Agents SDK (each framework is an optional extra; see docs/integrations.md)."""
