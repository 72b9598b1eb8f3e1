"""Skull at the shared card table: its cards in words and pictures, each seat's stack and Win
Markers in front of it, its events in words and animations, its round summary, its score sheet
and its undo policy (only while nobody else has bid, passed or turned a card since).

While a round's end is on show (the Skull's owner drawing, the Challenger choosing a discard,
the round's summary), the stacks stay where they lay, with the cards that were turned: the table
is drawn from the last round's record, as everyone saw it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from cards import registry
from cards.skull import Observation, Outcome, Phase, RoundRecord, SkullState, hints
from cards.skull import events as ev
from cards.skull.belief import HAND
from cards.skull.cards import describe, is_skull, sort_hand
from cards.skull.words import card_name, possessive, possessive_cap
from skully_game.scenes.cardtable.game import (
    Dealt,
    Happening,
    Hint,
    Peek,
    PlacedDown,
    PrivateView,
    RoundEnded,
    Said,
    Sheet,
    Shout,
    Spot,
    Summary,
    TableGame,
    Taken,
    Turned,
)
from skully_game.scenes.cardtable.panels import TwoGraphSheet
from skully_game.scenes.cardtable.words import YOU, as_read_by, obj, plural, says
from skully_game.scenes.skull.carddraw import card_face

ENDED = (Phase.DRAW, Phase.DISCARD, Phase.OVER)  # the last round's stacks still lie
MARKER = "marker:"  # a Win Marker's code at the table: a spare King there is no Skull


@dataclass(frozen=True, slots=True)
class MarkerWon:
    """A Win Marker won: it flies from the middle to its winner's side, turned face down."""

    seat: int
    index: int  # which of the seat's two markers (0: the first won)
    code: str  # the card it is


def marker(code: str) -> str:
    """The table's code for a Win Marker, so it is drawn as a marker (a King without a skull)."""
    return MARKER + code


