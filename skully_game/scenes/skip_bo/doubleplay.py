"""A double click on a card plays it where it can go, as Mattel's app does: when every
building pile that takes it needs the same number (one pile, or several empty piles for a 1),
the move is one and the same, so the table makes it. Where the piles differ (a SKIP-BO card
could be a 3 or a 7) or none takes the card (it can only be discarded, onto a pile of the
person's choosing), the double click only picks the card up, and the line says why."""

from __future__ import annotations

from cards.skip_bo import SkipBoState
from skully_game.scenes.skip_bo import places
from skully_game.scenes.skip_bo.places import BUILD, Place


def only_pile(state: SkipBoState, targets: list[str]) -> str | None:
    """The building pile a double click plays onto (the leftmost of equal ones), or None
    when the card builds on no pile or on piles that need different numbers."""
    builds = [t for t in targets if t[0] == BUILD]
    needs = {state.needs_now[Place.of(t).pile] for t in builds}
    return builds[0] if len(needs) == 1 else None


def why_not_played(state: SkipBoState, source: str, targets: list[str]) -> str:
    """Why a double click on `source` only picked its card up, in the player's words."""
    card = places.card_words(places.card_at(state, source))
    builds = sum(t[0] == BUILD for t in targets)
    if builds:
        return f"{card} fits {builds} building piles: click the one you want."
    return f"{card} builds on no pile now: click one of your discard piles to discard it."


__all__ = ["only_pile", "why_not_played"]
