"""Skip-Bo's replay keeps the live table's motion of the hand: a replay's clock (cardtable's
`CardReplaying.update`) runs only its own stepping, so the hand's slide never went on and a
played card left a hole in the hand where the live table had closed it up."""

from __future__ import annotations


class SlidingHand:
    """A mixin before `CardReplay`: the hand's slide goes on with the replay's clock."""

    _slide: tuple[list[float | None], float] | None

    def update(self, dt: float) -> None:
        if self._slide is not None:
            self._slide = (self._slide[0], self._slide[1] + dt)
        super().update(dt)  # type: ignore[misc]


__all__ = ["SlidingHand"]
