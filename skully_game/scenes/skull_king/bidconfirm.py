"""A bid at a shared desk is chosen, then confirmed: a misclicked number is not a lost round.

At one desk the next person's pass screen comes the moment a bid is made, and from then on an
undo could show the bidder's hand to whoever sits there, so a bid clicked by mistake stood (a
play-tester lost a round to it). Here a number (a click, its key, or the hint's Enter) only
chooses the bid, lit among the others; Confirm (or Enter) makes it. The choice is seen only on
the bidder's own screen and is forgotten the moment another person is at the screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.shell.widgets import Button, Tab

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class ConfirmedBid:
    """A shared desk's bid: chosen first, made on Confirm."""

    bid_chosen: str | None = None  # the bid the person at the screen has chosen, not yet made

    def confirms_bids(self) -> bool:
        """Two or more people at the desk, and the one at the screen is to bid, hand on show."""
        t: Any = self
        seat = t.game.to_act(t.state)
        return (
            t.shared()
            and t.state.phase.value == "bid"
            and seat in t.humans
            and seat == t.viewer
            and not t.secrets_hidden()
        )

    def choose_bid(self, action: str) -> None:
        """A bid's number clicked, or its key: at a shared desk only chosen (see the
        module); elsewhere made at once."""
        t: Any = self
        if not self.confirms_bids():
            t.act(action)
            return
        self.bid_chosen = action
        t.notice = ""  # the Confirm button says it, where these words would lie
        t._layout()

    def confirm_bid(self) -> None:
        """Confirm (or Enter): the chosen bid is made, if it is still the person's to make."""
        t: Any = self
        action = self.bid_chosen
        self.bid_chosen = None
        if action is None or not self.confirms_bids() or action not in t.game.legal(t.state):
            return
        t.act(action)

    def confirm_widgets(self, widgets: list[Button]) -> list[Button]:
        """The chosen bid's button lit among the numbers, and Confirm under them."""
        t: Any = self
        if not self.confirms_bids() or not t.choice_buttons:
            return widgets
        for button in t.choice_buttons:  # a number chooses; Confirm makes the bid
            if button.label.isdigit():
                button.on_click = lambda a=f"BID:{button.label}": self.choose_bid(a)
        if self.bid_chosen is None:
            return widgets
        label = self.bid_chosen[4:]
        out: list[Button] = []
        for widget in widgets:
            if widget in t.choice_buttons and widget.label == label:
                widget = Tab(widget.rect, widget.label, tooltip=widget.tooltip,
                             on_click=widget.on_click, size=widget.size, selected=True)  # fmt: skip
            out.append(widget)
        # over the prompt, where a hint's words lie (they are done with): under the number row
        # it covered the top of the hand
        rect = pygame.Rect(0, 0, 280, 40)
        rect.midbottom = (t.lay().table.centerx, t.prompt_y() - 6)
        out.append(
            Button(
                rect,
                f"Confirm bid of {label} (Enter)",
                on_click=self.confirm_bid,
                size=22,
                tooltip="Make this bid; until then, another number changes it",
            )
        )
        return out

    def confirm_key(self, event: pygame.event.Event) -> bool:
        """Enter with a bid chosen confirms it; True if it did."""
        if self.bid_chosen is None or event.key not in CONFIRM_KEYS:
            return False
        self.confirm_bid()
        return True

    def take_hinted(self) -> bool:
        """Enter with a hint on show: with a bid already chosen, that bid is confirmed (not
        the hint's made over it); else the hint's move, a bid only chosen."""
        t: Any = self
        if self.bid_chosen is not None:
            self.confirm_bid()
            return True
        hint = t.hinted
        if hint is not None and hint.action.startswith("BID:") and self.confirms_bids():
            if t.hint_chosen or hint.action not in t.game.legal(t.state):
                return False
            self.choose_bid(hint.action)
            return True
        return bool(super().take_hinted())  # type: ignore[misc]

    def person_changed(self) -> None:
        self.bid_chosen = None
        super().person_changed()  # type: ignore[misc]

    def forget_shown(self) -> None:
        self.bid_chosen = None
        super().forget_shown()  # type: ignore[misc]


__all__ = ["ConfirmedBid"]
