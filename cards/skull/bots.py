"""Skull computer players: random, three table characters (cautious, bold, bluffer) and strong.

The characters are one rule-based policy with different nerves: how often they lay their Skull,
how many cards they like down before bidding, how sure of success they want to be to open or
raise (surer as their own cards run out), how far past their own sure Flowers they open (a low
opening leaves the risk of raising to the others), and how often they bid with their own Skull
down. Every one of them reads the table the same way (`odds`): a stack whose owner's Skull is
known gone is safe, a stack whose owner bid is as risky as that owner's record of bluffing, any
other stack as risky as its owner's record of laying their Skull, the more so the more of their
cards lie in it. Nobody bids every card on the table without a good chance (`ALL_IN`): that bid
turns every Skull there is.

The characters vary (which Flower, how often the Skull, now and then a taller stack: all from
the seeded generator) and remember who caught a Challenger with Flowers over a Skull (`TRAP_FEAR`).

The strong bot searches: it samples worlds that agree with its observation (`belief.py`), tries
each candidate action in every world and plays the round out with the characters' policy, then
scores the position for its seat. Budgets are work (rollouts), never time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from cards.bots import RANDOM_WORDS, Bot, RandomBot
from cards.engine import pick
from cards.skull.belief import (
    HAND,
    habits,
    public_gone,
    read_belief,
    seeded,
    shown_since_loss,
)
from cards.skull.cards import is_skull
from cards.skull.rounds import RoundRecord
from cards.skull.state import Observation, Phase, SkullState


@dataclass(frozen=True, slots=True)
class Style:
    """One character's nerves (chances are per decision)."""

    name: str
    skull_first: float  # lays its Skull as the round's first card
    skull_later: float  # adds its Skull on a later placement
    stack_target: int  # cards it likes on its own stack before it bids
    open_nerve: float  # the least chance of success it opens the bidding at
    raise_nerve: float  # the least chance of success it raises at
    raise_steps: int  # how far above the bid it raises at most
    open_over: int  # how many cards past its own sure Flowers it opens at most
    open_high: float  # now and then opens high instead: on less nerve, past `open_over`
    bluff: float  # bids or raises with its own Skull down
    keep_flowers: int  # Flowers it wants left before it keeps its Skull in a discard
    suspicion: float  # how far it fears a silent stack beyond its owner's record (1: as is)
    fear: float  # how much surer it wants to be as its own cards run out (0: not at all)
    # With two players left, passing hands the only other player the challenge, and a Skull
    # laid to guard one's stack stops nobody who bids on their own cards: a character may play
    # a duel bolder than a full table (its nerve and its chance of laying the Skull times these)
    duel_nerve: float = 1.0
    duel_skull: float = 1.0
    # the nerve added for each player still in beyond three: among many bidders the highest
    # hope wins the bid, and is the likeliest too high (six bold players won a fifth of their
    # challenges, and a game took 16 rounds)
    crowd: float = 0.0
    # the chance it lays one card more than it likes before bidding, so its stack's height
    # tells little (not Cautious: a taller stack of its own led it to raise to every card)
    vary_stack: float = 0.0


CAUTIOUS = Style("cautious", 0.65, 0.4, 1, 0.7, 0.6, 1, 1, 0.0, 0.03, 2, 1.2, 1.0, 0.7, 0.3)
BOLD = Style(
    "bold", 0.45, 0.25, 1, 0.4, 0.4, 3, 2, 0.1, 0.15, 2, 0.75, 0.3, crowd=0.08, vary_stack=0.25
)
BLUFFER = Style("bluffer", 0.6, 0.4, 1, 0.5, 0.55, 2, 1, 0.35, 0.5, 1, 1.0, 0.5, vary_stack=0.25)
STYLES = {s.name: s for s in (CAUTIOUS, BOLD, BLUFFER)}
ALL_IN = 0.6  # the least chance of success for a bid of every card on the table
HIGH_NERVE = 2 / 3  # a high opening's nerve, of the character's usual


