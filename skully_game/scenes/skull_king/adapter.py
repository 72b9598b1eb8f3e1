"""Skull King at the shared card table: its cards in words and pictures, its events in words and
flights, its seats, round summary, score sheet and undo policy (until a card is shown or the
bids are revealed)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cards.skull_king import (
    Observation,
    Phase,
    SkullKingOptions,
    SkullKingState,
    describe,
    make_bot,
)
from cards.skull_king import events as ev
from cards.skull_king.cards import ESCAPE_LIKE, HELD, RANK, SUIT, SUIT_NAMES, SUITS, sort_hand
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Played,
    PrivateView,
    RoundEnded,
    Sheet,
    Shout,
    Summary,
    TableGame,
    Taken,
)
from skully_game.scenes.cardtable.words import (
    YOU,
    listing,
    obj,
    opening,
    plural,
    says,
    winners_line,
)
from skully_game.scenes.skull_king.carddraw import card_face

LEVELS = (
    ("random", "Computer: random"),
    ("heuristic", "Computer: heuristic"),
    ("strong", "Computer: strong"),
)
GHOST = "Greybeard"


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


CHOICE_TIPS = {
    "MODE:BUCKSHOT": "Rascal scoring as usual: all for an exact bid, half for one off",
    "MODE:CANNONBALL": "15 a card if your bid is exact, nothing at all if not",
    "ADJUST:-1": "Harry the Giant: one trick fewer",
    "ADJUST:+1": "Harry the Giant: one trick more",
}


class SkullKingGame(TableGame):
    key = "skull-king"
    title = "Skull King"
    save_format = "skully-skull-king-table"
    save_version = 1
    levels = LEVELS

    # --- the game ---------------------------------------------------------------------

    def new_state(self, options: SkullKingOptions, seed: int) -> SkullKingState:
        return SkullKingState(options, seed, record=True)  # the table shows the events

    def record(self, state: SkullKingState) -> dict[str, Any]:
        return state.to_record()

    def from_record(self, record: dict[str, Any]) -> SkullKingState:
        return SkullKingState.from_record(record)

    def replay(self, state: SkullKingState, actions: Sequence[str]) -> SkullKingState:
        return SkullKingState.replay(state.options, state.seed, list(actions), record=True)

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
            # the bot thinks in the table's worker thread: a snapshot, not a live view
            obs, legal = state.observation(seat).detached(), state.legal_actions()
            return lambda: bot.act(obs, legal)

        return prepare

    # --- seats ------------------------------------------------------------------------

    def seat_count(self, state: SkullKingState) -> int:
        return state.num_players + (1 if state.greybeard_seat is not None else 0)

    def ghost_name(self, seat: int) -> str:
        return GHOST

    def table_order(self, state: SkullKingState) -> list[int]:
        """Greybeard sits after whoever leads: he plays second (seed section 7), so his seat
        moves with the lead and the seats always show the order of play."""
        if state.greybeard_seat is None:
            return list(range(state.num_players))
        return list(state.play_order())

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

    def card_words(self, code: str) -> str:
        return opening(describe(code))

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
        return {
            Phase.BID: "bid first",
            Phase.MODE: "choose Buckshot or Cannonball first",
            Phase.ROSIE: "choose who leads first",
            Phase.WAGER: "choose your stake first",
            Phase.ADJUST: "choose your bid change first",
        }.get(state.phase, "not now")

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
            Phase.BID: "how many tricks will you take?",
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
            head += f" · bids {total} for {plural(obs.cards, 'trick')}"
        return head

    def round_end_view(self, state: SkullKingState) -> SkullKingState:
        """The round as it ended, while its last trick and summary are on show: the state
        before the action that ended it, with that action's trick, alliances and bid change,
        and every hand empty (the next deal has not flown yet)."""
        events = state.events
        deals = [i for i, e in enumerate(events) if isinstance(e, ev.Dealt)]
        scored = [i for i, e in enumerate(events) if isinstance(e, ev.RoundScored)]
        if not deals or not scored or scored[-1] > deals[-1] or not state.history():
            return state
        before = SkullKingState.replay(state.options, state.seed, state.history()[:-1], record=True)
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

    def event_count(self, state: SkullKingState) -> int:
        return len(state.events)

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
            elif isinstance(e, ev.BidsRevealed):
                out.append(Shout("Yo-ho-ho!"))
            elif isinstance(e, ev.RoundScored):
                out.append(RoundEnded(e.round_index))
        return out

    def log(self, state: SkullKingState, viewer: int | None, names: Sequence[str]) -> list[str]:
        """The events `viewer` may know (None: a spectator), in words."""
        lines = []
        for e in ev.visible(state.events, viewer):
            line = _words(e, names, state.greybeard_seat)
            if line:
                lines.append(line)
        return lines

    # --- rounds, scores, undo ---------------------------------------------------------

    def round_summary(self, state: SkullKingState, index: int, names: Sequence[str]) -> Summary:
        scored = next(
            e for e in state.events if isinstance(e, ev.RoundScored) and e.round_index == index
        )
        rows = []
        for line in scored.lines:
            bid = str(line.bid + line.adjustment)
            if line.adjustment:
                bid += f" (was {line.bid})"
            if line.mode:
                bid += f" {line.mode.lower()}"
            rows.append(
                (
                    names[line.seat],
                    bid,
                    str(line.tricks),
                    f"{line.base:+d}",
                    f"{line.bonus:+d}",
                    f"{line.loot + line.wager:+d}",
                    f"{line.points:+d}",
                    str(line.total),
                )
            )
        return Summary(
            f"Round {index + 1} of {len(state.plan)}: {plural(scored.cards, 'card')} each",
            ("Player", "Bid", "Won", "Bid points", "Bonus", "Loot, stake", "Round", "Total"),
            tuple(rows),
            tuple(line.exact for line in scored.lines),  # the bid and tricks: made or missed
            signed=(3, 4, 5, 6, 7),  # the points and the total: by their sign
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


def _words(e: ev.Event, names: Sequence[str], greybeard: int | None) -> str:
    """One event as a person would write it ("" for the ones the log leaves out)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "Someone"

    if isinstance(e, ev.Dealt):
        dealer = who(e.dealer)
        return (
            f"Round {e.round_index + 1} of {e.rounds_total}: "
            f"{says(dealer, 'deals', 'deal')} {plural(e.cards, 'card')} each"
        )
    if isinstance(e, ev.BidMade):
        if e.bid is None:
            return f"{says(who(e.seat), 'has', 'have')} bid"
        return f"{says(who(e.seat), 'bids', 'bid')} {e.bid} (hidden until everyone has bid)"
    if isinstance(e, ev.BidsRevealed):
        return "Yo-ho-ho! Bids: " + ", ".join(f"{who(s)} {b}" for s, b in enumerate(e.bids))
    if isinstance(e, ev.ModeChosen):
        if e.mode is None:
            return f"{says(who(e.seat), 'has', 'have')} chosen Buckshot or Cannonball"
        return f"{says(who(e.seat), 'chooses', 'choose')} {e.mode.capitalize()} (hidden)"
    if isinstance(e, ev.ModesRevealed):
        return "Buckshot or Cannonball: " + ", ".join(
            f"{who(s)} {m.capitalize()}" for s, m in enumerate(e.modes)
        )
    if isinstance(e, ev.CardPlayed):
        verb = ("flips", "flip") if e.flipped else ("plays", "play")
        return f"{says(who(e.seat), *verb)} {card_name(e.played)}"
    if isinstance(e, ev.TrickWon):
        name = who(e.seat)
        line = f"{says(name, 'takes', 'take')} the trick with {card_name(e.card)}"
        if e.bonus and e.seat != greybeard:
            mine = "you make your" if name == "You" else f"{name} makes the"
            line += f" (+{e.bonus} bonus if {mine} bid)"
        return line
    if isinstance(e, ev.TrickDestroyed):
        leads = says(obj(who(e.next_leader)), "leads", "lead")  # mid-sentence: "you lead"
        return f"The Kraken destroyed the trick; {leads} next"
    if isinstance(e, ev.TrickDiscarded):
        return (
            "The White Whale met no numbered card: the trick is discarded; "
            f"{says(obj(who(e.seat)), 'leads', 'lead')} next"
        )
    if isinstance(e, ev.LootAlliance):
        pair = listing([who(e.giver), obj(who(e.winner))])
        return f"Loot: {pair} are allied (+20 each if both make their bids)"
    if isinstance(e, ev.LeaderChosen):
        name = who(e.seat)
        if e.leader == e.seat:
            return f"Rosie: {says(name, 'keeps', 'keep')} the lead"
        return f"Rosie: {says(name, 'gives', 'give')} the lead to {obj(who(e.leader))}"
    if isinstance(e, ev.CardsDrawn):
        name = who(e.seat)
        drawn = plural(e.count, "card")
        if e.cards:
            drawn = listing([card_name(c) for c in e.cards])
        then = f"{'discard' if name == YOU else 'discards'} {plural(e.count, 'card')}"
        return f"Will the Bandit: {says(name, 'draws', 'draw')} {drawn}, then {then}"
    if isinstance(e, ev.CardDiscarded):
        what = card_name(e.card) if e.card else "a card"
        return f"{says(who(e.seat), 'discards', 'discard')} {what} face down"
    if isinstance(e, ev.WagerMade):
        return f"Rascal: {says(who(e.seat), 'stakes', 'stake')} {plural(e.wager, 'point')}"
    if isinstance(e, ev.UndealtSeen):
        name = who(e.seat)
        if e.cards is not None:
            return (
                f"Juanita Jade: {says(name, 'sees', 'see')} the {plural(e.count, 'undealt card')}"
            )
        return f"Juanita Jade: {says(name, 'looks', 'look')} at the undealt cards"
    if isinstance(e, ev.BidChangeEarned):
        name = who(e.seat)
        return (
            f"Harry the Giant: {says(name, 'may', 'may')} change the bid by one at the round's end"
        )
    if isinstance(e, ev.BidChanged):
        name = who(e.seat)
        if e.change == 0:
            return f"Harry: {says(name, 'keeps', 'keep')} the bid of {e.bid}"
        mine = "your" if name == "You" else "the"
        return f"Harry: {says(name, 'changes', 'change')} {mine} bid from {e.bid} to {e.new_bid}"
    if isinstance(e, ev.RoundScored):
        parts = ", ".join(f"{who(line.seat)} {line.points:+d}" for line in e.lines)
        return f"Round {e.round_index + 1} scores: {parts}"
    if isinstance(e, ev.GameOver):
        return "Game over: " + winners_line([who(s) for s in e.winners])
    return ""


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


GAME = SkullKingGame()

__all__ = ["GAME", "LEVELS", "SkullKingGame", "card_name"]