class SkullGame(TableGame):
    """Skull's presentation at the shared card table (the game itself: SeatedGame)."""

    score_word = ("Win Marker", "Win Markers")

    def scores(self, state: SkullState) -> list[int]:
        return list(state.won)

    def hint_words(self, obs: Observation, seat: int, action: str) -> str:
        """Why the strong player would make `action`, from `seat`'s own view alone."""
        return hints.hint_words(obs, action)

    def hinter(self, rng: random.Random) -> Callable[[SkullState, int], Callable[[], Hint]]:
        """The strong player's choice, made safe for a person (`hints.safer`): never a bluff
        nor one's last card staked on others' stacks."""
        return self.corrected_hinter(rng, hints.safer)

    def move_words(self, action: str) -> str:
        return hints.move_words(action)

    def marker_code(self, code: str) -> str:
        """The table's code for a Win Marker card (drawn as a marker, not a Skull)."""
        return marker(code)

    def turned_words(self, seat: int, code: str, names: Sequence[str]) -> str:
        """A turned card held up to be read: 'Anne's stack: a Flower', 'Your stack: Skull!'."""
        whose = possessive_cap(names[seat]) if names else "A"
        return f"{whose} stack: " + ("Skull!" if is_skull(code) else "a Flower")

    def out_of_game(self, state: SkullState, names: Sequence[str]) -> dict[int, str]:
        """Who lost their last card, and in which round: the last to go out first."""
        out = {}
        for index, e in _by_round(state):
            if isinstance(e, ev.PlayerOut):
                out[e.seat] = f"lost all cards in round {index + 1}"
        return dict(reversed(out.items()))

    # --- seats ------------------------------------------------------------------------

    def seat_lines(self, state: SkullState, viewer: int, seat: int) -> list[str]:
        """Every number with its word: the cards a seat has left, how many of them are in its
        hand (the count by the card back in the corner) or its bid, and its Win Markers."""
        obs = state.observation(viewer)
        left = obs.cards_left[seat]
        if not left:
            return ["out of the game", _markers(obs.won[seat])]
        first = f"{plural(left, 'card')} · {self.hand_size(state, viewer, seat)} in hand"
        if obs.phase in (Phase.BID, Phase.REVEAL) or (obs.phase in ENDED and obs.rounds):
            if obs.passed[seat]:
                first = f"{plural(left, 'card')} · passed"
            elif obs.bidder == seat:
                first = f"{plural(left, 'card')} · bid {obs.bid}"
        return [first, _markers(obs.won[seat])]

    def seat_badges(
        self, state: SkullState, viewer: int, seat: int, names: Sequence[str]
    ) -> list[str]:
        """The Challenger, and a Skull known to be gone (the one-deck leak, or one's own)."""
        obs = state.observation(viewer)
        out = []
        if obs.challenger == seat and obs.phase is Phase.REVEAL:
            out.append("Challenger")
        if obs.cards_left[seat] and obs.skull_gone[seat]:
            out.append("your Skull is gone" if seat == viewer else "no Skull left")
        return out

    def hand_size(self, state: SkullState, viewer: int, seat: int) -> int:
        return len(_hands_shown(state, viewer)[seat])

    # --- the viewer's hand ------------------------------------------------------------

    def hand(self, state: SkullState, viewer: int) -> list[str]:
        return sort_hand(list(_hands_shown(state, viewer)[viewer]))

    def card_image(self, code: str, scale: float = 1.0, dim: bool = False) -> pygame.Surface:
        if code.startswith(MARKER):
            return card_face(code.removeprefix(MARKER), scale, dim, marker=True)
        return card_face(code, scale, dim)

    def card_words(self, code: str) -> str:
        """What a card is and does, short enough to stand beside why it cannot be played."""
        if code.startswith(MARKER):
            words = describe(code.removeprefix(MARKER))
            return f"The {words}: a Win Marker (turned down for each win)"
        words = describe(code)
        if is_skull(code):
            return f"The {words}: your Skull (it stops whoever turns it)"
        return f"The {words}: a Flower (safe for whoever turns it)"

    def card_actions(self, state: SkullState, viewer: int, code: str) -> list[str]:
        if self.to_act(state) != viewer:
            return []
        if state.phase in (Phase.FIRST, Phase.PLACE):
            action = f"PLACE:{code}"
        elif state.phase is Phase.DISCARD:
            action = f"DISCARD:{code}"
        else:
            return []
        return [action] if state.is_legal(action) else []

    def acting_word(self, state: Any) -> str:
        return "to bid" if state.phase is Phase.BID else "to play"

    def public_turn(self, state: SkullState) -> bool:
        """The reveal and the draw from a beaten Challenger are watched by everyone: the cards
        chosen lie face down on the table, and no hand is needed to choose them."""
        return state.phase in (Phase.REVEAL, Phase.DRAW)

    def plays_cards_now(self, state: SkullState, viewer: int) -> bool:
        return state.phase in (Phase.FIRST, Phase.PLACE, Phase.DISCARD)

    def why_not(self, state: SkullState, viewer: int, code: str) -> str | None:
        """Outside the phases that take a card, what the phase asks instead (the engine's)."""
        if state.phase in (Phase.FIRST, Phase.PLACE, Phase.DISCARD, Phase.OVER):
            return None
        return state.asks(state.current_player())

    def choices(
        self, state: SkullState, viewer: int, names: Sequence[str]
    ) -> list[tuple[str, str]]:
        legal = state.legal_actions()
        out = [(a[4:], a) for a in legal if a.startswith("BID:")]
        if "PASS" in legal:
            out.append(("Pass", "PASS"))
        if "HOLD" in legal:
            out.append(("Let it stand", "HOLD"))
        return out

    def choice_tip(self, action: str) -> str:
        """A number button in words: 'Bid 3: turn 3 cards without a Skull'."""
        if action.startswith("BID:"):
            bid = int(action[4:])
            return f"Bid {bid}: turn {plural(bid, 'card')} without a Skull"
        if action == "PASS":
            return "Pass: out of this round's bidding"
        if action == "HOLD":
            return "Let the bid stand: you may still raise a later one"
        return ""

    def prompt(self, state: SkullState, viewer: int, names: Sequence[str] = ()) -> str:
        obs = state.observation(viewer)
        if obs.phase is Phase.FIRST:
            return "place your first card face down (everyone does, in secret)"
        if obs.phase is Phase.PLACE:
            if not obs.hand:
                return "no card left in your hand, so you must bid"
            return "place a card, or bid how many you can turn without a Skull"
        if obs.phase is Phase.BID:
            if state.options.open_bid:
                return f"raise the bid of {obs.bid}, or let it stand"
            return f"raise the bid of {obs.bid}, or pass for this round"
        if obs.phase is Phase.REVEAL:
            left = obs.bid - len(obs.revealed)
            if obs.flipped[viewer] < obs.stack_heights[viewer]:
                return f"turn your own stack first (click it; {plural(left, 'card')} to go)"
            return f"pick a stack to turn its top card ({plural(left, 'card')} to go)"
        if obs.phase is Phase.DISCARD:
            return "your own Skull stopped you, so choose the card you lose"
        if obs.phase is Phase.DRAW:
            beaten = names[obs.challenger] if obs.challenger is not None and names else ""
            whose = possessive(beaten) if beaten else "the Challenger's"
            return f"draw one of {whose} cards (it is out of the game)"
        return ""

    def header(self, state: SkullState, viewer: int) -> str:
        obs = state.observation(viewer)
        ended = _ended(state)
        if obs.phase in (Phase.DRAW, Phase.DISCARD):
            return f"Round {obs.round_index + 1} · {_still_to_come(obs, viewer)}"
        if ended is not None and obs.phase is not Phase.OVER:
            return f"Round {ended.round_index + 1} is over"
        on_table = sum(obs.stack_heights)
        head = f"Round {obs.round_index + 1}"
        deck = "one deck" if state.options.decks == 1 else "three decks"
        if obs.phase in (Phase.FIRST, Phase.PLACE):
            return f"{head} · {plural(on_table, 'card')} on the table · {deck}"
        if obs.phase in (Phase.BID, Phase.REVEAL):
            return f"{head} · bid {obs.bid} of {plural(on_table, 'card')} on the table"
        return f"{head} · {deck}"

    def round_end_view(self, state: SkullState) -> Any:
        """While the next round's cards fly back to the hands, the round as it ended."""
        if not state.rounds or state.phase is Phase.OVER:
            return state
        return _Ended(state)

    # --- the middle -------------------------------------------------------------------

    def spot_scale(self, seats: int) -> float:
        """Stacks of at most four cards: as large as the seats leave room for."""
        return 0.7 if seats <= 4 else 0.6 if seats <= 6 else 0.5

    def private_views(self, state: SkullState, viewer: int) -> list[PrivateView]:
        """The cards this player lost, and those they drew from beaten Challengers: theirs
        alone to know (a play-tester, stopped by another's Skull, had to work out from the
        hand which card was drawn)."""
        obs = state.observation(viewer)
        views = []
        if lost := obs.my_lost:
            title = "Your card out of the game" if len(lost) == 1 else "Your cards out of the game"
            views.append(PrivateView(title, tuple(lost)))
        return views + self._drawn_views(obs.my_draws)

    def _drawn_views(self, draws: Sequence[tuple[int, str]]) -> list[PrivateView]:
        if not draws:
            return []
        if len(draws) == 1:
            title = (
                "The card you drew from a beaten Challenger: out of the game, and only you know it"
            )
        else:
            title = (
                f"The {len(draws)} cards you drew from beaten Challengers: out of the game, "
                "and only you know them"
            )
        return [PrivateView(title, tuple(code for _, code in draws))]

    def pile_note(self, state: SkullState) -> str:
        if state.phase is Phase.REVEAL:
            return f"{len(state.revealed)} of {state.bid} turned"
        return ""

    def spots(self, state: SkullState, viewer: int, names: Sequence[str]) -> list[Spot]:
        """Each seat's stack (with what was turned of it) and Win Markers; while a Skull's owner
        draws, the beaten Challenger's cards face down in the middle."""
        obs = state.observation(viewer)
        ended = _ended(state)
        legal = set(state.legal_actions()) if self.to_act(state) == viewer else set()
        told = as_read_by(names, viewer)
        out = []
        for seat in range(obs.num_players):
            markers = enumerate(obs.markers[seat])
            marks = tuple(None if k < obs.won[seat] else marker(m) for k, m in markers)
            if ended is not None:
                cards = _stack_at_end(ended, seat, state.phase, obs)
                action = None
            else:
                turned = [c for owner, c in obs.revealed if owner == seat]
                downs = obs.stack_heights[seat] - len(turned)
                cards = (None,) * downs + tuple(turned)
                action = f"FLIP:{seat}" if f"FLIP:{seat}" in legal else None
            note = "" if obs.cards_left[seat] else "out"
            lit = obs.phase is Phase.REVEAL and obs.challenger == seat
            downs = sum(1 for c in cards if c is None)
            whose = "Your" if seat == viewer else possessive_cap(told[seat])
            own = _own_stack_words(obs.my_stack, downs) if seat == viewer and ended is None else ""
            out.append(
                Spot(
                    seat,
                    cards,
                    action,
                    note,
                    marks,
                    lit,
                    badge=str(downs) if downs else "",
                    tip=f"{whose} stack: {_stack_words(cards)}{_stack_does(cards, action)}",
                    marks_tip=f"{whose} Win Markers: {_marker_words(obs.won[seat])}",
                    own_tip=own,
                )
            )
        if obs.phase is Phase.DRAW:
            for i in range(obs.draw_count):
                action = f"DRAW:{i}" if f"DRAW:{i}" in legal else None
                out.append(Spot(None, (None,), action))
        return out

    # --- events -----------------------------------------------------------------------

    def happenings(self, state: SkullState, start: int, names: Sequence[str]) -> list[Happening]:
        out: list[Happening] = []
        for e in state.events[start:]:
            if isinstance(e, ev.RoundStarted):
                out.append(Dealt(max(e.cards_left)))
            elif isinstance(e, ev.CardPlaced):
                out.append(PlacedDown(e.seat))
            elif isinstance(e, ev.BidMade):
                out.append(Shout(f"{says(names[e.seat], 'bids', 'bid')} {e.bid}"))
                out.append(Said(e.seat, f"Bid {e.bid}"))
            elif isinstance(e, ev.Passed):
                out.append(Said(e.seat, "Pass"))
            elif isinstance(e, ev.Held):
                out.append(Said(e.seat, "Hold"))
            elif isinstance(e, ev.CardTurned):
                out.append(Turned(e.owner, e.card))
            elif isinstance(e, ev.ChallengeWon):
                name = names[e.challenger]
                out.append(Taken((), None, f"{says(name, 'makes', 'make')} it: a Win Marker!"))
                won = state.markers[e.challenger][e.markers - 1]
                out.append(MarkerWon(e.challenger, e.markers - 1, won))  # type: ignore[arg-type]
                out.append(RoundEnded(_round_of(state, e)))
            elif isinstance(e, ev.SkullFound):
                c, owner = names[e.challenger], names[e.owner]
                if e.owner == e.challenger:
                    words = f"A Skull! {possessive_cap(c)} own Skull"
                else:
                    words = f"A Skull! {possessive_cap(owner)} Skull stops {obj(c)}"
                out.append(Taken((), None, words))
            elif isinstance(e, ev.CardDrawn):  # the drawer alone looks at it, then all see
                out.append(Peek(e.seat))  # the round's summary
                out.append(RoundEnded(_round_of(state, e)))
            elif isinstance(e, ev.CardDiscarded):
                out.append(RoundEnded(_round_of(state, e)))
        return out

    # --- rounds, scores, undo ---------------------------------------------------------

    def round_summary(self, state: SkullState, index: int, names: Sequence[str]) -> Summary:
        """Public facts only: the summary is shown to whoever sits at the screen."""
        rec = state.rounds[index]
        c = names[rec.challenger]
        if rec.outcome is Outcome.WON:
            flowers = plural(rec.bid, "Flower")
            title = f"Round {index + 1}: {says(c, 'turns', 'turn')} over {flowers}"
        elif rec.outcome is Outcome.OWN_SKULL:
            title = f"Round {index + 1}: {possessive_cap(c)} own Skull"
        else:
            owner = possessive_cap(names[rec.skull_owner])  # type: ignore[index]
            title = f"Round {index + 1}: {owner} Skull stops {obj(c)}"
        lost = _lost_by_round(state)
        rows, good = [], []
        for seat in range(state.num_players):
            turned = [code for owner, code in rec.revealed if owner == seat]
            height = rec.heights[seat] if rec.heights else 0
            if seat == rec.challenger:
                what = f"bid {rec.bid}, " + ("made" if rec.outcome is Outcome.WON else "lost")
                good.append(rec.outcome is Outcome.WON)
            elif seat == rec.skull_owner:
                what = "Skull turned"
                good.append(None)
            else:
                what = ""
                good.append(None)
            left = 4 - sum(1 for r, s in lost if s == seat and r <= index)
            rows.append(
                (
                    names[seat],
                    plural(height, "card") if height else "-",
                    _turned_words(turned),
                    what,
                    _markers_cell(state, seat, index),
                    str(left) if left else "out",
                )
            )
        starter = next((e.starter for e in state.events if isinstance(e, ev.RoundStarted)
                        and e.round_index == index + 1), None)  # fmt: skip
        if starter is not None:  # who begins next, before the table moves on (a play-tester)
            title += f" · {says(names[starter], 'starts', 'start')} round {index + 2}"
        return Summary(
            title,
            ("Player", "Stack", "Turned", "Challenge", "Markers", "Cards left"),
            tuple(rows),
            tuple(good),
        )

    def sheet(self, state: SkullState, names: Sequence[str] = ()) -> Sheet:
        """Each round: who challenged, for how many, and how it went; whose Skull stopped
        them; who lost a card. Two graphs: Win Markers won (2 wins) and cards left (0 is out).
        `names` as the viewer reads them (`as_read_by`): their own column says "your Skull"."""
        n = state.num_players
        lost = _lost_by_round(state)
        rounds = []
        for index, rec in enumerate(state.rounds):
            cells = []
            for seat in range(n):
                lost_now = any(r == index and s == seat for r, s in lost)
                if seat == rec.challenger:
                    made = rec.outcome is Outcome.WON
                    what = "won a marker" if made else "lost a card" if lost_now else "lost"
                    cells.append((f"bid {rec.bid}, {what}", made))
                elif seat == rec.skull_owner:
                    own = seat < len(names) and names[seat] == YOU
                    cells.append(("your Skull" if own else "their Skull", None))
                else:
                    cells.append(("", None))
            rounds.append((f"Round {rec.round_index + 1}", tuple(cells)))
        markers, cards = [], []
        for seat in range(n):
            won, left = [0], [HAND]
            for index, rec in enumerate(state.rounds):
                won.append(won[-1] + (rec.challenger == seat and rec.outcome is Outcome.WON))
                left.append(left[-1] - sum(1 for r, s in lost if r == index and s == seat))
            markers.append(tuple(won))
            cards.append(tuple(left))
        return TwoGraphSheet(
            tuple(range(n)),
            tuple(rounds),
            tuple(state.won),
            tuple(markers),
            "a Challenger's bid; whose Skull stopped it",
            "Win Markers (2 wins)",
            top=2,
            lower=tuple(cards),
            lower_unit="Cards left (0: out of the game)",
            lower_top=HAND,
        )

    def undo_point(self, state: SkullState, seat: int) -> int | None:
        """Before `seat`'s last action, if since then the others only placed cards (a bid, a
        pass or a turned card tells something that cannot be taken back)."""
        history = state.history()
        replay = SkullState(state.options, state.seed)
        actors, rounds = [], []
        for action in history:
            actors.append(replay.current_player())
            rounds.append(replay.round_index)
            replay.apply_unchecked(action)
        k = max((i for i, s in enumerate(actors) if s == seat), default=None)
        if k is None or rounds[k] != state.round_index:
            return None
        if not history[k].startswith(("PLACE:", "BID:", "PASS", "HOLD")):
            return None
        if any(not history[i].startswith("PLACE:") for i in range(k + 1, len(history))):
            return None
        return k