@dataclass(slots=True)
class Seen:
    """What the policy reads: one seat's view, from an observation or from a search world."""

    me: int
    phase: Phase
    hand: Sequence[str]
    stack: Sequence[str]  # own stack, bottom first
    heights: Sequence[int]
    flipped: Sequence[int]
    bid: int
    open_bid: bool
    gone: Sequence[bool]  # whose Skull everyone knows is gone
    bidders: Collection[int]  # who bid this round, as far as seen
    bluff: Sequence[float]  # per seat: how often it bids with its Skull down
    skulls: Sequence[float]  # per seat: how often its Skull lies in its stack in a round
    left: Sequence[int]  # per seat: cards left, in hand and on the table
    traps: Sequence[int] = ()  # per seat: rounds it caught a Challenger with Flowers over its Skull


# ---- reading the table ------------------------------------------------------------------------


def clean_run(stack: Sequence[str]) -> int:
    """Flowers above the topmost Skull of one's own stack (all of it if clean): sure flips."""
    run = 0
    for code in reversed(stack):
        if is_skull(code):
            return run
        run += 1
    return run


# A stack's least chance of a Skull once its owner caught Challengers with Flowers over its Skull
# (once, twice, three times or more): every character learns it, the trusting Bold included
# (a play-tester walked Bold into the same trap three rounds running)
TRAP_FEAR = (0.0, 0.45, 0.7, 0.85)


def trap_counts(rounds: Sequence[RoundRecord], players: int) -> list[int]:
    """Per seat: the rounds another Challenger turned one of its Flowers, then its Skull."""
    out = [0] * players
    for rec in rounds:
        owner = rec.skull_owner
        if owner is None or owner == rec.challenger:
            continue
        if any(o == owner and not is_skull(c) for o, c in rec.revealed):
            out[owner] += 1
    return out


def odds(style: Style, seen: Seen, seat: int) -> float:
    """The chance `seat`'s stack hides a Skull, as this character judges it: a silent stack
    as its owner's record of laying their Skull, the more so the more of their cards it holds
    (one card of four: about three in ten, before anything is known of its owner), and at
    least `TRAP_FEAR` of its owner's traps so far."""
    if seen.gone[seat]:
        return 0.0
    traps = seen.traps[seat] if seen.traps else 0
    fear = TRAP_FEAR[min(traps, len(TRAP_FEAR) - 1)]
    if seat in seen.bidders:  # an honest bidder's stack is clean: trust it as far as its record
        return min(0.9, max(0.03, seen.bluff[seat], fear / 2))
    share = min(1.0, 0.5 + seen.heights[seat] / max(1, seen.left[seat]))
    return min(0.9, max(fear, style.suspicion * seen.skulls[seat] * share))


def duel(seen: Seen) -> bool:
    """Only two players still have cards."""
    return sum(1 for left in seen.left if left > 0) == 2


def nerve_now(style: Style, base: float, seen: Seen) -> float:
    """The least chance of success this character acts on, surer as its own cards run out
    (a lost challenge with one card left puts it out of the game); in a duel, times its
    `duel_nerve` (passing there gives the challenge away)."""
    lost = max(0, HAND - seen.left[seen.me])
    players_in = sum(1 for left in seen.left if left > 0)
    base = base + style.crowd * max(0, players_in - 3)
    nerve = min(0.95, base + (1.0 - base) * style.fear * lost / HAND)
    return nerve * style.duel_nerve if duel(seen) else nerve


def safeties(style: Style, seen: Seen) -> list[float]:
    """Each unturned card of the others' stacks: the chance it is a Flower given those above
    it were, best first (a stack's lower cards are riskier once its top ones were Flowers)."""
    out: list[float] = []
    for seat, height in enumerate(seen.heights):
        if seat == seen.me or height <= seen.flipped[seat]:
            continue
        q = odds(style, seen, seat)
        for j in range(seen.flipped[seat], height):
            left = 1.0 - q * j / height
            out.append(1.0 - (q / height) / left if left > 1e-9 else 0.0)
    out.sort(reverse=True)
    return out


