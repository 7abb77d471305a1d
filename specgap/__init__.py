"""specgap: an offline policy-mining compiler for LLM agents."""

__version__ = "0.1.0"
