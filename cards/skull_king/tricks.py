"""Who takes a trick, what it is worth, and what may be played: pure functions over card codes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from cards.skull_king.cards import (
    ESCAPE_LIKE,
    FULL_DECK,
    KIND,
    KRAKEN,
    LOOT,
    MERMAID,
    PLAYED_FORMS,
    RANK,
    SKULLKING,
    SUIT,
    SUIT_NAMES,
    SUITS,
    TIGRESS,
    TRUMP,
    WHALE,
    Kind,
)

FOURTEEN_BONUS = {"G14": 10, "Y14": 10, "P14": 10, "B14": 20}
PIRATE_TAKES_MERMAID = 20
KING_TAKES_PIRATE = 30
MERMAID_TAKES_KING = 40


class TrickResult(NamedTuple):
    """Indices are positions in play order (0 led), so callers map them to seats. A named
    tuple, not a frozen dataclass: every trick of every search makes one, five times faster."""

    winner: int | None  # the card that takes the trick; None when the trick is destroyed
    next_leader: int  # who leads the next trick
    destroyed_by: str | None = None  # KRAKEN or WHALE when nobody takes the trick
    bonus: int = 0  # capture bonus for the winner (paid only with an exact bid)
    loot: tuple[int, ...] = ()  # Loot players allied with the winner (never the winner itself)
    would_win: int | None = None  # Kraken: who takes the trick with the Kraken left out
    whale: bool = False  # the White Whale acted: plain numbers decided the trick


def led_suit(codes: Sequence[str]) -> str | None:
    """The suit to follow: set by the first non-escape-like card; a character lead sets none."""
    for code in codes:
        if code in ESCAPE_LIKE:
            continue
        return SUIT[code]
    return None


# The kinds as module names: `Kind.NUMBER` is an enum look-up (some 80 ns) every read.
_ESCAPE = Kind.ESCAPE
_LOOT = Kind.LOOT
_MERMAID = Kind.MERMAID
_NUMBER = Kind.NUMBER
_PIRATE = Kind.PIRATE
_SKULLKING = Kind.SKULLKING
_TIGRESS = Kind.TIGRESS

# Per code: (kind, suit, rank), read once per card in the hot loop below.
_INFO: dict[str, tuple[Kind, str | None, int]] = {c: (KIND[c], SUIT[c], RANK[c]) for c in KIND}


def _standard_winner(codes: Sequence[str], as_escape: tuple[int, ...] = ()) -> int:
    """Index of the winning card when no Kraken or White Whale acts."""
    first_pirate = first_mermaid = king = -1
    best_trump = best_led = -1
    trump_rank = led_rank = 0
    led: str | None = None
    decided = False
    info = _INFO
    for i, code in enumerate(codes):
        if as_escape and i in as_escape:
            continue
        kind, suit, rank = info[code]
        if kind is _NUMBER:
            if not decided:
                led, decided = suit, True
            if suit == TRUMP:
                if rank > trump_rank:
                    best_trump, trump_rank = i, rank
            elif suit == led and rank > led_rank:
                best_led, led_rank = i, rank
        elif kind is _ESCAPE or kind is _LOOT:
            continue
        else:
            decided = True
            if kind is _PIRATE:
                if first_pirate < 0:
                    first_pirate = i
            elif kind is _SKULLKING:
                king = i
            elif kind is _MERMAID and first_mermaid < 0:
                first_mermaid = i
    if king >= 0:
        return first_mermaid if first_mermaid >= 0 else king
    for best in (first_pirate, first_mermaid, best_trump, best_led):
        if best >= 0:
            return best
    # Everything escape-like: the first card played wins, the left-out cards (a Kraken asking
    # who would have won, a Whale it cancelled) aside; if nothing is left, the first card.
    return next((i for i in range(len(codes)) if i not in as_escape), 0)


_WINNERS: dict[tuple[str, ...], int | None] = {}  # memo for search: the same tricks recur


def trick_winner(codes: Sequence[str], kraken_left: bool = False) -> int | None:
    """Just the winning index (no bonus bookkeeping): the bots' hot path, memoized."""
    key = codes if type(codes) is tuple else tuple(codes)
    winner = _WINNERS.get(key, -1)
    if winner != -1:
        return winner
    if KRAKEN in key or WHALE in key:
        winner = resolve(key, kraken_left).winner  # the Kraken option never changes the winner
    else:
        winner = _standard_winner(key)
    if len(_WINNERS) > 500_000:
        _WINNERS.clear()
    _WINNERS[key] = winner
    return winner


def capture_bonus(codes: Sequence[str], winner: int, whale: bool = False) -> int:
    """Bonus the winner banks: 14s always; character captures only when specials kept power.
    The sum of `capture_items`' points, added as it goes: every trick of every game asks."""
    kind = KIND[codes[winner]]
    total = 0
    for code in codes:
        points = FOURTEEN_BONUS.get(code)
        if points is not None:
            total += points
        elif whale:
            continue
        elif kind is _PIRATE and code == MERMAID:
            total += PIRATE_TAKES_MERMAID
        elif kind is _SKULLKING and KIND[code] is _PIRATE:
            total += KING_TAKES_PIRATE
        elif kind is _MERMAID and code == SKULLKING:
            total += MERMAID_TAKES_KING
    return total


