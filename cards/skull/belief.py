"""What one Skull seat can infer from its observation, and imagined worlds that agree with it.

Everything here reads an `Observation` (and what the bot itself remembered of earlier
observations), never a state's hidden fields: the strong bot builds `SkullState` objects from
these guesses and may then look into them, since it invented them.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from cards.engine import make_rng, pick, shuffled
from cards.skull.cards import NUMBERS, SKULL_RANK, SUITS, card, is_skull, rank_of, suit_of
from cards.skull.state import Observation, Outcome, Phase, RoundRecord, SkullState, sort_hand

HAND = 4  # each player starts with one Skull and three Flowers
_LOSS_PENDING = (Phase.DISCARD, Phase.DRAW)


def loss_applied(rounds: Sequence[RoundRecord], index: int, phase: Phase) -> bool:
    """Whether round `index`'s lost card is gone already (not while its owner still chooses)."""
    return index < len(rounds) - 1 or phase not in _LOSS_PENDING


def since_loss_rounds(obs: Observation) -> list[list[list[str]]]:
    """Per seat, per round since it last lost a card, its cards turned up: all still its own."""
    out: list[list[list[str]]] = [[] for _ in range(obs.num_players)]
    for i, rec in enumerate(obs.rounds):
        for seat in {owner for owner, _ in rec.revealed}:
            out[seat].append([code for owner, code in rec.revealed if owner == seat])
        if rec.outcome is not Outcome.WON and loss_applied(obs.rounds, i, obs.phase):
            out[rec.challenger] = []
    if obs.phase is Phase.REVEAL:  # afterwards the round's cards are in `rounds` already
        for seat in {owner for owner, _ in obs.revealed}:
            out[seat].append([code for owner, code in obs.revealed if owner == seat])
    return out


def shown_since_loss(obs: Observation) -> list[list[str]]:
    """Per seat, the cards turned up since it last lost one (the engine's own bookkeeping)."""
    return [[code for group in seat for code in group] for seat in since_loss_rounds(obs)]


def flowers_still_held(obs: Observation, groups: list[list[str]]) -> list[str]:
    """Flowers a seat must still hold: each seen since its last loss (three identical Flowers
    with three decks: as many as one round showed at once)."""
    if obs.options.decks == 1:
        return [c for c in dict.fromkeys(c for g in groups for c in g) if not is_skull(c)]
    most: list[str] = []
    for group in groups:
        flowers = [c for c in group if not is_skull(c)]
        most = flowers if len(flowers) > len(most) else most
    return most


def public_gone(obs: Observation) -> list[bool]:
    """Whose Skull everyone at the table can tell is gone (the one-deck leak), this seat's too."""
    gone = list(obs.skull_gone)
    me = obs.player
    if obs.options.decks == 1:
        flowers = {c for c in shown_since_loss(obs)[me] if not is_skull(c)}
        gone[me] = obs.cards_left[me] > 0 and len(flowers) >= obs.cards_left[me]
    else:
        gone[me] = False
    return gone


@dataclass(frozen=True, slots=True)
class Habits:
    """How one opponent has played so far, as counts a Beta prior turns into rates."""

    bluffs: float  # rounds it won the bidding with its own Skull down
    honest: float  # rounds it won the bidding with a clean stack
    hits: float  # rounds a Skull was found on its stack
    misses: float  # rounds its stack was turned (partly) without a Skull

    @property
    def bluff_rate(self) -> float:
        """How often it bids with its Skull down (prior: about one in five)."""
        return (0.6 + self.bluffs) / (3.0 + self.bluffs + self.honest)

    @property
    def skull_rate(self) -> float:
        """How often its Skull is on its stack in a round (prior: about two in five)."""
        return (1.2 + self.hits) / (3.0 + self.hits + self.misses)


def habits(rounds: Sequence[RoundRecord], seat: int) -> Habits:
    """Read one seat's bluffing and Skull-laying habits from the finished rounds."""
    bluffs = honest = hits = misses = 0.0
    for rec in rounds:
        own = [code for owner, code in rec.revealed if owner == seat]
        if rec.challenger == seat:
            if rec.outcome is Outcome.OWN_SKULL:
                bluffs += 1
            elif any(owner != seat for owner, _ in rec.revealed):
                honest += 1  # its whole stack was turned first: clean
            else:
                honest += 0.5  # made the bid within its own stack: clean on top at least
        if rec.skull_owner == seat:
            hits += 1
        elif own and rec.challenger != seat:
            misses += 0.5 * min(len(own), 2)
        elif own and any(owner != seat for owner, _ in rec.revealed):
            misses += 1
    return Habits(bluffs, honest, hits, misses)


