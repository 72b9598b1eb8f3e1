"""The Skull game state: open_spiel's shape (cards/engine.py), rebuilt from (options, seed, actions).

Actions are strings, so a save is a JSON list:
  "PLACE:7H"    put a card from the hand face down on one's stack (the first one in secret)
  "BID:3"       open the bidding, or raise it: flip 3 cards without a Skull
  "PASS"        drop out of this round's bidding (final)
  "HOLD"        Open Bid only: let this bid stand for now (not final)
  "FLIP:2"      the Challenger turns the top unturned card of seat 2's stack
  "DISCARD:7H"  the Challenger, beaten by their own Skull, chooses the card they lose
  "DRAW:1"      the Skull's owner draws the Challenger's card at position 1 of the shuffled hand
A position is written and read as one line of text: see `position.py`.

Rulings (seed and shared/design/table-games.md, and where they are silent):
- The round's first placement is simultaneous: each seat places in turn order from the starter,
  hidden from the others; then the starter places again or bids.
- A player with no card left in hand must bid; bids run from 1 to the cards on the table; a pass
  is final for the round. A bid of every card on the table ends the bidding at once.
- Open Bid: after every bid, each player still in is offered the chance to raise, in turn order
  from the bidder's left; the first raise takes the bid (and the offers start again from the new
  bidder's left); when all hold, the bid stands and its bidder is the Challenger. Holding is not
  passing: whoever held may raise a later bid.
- The Challenger turns all of their own stack first, top down (the bid may be made before it
  is all turned), then the top unturned card of any stack they choose.
- Another's Skull: the Challenger's hand (their whole hand, stacks picked up) is shuffled by the
  game's generator and the Skull's owner draws one by its position: a chance step its owner
  triggers. Only the drawer sees the card; the Challenger knows what is left.
- Next round: the Challenger after a success or their own Skull, the Skull's owner after another's
  Skull (everyone after the Challenger with "bold"); if that player is out, the next one in turn.
- Out: a player with no card left. The game ends with a second Win Marker, or one player left.
- Win Markers are two face-up cards each, dealt at random; one is turned down per success.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import fields
from itertools import filterfalse
from operator import attrgetter, not_
from typing import Any

from cards.bots import uniform_draw
from cards.engine import (
    TERMINAL,
    IllegalActionError,
    RecordedGame,
    SeatView,
    make_rng,
    new_view,
    observed,
    shuffled,
)
from cards.skull import events as ev
from cards.skull import words
from cards.skull.belief import Belief, read_belief, sample_world, shown_since_loss
from cards.skull.cards import (
    NUMBERS,
    ORDER,
    SKULL_RANK,
    SUITS,
    card,
    deck,
    is_skull,
    sort_hand,
)
from cards.skull.options import SkullOptions
from cards.skull.position import read_position, write_position
from cards.skull.rounds import Outcome, Phase, RoundRecord
from cards.words import plural

SAVE_FORMAT = "skully.skull.game"
SAVE_VERSION = 1
_ORDER = ORDER
# Action strings are built once: every position's legal list is made of them.
_PLACE = {code: f"PLACE:{code}" for code in _ORDER}
_DISCARD = {code: f"DISCARD:{code}" for code in _ORDER}
_BID = tuple(f"BID:{b}" for b in range(33))  # at most 8 players x 4 cards on the table
_FLIP = tuple(f"FLIP:{p}" for p in range(8))
_DRAW = tuple(f"DRAW:{i}" for i in range(4))
_SKULLS = frozenset(code for code in _ORDER if is_skull(code))
# Every action string, parsed once: (verb, argument).
_PARSED: dict[str, tuple[str, object]] = {
    **{a: ("PLACE", c) for c, a in _PLACE.items()},
    **{a: ("DISCARD", c) for c, a in _DISCARD.items()},
    **{a: ("BID", b) for b, a in enumerate(_BID)},
    **{a: ("FLIP", p) for p, a in enumerate(_FLIP)},
    **{a: ("DRAW", i) for i, a in enumerate(_DRAW)},
    "PASS": ("PASS", None),
    "HOLD": ("HOLD", None),
}


# The phases as module constants: compared on every action, a global is quicker to reach
# than an Enum member through its class.
_FIRST, _PLACE_PHASE, _BID_PHASE, _REVEAL = Phase.FIRST, Phase.PLACE, Phase.BID, Phase.REVEAL
_DISCARD_PHASE, _DRAW_PHASE, _OVER = Phase.DISCARD, Phase.DRAW, Phase.OVER
_WON, _OWN_SKULL, _OTHER_SKULL = Outcome.WON, Outcome.OWN_SKULL, Outcome.OTHER_SKULL
_new = object.__new__
# Per player count, per seat: the seats after it in turn order, itself last.
_RINGS = {
    n: tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(1, 9)
}
# Per player count, per seat: every other seat, in seat order.
_OTHERS = {n: tuple(tuple(p for p in range(n) if p != s) for s in range(n)) for n in range(1, 9)}


class _Game:
    """A game its actions rebuild (options, seed, the action list, which only grows), as the
    views held by `SkullState.observation` keep it: a view made after `at` actions shows that
    position, rebuilt when a field is first read after the state moved on (the last one
    rebuilt is kept for the other views of the same position). cards.engine.Past's role,
    shared by every position of one game instead of made for each."""

    __slots__ = ("at", "history", "kind", "options", "seed", "state")

    def __init__(
        self, kind: type[SkullState], options: SkullOptions, seed: int, history: list[str]
    ):
        self.kind, self.options, self.seed, self.history = kind, options, seed, history
        self.at = -1
        self.state: SkullState | None = None

    def position(self, at: int) -> SkullState:
        state = self.state
        if state is None or self.at != at:
            state = self.state = self.kind.replay(self.options, self.seed, self.history[:at])
            self.at = at
        return state


class SkullState(RecordedGame[str]):
    """A whole game of Skull; `apply_action` checks legality, `apply_unchecked` is for search."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    OPTIONS = SkullOptions
    # What every action reads, in slots: the instance's dict then holds few enough names for
    # Python to read the others at its quickest too (a dict of more than 30 names is slower).
    # Every slot is set in __init__ (a slot has no class default); _shallow_copy copies them.
    __slots__ = _SLOTS = (
        "phase",
        "turn",
        "hands",
        "stacks",
        "placed_first",
        "starter",
        "challenger",
        "flipped",
        "revealed",
        "bid",
        "_legal",
        "_held",  # the first view held at this position (see observation)
        "_moves",
        "_views",
    )

    options: SkullOptions

    def _begin(self) -> None:
        # The kept lists are one game's own: a new deal starts without another game's, so no
        # game is sped up by what an earlier one listed (a replay builds its own the same way).
        _LISTS.clear()
        self._held: Observation | None = None
        n = self._n = self.options.players
        self._ring = _RINGS[n]
        # Per seat, the last hand its first placement was listed for, and that list: a seat's
        # hand is the same round after round until it loses a card (checked card by card).
        self._firsts: list[tuple[list[str], tuple[str, ...]]] = [(_NO_HAND, ())] * n
        self._game = _Game(type(self), self.options, self.seed, self._history)
        self.hands, self.markers = _deal(self.options, self.seed)
        self.stacks: list[list[str]] = [[] for _ in range(n)]
        self.won = [0] * n  # Win Markers turned down
        self.lost: list[list[str]] = [[] for _ in range(n)]  # discarded for the game
        self.drawn: list[list[tuple[int, str]]] = [
            [] for _ in range(n)
        ]  # what each drew, from whom
        self.shown: list[list[str]] = [[] for _ in range(n)]  # every card turned up, per owner
        self.shown_since_loss: list[list[str]] = [[] for _ in range(n)]
        self.rounds: list[RoundRecord] = []
        self.bids_made = [0] * n  # bids and raises, per seat (for self-play's figures)
        self.bluffs = [0] * n  # of those, made with a Skull on one's own stack
        self.winner: int | None = None
        self.round_index = -1
        self._start_round(0)

    # ---- rounds ---------------------------------------------------------------------------------

    def live(self, seat: int) -> bool:
        """Still in the game: some card left, in hand or on the table."""
        return bool(self.hands[seat]) or bool(self.stacks[seat])

    def _after(self, seat: int) -> int:
        """The next player still in after `seat`, in turn order."""
        hands, stacks = self.hands, self.stacks
        for other in self._ring[seat]:
            if hands[other] or stacks[other]:
                return other
        return seat

    def _start_round(self, starter: int) -> None:
        self.round_index += 1
        hands, stacks = self.hands, self.stacks
        if not (hands[starter] or stacks[starter]):  # out: the next one still in
            starter = self._after(starter)
        self.starter = self.turn = starter
        self.phase = _FIRST
        # The out count as placed: no hand (every stack is picked up when a round starts).
        self.placed_first = list(map(not_, hands))
        self.bid = 0
        self.bidder: int | None = None
        self.passed = [False] * self._n
        self.offers: list[int] = []  # Open Bid: who is still to be asked, in order
        self.challenger: int | None = None
        self.revealed: list[tuple[int, str]] = []
        self.flipped = [0] * self._n
        self.skull_owner: int | None = None
        self.draw_order: list[str] = []
        if self.recording:
            left = tuple(len(h) for h in self.hands)
            self._events.append(ev.RoundStarted(self.round_index, self.starter, left))

    def on_table(self) -> int:
        return sum(map(len, self.stacks))

    def _open_bid(self, seat: int, bid: int) -> None:
        """A bid by `seat` (the first, or a raise): who acts next, or the reveal."""
        if self.recording:
            self._events.append(ev.BidMade(seat, bid, self.bidder is None))
        self.bid, self.bidder = bid, seat
        self.bids_made[seat] += 1
        if not _SKULLS.isdisjoint(self.stacks[seat]):
            self.bluffs[seat] += 1
        if bid >= sum(map(len, self.stacks)):  # self.on_table(), inlined
            self._begin_reveal()
            return
        self.phase = _BID_PHASE
        if self.options.open_bid:
            self.offers = [p for p in self._order_after(seat) if p != seat]
            self.turn = self.offers[0]
        else:
            self._pass_control(seat)

    def _order_after(self, seat: int) -> list[int]:
        hands, stacks = self.hands, self.stacks
        return [p for p in self._ring[seat] if hands[p] or stacks[p]]

    def _pass_control(self, seat: int) -> None:
        """Control goes to the next player still bidding; back at the bidder, the bid stands."""
        hands, stacks, passed, bidder = self.hands, self.stacks, self.passed, self.bidder
        for p in self._ring[seat]:
            if hands[p] or stacks[p]:
                if p == bidder:
                    break
                if not passed[p]:
                    self.turn = p
                    return
        self._begin_reveal()

    def _begin_reveal(self) -> None:
        self.phase = _REVEAL
        self.challenger = self.bidder
        self.offers = []
        if self.recording:
            self._events.append(ev.ChallengeBegun(self.bidder, self.bid))  # type: ignore[arg-type]

    def _flip(self, owner: int) -> None:
        flipped = self.flipped
        turned = flipped[owner]
        flipped[owner] = turned + 1
        code = self.stacks[owner][-1 - turned]  # the top unturned card
        revealed = self.revealed
        revealed.append((owner, code))
        self.shown[owner].append(code)
        self.shown_since_loss[owner].append(code)
        if self.recording:
            self._events.append(
                ev.CardTurned(self.challenger, owner, code, len(revealed), self.bid)  # type: ignore[arg-type]
            )
        if code in _SKULLS:
            self.skull_owner = owner
            self._end_round(_OWN_SKULL if owner == self.challenger else _OTHER_SKULL)
        elif len(revealed) >= self.bid:
            self._end_round(_WON)

    def _end_round(self, outcome: Outcome) -> None:
        c = self.challenger
        assert c is not None
        hands, stacks = self.hands, self.stacks
        self.rounds.append(
            _round_record(
                self.round_index,
                self.starter,
                c,
                self.bid,
                tuple(self.revealed),
                outcome,
                self.skull_owner,
                tuple(map(len, stacks)),
            )
        )
        for p in range(self._n):  # everyone picks up their stack
            stack = stacks[p]
            if stack:  # sort_hand, inlined (four cards at most: no keeping them is quicker)
                hands[p] = sorted(hands[p] + stack, key=_ORDER_KEY)
                stacks[p] = []
        if self.recording:
            if outcome is _WON:
                self._events.append(ev.ChallengeWon(c, self.won[c] + 1))
            else:
                self._events.append(ev.SkullFound(c, self.skull_owner))  # type: ignore[arg-type]
        if outcome is _WON:
            self.won[c] += 1
            if self.won[c] >= 2:
                self._finish(c)
            else:
                self._start_round(c)
        elif outcome is _OWN_SKULL:
            self.phase = _DISCARD_PHASE
        else:
            self.phase = _DRAW_PHASE
            rng = make_rng(self.seed, "draw", self.round_index)
            self.draw_order = _mixed(list(self.hands[c]), rng.random)  # shuffled(), for 4 at most

    def _lose(self, code: str) -> None:
        """The Challenger loses `code` for the game; then the next round, or the end."""
        c = self.challenger
        assert c is not None
        self.hands[c].remove(code)
        self.lost[c].append(code)
        self.shown_since_loss[c] = []
        if self.recording:
            left = len(self.hands[c])
            if self.skull_owner == c:
                self._events.append(ev.CardDiscarded(c, code, left))
            else:
                owner = self.skull_owner
                self._events.append(ev.CardDrawn(owner, c, code, left))  # type: ignore[arg-type]
            if not left:
                self._events.append(ev.PlayerOut(c))
        owner = self.skull_owner
        starter = c if self.options.bold or owner in (None, c) else owner
        hands, stacks = self.hands, self.stacks
        still = [p for p in range(self._n) if hands[p] or stacks[p]]
        if len(still) == 1:
            self._finish(still[0])
        else:
            assert starter is not None
            self._start_round(starter)

    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = _OVER
        if self.recording:
            self._events.append(ev.GameOver(winner, self.won[winner] >= 2))

    # ---- the shared interface -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        phase = self.phase  # the phases by how often a game is in them
        if phase is _FIRST:  # those out count as placed (see _start_round)
            turn = self.turn
            if not self.placed_first[turn]:  # kept as each places; see _first_to_place
                return turn
            return self._first_to_place()
        if phase is _REVEAL or phase is _DISCARD_PHASE:
            return self.challenger  # type: ignore[return-value]
        if phase is _PLACE_PHASE or phase is _BID_PHASE:
            return self.turn
        if phase is _DRAW_PHASE:
            return self.skull_owner  # type: ignore[return-value]
        return TERMINAL

    def _first_to_place(self) -> int:
        """The first placement's next seat, in turn order from the starter (a scan: for a
        state built by hand, whose `turn` is not kept)."""
        placed = self.placed_first
        for p in self._ring[self.starter - 1]:  # the starter first
            if not placed[p]:
                return p
        raise RuntimeError("everyone has placed, yet the first placement goes on")

    def legal_actions(self) -> tuple[str, ...]:
        """Actions the current player may take, in a stable order; empty when terminal: the
        kept tuple itself (see GameState.legal_actions)."""
        legal = self._legal
        if legal is None:
            if self.phase is _FIRST:  # _legal_actions()'s first lines, for its commonest case
                seat = self.turn
                seen = self._firsts[seat]
                if not self.placed_first[seat] and seen[0] == self.hands[seat]:
                    legal = self._legal = seen[1]
                    return legal
            legal = self._legal = self._legal_actions()
        return legal  # a tuple: shared, never changed (see _LISTS)

    def _legal_actions(self) -> tuple[str, ...]:
        """This position's legal tuple: one of those kept in `_LISTS` by what it is made of."""
        phase = self.phase  # the phases by how often a game is in them
        if phase is _FIRST:
            seat = self.turn
            if self.placed_first[seat]:  # a state built by hand (see current_player)
                seat = self._first_to_place()
            hand = self.hands[seat]
            seen = self._firsts[seat]  # (a hand, its places) for this seat: seldom changed
            if seen[0] == hand:
                return seen[1]
            key = (_FIRST_KEY, *hand)
            legal = _LISTS.get(key)  # (a miss is common: the kept lists are one game's own)
            if legal is None:
                legal = _keep(key, tuple(map(_PLACE.__getitem__, dict.fromkeys(hand))))
            self._firsts[seat] = (list(hand), legal)
            return legal
        if phase is _REVEAL:
            c = self.challenger
            assert c is not None
            flipped, stacks = self.flipped, self.stacks
            if flipped[c] < len(stacks[c]):
                return _FLIP_OWN[c]  # their own stack first, all of it
            others = _OTHERS[self._n][c]  # in seat order
            return tuple([_FLIP[p] for p in others if flipped[p] < len(stacks[p])])
        if phase is _BID_PHASE:
            key = (self.bid, sum(map(len, self.stacks)), self.options.open_bid)
            legal = _LISTS.get(key)
            if legal is None:
                legal = (*_BID[self.bid + 1 : key[1] + 1], "HOLD" if key[2] else "PASS")
                _keep(key, legal)
            return legal
        if phase is _PLACE_PHASE:  # its seat read directly
            hand = self.hands[self.turn]
            key = (*hand, sum(map(len, self.stacks)))
            legal = _LISTS.get(key)
            if legal is None:
                legal = (*map(_PLACE.__getitem__, dict.fromkeys(hand)), *_BID[1 : key[-1] + 1])
                _keep(key, legal)
            return legal
        if phase is _OVER:
            return ()
        seat = self.current_player()
        if phase is _DISCARD_PHASE:
            return tuple(map(_DISCARD.__getitem__, dict.fromkeys(self.hands[seat])))
        return _DRAW[: len(self.draw_order)]

    def illegal_message(self, action: str) -> str:
        return (
            f"{action!r} is not legal in phase {self.phase.value} "
            f"for seat {self.current_player()} (round {self.round_index + 1}): "
            f"{self.refusal(action)}"
        )

    def refusal(self, action: str) -> str | None:
        """Why the seat to act may not make `action` now, in its words (None: it may)."""
        if self.allows(action):
            return None
        phase = self.phase
        if phase is _OVER:
            return "The game is over: no more moves."
        try:
            verb, arg = _PARSED[action]
        except (KeyError, TypeError):
            return "That is not a move in Skull."
        seat = self.current_player()
        own_card = phase in (_FIRST, _PLACE_PHASE) if verb == "PLACE" else phase is _DISCARD_PHASE
        if verb in ("PLACE", "DISCARD") and own_card:
            do = "lose" if verb == "DISCARD" else "place"
            return f"You can't {do} {words.card_name(arg)}: it is not in your hand."  # type: ignore[arg-type]
        if verb == "BID" and phase in (_PLACE_PHASE, _BID_PHASE):
            on_table = self.on_table()
            if arg > on_table:  # type: ignore[operator]
                cards = f"{'is' if on_table == 1 else 'are'} only {plural(on_table, 'card')}"
                return f"You can't bid {arg}: there {cards} on the table."
            if phase is _BID_PHASE:
                return f"You can't bid {arg}: raise the bid of {self.bid}."
            return "You can't bid 0: bid at least 1."
        if verb == "FLIP" and phase is _REVEAL:
            c = self.challenger
            if c is not None and self.flipped[c] < len(self.stacks[c]):
                return "You can't turn that card yet: turn all of your own stack first."
            if arg == c:
                return "You can't turn your own stack again: it is all turned over."
            return "You can't turn a card there: that stack has no card left to turn."
        if verb in ("PASS", "HOLD") and phase is _BID_PHASE:
            if self.options.open_bid:
                return "You can't pass with Open Bid: raise, or let the bid stand."
            return "You can't let the bid stand: raise, or pass."
        return f"You can't do that now: {self.asks(seat)}."

    def asks(self, seat: int) -> str:
        """What the phase asks of the seat to act, in its words (the table's hover says it too)."""
        phase = self.phase
        if phase is _FIRST:
            return "place your first card face down"
        if phase is _PLACE_PHASE:
            return "place a card, or bid" if self.hands[seat] else "bid"
        if phase is _BID_PHASE:
            stand = "let it stand" if self.options.open_bid else "pass"
            return f"the bidding has begun, so raise the bid or {stand}"
        if phase is _REVEAL:
            return "turn cards on the stacks"
        if phase is _DISCARD_PHASE:
            return "choose the card you lose"
        return "draw one of the Challenger's cards"

    def winners(self) -> list[int]:
        """The last player standing or the first with two Win Markers; [] before the end."""
        return [] if self.winner is None else [self.winner]

    def event_words(self, event: object, viewer: int | None, names: Sequence[str]) -> str:
        return words.event_words(event, names)  # type: ignore[arg-type]

    def position(self, viewer: int | None = None) -> str:
        """This position as text: see cards/skull/position.py."""
        return write_position(self, viewer)

    @classmethod
    def from_position(cls, text: str, rng: random.Random | None = None) -> SkullState:
        """The game at a position text (cards/skull/position.py)."""
        return read_position(cls, text, rng)

    # ---- a world for search ---------------------------------------------------------------------

    @classmethod
    def from_view(
        cls,
        view: Observation,
        rng: random.Random,
        belief: Belief | None = None,
        template: SkullState | None = None,
    ) -> SkullState:
        """One determinization: every card `view`'s seat cannot see guessed as its belief
        weighs it (belief.py). A search drawing many worlds from one view reads its `belief`
        and `template` once and passes them in."""
        if belief is None:
            belief = read_belief(view, (), rng)
        return sample_world(belief, rng, template or cls.public_template(view))

    @classmethod
    def public_template(cls, obs: Observation) -> SkullState:
        """A state holding everything `obs` shows; `from_view` fills in the hidden cards."""
        n = obs.num_players
        state = cls(obs.options, 0)
        state._replayable = False  # set by hand below: its actions alone do not rebuild it
        me = obs.player
        state.hands = [[] for _ in range(n)]
        state.hands[me] = list(obs.hand)
        state.stacks = [[] for _ in range(n)]
        state.stacks[me] = list(obs.my_stack)
        state.lost = [[] for _ in range(n)]
        state.lost[me] = list(obs.my_lost)
        state.drawn = [[] for _ in range(n)]
        state.drawn[me] = list(obs.my_draws)
        state.markers = list(obs.markers)
        state.won = list(obs.won)
        state.shown = [list(x) for x in obs.shown]
        state.shown_since_loss = shown_since_loss(obs)
        state.rounds = list(obs.rounds)
        state.winner = obs.winner
        state.round_index = obs.round_index
        state.starter = obs.starter
        state.phase = obs.phase
        state.placed_first = list(obs.placed_first)
        state.turn = obs.current_player if obs.phase in (Phase.PLACE, Phase.BID) else obs.starter
        state.bid = obs.bid
        state.bidder = obs.bidder
        state.passed = list(obs.passed)
        state.offers = list(obs.offers)
        state.challenger = obs.challenger
        state.revealed = list(obs.revealed)
        state.flipped = list(obs.flipped)
        state.skull_owner = obs.skull_owner
        state.draw_order = []
        state._history = []
        state._legal = None
        return state

    def apply_action(self, action: str) -> None:
        """Apply one legal action; raise IllegalActionError otherwise (GameState's, with the
        legal list always kept and the action's step looked up once)."""
        kept = self._legal
        if kept is None:
            kept = self._legal = self._legal_actions()
        if action not in kept:
            raise IllegalActionError(self.illegal_message(action))
        self._legal = None
        held = self._held
        if held is not None:  # see observation
            held.__dict__["_state"] = None
            self._held = None
        if self._views is not None:
            self._freeze_views()
        self._moves += 1
        self._history.append(action)
        do, arg = _DO[action]
        do(self, arg)

    def apply_unchecked(self, action: str) -> None:
        """Apply an action known to be legal (GameState's, letting go of the held view; what
        is not an action of Skull is refused before anything changes, so that the actions
        applied are always `_moves` long: see _Game)."""
        try:
            do, arg = _DO[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not an action of Skull") from None
        self._legal = None
        held = self._held
        if held is not None:  # see observation
            held.__dict__["_state"] = None
            self._held = None
        if self._views is not None:
            self._freeze_views()
        self._moves += 1
        self._history.append(action)
        do(self, arg)

    def _apply(self, action: str) -> None:
        try:
            do, arg = _DO[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not an action of Skull") from None
        self._history.append(action)
        do(self, arg)

    def _seat(self) -> int:
        """The seat to act, read directly in the phases where `turn` is it (see _apply)."""
        phase = self.phase
        return self.turn if phase is _PLACE_PHASE or phase is _BID_PHASE else self.current_player()

    def _do_place(self, code: str) -> None:
        phase = self.phase
        seat = self.turn
        if phase is not _PLACE_PHASE and (phase is not _FIRST or self.placed_first[seat]):
            seat = self._seat()
        self.hands[seat].remove(code)
        stack = self.stacks[seat]
        stack.append(code)
        if self.recording:
            self._events.append(ev.CardPlaced(seat, code, phase is _FIRST, len(stack)))
        if phase is _FIRST:
            placed = self.placed_first
            placed[seat] = True
            for q in self._ring[self.starter - 1]:  # _first_to_place(), inlined
                if not placed[q]:
                    self.turn = q
                    return
            self.phase, self.turn = _PLACE_PHASE, self.starter  # everyone has placed
        else:
            hands, stacks = self.hands, self.stacks  # self._after(seat), inlined
            for other in self._ring[seat]:
                if hands[other] or stacks[other]:
                    self.turn = other
                    return
            self.turn = seat

    def _do_bid(self, bid: int) -> None:
        phase = self.phase  # self._seat(), inlined: every bid asks it
        if phase is _PLACE_PHASE or phase is _BID_PHASE:
            self._open_bid(self.turn, bid)
        else:
            self._open_bid(self.current_player(), bid)

    def _do_pass(self, _: object) -> None:
        phase = self.phase  # self._seat(), inlined
        seat = self.turn if phase is _PLACE_PHASE or phase is _BID_PHASE else self.current_player()
        self.passed[seat] = True
        if self.recording:
            self._events.append(ev.Passed(seat))
        self._pass_control(seat)

    def _do_hold(self, _: object) -> None:
        seat = self._seat()
        self.offers.pop(0)
        if self.recording:
            self._events.append(ev.Held(seat))
        if self.offers:
            self.turn = self.offers[0]
        else:
            self._begin_reveal()

    def _do_draw(self, index: int) -> None:
        seat = self._seat()
        code = self.draw_order[index]
        self.drawn[seat].append((self.challenger, code))  # type: ignore[arg-type]
        self.draw_order = []
        self._lose(code)

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the others (all 0 before the end)."""
        return [1.0 if p == self.winner else 0.0 for p in range(self._n)]

    def _shallow_copy(self) -> SkullState:
        """GameState's, the slots copied too (the views of this state are its own to let go)."""
        new = super()._shallow_copy()
        for name, value in zip(_SLOTTED, _slots_of(self), strict=True):
            setattr(new, name, value)
        new._held = None
        new._views = None
        return new

    def clone(self) -> SkullState:
        new = self._shallow_copy()
        for name in ("hands", "stacks", "lost", "drawn", "shown", "shown_since_loss"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        for name in (
            "won",
            "rounds",
            "_history",
            "_events",
            "placed_first",
            "passed",
            "offers",
            "bids_made",
            "bluffs",
        ):
            setattr(new, name, list(getattr(self, name)))
        new.revealed = list(self.revealed)
        new.flipped = list(self.flipped)
        new.draw_order = list(self.draw_order)
        return new

    def observation(self, player: int) -> Observation:
        """A held view (see GameState). In a game its actions rebuild, the view is handed its
        place in the game now rather than when the state moves on, and the first one made at
        a position is kept by a plain reference (`_held`), let go of by the next action: the
        decision of an engine user who asks once costs no weak reference and no scan of the
        views (GameState._hold and _freeze_views keep any further ones, as for every game)."""
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        if not self._replayable:  # a world set by hand: filled in before it moves on
            return new_view(Observation, self, player, True)
        view = _new(Observation)  # new_view(Observation, self, player, True), as said above
        d = view.__dict__
        d["player"] = player
        d["_state"] = self
        d["_at"] = self._moves
        d["_past"] = self._game  # its place in the game: `_at` actions of this game
        if self._held is None:
            self._held = view
        else:
            self._hold(view)
        return view

    def glance(self, player: int) -> Observation:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        return new_view(Observation, self, player, False)

    def play_bots(
        self, bots: Sequence[Any], unlisted: Sequence[bool], blind: Sequence[bool] = ()
    ) -> SkullState:
        """GameState.play_bots, written as cards.engine.play_to_phase writes it (each seat's bot,
        legal list and view looked up once, the end read as one attribute) with this state's
        own steps inlined: each bot is handed its seat's glance (None where blind) and its own
        copy of the legal list (or the lazy one where unlisted), and its choice is checked
        against that list and applied as `apply_action` does."""
        n = self._n
        if len(bots) != n:
            raise RuntimeError(f"{len(bots)} bots for {n} seats")
        acts = [bot.act for bot in bots]
        draws = [uniform_draw(bot) for bot in bots]
        lazy = [bool(u) for u in unlisted]
        looks = [not (blind and blind[p]) for p in range(n)]
        glance, apply = self.glance, self.apply_action
        seeing, all_listed = any(looks), not any(lazy)  # random bots: neither looks nor waits
        while True:
            phase = self.phase  # current_player(), inlined for the phases a game is mostly in
            kept = self._legal
            if phase is _FIRST:
                seat = self.turn
                if self.placed_first[seat]:
                    seat = self._first_to_place()
                seen = self._firsts[seat]  # _legal_actions()'s first lines, inlined
                if kept is None and seen[0] == self.hands[seat]:
                    kept = self._legal = seen[1]
            elif phase is _REVEAL:
                seat = self.challenger  # type: ignore[assignment]
            elif phase is _BID_PHASE or phase is _PLACE_PHASE:
                seat = self.turn
            elif phase is _OVER:
                break
            else:
                seat = self.current_player()
                if seat < 0:
                    raise RuntimeError(f"no bot can act for player id {seat}")
            view = glance(seat) if seeing and looks[seat] else None
            if not all_listed and lazy[seat]:
                apply(acts[seat](view, self.lazy_legal_actions()))
                continue
            if kept is None:
                kept = self._legal = self._legal_actions()
            draw = draws[seat]
            if draw is not None:  # RandomBot.act, inlined: its pick of the kept list itself
                if not kept:
                    raise ValueError("pick from an empty sequence")
                action = kept[int(draw() * len(kept))]
            else:
                action = acts[seat](view, kept)  # the kept tuple, as legal_actions() gives
                if action not in kept:  # apply_action(action), inlined
                    raise IllegalActionError(self.illegal_message(action))
            self._legal = None
            held = self._held
            if held is not None:  # see observation
                held.__dict__["_state"] = None
                self._held = None
            if self._views is not None:
                self._freeze_views()
            self._moves += 1
            self._history.append(action)
            do, arg = _DO[action]
            do(self, arg)
        return self


_SLOTTED = SkullState._SLOTS
_slots_of = attrgetter(*_SLOTTED)

# Every action's step, looked up once per action: (the state's method, its argument).
_DO: dict[str, tuple[Callable[[SkullState, Any], None], object]] = {
    **{a: (SkullState._do_place, c) for c, a in _PLACE.items()},
    **{a: (SkullState._lose, c) for c, a in _DISCARD.items()},
    **{a: (SkullState._do_bid, b) for b, a in enumerate(_BID)},
    **{a: (SkullState._flip, p) for p, a in enumerate(_FLIP)},
    **{a: (SkullState._do_draw, i) for i, a in enumerate(_DRAW)},
    "PASS": (SkullState._do_pass, None),
    "HOLD": (SkullState._do_hold, None),
}
_FLIP_OWN = tuple((a,) for a in _FLIP)  # the Challenger's own stack: the one legal flip
# Legal lists by what they are made of (a hand and the cards on the table, the bid...): a few
# thousand at most in any game; tuples, so nobody can change one another position shares.
_LISTS: dict[tuple[Any, ...], tuple[str, ...]] = {}
_ORDER_KEY = _ORDER.__getitem__  # sort_hand's key
_NO_HAND = [""]  # matches no hand
_FIRST_KEY = "first"  # the first placement's key: (_FIRST_KEY, *hand) (an Enum hashes slowly)
_KEEP_AT_MOST = 50_000


(
    _set_index,
    _set_starter,
    _set_challenger,
    _set_bid,
    _set_revealed,
    _set_outcome,
    _set_skull_owner,
    _set_heights,
) = (getattr(RoundRecord, f.name).__set__ for f in fields(RoundRecord))


def _round_record(
    index: int,
    starter: int,
    challenger: int,
    bid: int,
    revealed: tuple[tuple[int, str], ...],
    outcome: Outcome,
    skull_owner: int | None,
    heights: tuple[int, ...],
) -> RoundRecord:
    """RoundRecord(...) with its fields set through their slots: the frozen dataclass's
    __init__ sets each through object.__setattr__, at twice the cost, every round."""
    record = _new(RoundRecord)
    _set_index(record, index)
    _set_starter(record, starter)
    _set_challenger(record, challenger)
    _set_bid(record, bid)
    _set_revealed(record, revealed)
    _set_outcome(record, outcome)
    _set_skull_owner(record, skull_owner)
    _set_heights(record, heights)
    return record


def _keep(key: tuple[Any, ...], legal: tuple[str, ...]) -> tuple[str, ...]:
    if len(_LISTS) >= _KEEP_AT_MOST:
        _LISTS.clear()
    _LISTS[key] = legal
    return legal


def _deal(options: SkullOptions, seed: int) -> tuple[list[list[str]], list[tuple[str, str]]]:
    """Each player's Skull and three Flowers, and two Win Markers, from the game's generator.

    One deck: the four Kings go round, and each player's Flowers are one number in three suits.
    Three decks: each player's Flowers are three identical cards (one from each deck).
    The shuffles are `shuffled`'s, draw for draw (`_mixed`): every game starts here.
    """
    rng = make_rng(seed, "setup")
    rand = rng.random
    n, copies = options.players, options.decks
    if copies == 1:  # the four-card shuffles read from _FOURS by their draws (see there)
        kings = _FOURS[int(rand() * 4) * 6 + int(rand() * 3) * 2 + int(rand() * 2)][0][:n]
        numbers = _mixed(list(NUMBERS), rand)[:n]
        flowers = [
            [
                num + s
                for s in _FOURS[int(rand() * 4) * 6 + int(rand() * 3) * 2 + int(rand() * 2)][1]
            ]
            for num in numbers
        ]
    else:
        kings = _mixed(list(_KINGS[copies]), rand)[:n]
        singles = shuffled(_SINGLES, rng)[:n]
        flowers = [[code] * 3 for code in singles]
    hands = [sort_hand([kings[p], *flowers[p]]) for p in range(n)]
    if copies == 1:  # every card once: the deck less the dealt ones, in its order
        dealt = {code for hand in hands for code in hand}
        pool = list(filterfalse(dealt.__contains__, _ONE_DECK))
    else:
        pool = deck(copies)
        for hand in hands:
            for code in hand:
                pool.remove(code)
    rest = shuffled(pool, rng)
    markers = [(rest[2 * p], rest[2 * p + 1]) for p in range(n)]
    return hands, markers


def _mixed(out: list[str], rand: Callable[[], float]) -> list[str]:
    """`shuffled(out, rng)` in place, `rand` being `rng.random`: the same swaps from the same
    draws (swap i with int(rand() * (i + 1)), i falling), for the deal's short lists."""
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def _fours() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Per draws (i, j, k) of `_mixed` on four items (i = int(rand() * 4), then j of 3, k of
    2), at i * 6 + j * 2 + k: the four Kings so shuffled, and the first three suits so
    shuffled, sorted (one deck's Flowers). A table of the shuffle's 24 outcomes, the same for
    every game, built here once."""
    out = []
    for i in range(4):
        for j in range(3):
            for k in range(2):
                draws = ((i + 0.5) / 4, (j + 0.5) / 3, (k + 0.5) / 2)  # int(d * size) is i, j, k
                kings = _mixed(list(_KINGS[1]), iter(draws).__next__)
                suits = _mixed(list(SUITS), iter(draws).__next__)
                out.append((tuple(kings), tuple(sorted(suits[:3]))))
    return out


_ONE_DECK = tuple(deck(1))
_KINGS = {copies: tuple(c for c in deck(copies) if c[:-1] == SKULL_RANK) for copies in (1, 3)}
_SINGLES = tuple(card(r, s) for s in SUITS for r in NUMBERS)
_FOURS = _fours()


class Observation(SeatView):
    """What one seat may see: its own hand and stack; of the others, what lies face up.

    `skull_gone` is the one-deck leak the seed describes: when every card a player still holds
    has been shown as a Flower since they last lost a card, their Skull is gone. With three
    identical Flowers a card shown twice may be the same card, so nothing leaks.
    """

    options: SkullOptions  # (SeatView reads it; typed here for the bots)

    def _then(self, name: str) -> Any:
        """The position this view shows, read after the state moved on: a view held by
        `SkullState.observation` keeps its game (`_Game`), any other as every view does."""
        game = self.__dict__.get("_past")
        if type(game) is _Game:
            return game.position(self._at)
        return super()._then(name)

    @observed
    def phase(self, s: SkullState) -> Phase:
        return s.phase

    @observed
    def round_index(self, s: SkullState) -> int:
        return s.round_index

    @observed
    def starter(self, s: SkullState) -> int:
        return s.starter

    @observed
    def hand(self, s: SkullState) -> tuple[str, ...]:
        return tuple(s.hands[self.player])

    @observed
    def my_stack(self, s: SkullState) -> tuple[str, ...]:
        """Own stack, bottom first (the player knows what they placed)."""
        return tuple(s.stacks[self.player])

    @observed
    def placed_first(self, s: SkullState) -> tuple[bool, ...]:
        """Who has made the round's secret first placement (not what they placed)."""
        return tuple(s.placed_first)

    @observed
    def stack_heights(self, s: SkullState) -> tuple[int, ...]:
        return tuple(len(x) for x in s.stacks)

    @observed
    def cards_left(self, s: SkullState) -> tuple[int, ...]:
        """Each player's cards, in hand and on the table (0: out)."""
        return tuple(len(h) + len(x) for h, x in zip(s.hands, s.stacks, strict=True))

    @observed
    def won(self, s: SkullState) -> tuple[int, ...]:
        return tuple(s.won)

    @observed
    def markers(self, s: SkullState) -> tuple[tuple[str, str], ...]:
        return tuple(s.markers)

    @observed
    def bid(self, s: SkullState) -> int:
        return s.bid

    @observed
    def bidder(self, s: SkullState) -> int | None:
        return s.bidder

    @observed
    def passed(self, s: SkullState) -> tuple[bool, ...]:
        return tuple(s.passed)

    @observed
    def offers(self, s: SkullState) -> tuple[int, ...]:
        """Open Bid: who is still to be asked whether to raise, in order."""
        return tuple(s.offers)

    @observed
    def challenger(self, s: SkullState) -> int | None:
        return s.challenger

    @observed
    def revealed(self, s: SkullState) -> tuple[tuple[int, str], ...]:
        """This round's turned cards, (owner, card) in order."""
        return tuple(s.revealed)

    @observed
    def flipped(self, s: SkullState) -> tuple[int, ...]:
        return tuple(s.flipped)

    @observed
    def shown(self, s: SkullState) -> tuple[tuple[str, ...], ...]:
        """Every card turned up in the game, per owner, in order."""
        return tuple(tuple(x) for x in s.shown)

    @observed
    def lost_counts(self, s: SkullState) -> tuple[int, ...]:
        return tuple(len(x) for x in s.lost)

    @observed
    def my_lost(self, s: SkullState) -> tuple[str, ...]:
        """The cards this player lost (chosen, or drawn: they know what they have left)."""
        return tuple(s.lost[self.player])

    @observed
    def my_draws(self, s: SkullState) -> tuple[tuple[int, str], ...]:
        """The cards this player drew from beaten Challengers: (from whom, card), theirs only."""
        return tuple(s.drawn[self.player])

    @observed
    def draw_count(self, s: SkullState) -> int:
        """Face-down cards to draw from, while a Skull's owner draws (never which is which)."""
        return len(s.draw_order)

    @observed
    def skull_owner(self, s: SkullState) -> int | None:
        return s.skull_owner

    @observed
    def rounds(self, s: SkullState) -> tuple[RoundRecord, ...]:
        return tuple(s.rounds)

    @observed
    def skull_gone(self, s: SkullState) -> tuple[bool, ...]:
        """Per player: does this seat know that player's Skull is gone (its own: from its hand)."""
        out = []
        for p in range(s._n):
            held = [*s.hands[p], *s.stacks[p]]
            if p == self.player:
                out.append(bool(held) and not any(is_skull(c) for c in held))
            elif s.options.decks != 1 or not held:
                out.append(False)
            else:
                flowers = {c for c in s.shown_since_loss[p] if not is_skull(c)}
                out.append(len(flowers) >= len(held))
        return tuple(out)

    @observed
    def winner(self, s: SkullState) -> int | None:
        return s.winner


__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Observation",
    "Outcome",
    "Phase",
    "RoundRecord",
    "SkullState",
    "sort_hand",
]
