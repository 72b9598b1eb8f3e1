"""Worlds a Skull King seat can imagine from what it sees: the unseen cards dealt to the unseen
places (consistent with the suits each seat failed to follow and Juanita's look), the secret
bids and modes guessed from the hands dealt. `SkullKingState.from_view` builds a whole game
from them; the bots bid and choose with the same guesses.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cards.engine import shuffled
from cards.skull_king.cards import HELD, KIND, RANK, SUIT, TRUMP, Kind, deck
from cards.skull_king.scoring import Mode
from cards.skull_king.tricks import led_suit

if TYPE_CHECKING:
    from cards.skull_king.state import Observation


def win_chance(code: str, hands: int) -> float:
    """Rough chance one card takes a trick, for bidding: specials high, then trumps, then 14s."""
    kind = KIND[code]
    crowd = (4.0 / max(hands, 2)) ** 0.5
    if kind is Kind.NUMBER:
        rank = RANK[code]
        if code[0] == TRUMP:
            return min(0.95, (0.1 + 0.06 * (rank - 1)) * crowd)
        return min(0.9, (max(0, rank - 9) * 0.1 + 0.02) * crowd)
    return {
        Kind.SKULLKING: 0.85,
        Kind.PIRATE: 0.75,
        Kind.TIGRESS: 0.7,
        Kind.MERMAID: 0.5,
        Kind.WHALE: 0.3,
    }.get(kind, 0.0)


def estimate_bid(hand: Sequence[str], hands: int) -> int:
    total = sum(win_chance(c, hands) for c in hand)
    return max(0, min(len(hand), int(total + 0.5)))


def choose_mode(hand: Sequence[str], bid: int, hands: int) -> str:
    sure = sum(win_chance(c, hands) for c in hand)
    return "MODE:CANNONBALL" if abs(sure - bid) < 0.2 else "MODE:BUCKSHOT"


def known_voids(obs: Observation) -> dict[int, set[str]]:
    """Suits each other seat is known to lack: it played another number when the suit was led.

    A Will the Bandit draw refills a hand, so only tricks after a seat's last draw count.
    """
    last_draw: dict[int, int] = {}
    for seat, at, _ in obs.will_draws:
        last_draw[seat] = max(last_draw.get(seat, -1), at)
    voids: dict[int, set[str]] = {s: set() for s in range(obs.num_players) if s != obs.player}
    tricks = [t.plays for t in obs.tricks] + [obs.trick]
    for index, plays in enumerate(tricks):
        suit = led_suit([c for _, c in plays])
        if suit is None:
            continue
        for seat, code in plays:
            if (
                seat in voids
                and SUIT[code] not in (None, suit)
                and last_draw.get(seat, -1) <= index
            ):
                voids[seat].add(suit)
    return voids


@dataclass(frozen=True, slots=True)
class World:
    hands: list[list[str]]
    undealt: list[str]
    discards: list[str]


def sample_hidden(obs: Observation, rng: random.Random, tries: int = 30) -> World:
    """Deal the unseen cards to the unseen places, consistent with everything `obs` shows."""
    me = obs.player
    unseen = Counter(deck(obs.options.advanced_cards))
    unseen.subtract(obs.hand)
    unseen.subtract(obs.my_discards)
    for record in obs.tricks:
        unseen.subtract(HELD[c] for _, c in record.plays)
    unseen.subtract(HELD[c] for _, c in obs.trick)
    undealt_known: list[str] | None = None
    if obs.undealt_seen is not None and all(
        at <= obs.undealt_seen_at for _, at, _ in obs.will_draws
    ):
        undealt_known = list(obs.undealt_seen)
        unseen.subtract(undealt_known)
    pool = sorted(unseen.elements())
    voids = known_voids(obs)
    seats = [s for s in range(len(obs.hand_sizes)) if s != me]
    sizes = {s: obs.hand_sizes[s] for s in seats}
    other_discards = obs.discard_count - len(obs.my_discards)
    constrained = sorted((s for s in seats if voids.get(s)), key=lambda s: -len(voids[s]))
    for attempt in range(tries + 1):
        cards = shuffled(pool, rng)
        hands: dict[int, list[str]] = {}
        ok = True
        if attempt < tries:  # the last try drops the void constraints rather than fail
            for s in constrained:
                lacking = voids[s]
                take = [i for i, c in enumerate(cards) if SUIT[c] not in lacking][: sizes[s]]
                if len(take) < sizes[s]:
                    ok = False
                    break
                hands[s] = [cards[i] for i in take]
                for i in reversed(take):
                    del cards[i]
        if not ok:
            continue
        for s in seats:
            if s not in hands:
                hands[s], cards = cards[: sizes[s]], cards[sizes[s] :]
        if undealt_known is not None:
            undealt = shuffled(undealt_known, rng)
        else:
            undealt, cards = cards[: obs.undealt_count], cards[obs.undealt_count :]
        discards = cards[:other_discards]
        all_hands = [list(obs.hand) if s == me else hands[s] for s in range(len(obs.hand_sizes))]
        return World(all_hands, undealt, list(obs.my_discards) + discards)
    raise AssertionError("unreachable: the unconstrained try always succeeds")


def guess_secrets(
    obs: Observation, hands: Sequence[Sequence[str]]
) -> tuple[dict[int, int], dict[int, Mode]]:
    """The bids and modes made in secret (made, not yet revealed), guessed from the hands a
    world dealt as a bidding bot would choose them."""
    count = len(obs.hand_sizes)
    bids = {
        p: estimate_bid(hands[p], count)
        for p in range(obs.num_players)
        if obs.has_bid[p] and obs.bids[p] is None
    }
    modes = {
        p: Mode(choose_mode(hands[p], obs.bids[p] or bids.get(p, 0), count)[5:])
        for p in range(obs.num_players)
        if obs.has_mode[p] and obs.modes[p] is None
    }
    return bids, modes


__all__ = [
    "World",
    "choose_mode",
    "estimate_bid",
    "guess_secrets",
    "known_voids",
    "sample_hidden",
    "win_chance",
]
