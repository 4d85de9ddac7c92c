"""Re-export: :class:`InformationSet` lives in :mod:`beanframe.infoset`, beside the agents that
hand it to search bots (the search package is built on the agents, not the other way round)."""

from beanframe.infoset import InformationSet

__all__ = ["InformationSet"]
