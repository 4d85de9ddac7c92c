"""Scenario tests of Al Cabohne (RULES.md A and F; the Dutch and French rulebooks' examples)."""
