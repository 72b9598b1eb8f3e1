"""The Skip-Bo game state: open_spiel's shape (cards/engine.py), rebuilt from (options, seed, actions).

Actions are strings, so a save is a JSON list ("W" is a SKIP-BO card, B0-B3 the building piles):
  "H7>B2"    play the 7 from the hand onto building pile 2 ("HW>B0": a wild from the hand)
  "S1>B0"    play seat 1's stock top onto building pile 0 (one's own, or a partner's)
  "D1.3>B2"  play the top of seat 1's discard pile 3 onto building pile 2
  "H7>D3"    discard the 7 onto one's own discard pile 3: this ends the turn
  "END"      end the turn without a discard: no card in hand and none left to draw
A position is written and read as one line of text: see `position.py`.

Rulings (the seed, shared/design/table-games.md, and where they are silent):
- 162 cards: 12 of each number and 18 SKIP-BO wilds; the 1980 edition has 24 wilds (168 cards)
  and lets a wild go onto a wild. Stocks: 30 cards each for 2-4 players, 20 for 5-6 (options:
  10, 15, 20, 30, 40, when the deck holds them and every hand); each stock's top is face up.
- A turn starts by drawing up to five; a player may play from the hand, their stock's top and
  their discard piles' tops onto the four shared building piles, in any order, each pile from 1
  up to 12. A wild counts as the number the pile needs (never on a wild, in this edition). A pile
  at 12 is set aside. Playing the whole hand draws five more at once. The turn ends with exactly
  one discard from the hand onto one of the player's four discard piles; nothing moves between
  discard piles. The draw is the one chance of the game: the deck is shuffled for each deal, and
  when the draw pile runs out the set-aside piles are shuffled into a new one, both by the game's
  own generator; with nothing to reshuffle a player draws what there is.
- A player with an empty hand and nothing to draw may still play from stock and discards, then
  ends the turn without a discard ("END").
- Partnerships (4 or 6 players; partners opposite): a player may also play from the partner's
  stock top and discard tops (never discard onto them); a pair wins when both stocks are empty.
- The stalemate ruling: a game that can no longer move ends. That is: the draw pile and the
  set-aside piles are empty and a full round of turns passes (one turn per player) in which
  nobody plays a card to a building pile. The player or pair with the fewest stock cards left
  wins; a tie shares the win. The `turn_limit` option (off by default) ends a game the same way
  after that many turns: computer-only games use it as a cap.
- Scoring across games (`match_to`): the winner scores 25 plus 5 for each card left in the other
  stocks (a shared win: each winner, counting the stocks of those who did not win); games are
  dealt again, the next seat starting, until a side reaches the target. The highest total then
  wins the match (shared on a tie). One save holds the whole match.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain, product
from typing import Any

from cards.bots import uniform_draw
from cards.engine import (
    TERMINAL,
    IllegalActionError,
    LegalActions,
    RecordedGame,
    SeatView,
    make_rng,
    no_view,
    observed,
    shuffled,
)
from cards.skip_bo import events as ev
from cards.skip_bo import words
from cards.skip_bo.cards import NUMBERS, TOP, WILD, code, deck
from cards.skip_bo.options import HAND, SkipBoOptions
from cards.skip_bo.position import read_position, write_position
from cards.skip_bo.records import GameRecord

SAVE_FORMAT = "skully.skip-bo.game"
SAVE_VERSION = 1
BUILDS = 4  # shared building piles
BUILD_NAMES = words.BUILD_NAMES  # the building piles, as players call them (and the table)
DISCARDS = 4  # discard piles per player
MOST = 6  # players

# Action kinds, and every action string built once (bots name their actions from these tables)
# and parsed once.
HAND_BUILD, STOCK_BUILD, DISCARD_BUILD, HAND_DISCARD, END = range(5)
_CARDS = (WILD, *NUMBERS)
HAND_PLAYS = {c: tuple(f"H{code(c)}>B{i}" for i in range(BUILDS)) for c in _CARDS}
STOCK_PLAYS = tuple(tuple(f"S{p}>B{i}" for i in range(BUILDS)) for p in range(MOST))
DISCARD_PLAYS = tuple(
    tuple(tuple(f"D{p}.{k}>B{i}" for i in range(BUILDS)) for k in range(DISCARDS))
    for p in range(MOST)
)
DISCARDS_TO = {c: tuple(f"H{code(c)}>D{k}" for k in range(DISCARDS)) for c in _CARDS}
_PARSED: dict[str, tuple[int, int, int, int]] = {
    **{a: (HAND_BUILD, c, i, 0) for c in _CARDS for i, a in enumerate(HAND_PLAYS[c])},
    **{a: (STOCK_BUILD, p, i, 0) for p in range(MOST) for i, a in enumerate(STOCK_PLAYS[p])},
    **{
        a: (DISCARD_BUILD, p, k, i)
        for p in range(MOST)
        for k in range(DISCARDS)
        for i, a in enumerate(DISCARD_PLAYS[p][k])
    },
    **{a: (HAND_DISCARD, c, k, 0) for c in _CARDS for k, a in enumerate(DISCARDS_TO[c])},
    "END": (END, 0, 0, 0),
}
_new_view = object.__new__
_BIT = (0, *(1 << n for n in NUMBERS))  # a card's bit: 0 for a wild
_CLEAR = tuple(~b for b in _BIT)  # every bit but the card's
_TOP_BIT = {None: 0, **dict(enumerate(_BIT))}  # a pile top's bit (None: an empty pile)
_PILE_BIT = tuple(1 << i for i in range(BUILDS))  # a building pile's bit in a set of piles


def _piles(mask: int) -> tuple[int, ...]:
    """The building piles of a set (bit i: pile i), in order."""
    return tuple(i for i in range(BUILDS) if mask >> i & 1)


# A card's plays onto each set of building piles (`_STOCK_SETS[p][piles]`, `_DISCARD_SETS[p][k]
# [piles]`), in the piles' order: the legal list takes a source's plays in one look-up.
_STOCK_SETS = tuple(
    tuple(tuple(STOCK_PLAYS[p][i] for i in _piles(m)) for m in range(1 << BUILDS))
    for p in range(MOST)
)
_DISCARD_SETS = tuple(
    tuple(
        tuple(tuple(DISCARD_PLAYS[p][k][i] for i in _piles(m)) for m in range(1 << BUILDS))
        for k in range(DISCARDS)
    )
    for p in range(MOST)
)


def _hand_plays(card: int, piles: int, wilds: int) -> tuple[str, ...]:
    """A hand's plays of one number onto a set of piles and of a wild onto another, pile by
    pile (the number first on a pile both take)."""
    out: list[str] = []
    for i in range(BUILDS):
        if piles >> i & 1:
            out.append(HAND_PLAYS[card][i])
        if wilds >> i & 1:
            out.append(HAND_PLAYS[WILD][i])
    return tuple(out)


# `_HAND_SETS[card][piles][wilds]`: the hand's plays when its only number that fits a pile is
# `card` (a card of 0: none does), going on `piles`, and its wilds on `wilds`.
_HAND_SETS = tuple(
    tuple(
        tuple(_hand_plays(c, m, w) for w in range(1 << BUILDS))
        for m in range(1 << BUILDS if c else 1)
    )
    for c in range(TOP + 1)
)
_NUMBER_OF = {1 << n: n for n in NUMBERS}  # a number's bit -> the number


def _tops(piles: list[list[int]]) -> tuple[int | None, ...]:
    return tuple([p[-1] if p else None for p in piles])


def bits(cards: Iterable[int | None]) -> int:
    """The numbers among `cards` as bits (bit n: the number n; a wild or an empty pile adds
    nothing). The state keeps the bits of every need, hand and row of discard tops, so a
    player asks "which of these fit?" with one `&` rather than a loop."""
    out = 0
    for c in cards:
        if c:
            out |= 1 << c
    return out


def parse(action: str) -> tuple[int, int, int, int]:
    """(kind, a, b, c) of an action string: see `_PARSED`; KeyError for anything else."""
    return _PARSED[action]


def _discards_of(held: int) -> tuple[str, ...]:
    """Every discard a hand allows, each distinct card onto each pile, the cards in order (a
    wild first): `held` is the hand's cards as bits (bit 0: it holds a wild)."""
    return tuple(chain.from_iterable(DISCARDS_TO[c] for c in _CARDS if held >> c & 1))