# --- the round as it ended ------------------------------------------------------------------


class _Ended:
    """The state while the next round's cards fly: drawn as the last round ended."""

    ended = True

    def __init__(self, state: SkullState) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def _ended(state: Any) -> RoundRecord | None:
    """The round whose stacks still lie on the table, if the table shows one."""
    if not state.rounds:
        return None
    if getattr(state, "ended", False) or state.phase in ENDED:
        return state.rounds[-1]
    return None


def _stack_at_end(
    rec: RoundRecord, seat: int, phase: Phase, obs: Observation
) -> tuple[str | None, ...]:
    """A stack as the round left it: its turned cards face up, the rest face down; a beaten
    Challenger's picked up (they lose a card from all they hold)."""
    if seat == rec.challenger and rec.outcome is not Outcome.WON and phase is not Phase.OVER:
        return ()  # beaten, they took their cards up to lose one
    turned = tuple(code for owner, code in rec.revealed if owner == seat)
    height = rec.heights[seat] if rec.heights else len(turned)
    return (None,) * (height - len(turned)) + turned


def _hands_shown(state: Any, viewer: int) -> list[list[str]]:
    """Each hand as the table shows it: while the last round's stacks still lie, without them
    (the viewer's own cards; the others' by count only)."""
    obs = state.observation(viewer)
    rec = _ended(state)
    if rec is None:
        sizes = [left - h for left, h in zip(obs.cards_left, obs.stack_heights, strict=True)]
        return [list(obs.hand) if p == viewer else [""] * sizes[p] for p in range(len(sizes))]
    out = []
    for p in range(obs.num_players):
        on_table = len(_stack_at_end(rec, p, state.phase, obs))
        if p != viewer:
            out.append([""] * max(0, obs.cards_left[p] - on_table))
            continue
        hand = Counter(obs.hand)
        hand.subtract(_own_stack(state, viewer, rec) if on_table else [])
        out.append(sort_hand(list(hand.elements())))
    return out


