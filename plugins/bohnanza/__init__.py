"""Bohnanza (Uwe Rosenberg, Amigo 1997): 3-5 players plant, trade and sell beans. RULES.md C."""
