"""Skip-Bo's replay shows each step's hand closed up at once, as the live table leaves it
once its slide is over: a replay shows every position at once, never at the table's pace
(and its clock never moved the slide on, so a played card left a hole in the hand)."""

from __future__ import annotations


class ClosedHand:
    """A mixin before `CardReplay`: the hand lies where it closes up to, with no slide."""

    viewer: int
    _slide: tuple[list[float | None], float] | None
    _shown: tuple[tuple[object, ...], list[float]]

    def _sliding(self, hand: tuple[str, ...], homes: list[int]) -> list[float]:
        xs = [float(x) for x in homes]
        self._slide, self._shown = None, ((self.viewer, hand), xs)
        return xs


__all__ = ["ClosedHand"]
