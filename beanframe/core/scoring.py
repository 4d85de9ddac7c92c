"""Score sheets and results."""

from __future__ import annotations

from attrs import define, field, frozen

MAFIA = "mafia"


def seat_name(player: int) -> str:
    """The seat name of a 0-based player index: "p1", "p2", ..."""
    return f"p{player + 1}"


@define
class ScoreSheet:
    """Score lines per seat ("p1", "p2", ..., and "mafia" where there is a mafia)."""

    seats: list[str]
    lines: dict[str, list[tuple[str, int]]] = field(factory=dict)

    def add(self, seat: str, label: str, points: int) -> None:
        if seat not in self.seats:
            self.seats.append(seat)
        self.lines.setdefault(seat, []).append((label, points))

    def clear(self, seat: str) -> None:
        self.lines.pop(seat, None)

    def total(self, seat: str) -> int:
        return sum(points for _, points in self.lines.get(seat, ()))

    def totals(self) -> dict[str, int]:
        return {seat: self.total(seat) for seat in self.seats}


@frozen
class Result:
    """The outcome of a finished game.

    ``scores`` maps every seat (players, and "mafia" where there is one) to its total;
    ``winners`` lists the winning seats (several: a shared win); ``lines`` itemises the totals.
    """

    scores: dict[str, int]
    winners: tuple[str, ...]
    lines: dict[str, tuple[tuple[str, int], ...]]

    @property
    def mafia_score(self) -> int | None:
        return self.scores.get(MAFIA)

    @property
    def mafia_won(self) -> bool:
        return MAFIA in self.winners

    def player_scores(self) -> list[int]:
        return [v for k, v in self.scores.items() if k != MAFIA]

    @classmethod
    def from_sheet(cls, sheet: ScoreSheet, winners: list[str]) -> Result:
        return cls(
            scores=sheet.totals(),
            winners=tuple(winners),
            lines={seat: tuple(sheet.lines.get(seat, ())) for seat in sheet.seats},
        )


def highest_total(sheet: ScoreSheet) -> list[str]:
    """The seats with the highest total (the core's default winner rule)."""
    totals = sheet.totals()
    if not totals:
        return []
    best = max(totals.values())
    return [seat for seat, total in totals.items() if total == best]
