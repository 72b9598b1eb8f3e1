"""Skull King computer players: random, heuristic and strong (determinized Monte Carlo search).

Bots act from `observation(seat)` and the legal actions only. The strong bot samples the cards it
cannot see (respecting what it saw: cards played, suits a player failed to follow, Juanita's look)
and plays each candidate out on clones of those imagined worlds with the heuristic policy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cards.bots import RANDOM_WORDS, Bot, RandomBot
from cards.engine import pick
from cards.skull_king.cards import KIND, RANK, TRUMP, Kind
from cards.skull_king.state import Observation, Phase, SkullKingState
from cards.skull_king.tricks import legal_plays, trick_winner
from cards.skull_king.worlds import choose_mode, estimate_bid

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
        zero_sure: float = 0.8,
    ) -> None:
        self.rng = rng
        self.rollouts = rollouts
        self.min_samples = min_samples
        self.max_seconds = max_seconds
        self.opponent_weight = opponent_weight
        self.bid_spread = bid_spread
        self.zero_sure = zero_sure
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
        if obs.phase is Phase.BID:
            # one card: no trick to duck, so the worlds' 0 is as sure as the card makes it (a
            # lone yellow 5 was hinted "Bid 1", winning about 3 rounds in 10: a play-test)
            sure = self.zero_sure if len(obs.hand) > 1 else 0.0
            return best_bid(self.weigh(obs, legal), sure)
        outcomes = self.weigh(obs, legal)
        return max(outcomes, key=lambda a: outcomes[a].value)

    def weigh(self, obs: Observation, legal: Sequence[str]) -> dict[str, Outcome]:
        """Each candidate played out on the same sampled worlds: its mean value (own points
        less a share of the others'), own points, and how often the round's bid came out exact."""
        cands = self.candidates(obs, legal)
        samples = max(self.min_samples, self.rollouts // len(cands))
        totals = [0.0] * len(cands)
        own = [0.0] * len(cands)
        exact = [0] * len(cands)
        deadline = time.perf_counter() + self.max_seconds
        done = 0
        for done in range(1, samples + 1):
            world = SkullKingState.from_view(obs, self.rng)
            for j, action in enumerate(cands):
                trial = world.clone()
                trial.apply_unchecked(action)
                value, mine, hit = self._rollout(trial, obs.player)
                totals[j] += value
                own[j] += mine
                exact[j] += hit
            if done < samples and time.perf_counter() > deadline:
                self.clock_stops += 1
                break
        n = max(done, 1)
        return {a: Outcome(totals[j] / n, own[j] / n, exact[j] / n) for j, a in enumerate(cands)}

    def _rollout(self, state: SkullKingState, me: int) -> tuple[float, int, bool]:
        """Heuristic play for every seat to the end of this round (a search world stops there):
        the value searched on, own points, and whether own bid came out exact."""
        while state.phase is not Phase.OVER:
            state.apply_unchecked(rollout_action(state, state.current_player()))
        line = state.rounds[-1]
        totals = line.totals
        others = (sum(totals) - totals[me]) / (len(totals) - 1)
        return totals[me] - self.opponent_weight * others, totals[me], line.lines[me].exact


@dataclass(frozen=True, slots=True)
class Outcome:
    """A candidate's record over the sampled worlds."""

    value: float  # mean of own points less a share of the others' (what the search maximises)
    points: float  # mean own points for the round
    exact: float  # share of worlds where the bid came out exact


def best_bid(outcomes: dict[str, Outcome], zero_sure: float) -> str:
    """The best-valued bid, but a bid of 0 only when nearly every world kept it: the worlds are
    played out by the heuristic for everyone, which ducks more easily than people and the strong
    player do (self-play: 7 of its 16 bids of 0 failed), and a failed 0 costs 10 a card."""
    allowed = {a: o for a, o in outcomes.items() if a != "BID:0" or o.exact >= zero_sure}
    return max(allowed or outcomes, key=lambda a: (allowed or outcomes)[a].value)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}

# Each in a newcomer's words: a plain name and how it plays (GameEntry.bot_words).
BOT_WORDS = {
    "random": RANDOM_WORDS,
    "heuristic": (
        "Steady",
        "Steady: bids the tricks it expects, then plays to make them",
    ),
    "strong": ("Expert", "Expert: tries each card in many guessed deals first"),
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: 'random', 'heuristic' or 'strong' (+ settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
