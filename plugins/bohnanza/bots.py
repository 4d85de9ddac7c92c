"""Bohnanza's bots (filled in below)."""


def register_bots(register) -> None:
    pass