def success_chances(style: Style, seen: Seen) -> list[float]:
    """chances[b]: the chance of turning b cards without a Skull, own stack first."""
    total = sum(seen.heights)
    chances = [1.0] * (total + 1)
    run, own = clean_run(seen.stack), len(seen.stack)
    clean = run == own
    p = 1.0
    cards = iter(safeties(style, seen))
    for b in range(1, total + 1):
        if b <= run:
            continue
        if not clean:
            chances[b] = 0.0
            continue
        p *= next(cards, 0.0)
        chances[b] = p
    return chances


def best_bid(chances: Sequence[float], nerve: float) -> int:
    """The highest bid made at least `nerve` sure (0: none); every card on the table (the last
    bid) only with a chance of `ALL_IN` or better."""
    best = 0
    last = len(chances) - 1
    for b in range(1, len(chances)):
        if chances[b] >= (max(nerve, ALL_IN) if b == last else nerve):
            best = b
    return best


def safest_stack(style: Style, seen: Seen, rng: random.Random) -> int:
    """The stack whose next card is most likely a Flower (ties: at random)."""
    best: list[int] = []
    top = -1.0
    for seat, height in enumerate(seen.heights):
        if seat == seen.me or height <= seen.flipped[seat]:
            continue
        q = odds(style, seen, seat)
        j = seen.flipped[seat]
        left = 1.0 - q * j / height
        safe = 1.0 - (q / height) / left if left > 1e-9 else 0.0
        if safe > top + 1e-9:
            best, top = [seat], safe
        elif abs(safe - top) <= 1e-9:
            best.append(seat)
    return pick(best, rng)


# ---- the characters' policy -------------------------------------------------------------------


def _skull(hand: Sequence[str]) -> str | None:
    return next((c for c in hand if is_skull(c)), None)


def _flower(
    hand: Sequence[str], prefer: Collection[str] = (), rng: random.Random | None = None
) -> str | None:
    """A Flower to lay: one the table has seen already if possible (it tells nothing new);
    with `rng`, any of them at random, so the same Flower does not mark the same stack round
    after round (a play-tester read Cautious's 7 of diamonds over its King three rounds
    running)."""
    flowers = [c for c in hand if not is_skull(c)]
    if not flowers:
        return None
    if rng is not None:
        return pick(sorted(set(flowers)), rng)
    return next((c for c in flowers if c in prefer), flowers[0])


VARY_SKULL = 0.15  # how far a character's chance of laying its Skull swings, either way


def choose_place(
    style: Style, seen: Seen, rng: random.Random, first: bool, prefer: Collection[str] = ()
) -> str:
    skull, flower = _skull(seen.hand), _flower(seen.hand, prefer, rng)
    chance = style.skull_first if first else style.skull_later
    chance += VARY_SKULL * (2 * rng.random() - 1)  # no fixed pattern to read
    if duel(seen):
        chance *= style.duel_skull  # a guard that stops nobody bidding on their own cards
    if skull and (flower is None or rng.random() < chance):
        return f"PLACE:{skull}"
    return f"PLACE:{flower}"


def choose_open(style: Style, seen: Seen, rng: random.Random, prefer: Collection[str] = ()) -> str:
    """Place another card, or open the bidding."""
    total = sum(seen.heights)
    target = style.stack_target + (style.vary_stack > 0 and rng.random() < style.vary_stack)
    if seen.hand and len(seen.stack) < target:
        return choose_place(style, seen, rng, False, prefer)
    chances = success_chances(style, seen)
    if chances[min(total, len(seen.stack))] > 0:  # a clean stack (or a Skull deep enough)
        return f"BID:{opening(style, seen, chances, rng)}"
    if rng.random() < style.bluff:  # Skull down: bid as if clean, to lure a raiser onto it
        return f"BID:{min(total, max(1, len(seen.stack) + int(rng.random() * 2)))}"
    run = clean_run(seen.stack)
    if run:  # Flowers over its own Skull: a bid it is sure of, and a trap for raisers
        return f"BID:{run}"
    if seen.hand:
        return choose_place(style, seen, rng, False, prefer)
    return "BID:1"


