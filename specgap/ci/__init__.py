"""Continuous integration: the GitHub Action's steps (`action.yml` runs `specgap.ci.action`)."""
