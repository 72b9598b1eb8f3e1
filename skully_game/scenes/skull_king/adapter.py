"""Skull King at the shared card table: its cards in words and pictures, its events in words and
flights, its seats, round summary, score sheet and undo policy (until a card is shown or the
bids are revealed)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cards.skull_king import (
    Phase,
    SkullKingOptions,
    SkullKingState,
    describe,
    make_bot,
)
from cards.skull_king.cards import HELD, SUIT_NAMES, sort_hand
from cards.skull_king.state import LogEntry
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    LogLine,
    Played,
    PrivateView,
    RoundEnded,
    Sheet,
    Shout,
    Summary,
    TableGame,
    Taken,
)
from skully_game.scenes.cardtable.words import listing, obj, plural, says, winners_line
from skully_game.scenes.skull_king.carddraw import card_face

LEVELS = (("random", "Bot: random"), ("heuristic", "Bot: heuristic"), ("strong", "Bot: strong"))
GHOST = "Greybeard"
_TRICK = re.compile(r"takes the trick with (\S+)(?: \(\+(\d+))?")
_DEAL = re.compile(r"deals (\d+) card")


def card_name(code: str) -> str:
    """A card in words, with its article where a person would say one."""
    words = describe(code)
    if code == "TIGRESS:PIRATE":
        return "the Tigress as a Pirate"
    if code == "TIGRESS:ESCAPE":
        return "the Tigress as an Escape"
    if code in ("ESCAPE", "LOOT"):
        return f"an {words}" if code == "ESCAPE" else "a Loot"
    if code in ("ROSIE", "WILL", "RASCAL", "JUANITA", "HARRY"):
        return words
    return f"the {words}"


class SkullKingGame(TableGame):
    key = "skull-king"
    title = "Skull King"
    save_format = "skully-skull-king-table"
    save_version = 1
    levels = LEVELS

    # --- the game ---------------------------------------------------------------------

    def new_state(self, options: SkullKingOptions, seed: int) -> SkullKingState:
        return SkullKingState(options, seed)

    def record(self, state: SkullKingState) -> dict[str, Any]:
        return state.to_record()

    def from_record(self, record: dict[str, Any]) -> SkullKingState:
        return SkullKingState.from_record(record)

    def replay(self, state: SkullKingState, actions: Sequence[str]) -> SkullKingState:
        return SkullKingState.replay(state.options, state.seed, list(actions))

    def players(self, state: SkullKingState) -> int:
        return state.num_players

    def to_act(self, state: SkullKingState) -> int | None:
        return None if state.is_terminal() else state.current_player()

    def legal(self, state: SkullKingState) -> list[str]:
        return state.legal_actions()

    def apply(self, state: SkullKingState, action: str) -> None:
        state.apply_action(action)

    def history(self, state: SkullKingState) -> list[str]:
        return state.history()

    def is_over(self, state: SkullKingState) -> bool:
        return state.is_terminal()

    def winners(self, state: SkullKingState) -> list[int]:
        return state.winners()

    def scores(self, state: SkullKingState) -> list[int]:
        return list(state.scores)

    def thinker(
        self, kind: str, rng: random.Random
    ) -> Callable[[SkullKingState, int], Callable[[], str]]:
        bot = make_bot(kind, rng)

        def prepare(state: SkullKingState, seat: int) -> Callable[[], str]:
            obs, legal = state.observation(seat), state.legal_actions()
            return lambda: bot.act(obs, legal)

        return prepare

    # --- seats ------------------------------------------------------------------------

    def seat_count(self, state: SkullKingState) -> int:
        return state.num_players + (1 if state.greybeard_seat is not None else 0)

    def ghost_name(self, seat: int) -> str:
        return GHOST

    def table_order(self, state: SkullKingState) -> list[int]:
        """Greybeard sits between the two players: he plays second (seed section 7)."""
        if state.greybeard_seat is None:
            return list(range(state.num_players))
        return [0, state.greybeard_seat, 1]

    def seat_lines(self, state: SkullKingState, viewer: int, seat: int) -> list[str]:
        obs = state.observation(viewer)
        won = plural(obs.tricks_won[seat], "trick")
        if seat >= obs.num_players:
            return ["flips his top card", f"won {won}"]
        bid = obs.bids[seat]
        if bid is None:
            bid_text = "bid made, hidden" if obs.has_bid[seat] else "bidding..."
        else:
            bid_text = f"bid {bid + obs.adjustments[seat]}"
        return [f"{bid_text} · won {obs.tricks_won[seat]}", plural(obs.scores[seat], "point")]

    def seat_badges(
        self, state: SkullKingState, viewer: int, seat: int, names: Sequence[str]
    ) -> list[str]:
        """Rascal's stakes, Harry's bid changes, Loot alliances and Cannonball: all public."""
        if seat >= state.num_players:
            return []
        obs = state.observation(viewer)
        out = []
        if obs.wagers[seat]:
            out.append(f"stake {obs.wagers[seat]}")
        if obs.adjustments[seat]:
            out.append(f"Harry {obs.adjustments[seat]:+d}")
        partners = [b if a == seat else a for a, b in obs.loot_pairs if seat in (a, b)]
        if partners:
            out.append("Loot with " + ", ".join(names[p] for p in dict.fromkeys(partners)))
        mode = obs.modes[seat] if obs.modes_revealed else None
        if mode:
            out.append(mode.lower())
        return out

    def hand_size(self, state: SkullKingState, viewer: int, seat: int) -> int:
        return state.observation(viewer).hand_sizes[seat]

    # --- the hand ---------------------------------------------------------------------

    def hand(self, state: SkullKingState, viewer: int) -> list[str]:
        return sort_hand(list(state.observation(viewer).hand))

    def card_image(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
        return card_face(code, scale, dim)

    def card_words(self, code: str) -> str:
        words = describe(code)
        return words[:1].upper() + words[1:]

    def card_actions(self, state: SkullKingState, viewer: int, code: str) -> list[str]:
        if self.to_act(state) != viewer or state.phase not in (Phase.PLAY, Phase.WILL):
            return []
        return [
            a
            for a in state.legal_actions()
            if HELD.get(a.split(":", 1)[-1] if a.startswith("DISCARD:") else a) == code
        ]

    def plays_cards_now(self, state: SkullKingState, viewer: int) -> bool:
        return state.phase in (Phase.PLAY, Phase.WILL)

    def action_label(self, action: str) -> str:
        return {
            "TIGRESS:PIRATE": "Tigress as a Pirate",
            "TIGRESS:ESCAPE": "Tigress as an Escape",
        }.get(action, action)

    def why_not(self, state: SkullKingState, viewer: int, code: str) -> str | None:
        if code not in state.observation(viewer).hand:
            return None
        if state.phase is Phase.PLAY:
            return state.why_illegal(viewer, code)
        if state.phase is Phase.WILL:
            return None
        return "choose with the buttons first"

    def choices(
        self, state: SkullKingState, viewer: int, names: Sequence[str]
    ) -> list[tuple[str, str]]:
        legal = state.legal_actions()
        phase = state.phase
        if phase is Phase.BID:
            return [(a[4:], a) for a in legal]
        if phase is Phase.MODE:
            return [(a[5:].capitalize(), a) for a in legal]
        if phase is Phase.ROSIE:
            return [(names[int(a[5:])], a) for a in legal]
        if phase is Phase.WAGER:
            return [(f"Stake {a[6:]}", a) for a in legal]
        if phase is Phase.ADJUST:
            labels = {"ADJUST:-1": "Bid -1", "ADJUST:0": "Keep bid", "ADJUST:+1": "Bid +1"}
            return [(labels[a], a) for a in legal]
        return []

    def prompt(self, state: SkullKingState, viewer: int) -> str:
        obs = state.observation(viewer)
        return {
            Phase.BID: "how many tricks will you take?",
            Phase.PLAY: "play a card",
            Phase.MODE: "Buckshot or Cannonball?",
            Phase.ROSIE: "Rosie lets you choose who leads the next trick",
            Phase.WILL: f"Will: discard {plural(obs.will_left, 'card')}",
            Phase.WAGER: "Rascal: stake 0, 10 or 20 points on your bid",
            Phase.ADJUST: "Harry: change your bid by one?",
        }.get(obs.phase, "")

    def header(self, state: SkullKingState, viewer: int) -> str:
        obs = state.observation(viewer)
        head = (
            f"Round {obs.round_index + 1} of {obs.rounds_total} · {plural(obs.cards, 'card')} each"
        )
        if obs.bids_revealed:
            total = sum(b for b in obs.bids if b is not None)
            head += f" · bids {total} for {plural(obs.cards, 'trick')}"
        return head

    # --- the middle -------------------------------------------------------------------

    def pile(self, state: SkullKingState) -> list[tuple[int, str]]:
        return list(state.trick)

    def pile_leader(self, state: SkullKingState) -> int | None:
        return state.observation(0).trick_winner if state.trick else None

    def pile_note(self, state: SkullKingState) -> str:
        obs = state.observation(0)
        if obs.led_suit:
            return f"Suit to follow: {SUIT_NAMES[obs.led_suit]}"
        if state.trick and state.phase is Phase.PLAY:
            return "No suit to follow yet"
        return ""

    def private_views(self, state: SkullKingState, viewer: int) -> list[PrivateView]:
        """Juanita Jade's look at the undealt cards: for her winner's eyes only."""
        if viewer >= state.num_players:
            return []
        seen = state.observation(viewer).undealt_seen
        if not seen:
            return []
        return [PrivateView(f"Juanita showed you the {len(seen)} undealt cards", tuple(seen))]

    # --- events -----------------------------------------------------------------------

    def event_count(self, state: SkullKingState) -> int:
        return len(state.log)

    def happenings(
        self, state: SkullKingState, start: int, names: Sequence[str]
    ) -> list[Happening]:
        log = state.log
        out: list[Happening] = []
        rounds = sum(1 for e in log[:start] if e.kind == "score")
        for i in range(start, len(log)):
            e = log[i]
            if e.kind in ("play", "flip") and e.seat is not None:
                out.append(Played(e.seat, e.detail.split(" ", 1)[1]))
            elif e.kind in ("trick", "destroyed"):
                plays = _trick_plays(log, i)
                if e.kind == "trick":
                    who = names[e.seat] if e.seat is not None else ""
                    out.append(Taken(plays, e.seat, f"Trick to {obj(who)}"))
                else:
                    what = "Kraken" if "Kraken" in e.detail else "White Whale"
                    out.append(Taken(plays, None, f"The {what} destroyed the trick"))
            elif e.kind == "deal":
                m = _DEAL.search(e.detail)
                out.append(Dealt(int(m.group(1)) if m else state.cards))
            elif e.kind == "bids":
                out.append(Shout("Yo-ho-ho!"))
            elif e.kind == "score":
                out.append(RoundEnded(rounds))
                rounds += 1
        return out

    def log(self, state: SkullKingState, names: Sequence[str]) -> list[LogLine]:
        gb = state.greybeard_seat
        return [LogLine(_words(e, names, gb)) for e in state.log]

    # --- rounds, scores, undo ---------------------------------------------------------

    def round_summary(self, state: SkullKingState, index: int, names: Sequence[str]) -> Summary:
        rec = state.rounds[index]
        totals = [
            sum(r.lines[p].total for r in state.rounds[: index + 1]) for p in range(len(rec.lines))
        ]
        rows = []
        for p, line in enumerate(rec.lines):
            bid = str(line.bid)
            if rec.adjustments[p]:
                bid = f"{line.bid} (was {rec.bids[p]})"
            mode = rec.modes[p]
            if mode:
                bid += f" {mode.lower()}"
            rows.append(
                (
                    names[p],
                    bid,
                    str(line.tricks),
                    f"{line.base:+d}",
                    f"{line.bonus:+d}",
                    f"{line.loot + line.wager:+d}",
                    f"{line.total:+d}",
                    str(totals[p]),
                )
            )
        return Summary(
            f"Round {index + 1} of {len(state.plan)}: {plural(rec.cards, 'card')} each",
            ("Player", "Bid", "Won", "Bid points", "Bonus", "Loot, stake", "Round", "Total"),
            tuple(rows),
            tuple(line.exact for line in rec.lines),
        )

    def sheet(self, state: SkullKingState) -> Sheet:
        n = state.num_players
        rounds = tuple(
            (
                f"Round {rec.round_index + 1}",
                tuple((f"{ln.bid}/{ln.tricks} {ln.total:+d}", ln.exact) for ln in rec.lines),
            )
            for rec in state.rounds
        )
        running = []
        for p in range(n):
            series = [0]
            for rec in state.rounds:
                series.append(series[-1] + rec.lines[p].total)
            running.append(tuple(series))
        return Sheet(
            tuple(range(n)),
            rounds,
            tuple(state.scores),
            tuple(running),
            "each cell: bid/won, points",
        )

    def undo_point(self, state: SkullKingState, seat: int) -> int | None:
        """Before `seat`'s last action, if nothing hidden was shown since: no card played or
        flipped, no bids or modes revealed, no new deal."""
        history = state.history()
        replay = SkullKingState(state.options, state.seed)
        actors, rounds = [], []
        for action in history:
            actors.append(replay.current_player())
            rounds.append(replay.round_index)
            replay.apply_action(action)
        k = max((i for i, s in enumerate(actors) if s == seat), default=None)
        if k is None:
            return None
        if any(r > k for r in state.revealed_at) or rounds[k] != state.round_index:
            return None
        if any(not history[i].startswith(("BID:", "MODE:")) for i in range(k + 1, len(history))):
            return None
        return k


def _trick_plays(log: Sequence[LogEntry], end: int) -> tuple[tuple[int, str], ...]:
    """The cards played into the trick that the event at `end` closed, in order."""
    plays: list[tuple[int, str]] = []
    i = end - 1
    while i >= 0 and log[i].kind not in ("trick", "destroyed", "deal"):
        e = log[i]
        if e.kind in ("play", "flip") and e.seat is not None:
            plays.append((e.seat, e.detail.split(" ", 1)[1]))
        i -= 1
    return tuple(reversed(plays))


def _words(e: LogEntry, names: Sequence[str], greybeard: int | None) -> str:
    """One event as a person would write it."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and seat < len(names) else "Someone"

    who = name(e.seat)
    kind = e.kind
    if kind == "deal":
        m = _DEAL.search(e.detail)
        count = int(m.group(1)) if m else 0
        r = re.search(r"round (\d+)", e.detail)
        return f"Round {r.group(1) if r else '?'}: {says(who, 'deals', 'deal')} {plural(count, 'card')}"
    if kind in ("play", "flip"):
        code = e.detail.split(" ", 1)[1]
        verb = ("plays", "play") if kind == "play" else ("flips", "flip")
        return f"{says(who, *verb)} {card_name(code)}"
    if kind == "bid":
        return f"{says(who, 'has', 'have')} bid"
    if kind == "bids":
        return "Yo-ho-ho! Bids: " + ", ".join(f"{name(s)} {v}" for s, v in enumerate(e.values))
    if kind == "mode":
        return f"{says(who, 'has', 'have')} chosen"
    if kind == "modes":
        return "Buckshot or Cannonball: " + ", ".join(
            f"{name(s)} {v}" for s, v in enumerate(e.values)
        )
    if kind == "trick":
        m = _TRICK.search(e.detail)
        code = m.group(1) if m else ""
        line = f"{says(who, 'takes', 'take')} the trick with {card_name(code)}"
        if m and m.group(2) and e.seat != greybeard:
            mine = "you make your" if who == "You" else f"{who} makes the"
            line += f" (+{m.group(2)} bonus if {mine} bid)"
        return line
    if kind == "destroyed":
        what = "Kraken" if "Kraken" in e.detail else "White Whale"
        return f"The {what} destroyed the trick; {says(who, 'leads', 'lead')} next"
    if kind == "will":
        if e.detail.startswith("draws"):
            m = re.search(r"draws (\d+)", e.detail)
            k = int(m.group(1)) if m else 0
            return f"Will the Bandit: {says(who, 'draws', 'draw')} {plural(k, 'card')} to discard"
        return f"{says(who, 'has', 'have')} discarded"
    if kind == "juanita":
        return f"Juanita Jade: {says(who, 'looks', 'look')} at the undealt cards"
    if kind == "rosie":
        chosen = name(e.values[0]) if e.values else ""
        if e.values and e.values[0] == e.seat:
            return f"Rosie: {says(who, 'keeps', 'keep')} the lead"
        return f"Rosie: {says(who, 'gives', 'give')} the lead to {obj(chosen)}"
    if kind == "wager":
        m = re.search(r"(\d+)", e.detail)
        return (
            f"Rascal: {says(who, 'stakes', 'stake')} {plural(int(m.group(1)) if m else 0, 'point')}"
        )
    if kind == "harry":
        m = re.search(r"([+-]?\d+)", e.detail)
        change = int(m.group(1)) if m else 0
        if change == 0:
            return f"Harry: {says(who, 'keeps', 'keep')} the bid"
        mine = "your" if who == "You" else "the"
        return f"Harry: {says(who, 'changes', 'change')} {mine} bid by {change:+d}"
    if kind == "score":
        r = re.search(r"Round (\d+)", e.detail)
        parts = ", ".join(f"{name(s)} {v}" for s, v in enumerate(e.values))
        return f"Round {r.group(1) if r else '?'} scores: {parts}"
    if kind == "over":
        return "Game over"
    return f"{who} {e.detail}"


def winners_words(state: SkullKingState, names: Sequence[str]) -> str:
    return winners_line([names[s] for s in state.winners()])


GAME = SkullKingGame()

__all__ = ["GAME", "LEVELS", "SkullKingGame", "card_name", "listing", "winners_words"]
