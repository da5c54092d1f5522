"""Unit profiles and forces per ruleset, as TOML files validated on load (see loader.py)."""
