"""Whose turn an online card table shows, when the server may offer a move to several seats at
once (Skull King's bids: "all bid at once", net/cardgame.py): this seat is offered its bid
though the engine, which takes the bids in turn, names another seat; once made, its bid waits
at the server, unseen by the others, and the table says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cards.words import listing
from skully_game.net.cardgame import SIMULTANEOUS_BIDS, bidding_phase
from skully_game.scenes.cardtable.match import HUMAN

BID_MADE = "Your bid is made: everyone bids at once, and the bids show when all are in."


class ChoosingTogether:
    """Mixed into OnlineTable: the seat shown to act, and the words while a bid waits."""

    shadow: Any
    backlog: Any
    game: Any
    state: Any
    link: Any
    match: Any

    if TYPE_CHECKING:  # the table's own (defining it here would hide the table's)

        def away(self, seat: int) -> float | None: ...

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

    def bidding_now(self) -> list[int]:
        """The seats still choosing their bids while everyone bids at once (the shown
        position's, in the engine's order); empty at any other time."""
        state = self.state
        if (
            self.link.key not in SIMULTANEOUS_BIDS
            or not bidding_phase(state)
            or state.is_terminal()
        ):
            return []
        bids = getattr(state, "bids", None) or []
        return [p for p in getattr(state, "bid_order", []) if p < len(bids) and bids[p] is None]

    def bidders_words(self) -> str | None:
        """'Anne and Bea are bidding…' while two or more other people choose at once (a spectator
        was told only 'Anne is choosing…', the engine's first bidder); None otherwise."""
        seats = [  # the people: a computer bids at its turn, in the engine's order
            p
            for p in self.bidding_now()
            if p != self.shadow.seat and self.match.seats[p].kind == HUMAN
        ]
        if len(seats) < 2 or any(self.away(p) is not None for p in seats):
            return None  # one left, or someone away: the table's words say who and for how long
        return f"{listing([self.match.seats[p].name for p in seats])} are bidding…"