def opening(style: Style, seen: Seen, chances: Sequence[float], rng: random.Random) -> int:
    """An honest opening bid: what it dares, kept within `open_over` of its sure Flowers
    unless this is one of its high openings (made on a third less nerve: bravado, though
    never every card on the table without `ALL_IN`)."""
    nerve = nerve_now(style, style.open_nerve, seen)
    if style.open_high and rng.random() < style.open_high:
        return max(1, best_bid(chances, nerve * HIGH_NERVE))
    dare = max(1, best_bid(chances, nerve))
    return max(1, min(dare, clean_run(seen.stack) + style.open_over))


def choose_raise(style: Style, seen: Seen, rng: random.Random) -> str:
    """Raise, or pass (hold with Open Bid)."""
    stay = "HOLD" if seen.open_bid else "PASS"
    total = sum(seen.heights)
    bid = seen.bid
    if bid >= total:
        return stay
    chances = success_chances(style, seen)
    target = best_bid(chances, nerve_now(style, style.raise_nerve, seen))
    if target > bid:
        return f"BID:{min(target, bid + style.raise_steps)}"
    skull_down = clean_run(seen.stack) < len(seen.stack)
    if skull_down and bid < len(seen.stack) + 1 and rng.random() < style.bluff:
        return f"BID:{bid + 1}"  # a bluff raise while the bid is still believable
    return stay


def choose_discard(style: Style, hand: Sequence[str]) -> str:
    """Own Skull hit: keep the Skull while enough Flowers stay with it, else let it go."""
    skull = _skull(hand)
    flowers = [c for c in hand if not is_skull(c)]
    if skull is None:
        return f"DISCARD:{flowers[0]}"
    if len(flowers) - 1 >= style.keep_flowers or len(flowers) == 0:
        return f"DISCARD:{flowers[0]}" if flowers else f"DISCARD:{skull}"
    return f"DISCARD:{skull}"


def choose(style: Style, seen: Seen, rng: random.Random, prefer: Collection[str] = ()) -> str:
    """The character's action; built from the rules, so rollouts need no legal list."""
    phase = seen.phase
    if phase is Phase.FIRST:
        return choose_place(style, seen, rng, True, prefer)
    if phase is Phase.PLACE:
        return choose_open(style, seen, rng, prefer)
    if phase is Phase.BID:
        return choose_raise(style, seen, rng)
    if phase is Phase.REVEAL:
        me = seen.me
        if seen.flipped[me] < len(seen.stack):
            return f"FLIP:{me}"
        return f"FLIP:{safest_stack(style, seen, rng)}"
    if phase is Phase.DISCARD:
        return choose_discard(style, seen.hand)
    raise ValueError(f"no policy for phase {phase}")


# ---- the character bots ---------------------------------------------------------------------


class Memory:
    """Who this seat saw bidding, per round (an observation shows only the latest bidder)."""

    def __init__(self) -> None:
        self.round = -1
        self.bidders: set[int] = set()

    def see(self, obs: Observation) -> set[int]:
        if obs.round_index != self.round:
            self.round, self.bidders = obs.round_index, set()
        if obs.bidder is not None and obs.bidder != obs.player:
            self.bidders.add(obs.bidder)
        return self.bidders


def bluff_rates(obs: Observation) -> list[float]:
    return [habits(obs.rounds, p).bluff_rate for p in range(obs.num_players)]


def skull_rates(obs: Observation) -> list[float]:
    """Per seat: how often its Skull lay in its stack, from the rounds so far."""
    return [habits(obs.rounds, p).skull_rate for p in range(obs.num_players)]


def seen_from_obs(obs: Observation, bidders: Collection[int]) -> Seen:
    return Seen(
        obs.player,
        obs.phase,
        obs.hand,
        obs.my_stack,
        obs.stack_heights,
        obs.flipped,
        obs.bid,
        obs.options.open_bid,
        obs.skull_gone,
        bidders,
        bluff_rates(obs),
        skull_rates(obs),
        obs.cards_left,
        trap_counts(obs.rounds, obs.num_players),
    )


def my_shown(obs: Observation) -> list[str]:
    """This seat's Flowers the table saw since its last loss: laying them leaks nothing new."""
    return shown_since_loss(obs)[obs.player]