def skull_held_chance(obs: Observation, seat: int) -> float:
    """The chance `seat` (not this one) still holds its Skull, from its losses and what showed."""
    if obs.cards_left[seat] == 0 or obs.skull_gone[seat]:
        return 0.0
    chance = 1.0
    losses = 0
    draws = [code for giver, code in obs.my_draws if giver == seat]
    for i, rec in enumerate(obs.rounds):
        if any(owner == seat and is_skull(code) for owner, code in rec.revealed):
            chance = 1.0  # it was there then
        if rec.challenger != seat or rec.outcome is Outcome.WON:
            continue
        if not loss_applied(obs.rounds, i, obs.phase):
            continue
        size = HAND - losses
        losses += 1
        if rec.skull_owner == obs.player and draws:
            chance = 0.0 if is_skull(draws.pop(0)) else chance  # this seat drew it: knows
        elif rec.outcome is Outcome.OWN_SKULL:
            chance *= 0.85 if size > 2 else 0.45  # chosen: most keep the Skull while they can
        else:
            chance *= 1 - 1 / size
    return chance


@dataclass(frozen=True, slots=True)
class Kit:
    """One opponent's four cards as imagined: its Skull and its three Flowers."""

    skull: str
    flowers: tuple[str, str, str]


def _taken_cards(obs: Observation) -> set[str]:
    """Cards that cannot be an opponent's: this seat's own and the Win Markers."""
    mine = {*obs.hand, *obs.my_stack, *obs.my_lost}
    return mine | {c for pair in obs.markers for c in pair}


def _seen_cards(obs: Observation, seat: int) -> list[str]:
    """Every card of `seat` this seat has seen: turned up, or drawn from it."""
    return [*obs.shown[seat], *(code for giver, code in obs.my_draws if giver == seat)]


def imagine_kits(obs: Observation, rng: random.Random) -> dict[int, Kit]:
    """Card faces for every opponent, agreeing with all that showed; unseen faces are guessed.

    Faces matter little to play, but the one-deck leak (`skull_gone`) counts distinct Flowers,
    so a world must use real, distinct cards wherever the table saw them.
    """
    taken = _taken_cards(obs)
    seen = {p: _seen_cards(obs, p) for p in range(obs.num_players) if p != obs.player}
    used_kings = {c for cards in seen.values() for c in cards if is_skull(c)}
    used_numbers = {rank_of(c) for c in (*obs.hand, *obs.my_stack, *obs.my_lost)}
    for cards in seen.values():
        used_numbers.update(rank_of(c) for c in cards if not is_skull(c))
    one_deck = obs.options.decks == 1
    kits: dict[int, Kit] = {}
    for p, cards in seen.items():
        kings = [c for c in cards if is_skull(c)]
        if kings:
            king = kings[0]
        else:
            free = [card(SKULL_RANK, s) for s in SUITS]
            if one_deck:
                free = [c for c in free if c not in taken and c not in used_kings] or free
            king = pick(free, rng)
            used_kings.add(king)
        flowers = [c for c in dict.fromkeys(cards) if not is_skull(c)]
        kits[p] = Kit(king, _flowers(flowers, one_deck, taken, used_numbers, rng))
    return kits


def _flowers(
    known: list[str], one_deck: bool, taken: set[str], used: set[str], rng: random.Random
) -> tuple[str, str, str]:
    """Three Flowers holding the ones seen: one number in three suits, or one card three times."""
    if not one_deck:
        code = known[0] if known else pick(_free_codes(taken, used), rng)
        used.add(rank_of(code))
        return (code, code, code)
    if known:
        number = rank_of(known[0])
    else:
        options = [n for n in NUMBERS if n not in used and _suits_free(n, taken) >= 3]
        number = pick(options or [n for n in NUMBERS if n not in used] or list(NUMBERS), rng)
        used.add(number)
    suits = [suit_of(c) for c in known]
    spare = [s for s in shuffled(SUITS, rng) if s not in suits and card(number, s) not in taken]
    spare += [s for s in SUITS if s not in suits and s not in spare]
    suits += spare[: 3 - len(suits)]
    return tuple(card(number, s) for s in suits[:3])  # type: ignore[return-value]


def _free_codes(taken: set[str], used: set[str]) -> list[str]:
    return [card(n, s) for n in NUMBERS for s in SUITS if n not in used and card(n, s) not in taken]


def _suits_free(number: str, taken: set[str]) -> int:
    return sum(card(number, s) not in taken for s in SUITS)


@dataclass(slots=True)
class Belief:
    """This seat's view of every opponent, read once per decision, sampled once per world."""

    obs: Observation
    kits: dict[int, Kit]
    held: list[float]  # chance each still holds its Skull
    on_stack: list[float]  # chance its Skull is on its stack, if held
    since_loss: list[list[list[str]]]  # per seat, per round since its last loss: cards shown


def read_belief(obs: Observation, bidders: Collection[int], rng: random.Random) -> Belief:
    """Belief about each opponent: Skull still held, and on the stack now (bidders bluff less)."""
    n = obs.num_players
    held = [0.0] * n
    on_stack = [0.0] * n
    for p in range(n):
        if p == obs.player or not obs.cards_left[p]:
            continue
        held[p] = skull_held_chance(obs, p)
        habit = habits(obs.rounds, p)
        height = obs.stack_heights[p]
        if p in bidders:
            on_stack[p] = habit.bluff_rate
        else:
            share = min(1.0, height / max(1, obs.cards_left[p]))
            on_stack[p] = min(0.95, habit.skull_rate * (0.5 + share))
    return Belief(obs, imagine_kits(obs, rng), held, on_stack, since_loss_rounds(obs))