def _own_stack(state: Any, viewer: int, rec: RoundRecord) -> list[str]:
    """The cards `viewer` placed in the round of `rec` (their own to know)."""
    out: list[str] = []
    current = -1
    for e in state.events:
        if isinstance(e, ev.RoundStarted):
            current = e.round_index
        elif isinstance(e, ev.CardPlaced) and e.seat == viewer and current == rec.round_index:
            out.append(e.card)
    return out


def _by_round(state: SkullState) -> Iterator[tuple[int, ev.Event]]:
    """Every event with the round whose challenge last ended before it (or at it)."""
    index = -1
    for e in state.events:
        if isinstance(e, ev.ChallengeWon | ev.SkullFound):
            index += 1
        yield index, e


def _round_of(state: SkullState, event: ev.Event) -> int:
    """The round a discard or a draw ended."""
    return next(index for index, e in _by_round(state) if e is event)


def _lost_by_round(state: SkullState) -> list[tuple[int, int]]:
    """(round, seat) for every card lost, in order."""
    out = []
    for index, e in _by_round(state):
        if isinstance(e, ev.CardDiscarded):
            out.append((index, e.seat))
        elif isinstance(e, ev.CardDrawn):
            out.append((index, e.challenger))
    return out


def _markers_cell(state: SkullState, seat: int, index: int) -> str:
    """A seat's Win Markers in the round's summary, '1 of 2', and '+1' for the round's winner:
    with eight seats the box lies over the markers on the table (issue 40), so it says them."""
    won = _won_after(state, seat, index)
    rec = state.rounds[index]
    new = " (+1)" if rec.challenger == seat and rec.outcome is Outcome.WON else ""
    return f"{won} of 2{new}"


