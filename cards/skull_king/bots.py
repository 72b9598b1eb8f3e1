"""Skull King computer players: random, heuristic and strong (determinized Monte Carlo search).

Bots act from `observation(seat)` and the legal actions only. The strong bot samples the cards it
cannot see (respecting what it saw: cards played, suits a player failed to follow, Juanita's look)
and plays each candidate out on clones of those imagined worlds with the heuristic policy.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cards.bots import Bot, RandomBot
from cards.engine import pick, shuffled
from cards.skull_king.cards import HELD, KIND, RANK, SUIT, TRUMP, Kind, deck
from cards.skull_king.scoring import Mode
from cards.skull_king.state import Observation, Phase, SkullKingState
from cards.skull_king.tricks import led_suit, legal_plays, trick_winner

# How dangerous a card is to hold when ducking, and how useful when taking tricks.
_POWER = {Kind.SKULLKING: 100.0, Kind.PIRATE: 90.0, Kind.MERMAID: 85.0, Kind.WHALE: 45.0}
_POWER.update({Kind.ESCAPE: -1.0, Kind.LOOT: -1.0, Kind.KRAKEN: -2.0, Kind.TIGRESS: 90.0})


def _power(code: str) -> float:
    kind = KIND[code]
    if kind is Kind.NUMBER:
        return RANK[code] + (40.0 if code[0] == TRUMP else 0.0)
    return _POWER[kind]


def _keep(code: str) -> float:
    """Lowest goes first when a trick cannot be won: low numbers before escapes and the Kraken."""
    kind = KIND[code]
    if kind is Kind.ESCAPE or kind is Kind.LOOT:
        return 5.5
    if kind is Kind.KRAKEN:
        return 20.0
    return _power(code)


# Both read per card in every rollout step, so they are looked up, not computed.
POWER: dict[str, float] = {code: _power(code) for code in KIND}
KEEP_FOR_WINNING: dict[str, float] = {code: _keep(code) for code in KIND}
power = POWER.__getitem__
_keep_for_winning = KEEP_FOR_WINNING.__getitem__


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


def _wins(codes: list[str], action: str) -> bool:
    return trick_winner((*codes, action)) == len(codes)


def choose_play(
    legal: Sequence[str],
    codes: list[str],
    after_me: int,
    need: int,
    tricks_left: int,
) -> str:
    """Play to make the bid exactly: take cheaply while tricks are needed, else duck high cards."""
    if len(legal) == 1:
        return legal[0]
    if not codes:  # leading
        return max(legal, key=power) if need > 0 else min(legal, key=power)
    if need > 0:
        winners = [a for a in legal if _wins(codes, a)]
        if not winners:
            return min(legal, key=_keep_for_winning)
        if after_me == 0 or need < tricks_left:
            return min(winners, key=power)
        return max(winners, key=power)
    losers = [a for a in legal if not _wins(codes, a)]
    if losers:
        return max(losers, key=power)
    return min(legal, key=power) if after_me else max(legal, key=power)


def choose_discard(hand: Sequence[str], need: int) -> str:
    """Will the Bandit: shed what works against the bid."""
    if need > 0:
        return f"DISCARD:{min(hand, key=_keep_for_winning)}"
    return f"DISCARD:{max(hand, key=power)}"


def choose_wager(need: int, tricks_left: int) -> str:
    if need == 0:
        return "WAGER:20" if tricks_left == 0 else "WAGER:10"
    if 0 < need <= tricks_left // 2:
        return "WAGER:10"
    return "WAGER:0"


def choose_adjust(legal: Sequence[str], bid: int, tricks: int) -> str:
    """Harry the Giant: move the bid towards the tricks taken (an exact bid always pays best)."""
    return min(legal, key=lambda a: (abs(bid + int(a[7:]) - tricks), abs(int(a[7:]))))


def choose_lead(seat: int, need: int, seats: int) -> str:
    """Rosie: lead yourself while you still need tricks, else hand the lead on."""
    return f"LEAD:{seat if need > 0 else (seat + 1) % seats}"


def choose_mode(hand: Sequence[str], bid: int, hands: int) -> str:
    sure = sum(win_chance(c, hands) for c in hand)
    return "MODE:CANNONBALL" if abs(sure - bid) < 0.2 else "MODE:BUCKSHOT"


# ---- the heuristic bot, from an observation ----------------------------------------------------


def _need(obs: Observation) -> int:
    p = obs.player
    bid = obs.bids[p] or 0
    return bid + obs.adjustments[p] - obs.tricks_won[p]


class HeuristicBot:
    """Bids the expected tricks of its hand and plays to make that bid exactly."""

    name = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        hands = len(obs.hand_sizes)
        p = obs.player
        phase = obs.phase
        if phase is Phase.BID:
            return f"BID:{estimate_bid(obs.hand, hands)}"
        if phase is Phase.MODE:
            return choose_mode(obs.hand, obs.bids[p] or 0, hands)
        tricks_left = obs.cards - len(obs.tricks)
        if phase is Phase.PLAY:
            codes = [c for _, c in obs.trick]
            after_me = len(obs.trick_order) - len(codes) - 1
            return choose_play(legal, codes, after_me, _need(obs), tricks_left)
        if phase is Phase.ROSIE:
            return choose_lead(p, _need(obs), obs.num_players)
        if phase is Phase.WILL:
            return choose_discard(obs.hand, _need(obs))
        if phase is Phase.WAGER:
            return choose_wager(_need(obs), tricks_left)
        if phase is Phase.ADJUST:
            return choose_adjust(legal, obs.bids[p] or 0, obs.tricks_won[p])
        return pick(legal, self.rng)


# ---- the same policy straight from a (sampled) state, for rollouts -----------------------------


def rollout_action(state: SkullKingState, seat: int) -> str:
    """The heuristic policy read from a search world's state (which holds only sampled secrets)."""
    phase = state.phase
    hands = len(state.hands)
    if phase is Phase.PLAY:
        codes = [c for _, c in state.trick]
        legal = legal_plays(state.hands[seat], codes)  # no need to keep it: nothing checks it
        if len(legal) == 1:
            return legal[0]
        need = (state.bids[seat] or 0) + state.adjustments[seat] - state.tricks_won[seat]
        return choose_play(
            legal,
            codes,
            len(state.order) - len(codes) - 1,
            need,
            state.cards - len(state.tricks),
        )
    if phase is Phase.BID:
        return f"BID:{estimate_bid(state.hands[seat], hands)}"
    need = (state.bids[seat] or 0) + state.adjustments[seat] - state.tricks_won[seat]
    if phase is Phase.MODE:
        return choose_mode(state.hands[seat], state.bids[seat] or 0, hands)
    if phase is Phase.ROSIE:
        return choose_lead(seat, need, state.num_players)
    if phase is Phase.WILL:
        return choose_discard(state.hands[seat], need)
    if phase is Phase.WAGER:
        return choose_wager(need, state.cards - len(state.tricks))
    return choose_adjust(state.legal_actions(), state.bids[seat] or 0, state.tricks_won[seat])