def _held_cards(belief: Belief, p: int, rng: random.Random) -> list[str]:
    """The cards `p` still has (in hand and on its stack) in one imagined world."""
    obs = belief.obs
    kit = belief.kits[p]
    left = obs.cards_left[p]
    groups = belief.since_loss[p]
    seen_skull = any(is_skull(c) for g in groups for c in g)
    must_keep = flowers_still_held(obs, groups)
    has_skull = seen_skull or rng.random() < belief.held[p]
    if obs.skull_gone[p] or left <= len(must_keep):
        has_skull = seen_skull
    flowers_left = left - has_skull
    if obs.options.decks == 1:
        spare = [c for c in kit.flowers if c not in must_keep]
        flowers = must_keep + shuffled(spare, rng)
    else:
        flowers = list(kit.flowers)
    held = flowers[:flowers_left]
    return [kit.skull, *held] if has_skull else held


def _stack_and_hand(belief: Belief, p: int, held: list[str], rng: random.Random) -> tuple:
    """Split `p`'s cards into its stack (bottom first, turned cards on top) and its hand."""
    obs = belief.obs
    top = [c for o, c in obs.revealed if o == p] if obs.phase is Phase.REVEAL else []
    rest = list(held)
    for code in top:
        rest.remove(code)
    hidden = obs.stack_heights[p] - len(top)  # (`revealed` outlives the round: REVEAL only)
    skulls = [c for c in rest if is_skull(c)]
    flowers = shuffled([c for c in rest if not is_skull(c)], rng)
    in_hand = len(rest) - hidden
    skull_down = bool(skulls) and hidden > 0 and (in_hand == 0 or rng.random() < belief.on_stack[p])
    if skull_down:
        lower = flowers[: hidden - 1]
        lower.insert(int(rng.random() * hidden), skulls[0])
        hand = flowers[hidden - 1 :]
    else:
        lower, hand = flowers[:hidden], flowers[hidden:] + skulls
    stack = lower + top[::-1]  # turned top down: the first turned is the top card
    return stack, sort_hand(hand)


def sample_world(belief: Belief, rng: random.Random, template: SkullState) -> SkullState:
    """One determinization: `template` (the public facts) with every hidden card guessed."""
    obs = belief.obs
    world = template.clone()
    world.seed = int(rng.random() * 2**31)
    for p, kit in belief.kits.items():
        if not obs.cards_left[p]:
            world.hands[p], world.stacks[p] = [], []
            world.lost[p] = [kit.skull, *kit.flowers]
            continue
        held = _held_cards(belief, p, rng)
        lost = [kit.skull, *kit.flowers]
        for code in held:
            lost.remove(code)
        world.lost[p] = lost
        world.stacks[p], world.hands[p] = _stack_and_hand(belief, p, held, rng)
    if obs.phase is Phase.DRAW and obs.challenger is not None:
        world.draw_order = shuffled(world.hands[obs.challenger], rng)
    return world


def public_template(obs: Observation) -> SkullState:
    """A state holding everything `obs` shows; hidden cards are filled in by `sample_world`."""
    n = obs.num_players
    state = SkullState(obs.options, 0)
    state._replayable = False  # set by hand below: its actions alone do not rebuild it
    me = obs.player
    state.hands = [[] for _ in range(n)]
    state.hands[me] = list(obs.hand)
    state.stacks = [[] for _ in range(n)]
    state.stacks[me] = list(obs.my_stack)
    state.lost = [[] for _ in range(n)]
    state.lost[me] = list(obs.my_lost)
    state.drawn = [[] for _ in range(n)]
    state.drawn[me] = list(obs.my_draws)
    state.markers = list(obs.markers)
    state.won = list(obs.won)
    state.shown = [list(x) for x in obs.shown]
    state.shown_since_loss = shown_since_loss(obs)
    state.rounds = list(obs.rounds)
    state.winner = obs.winner
    state.round_index = obs.round_index
    state.starter = obs.starter
    state.phase = obs.phase
    state.placed_first = list(obs.placed_first)
    state.turn = obs.current_player if obs.phase in (Phase.PLACE, Phase.BID) else obs.starter
    state.bid = obs.bid
    state.bidder = obs.bidder
    state.passed = list(obs.passed)
    state.offers = list(obs.offers)
    state.challenger = obs.challenger
    state.revealed = list(obs.revealed)
    state.flipped = list(obs.flipped)
    state.skull_owner = obs.skull_owner
    state.draw_order = []
    state._history = []
    state._legal = None
    return state


def seeded(rng: random.Random, *salt: object) -> random.Random:
    """A private generator drawn from `rng` (so one decision's worlds never shift the next's)."""
    return make_rng(int(rng.random() * 2**31), *salt)