class StyleBot:
    """A table character: one `Style` of the shared rule-based policy."""

    def __init__(self, rng: random.Random, style: Style) -> None:
        self.rng = rng
        self.style = style
        self.name = style.name
        self.memory = Memory()

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        bidders = self.memory.see(obs)
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.DRAW:  # the positions are shuffled: any is as good
            return pick(legal, self.rng)
        seen = seen_from_obs(obs, bidders)
        action = choose(self.style, seen, self.rng, my_shown(obs))
        return action if action in legal else pick(legal, self.rng)


def cautious(rng: random.Random) -> StyleBot:
    """Guards its stack with its Skull more often than not and never bids past it; opens low
    (its own stack and one card more), raises one card at a time and only to what it is sure
    of (surer still with few cards left), passes early, rarely bluffs. In a duel (two players
    left) it lays Flowers more and contests bids on less nerve: there, passing gives the one
    other player the challenge (it lost 0.40 of two-player games to random play before)."""
    return StyleBot(rng, CAUTIOUS)


def bold(rng: random.Random) -> StyleBot:
    """Bids early and high, raises in big steps, trusts the table."""
    return StyleBot(rng, BOLD)


def bluffer(rng: random.Random) -> StyleBot:
    """Lays its Skull often and bids on it anyway, to draw raisers onto it; now and then opens
    higher than it is sure of."""
    return StyleBot(rng, BLUFFER)


# ---- the strong bot -----------------------------------------------------------------------------

# A seat's chance of winning from its cards left and Win Markers, before the next round.
_CARDS_WORTH = (0.0, 0.3, 0.6, 0.85, 1.0)
_MARKERS_WORTH = (1.0, 3.0)


def position_value(state: SkullState, me: int) -> float:
    """`me`'s share of the table's strength once the round is settled (1/0 at the end)."""
    if state.winner is not None:
        return 1.0 if state.winner == me else 0.0
    total = mine = 0.0
    for p in range(state.num_players):
        left = len(state.hands[p]) + len(state.stacks[p])
        worth = _CARDS_WORTH[min(left, HAND)] * _MARKERS_WORTH[min(state.won[p], 1)]
        total += worth
        if p == me:
            mine = worth
    return mine / total if total else 0.0


# How the strong bot judges a bid it would make: the table read plainly (suspicion 1, no fear)
JUDGE = Style("judge", 0.0, 0.0, 1, 0.0, 0.0, 0, 0, 0.0, 0.0, 2, 1.0, 0.0)
# the least chance of making a bid on others' cards it stakes a card on, by its cards left (a
# lost challenge on its last card puts it out: a play-tester saw it bid 5 of 6 on its last card)
SURVIVE = (0.0, 0.8, 0.6, 0.45, 0.35)
OUTBID = 0.35  # the chance each other player still in raises a low bid (a person seldom does)
BLUFF_GAIN = 0.5  # what an outbid bluff wins: the raiser turns its Skull about half the time
BLUFF_COST = (9.0, 9.0, 9.0, 1.5, 1.0)  # what a called bluff costs, by its cards left


def bluff_pays(obs: Observation) -> bool:
    """Whether a low bid on its own Skull wins in expectation: it pays only if someone raises
    (then the raiser may turn that Skull), and costs a card if nobody does (never staked on one
    of its last two cards)."""
    me = obs.player
    others = sum(
        1
        for p in range(obs.num_players)
        if p != me and obs.cards_left[p] > 0 and not (obs.phase is Phase.BID and obs.passed[p])
    )
    outbid = 1.0 - (1.0 - OUTBID) ** others
    cost = BLUFF_COST[min(obs.cards_left[me], HAND)]
    return outbid * BLUFF_GAIN > (1.0 - outbid) * cost


def judged_bids(obs: Observation, bids: Sequence[str], bidders: Collection[int]) -> list[str]:
    """The bids the strong bot may search: those within the Flowers on top of its own stack,
    a bluff on its own Skull only when `bluff_pays`, and a bid on others' cards only when it
    will likely turn them (`SURVIVE`, by its cards left; the stacks judged by their owners'
    records, traps and bids this round)."""
    stack = obs.my_stack
    run = clean_run(stack)
    skull_down = run < len(stack)
    chances = success_chances(JUDGE, seen_from_obs(obs, bidders))
    need = SURVIVE[min(obs.cards_left[obs.player], HAND)]
    pays = skull_down and bluff_pays(obs)
    out: list[str] = []
    for action in bids:
        bid = int(action[4:])
        if bid <= run or (pays if skull_down else chances[bid] >= need):
            out.append(action)
    return out


