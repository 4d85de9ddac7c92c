"""Fight strength (RULES.md D "Attack", "Landscapes"; rulebook "De aanval", "Dorp", "Stad", "Woud",
"IJzermijn", "Moeras"), pure: the steps and the bots call these, nothing else decides a fight."""

from __future__ import annotations

from attrs import frozen

from ..landscapes import Landscape

FORTRESS_BONUS = 2  # "verhoogt de verdedigingswaarde ... met twee punten"
RIDER_STRENGTH = 17  # "De ruiters hebben altijd een vaste strijdwaarde van 17"
CANNON_EXCEPTION = 20  # "Als zowel de aanvaller en de verdediger een strijdwaarde bereiken van 20"

HAND, DEPOT, DECK = "hand", "depot", "deck"


@frozen
class Target:
    """What a fight needs to know about the attacked landscape."""

    card: Landscape
    fortified: bool = False
    neutral: bool = False


def defence_strength(card_strength: int, target: Target) -> int:
    """A fortified landscape adds 2 first, then the landscape's minimum applies (village 16, city 18,
    forest 17): "eerst met 2 punten voordat ze eventueel tot 18 wordt verhoogd"."""
    strength = card_strength + (FORTRESS_BONUS if target.fortified else 0)
    return max(strength, target.card.min_defence)


def cannon_applies(has_cannon: bool, target: Target) -> bool:
    """A cannon counts against a city, a village or any fortified landscape."""
    return has_cannon and (target.card.cannon_target or target.fortified)


def attacker_wins(attack: int, defence: int, cannon: bool = False) -> bool:
    """Strictly higher wins; with a cannon that applies a tie wins too, except 20 against 20."""
    if attack > defence:
        return True
    return cannon and attack == defence and attack != CANNON_EXCEPTION


def fight(attack_card: int, defence_card: int, target: Target, has_cannon: bool = False) -> bool:
    """Whether the attack conquers ``target``: card strengths are the beans' counts in the deck."""
    return attacker_wins(attack_card, defence_strength(defence_card, target), cannon_applies(has_cannon, target))


def rider_round(defence_card: int, target: Target) -> bool:
    """Round 1 of a rider attack: the troop's fixed 17 against a normal defence (no cannon: the rider
    variant has none)."""
    return attacker_wins(RIDER_STRENGTH, defence_strength(defence_card, target))


def depot_allowed(target: Target) -> bool:
    """A swamp forbids depot cards to both sides."""
    return not target.card.no_depot


def sources(hand_size: int, depot_size: int, target: Target) -> list[tuple[str, int]]:
    """Where a side may take its fight card: any hand position, any depot card (not at a swamp), or the
    deck top, unseen. ``(DECK, 0)`` is always there, so a side can always fight."""
    out = [(HAND, k) for k in range(hand_size)]
    if depot_allowed(target):
        out += [(DEPOT, k) for k in range(depot_size)]
    out.append((DECK, 0))
    return out


def monastery_coin(card_strength: int) -> bool:
    """F.11: a flipped card of strength 6 to 12 becomes a coin, anything else goes to the discard."""
    return 6 <= card_strength <= 12
