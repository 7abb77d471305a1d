"""Reproducible performance measurements; `make bench` runs every `bench_*.py` module."""