def _won_after(state: SkullState, seat: int, index: int) -> int:
    return sum(
        1
        for rec in state.rounds[: index + 1]
        if rec.challenger == seat and rec.outcome is Outcome.WON
    )


def _still_to_come(obs: Observation, viewer: int) -> str:
    """What a round stopped by a Skull still waits for, said to the viewer."""
    if obs.phase is Phase.DISCARD:
        if obs.challenger == viewer:
            return "you hit your own Skull and choose a card to lose"
        return "the Challenger hit their own Skull and chooses a card to lose"
    if obs.skull_owner == viewer:
        return "your Skull stopped the Challenger: you draw one of their cards"
    if obs.challenger == viewer:
        return "a Skull stopped you: its owner draws one of your cards"
    return "a Skull stopped the Challenger: its owner draws one of their cards"


def _markers(won: int) -> str:
    """A seat's Win Markers as they lie beside its stack: two face up, one turned face down
    for each challenge won ('no Win Marker yet' beside two marker cards read as a mistake)."""
    return f"Markers won: {won} of 2"


def _stack_words(cards: Sequence[str | None]) -> str:
    """A stack as everyone sees it: '3 cards face down', '1 card face down, 2 turned over',
    'no cards'."""
    downs = sum(1 for c in cards if c is None)
    ups = len(cards) - downs
    parts = [f"{plural(downs, 'card')} face down"] if downs else []
    if ups:
        parts.append(f"{ups} turned over" if downs else f"{plural(ups, 'card')} turned over")
    return ", ".join(parts) or "no cards"