def capture_items(codes: Sequence[str], winner: int, whale: bool = False) -> list[tuple[str, int]]:
    """Each captured card worth a bonus, with its points, in play order (the table lists them)."""
    kind = KIND[codes[winner]]
    out = []
    for code in codes:
        if code in FOURTEEN_BONUS:
            out.append((code, FOURTEEN_BONUS[code]))
        elif whale:
            continue
        elif kind is _PIRATE and code == MERMAID:
            out.append((code, PIRATE_TAKES_MERMAID))
        elif kind is _SKULLKING and KIND[code] is _PIRATE:
            out.append((code, KING_TAKES_PIRATE))
        elif kind is _MERMAID and code == SKULLKING:
            out.append((code, MERMAID_TAKES_KING))
    return out


def resolve(codes: Sequence[str], kraken_left: bool = False) -> TrickResult:
    """Resolve a complete trick; `kraken_left` is the Kraken-leader option."""
    if not codes:
        raise ValueError("an empty trick has no winner")
    for code in codes:
        if code not in KIND or KIND[code] is _TIGRESS:
            raise ValueError(f"not a played card code: {code!r}")
    return resolve_played(codes, kraken_left)


def resolve_played(codes: Sequence[str], kraken_left: bool = False) -> TrickResult:
    """`resolve` for a trick the engine built from legal plays: no need to check the codes.
    The winner comes from trick_winner's memo, which a search's heuristics have mostly filled
    card by card; a memo of whole results was measured and did not pay (0.93-0.96x)."""
    kraken = codes.index(KRAKEN) if KRAKEN in codes else -1
    whale = codes.index(WHALE) if WHALE in codes else -1
    # Kraken and White Whale together: the second one played acts, the first counts as an Escape.
    if kraken >= 0 and (whale < 0 or kraken > whale):
        would_win = _standard_winner(codes, as_escape=(kraken, whale))
        leader = (kraken + 1) % len(codes) if kraken_left else would_win
        return TrickResult(None, leader, KRAKEN, would_win=would_win)
    if whale >= 0:
        best = -1
        for i, code in enumerate(codes):
            if KIND[code] is _NUMBER and (best < 0 or RANK[code] > RANK[codes[best]]):
                best = i
        if best < 0:
            return TrickResult(None, whale, WHALE)
        bonus = capture_bonus(codes, best, whale=True)
        return TrickResult(best, best, None, bonus, _loot(codes, best), whale=True)
    winner = trick_winner(codes)  # a search has often asked already, card by card
    assert winner is not None  # no Kraken, no Whale: some card takes the trick
    return TrickResult(winner, winner, None, capture_bonus(codes, winner), _loot(codes, winner))


def _loot(codes: Sequence[str], winner: int) -> tuple[int, ...]:
    if LOOT not in codes:  # as most tricks go: no Loot played
        return ()
    return tuple(i for i, c in enumerate(codes) if c == LOOT and i != winner)


def resolve_trick(codes: Sequence[str]) -> TrickResult:
    """Resolve one trick under the default options (public entry point for tools and tests)."""
    return resolve(codes)


def current_winner(codes: Sequence[str], kraken_left: bool = False) -> int | None:
    """Which card would take an unfinished trick if it ended now (for the table's highlight)."""
    return trick_winner(codes, kraken_left) if codes else None


def legal_plays(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """Played codes allowed from `hand` (held codes) into `trick` (played codes), deduplicated,
    in hand order. Every decision of every game asks this, so it is written for speed: the
    suit to follow is `led_suit`'s, inlined."""
    for code in trick:
        if code not in ESCAPE_LIKE:
            return plays_following(hand, SUIT[code])
    return plays_following(hand, None)


# Per suit: its cards, and the cards that may be played when it is led and held (it, specials).
_OF_SUIT = {s: frozenset(c for c in KIND if SUIT[c] == s) for s in SUITS}
_FOLLOWING = {s: frozenset(c for c in KIND if SUIT[c] in (s, None)) for s in SUITS}
# Cards a hand may hold twice (listed once), and the Tigress (listed as her two ways to play).
_REPEATABLE = tuple(c for c, k in Counter(FULL_DECK).items() if k > 1)
_NOT_PLAIN = frozenset([*_REPEATABLE, TIGRESS])


def plays_following(hand: Sequence[str], suit: str | None) -> list[str]:
    """`legal_plays` once the suit to follow is known (None: no suit to follow yet)."""
    if suit is not None and not _OF_SUIT[suit].isdisjoint(hand):
        hand = [*filter(_FOLLOWING[suit].__contains__, hand)]  # follow it, or play a special
    if _NOT_PLAIN.isdisjoint(hand):  # as most hands go: each card listed as it is held
        return [*hand]
    out = [*hand]
    for card in _REPEATABLE:  # listed once, where it is first held
        if out.count(card) > 1:
            i = out.index(card) + 1
            out[i:] = [c for c in out[i:] if c != card]
    if TIGRESS in out:  # the one card with two ways to play it
        i = out.index(TIGRESS)
        out[i : i + 1] = PLAYED_FORMS[TIGRESS]
    return out


def illegal_reason(hand: Sequence[str], trick: Sequence[str], held: str) -> str | None:
    """Why a held card may not be played now (for the table's hover text), or None if it may."""
    if held not in hand:
        return "not in your hand"
    suit = led_suit(trick)
    if SUIT[held] is None or suit is None or SUIT[held] == suit:
        return None
    if any(SUIT[c] == suit for c in hand):
        return f"you must follow suit ({SUIT_NAMES[suit]})"
    return None
