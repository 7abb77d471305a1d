"""Renderers of evaluation results; every format is rendered from one result model."""
