"""Skip-Bo at the shared card table: its cards in words and pictures, its events in words and
card moves, its game summaries and score sheet, and its undo policy (only plays that showed
nothing new: not a stock card, which turns the next one up, nor the last hand card, which draws
five; a discard, while nothing has happened since it).

Cards are the engine's codes: "W" for a SKIP-BO card, "1".."12" for numbers. A place on the table
is named as the engine's actions name it: "H7" a hand card, "S2" seat 2's stock, "D2.1" seat 2's
discard pile 1, "B3" building pile 3, "D1" (as a target) the player's own discard pile 1; so an
action is "<source>><target>".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from cards import registry
from cards.skip_bo import SkipBoState
from cards.skip_bo import events as ev
from cards.skip_bo.cards import WILD, code, from_code
from cards.skip_bo.state import DISCARD_BUILD, END, HAND_BUILD, HAND_DISCARD, parse
from cards.skip_bo.words import BUILD_NAMES, card_name, pile_name
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Hint,
    RoundEnded,
    Sheet,
    Shout,
    Summary,
    TableGame,
)
from skully_game.scenes.cardtable.moving import Moved
from skully_game.scenes.cardtable.words import listing, plural, says
from skully_game.scenes.skip_bo import hints
from skully_game.scenes.skip_bo.carddraw import card_image


@dataclass(frozen=True, slots=True)
class Drew:
    """`seat` draws `count` cards from the draw pile: `cards` (codes) are theirs alone to see."""

    seat: int
    count: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Cleared:
    """Building pile `build` reached 12 and is set aside, beside the draw pile."""

    build: int


def source_of(action: str) -> str:
    """The place an action takes its card from ("H7", "S0", "D0.2"), "" for END."""
    return action.split(">", 1)[0] if ">" in action else ""


def target_of(action: str) -> str:
    return action.split(">", 1)[1] if ">" in action else ""


class SkipBoGame(TableGame):
    """Skip-Bo's presentation at the shared card table (the game itself: SeatedGame)."""

    score_word = ("point", "points")
    next_label = "Next game"

    def save_words(self, options: dict[str, Any]) -> str:
        """The stock each player was dealt ("20-card stocks"; "stock 20" read like a count
        of cards left): two saved games of the same seats differing only in it read alike in
        the Resume list."""
        try:
            return f"{self.engine.state.OPTIONS.from_dict(options).stock_size}-card stocks"
        except (ValueError, TypeError, AttributeError):
            return ""

    def scores(self, state: SkipBoState) -> list[int]:
        """Match points (per seat, a pair's shared); one game: stock cards played."""
        if state.options.match_to:
            return [state.scores[state.side_of[p]] for p in range(state.num_players)]
        size = state.options.stock_size
        return [size - len(s) for s in state.stocks]

    def score_unit(self, state: SkipBoState) -> tuple[str, str]:
        if state.options.match_to:
            return ("point", "points")
        return ("stock card played", "stock cards played")

    # --- seats ------------------------------------------------------------------------

    def partner(self, state: SkipBoState, seat: int) -> int | None:
        side = state.sides[state.side_of[seat]]
        return next((p for p in side if p != seat), None)

    def seat_lines(self, state: SkipBoState, viewer: int, seat: int) -> list[str]:
        """The seat's public figures, most telling first: its match points, its hand (the
        stock's count lies under the stock)."""
        out = [plural(state.scores[state.side_of[seat]], "point")] if state.options.match_to else []
        return [*out, f"hand {len(state.hands[seat])}"]

    def seat_badges(
        self, state: SkipBoState, viewer: int, seat: int, names: Sequence[str]
    ) -> list[str]:
        mate = self.partner(state, seat)
        if mate is None:
            return []
        return ["your partner" if mate == viewer else f"with {names[mate]}"]

    def hand_size(self, state: SkipBoState, viewer: int, seat: int) -> int:
        return len(state.hands[seat])

    # --- the viewer's hand ------------------------------------------------------------

    def hand(self, state: SkipBoState, viewer: int) -> list[str]:
        return [code(c) for c in state.observation(viewer).hand]

    def card_image(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
        return card_image(code, scale, dim)

    def card_words(self, code: str) -> str:
        card = from_code(code)
        return "A SKIP-BO card (wild)" if card == WILD else f"A {card}"

    def card_actions(self, state: SkipBoState, viewer: int, code: str) -> list[str]:
        if self.to_act(state) != viewer:
            return []
        prefix = f"H{code}>"
        return [a for a in state.legal_actions() if a.startswith(prefix)]

    def moves_from(self, state: SkipBoState, viewer: int, source: str) -> list[str]:
        """The actions that take the card at `source` somewhere now."""
        if self.to_act(state) != viewer:
            return []
        prefix = f"{source}>"
        return [a for a in state.legal_actions() if a.startswith(prefix)]

    def action_label(self, action: str) -> str:
        """An action in a player's words, the piles numbered as the table shows them:
        "Discard on pile 2", "Play on building pile B", "End turn"."""
        target = target_of(action)
        if not target:
            return "End turn"
        if target.startswith("B"):
            return f"Play on {pile_name(int(target[1:]))}"
        return f"Discard on pile {int(target[1:]) + 1}"

    def why_not(self, state: SkipBoState, viewer: int, code: str) -> str | None:
        """A held card always has a discard; this says why it cannot be built now."""
        builds = [a for a in self.card_actions(state, viewer, code) if "B" in target_of(a)]
        if builds:
            return None
        needs = ", ".join(str(n) for n in state.needs())
        if code == "W":
            return "no building pile takes a SKIP-BO card now (never on another one)"
        return f"the building piles need {needs}: discard it to end your turn"

    def choices(
        self, state: SkipBoState, viewer: int, names: Sequence[str]
    ) -> list[tuple[str, str]]:
        return [("End turn", "END")] if "END" in state.legal_actions() else []

    def prompt(self, state: SkipBoState, viewer: int, names: Sequence[str] = ()) -> str:
        legal = state.legal_actions()
        if "END" in legal:
            if len(legal) == 1:
                return "no card in hand and none to draw, so end your turn"
            return "nothing in hand or to draw, so build, then end your turn"
        builds = any("B" in target_of(a) for a in legal)
        if state.played == 0 and builds:
            return "build on the middle piles, then discard to end your turn"
        if builds:
            return "build on, or discard a card to end your turn"
        more = "more " if state.played else ""
        return f"nothing {more}to build, so discard a card to end your turn"

    def header(self, state: SkipBoState, viewer: int) -> str:
        o = state.options
        n = state.num_players
        parts = [f"{n} players in pairs" if o.partners else f"{n} players"]
        parts.append(f"{o.stock_size}-card stocks")
        if o.match_to:
            parts.insert(0, f"Game {state.game_index + 1} · match to {o.match_to}")
        if o.edition_1980:
            parts.append("1980 rules: wild on wild")
        return " · ".join(parts)

    def round_end_view(self, state: SkipBoState) -> SkipBoState:
        """While a match's finished game is on show and the next deal has not flown: that game
        as it ended (its last card on its building pile, the stocks as they were left)."""
        history = state.history()
        if state.over or not state.games or not history:
            return state
        before = SkipBoState.replay(state.options, state.seed, history[:-1])
        if before.game_index == state.game_index:
            return state  # the last action did not end a game
        # recorded as it goes: its log (caught up later) would replay the next deal too
        ended = _GameEnd.replay(state.options, state.seed, history[:-1], record=True)
        ended.hold = True
        ended.apply_unchecked(history[-1])
        return ended

    # --- help -------------------------------------------------------------------------

    def hint_words(self, obs: Any, seat: int, action: str) -> str:
        """The strong player's move and why, to `seat`, read from its observation alone."""
        return hints.hint_words(obs, action)

    def hinter(self, rng: random.Random) -> Callable[[SkipBoState, int], Callable[[], Hint]]:
        """The strong player's choice, following through on what a hint said before
        (`hints.follow_through`): a card a play uncovered is played before its twin in the hand."""
        return self.corrected_hinter(rng, hints.follow_through)

    # --- events -----------------------------------------------------------------------

    def happenings(self, state: SkipBoState, start: int, names: Sequence[str]) -> list[Happening]:
        out: list[Any] = []
        for at, e in enumerate(state.events[start:], start):
            if isinstance(e, ev.GameDealt):
                out.append(Dealt(0))
            elif isinstance(e, ev.CardPlayed):
                out.append(Moved(code(e.card), _place(e), f"B{e.build}", e.seat, at))
            elif isinstance(e, ev.CardsDrawn) and e.count:
                out.append(Drew(e.seat, e.count, tuple(code(c) for c in e.cards or ())))
            elif isinstance(e, ev.PileCompleted):
                out.append(Shout(f"Building pile {BUILD_NAMES[e.build]} is complete"))
                out.append(Cleared(e.build))
            elif isinstance(e, ev.Discarded):
                out.append(
                    Moved(code(e.card), f"H{code(e.card)}", f"D{e.seat}.{e.pile}", e.seat, at)
                )
            elif isinstance(e, ev.Reshuffled):
                out.append(Shout("The set-aside piles are shuffled into a new draw pile"))
            elif isinstance(e, ev.GameWon):
                out.append(RoundEnded(e.game_index))
        return out

    # --- games, scores, undo ----------------------------------------------------------

    def round_summary(self, state: SkipBoState, index: int, names: Sequence[str]) -> Summary:
        """A finished game: every stock left, who won and how, and the match so far."""
        rec = state.games[index]
        who = listing([names[p] for p in rec.winners])
        many = len(rec.winners) > 1
        match = state.options.match_to
        if rec.by == "stock":
            result = says(who, "wins", "win") if not many else who + " win"
        else:
            why = "nobody could move" if rec.by == "stalemate" else "the turn limit"
            result = f"{why}; fewest stock cards: {who}"
        # a game of a match goes by its number; a single game is just the game
        title = f"Game {index + 1}: {result}" if match else result[0].upper() + result[1:]
        totals = _totals_after(state, index)
        rows, good = [], []
        for p in range(state.num_players):
            won = p in rec.winners
            row = [names[p], plural(rec.stocks_left[p], "card") if rec.stocks_left[p] else "empty"]
            if match:
                row += [f"+{rec.points}" if won else "-", str(totals[p])]
            rows.append(tuple(row))
            good.append(True if won else None)
        headings = ("Player", "Stock left") + (("Points", f"Total (to {match})") if match else ())
        return Summary(title, headings, tuple(rows), tuple(good))

    def sheet(self, state: SkipBoState) -> Sheet:
        n = state.num_players
        rounds = []
        for rec in state.games:
            cells = []
            for p in range(n):
                won = p in rec.winners
                left = rec.stocks_left[p]
                text = f"+{rec.points}" if won and rec.points else ("won" if won else "")
                text = f"{text} ({left} left)" if left else (text or "empty")
                cells.append((text.strip(), True if won else None))
            rounds.append((f"Game {rec.game_index + 1}", tuple(cells)))
        scored = bool(state.options.match_to)
        running = []
        for p in range(n):
            series = [0]
            for k, rec in enumerate(state.games):
                # unscored games count wins: "0 points" would say nothing
                series.append(
                    _totals_after(state, k)[p] if scored else series[-1] + (p in rec.winners)
                )
            running.append(tuple(series))
        return Sheet(
            tuple(range(n)),
            tuple(rounds),
            tuple(self.scores(state)) if scored else tuple(r[-1] for r in running),
            tuple(running),
            ("points won" if scored else "who won") + "; in brackets, the stock cards left",
            "points" if scored else "wins",
            "game",
        )

    def undo_point(self, state: SkipBoState, seat: int) -> int | None:
        """Before `seat`'s last play, when taking it back shows nobody anything new: a card
        from the hand (not the last one, which draws five) or a discard pile's top onto a
        building pile; or the discard (or End turn) that passed the turn, while nothing has
        happened since. The next player drew then, but behind their own pass screen: undone,
        those cards go back on the draw pile unseen, and `seat` holds the hand they held."""
        history = state.history()
        if not history:
            return None
        k = len(history) - 1
        kind, *_ = parse(history[k])
        if kind not in (HAND_BUILD, DISCARD_BUILD, HAND_DISCARD, END):
            return None  # a stock card turns the next one up
        before = SkipBoState.replay(state.options, state.seed, history[:k])
        if before.current_player() != seat or before.game_index != state.game_index:
            return None  # another's move, or a game ended and the next was dealt
        if kind in (HAND_DISCARD, END):
            return None if state.is_terminal() else k
        if state.current_player() != seat:
            return None
        if kind == HAND_BUILD and len(before.hands[seat]) == 1:
            return None  # it drew five
        if (
            sum(map(len, before.build)) + len(before.set_aside)
            != sum(map(len, state.build)) + len(state.set_aside) - 1
        ):
            return None
        return k


class _GameEnd(SkipBoState):
    """A match's game as it ended: once `hold` is set, the next deal is held back."""

    hold = False

    def _deal(self, starter: int) -> None:
        if not self.hold:
            super()._deal(starter)


def _place(e: ev.CardPlayed) -> str:
    if e.source == "hand":
        return f"H{code(e.card)}"
    if e.source == "stock":
        return f"S{e.owner}"
    return f"D{e.owner}.{e.pile}"


def _totals_after(state: SkipBoState, index: int) -> list[int]:
    """Each seat's match points after game `index` (a pair's shared)."""
    side_points = [0] * len(state.sides)
    for rec in state.games[: index + 1]:
        for s, side in enumerate(state.sides):
            if side[0] in rec.winners:
                side_points[s] += rec.points
    return [side_points[state.side_of[p]] for p in range(state.num_players)]


GAME = SkipBoGame(registry.game("skip-bo"))

__all__ = [
    "BUILD_NAMES",
    "GAME",
    "Cleared",
    "Drew",
    "Moved",
    "SkipBoGame",
    "card_name",
    "source_of",
    "target_of",
]
