"""Skip-Bo positions as text (cards/position.py has the shared conventions):

    skip-bo rules=players:2,stock:10 view=0 game=0 starter=0 turn=0 turns=7 played=0 idle=0 hands=2,5,5,9,10/?4 stocks=?9,9/?9,7 discards=4:-:3:8/9:7:-:6 build=-:-:-:- draw=?127 set_aside=- scores=0,0 games=-

(seat 0's view; a full position has `seed=` and `reshuffles=` and every card).

A card is `W` (a SKIP-BO card) or its number. Piles are written bottom first, so a pile's top is
its last card: a stock's face-up top, a discard pile's top, the draw pile's next card.
- `reshuffles`: how often this game's set-aside piles were shuffled into a new draw pile (the
  next shuffle is drawn from the seed and this count); `game`: the game of the match (from 0);
  `starter`: who began it; `turn`: the seat to act (`-` once it is over); `turns`: turns begun in
  this game; `played`: cards the seat to act has built this turn; `idle`: turns in a row without
  a build since the draw and set-aside piles ran dry (the stalemate ruling).
- `hands`, `stocks`: per seat (`/`), cards by `,`; `discards`: per seat, its four piles by `:`;
  `build`: the four building piles by `:`; `draw`, `set_aside`: cards by `,`. A position
  written by hand may say `draw=rest`: every card not placed elsewhere, highest first (so the
  lowest are drawn first).
- `scores`: match points per side; `games`: the match's finished games, each
  `game:starter:winners:by:points:stocks:turns` with the winners' seats and the stocks left per
  seat joined by `.` (`0:0:1:stock:55:6.0:41`).
A seat's view (`view=SEAT`) writes `?N` for the N cards it cannot see: the other hands, every
stock under its top, the draw and set-aside piles (and leaves out the seed and `reshuffles`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from cards.engine import make_rng
from cards.position import (
    NONE,
    Fields,
    PositionError,
    fail,
    game_key,
    head,
    hidden,
    hidden_count,
    ints,
    items,
    per_seat,
    read_ints,
    read_items,
    read_per_seat,
    read_rules,
    require,
    seed_or_view,
    settle,
    write,
)
from cards.skip_bo.cards import TOP, WILD, code, deck, from_code
from cards.skip_bo.options import HAND, SkipBoOptions
from cards.skip_bo.records import GameRecord

if TYPE_CHECKING:
    from cards.skip_bo.state import SkipBoState

_HIDDEN = -1  # a card the viewer cannot see, while a view's position is read
REST = "rest"  # draw=rest: the cards not placed elsewhere (a position written by hand)


def _cards(cards: list[int]) -> str:
    return items(map(code, cards))


def _seen_cards(cards: list[int], shown: int) -> str:
    """`cards` with all but the last `shown` hidden (`?N`)."""
    under = len(cards) - shown
    if under <= 0:
        return _cards(cards)
    return items([hidden(under), *map(code, cards[under:])])


def _piles(piles: list[list[int]]) -> str:
    return ":".join(_cards(p) for p in piles)


def _record(g: GameRecord) -> str:
    winners = ".".join(map(str, g.winners))
    stocks = ".".join(map(str, g.stocks_left))
    return f"{g.game_index}:{g.starter}:{winners}:{g.by}:{g.points}:{stocks}:{g.turns}"


def write_position(state: SkipBoState, viewer: int | None) -> str:
    n = state.num_players
    full = viewer is None
    hands = [
        _cards(h) if full or p == viewer else _seen_cards(h, 0) for p, h in enumerate(state.hands)
    ]
    stocks = [_cards(s) if full else _seen_cards(s, 1) for s in state.stocks]
    pairs = [*head(state, viewer)]
    if full:
        pairs.append(("reshuffles", str(state.reshuffles)))
    pairs += [
        ("game", str(state.game_index)),
        ("starter", str(state.starter)),
        ("turn", NONE if state.over else str(state.turn)),
        ("turns", str(state.turn_count)),
        ("played", str(state.played)),
        ("idle", str(state.idle)),
        ("hands", per_seat(hands)),
        ("stocks", per_seat(stocks)),
        ("discards", per_seat(_piles(state.discards[p]) for p in range(n))),
        ("build", _piles(state.build)),
        ("draw", _cards(state.draw) if full else _seen_cards(state.draw, 0)),
        ("set_aside", _cards(state.set_aside) if full else _seen_cards(state.set_aside, 0)),
        ("scores", ints(state.scores)),
        ("games", items(map(_record, state.games))),
    ]
    return write(game_key(type(state)), pairs)


def _card(text: str) -> int:
    return from_code(text)


def _read_cards(name: str, text: str, view: bool) -> list[int]:
    """A list of cards; in a view, `?N` stands for N hidden ones."""
    out: list[int] = []
    for item in read_items(name, text, str):
        count = hidden_count(name, item)
        if count is None:
            out.append(_card(item))
        elif not view:
            raise fail(name, "cards (a full position hides none)", item)
        else:
            out += [_HIDDEN] * count
    return out


def _read_cards_checked(name: str, text: str, view: bool) -> list[int]:
    try:
        return _read_cards(name, text, view)
    except PositionError:
        raise
    except ValueError:
        raise fail(name, "cards: W or 1 to 12, separated by ','", text) from None


def _read_piles(name: str, text: str, count: int) -> list[list[int]]:
    parts = text.split(":")
    if len(parts) != count:
        raise fail(name, f"{count} piles separated by ':'", text)
    return [_read_cards_checked(name, part, False) for part in parts]


def _read_record(text: str) -> GameRecord:
    index, starter, winners, by, points, stocks, turns = text.split(":")
    if by not in ("stock", "stalemate", "limit"):
        raise ValueError(by)
    return GameRecord(
        int(index),
        int(starter),
        tuple(map(int, winners.split("."))),
        by,
        int(points),
        tuple(map(int, stocks.split("."))),
        int(turns),
    )


def read_position(kind: type[SkipBoState], text: str, rng: random.Random | None) -> SkipBoState:
    found = Fields(text, game_key(kind))
    options = read_rules(found, SkipBoOptions)
    n = options.players
    seed, viewer = seed_or_view(found, n)
    view = viewer is not None
    state = kind(options, seed or 0)
    state.reshuffles = 0 if view else found.int("reshuffles")
    state.game_index = found.int("game")
    state.starter = found.seat("starter", n)  # type: ignore[assignment]
    require(state.starter is not None, "starter", "a seat", "-")
    turn = found.seat("turn", n)
    state.turn_count = found.int("turns", 1)
    state.played = found.int("played")
    state.idle = found.int("idle", 0, n)
    hands = []
    for p, h in enumerate(read_per_seat("hands", found.text("hands"), n)):
        hands.append(_read_cards_checked("hands", h, view and p != viewer))
        require(len(hands[-1]) <= HAND, "hands", f"at most {HAND} cards a hand", h)
    stocks = []
    for s in read_per_seat("stocks", found.text("stocks"), n):
        stock = _read_cards_checked("stocks", s, view)
        require(_HIDDEN not in stock[-1:], "stocks", "each stock's top face up", s)
        require(
            len(stock) <= options.stock_size,
            "stocks",
            (f"at most {options.stock_size} cards a stock"),
            s,
        )
        stocks.append(stock)
    discards = [
        _read_piles("discards", d, 4) for d in read_per_seat("discards", found.text("discards"), n)
    ]
    build = _read_piles("build", found.text("build"), 4)
    for pile in build:
        _check_build(pile, options)
    draw_text = found.text("draw")
    draw = [] if draw_text == REST else _read_cards_checked("draw", draw_text, view)
    set_aside = _read_cards_checked("set_aside", found.text("set_aside"), view)
    scores = read_ints("scores", found.text("scores"), len(options.sides))
    games = read_items("games", found.text("games"), _read_record)
    found.done()
    every = [*hands, *stocks, *draw_piles(discards), *build, draw, set_aside]
    if draw_text == REST:  # (a position written by hand) the cards not placed elsewhere
        require(not view, "draw", "the cards hidden as ?N in a view", REST)
        rest = Counter(deck(options.wilds))
        rest.subtract(c for pile in every for c in pile)
        require(not -rest, "draw", "no card more often than the box holds it", REST)
        draw += sorted(rest.elements(), reverse=True)  # the top (the end) lowest
    _check_deck(options, every, view)
    if view:
        _fill_hidden(options, every)
    state.hands = [sorted(h) for h in hands]
    state.stocks, state.discards, state.build = stocks, discards, build
    state.draw, state.set_aside = draw, set_aside
    state.scores, state.games = scores, games
    state.cards_played = [0] * n  # self-play's tallies count from the position
    state.turns_taken = [0] * n
    state.refresh_tops()
    if turn is None:
        require(bool(games), "turn", "a seat while no game has ended", "-")
        last = games[-1]
        if options.match_to:
            best = max(scores)
            champions = [s for s, v in enumerate(scores) if v == best]
            state.won_by = tuple(sorted(p for s in champions for p in options.sides[s]))
        else:
            state.won_by = last.winners
        state.over = True
    else:
        state.turn, state.over, state.won_by = turn, False, ()
    settle(state)
    if not view:
        return state
    assert viewer is not None
    return settle(kind.from_view(state.observation(viewer), rng or make_rng(0, "position")))


def draw_piles(discards: list[list[list[int]]]) -> list[list[int]]:
    """Every discard pile of every seat, one list."""
    return [pile for piles in discards for pile in piles]


def _check_build(pile: list[int], options: SkipBoOptions) -> None:
    shown = _cards(pile)
    require(len(pile) < TOP, "build", f"building piles of fewer than {TOP} cards", shown)
    for place, card in enumerate(pile, 1):
        require(card in (WILD, place), "build", "piles built 1 up (a W for any number)", shown)
        if place > 1 and not options.edition_1980:
            require(
                not (card == WILD and pile[place - 2] == WILD),
                "build",
                ("no SKIP-BO card on another in this edition"),
                shown,
            )


def _check_deck(options: SkipBoOptions, piles: list[list[int]], view: bool) -> None:
    """Every card of the box once, wherever it lies (a view: no more of a card than the box
    holds, and as many cards in all)."""
    box = Counter(deck(options.wilds))
    held = Counter(c for pile in piles for c in pile)
    hidden_cards = held.pop(_HIDDEN, 0)
    extra = held - box
    if extra:
        card = next(iter(extra))
        raise PositionError(
            f"position: cards: expected at most {box[card]} of {code(card)} (the box's), "
            f"got {held[card]}"
        )
    total = sum(held.values()) + hidden_cards
    if total != options.deck_size or (not view and held != box):
        raise PositionError(
            f"position: cards: expected the box's {options.deck_size} cards in all, got {total}"
        )


def _fill_hidden(options: SkipBoOptions, piles: list[list[int]]) -> None:
    """Fill the hidden places with the cards the viewer has not seen (in the box's order: the
    world that `from_view` then deals at random is built on what the view shows)."""
    unseen = Counter(deck(options.wilds))
    unseen.subtract(c for pile in piles for c in pile if c != _HIDDEN)
    cards = sorted(unseen.elements())
    for pile in piles:
        for i, card in enumerate(pile):
            if card == _HIDDEN:
                pile[i] = cards.pop()