class _DiscardsByHand(dict[int, tuple[str, ...]]):
    """`_DISCARDS[held]`: the discards of a hand holding the cards `held` (bits as in
    `_discards_of`), each worked out when first asked for (at most 2,380 hands of five)."""

    def __missing__(self, held: int) -> tuple[str, ...]:
        out = self[held] = _discards_of(held)
        return out


_DISCARDS = _DiscardsByHand()


def _fits(needs: tuple[int, ...], wild_ok: tuple[bool, ...]) -> tuple[int, ...]:
    """For each card, the set of building piles it goes on now (bit i: pile i): a number the
    piles it is the need of, a wild (at 0) those that take one. (Worked out whenever the legal
    list is read after a play to a building pile: random players read it at every move.)"""
    out = [0] * (TOP + 1)
    bit = 1
    for n in needs:
        if 0 < n <= TOP:  # (a pile set by hand may be past the top)
            out[n] |= bit
        bit <<= 1
    out[WILD] = _WILD_PILES[wild_ok]
    return tuple(out)


# The set of piles (bit i: pile i) whose flag is set, for every row of BUILDS flags.
_WILD_PILES = {
    flags: sum(1 << i for i, ok in enumerate(flags) if ok)
    for flags in product((False, True), repeat=BUILDS)
}


