"""Whose turn an online card table shows, when the server may offer a move to several seats at
once (Skull King's bids: "all bid at once", net/cardgame.py): this seat is offered its bid
though the engine, which takes the bids in turn, names another seat; once made, its bid waits
at the server, unseen by the others, and the table says so."""

from __future__ import annotations

from typing import Any

BID_MADE = "Your bid is made: everyone bids at once, and the bids show when all are in."


class ChoosingTogether:
    """Mixed into OnlineTable: the seat shown to act, and the words while a bid waits."""

    shadow: Any
    backlog: Any
    game: Any
    state: Any

    def shown_actor(self) -> int | None:
        """Whose turn the table shows: the server's newest actor (this seat while it chooses
        at once with others), or, while its news still waits to be shown (cards flying, a
        move's pause), the shown position's (a person there is "choosing" then too, never
        "thinking" as the table's words for a computer)."""
        if not self.backlog:
            return self.shadow.seat if self.shadow.turn.together else self.shadow.turn.actor
        return self.game.to_act(self.state)  # type: ignore[no-any-return]

    def bid_waits(self) -> str | None:
        """This seat's bid, made before its turn, waits for the others' (None: no bid waits)."""
        return BID_MADE if self.shadow.turn.held is not None and not self.backlog else None