# ---- sampling the unseen cards ------------------------------------------------------------------


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


def sample_state(obs: Observation, rng: random.Random) -> SkullKingState:
    """One determinization: a full state the searcher may look into, since it invented it."""
    world = sample_hidden(obs, rng)
    hands = len(obs.hand_sizes)
    bids = {
        p: estimate_bid(world.hands[p], hands)
        for p in range(obs.num_players)
        if obs.has_bid[p] and obs.bids[p] is None
    }
    modes = {
        p: Mode(choose_mode(world.hands[p], obs.bids[p] or bids.get(p, 0), hands)[5:])
        for p in range(obs.num_players)
        if obs.has_mode[p] and obs.modes[p] is None
    }
    seed = int(rng.random() * 2**31)
    return SkullKingState.from_observation(
        obs, world.hands, world.undealt, world.discards, bids, modes, seed
    )


# ---- the strong bot ------------------------------------------------------------------------------


class StrongBot:
    """Determinized Monte Carlo over the information set (open_spiel's resample_from_infostate).

    Every candidate is played out to the end of the round on the same sampled worlds (common
    random numbers) and scored as own points minus a share of the others' mean. The budget is
    work, not time: `rollouts` per decision (300: about 0.05 s median, 0.2 s worst on the 2-core
    dev machine), so a loaded machine plays the same game, only slower. `max_seconds` is a safety
    net far above that; when it cuts a search short, `clock_stops` counts it (self-play reports
    it), since that decision may then differ from an unhurried one.
    """

    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        rollouts: int = 300,
        min_samples: int = 12,
        max_seconds: float = 5.0,
        opponent_weight: float = 0.5,
        bid_spread: int = 2,
    ) -> None:
        self.rng = rng
        self.rollouts = rollouts
        self.min_samples = min_samples
        self.max_seconds = max_seconds
        self.opponent_weight = opponent_weight
        self.bid_spread = bid_spread
        self.clock_stops = 0  # decisions the safety net cut short

    def candidates(self, obs: Observation, legal: Sequence[str]) -> list[str]:
        if obs.phase is not Phase.BID:
            return list(legal)
        guess = estimate_bid(obs.hand, len(obs.hand_sizes))
        low, high = guess - self.bid_spread, guess + self.bid_spread
        return [a for a in legal if int(a[4:]) == 0 or low <= int(a[4:]) <= high]

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.ADJUST:  # all is public by then: the exact answer needs no search
            return choose_adjust(legal, obs.bids[obs.player] or 0, obs.tricks_won[obs.player])
        cands = self.candidates(obs, legal)
        samples = max(self.min_samples, self.rollouts // len(cands))
        totals = [0.0] * len(cands)
        deadline = time.perf_counter() + self.max_seconds
        for done in range(1, samples + 1):
            world = sample_state(obs, self.rng)
            for j, action in enumerate(cands):
                trial = world.clone()
                trial.apply_unchecked(action)
                totals[j] += self._rollout(trial, obs.player)
            if done < samples and time.perf_counter() > deadline:
                self.clock_stops += 1
                break
        best = max(range(len(cands)), key=lambda j: totals[j])
        return cands[best]

    def _rollout(self, state: SkullKingState, me: int) -> float:
        """Heuristic play for every seat to the end of this round (a search world stops there)."""
        while state.phase is not Phase.OVER:
            state.apply_unchecked(rollout_action(state, state.current_player()))
        totals = state.rounds[-1].totals
        others = (sum(totals) - totals[me]) / (len(totals) - 1)
        return totals[me] - self.opponent_weight * others


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: 'random', 'heuristic' or 'strong' (+ settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
