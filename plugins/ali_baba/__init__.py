"""Ali Baba (Ian Livingstone, Abacus 1993), a beanframe plugin with no beans (RULES.md E)."""
