"""Skull positions as text (cards/position.py has the shared conventions):

    skull rules=players:3 seed=4 round=0 starter=0 phase=reveal turn=1 bid=2 bidder=1 challenger=1 owner=- hands=10D,10H,KS/3D,KD,3S/6C,6H,6S stacks=10S/3H/KC markers=JH:5C/QD:AD/6D:JC lost=-/-/- drawn=-/-/- passed=0,2 offers=- revealed=- draw=- rounds=-

A card is its code, rank then suit (`KS`, `10H`; a King is a Skull). Piles are bottom first.
- `round`: the round (from 0); `starter`: who began it; `phase`: first, place, bid, reveal,
  discard, draw or over; `turn`: the seat to act (`-` once the game is over); `bid`: the bid
  standing (0: none yet), by `bidder`; `challenger`: the seat turning cards (`-` before the
  reveal); `owner`: whose Skull ended the reveal (`-`: none).
- `hands`, `stacks`, `lost` (cards lost for the game), per seat (`/`), cards by `,`;
  `markers`: each seat's two Win Markers `card:card`; `drawn`: per seat, the cards it drew from
  beaten Challengers, `seat:card` items.
- `passed`: the seats that passed this round; `offers`: Open Bid's seats still to be asked, in
  order; `revealed`: this round's turned cards in the order turned, `seat:card` items; `draw`:
  the Challenger's shuffled hand a Skull's owner draws from (in the draw phase).
- `rounds`: the finished rounds, each `starter:challenger:bid:outcome:owner:heights:turned`
  (outcome won, own-skull or other-skull; the stacks' heights joined by `.`; the turned cards
  `seat_card` joined by `.`). The Win Markers won and the cards shown follow from them.
A seat's view (`view=SEAT`) writes `?N` for N cards it cannot see (the other hands and lost
cards, the others' unturned cards, the draw's order) and `?` for the others' draws.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from cards.engine import make_rng
from cards.position import (
    HIDDEN,
    NONE,
    Fields,
    PositionError,
    fail,
    game_key,
    head,
    hidden,
    ints,
    items,
    number,
    per_seat,
    read_cards,
    read_ints,
    read_items,
    read_per_seat,
    read_rules,
    require,
    seed_or_view,
    settle,
    write,
)
from cards.skull.cards import deck, is_card, is_skull, sort_hand
from cards.skull.options import SkullOptions
from cards.skull.rounds import Outcome, Phase, RoundRecord
from cards.words import plural

if TYPE_CHECKING:
    from cards.skull.state import SkullState

_PHASES = ", ".join(p.value for p in Phase)


def _opt(value: int | None) -> str:
    return NONE if value is None else str(value)


def _cards(cards: list[str] | tuple[str, ...]) -> str:
    return items(cards)


def _round(r: RoundRecord) -> str:
    owner = _opt(r.skull_owner)
    heights = ".".join(map(str, r.heights))
    turned = ".".join(f"{seat}_{code}" for seat, code in r.revealed) or NONE
    return f"{r.starter}:{r.challenger}:{r.bid}:{r.outcome.value}:{owner}:{heights}:{turned}"


def write_position(state: SkullState, viewer: int | None) -> str:
    full = viewer is None
    n = state.num_players

    def mine(p: int) -> bool:
        return full or p == viewer

    stacks = []
    for p, stack in enumerate(state.stacks):
        if mine(p):
            stacks.append(_cards(stack))
        else:  # the turned cards lie face up on top
            turned = state.flipped[p]
            under = max(len(stack) - turned, 0)
            shown = [hidden(under)] if under else []
            stacks.append(items([*shown, *stack[under:]]))
    pairs = [
        *head(state, viewer),
        ("round", str(state.round_index)),
        ("starter", str(state.starter)),
        ("phase", state.phase.value),
        ("turn", NONE if state.phase is Phase.OVER else str(state.current_player())),
        ("bid", str(state.bid)),
        ("bidder", _opt(state.bidder)),
        ("challenger", _opt(state.challenger)),
        ("owner", _opt(state.skull_owner)),
        ("hands", per_seat(_cards(h) if mine(p) else _hide(h) for p, h in enumerate(state.hands))),
        ("stacks", per_seat(stacks)),
        ("markers", per_seat(f"{a}:{b}" for a, b in state.markers)),
        ("lost", per_seat(_cards(x) if mine(p) else _hide(x) for p, x in enumerate(state.lost))),
        (
            "drawn",
            per_seat(
                items(f"{s}:{c}" for s, c in state.drawn[p]) if mine(p) else HIDDEN
                for p in range(n)
            ),
        ),
        ("passed", ints(p for p in range(n) if state.passed[p])),
        ("offers", ints(state.offers)),
        ("revealed", items(f"{s}:{c}" for s, c in state.revealed)),
        ("draw", _cards(state.draw_order) if full else _hide(state.draw_order)),
        ("rounds", items(map(_round, state.rounds))),
    ]
    return write(game_key(type(state)), pairs)


def _hide(cards: list[str]) -> str:
    return hidden(len(cards)) if cards else NONE


# ---- reading ----------------------------------------------------------------------------------


def _card(name: str, text: str) -> str:
    if not is_card(text):
        raise fail(name, "card codes (KS, 10H...)", text)
    return text


def _cards_of(name: str, text: str, hidden_ok: bool) -> list[str]:
    return read_cards(name, text, hidden_ok, _card)


def _seat_card(name: str, text: str, seats: int, sep: str = ":") -> tuple[int, str]:
    seat, _, code = text.partition(sep)
    return number(name, seat, 0, seats - 1, "a seat"), _card(name, code)


def read_position(kind: type[SkullState], text: str, rng: random.Random | None) -> SkullState:
    from cards.skull.belief import shown_since_loss

    found = Fields(text, game_key(kind))
    options = read_rules(found, SkullOptions)
    n = options.players
    seed, viewer = seed_or_view(found, n)
    view = viewer is not None
    state = kind(options, seed or 0)
    state.round_index = found.int("round")
    state.starter = found.seat("starter", n)  # type: ignore[assignment]
    require(state.starter is not None, "starter", "a seat", NONE)
    phase = found.text("phase")
    try:
        state.phase = Phase(phase)
    except ValueError:
        raise fail("phase", f"one of {_PHASES}", phase) from None
    turn = found.seat("turn", n)
    state.bid = found.int("bid", 0, 4 * n)
    state.bidder = found.seat("bidder", n)
    state.challenger = found.seat("challenger", n)
    state.skull_owner = found.seat("owner", n)

    def hidden_ok(p: int) -> bool:
        return view and p != viewer

    state.hands = [
        _cards_of("hands", h, hidden_ok(p))
        for p, h in enumerate(read_per_seat("hands", found.text("hands"), n))
    ]
    state.stacks = [
        _cards_of("stacks", s, hidden_ok(p))
        for p, s in enumerate(read_per_seat("stacks", found.text("stacks"), n))
    ]
    state.markers = [_markers(m) for m in read_per_seat("markers", found.text("markers"), n)]
    state.lost = [
        _cards_of("lost", x, hidden_ok(p))
        for p, x in enumerate(read_per_seat("lost", found.text("lost"), n))
    ]
    state.drawn = []
    for p, d in enumerate(read_per_seat("drawn", found.text("drawn"), n)):
        if d == HIDDEN and hidden_ok(p):
            state.drawn.append([])
        else:
            state.drawn.append(read_items("drawn", d, lambda v: _seat_card("drawn", v, n)))
    passed = read_ints("passed", found.text("passed"))
    require(all(p < n for p in passed), "passed", f"seats below {n}", ints(passed))
    state.passed = [p in passed for p in range(n)]
    state.offers = read_ints("offers", found.text("offers"))
    require(all(p < n for p in state.offers), "offers", f"seats below {n}", ints(state.offers))
    state.revealed = read_items(
        "revealed", found.text("revealed"), lambda v: _seat_card("revealed", v, n)
    )
    state.draw_order = _cards_of("draw", found.text("draw"), view)
    state.rounds = [
        _record(i, v, n) for i, v in enumerate(read_items("rounds", found.text("rounds"), str))
    ]
    found.done()
    state.hands = [h if HIDDEN in h else sort_hand(h) for h in state.hands]
    _derive(state, turn)
    _check(state, view)
    if view:
        _fill_hidden(state)
    state.shown_since_loss = shown_since_loss(state.glance(0))
    settle(state)
    if not view:
        return state
    assert viewer is not None
    world = kind.from_view(state.observation(viewer), rng or make_rng(0, "position"))
    return settle(world)


def _markers(text: str) -> tuple[str, str]:
    a, sep, b = text.partition(":")
    if not sep or not is_card(a) or not is_card(b):
        raise fail("markers", "two Win Markers card:card a seat", text)
    return a, b


def _record(index: int, text: str, n: int) -> RoundRecord:
    parts = text.split(":")
    if len(parts) != 7:
        raise fail("rounds", "starter:challenger:bid:outcome:owner:heights:turned", text)
    starter, challenger, bid, outcome, owner, heights, turned = parts
    try:
        result = Outcome(outcome)
    except ValueError:
        raise fail("rounds", "an outcome of won, own-skull or other-skull", outcome) from None
    revealed = (
        () if turned == NONE else tuple(_seat_card("rounds", t, n, "_") for t in turned.split("."))
    )
    return RoundRecord(
        index,
        number("rounds", starter, 0, n - 1, "a seat"),
        number("rounds", challenger, 0, n - 1, "a seat"),
        number("rounds", bid, 1),
        revealed,
        result,
        None if owner == NONE else number("rounds", owner, 0, n - 1, "a seat"),
        tuple(number("rounds", h) for h in heights.split(".")),
    )


def _derive(state: SkullState, turn: int | None) -> None:
    """What follows from the fields: the cards each seat has shown, the Win Markers won, who
    made the first placement, whose turn it is, the winner."""
    n = state.num_players
    shown: list[list[str]] = [[] for _ in range(n)]
    won = [0] * n
    for r in state.rounds:
        for seat, code in r.revealed:
            shown[seat].append(code)
        if r.outcome is Outcome.WON:
            won[r.challenger] += 1
    if state.phase is Phase.REVEAL:
        for seat, code in state.revealed:
            shown[seat].append(code)
    state.shown, state.won = shown, won
    flipped = [0] * n
    for seat, _ in state.revealed:
        flipped[seat] += 1
    state.flipped = flipped
    if state.phase is Phase.FIRST:
        state.placed_first = [
            bool(s) or not h for h, s in zip(state.hands, state.stacks, strict=True)
        ]
    else:
        state.placed_first = [True] * n
    state.bids_made = [0] * n  # self-play's tallies count from the position
    state.bluffs = [0] * n
    phase = state.phase
    if phase is Phase.OVER:
        require(turn is None, "turn", "- once the game is over", str(turn))
        two = [p for p in range(n) if won[p] >= 2]
        live = [p for p in range(n) if state.hands[p] or state.stacks[p]]
        winners = two or live
        require(len(winners) == 1, "rounds", "a winner: two Win Markers, or the last one in", "")
        state.winner = winners[0]
        state.turn = state.starter
        return
    require(turn is not None, "turn", "the seat to act", NONE)
    assert turn is not None
    state.turn = turn
    state.winner = None
    if phase is Phase.FIRST:
        require(
            turn == state._first_to_place(),
            "turn",
            ("the first seat from the starter still to place"),
            str(turn),
        )
    elif phase in (Phase.REVEAL, Phase.DISCARD):
        require(turn == state.challenger, "turn", "the Challenger", str(turn))
    elif phase is Phase.DRAW:
        require(turn == state.skull_owner, "turn", "the Skull's owner", str(turn))


def _check(state: SkullState, view: bool) -> None:
    """An impossible position is refused: each seat's four cards (a Skull and three Flowers)
    in its hand, on its stack or lost, the decks' cards no more often than they hold them."""
    n = state.num_players
    box = Counter(deck(state.options.decks))
    every: Counter[str] = Counter()
    for p in range(n):
        kit = [*state.hands[p], *state.stacks[p], *state.lost[p]]
        require(
            len(kit) == 4,
            "hands",
            (f"4 cards for seat {p} in its hand, on its stack and lost"),
            str(len(kit)),
        )
        skulls = sum(1 for c in kit if c != HIDDEN and is_skull(c))
        require(skulls <= 1, "hands", f"one Skull for seat {p}", str(skulls))
        every.update(kit)
        every.update(state.markers[p])
    every.pop(HIDDEN, 0)
    extra = every - box
    if extra:
        card = next(iter(extra))
        raise PositionError(
            f"position: cards: expected {card} at most {_times(box[card])}, got {every[card]}"
        )
    phase = state.phase
    if phase is Phase.REVEAL or phase is Phase.DISCARD or phase is Phase.DRAW:
        require(
            state.challenger is not None, "challenger", f"a seat in the {phase.value} phase", NONE
        )
    if phase is Phase.DRAW and not view:
        c = state.challenger
        assert c is not None
        require(
            Counter(state.draw_order) == Counter(state.hands[c]),
            "draw",
            ("the Challenger's hand, shuffled"),
            _cards(state.draw_order),
        )
    for p in range(n):
        if phase is Phase.REVEAL:  # each stack turned from the top down
            stack = state.stacks[p]
            turned = [code for seat, code in state.revealed if seat == p]
            top_down = stack[::-1][: len(turned)]
            require(
                turned == top_down or (view and len(turned) <= len(stack)),
                "revealed",
                f"seat {p}'s cards as its stack holds them, from the top down",
                ",".join(turned),
            )


def _fill_hidden(state: SkullState) -> None:
    """The hidden places filled with cards the viewer has not seen (any will do: the world
    `from_view` deals is drawn from what the view shows)."""
    box = Counter(deck(state.options.decks))
    seen = [c for pile in (*state.hands, *state.stacks, *state.lost) for c in pile if c != HIDDEN]
    box.subtract(seen)
    box.subtract(c for pair in state.markers for c in pair)
    cards = sorted(box.elements())
    for piles in (state.hands, state.stacks, state.lost):
        for pile in piles:
            for i, c in enumerate(pile):
                if c == HIDDEN:
                    pile[i] = cards.pop()
    for p in range(state.num_players):
        state.hands[p] = sort_hand(state.hands[p])
    c = state.challenger
    state.draw_order = list(state.hands[c]) if state.draw_order and c is not None else []


def _times(count: int) -> str:
    """'once', '2 times'."""
    return "once" if count == 1 else plural(count, "time")
