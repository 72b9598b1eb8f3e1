"""The Skull King game state: open_spiel's shape, rebuilt exactly from (options, seed, actions).

Actions are strings so a save is a JSON list:
  "BID:2"                       a secret bid; all bids are revealed together when the last is made
  "MODE:BUCKSHOT"/"MODE:CANNONBALL"   Rascal's secret choice (option), revealed together
  "G5", "SKULLKING", "TIGRESS:PIRATE", "TIGRESS:ESCAPE", ...   play a card (its played code)
  "LEAD:3"                      Rosie: seat 3 leads the next trick (Greybeard's seat allowed)
  "DISCARD:G5"                  Will: discard one card (as many as he drew, one action each)
  "WAGER:10"                    Rascal the Gambler: stake 0, 10 or 20
  "ADJUST:-1"/"ADJUST:0"/"ADJUST:+1"   Harry: change the bid at the end of the round
Greybeard never acts: his cards are flipped by the engine when his turn comes.
A position is written and read as one line of text: see `position.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from cards.engine import (
    TERMINAL,
    IllegalActionError,
    Past,
    RecordedGame,
    SeatView,
    View,
    make_rng,
    new_view,
    observed,
    play_to_phase,
    shuffled,
)
from cards.skull_king import events as ev
from cards.skull_king import words
from cards.skull_king.cards import (
    ESCAPE_LIKE,
    HELD,
    KIND,
    KRAKEN,
    LOOT,
    PIRATE_NAMES,
    PLAYED_FORMS,
    SUIT,
    TIGRESS,
    TIGRESS_ESCAPE,
    WHALE,
    Kind,
    deck,
    sort_hand,
)
from cards.skull_king.options import WAGERS, KrakenLeader, SkullKingOptions
from cards.skull_king.position import read_position, write_position
from cards.skull_king.records import Phase, RoundRecord, TrickRecord
from cards.skull_king.scoring import Mode, PlayerRound, score_round
from cards.skull_king.tricks import (
    FOURTEEN_BONUS,
    TrickResult,
    capture_bonus,
    capture_items,
    current_winner,
    illegal_reason,
    led_suit,
    plays_following,
    resolve_played,
    trick_winner,
)
from cards.skull_king.worlds import guess_secrets, sample_hidden

SAVE_FORMAT = "skully.skull-king.game"
_new = object.__new__
_tuple_new = tuple.__new__  # a named tuple made without its Python __new__
_SEAT, _CODE = itemgetter(0), itemgetter(1)  # of a play in a trick: (seat, played code)
# Cards that decide a trick on their own (destroy it, or leave it to the numbers).
_ACTS_ALONE = frozenset((KRAKEN, WHALE))
# Winners that may capture a bonus card besides the 14s (capture_bonus), and the 14s.
_CAPTURERS = frozenset(
    c for c, k in KIND.items() if k in (Kind.PIRATE, Kind.SKULLKING, Kind.MERMAID)
)
_FOURTEENS = frozenset(FOURTEEN_BONUS)
SAVE_VERSION = 1


# The phases as module names: `Phase.PLAY` is an enum look-up (some 80 ns) every read.
_BID = Phase.BID
_MODE = Phase.MODE
_PLAY = Phase.PLAY
_ROSIE = Phase.ROSIE
_WILL = Phase.WILL
_WAGER = Phase.WAGER
_ADJUST = Phase.ADJUST
_OVER = Phase.OVER
_BIDS: dict[int, tuple[str, ...]] = {}  # cards in the round -> the bids, each string made once


_SET_RECORD = tuple(
    RoundRecord.__dict__[name].__set__
    for name in ("round_index", "cards", "dealer", "bids", "adjustments", "modes", "lines")
)


def _round_record(
    round_index: int,
    cards: int,
    dealer: int,
    bids: tuple[int, ...],
    adjustments: tuple[int, ...],
    modes: tuple[str | None, ...],
    lines: tuple[PlayerRound, ...],
) -> RoundRecord:
    """`RoundRecord(...)` through its slots, without the frozen __init__'s object.__setattr__
    calls (twice as dear): every round of every game makes one."""
    record = _new(RoundRecord)
    s_round, s_cards, s_dealer, s_bids, s_adjustments, s_modes, s_lines = _SET_RECORD
    s_round(record, round_index)
    s_cards(record, cards)
    s_dealer(record, dealer)
    s_bids(record, bids)
    s_adjustments(record, adjustments)
    s_modes(record, modes)
    s_lines(record, lines)
    return record


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A public event, kept structured so the table can name seats its own way."""

    kind: str
    seat: int | None
    detail: str = ""
    values: tuple[Any, ...] = ()  # per seat for "bids", "modes", "score"; (seat,) for "rosie"

    def format(self, names: Sequence[str]) -> str:
        def name(seat: int) -> str:
            return names[seat] if seat < len(names) else f"seat {seat}"

        if self.kind in ("bids", "modes", "score"):
            listed = ", ".join(f"{name(s)} {v}" for s, v in enumerate(self.values))
            return f"{self.detail}: {listed}"
        if self.kind == "rosie":
            return f"{name(self.seat or 0)} chooses {name(self.values[0])} to lead"
        who = name(self.seat) if self.seat is not None else ""
        return f"{who} {self.detail}".strip()

    def __str__(self) -> str:
        return self.format([f"P{s}" for s in range(9)])


