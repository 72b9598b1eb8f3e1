"""Skip-Bo's strong computer player: it plans its whole turn before it plays a card.

A depth-first search over the turn's play sequences (hand cards, wilds, stock tops and discard
tops onto the four building piles, its own and, in pairs, its partner's) with a memo on the
position reached, so the many orders that reach the same position are valued once. Where the
table will show something the player cannot know yet (a stock card played turns up the next;
the hand played out brings five new cards) the search goes on without that card, and the plan
it keeps stops there: the next decision searches again with the card in view. Every way to close
the turn (a discard, or END with an empty hand) is valued by:

- stock cards played, its own and its partner's (a pair wins only when both stocks are empty);
- what the building piles it leaves offer the players who follow before its next turn: an
  opponent's stock top that fits at once is a heavy cost, one a card or two away a lighter one
  (each missing card counts as a chance that they hold it; none for what their discard tops
  show), and a partner's stock top the same way as a gain;
- how near its own next stock play is (the missing cards its kept hand and discard tops lack);
- the discard piles' structure: runs that fall by one (playable in a row later) are good, a card
  buried under a higher one is bad, an empty pile keeps a choice open;
- where the closing discard lands: an empty pile first (every card stays on top, ready to
  play), then onto the card one above it (a run down), as good players discard; only then
  onto another card, which it covers;
- wilds kept for the stock, cards cycled out of the hand, the hand played out.

A quiet turn (no stock card or fresh hand to see) is then settled by rollouts: the best few
closing lines are played in the same few sampled worlds (the cards it cannot see dealt at random
from those it has not seen), each followed by the other players' turns and its own next one,
played build-first; the stock cards played there replace the guesses about the piles. Blocking
pays only while the game can go on: with the draw pile nearly out, a player who would lose the
stalemate ruling builds freely rather than stall.

It sees only its observation, and nothing here reads the clock: a decision is a function of the
observation and the bot's own generator. Its budgets are `nodes` (positions searched per
decision), `candidates` (lines rolled out) and `worlds` (sampled deals); the plan of a turn is
kept between its decisions, so a turn costs one search per reveal.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from cards.skip_bo.bots import BuildFirst
from cards.skip_bo.cards import TOP, WILD, code
from cards.skip_bo.state import BUILDS, DISCARDS, Observation, SkipBoState

# A play: (kind, card, source seat, source pile, building pile); kinds below.
HAND, STOCK, DISC = range(3)
Play = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Weights:
    """The valuation's terms, in points (a stock card played is the unit of 100)."""

    stock: float = 100.0  # a stock card played, own or partner's
    danger: float = 55.0  # an opponent's stock top that fits a building pile at once
    feed: float = 25.0  # the same for a partner's stock top
    reach: float = 18.0  # one's own stock top fitting at once next turn (the piles may move)
    chance: float = 0.55  # how likely a player holds one given missing card
    wild: float = 30.0  # a wild kept in hand
    cycle: float = 3.0  # a card played from hand or discards (fresh cards next turn)
    refill: float = 25.0  # the hand played out with cards left to draw
    run: float = 6.0  # a discard one lower than the pile's top
    bury: float = 9.0  # a discard higher than the pile's top: the lower card is stuck
    empty: float = 4.0  # an empty discard pile
    spread: float = 12.0  # the closing discard laid on an empty pile (net of `empty`: 8 > run)
    dry: float = 6.0  # cards left to draw (and set aside) below which stalling costs
    unstall: float = 20.0  # a card built when the game would otherwise stall
    win: float = 100000.0  # the side's last stock card played
    rival: float = 0.6  # rollouts: an opponent's stock card, against one's own
    ally: float = 0.6  # rollouts: a partner's stock card played by the partner


@dataclass(slots=True)
class _Pos:
    """The search's position: what changes within a turn."""

    needs: list[int]  # the number each building pile takes next
    wild_top: list[bool]  # the pile's top is a wild (no wild on a wild, this edition)
    hand: list[int]  # sorted
    piles: list[list[int]]  # the playable discard piles (own then partner's), bottom first
    stocks: list[int | None]  # the stock tops of own and partner's (None: unknown or empty)