def _own_stack_words(stack: Sequence[str], downs: int) -> str:
    """One's own stack as only its owner knows it (one remembers one's own stack at a real
    table): 'Your stack, face down: a Flower on top, then a Skull; 1 turned over'."""
    if not downs:
        return ""
    names = ["a Skull" if is_skull(code) else "a Flower" for code in reversed(stack[:downs])]
    said = names[0] if len(names) == 1 else f"{names[0]} on top, then {', '.join(names[1:])}"
    ups = len(stack) - downs
    return f"Your stack, face down: {said}" + (f"; {ups} turned over" if ups else "")


def _stack_does(cards: Sequence[str | None], action: str | None) -> str:
    """What a stack is for, after its words: how to turn it now, or how it is turned."""
    if action is not None:
        return "; click to turn its top card"
    if any(c is None for c in cards):
        return "; turned from the top"
    return ""


def _marker_words(won: int) -> str:
    """'none won yet; a challenge won turns one down', '1 of 2 won: one more wins'."""
    if not won:
        return "none won yet; a challenge won turns one down"
    if won == 1:
        return "1 of 2 won: one more wins the game"
    return "both won: the game is won"


def _turned_words(turned: Sequence[str]) -> str:
    """What was turned of a stack, short: '2 Flowers', '1 Flower, Skull', '-'."""
    flowers = sum(1 for code in turned if not is_skull(code))
    parts = [plural(flowers, "Flower")] if flowers else []
    if len(turned) > flowers:
        parts.append("Skull")
    return ", ".join(parts) or "-"


GAME = SkullGame(registry.game("skull"))

__all__ = ["GAME", "SkullGame", "card_name"]