class Observation(SeatView):
    """What one seat may see. Other hands never appear; bids stay None until all are made.

    A view (cards/engine.py): each field is read from the state the first time it is used, so a
    bot that looks at its hand pays for its hand, not for the log.

    A held view of a game its actions rebuild (`observation()`) keeps the state as `_live`, never
    as `_state`, and the state keeps no track of it: every field read asks `_then`, which answers
    with the live state while it stands at the view's position and, once it has moved on, with
    that position rebuilt from its place in the game (see `_then`). Nothing is registered when
    the view is made nor filled in when the state moves on: an engine user's every decision
    makes one.
    """

    options: SkullKingOptions  # (SeatView reads it; typed here for the bots)
    _state = None  # a held view reads through `_then` (a glance sets its own)
    _live: SkullKingState | None = None  # a held view's state, read while it stands still

    def _then(self, name: str) -> Any:
        """The state to read a field from: the live one while it stands at this view's position,
        else that position rebuilt (one rebuild shared by every view of it, as the engine's)."""
        d = self.__dict__
        live = d.get("_live")
        if live is None:
            return View._then(self, name)  # a glance, or a view filled in or kept by the engine
        moved = live._moves - d["_at"]
        if not moved:
            return live
        history = live._history
        at = len(history) - moved  # every action applied since is one more in the history
        past: Past | None = live._late
        if past is None or past[3] is not history or past[4] != at:
            past = live._late = [
                type(live),
                live.options,
                live.seed,
                history,
                at,
                live.recording,
                None,
            ]
        d["_past"] = past
        d["_live"] = None  # the live state let go: the view keeps its place in the game
        return View._then(self, name)

    def _freeze(self) -> None:
        super()._freeze()
        self.__dict__["_live"] = None

    @observed
    def greybeard_seat(self, s: SkullKingState) -> int | None:
        return s.greybeard_seat

    @observed
    def phase(self, s: SkullKingState) -> Phase:
        return s.phase

    @observed
    def round_index(self, s: SkullKingState) -> int:
        return s.round_index

    @observed
    def rounds_total(self, s: SkullKingState) -> int:
        return len(s.plan)

    @observed
    def cards(self, s: SkullKingState) -> int:
        """Dealt to each hand this round."""
        return s.cards

    @observed
    def dealer(self, s: SkullKingState) -> int:
        return s.dealer

    @observed
    def leader(self, s: SkullKingState) -> int:
        """Seat leading the current (or next) trick."""
        return s.leader

    @observed
    def hand(self, s: SkullKingState) -> tuple[str, ...]:
        return tuple(s.hands[self.player])

    @observed
    def hand_sizes(self, s: SkullKingState) -> tuple[int, ...]:
        """Per hand, Greybeard's pile included."""
        return tuple(len(h) for h in s.hands)

    @observed
    def undealt_count(self, s: SkullKingState) -> int:
        return len(s.undealt)

    @observed
    def discard_count(self, s: SkullKingState) -> int:
        """Cards discarded face down by Will this round."""
        return len(s.discards)

    @observed
    def my_discards(self, s: SkullKingState) -> tuple[str, ...]:
        return tuple(s.my_discards[self.player])

    @observed
    def bids(self, s: SkullKingState) -> tuple[int | None, ...]:
        """Own bid always; others only once all are revealed."""
        revealed = s.phase is not _BID
        return tuple(b if revealed or p == self.player else None for p, b in enumerate(s.bids))

    @observed
    def has_bid(self, s: SkullKingState) -> tuple[bool, ...]:
        return tuple(b is not None for b in s.bids)

    @observed
    def bids_revealed(self, s: SkullKingState) -> bool:
        return s.phase is not _BID

    @observed
    def modes(self, s: SkullKingState) -> tuple[str | None, ...]:
        """Same secrecy as bids."""
        shown = self.modes_revealed
        return tuple(
            m.value if m is not None and (shown or p == self.player) else None
            for p, m in enumerate(s.modes)
        )

    @observed
    def has_mode(self, s: SkullKingState) -> tuple[bool, ...]:
        return tuple(m is not None for m in s.modes)

    @observed
    def modes_revealed(self, s: SkullKingState) -> bool:
        return s._cannonball and s.phase not in (_BID, _MODE)

    @observed
    def adjustments(self, s: SkullKingState) -> tuple[int, ...]:
        """Harry's change, public."""
        return tuple(s.adjustments)

    @observed
    def wagers(self, s: SkullKingState) -> tuple[int, ...]:
        """Rascal's stakes, public."""
        return tuple(s.wagers)

    @observed
    def harry_pending(self, s: SkullKingState) -> int | None:
        return s.harry

    @observed
    def power_player(self, s: SkullKingState) -> int | None:
        return s.power_player

    @observed
    def will_left(self, s: SkullKingState) -> int:
        return s.will_left

    @observed
    def tricks_won(self, s: SkullKingState) -> tuple[int, ...]:
        return tuple(s.tricks_won)

    @observed
    def captures(self, s: SkullKingState) -> tuple[int, ...]:
        """Bonus banked this round (paid only with an exact bid)."""
        return tuple(s.captures)

    @observed
    def loot_pairs(self, s: SkullKingState) -> tuple[tuple[int, int], ...]:
        return tuple(s.loot_pairs)

    @observed
    def trick(self, s: SkullKingState) -> tuple[tuple[int, str], ...]:
        return tuple(s.trick)

    @observed
    def trick_order(self, s: SkullKingState) -> tuple[int, ...]:
        return s.order if s.phase is _PLAY else ()

    @observed
    def led_suit(self, s: SkullKingState) -> str | None:
        return led_suit([c for _, c in s.trick])

    @observed
    def trick_winner(self, s: SkullKingState) -> int | None:
        """Seat currently taking the unfinished trick."""
        codes = [c for _, c in s.trick]
        index = current_winner(codes, s._kraken_left) if codes else None
        return s.trick[index][0] if index is not None else None

    @observed
    def tricks(self, s: SkullKingState) -> tuple[TrickRecord, ...]:
        """Finished tricks this round."""
        return tuple(s.tricks)

    @observed
    def will_draws(self, s: SkullKingState) -> tuple[tuple[int, int, int], ...]:
        """(seat, tricks finished, cards drawn)."""
        return tuple(s.will_draws)

    @observed
    def undealt_seen(self, s: SkullKingState) -> tuple[str, ...] | None:
        """Juanita's look, for her winner only."""
        seen = s.juanita.get(self.player)
        return seen[1] if seen else None

    @observed
    def undealt_seen_at(self, s: SkullKingState) -> int:
        """Tricks finished when she looked."""
        seen = s.juanita.get(self.player)
        return seen[0] if seen else -1

    @observed
    def scores(self, s: SkullKingState) -> tuple[int, ...]:
        return tuple(s.scores)

    GROWS = ("rounds",)  # a round's line is written once, when it is scored

    @observed
    def rounds(self, s: SkullKingState) -> tuple[RoundRecord, ...]:
        return tuple(s.rounds)

    HISTORY = ("log",)  # a search world has no past to tell (from_view)

    @observed
    def log(self, s: SkullKingState) -> tuple[LogEntry, ...]:
        return tuple(s.log)


