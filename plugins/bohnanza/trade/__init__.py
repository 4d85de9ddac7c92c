"""Phase 2: trading (``offers`` pure, ``actions``, ``table`` the part, ``steps`` the group decision)."""