@dataclass(slots=True)
class Search:
    """One decision's fixed context for its rollouts."""

    me: int
    horizon: int  # stop once this many rounds are finished
    gone: list[bool]
    bluff: list[float]
    skulls: list[float]
    bidders: set[int]
    open_bid: bool
    traps: list[int]


def _seen_in_world(state: SkullState, seat: int, ctx: Search, bidders: set[int]) -> Seen:
    return Seen(
        seat,
        state.phase,
        state.hands[seat],
        state.stacks[seat],
        [len(s) for s in state.stacks],
        state.flipped,
        state.bid,
        ctx.open_bid,
        ctx.gone,
        bidders,
        ctx.bluff,
        ctx.skulls,
        [len(h) + len(s) for h, s in zip(state.hands, state.stacks, strict=True)],
        ctx.traps,
    )


def rollout(state: SkullState, styles: Sequence[Style], ctx: Search, rng: random.Random) -> float:
    """Play the characters' policy to the end of the horizon, then score it for `ctx.me`."""
    bidders = set(ctx.bidders)
    round_index = state.round_index
    while True:
        phase = state.phase
        if phase is Phase.OVER or (phase is Phase.FIRST and len(state.rounds) >= ctx.horizon):
            break
        if state.round_index != round_index:
            round_index, bidders = state.round_index, set()
        seat = state.current_player()
        if phase is Phase.DRAW:
            action = f"DRAW:{int(rng.random() * len(state.draw_order))}"
        else:
            action = choose(styles[seat], _seen_in_world(state, seat, ctx, bidders), rng)
            if action[0] == "B":
                bidders.add(seat)
        state.apply_unchecked(action)
    return position_value(state, ctx.me)