class SkipBoState(RecordedGame[str]):
    """A whole game (or match) of Skip-Bo; `apply_action` checks, `apply_unchecked` is for search."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    OPTIONS = SkipBoOptions
    # The fields every action and every decision reads live in slots: with some forty fields in
    # all, an instance dict no longer shares its keys and every read of one is a dict look-up.
    __slots__ = _SLOTS = (
        "turn",
        "hands",
        "hand_bits",
        "build",
        "stocks",
        "discards",
        "draw",
        "set_aside",
        "needs_now",
        "needs_bits_now",
        "wild_ok_now",
        "fits_now",
        "stock_tops_now",
        "discard_tops_now",
        "discard_bits_now",
        "sources",
        "played",
        "cards_played",
        "turns_taken",
        "turn_count",
        "idle",
        "over",
        "recording",
        "_n",
        "_history",
        "_events",
        "_wild_on_wild",
        "_legal",
        "_moves",
        "_views",
        "_seen",  # the position's first view (see `observation`)
        "_replayable",
        "_place",
        "_limit",  # options.turn_limit, read at every turn's end
    )

    options: SkipBoOptions

    def _begin(self) -> None:
        self._seen: Observation | None = None
        o, seed = self.options, self.seed
        n = self._n = o.players
        self._limit = o.turn_limit
        self._wild_on_wild = o.edition_1980
        self.sides = o.sides
        self.side_of = [0] * n
        for s, side in enumerate(self.sides):
            for p in side:
                self.side_of[p] = s
        # The stocks and discard piles a seat may play from: its own, then its partner's.
        self.sources = [self.sides[self.side_of[p]] if o.partners else (p,) for p in range(n)]
        for p in range(n):
            self.sources[p] = (p, *(q for q in self.sources[p] if q != p))
        self.scores = [0] * len(self.sides)  # match points per side
        self.games: list[GameRecord] = []
        self.won_by: tuple[int, ...] = ()  # winners(): the match's (or single game's), once over
        self.over = False
        self.cards_played = [0] * n  # to building piles, over the match (self-play's figures)
        self.turns_taken = [0] * n
        self.game_index = -1
        self.starter = 0
        self._deal(0)
        # What a view held across an action keeps of its place in the game, with its `_at`:
        # made once (see Observation._then).
        self._place = (type(self), o, seed, self._history)

    # ---- deals and turns ------------------------------------------------------------------------

    def _deal(self, starter: int) -> None:
        self.game_index += 1
        o, n = self.options, self._n
        cards = shuffled(deck(o.wilds), make_rng(self.seed, "deal", self.game_index))
        size = o.stock_size
        self.stocks: list[list[int]] = [cards[p * size : (p + 1) * size] for p in range(n)]
        self.draw: list[int] = cards[n * size :]  # the top is the end
        self.set_aside: list[int] = []
        self.build: list[list[int]] = [[] for _ in range(BUILDS)]
        self.discards: list[list[list[int]]] = [[[] for _ in range(DISCARDS)] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.hand_bits = [0] * n  # the numbers in each hand, as bits (see `bits`)
        self.reshuffles = 0
        self.idle = 0  # turns in a row without a build, the draw and set-aside piles empty
        self.turn_count = 0  # turns begun in this game
        self.starter = starter
        self.refresh_tops()
        if self.recording:
            tops = tuple(s[-1] for s in self.stocks)
            self._events.append(ev.GameDealt(self.game_index, starter, size, tops))
        self._begin_turn(starter)

    def refresh_tops(self) -> None:
        """Work out again the small figures every view hands out at once: each building pile's
        need (and, per number, the piles it fits) and whether it takes a wild, each stock's top
        and each discard pile's top, and the bits of the needs, of each row of discard tops and
        of each hand.
        Play keeps them up to date where it changes a pile; whoever sets piles by hand (a
        sampled world) calls this."""
        build, wow = self.build, self._wild_on_wild
        self.needs_now = tuple([len(p) + 1 for p in build])
        self.needs_bits_now = bits(self.needs_now)
        self.wild_ok_now = tuple([wow or not p or p[-1] != WILD for p in build])
        self.fits_now = _fits(self.needs_now, self.wild_ok_now)  # per card, the piles it fits
        self.stock_tops_now = tuple([s[-1] if s else None for s in self.stocks])
        self.discard_tops_now = tuple([_tops(piles) for piles in self.discards])
        self.discard_bits_now = tuple(map(bits, self.discard_tops_now))
        self.hand_bits = list(map(bits, self.hands))

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.played = 0  # cards this turn put on building piles
        self.turn_count += 1
        self.turns_taken[seat] += 1
        self._fill(seat, False)

    def _fill(self, seat: int, refill: bool) -> None:
        """Draw up to a full hand, reshuffling the set-aside piles when the draw pile runs out."""
        hand = self.hands[seat]
        want = HAND - len(hand)
        draw = self.draw
        if 0 < want <= len(draw):  # as it mostly is: the draw pile holds enough
            drawn = draw[-want:]
            del draw[-want:]
        else:
            drawn = []
            while want > 0:
                if not draw:
                    if not self.set_aside:
                        break
                    self._reshuffle()
                    draw = self.draw
                take = draw[-want:]
                del draw[-want:]
                drawn += take
                want -= len(take)
        if drawn:
            hand += drawn
            hand.sort()
            held = self.hand_bits[seat]
            for c in drawn:
                held |= _BIT[c]
            self.hand_bits[seat] = held
            if self.recording:
                self._events.append(ev.CardsDrawn(seat, len(drawn), tuple(sorted(drawn)), refill))

    def _reshuffle(self) -> None:
        rng = make_rng(self.seed, "reshuffle", self.game_index, self.reshuffles)
        self.reshuffles += 1
        self.draw = shuffled(self.set_aside, rng)
        self.set_aside = []
        if self.recording:
            self._events.append(ev.Reshuffled(len(self.draw)))

    def _end_turn(self, seat: int) -> None:
        if self.played or self.draw or self.set_aside:
            self.idle = 0
        else:
            self.idle += 1
        limit = self._limit
        if self.idle >= self._n:
            self._stalemate("stalemate")
        elif limit and self.turn_count >= limit:
            self._stalemate("limit")
        else:  # self._begin_turn(the next seat), inlined, and its draw when the pile holds it
            seat += 1
            if seat == self._n:
                seat = 0
            self.turn = seat
            self.played = 0
            self.turn_count += 1
            self.turns_taken[seat] += 1
            hand = self.hands[seat]
            want = HAND - len(hand)
            draw = self.draw
            if 0 < want <= len(draw) and not self.recording:  # self._fill(seat, False)
                drawn = draw[-want:]
                del draw[-want:]
                hand += drawn
                hand.sort()
                held = self.hand_bits[seat]
                for c in drawn:
                    held |= _BIT[c]
                self.hand_bits[seat] = held
            else:
                self._fill(seat, False)

    # ---- the ends of games and of the match -------------------------------------------------------

    def _stalemate(self, by: str) -> None:
        """Nobody can move (or the turn limit): the fewest stock cards wins, a tie shares it."""
        left = [sum(len(self.stocks[p]) for p in side) for side in self.sides]
        fewest = min(left)
        self._end_game([s for s, k in enumerate(left) if k == fewest], by)

    def _end_game(self, sides: list[int], by: str) -> None:
        o = self.options
        winners = tuple(sorted(p for s in sides for p in self.sides[s]))
        points = 0
        if o.match_to:
            others = sum(len(self.stocks[p]) for p in range(self._n) if p not in winners)
            points = 25 + 5 * others
            for s in sides:
                self.scores[s] += points
        stocks_left = tuple(map(len, self.stocks))
        self.games.append(
            GameRecord(
                self.game_index, self.starter, winners, by, points, stocks_left, self.turn_count
            )
        )
        if self.recording:
            scores = tuple(self.scores[self.side_of[p]] for p in range(self._n))
            self._events.append(
                ev.GameWon(self.game_index, winners, points, by, stocks_left, scores)
            )
        if not o.match_to:
            self._finish(winners)
            return
        best = max(self.scores)
        if best >= o.match_to:
            champions = [s for s, v in enumerate(self.scores) if v == best]
            self._finish(tuple(sorted(p for s in champions for p in self.sides[s])))
        else:
            self._deal((self.starter + 1) % self._n)

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.won_by = winners
        self.over = True
        if self.recording and self.options.match_to:
            scores = tuple(self.scores[self.side_of[p]] for p in range(self._n))
            self._events.append(ev.MatchWon(winners, scores))

    # ---- the rules of a play ----------------------------------------------------------------------

    # ---- the shared interface ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    def legal_actions(self) -> LegalActions[str]:
        """GameState.legal_actions as the lazy sequence (`lazy_legal_actions`): nothing is
        listed until it is read, so a bot that names its action from its view (build-first)
        never pays for the list, and `in` asks the one-action check. Read, it lists the
        position's tuple once (`_kept_legal`), which apply_action's check then trusts."""
        legal: LegalActions[str] = _new_view(LegalActions)  # lazy_legal_actions(), inlined
        legal._state = self
        legal._at = self._moves
        return legal

    def _kept_legal(self) -> tuple[str, ...]:
        kept = self._legal
        if kept is None:
            kept = self._legal = self._listed()
        return kept  # type: ignore[return-value]

    def _listed(self) -> tuple[str, ...]:
        """This position's legal actions, from the figures play keeps (see refresh_tops), in
        the order the piles are listed: each stock top, each discard top, then the hand's
        numbers and wilds pile by pile, then its discards (or "END")."""
        if self.over:
            return ()
        seat = self.turn
        fits = self.fits_now  # per card, the set of piles it goes on
        if fits is None:  # (a play to a building pile lets it go)
            fits = self.fits_now = _fits(self.needs_now, self.wild_ok_now)
        wilds_to = fits[WILD]
        sources = self.sources[seat]
        stock_tops = self.stock_tops_now
        plays: tuple[str, ...] = ()  # tables' tuples, joined (most positions have none or one)
        for p in sources:
            c = stock_tops[p]
            if c is not None and fits[c]:
                plays += _STOCK_SETS[p][fits[c]]
        wanted, rows = self.needs_bits_now, self.discard_bits_now
        for p in sources:
            tops = self.discard_tops_now[p]
            if not rows[p] & wanted and (not wilds_to or WILD not in tops):
                continue  # no top fits a pile
            sets = _DISCARD_SETS[p]
            c0, c1, c2, c3 = tops  # pile by pile (DISCARDS is 4)
            if c0 is not None and fits[c0]:
                plays += sets[0][fits[c0]]
            if c1 is not None and fits[c1]:
                plays += sets[1][fits[c1]]
            if c2 is not None and fits[c2]:
                plays += sets[2][fits[c2]]
            if c3 is not None and fits[c3]:
                plays += sets[3][fits[c3]]
        hand = self.hands[seat]
        if not hand:
            return (*plays, "END")
        held = self.hand_bits[seat]
        wild = WILD in hand
        if not wild:
            wilds_to = 0
        fit = held & wanted  # the hand's numbers that fit a pile
        if not fit & (fit - 1):  # one, or none: its plays and the wilds' from one table
            if fit:
                card = _NUMBER_OF[fit]
                plays += _HAND_SETS[card][fits[card]][wilds_to]
            elif wilds_to:
                plays += _HAND_SETS[0][0][wilds_to]
        else:
            hp = HAND_PLAYS
            more: list[str] = []
            for i, need in enumerate(self.needs_now):  # pile by pile: its number, then a wild
                if held >> need & 1:
                    more.append(hp[need][i])
                if wilds_to >> i & 1:
                    more.append(hp[WILD][i])
            plays += tuple(more)
        return plays + _DISCARDS[held | wild]  # (a wild's bit is bit 0)

    def _legal_actions(self) -> tuple[str, ...]:
        return self._kept_legal()

    def _is_legal(self, action: str) -> bool:
        if self.over:
            return False
        kind, a, b, c = _PARSED[action]
        seat = self.turn
        hand = self.hands[seat]
        if kind == HAND_BUILD:
            return a in hand and (self.wild_ok_now[b] if a == WILD else a == self.needs_now[b])
        if kind == HAND_DISCARD:
            return a in hand
        if kind == END:
            return not hand
        if a not in self.sources[seat]:
            return False
        if kind == STOCK_BUILD:
            card, build = self.stock_tops_now[a], b
        else:
            card, build = self.discard_tops_now[a][b], c
        if card is None:
            return False
        return self.wild_ok_now[build] if card == WILD else card == self.needs_now[build]

    def illegal_message(self, action: str) -> str:
        where = f"{action!r} is not legal for seat {self.turn} (game {self.game_index + 1})"
        return f"{where}: {self.refusal(action)}"

    def refusal(self, action: str) -> str | None:
        """Why `action` may not be made now, said to the seat to act in a player's words, the
        piles named as the table names them ("building pile C", "discard pile 2"); None when
        it is legal. Exactly the actions `legal_actions` lists get None."""
        parsed = _PARSED.get(action) if isinstance(action, str) else None
        if parsed is None:
            source = action.split(">", 1) if isinstance(action, str) else []
            if len(source) == 2 and source[0][:1] in "SD" and source[1][:1] == "D":
                return "Only a card from your hand can be discarded."
            return "That is not a move in Skip-Bo."
        if self.over:
            return "The game is over."
        kind, a, b, c = parsed
        seat = self.turn
        hand = self.hands[seat]
        if kind == END:
            return None if not hand else "End your turn by discarding a card from your hand."
        if kind in (HAND_BUILD, HAND_DISCARD):
            if a not in hand:
                return f"You have no {'SKIP-BO card' if a == WILD else a} in your hand."
            return None if kind == HAND_DISCARD else self._build_refusal(a, b)
        if a not in self.sources[seat]:
            own = "your own and your partner's" if self.options.partners else "your own"
            return f"You play only from {own} stock and discard piles."
        if kind == STOCK_BUILD:
            card, build = self.stock_tops_now[a], b
            if card is None:
                return "That stock is empty."
        else:
            card, build = self.discard_tops_now[a][b], c
            if card is None:
                return f"Discard pile {b + 1} is empty."
        return self._build_refusal(card, build)

    def _build_refusal(self, card: int, build: int) -> str | None:
        """Why `card` may not go on building pile `build` now (None: it may)."""
        name = f"Building pile {BUILD_NAMES[build]}"
        if card == WILD and not self.wild_ok_now[build]:
            return f"{name}: a SKIP-BO card never goes on another one."
        if card == WILD:
            return None
        need = self.needs_now[build]
        return None if card == need else f"{name} needs {words.card_name(need)}."

    def _apply(self, action: str) -> None:
        try:
            kind, a, b, c = _PARSED[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not an action of Skip-Bo") from None
        self._play(action, kind, a, b, c)

    def _play(self, action: str, kind: int, a: int, b: int, c: int) -> None:
        """`_apply` of an action already parsed (`_PARSED[action]`)."""
        seat = self.turn
        self._history.append(action)
        # A play to building pile i, from the hand, a stock or a discard pile (written once,
        # here: every play of every game comes through it), the commonest first.
        if kind == HAND_BUILD:
            card, i = a, b
            hand = self.hands[seat]
            hand.remove(a)
            if a not in hand:
                self.hand_bits[seat] &= _CLEAR[a]
        elif kind == STOCK_BUILD:
            i = b
            stock = self.stocks[a]
            card = stock.pop()
            tops = [*self.stock_tops_now]
            tops[a] = stock[-1] if stock else None
            self.stock_tops_now = tuple(tops)
        elif kind == HAND_DISCARD:
            hand = self.hands[seat]
            hand.remove(a)
            if a not in hand:
                self.hand_bits[seat] &= _CLEAR[a]
            self.discards[seat][b].append(a)
            self._new_discard_top(seat, b, a)
            if self.recording:
                self._events.append(ev.Discarded(seat, a, b))
            self._end_turn(seat)
            return
        elif kind == DISCARD_BUILD:
            i = c
            pile = self.discards[a][b]
            card = pile.pop()
            self._new_discard_top(a, b, pile[-1] if pile else None)
        else:  # END
            if self.recording:
                self._events.append(ev.TurnPassed(seat))
            self._end_turn(seat)
            return
        build = self.build[i]
        build.append(card)
        self.played += 1
        self.cards_played[seat] += 1
        old = value = len(build)  # the pile's need was its place: it now needs value + 1
        if self.recording:
            self._record_play(seat, kind, a, b, card, i, value)
        if value == TOP:
            self.set_aside += build
            self.build[i] = []
            if self.recording:
                self._events.append(ev.PileCompleted(i))
            value = 0
        n0, n1, n2, n3 = self.needs_now  # one pile's need changes (BUILDS is 4)
        new = value + 1
        if i == 0:
            needs = self.needs_now = (new, n1, n2, n3)
        elif i == 1:
            needs = self.needs_now = (n0, new, n2, n3)
        elif i == 2:
            needs = self.needs_now = (n0, n1, new, n3)
        else:
            needs = self.needs_now = (n0, n1, n2, new)
        wanted = self.needs_bits_now
        if old not in needs:  # no other pile needs it
            wanted ^= 1 << old
        self.needs_bits_now = wanted | 1 << new
        self.fits_now = None  # worked out again if the legal list is read (`_listed`)
        ok = self.wild_ok_now
        if card == WILD or not ok[i]:  # else the pile took a number and still takes a wild
            takes_wild = self._wild_on_wild or value == 0 or card != WILD
            if ok[i] != takes_wild:
                changed = [*ok]
                changed[i] = takes_wild
                self.wild_ok_now = tuple(changed)
        if kind == HAND_BUILD:
            if not self.hands[seat]:  # the whole hand played: five more at once
                self._fill(seat, True)
        elif kind == STOCK_BUILD and not self.stocks[a]:
            side = self.side_of[a]
            if not any(self.stocks[p] for p in self.sides[side]):
                self._end_game([side], "stock")

    def _record_play(
        self, seat: int, kind: int, a: int, b: int, card: int, i: int, value: int
    ) -> None:
        """The event of a play to building pile i (someone listens)."""
        if kind == HAND_BUILD:
            owner, source = seat, "hand"
        else:
            owner, source = a, "stock" if kind == STOCK_BUILD else "discard"
        stock = self.stocks[owner]
        top = stock[-1] if stock and kind == STOCK_BUILD else None
        left = len(stock) if kind == STOCK_BUILD else 0
        at = b if kind == DISCARD_BUILD else -1
        self._events.append(ev.CardPlayed(seat, source, owner, at, card, i, value, left, top))

    def _new_discard_top(self, seat: int, pile: int, top: int | None) -> None:
        r0, r1, r2, r3 = self.discard_tops_now[seat]  # pile `pile` now shows `top` (DISCARDS is 4)
        if pile == 0:
            r0 = top
        elif pile == 1:
            r1 = top
        elif pile == 2:
            r2 = top
        else:
            r3 = top
        tops = list(self.discard_tops_now)
        tops[seat] = (r0, r1, r2, r3)
        self.discard_tops_now = tuple(tops)
        masks = list(self.discard_bits_now)
        bit = _TOP_BIT
        masks[seat] = bit[r0] | bit[r1] | bit[r2] | bit[r3]
        self.discard_bits_now = tuple(masks)

    def is_terminal(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        """The seats that won (a pair, or those sharing a tie); [] before the end."""
        return list(self.won_by)

    def returns(self) -> list[float]:
        """Each winner's share of the win (a pair both 1 unless sides tie); all 0 before the end."""
        if not self.over:
            return [0.0] * self._n
        sides = len({self.side_of[p] for p in self.won_by})
        return [1.0 / sides if p in self.won_by else 0.0 for p in range(self._n)]

    def clone(self) -> SkipBoState:
        new = self._shallow_copy()  # the dict's fields; the slots' below
        for name in self._SLOTS:
            setattr(new, name, getattr(self, name))
        new._views = None
        new._replayable = False
        new._seen = None
        new.stocks = [s[:] for s in self.stocks]
        new.hands = [h[:] for h in self.hands]
        new.hand_bits = self.hand_bits[:]
        new.build = [b[:] for b in self.build]
        new.discards = [[d[:] for d in piles] for piles in self.discards]
        new.draw = self.draw[:]
        new.set_aside = self.set_aside[:]
        for name in ("scores", "games", "_history", "_events", "cards_played", "turns_taken"):
            setattr(new, name, list(getattr(self, name)))
        return new

    def event_words(self, event: Any, viewer: int | None, names: Sequence[str]) -> str:
        return words.event_words(event, names, self.options)

    def position(self, viewer: int | None = None) -> str:
        """This position as text: see cards/skip_bo/position.py."""
        return write_position(self, viewer)

    @classmethod
    def from_position(cls, text: str, rng: random.Random | None = None) -> SkipBoState:
        """The game at a position text (cards/skip_bo/position.py)."""
        return read_position(cls, text, rng)

    @classmethod
    def from_view(cls, view: Observation, rng: random.Random) -> SkipBoState:
        """A game at this moment with every hidden card dealt at random from those `view`'s
        seat has not seen: the others' hands, the stocks under their tops, the draw and
        set-aside piles (for the strong bot's rollouts)."""
        obs = view
        unseen = Counter(deck(obs.options.wilds))
        seen: list[int] = list(obs.hand)
        for piles in obs.discards:
            for pile in piles:
                seen += pile
        for pile in obs.build:
            seen += pile
        seen += [t for t in obs.stock_tops if t is not None]
        unseen.subtract(seen)
        cards = shuffled(unseen.elements(), rng)
        state = cls(obs.options, 0)
        state._replayable = False  # set by hand below: its actions alone do not rebuild it
        me = obs.player
        for q in range(obs.num_players):
            size, top = obs.stock_sizes[q], obs.stock_tops[q]
            state.stocks[q] = (
                [cards.pop() for _ in range(size - 1)] + [top] if top is not None else []
            )
            hand = list(obs.hand) if q == me else [cards.pop() for _ in range(obs.hand_sizes[q])]
            state.hands[q] = sorted(hand)
            state.discards[q] = [list(pile) for pile in obs.discards[q]]
        state.build = [list(pile) for pile in obs.build]
        state.draw = [cards.pop() for _ in range(obs.draw_size)]
        state.set_aside = cards  # what is left: the set-aside piles' cards
        state.refresh_tops()
        over = obs.current_player == TERMINAL
        state.turn = me if over else obs.current_player  # a table's copy: anyone's turn
        state.played, state.idle = obs.played, obs.idle
        state.turn_count, state.game_index = obs.turn_count, obs.game_index
        state.starter = obs.starter
        state.scores, state.games = list(obs.scores), list(obs.games)  # the score sheet
        state.over, state.won_by = over, tuple(obs.winners)
        state._legal = None
        return state

    def observation(self, player: int) -> Observation:
        if self._seen is not None or self._views is not None or not self._replayable:
            view = self.glance(player)
            self._hold(view)
            return view
        if player < 0:
            raise ValueError(f"no seat {player}")
        try:
            sources = self.sources[player]
        except IndexError:
            raise ValueError(f"no seat {player}") from None
        # The position's first view (an engine user's every decision asks for one): the glance,
        # inlined, with its place in the game (its `_at` first actions of these) that it is
        # rebuilt from if read after the state has moved on; held here, and let go of the
        # state in apply_action.
        view = self._seen = _new_view(Observation)
        d = view.__dict__
        d["player"] = player
        d["_state"] = self
        d["_at"] = self._moves
        d["_past"] = self._place
        d["at_a_glance"] = (  # see AtAGlance
            player,
            sources,
            self.needs_now,
            self.needs_bits_now,
            self.wild_ok_now,
            self.stock_tops_now,
            self.discard_tops_now,
            self.discard_bits_now,
            tuple(self.hands[player]),
            self.hand_bits[player],
        )
        return view

    def apply_action(self, action: str) -> None:
        """GameState.apply_action, with the position's first view held in one slot (`_seen`)
        rather than by a weak reference (an engine user's every decision holds one), and the
        action parsed once for its check and its play: the one-action check (`_is_legal`) is
        written out here on the parsed action (tests/test_skip_bo_check.py holds the two
        alike)."""
        try:
            kind, a, b, c = _PARSED[action]
        except (KeyError, TypeError):
            raise IllegalActionError(self.illegal_message(action)) from None
        kept = self._legal
        if kept is not None:  # the position's list, read by the caller
            if action not in kept:
                raise IllegalActionError(self.illegal_message(action))
            self._legal = None
        else:  # as mostly (legal_actions() is lazy): the one-action check, `_is_legal`'s
            seat = self.turn
            if self.over:
                legal = False
            elif kind == HAND_BUILD:
                legal = a in self.hands[seat] and (
                    self.wild_ok_now[b] if a == WILD else a == self.needs_now[b]
                )
            elif kind == HAND_DISCARD:
                legal = a in self.hands[seat]
            elif kind == END:
                legal = not self.hands[seat]
            elif a not in self.sources[seat]:
                legal = False
            else:
                if kind == STOCK_BUILD:
                    card, build = self.stock_tops_now[a], b
                else:
                    card, build = self.discard_tops_now[a][b], c
                legal = card is not None and (
                    self.wild_ok_now[build] if card == WILD else card == self.needs_now[build]
                )
            if not legal:
                raise IllegalActionError(self.illegal_message(action))
        seen = self._seen
        if seen is not None:  # the position's first view, which knows its place: let go
            self._seen = None
            seen.__dict__["_state"] = None
        if self._views is not None:
            self._let_go(None)
        self._moves += 1
        self._play(action, kind, a, b, c)

    def apply_unchecked(self, action: str) -> None:
        try:
            kind, a, b, c = _PARSED[action]
        except (KeyError, TypeError):
            raise IllegalActionError(f"{action!r} is not an action of Skip-Bo") from None
        self._legal = None
        if self._seen is not None or self._views is not None:
            seen, self._seen = self._seen, None
            self._let_go(seen)
        self._moves += 1
        self._play(action, kind, a, b, c)

    def _let_go(self, seen: Observation | None) -> None:
        """GameState._freeze_views for the views held (`seen` and the weakly held ones): all
        of one position share its place in the game."""
        views = [] if seen is None else [seen]
        for ref in self._views or ():
            view = ref()
            if view is not None:
                views.append(view)
        self._views = None
        if not self._replayable:
            for view in views:
                view._freeze()
            return
        history = self._history
        past = [type(self), self.options, self.seed, history, len(history), self.recording, None]
        for view in views:
            d = view.__dict__
            d["_past"] = past
            d["_state"] = None

    def play_bots(
        self, bots: Sequence[Any], unlisted: Sequence[bool], blind: Sequence[bool] = ()
    ) -> SkipBoState:
        """GameState.play_bots, reading whose turn it is from the state's own fields and with
        each seat's bot and legal list looked up once: the loop of self-play, the ladder and
        the benchmark (a Skip-Bo game is some 350 actions; this is 6 % quicker than the
        generic loop). Every choice still goes through apply_action's check."""
        if len(bots) != self._n:
            raise RuntimeError(f"{len(bots)} bots for {self._n} seats")
        glance, apply = self.glance, self.apply_action
        acts = [bot.act for bot in bots]
        legal = [self.lazy_legal_actions if u else self.legal_actions for u in unlisted]
        draws = [uniform_draw(bot) for bot in bots]
        if any(draws):  # a RandomBot's choice made here, from its own draw (see uniform_draw)
            looks = [no_view if blind and blind[p] else glance for p in range(self._n)]
            listed = self._listed
            while not self.over:
                seat = self.turn
                draw = draws[seat]
                if draw is None:
                    apply(acts[seat](looks[seat](seat), legal[seat]()))
                    continue
                kept = self._legal
                if kept is None:
                    kept = self._legal = listed()  # kept, with no list made for the caller
                if not kept:
                    raise ValueError("pick from an empty sequence")
                action = kept[int(draw() * len(kept))]
                if self._seen is not None or self._views is not None:
                    apply(action)  # a view to let go of: apply_action's own way
                    continue
                self._legal = None  # apply_action(action), inlined: taken from the list
                self._moves += 1
                kind, a, b, c = _PARSED[action]
                self._play(action, kind, a, b, c)
            return self
        if blind and all(blind):  # no bot looks (random ones): none is handed a view
            while not self.over:
                seat = self.turn
                apply(acts[seat](None, legal[seat]()))
            return self
        if blind and any(blind):  # a bot that never looks is handed no view
            looks = [no_view if b else glance for b in blind]
            while not self.over:
                seat = self.turn
                apply(acts[seat](looks[seat](seat), legal[seat]()))
            return self
        while not self.over:
            seat = self.turn
            apply(acts[seat](glance(seat), legal[seat]()))
        return self

    def glance(self, player: int) -> Observation:
        if not 0 <= player < self._n:
            raise ValueError(f"no seat {player}")
        # Made without a call to __init__: every decision of self-play and of the strong
        # player's rollouts makes one, with the figures every decision reads filled in.
        view = _new_view(Observation)
        d = view.__dict__
        d["player"] = player
        d["_state"] = self
        d["_at"] = self._moves
        d["at_a_glance"] = (  # see AtAGlance
            player,
            self.sources[player],
            self.needs_now,
            self.needs_bits_now,
            self.wild_ok_now,
            self.stock_tops_now,
            self.discard_tops_now,
            self.discard_bits_now,
            tuple(self.hands[player]),
            self.hand_bits[player],
        )
        return view

    # ---- figures the table and the bots read --------------------------------------------------

    def needs(self) -> tuple[int, ...]:
        """The number each building pile takes next (1 on an empty pile)."""
        return self.needs_now

    def card_count(self) -> int:
        """Every card of the deal, wherever it lies (the fuzz checks it never changes)."""
        return (
            len(self.draw)
            + len(self.set_aside)
            + sum(map(len, self.build))
            + sum(map(len, self.stocks))
            + sum(map(len, self.hands))
            + sum(len(d) for piles in self.discards for d in piles)
        )


