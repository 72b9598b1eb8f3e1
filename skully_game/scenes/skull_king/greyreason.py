"""Why a greyed card may not be played, readable while a hint is on show.

The words under the hand are the hint's while it shows (its why comes first), so a play-tester
pointing at a greyed card, or clicking it, saw no reason why (must follow suit) until the hint
went. Here, while a hint shows, that card's reason takes the prompt's line over the hand
instead ("Play a card" says nothing the hint does not), so both read at once. It is drawn for
the viewer alone, like the hand it speaks of.
"""

from __future__ import annotations

from typing import Any

from cards.skull_king.words import card_name
from skully_game.scenes.cardtable.words import opening
from skully_game.shell import theme


class GreyedReason:
    """The reason for a greyed card on the prompt's line while a hint shows."""

    refused: tuple[object, str] | None = None  # (the hint on show, a greyed card clicked)

    def greyed_in_sight(self) -> str | None:
        """The greyed card of the viewer's hand the pointer is on, or that was clicked while
        this hint shows; None when no hint shows or the card may be played."""
        t: Any = self
        if t.hinted is None or not t.my_turn() or t.secrets_hidden():
            return None
        hand = [code for code, _, _ in t.hand_layout()]
        if t.hover is not None and t.hover in hand and not t.playable(t.hover):
            return str(t.hover)
        if self.refused is not None and self.refused[0] is t.hinted and self.refused[1] in hand:
            return self.refused[1]
        return None

    def status_line(self) -> tuple[str, theme.Colour] | None:
        t: Any = self
        line = super().status_line()  # type: ignore[misc]
        code = self.greyed_in_sight()
        if line is not None or code is None:
            return line  # type: ignore[no-any-return]
        reason = t.game.why_not(t.state, t.viewer, code)
        if not reason:
            return None
        # the card's name alone: its whole description ran to two lines, over the seats
        return f"{opening(card_name(code))}: {reason}", theme.TEXT

    def click_card(self, code: str, at: tuple[int, int] | None = None) -> None:
        """A greyed card clicked while a hint shows: its reason on the prompt's line, the
        hint's words kept (they were replaced by the reason, and the hint's why was lost)."""
        t: Any = self
        if t.hinted is not None and t.my_turn() and not t.playable(code):
            self.refused = (t.hinted, code)
            return
        super().click_card(code, at)  # type: ignore[misc]


__all__ = ["GreyedReason"]