class StrongBot:
    """Plans the whole turn by search and values the position it leaves (module docstring)."""

    name = "strong"

    def __init__(
        self,
        rng: random.Random,
        nodes: float = 20000,
        candidates: float = 6,
        worlds: float = 8,
        **weights: float,
    ) -> None:
        self.rng = rng  # deals the hidden cards of the rollouts' worlds
        self.nodes = int(nodes)
        self.candidates = int(candidates)
        self.worlds = int(worlds)
        self.rollout_bot = BuildFirst(rng)
        self.w = Weights(**weights)
        self._plan: list[tuple[tuple[object, ...], str]] = []  # (position key, action) ahead

    # ---- deciding -----------------------------------------------------------------------------

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            self._plan = []
            return legal[0]
        key = self._key(obs)
        if self._plan and self._plan[0][0] == key and self._plan[0][1] in legal:
            return self._plan.pop(0)[1]
        self._plan = self._search(obs)
        if self._plan and self._plan[0][1] in legal:
            return self._plan.pop(0)[1]
        raise RuntimeError(f"strong Skip-Bo bot planned {self._plan[:1]} outside {list(legal)}")

    @staticmethod
    def _key(obs: Observation) -> tuple[object, ...]:
        """What must be unchanged for a kept plan to still hold."""
        srcs = obs.sources
        return (
            obs.game_index,
            obs.turn_count,
            obs.hand,
            obs.build,
            tuple(obs.discards[s] for s in srcs),
            tuple(obs.stock_sizes[s] for s in srcs),
        )

    def _search(self, obs: Observation) -> list[tuple[tuple[object, ...], str]]:
        """The best line of this turn, as (expected position key, action) pairs."""
        me = obs.player
        srcs = obs.sources
        pos = _Pos(
            needs=[len(p) + 1 for p in obs.build],
            wild_top=[bool(p) and p[-1] == WILD for p in obs.build],
            hand=list(obs.hand),
            piles=[list(pile) for s in srcs for pile in obs.discards[s]],
            stocks=[obs.stock_tops[s] for s in srcs],
        )
        search = _Search(obs, self.w, self.nodes, self.candidates)
        _, line = search.best(pos)
        if self.worlds and len(search.closes) > 1 and not _reveals(line, obs, search.can_draw):
            # a quiet turn: the round that follows decides between the best ways to close it
            line = self._roll(obs, search.closes, search.hold)
        # The plan is kept up to its first reveal; the search is made again once it is seen.
        out: list[tuple[tuple[object, ...], str]] = []
        build = [list(p) for p in obs.build]
        hand = list(obs.hand)
        discards = [[list(p) for p in obs.discards[s]] for s in range(obs.num_players)]
        sizes = list(obs.stock_sizes)
        for play in line:
            key = (
                obs.game_index,
                obs.turn_count,
                tuple(hand),
                tuple(map(tuple, build)),
                tuple(tuple(map(tuple, discards[s])) for s in srcs),
                tuple(sizes[s] for s in srcs),
            )
            out.append((key, _action(play, me)))
            kind, card, seat, k, i = play
            if kind == DISC and i < 0:  # the closing discard
                break
            if kind == HAND:
                hand.remove(card)
                if not hand and search.can_draw:
                    break
            elif kind == STOCK:
                sizes[seat] -= 1
                if sizes[seat]:
                    break
            else:
                discards[seat][k].pop()
            build[i].append(card)
            if len(build[i]) == TOP:
                build[i] = []
        return out

    # ---- rollouts: the next round played out in sampled worlds ---------------------------------

    def _roll(self, obs: Observation, closes: list[tuple[float, int, float, list[Play]]],
              hold: float) -> list[Play]:  # fmt: skip
        """The best of the search's closing lines once the round that follows is played out.

        Each candidate is played in the same `worlds` (the hidden cards dealt at random from
        those this seat has not seen), then every other seat and this one's next turn play
        build-first; the stock cards they play replace the search's guesses about them."""
        worlds = [self._world(obs) for _ in range(self.worlds)]
        me, sides = obs.player, obs.sides
        mine = next(side for side in sides if me in side)
        best, choice = float("-inf"), closes[0][3]
        for _, _, known, line in closes:
            total = 0.0
            for world in worlds:
                total += self._play_out(world.clone(), line, me, mine, hold)
            value = known + total / len(worlds)
            if value > best:
                best, choice = value, line
        return choice

    def _play_out(self, state: SkipBoState, line: list[Play], me: int, mine: tuple[int, ...],
                  hold: float) -> float:  # fmt: skip
        """Play `line`, the others' turns and this seat's next turn; the stock cards played,
        this side's counted for and the others' against (the valuation's weights)."""
        w = self.w
        bot, game = self.rollout_bot, state.game_index
        for play in line:
            if state.over or state.game_index != game:  # the line emptied the stock: in a
                break  # match the next game is already dealt, and the line is not its own
            state.apply_unchecked(_action(play, me))
        start = [len(st) for st in state.stocks]
        while not state.over and state.game_index == game and state.turn != me:
            seat = state.turn
            state.apply_unchecked(bot.act(state.glance(seat), state.lazy_legal_actions()))
        between = [a - len(st) for a, st in zip(start, state.stocks, strict=True)]
        while not state.over and state.game_index == game and state.turn == me:
            state.apply_unchecked(bot.act(state.glance(me), state.lazy_legal_actions()))
        if state.over or state.game_index != game:  # the game ended in the rollout
            return w.win if me in state.games[-1].winners else -w.win / 10
        value = 0.0
        n = len(start)
        for q in range(n):
            if q == me:
                value += w.stock * (start[q] - len(state.stocks[q]))
            elif q in mine:
                value += w.stock * w.ally * between[q]
            else:
                value -= w.stock * w.rival * hold * between[q]
        return value

    def _world(self, obs: Observation) -> SkipBoState:
        """A game at this moment with every hidden card dealt at random (the contract's
        rebuild, SkipBoState.from_view)."""
        return SkipBoState.from_view(obs, self.rng)


