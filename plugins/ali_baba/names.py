"""Ali Baba's names and short texts in the player's language (issue 29): gangs, groups, bandit
cards, events. Made where they are shown, never in the engine's hot path.

The board file's names are English; the printed Dutch and German names and the French ones are
in the plugin's catalogs: a gang's with the context ``gangs`` (extracted from board.toml), a
group's with the context ``groups`` (written out in :func:`shipped_groups`: the extractor reads only
the board file's top-level tables). A name no catalog knows (another board file's) is shown as
written.
"""

from __future__ import annotations

from beanframe.i18n import N_, _, has, pgettext

from .data import EVENT_TEXTS, PER_GROUP, Board, gang


def _name(context: str, name: str) -> str:
    return pgettext(context, name) if has(name, context=context) else name


def gang_name(board: Board, g: int) -> str:
    return _name("gangs", board.gang_names[g])


def group_name(board: Board, card: int) -> str:
    """The name of ``card``'s group (the name printed on the card)."""
    return _name("groups", board.group_names[card // PER_GROUP])


def card_name(board: Board, card: int) -> str:
    """``Beggars (Swindlers, 40)``: the card's group, gang and loot value."""
    return _("{group} ({gang}, {value})").format(group=group_name(board, card), gang=gang_name(board, gang(card)),
                                                 value=board.card_value[card])  # fmt: skip


def card_with_loot(board: Board, card: int) -> str:
    """``Beggars (Swindlers, loot 40)``."""
    return _("{group} ({gang}, loot {value})").format(group=group_name(board, card), gang=gang_name(board, gang(card)),
                                                      value=board.card_value[card])  # fmt: skip


def gangs_text(board: Board, mask: int) -> str:
    """The gangs of ``mask`` (a bit per gang), by name."""
    return ", ".join(gang_name(board, g) for g in range(len(board.gang_names)) if mask >> g & 1)


def event_text(event: int) -> str:
    return _(EVENT_TEXTS[event])


def player(p: int) -> str:
    return _("player {n}").format(n=p + 1)


def shipped_groups() -> tuple[str, ...]:
    """The shipped board's group names in the current language (context ``groups``; written out
    here so the catalogs know them; a test keeps them equal to board.toml's)."""
    return (
        pgettext("groups", "Miracle Healers"), pgettext("groups", "Clairvoyants"), pgettext("groups", "Beggars"),
        pgettext("groups", "Sly Foxes"), pgettext("groups", "Pickpockets"), pgettext("groups", "Camel Thieves"),
        pgettext("groups", "Pearl Thieves"), pgettext("groups", "Burglars"), pgettext("groups", "Forgers"),
        pgettext("groups", "Smugglers"), pgettext("groups", "Fences"), pgettext("groups", "Impostors"),
        pgettext("groups", "Pirates"), pgettext("groups", "Caravan Robbers"), pgettext("groups", "Treasury Robbers"),
        pgettext("groups", "Palace Robbers"),
    )  # fmt: skip


#: the title of the shipped board (board.toml's ``title``), for the catalogs
SHIPPED_TITLE = N_("Basra (beanframe reconstruction)")


def board_title(board: Board) -> str:
    return _(board.title) if board.title == SHIPPED_TITLE else board.title
