"""Skull King positions as text (cards/position.py has the shared conventions):

    skull-king rules=players:3 view=0 round=0 phase=play leader=0 power=- will_left=0 harry=- hands=-/-/? undealt=?67 bids=1,1,0 modes=-,-,- adjust=0,0,0 wagers=0,0,0 tricks=- trick=0:P4.1:G2 discards=-/-/- will_draws=- juanita=- scores=0,0,0 rounds=-

(seat 0's view of the first trick of a game; a full position has `seed=` and every card).

A card is its code, as in actions and saves (`G5`, `SKULLKING`, `TIGRESS`; played, the Tigress
is `TIGRESS:PIRATE` or `TIGRESS:ESCAPE`). The round's cards and dealer follow from `round`.
- `round`: the round (from 0); `phase`: bid, mode, play, rosie, will, wager, adjust or over;
  `leader`: the seat leading the trick in play (or the next one); `power`: the seat choosing for
  its pirate (Rosie, Will, Rascal), `-` for none; `will_left`: cards Will's winner still has
  to discard; `harry`: the seat that may change its bid at the round's end (`-`: none).
- `hands`: per seat (`/`), Greybeard's pile last when he plays (top first); `undealt`: the cards
  not dealt this round, in order (Will draws from the front); a position written by hand may
  say `undealt=rest`: every card not placed elsewhere, in the deck's order.
- `bids`, `modes` (buckshot, cannonball), `adjust` (Harry's change), `wagers`: per seat by `,`,
  `-` for a bid or mode not made yet.
- `tricks`: this round's finished tricks by `,`, each its plays by `.` in play order, a play
  `seat:card` (who won each, what it captured and the Loot alliances follow from the plays);
  `trick`: the trick in play, the same way.
- `discards`: per seat, the cards it discarded for Will; `will_draws`: `seat:tricks:cards`
  items (Will's draws: after how many tricks, how many cards); `juanita`: `seat:tricks:cards`
  items, the undealt cards Juanita's winner saw (joined by `.`).
- `scores`: per seat; `rounds`: the score sheet, a round by `,`:
  `bids:adjust:modes:tricks:base:bonus:loot:wager`, each part per seat joined by `.`.
A seat's view (`view=SEAT`) writes `?N` for the N cards it cannot see (the other hands,
Greybeard's pile, the undealt cards, the others' discards), `?` for a bid or mode made in
secret, and only its own Juanita look.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

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
    items,
    per_seat,
    read_cards,
    read_items,
    read_per_seat,
    read_rules,
    require,
    seed_or_view,
    settle,
    write,
)
from cards.skull_king.cards import HELD, KIND, PLAYED_FORMS, deck, sort_hand
from cards.skull_king.options import WAGERS, SkullKingOptions
from cards.skull_king.records import Phase, RoundRecord, TrickRecord
from cards.skull_king.scoring import Mode, PlayerRound
from cards.skull_king.tricks import resolve_played
from cards.words import plural

if TYPE_CHECKING:
    from cards.skull_king.state import SkullKingState

T = TypeVar("T")
_SECRET = -1  # a bid made in secret, while a view's position is read
REST = "rest"  # undealt=rest: the cards not placed elsewhere (a position written by hand)


def _opt(value: Any, show: Callable[[Any], str] = str) -> str:
    return NONE if value is None else show(value)


def _plays(plays: Any) -> str:
    return ".".join(f"{seat}:{code}" for seat, code in plays) or NONE


def _cards(cards: Any) -> str:
    return items(cards)


def _dotted(values: Any) -> str:
    return ".".join(str(v) for v in values)


def _round(r: RoundRecord) -> str:
    lines = r.lines
    modes = ".".join(NONE if m is None else m.lower() for m in r.modes)
    parts = [
        _dotted(r.bids),
        _dotted(r.adjustments),
        modes,
        _dotted(line.tricks for line in lines),
        _dotted(line.base for line in lines),
        _dotted(line.bonus for line in lines),
        _dotted(line.loot for line in lines),
        _dotted(line.wager for line in lines),
    ]
    return ":".join(parts)


def write_position(state: SkullKingState, viewer: int | None) -> str:
    full = viewer is None
    n = state.num_players
    hands = [
        _cards(h) if full or p == viewer else hidden(len(h)) if h else NONE
        for p, h in enumerate(state.hands)
    ]
    secret = state.phase.value == "bid"
    bids = [
        NONE if b is None else HIDDEN if secret and not full and p != viewer else str(b)
        for p, b in enumerate(state.bids)
    ]
    shown = state._cannonball and state.phase.value not in ("bid", "mode")
    modes = [
        NONE if m is None else HIDDEN if not shown and not full and p != viewer else m.value.lower()
        for p, m in enumerate(state.modes)
    ]
    discards = [
        _cards(d) if full or p == viewer else hidden(len(d)) if d else NONE
        for p, d in enumerate(state.my_discards)
    ]
    looks = [
        f"{seat}:{at}:{_dotted(seen) or NONE}"
        for seat, (at, seen) in sorted(state.juanita.items())
        if full or seat == viewer
    ]
    undealt = state.undealt
    pairs = [
        *head(state, viewer),
        ("round", str(state.round_index)),
        ("phase", state.phase.value),
        ("leader", str(state.leader)),
        ("power", _opt(state.power_player)),
        ("will_left", str(state.will_left)),
        ("harry", _opt(state.harry)),
        ("hands", per_seat(hands)),
        ("undealt", _cards(undealt) if full else hidden(len(undealt)) if undealt else NONE),
        ("bids", items(bids)),
        ("modes", items(modes)),
        ("adjust", items(map(str, state.adjustments))),
        ("wagers", items(map(str, state.wagers))),
        ("tricks", items(_plays(t.plays) for t in state.tricks)),
        ("trick", _plays(state.trick)),
        ("discards", per_seat(discards)),
        ("will_draws", items(f"{s}:{at}:{k}" for s, at, k in state.will_draws)),
        ("juanita", items(looks)),
        ("scores", items(map(str, state.scores[:n]))),
        ("rounds", items(map(_round, state.rounds))),
    ]
    return write(game_key(type(state)), pairs)


# ---- reading ----------------------------------------------------------------------------------


def _int(name: str, text: str) -> int:
    """A whole number, maybe below 0."""
    body = text[1:] if text[:1] in "+-" else text
    if not body.isdigit():
        raise fail(name, "a whole number", text)
    return int(text)


def _each(name: str, text: str, count: int, read: Callable[[str], T]) -> list[T]:
    values = read_items(name, text, read)
    if len(values) != count:
        raise fail(name, f"{count} values separated by ','", text)
    return values


def _card(name: str, text: str) -> str:
    if text not in HELD or HELD[text] != text:
        raise fail(name, "card codes (G5, SKULLKING, TIGRESS...)", text)
    return text


def _cards_of(name: str, text: str, hidden_ok: bool) -> list[str]:
    return read_cards(name, text, hidden_ok, _card)


def _plays_of(name: str, text: str, seats: int) -> list[tuple[int, str]]:
    if text == NONE:
        return []
    out = []
    for play in text.split("."):
        seat, _, code = play.partition(":")
        if not seat.isdigit() or int(seat) >= seats or code not in KIND or code == "TIGRESS":
            raise fail(name, "plays seat:card joined by '.' (a Tigress as TIGRESS:PIRATE)", play)
        out.append((int(seat), code))
    return out


def read_position(
    kind: type[SkullKingState], text: str, rng: random.Random | None
) -> SkullKingState:
    found = Fields(text, game_key(kind))
    options = read_rules(found, SkullKingOptions)
    n, h = options.players, options.hands
    seed, viewer = seed_or_view(found, n)
    view = viewer is not None
    state = kind(options, seed or 0)
    plan = state.plan
    r = found.int("round", 0, len(plan) - 1)
    state.round_index, state.cards, state.dealer = r, plan[r], (r - 1) % n
    state._reset_round_state()
    phase_text = found.text("phase")
    try:
        state.phase = Phase(phase_text)
    except ValueError:
        raise fail(
            "phase", "bid, mode, play, rosie, will, wager, adjust or over", phase_text
        ) from None
    state.leader = found.seat("leader", h)  # type: ignore[assignment]
    require(state.leader is not None, "leader", "a seat", NONE)
    state.power_player = found.seat("power", n)
    state.will_left = found.int("will_left", 0, 2)
    state.harry = found.seat("harry", n)
    hands = [
        _cards_of("hands", part, view and p != viewer)
        for p, part in enumerate(read_per_seat("hands", found.text("hands"), h))
    ]
    state.hands = [
        sort_hand(hand) if p < n and HIDDEN not in hand else hand for p, hand in enumerate(hands)
    ]
    undealt = found.text("undealt")
    state.undealt = [] if undealt == REST else _cards_of("undealt", undealt, view)
    state.bids = _each("bids", found.text("bids"), n, lambda v: _bid(v, state.cards, view))
    state.modes = _each("modes", found.text("modes"), n, lambda v: _mode(v, view))
    state.adjustments = _each("adjust", found.text("adjust"), n, lambda v: _one_of(v, (-1, 0, 1)))
    state.wagers = _each("wagers", found.text("wagers"), n, lambda v: _one_of(v, WAGERS))
    tricks = read_items("tricks", found.text("tricks"), str)
    for plays in tricks:
        _finish(state, _plays_of("tricks", plays, h))
    state.trick = _plays_of("trick", found.text("trick"), h)
    mine = [
        _cards_of("discards", part, view and p != viewer)
        for p, part in enumerate(read_per_seat("discards", found.text("discards"), n))
    ]
    state.my_discards = mine
    state.discards = [c for d in mine for c in d]
    state.will_draws = read_items("will_draws", found.text("will_draws"), _draw)
    state.juanita = dict(read_items("juanita", found.text("juanita"), _look))
    state.scores = _each("scores", found.text("scores"), n, lambda v: _int("scores", v))
    sheet = read_items("rounds", found.text("rounds"), str)
    require(
        len(sheet) <= r + (state.phase is Phase.OVER),
        "rounds",
        (f"at most {r} rounds scored before round {r}"),
        str(len(sheet)),
    )
    state.rounds = [_record(v, i, state) for i, v in enumerate(sheet)]
    found.done()
    if undealt == REST:  # (a position written by hand) the cards not placed elsewhere
        require(not view, "undealt", "the cards hidden as ?N in a view", REST)
        rest = Counter(deck(options.advanced_cards))
        rest.subtract(HELD[c] for c in _every_card(state))
        require(not -rest, "undealt", "no card more often than the deck holds it", REST)
        state.undealt = list(rest.elements())  # in the deck's order
    state.order = state._trick_order(state.leader) if state.phase is Phase.PLAY else ()
    _check(state, view)
    if view:
        _fill_hidden(state)
    settle(state)
    if not view:
        return state
    assert viewer is not None
    world = kind.from_view(state.observation(viewer), rng or make_rng(0, "position"))
    world.search_world = False  # a game to play on to its end, not a search's one round
    # The others' discards, as many each as the view's text says (the world deals them as one
    # face-down heap after the viewer's own).
    heap = world.discards[len(world.my_discards[viewer]) :]
    for p, mine in enumerate(state.my_discards):
        if p != viewer:
            world.my_discards[p], heap = heap[: len(mine)], heap[len(mine) :]
    return settle(world)


def _bid(text: str, cards: int, view: bool) -> int | None:
    if text == NONE:
        return None
    if text == HIDDEN and view:
        return _SECRET
    value = _int("bids", text)
    if not 0 <= value <= cards:
        raise fail("bids", f"bids from 0 to {cards} (- for none yet)", text)
    return value


def _mode(text: str, view: bool) -> Mode | None:
    if text == NONE:
        return None
    if text == HIDDEN and view:
        return Mode.BUCKSHOT  # (a stand-in: the view shows the seat has chosen, not what)
    return Mode(text.upper())


def _one_of(text: str, allowed: tuple[int, ...]) -> int:
    value = int(text)
    if value not in allowed:
        raise ValueError(text)
    return value


def _draw(text: str) -> tuple[int, int, int]:
    seat, at, k = text.split(":")
    return int(seat), int(at), int(k)


def _look(text: str) -> tuple[int, tuple[int, tuple[str, ...]]]:
    seat, at, seen = text.split(":")
    cards = () if seen == NONE else tuple(seen.split("."))
    if not all(c in HELD for c in cards):
        raise ValueError(seen)
    return int(seat), (int(at), cards)


def _record(text: str, index: int, state: SkullKingState) -> RoundRecord:
    n = state.num_players
    parts = text.split(":")
    if len(parts) != 8 or any(len(p.split(".")) != n for p in parts):
        raise fail("rounds", f"8 parts by ':' of {n} values by '.' (a round)", text)
    bids, adjust, modes, tricks, base, bonus, loot, wager = (p.split(".") for p in parts)
    b = [_int("rounds", v) for v in bids]
    a = [_int("rounds", v) for v in adjust]
    lines = tuple(
        PlayerRound(
            b[p] + a[p],
            _int("rounds", tricks[p]),
            _int("rounds", base[p]),
            _int("rounds", bonus[p]),
            _int("rounds", loot[p]),
            _int("rounds", wager[p]),
        )
        for p in range(n)
    )
    shown = tuple(None if m == NONE else Mode(m.upper()).value for m in modes)
    n_ = state.num_players
    return RoundRecord(index, state.plan[index], (index - 1) % n_, tuple(b), tuple(a), shown, lines)


def _finish(state: SkullKingState, plays: list[tuple[int, str]]) -> None:
    """One finished trick of `tricks=`: its record, and what it gave its winner (as the state's
    `_finish_trick` does)."""
    whole = bool(plays) and len(plays) == len(state._trick_order(plays[0][0]))
    require(whole, "tricks", "whole tricks, a card from each hand", _plays(plays))
    codes = tuple(code for _, code in plays)
    seats = tuple(seat for seat, _ in plays)
    res = resolve_played(codes, state._kraken_left)
    gb = state.greybeard_seat
    winner = seats[res.winner] if res.winner is not None else None
    loot: tuple[int, ...] = ()
    if winner is not None:
        state.tricks_won[winner] += 1
        state.captures[winner] += res.bonus
        if res.loot:
            loot = tuple(seats[i] for i in res.loot)
            if winner != gb:
                state.loot_pairs.extend((g, winner) for g in loot if g != gb)
    record: TrickRecord = TrickRecord(
        tuple(plays), winner, seats[res.next_leader], res.destroyed_by, res.bonus, loot
    )
    state.tricks.append(record)


def _check(state: SkullKingState, view: bool) -> None:
    """An impossible position is refused: every card of the deck once, each hand as many cards
    as the round dealt (less its plays and discards, more Will's draws), a trick in play in its
    order, and someone to act."""
    box = Counter(deck(state.options.advanced_cards))
    held = Counter(HELD[c] if c != HIDDEN else c for c in _every_card(state))
    hidden_cards = held.pop(HIDDEN, 0)
    extra = held - box
    if extra:
        card = next(iter(extra))
        raise PositionError(
            f"position: cards: expected {card} at most {_times(box[card])}, got {held[card]}"
        )
    size = sum(box.values())
    if sum(held.values()) + hidden_cards != size or (not view and held != box):
        raise PositionError(f"position: cards: expected the deck's {size} cards, each once")
    played = Counter(seat for t in state.tricks for seat, _ in t.plays)
    played.update(seat for seat, _ in state.trick)
    drawn = Counter()
    for seat, _, k in state.will_draws:
        drawn[seat] += k
    for p, hand in enumerate(state.hands):
        lost = len(state.my_discards[p]) if p < state.num_players else 0
        count = len(hand) + played[p] + lost - drawn[p]
        require(
            count == state.cards,
            "hands",
            (
                f"{plural(state.cards, 'card')} dealt to seat {p} this round (its hand, plays and "
                "discards, "
                "less Will's draws)"
            ),
            str(count),
        )
    phase = state.phase
    if phase is Phase.PLAY:
        order = state.order
        require(
            len(state.trick) < len(order), "trick", "a trick not yet whole", _plays(state.trick)
        )
        require(
            all(seat == order[i] for i, (seat, _) in enumerate(state.trick)),
            "trick",
            f"plays in turn from the leader ({'.'.join(map(str, order))})",
            _plays(state.trick),
        )
        seat = order[len(state.trick)]
        require(
            seat != state.greybeard_seat,
            "trick",
            "Greybeard's card turned (he never waits)",
            _plays(state.trick),
        )
        require(
            bool(state.hands[seat]), "hands", (f"a card in the hand of seat {seat}, to play"), NONE
        )
    elif phase is Phase.BID:
        require(None in state.bids, "bids", "a seat still to bid in the bid phase", "")
    elif phase is Phase.MODE:
        require(None in state.modes, "modes", "a seat still to choose in the mode phase", "")
    elif phase in (Phase.ROSIE, Phase.WILL, Phase.WAGER):
        require(
            state.power_player is not None,
            "power",
            f"the seat choosing in the {phase.value} phase",
            NONE,
        )
        if phase is Phase.WILL:
            require(state.will_left > 0, "will_left", "1 or 2 in the will phase", "0")
    elif phase is Phase.ADJUST:
        require(
            state.harry is not None, "harry", "the seat changing its bid in the adjust phase", NONE
        )
    if phase is not Phase.BID:
        require(None not in state.bids, "bids", f"every bid made in the {phase.value} phase", "-")
    for play in state.trick:
        require(play[1] in PLAYED_FORMS.get(HELD[play[1]], ()), "trick", "played cards", play[1])


def _every_card(state: SkullKingState) -> list[str]:
    out = [c for hand in state.hands for c in hand] + list(state.undealt) + list(state.discards)
    out += [c for t in state.tricks for _, c in t.plays]
    out += [c for _, c in state.trick]
    return out


def _fill_hidden(state: SkullKingState) -> None:
    """The hidden places filled with cards the viewer has not seen (in the deck's order: the
    world `from_view` then deals at random is built on what the view shows), secret bids with
    a stand-in (the view shows only that they were made)."""
    unseen = Counter(deck(state.options.advanced_cards))
    unseen.subtract(HELD[c] for c in _every_card(state) if c != HIDDEN)
    cards = sorted(unseen.elements())
    state.hands = [[cards.pop() if c == HIDDEN else c for c in hand] for hand in state.hands]
    for p in range(state.num_players):
        state.hands[p] = sort_hand(state.hands[p])
    state.undealt = [cards.pop() if c == HIDDEN else c for c in state.undealt]
    state.my_discards = [[cards.pop() if c == HIDDEN else c for c in d] for d in state.my_discards]
    state.discards = [c for d in state.my_discards for c in d]
    state.bids = [0 if b == _SECRET else b for b in state.bids]


def _times(count: int) -> str:
    """'once', '2 times'."""
    return "once" if count == 1 else plural(count, "time")