def _reveals(line: list[Play], obs: Observation, can_draw: bool) -> bool:
    """Whether the line turns up a card: a stock card played off a stock with more beneath, or
    the hand played out with cards to draw."""
    if any(p[0] == STOCK and obs.stock_sizes[p[2]] > 1 for p in line):
        return True
    hand_plays = sum(1 for p in line if p[0] == HAND)
    return can_draw and hand_plays == len(obs.hand) > 0


def _action(play: Play, me: int) -> str:
    kind, card, seat, k, i = play
    if kind == HAND:
        return f"H{code(card)}>B{i}"
    if kind == STOCK:
        return f"S{seat}>B{i}"
    if i < 0:
        return "END" if card < 0 else f"H{code(card)}>D{k}"
    return f"D{seat}.{k}>B{i}"


class _Search:
    """One decision's depth-first search with its memo and budget."""

    def __init__(self, obs: Observation, w: Weights, nodes: int, keep: int = 0) -> None:
        self.w = w
        self.budget = nodes
        self.memo: dict[tuple[object, ...], tuple[float, list[Play]]] = {}
        self.path: list[Play] = []  # the plays leading to the position being searched
        self.gain = 0.0  # their gains
        # The best ways to close the turn seen: (value, order seen, value without the guesses,
        # line), a heap of at most `keep`.
        self.closes: list[tuple[float, int, float, list[Play]]] = []
        self.keep = keep
        self.reveals = 0  # reveals on the path: its closes are not the turn's real ends
        self.wild_on_wild = obs.options.edition_1980
        self.me = obs.player
        self.srcs = obs.sources
        self.partner = len(self.srcs) > 1
        self.can_draw = obs.draw_size + obs.set_aside_size > 0
        # Running dry: with the draw and set-aside piles nearly gone, holding cards back stalls
        # the game into the stalemate ruling, which the fewest stock cards win. A side that
        # would not win it builds more freely (it needs the piles to move and be set aside).
        left = [sum(obs.stock_sizes[p] for p in side) for side in obs.sides]
        ours = sum(obs.stock_sizes[p] for p in self.srcs)
        dry = min(1.0, (obs.draw_size + obs.set_aside_size) / w.dry) if w.dry else 1.0
        self.hold = 1.0 if ours <= min(left) else dry  # how much blocking still pays
        self.cycle = w.cycle + (1.0 - self.hold) * w.unstall
        n = obs.num_players
        # The players between this turn and the next: (weight, sign, stock top, discard tops).
        self.others: list[tuple[float, float, int, frozenset[int]]] = []
        for d in range(1, n):
            q = (self.me + d) % n
            top = obs.stock_tops[q]
            if top is None or top == WILD:
                continue  # an empty stock, or a wild that fits anywhere: the same whatever we do
            weight = (w.feed if q in self.srcs else w.danger * self.hold) / d
            tops = frozenset(p[-1] for p in obs.discards[q] if p and p[-1] != WILD)
            self.others.append((weight, 1.0 if q in self.srcs else -1.0, top, tops))
        self.stock_sizes = [obs.stock_sizes[s] for s in self.srcs]

    # ---- the search -----------------------------------------------------------------------------

    def best(self, pos: _Pos) -> tuple[float, list[Play]]:
        """The best value reachable from `pos` this turn and the line that reaches it."""
        key = (
            tuple(pos.needs),
            tuple(pos.wild_top),
            tuple(pos.hand),
            tuple(map(len, pos.piles)),
            tuple(pos.stocks),
        )
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.budget -= 1
        value, line = self._end(pos)
        if self.budget > 0:
            for play in self._plays(pos):
                gain, reveal, undo = self._do(pos, play)
                # Past a reveal the search goes on without the card it will show (a stock top
                # unknown, a hand not yet drawn): the plan stops there and is made again.
                self.path.append(play)
                self.gain += gain
                self.reveals += reveal
                sub, rest = self.best(pos)
                self.reveals -= reveal
                self.gain -= gain
                self.path.pop()
                sub += gain
                self._undo(pos, play, undo)
                if sub > value:
                    value, line = sub, [play, *rest]
        self.memo[key] = (value, line)
        return value, line

    def _plays(self, pos: _Pos) -> list[Play]:
        """Every distinct play: stock tops first (a reveal is worth seeing early), then
        discard tops, then the hand; one building pile per (need, wild on top) kind."""
        piles: list[int] = []
        seen: set[tuple[int, bool]] = set()
        for i in range(BUILDS):
            kind = (pos.needs[i], pos.wild_top[i])
            if kind not in seen:
                seen.add(kind)
                piles.append(i)
        out: list[Play] = []

        def fits(card: int, i: int) -> bool:
            if card == WILD:
                return self.wild_on_wild or not pos.wild_top[i]
            return card == pos.needs[i]

        for j, top in enumerate(pos.stocks):
            if top is not None:
                out += [(STOCK, top, self.srcs[j], -1, i) for i in piles if fits(top, i)]
        for j, pile in enumerate(pos.piles):
            if pile:
                seat, k = self.srcs[j // DISCARDS], j % DISCARDS
                out += [(DISC, pile[-1], seat, k, i) for i in piles if fits(pile[-1], i)]
        for card in dict.fromkeys(pos.hand):
            out += [(HAND, card, self.me, -1, i) for i in piles if fits(card, i)]
        return out

    def _do(self, pos: _Pos, play: Play) -> tuple[float, bool, tuple[int, bool]]:
        """Make the play on `pos`: its gain, whether it reveals a card (the line stops there),
        and what `_undo` needs."""
        kind, card, seat, k, i = play
        undo = (pos.needs[i], pos.wild_top[i])
        need = pos.needs[i] + 1
        pos.needs[i] = 1 if need > TOP else need
        pos.wild_top[i] = card == WILD and need <= TOP
        gain = self.cycle
        if kind == HAND:
            pos.hand.remove(card)
            if not pos.hand and self.can_draw:
                return gain + self.w.refill, True, undo
        elif kind == STOCK:
            j = self.srcs.index(seat)
            pos.stocks[j] = None
            gain = self.w.stock
            if self.stock_sizes[j] > 1:
                return gain, True, undo
            if not any(self.stock_sizes[x] > (x == j) for x in range(len(self.srcs))):
                gain += self.w.win  # the side's last stock card: the game is won
        else:
            pos.piles[self.srcs.index(seat) * DISCARDS + k].pop()
        return gain, False, undo

    def _undo(self, pos: _Pos, play: Play, undo: tuple[int, bool]) -> None:
        kind, card, seat, k, i = play
        pos.needs[i], pos.wild_top[i] = undo
        if kind == HAND:
            pos.hand.append(card)
            pos.hand.sort()
        elif kind == STOCK:
            pos.stocks[self.srcs.index(seat)] = card
        else:
            pos.piles[self.srcs.index(seat) * DISCARDS + k].append(card)

    def _end(self, pos: _Pos) -> tuple[float, list[Play]]:
        """Close the turn here: the best discard (or END with an empty hand); every way to
        close is kept in `closes` for the rollouts."""
        if not pos.hand:
            guess, known = self._value(pos, pos.hand)
            close = (DISC, -1, self.me, -1, -1)
            self._close(guess, known, close)
            return guess + known, [close]
        best, choice = float("-inf"), None
        own = pos.piles[:DISCARDS]
        for n, card in enumerate(pos.hand):
            if n and card == pos.hand[n - 1]:
                continue
            kept = pos.hand[:n] + pos.hand[n + 1 :]
            done: set[int | None] = set()
            for k, pile in enumerate(own):
                top = pile[-1] if pile else None
                if top in done:
                    continue  # two piles with the same top: the same discard
                done.add(top)
                pile.append(card)
                guess, known = self._value(pos, kept)
                pile.pop()
                if top is None:
                    known += self.w.spread  # covers nothing (a card buried on one pile while
                    # others stood empty was the hint's slip, issue 40)
                play = (DISC, card, self.me, k, -1)
                self._close(guess, known, play)
                if guess + known > best:
                    best, choice = guess + known, play
        assert choice is not None
        return best, [choice]

    def _close(self, guess: float, known: float, play: Play) -> None:
        """Keep this way of closing the turn if it is among the `keep` best seen."""
        value = self.gain + guess + known
        heap = self.closes
        if self.reveals:
            return
        if len(heap) < self.keep:
            heapq.heappush(heap, (value, len(self.memo), self.gain + known, [*self.path, play]))
        elif heap and value > heap[0][0]:
            heapq.heapreplace(heap, (value, len(self.memo), self.gain + known, [*self.path, play]))

    # ---- the valuation --------------------------------------------------------------------------

    def _value(self, pos: _Pos, hand: list[int]) -> tuple[float, float]:
        """The position left: (the guesses about the players who follow and this player's next
        turn, what is known now: kept wilds and the discard piles' structure)."""
        w = self.w
        guess = 0.0
        needs = pos.needs
        for weight, sign, top, tops in self.others:
            guess += sign * weight * self._fit(needs, top, tops)
        mine = pos.stocks[0]
        if mine is not None and mine != WILD:
            have = set(hand)
            for pile in pos.piles:
                if pile:
                    have.add(pile[-1])
            guess += w.reach * self._fit(needs, mine, frozenset(have), WILD in have)
        known = w.wild * hand.count(WILD)
        for pile in pos.piles[:DISCARDS]:
            if not pile:
                known += w.empty
                continue
            for below, above in pairwise(pile):
                if above == WILD or below == WILD:
                    continue
                if above == below - 1:
                    known += w.run
                elif above > below:
                    known -= w.bury
        return guess, known

    def _fit(self, needs: list[int], top: int, tops: frozenset[int], wild: bool = False) -> float:
        """How likely `top` goes on a building pile next turn: 1 if one takes it now, else the
        chance of holding the missing numbers (those shown on discard tops are certain)."""
        best = 0.0
        chance = self.w.chance
        for need in needs:
            if need > top:
                continue
            missing = sum(1 for v in range(need, top) if v not in tops)
            if wild and missing:
                missing -= 1
            p = chance**missing
            if p > best:
                best = p
                if p == 1.0:
                    break
        return best


__all__ = ["StrongBot", "Weights"]
