"""Skull King at the shared card table: its cards in words and pictures, its events in words and
flights, its seats, round summary, score sheet and undo policy (until a card is shown or the
bids are revealed)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cards import registry
from cards.skull_king import Observation, Phase, SkullKingState, describe
from cards.skull_king import events as ev
from cards.skull_king.bidhint import bid_hint, play_hint
from cards.skull_king.cards import ESCAPE_LIKE, HELD, RANK, SUIT, SUIT_NAMES, SUITS, sort_hand
from cards.skull_king.words import card_name
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Hint,
    Played,
    PrivateView,
    RoundEnded,
    Sheet,
    Summary,
    TableGame,
    Taken,
)
from skully_game.scenes.cardtable.words import listing, obj, opening, plural
from skully_game.scenes.skull_king import hints
from skully_game.scenes.skull_king.bids import BidsShown
from skully_game.scenes.skull_king.carddraw import card_face
from skully_game.scenes.skull_king.cardwords import CardRules, card_tip

GHOST = "Greybeard"


CHOICE_TIPS = {
    "MODE:BUCKSHOT": "Rascal scoring as usual: all for an exact bid, half for one off",
    "MODE:CANNONBALL": "15 a card if your bid is exact, nothing at all if not",
    "ADJUST:-1": "Harry the Giant: one trick fewer",
    "ADJUST:+1": "Harry the Giant: one trick more",
}


class SkullKingGame(TableGame):
    """Skull King's presentation at the shared card table (the game itself: SeatedGame)."""

    def scores(self, state: SkullKingState) -> list[int]:
        return list(state.scores)

    # --- seats ------------------------------------------------------------------------

    def seat_count(self, state: SkullKingState) -> int:
        return state.num_players + (1 if state.greybeard_seat is not None else 0)

    def ghost_name(self, seat: int) -> str:
        return GHOST

    def table_order(self, state: SkullKingState) -> list[int]:
        """The seats round the table, the same for the whole game. Greybeard sits between the
        two players: he plays second whoever leads (seed section 7), so the play goes round
        one way or the other with the lead, but no box moves (issue 40: his box and the other
        player's traded sides between tricks when it followed the order of play)."""
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
            bid_text = "has bid" if obs.has_bid[seat] else "no bid yet"
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
        if obs.harry_pending == seat:
            out.append("Harry: bid ±1")
        elif obs.adjustments[seat]:
            out.append(f"Harry: bid {obs.adjustments[seat]:+d}")
        partners = [b if a == seat else a for a, b in obs.loot_pairs if seat in (a, b)]
        if partners:
            out.append("Loot with " + listing([obj(names[p]) for p in dict.fromkeys(partners)]))
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

    # the options of the table in front, which its cards' words follow (it sets them: table.py)
    rules = CardRules()

    def card_words(self, code: str) -> str:
        """A card's name, when it wins and what beats it (naming only the cards these rules
        deal), and its pirate's power if powers are on."""
        return card_tip(code, self.rules)

    def card_actions(self, state: SkullKingState, viewer: int, code: str) -> list[str]:
        if self.to_act(state) != viewer or state.phase not in (Phase.PLAY, Phase.WILL):
            return []
        return [
            a
            for a in state.legal_actions()
            if HELD.get(a.split(":", 1)[-1] if a.startswith("DISCARD:") else a) == code
        ]

    def acting_word(self, state: Any) -> str:
        return "to bid" if state.phase is Phase.BID else "to play"

    def where_words(self, state: SkullKingState) -> str:
        """Where a saved game stands, for the Resume list: "Round 4 of 10", with "bidding"
        while the round's bids are being made (a line saved then, a computer player to bid,
        said nothing of whose turn it was; the list says "to bid" for a person by it)."""
        words = f"Round {state.round_index + 1} of {len(state.plan)}"
        return f"{words}, bidding" if state.phase is Phase.BID else words

    def plays_cards_now(self, state: SkullKingState, viewer: int) -> bool:
        return state.phase in (Phase.PLAY, Phase.WILL)

    def action_label(self, action: str) -> str:
        return {
            "TIGRESS:PIRATE": "Tigress as a Pirate",
            "TIGRESS:ESCAPE": "Tigress as an Escape",
        }.get(action, action)

    def hinter(self, rng: random.Random) -> Callable[[SkullKingState, int], Callable[[], Hint]]:
        """As every table's, but a bid is the one with the best expected score over many
        sampled deals (bidhint.py), said with the cards that took their tricks in them, and a
        card follows the bid: take the trick when every trick left is needed, lose it once the
        bid is made, said with how often it took the trick in those deals."""
        strong = super().hinter(rng)

        def prepare(state: SkullKingState, seat: int) -> Callable[[], Hint]:
            if state.phase not in (Phase.BID, Phase.PLAY):
                return strong(state, seat)
            obs, legal = state.observation(seat).detached(), tuple(state.legal_actions())
            if state.phase is Phase.PLAY:

                def play() -> Hint:
                    found = play_hint(obs, legal, rng)
                    return Hint(found.action, hints.play_hint_words(obs, seat, found))

                return play

            def work() -> Hint:
                found = bid_hint(obs, legal, rng)
                return Hint(found.action, hints.bid_hint_words(obs, found))

            return work

        return prepare

    def hint_words(self, obs: Any, seat: int, action: str) -> str:
        """Why the strong player would make `action`, read from `obs` alone (hints.py)."""
        return hints.hint_words(obs, seat, action)

    def move_words(self, action: str) -> str:
        return hints.move_words(action)

    def why_not(self, state: SkullKingState, viewer: int, code: str) -> str | None:
        """The engine's reason (what to do first, the suit to follow), for a held card."""
        if code not in state.observation(viewer).hand:
            return None
        return state.why_illegal(viewer, code)

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
        if phase is Phase.ADJUST:  # each button names the bid it leaves
            obs = state.observation(viewer)
            bid = (obs.bids[viewer] or 0) + obs.adjustments[viewer]
            labels = {"ADJUST:-1": f"Bid {bid - 1}", "ADJUST:0": f"Keep {bid}",
                      "ADJUST:+1": f"Bid {bid + 1}"}  # fmt: skip
            return [(labels[a], a) for a in legal]
        return []

    def choice_tip(self, action: str) -> str:
        return CHOICE_TIPS.get(action, "")

    def prompt(self, state: SkullKingState, viewer: int, names: Sequence[str] = ()) -> str:
        obs = state.observation(viewer)
        return {
            # the keys said where they are wanted: the arrows walk the hand, not the bids
            Phase.BID: "how many tricks will you take? (a number key, or click a bid)",
            Phase.PLAY: "play a card",
            Phase.MODE: "Buckshot or Cannonball?",
            Phase.ROSIE: "Rosie lets you choose who leads the next trick",
            Phase.WILL: f"discard {plural(obs.will_left, 'card')} for Will the Bandit",
            Phase.WAGER: "Rascal lets you stake 0, 10 or 20 points on your bid",
            Phase.ADJUST: "Harry lets you change your bid by one",
        }.get(obs.phase, "")

    def header(self, state: SkullKingState, viewer: int) -> str:
        obs = state.observation(viewer)
        head = (
            f"Round {obs.round_index + 1} of {obs.rounds_total} · {plural(obs.cards, 'card')} each"
        )
        if obs.bids_revealed:
            total = sum(b for b in obs.bids if b is not None)
            head += f" · bids total {total} for {plural(obs.cards, 'trick')}"
        return head

    def round_end_view(self, state: SkullKingState) -> SkullKingState:
        """The round as it ended, while its last trick and summary are on show: the state
        before the action that ended it, with that action's trick, alliances and bid change,
        and every hand empty (the next deal has not flown yet)."""
        events = state.events
        deals = [i for i, e in enumerate(events) if isinstance(e, ev.Dealt)]
        scored = [i for i, e in enumerate(events) if isinstance(e, ev.RoundScored)]
        if not deals or not scored or (scored[-1] > deals[-1] and not state.is_terminal()):
            return state  # (the game's last round: no deal follows its scores)
        before = self.before_last(state)
        if before is None:
            return state
        ending = events[len(before.events) : scored[-1]]
        return _RoundEnd(before, tuple(ending))  # type: ignore[return-value]

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
            if all(code in ESCAPE_LIKE for _, code in state.trick):  # the next card may set one
                return "No suit to follow yet"
            return "No suit to follow in this trick"  # a character led
        return ""

    def private_views(self, state: SkullKingState, viewer: int) -> list[PrivateView]:
        """Juanita Jade's look at the undealt cards: for her winner's eyes only."""
        if viewer >= state.num_players:
            return []
        seen = state.observation(viewer).undealt_seen
        if not seen:
            return []
        title = f"Juanita Jade shows you the {plural(len(seen), 'undealt card')}"
        return [PrivateView(title, tuple(seen), undealt_lines(seen))]

    # --- events ---------------------------------------------------------------------

    def happenings(
        self, state: SkullKingState, start: int, names: Sequence[str]
    ) -> list[Happening]:
        """Flights and pauses straight from the engine's typed events."""
        out: list[Happening] = []
        for e in state.events[start:]:
            if isinstance(e, ev.CardPlayed):
                out.append(Played(e.seat, e.played))
            elif isinstance(e, ev.TrickWon):
                out.append(Taken(e.plays, e.seat, f"Trick to {obj(names[e.seat])}"))
            elif isinstance(e, ev.TrickDestroyed):
                out.append(Taken(e.plays, None, "The Kraken destroyed the trick"))
            elif isinstance(e, ev.TrickDiscarded):
                out.append(Taken(e.plays, None, "The White Whale discarded the trick"))
            elif isinstance(e, ev.Dealt):
                out.append(Dealt(e.cards))
            elif isinstance(e, ev.BidsRevealed):  # every bid by its seat, all at once
                out.append(BidsShown(tuple(e.bids)))  # type: ignore[arg-type]
            elif isinstance(e, ev.RoundScored):
                out.append(RoundEnded(e.round_index))
        return out

    # --- rounds, scores, undo ---------------------------------------------------------

    def round_summary(self, state: SkullKingState, index: int, names: Sequence[str]) -> Summary:
        """A row per player; the Loot and stake column only where the options deal Loot
        (the advanced cards) or give Rascal's stake (pirate powers), named for what it holds."""
        scored = next(
            e for e in state.events if isinstance(e, ev.RoundScored) and e.round_index == index
        )
        extra = extra_heading(state.options)
        rows = []
        for line in scored.lines:
            bid = str(line.bid + line.adjustment)
            if line.adjustment:
                bid += f" (was {line.bid})"
            if line.mode:
                bid += f" {line.mode.lower()}"
            loot = (f"{line.loot + line.wager:+d}",) if extra else ()
            rows.append(
                (
                    names[line.seat],
                    bid,
                    str(line.tricks),
                    f"{line.base:+d}",
                    f"{line.bonus:+d}",
                    *loot,
                    f"{line.points:+d}",
                    str(line.total),
                )
            )
        headings = ("Player", "Bid", "Won", "Bid points", "Bonus", *extra, "Round", "Total")
        return Summary(
            f"Round {index + 1} of {len(state.plan)}: {plural(scored.cards, 'card')} each",
            headings,
            tuple(rows),
            tuple(line.exact for line in scored.lines),  # the bid and tricks: made or missed
            signed=tuple(range(3, len(headings))),  # the points and the total: by their sign
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


def extra_heading(options: Any) -> tuple[str, ...]:
    """The summary's column for Loot alliances and Rascal's stakes, as the options have them:
    none when neither can score (with the first game's rules it showed "+0" for everyone)."""
    loot = bool(getattr(options, "advanced_cards", False))
    stake = bool(getattr(options, "pirate_powers", False))
    return {(True, True): ("Loot, stake",), (True, False): ("Loot",),
            (False, True): ("Stake",)}.get((loot, stake), ())  # fmt: skip


def undealt_lines(cards: Sequence[str]) -> tuple[str, ...]:
    """Many cards in a few lines: each suit's numbers, then the special cards by name."""
    lines = []
    for suit in SUITS:
        ranks = sorted(RANK[c] for c in cards if SUIT[c] == suit)
        if ranks:
            name = SUIT_NAMES[suit]
            lines.append(f"{opening(name)}: {' '.join(map(str, ranks))}")
    specials = Counter(c for c in sort_hand(list(cards)) if SUIT[c] is None)
    if specials:
        named = [describe(c) if k == 1 else plural(k, describe(c)) for c, k in specials.items()]
        lines.append("Specials: " + ", ".join(named))
    return tuple(lines)


class _RoundEnd:
    """A finished round, drawn while its end is on show (see `round_end_view`): the state
    before its last action, and what that action finished."""

    trick: tuple[tuple[int, str], ...] = ()

    def __init__(self, before: SkullKingState, ending: tuple[ev.Event, ...]) -> None:
        self._before = before
        self._ending = ending
        self.events = [*before.events, *ending]  # the log stops where the round did

    def __getattr__(self, name: str) -> Any:
        return getattr(self._before, name)

    def observation(self, viewer: int) -> Observation:
        obs = self._before.observation(viewer)
        won, adjust = list(obs.tricks_won), list(obs.adjustments)
        loot = list(obs.loot_pairs)
        for e in self._ending:
            if isinstance(e, ev.TrickWon):
                won[e.seat] += 1
            elif isinstance(e, ev.LootAlliance):
                loot.append((e.giver, e.winner))
            elif isinstance(e, ev.BidChanged):
                adjust[e.seat] = e.change
        return obs.replace(
            hand=(),
            hand_sizes=(0,) * len(obs.hand_sizes),
            trick=(),
            led_suit=None,
            trick_winner=None,
            tricks_won=tuple(won),
            adjustments=tuple(adjust),
            loot_pairs=tuple(loot),
            harry_pending=None,
        )


GAME = SkullKingGame(registry.game("skull-king"))

__all__ = ["GAME", "SkullKingGame", "card_name"]