class StrongBot:
    """Determinized Monte Carlo over its information set, with the characters as playout policy.

    Each sampled world (belief.py: opponents' stacks and hands guessed from their habits, losses
    and what showed) gives every candidate one rollout with the same random numbers. Its bluffs
    (bids past the Flowers above its own Skull) are deliberate, the search finds they pay
    (tools/skull_bluffs.py: 160 seeded games, 0.400 of them won with bluffs, 0.356 without), but
    kept cheap: never more than `bluff_reach` above the lowest bid (issue 40: it bid 4 of 7 with
    its Skull alone on its stack, and lost a card). It searches only the bids `judged_bids`
    allows: a bluff when enough players are still in to raise it and it has three cards or
    more, a bid on others' cards when it will likely turn them (surer as its cards run out),
    so a play-tester's run of overbids into Skulls, the last on its last card, is gone. The budget is
    `rollouts` per decision; `max_seconds` is a safety net far above it, and when it cuts a search
    short `clock_stops` counts it (self-play reports it).
    """

    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        rollouts: int = 240,
        min_samples: int = 12,
        max_seconds: float = 2.0,
        max_bids: int = 4,
        bluff_skull: float = 1.0,
        bluff_reach: int = 1,
    ) -> None:
        self.rng = rng
        self.bluff_skull = float(bluff_skull)
        self.bluff_reach = int(bluff_reach)
        self.rollouts = int(rollouts)
        self.min_samples = int(min_samples)
        self.max_seconds = float(max_seconds)
        self.max_bids = int(max_bids)
        self.clock_stops = 0
        self.memory = Memory()

    def candidates(
        self, obs: Observation, legal: Sequence[str], bidders: Collection[int] = ()
    ) -> list[str]:
        """The legal actions worth telling apart: one Flower of several, a few bids it judges
        it can make (`judged_bids`; the lowest if it must bid)."""
        hand = obs.hand
        out: list[str] = []
        skull, flower = _skull(hand), _flower(hand, my_shown(obs))
        for code in (skull, flower):
            if code is not None and f"PLACE:{code}" in legal:
                out.append(f"PLACE:{code}")
            if code is not None and f"DISCARD:{code}" in legal:
                out.append(f"DISCARD:{code}")
        bids = [a for a in legal if a.startswith("BID:")]
        bids = self._honest_bids(obs, bids, legal)
        free = any(a in ("PASS", "HOLD") or a.startswith("PLACE:") for a in legal)
        judged = judged_bids(obs, bids, bidders)
        out += (judged or ([] if free else bids[:1]))[: self.max_bids]
        out += [a for a in legal if a in ("PASS", "HOLD") or a.startswith("FLIP:")]
        return out or list(legal)

    def _honest_bids(self, obs: Observation, bids: list[str], legal: Sequence[str]) -> list[str]:
        """The bids it considers: with a Skull in its own stack, a bid past the Flowers above
        it turns that Skull (a bluff: it pays only if someone outbids it, and a low one
        invites that most); `bluff_skull` is the chance it weighs such bids at all, and
        `bluff_reach` how far above the lowest bid they may go. Without them, a bid it must
        make is the lowest."""
        stack = obs.my_stack
        if not bids or not any(is_skull(c) for c in stack):
            return bids
        run = clean_run(stack)
        lowest = int(bids[0][4:])
        if self.bluff_skull >= 1.0 or (
            self.bluff_skull > 0.0 and self.rng.random() < self.bluff_skull
        ):
            reach = max(run, lowest + self.bluff_reach)
            return [a for a in bids if int(a[4:]) <= reach]
        honest = [a for a in bids if int(a[4:]) <= run]
        free = any(a in ("PASS", "HOLD") or a.startswith("PLACE:") for a in legal)
        return honest or ([] if free else bids[:1])

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        bidders = self.memory.see(obs)
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.DRAW:
            return pick(legal, self.rng)
        cands = self.candidates(obs, legal, bidders)
        if len(cands) == 1:
            return cands[0]
        totals = self._search(obs, cands, bidders)
        return cands[max(range(len(cands)), key=totals.__getitem__)]

    def _search(self, obs: Observation, cands: list[str], bidders: set[int]) -> list[float]:
        rng = seeded(self.rng, "skull-strong")
        belief = read_belief(obs, bidders, rng)
        template = SkullState.public_template(obs)
        ctx = Search(
            obs.player,
            len(obs.rounds) + 1,
            public_gone(obs),
            bluff_rates(obs),
            skull_rates(obs),
            set(bidders),
            obs.options.open_bid,
            trap_counts(obs.rounds, obs.num_players),
        )
        chars = list(STYLES.values())
        samples = max(self.min_samples, self.rollouts // len(cands))
        totals = [0.0] * len(cands)
        deadline = time.perf_counter() + self.max_seconds
        for done in range(1, samples + 1):
            world = SkullState.from_view(obs, rng, belief, template)
            styles = [pick(chars, rng) for _ in range(obs.num_players)]
            styles[obs.player] = CAUTIOUS
            seed = int(rng.random() * 2**31)
            for j, action in enumerate(cands):
                trial = world.clone()
                trial.apply_unchecked(action)
                totals[j] += rollout(trial, styles, ctx, random.Random(seed))
            if done < samples and time.perf_counter() > deadline:
                self.clock_stops += 1
                break
        return totals


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "cautious": cautious,
    "bold": bold,
    "bluffer": bluffer,
    "strong": StrongBot,
}

# Each in a newcomer's words: a plain name and how it plays (GameEntry.bot_words).
BOT_WORDS = {
    "random": RANDOM_WORDS,
    "cautious": (
        "Cautious",
        "Cautious: bids only what it is sure of, seldom bluffs",
    ),
    "bold": ("Bold", "Bold: bids early and high, and raises in big steps"),
    "bluffer": (
        "Bluffer",
        "Bluffer: lays its Skull often and bids on it anyway",
    ),
    "strong": (
        "Expert",
        "Expert: guesses the stacks from how each player plays",
    ),
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: a name of `BOTS` (+ the strong bot's settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)
