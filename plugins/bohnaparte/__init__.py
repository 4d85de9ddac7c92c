"""Bohnaparte (RULES.md D): the territory war on top of Bohnanza. See plugin.py for the contract."""