AtAGlance = tuple[
    int,  # the player
    tuple[int, ...],  # sources: the seats whose stock and discards it plays from
    tuple[int, ...],  # needs: the number each building pile takes next
    int,  # needs_bits: the needs as bits (bit n: the number n)
    tuple[bool, ...],  # wild_ok: whether each building pile takes a wild now
    tuple[int | None, ...],  # stock_tops: per seat (None: an empty stock)
    tuple[tuple[int | None, ...], ...],  # discard_tops: per seat, its four piles' tops
    tuple[int, ...],  # discard_bits: per seat, the numbers on its discard tops as bits
    tuple[int, ...],  # hand: one's own, sorted
    int,  # hand_bits: the numbers in one's hand as bits (wilds not counted)
]
"""The fields of an Observation that every decision reads, in this order, in one tuple: a
bot unpacks it in one read (a view's fields are read through its dict, one by one)."""


class Observation(SeatView):
    """What one seat sees at a real table: every stock's top and size, every discard pile whole
    (they lie face up), the building piles, the draw pile's size, and its own hand only."""

    options: SkipBoOptions  # (SeatView reads it; typed here for the bots)

    def _then(self, name: str) -> Any:
        """View._then, for a view let go by apply_action's quick path too: it keeps the
        state's place (`_place`: its class, options, seed and action list), and the view's own
        `_at` says how many of those actions were applied when it was made."""
        d = self.__dict__
        place = d.get("_past")
        if type(place) is tuple:
            kind, options, seed, actions = place
            place = d["_past"] = [kind, options, seed, actions, d["_at"], False, None]
        return super()._then(name)

    @observed
    def at_a_glance(self, s: SkipBoState) -> AtAGlance:
        """The fields every decision reads, in one tuple (see `AtAGlance`; a glance fills it
        in from the state's own figures as it is made)."""
        return (
            self.player,
            self.sources,
            self.needs,
            self.needs_bits,
            self.wild_ok,
            self.stock_tops,
            self.discard_tops,
            self.discard_bits,
            self.hand,
            self.hand_bits,
        )

    @observed
    def hand(self, s: SkipBoState) -> tuple[int, ...]:
        return tuple(s.hands[self.player])

    @observed
    def hand_bits(self, s: SkipBoState) -> int:
        """The numbers in one's own hand as bits (bit n: the number n; wilds not counted)."""
        return s.hand_bits[self.player]

    @observed
    def needs_bits(self, s: SkipBoState) -> int:
        """The building piles' needs as bits."""
        return s.needs_bits_now

    @observed
    def discard_bits(self, s: SkipBoState) -> tuple[int, ...]:
        """Per seat, the numbers on top of its discard piles as bits (wilds not counted)."""
        return s.discard_bits_now

    @observed
    def hand_sizes(self, s: SkipBoState) -> tuple[int, ...]:
        return tuple(map(len, s.hands))

    @observed
    def stock_tops(self, s: SkipBoState) -> tuple[int | None, ...]:
        return s.stock_tops_now

    @observed
    def stock_sizes(self, s: SkipBoState) -> tuple[int, ...]:
        return tuple(map(len, s.stocks))

    @observed
    def discards(self, s: SkipBoState) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per seat, its four discard piles, bottom first."""
        return tuple(tuple(map(tuple, piles)) for piles in s.discards)

    @observed
    def build(self, s: SkipBoState) -> tuple[tuple[int, ...], ...]:
        """The four building piles, bottom first (a wild as played: it counts as its place)."""
        return tuple(map(tuple, s.build))

    @observed
    def needs(self, s: SkipBoState) -> tuple[int, ...]:
        """The number each building pile takes next (1 on an empty pile)."""
        return s.needs_now

    @observed
    def wild_ok(self, s: SkipBoState) -> tuple[bool, ...]:
        """Whether each building pile takes a SKIP-BO card now (not on a wild, this edition)."""
        return s.wild_ok_now

    @observed
    def discard_tops(self, s: SkipBoState) -> tuple[tuple[int | None, ...], ...]:
        """Per seat, the top card of each of its four discard piles (None: empty)."""
        return s.discard_tops_now

    @observed
    def draw_size(self, s: SkipBoState) -> int:
        return len(s.draw)

    @observed
    def set_aside_size(self, s: SkipBoState) -> int:
        return len(s.set_aside)

    @observed
    def played(self, s: SkipBoState) -> int:
        """Cards the player to act has put on building piles this turn."""
        return s.played

    @observed
    def sources(self, s: SkipBoState) -> tuple[int, ...]:
        """The seats whose stock and discards this player may play from (self, then partner)."""
        return s.sources[self.player]

    @observed
    def sides(self, s: SkipBoState) -> tuple[tuple[int, ...], ...]:
        return s.sides

    @observed
    def scores(self, s: SkipBoState) -> tuple[int, ...]:
        """Match points per side (all 0 when games are not scored)."""
        return tuple(s.scores)

    @observed
    def game_index(self, s: SkipBoState) -> int:
        return s.game_index

    @observed
    def starter(self, s: SkipBoState) -> int:
        return s.starter

    @observed
    def turn_count(self, s: SkipBoState) -> int:
        return s.turn_count

    @observed
    def idle(self, s: SkipBoState) -> int:
        """Turns in a row without a build since the draw and set-aside piles ran dry."""
        return s.idle

    @observed
    def games(self, s: SkipBoState) -> tuple[GameRecord, ...]:
        return tuple(s.games)

    @observed
    def winners(self, s: SkipBoState) -> tuple[int, ...]:
        return s.won_by


__all__ = [
    "BUILDS",
    "DISCARDS",
    "DISCARDS_TO",
    "DISCARD_PLAYS",
    "HAND_PLAYS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "STOCK_PLAYS",
    "GameRecord",
    "Observation",
    "SkipBoState",
    "parse",
]
