"""Buildings with behaviour of their own (STYLE 5): each module owns one rule change; two modules
never replace the same step. Casino and Varieté share phase 3 (``play``), the Undertakers phase 4
(``flip``), the Gas Stations phase 6 (``draw``); the Nightbar is a planting rule; the Restaurant
is ``tax.py``'s listener; the Pubs are ``pub.py`` (Pub 3) and ``purchase.py`` (Pub 4)."""