class SkullKingState(RecordedGame[str]):
    """A whole game; `apply_action` checks legality, `apply_unchecked` is for search clones."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    OPTIONS = SkullKingOptions
    _late: Past | None = None  # the position a held view read late was rebuilt at (Observation)

    options: SkullKingOptions

    def _begin(self) -> None:
        self._setup()
        self.scores = [0] * self._n
        self.rounds: list[RoundRecord] = []
        self._log: list[LogEntry] = []  # (the events and the log catch up when first read)
        self.search_world = False  # a sampled world for search: it ends with its round
        self.revealed_at: list[int] = [0]
        self._start_round(0)

    def _setup(self) -> None:
        o = self.options
        self._n = o.players
        self.greybeard_seat: int | None = o.players if o.has_greybeard else None
        self._hands_count = o.hands
        self.plan = o.round_cards()
        self._kraken_left = o.kraken_leader is KrakenLeader.LEFT_OF_KRAKEN
        self._cannonball = o.cannonball
        self._powers = o.pirate_powers
        self._revealed = False
        n = self._n
        self._orders = [tuple((leader + i) % n for i in range(n)) for leader in range(n)]

    # ---- rounds and tricks -------------------------------------------------------------------

    def _start_round(self, r: int) -> None:
        n, c = self._n, self.plan[r]
        self.round_index = r
        self.cards = c
        self.dealer = (r - 1) % n  # round 1: the last seat deals, so seat 0 leads
        order = shuffled(deck(self.options.advanced_cards), make_rng(self.seed, "deal", r))
        self.hands = [sort_hand(order[i * c : (i + 1) * c]) for i in range(n)]
        if self.greybeard_seat is not None:
            self.hands.append(order[n * c : (n + 1) * c])  # face down, flipped from the top
        self.undealt = order[self._hands_count * c :]
        self._reset_round_state()
        if self.recording:
            self._note(
                "deal", self.dealer, f"deals {c} card{'s' if c != 1 else ''} (round {r + 1})"
            )
            sizes = tuple(len(h) for h in self.hands)
            self._events.append(
                ev.Dealt(
                    r, len(self.plan), c, self.dealer, self.first_leader, sizes, len(self.undealt)
                )
            )
            self._events.extend(ev.HandDealt(p, tuple(self.hands[p])) for p in range(n))

    def _reset_round_state(self) -> None:
        n, h = self._n, self._hands_count
        self.discards: list[str] = []
        self.my_discards: list[list[str]] = [[] for _ in range(n)]
        self.will_draws: list[tuple[int, int, int]] = []
        self.bids: list[int | None] = [None] * n
        self.modes: list[Mode | None] = [None] * n
        self.adjustments = [0] * n
        self.wagers = [0] * n
        self.tricks_won = [0] * h
        self.captures = [0] * h
        self.loot_pairs: list[tuple[int, int]] = []
        self.tricks: list[TrickRecord] = []
        self.trick: list[tuple[int, str]] = []
        self.first_leader = (self.dealer + 1) % n
        self.leader = self.first_leader
        self.order: tuple[int, ...] = ()
        self.bid_order = self._orders[self.first_leader]  # from the left of the dealer
        self.phase = _BID
        self.power_player: int | None = None
        self.will_left = 0
        self.juanita: dict[int, tuple[int, tuple[str, ...]]] = {}
        self.harry: int | None = None

    def _trick_order(self, leader: int) -> tuple[int, ...]:
        gb = self.greybeard_seat
        if gb is None:
            return self._orders[leader]
        if leader == gb:  # then the humans from the left of the dealer
            return (gb, self.first_leader, 1 - self.first_leader)
        return (leader, gb, 1 - leader)  # Greybeard always plays second

    def play_order(self) -> tuple[int, ...]:
        """The seats in the order they play the trick in play now (or the next one)."""
        return self._trick_order(self.trick[0][0] if self.trick else self.leader)

    def _start_trick(self) -> None:
        gb = self.greybeard_seat
        self.order = self._orders[self.leader] if gb is None else self._trick_order(self.leader)
        self.phase = _PLAY
        if self.recording:
            self._events.append(ev.TrickStarted(len(self.tricks) + 1, self.leader, self.order))
        if gb is not None:  # else the leader is a person or a bot: wait for its action
            self._continue_trick()

    def _continue_trick(self) -> None:
        gb = self.greybeard_seat
        if gb is None and len(self.trick) < len(self.order):
            return  # the next seat is a person or a bot: wait for its action
        while len(self.trick) < len(self.order):
            seat = self.order[len(self.trick)]
            if seat != gb:
                return
            top = self.hands[gb].pop(0)
            code = TIGRESS_ESCAPE if top == TIGRESS else top  # his Tigress is always an Escape
            self.trick.append((gb, code))
            self._revealed = True
            if self.recording:
                self._note("flip", gb, f"flips {code}")
                self._events.append(ev.CardPlayed(gb, top, code, flipped=True))
        self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        codes = tuple(map(_CODE, trick))  # a tuple: the trick winner memo takes it as it is
        if self.recording or not _ACTS_ALONE.isdisjoint(codes):
            self._finish_trick_fully(codes)
            return
        # As most tricks go: one card takes it (resolve_played's last case, inlined).
        w = trick_winner(codes)
        code = codes[w]  # type: ignore[index]
        winner = trick[w][0]  # type: ignore[index]
        self.tricks_won[winner] += 1
        bonus = 0
        if code in _CAPTURERS or not _FOURTEENS.isdisjoint(codes):
            bonus = capture_bonus(codes, w)  # type: ignore[arg-type]
            self.captures[winner] += bonus
        gb = self.greybeard_seat
        loot: tuple[int, ...] = ()
        if LOOT in codes:  # most tricks have no Loot in them
            loot = tuple(trick[i][0] for i, c in enumerate(codes) if c == LOOT and i != w)
            if loot and winner != gb:
                self.loot_pairs.extend((giver, winner) for giver in loot if giver != gb)
        self.tricks.append(
            _tuple_new(TrickRecord, (tuple(trick), winner, winner, None, bonus, loot))
        )
        self.trick = []
        self.leader = winner
        if self._powers and winner != gb and code in PIRATE_NAMES:
            self._pirate_power(winner, code)
            if self.phase is not _PLAY:
                return
        if gb is None and len(self.tricks) < self.cards:  # _next_trick's next trick, inlined
            self.power_player = None
            self.order = self._orders[winner]
            return  # the phase is still _PLAY: the winner leads
        self._next_trick()

    def _finish_trick_fully(self, codes: tuple[str, ...]) -> None:
        """`_finish_trick` with its events, and for a trick the Kraken or the Whale acts in."""
        seats = tuple(map(_SEAT, self.trick))
        res = resolve_played(codes, self._kraken_left)
        gb = self.greybeard_seat
        winner = seats[res.winner] if res.winner is not None else None
        next_leader = seats[res.next_leader]
        loot: tuple[int, ...] = ()
        if winner is not None:
            self.tricks_won[winner] += 1
            self.captures[winner] += res.bonus
            if res.loot:  # most tricks have no Loot in them
                loot = tuple(seats[i] for i in res.loot)
                if winner != gb:
                    self.loot_pairs.extend((giver, winner) for giver in loot if giver != gb)
        self.tricks.append(
            TrickRecord(tuple(self.trick), winner, next_leader, res.destroyed_by, res.bonus, loot)
        )
        self.trick = []
        self.leader = next_leader
        if self.recording:
            if winner is None:
                what = "Kraken" if res.destroyed_by == "KRAKEN" else "White Whale"
                self._note("destroyed", next_leader, f"leads: the {what} destroyed the trick")
            else:
                extra = f" (+{res.bonus} if the bid is made)" if res.bonus else ""
                self._note("trick", winner, f"takes the trick with {codes[res.winner]}{extra}")
            self._trick_events(res, seats, codes, loot)
        if self._powers and winner is not None and winner != gb:
            self._pirate_power(winner, codes[res.winner])
            if self.phase is not _PLAY:
                return
        self._next_trick()

    def _trick_events(
        self, res: TrickResult, seats: Sequence[int], codes: Sequence[str], loot: tuple[int, ...]
    ) -> None:
        plays = tuple(zip(seats, codes, strict=True))
        if res.winner is None:
            if res.destroyed_by == KRAKEN:
                kraken = seats[codes.index(KRAKEN)]
                would = seats[res.would_win] if res.would_win is not None else res.next_leader
                self._events.append(ev.TrickDestroyed(kraken, plays, would, seats[res.next_leader]))
            else:
                self._events.append(ev.TrickDiscarded(seats[res.next_leader], plays))
            return
        winner = seats[res.winner]
        items = tuple(capture_items(codes, res.winner, res.whale))
        self._events.append(
            ev.TrickWon(winner, codes[res.winner], plays, res.bonus, items, loot, res.whale)
        )
        gb = self.greybeard_seat
        if winner != gb:
            self._events.extend(ev.LootAlliance(g, winner) for g in loot if g != gb)

    def _pirate_power(self, winner: int, code: str) -> None:
        """A named pirate's power for the seat that won with it; choices become a phase."""
        more = len(self.tricks) < self.cards
        if code == "ROSIE" and more:
            self.phase, self.power_player = _ROSIE, winner
        elif code == "WILL" and more and self.undealt:
            k = min(2, len(self.undealt))
            drawn, self.undealt = self.undealt[:k], self.undealt[k:]
            self.hands[winner] = sort_hand(self.hands[winner] + drawn)
            self.will_draws.append((winner, len(self.tricks), k))
            self.phase, self.power_player, self.will_left = _WILL, winner, k
            self._revealed = True
            if self.recording:
                self._note("will", winner, f"draws {k} and must discard {k}")
                self._events.append(ev.CardsDrawn(winner, k, tuple(drawn)))
        elif code == "RASCAL":
            self.phase, self.power_player = _WAGER, winner
        elif code == "JUANITA" and more:
            self.juanita[winner] = (len(self.tricks), tuple(sort_hand(self.undealt)))
            self._revealed = True
            if self.recording:
                self._note("juanita", winner, "looks at the undealt cards")
                seen = self.juanita[winner][1]
                self._events.append(ev.UndealtSeen(winner, len(seen), seen))
        elif code == "HARRY":
            self.harry = winner
            if self.recording:
                self._events.append(ev.BidChangeEarned(winner))

    def _next_trick(self) -> None:
        self.power_player = None
        if len(self.tricks) < self.cards:
            self._start_trick()
        elif self.harry is not None:
            self.phase = _ADJUST
        else:
            self._score_round()

    def _begin_play(self) -> None:
        self.leader = self.first_leader
        self._start_trick()

    def _score_round(self) -> None:
        n = self._n
        final = [b + a for b, a in zip(self.bids, self.adjustments, strict=True)]  # type: ignore[operator]
        lines = score_round(
            self.options.scoring,
            self.cards,
            final,
            self.tricks_won[:n],
            self.captures[:n],
            self.loot_pairs,
            self.wagers,
            self.modes if self._cannonball else (),
        )
        for p in range(n):
            self.scores[p] += lines[p].total
        modes = self.modes
        record = _round_record(
            self.round_index,
            self.cards,
            self.dealer,
            tuple(self.bids),  # type: ignore[arg-type]
            tuple(self.adjustments),
            (None,) * n
            if modes.count(None) == n
            else tuple([m.value if m else None for m in modes]),
            tuple(lines),
        )
        self.rounds.append(record)
        if self.recording:
            totals = tuple(f"{t:+d}" for t in record.totals)
            self._note("score", None, f"Round {self.round_index + 1} scores", totals)
            seat_lines = tuple(
                ev.SeatScore(
                    p,
                    record.bids[p],
                    record.adjustments[p],
                    line.tricks,
                    line.base,
                    line.bonus,
                    line.loot,
                    line.wager,
                    record.modes[p] if self._cannonball else None,
                    line.total,
                    self.scores[p],
                )
                for p, line in enumerate(lines)
            )
            self._events.append(ev.RoundScored(self.round_index, self.cards, seat_lines))
        if self.round_index + 1 < len(self.plan) and not self.search_world:
            self._start_round(self.round_index + 1)
            self._revealed = True
        else:
            self.phase = _OVER
            self._note("over", None, "Game over")
            if self.recording and not self.search_world:
                self._events.append(ev.GameOver(tuple(self.winners()), tuple(self.scores)))

    def _note(self, kind: str, seat: int | None, detail: str, values: tuple[Any, ...] = ()) -> None:
        if self.recording:
            self._log.append(LogEntry(kind, seat, detail, values))

    # ---- the shared interface ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        phase = self.phase
        if phase is _PLAY:
            return self.order[len(self.trick)]
        if phase is _BID or phase is _MODE:  # in turn, from the left of the dealer
            chosen = self.bids if phase is _BID else self.modes
            for p in self.bid_order:
                if chosen[p] is None:
                    return p
            raise RuntimeError(f"every seat has chosen, yet the phase is {phase.value}")
        if phase is _ADJUST:
            return self.harry  # type: ignore[return-value]
        if phase is _OVER:
            return TERMINAL
        return self.power_player  # type: ignore[return-value]

    def legal_actions(self) -> tuple[str, ...]:
        """GameState.legal_actions (the kept tuple itself), a card play's made here (most
        positions ask for one)."""
        legal = self._legal
        if legal is None:
            if self.phase is _PLAY:
                trick = self.trick
                hand = self.hands[self.order[len(trick)]]
                for _, code in trick:  # the suit to follow: `led_suit`, on the plays as they lie
                    if code not in ESCAPE_LIKE:
                        legal = tuple(plays_following(hand, SUIT[code]))
                        break
                else:
                    legal = tuple(plays_following(hand, None))
            else:
                legal = tuple(self._legal_actions())
            self._legal = legal
        return legal  # type: ignore[return-value]

    def _legal_actions(self) -> list[str]:
        phase = self.phase
        if phase is _PLAY:
            trick = self.trick
            hand = self.hands[self.order[len(trick)]]
            for _, code in trick:  # the suit to follow (as legal_actions reads it)
                if code not in ESCAPE_LIKE:
                    return plays_following(hand, SUIT[code])
            return plays_following(hand, None)
        if phase is _BID:
            bids = _BIDS.get(self.cards)
            if bids is None:
                bids = _BIDS[self.cards] = tuple(f"BID:{b}" for b in range(self.cards + 1))
            return list(bids)
        if phase is _MODE:
            return ["MODE:BUCKSHOT", "MODE:CANNONBALL"]
        if phase is _ROSIE:
            return [f"LEAD:{s}" for s in range(self._hands_count)]
        if phase is _WILL:
            hand = self.hands[self.power_player]  # type: ignore[index]
            return [f"DISCARD:{c}" for c in dict.fromkeys(hand)]
        if phase is _WAGER:
            return [f"WAGER:{w}" for w in WAGERS]
        if phase is _ADJUST:
            low = ["ADJUST:-1"] if self.bids[self.harry] else []  # type: ignore[index]
            return [*low, "ADJUST:0", "ADJUST:+1"]
        return []

    def why_illegal(self, seat: int, held: str) -> str | None:
        """Why `seat` may not play the held card `held` now (the table's hover text, said to
        that seat), or None: what the seat must do first, whose turn it is, the suit to follow."""
        if self.phase is _WILL:
            return None if self.power_player == seat else "not your turn"
        if self.phase is not _PLAY:
            return words.FIRST_DO.get(self.phase.value, "no card is played now")
        if self.current_player() != seat:
            return "not your turn"
        return illegal_reason(self.hands[seat], [c for _, c in self.trick], held)

    def refusal(self, action: str) -> str | None:
        """Why the seat to act may not make `action` now, in its words (None: it may)."""
        if self.allows(action):
            return None
        if self.phase is _OVER:
            return "The game is over: no more moves."
        seat = self.current_player()
        phase = self.phase
        if not isinstance(action, str):
            return "That is not a move in Skull King."
        held = HELD.get(action.removeprefix("DISCARD:") if phase is _WILL else action)
        if held is not None and (phase is _WILL) == action.startswith("DISCARD:"):
            verb = "discard" if phase is _WILL else "play"
            if held not in self.hands[seat]:
                return f"You can't {verb} {words.card_name(held)}: it is not in your hand."
            why = self.why_illegal(seat, held)
            return f"You can't {verb} {words.card_name(action)} now: {why or 'not now'}."
        verb, _, value = action.partition(":")
        if verb == "BID" and phase is _BID:
            return f"You can't bid {value}: bid from 0 to {self.cards}."
        asks = {
            _BID: "bid first",
            _PLAY: "play a card",
            _MODE: "choose Buckshot or Cannonball",
            _ROSIE: "choose who leads the next trick",
            _WILL: "discard a card for Will the Bandit",
            _WAGER: "choose your stake",
            _ADJUST: "choose your bid change",
        }
        if verb == "ADJUST" and phase is _ADJUST:
            return "You can't bid below 0."
        return f"You can't do that now: {asks[phase]}."

    def event_words(self, event: Any, viewer: int | None, names: Sequence[str]) -> str:
        return words.event_words(event, names, self.greybeard_seat)

    def _is_legal(self, action: str) -> bool:
        """A card play is checked against the hand and the suit to follow, without the list."""
        if self.phase is not _PLAY:
            return action in self._legal_actions()  # a handful of choices: the list is cheap
        held = HELD.get(action)
        if held is None or action not in PLAYED_FORMS[held]:
            return False
        hand = self.hands[self.order[len(self.trick)]]
        return held in hand and illegal_reason(hand, [c for _, c in self.trick], held) is None

    def illegal_message(self, action: str) -> str:
        return (
            f"{action!r} is not legal in phase {self.phase.value} "
            f"for seat {self.current_player()} (round {self.round_index + 1}): "
            f"{self.refusal(action)}"
        )

    def apply_action(self, action: str) -> None:
        """GameState.apply_action: the same check and steps, a card played unheard applied here
        (most actions of most games are one)."""
        self._check(action)
        if self._views is not None:
            self._freeze_views()
        self._moves += 1
        if self.phase is not _PLAY or self.recording:
            self._apply(action)
            return
        trick = self.trick  # _apply's card play, inlined
        seat = self.order[len(trick)]
        self._history.append(action)
        self.hands[seat].remove(HELD[action])
        trick.append((seat, action))
        if self.greybeard_seat is not None or len(trick) >= len(self.order):
            self._after_play()  # else the next seat plays: wait for its action

    def _after_play(self) -> None:
        """Greybeard's flips, the end of a full trick, and whether they revealed anything."""
        self._revealed = False
        if self.greybeard_seat is not None:
            self._continue_trick()
        else:
            self._finish_trick()
        if self._revealed:
            self.revealed_at.append(len(self._history))

    def _apply(self, action: str) -> None:
        phase = self.phase
        if phase is _PLAY:  # most actions: a card played
            trick = self.trick
            seat = self.order[len(trick)]
            self._history.append(action)
            self.hands[seat].remove(HELD[action])
            trick.append((seat, action))
            if self.recording:
                self._note("play", seat, f"plays {action}")
                self._events.append(ev.CardPlayed(seat, HELD[action], action))
            if self.greybeard_seat is not None or len(trick) >= len(self.order):
                self._after_play()  # else the next seat plays: wait for its action
            return
        self._revealed = False
        seat = self.current_player()
        self._history.append(action)
        if phase is _BID:
            self.bids[seat] = int(action[4:])
            if self.recording:
                self._note("bid", seat, "has bid")
                self._events.append(ev.BidMade(seat, self.bids[seat]))
            if None not in self.bids:
                self._revealed = True
                if self.recording:
                    self._note("bids", None, "Yo-ho-ho! Bids", tuple(self.bids))
                    self._events.append(ev.BidsRevealed(tuple(self.bids)))  # type: ignore[arg-type]
                if self._cannonball:
                    self.phase = _MODE
                else:
                    self._begin_play()
        elif phase is _MODE:
            self.modes[seat] = Mode(action[5:])
            self._note("mode", seat, "has chosen")
            if self.recording:
                self._events.append(ev.ModeChosen(seat, action[5:]))
            if all(m is not None for m in self.modes):
                self._revealed = True
                modes = tuple(m.value.lower() for m in self.modes if m is not None)
                self._note("modes", None, "Modes", modes)
                if self.recording:
                    values = tuple(m.value for m in self.modes if m is not None)
                    self._events.append(ev.ModesRevealed(values))
                self._begin_play()
        elif phase is _ROSIE:
            self.leader = int(action[5:])
            self._note("rosie", seat, "chooses who leads", (self.leader,))
            if self.recording:
                self._events.append(ev.LeaderChosen(seat, self.leader))
            self._next_trick()
        elif phase is _WILL:
            code = action[8:]
            self.hands[seat].remove(code)
            self.discards.append(code)
            self.my_discards[seat].append(code)
            self.will_left -= 1
            if self.recording:
                self._events.append(ev.CardDiscarded(seat, self.will_left, code))
            if self.will_left == 0:
                self._note("will", seat, "has discarded")
                self._next_trick()
        elif phase is _WAGER:
            self.wagers[seat] = int(action[6:])
            if self.recording:
                self._note("wager", seat, f"wagers {self.wagers[seat]}")
                self._events.append(ev.WagerMade(seat, self.wagers[seat]))
            self._next_trick()
        elif phase is _ADJUST:
            self.adjustments[seat] = int(action[7:])
            self.harry = None
            if self.recording:
                self._note("harry", seat, f"changes the bid by {action[7:]}")
                bid = self.bids[seat] or 0
                change = self.adjustments[seat]
                self._events.append(ev.BidChanged(seat, change, bid, bid + change))
            self._score_round()
        else:
            raise IllegalActionError("the game is over")  # only apply_unchecked gets here
        if self._revealed:
            self.revealed_at.append(len(self._history))

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def winners(self) -> list[int]:
        """Seats sharing the highest score once the game is over; [] before."""
        if self.phase is not _OVER:
            return []
        best = max(self.scores)
        return [p for p, s in enumerate(self.scores) if s == best]

    @property
    def log(self) -> list[LogEntry]:
        """The public log so far (recorded from now on, like `events`)."""
        self.listen()
        return self._log

    def _catch_up(self) -> None:
        if self.search_world:
            return  # an imagined world has no past to tell
        twin = self._recorded_twin()
        self._events, self._log = twin._events, twin._log

    def clone(self) -> SkullKingState:
        new = self._shallow_copy()
        new._late = None
        new.hands = [list(h) for h in self.hands]
        for name in (
            "undealt", "discards", "will_draws", "bids", "modes", "adjustments", "wagers",
            "tricks_won", "captures", "loot_pairs", "tricks", "trick", "scores", "rounds",
            "_history", "_log", "_events", "revealed_at",
        ):  # fmt: skip
            setattr(new, name, list(getattr(self, name)))
        new.my_discards = [list(d) for d in self.my_discards]
        new.juanita = dict(self.juanita)
        return new

    def observation(self, player: int) -> Observation:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        if not self._replayable:  # a world changed by hand: its views are filled in
            return new_view(Observation, self, player, True)
        view = _new(Observation)  # held without being registered: see Observation
        d = view.__dict__
        d["player"] = player
        d["_live"] = self
        d["_at"] = self._moves
        return view

    def glance(self, player: int) -> Observation:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        return new_view(Observation, self, player, False)

    def play_bots(
        self, bots: Sequence[Any], unlisted: Sequence[bool], blind: Sequence[bool] = ()
    ) -> SkullKingState:
        """GameState.play_bots, the end read from the phase (see cards.engine.play_to_phase)."""
        play_to_phase(self, _OVER, bots, unlisted, blind)
        return self

    def position(self, viewer: int | None = None) -> str:
        """This position as text: see cards/skull_king/position.py."""
        return write_position(self, viewer)

    @classmethod
    def from_position(cls, text: str, rng: random.Random | None = None) -> SkullKingState:
        """The game at a position text (cards/skull_king/position.py)."""
        return read_position(cls, text, rng)

    # ---- determinization (saves: cards/engine.py) -----------------------------------------------

    @classmethod
    def from_view(cls, view: Observation, rng: random.Random) -> SkullKingState:
        """One determinization: the unseen cards dealt at random where they may lie, the secret
        bids and modes guessed (worlds.py); a search may look into it, since it invented it."""
        world = sample_hidden(view, rng)
        bids, modes = guess_secrets(view, world.hands)
        seed = int(rng.random() * 2**31)
        return cls.from_observation(
            view, world.hands, world.undealt, world.discards, bids, modes, seed
        )

    @classmethod
    def from_observation(
        cls,
        obs: Observation,
        hands: Sequence[Sequence[str]],
        undealt: Sequence[str],
        discards: Sequence[str],
        secret_bids: Mapping[int, int] | None = None,
        secret_modes: Mapping[int, Mode] | None = None,
        seed: int = 0,
    ) -> SkullKingState:
        """A world consistent with `obs`, with the hidden parts supplied by a sampler (ISMCTS).

        `hands` holds every hand in seat order (Greybeard's pile last, top first) and must agree
        with obs.hand and obs.hand_sizes. The result carries no log and no history.
        """
        state = object.__new__(cls)
        state.options = obs.options
        state.seed = seed
        state._setup()
        state.scores = list(obs.scores)
        state.rounds = list(obs.rounds)
        state._history = []
        state._log = []
        state._events = []
        state.recording = False
        state.search_world = True
        state.revealed_at = [0]
        state.round_index = obs.round_index
        state.cards = obs.cards
        state.dealer = obs.dealer
        state._reset_round_state()
        state.hands = [list(h) for h in hands]
        if tuple(sort_hand(state.hands[obs.player])) != tuple(sort_hand(list(obs.hand))):
            raise ValueError("hands: the observer's hand differs from the observation")
        if tuple(len(h) for h in state.hands) != obs.hand_sizes:
            raise ValueError("hands: sizes differ from the observation")
        state.undealt = list(undealt)
        state.discards = list(discards)
        state.my_discards[obs.player] = list(obs.my_discards)
        state.will_draws = list(obs.will_draws)
        secret_bids = secret_bids or {}
        secret_modes = secret_modes or {}
        state.bids = [
            b if b is not None else (secret_bids.get(p) if obs.has_bid[p] else None)
            for p, b in enumerate(obs.bids)
        ]
        state.modes = [
            Mode(m) if m is not None else (secret_modes.get(p) if obs.has_mode[p] else None)
            for p, m in enumerate(obs.modes)
        ]
        state.adjustments = list(obs.adjustments)
        state.wagers = list(obs.wagers)
        state.tricks_won = list(obs.tricks_won)
        state.captures = list(obs.captures)
        state.loot_pairs = list(obs.loot_pairs)
        state.tricks = list(obs.tricks)
        state.trick = list(obs.trick)
        state.leader = obs.leader
        state.phase = obs.phase
        state.order = obs.trick_order
        state.power_player = obs.power_player
        state.will_left = obs.will_left
        state.harry = obs.harry_pending
        if obs.undealt_seen is not None:  # Juanita's look, the observer's own
            state.juanita[obs.player] = (obs.undealt_seen_at, obs.undealt_seen)
        return state


def card_count(state: SkullKingState) -> int:
    """Every card of the deck is somewhere: hands, undealt, discards, this round's tricks."""
    played = sum(len(t.plays) for t in state.tricks) + len(state.trick)
    return sum(map(len, state.hands)) + len(state.undealt) + len(state.discards) + played


def all_cards(state: SkullKingState) -> list[str]:
    """The held codes of every card in the round, for conservation checks."""
    out = [c for h in state.hands for c in h] + state.undealt + state.discards
    out += [HELD[c] for t in state.tricks for _, c in t.plays]
    out += [HELD[c] for _, c in state.trick]
    return out


__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "LogEntry",
    "Observation",
    "Phase",
    "RoundRecord",
    "SkullKingState",
    "TrickRecord",
    "all_cards",
]
