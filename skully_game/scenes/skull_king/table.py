"""Skull King at the shared card table: people and computer players, hot-seat with pass screens.

The table only ever draws what the seat it shows may see: the cards in that seat's observation.
With two or more people, a pass screen hides every hand before each person's turn. Every action
is saved at once (options, seed, the action list), so a game resumes exactly and can be replayed
action by action.
"""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import pygame

from cards.skull_king import (
    Phase,
    SkullKingOptions,
    SkullKingState,
    describe,
    make_bot,
    resolve_trick,
)
from cards.skull_king.cards import HELD, sort_hand
from skully_game.core.fileio import write_atomic
from skully_game.core.paths import data_dir
from skully_game.scenes.cardtable.carddraw import (
    CARD_H,
    CARD_W,
    card_back,
    card_face,
    fan_positions,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup

SAVE_FORMAT = "skully-skull-king-table"
SAVE_VERSION = 1
PANEL_W = 300
BOT_DELAY = 0.7  # s: computer players act at a pace a person can follow
TRICK_HOLD = 1.4  # s: a finished trick stays on the table before it is collected
HUMAN = "human"


def saves_dir() -> Path:
    return data_dir() / "skull-king"


@dataclass
class TableSeat:
    name: str
    kind: str = HUMAN  # "human", or a bot: "random", "heuristic", "strong"

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class Match:
    """A game at the table: the engine state, who sits where, and where it is saved."""

    options: SkullKingOptions
    seed: int
    seats: list[TableSeat]
    state: SkullKingState = field(init=False)
    path: Path = field(init=False)

    def __post_init__(self) -> None:
        self.state = SkullKingState(self.options, self.seed)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = saves_dir() / f"{stamp}-{self.seed % 100000:05d}.json"

    def to_dict(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "game": self.state.to_record(),
            "over": self.state.is_terminal(),
        }

    def save(self) -> None:
        write_atomic(self.path, json.dumps(self.to_dict(), indent=1))

    @staticmethod
    def load(path: Path) -> Match:
        """A saved table; a bad file raises ValueError naming the file and the field."""
        try:
            data = json.loads(
                path.read_text(encoding="utf-8"), parse_constant=lambda c: float("nan")
            )
        except (OSError, ValueError) as exc:
            raise ValueError(
                f"{path}: field 'json': expected a readable JSON save ({exc})"
            ) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError(f"{path}: field 'format': expected '{SAVE_FORMAT}'")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"{path}: field 'version': expected {SAVE_VERSION}")
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not all(
            isinstance(s, dict)
            and isinstance(s.get("name"), str)
            and s.get("kind") in (HUMAN, "random", "heuristic", "strong")
            for s in seats_raw
        ):
            raise ValueError(f"{path}: field 'seats': expected a list of {{name, kind}}")
        try:
            state = SkullKingState.from_record(data.get("game") or {})
        except ValueError as exc:
            raise ValueError(f"{path}: field 'game.{exc}") from None
        if len(seats_raw) != state.num_players:
            raise ValueError(f"{path}: field 'seats': expected {state.num_players} seats")
        match = Match(
            state.options, state.seed, [TableSeat(s["name"], s["kind"]) for s in seats_raw]
        )
        match.state = state
        match.path = path
        return match


def saved_tables(over: bool) -> list[Path]:
    """Saved tables, newest first: the finished ones, or those still being played."""
    folder = saves_dir()
    out = []
    for path in sorted(folder.glob("*.json"), reverse=True) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if (
            isinstance(data, dict)
            and data.get("format") == SAVE_FORMAT
            and bool(data.get("over")) == over
        ):
            out.append(path)
    return out


def unfinished_tables() -> list[Path]:
    return saved_tables(over=False)


def finished_tables() -> list[Path]:
    return saved_tables(over=True)


@dataclass
class Flight:
    """A card moving across the table: played, collected or dealt."""

    code: str | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float = 0.0
    duration: float = 0.25
    t: float = 0.0
    seat: int = -1  # a played card: the trick spot it is flying to

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def at(self) -> tuple[float, float]:
        f = min(1.0, max(0.0, (self.t - self.delay) / self.duration))
        f = 1 - (1 - f) ** 3  # ease out
        return (
            self.start[0] + (self.end[0] - self.start[0]) * f,
            self.start[1] + (self.end[1] - self.start[1]) * f,
        )


class SkullKingTable(Scene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.names = [s.name for s in match.seats]
        self.bots = {
            i: make_bot(s.kind, random.Random(match.seed * 31 + i))
            for i, s in enumerate(match.seats)
            if not s.human
        }
        self.humans = [i for i, s in enumerate(match.seats) if s.human]
        self.viewer = self.humans[0] if self.humans else 0
        self.passing: int | None = None  # the person the pass screen waits for
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.thinking: Future[str] | None = None
        self.wait = 0.0
        self.hold = 0.0  # a finished trick on show
        self.shown_trick: tuple[tuple[int, str], ...] = ()
        self.shown_winner: int | None = None
        self.tricks_seen = len(self.state.tricks)
        self.round_seen = self.state.round_index
        self.hover: str | None = None
        self.tigress_choice = False
        self.log_scroll = 0
        self.sheet = False
        self.widgets = WidgetGroup()
        self.bids_revealed_flash = 0.0
        self.flights: list[Flight] = []
        self._check_pass()
        self._layout()

    @property
    def state(self) -> SkullKingState:
        return self.match.state

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    # --- turns ------------------------------------------------------------------------

    def _to_act(self) -> int | None:
        if self.state.is_terminal():
            return None
        return self.state.current_player()

    def _check_pass(self) -> None:
        """Before a person's decision, hide everything until that person is at the screen."""
        seat = self._to_act()
        if seat is None or seat not in self.humans:
            return
        if seat != self.viewer:
            if len(self.humans) > 1:
                self.passing = seat
            self.viewer = seat

    def act(self, action: str) -> None:
        """Apply an action for the seat to act (a person's click or a bot's choice)."""
        state = self.state
        seat = state.current_player()
        playing = state.phase is Phase.PLAY
        before_tricks = len(state.tricks)
        before_round = state.round_index
        trick = (*state.trick, (seat, action))
        was_bidding = state.phase is Phase.BID
        state.apply_action(action)
        self.app.sound.play("ui", 0.5)
        if playing:
            self.flights.append(
                Flight(action, self.seat_spots()[seat], self._trick_spot(seat), seat=seat)
            )
        if state.round_index != before_round and not state.is_terminal():
            self._deal_flights()
        if playing and len(state.tricks) > before_tricks:
            last = state.tricks[-1]
            self.shown_trick, self.shown_winner = last.plays, last.winner
            self.hold = TRICK_HOLD
        elif (playing and state.round_index != before_round) or (playing and state.is_terminal()):
            # the round's last trick: the table shows it before the next deal
            result = resolve_trick([code for _, code in trick])
            self.shown_trick = tuple(trick)
            self.shown_winner = None if result.winner is None else trick[result.winner][0]
            self.hold = TRICK_HOLD
        if was_bidding and state.phase is not Phase.BID:
            self.bids_revealed_flash = 2.0
        self.tigress_choice = False
        try:
            self.match.save()
        except OSError as exc:
            self.app.toast(f"Could not save: {exc}", theme.DANGER)
        self._check_pass()
        self._layout()

    def _deal_flights(self) -> None:
        table = self._table_rect()
        centre = (table.centerx, table.centery - 30)
        spots = self.seat_spots()
        for k in range(min(self.state.cards, 6)):
            for seat, spot in enumerate(spots):
                delay = TRICK_HOLD + 0.05 * (k * len(spots) + seat)
                self.flights.append(Flight(None, centre, spot, delay, 0.3))

    def undo_target(self) -> int | None:
        """The history length to go back to: before the viewer's last action, if no hidden
        information was revealed since (no card shown, no bids revealed, no new deal)."""
        if len(self.humans) != 1:
            return None
        state = self.state
        history = state.history()
        me = self.humans[0]
        replay = SkullKingState(state.options, state.seed)
        actors = []
        rounds = []
        for action in history:
            actors.append(replay.current_player())
            rounds.append(replay.round_index)
            replay.apply_action(action)
        k = max((i for i, seat in enumerate(actors) if seat == me), default=None)
        if k is None:
            return None
        if any(r > k for r in state.revealed_at) or rounds[k] != state.round_index:
            return None
        if any(not history[i].startswith(("BID:", "MODE:")) for i in range(k + 1, len(history))):
            return None
        return k

    def undo(self) -> None:
        k = self.undo_target()
        if k is None:
            self.app.toast("Nothing to undo: cards have been shown since", theme.TEXT_DIM)
            return
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        self.match.state = SkullKingState.replay(
            self.state.options, self.state.seed, self.state.history()[:k]
        )
        self.match.save()
        self.app.toast("Undone")
        self._layout()

    # --- layout and input -------------------------------------------------------------

    def _table_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, 0, w - PANEL_W, h)

    def _layout(self) -> None:
        w, h = self.app.size
        widgets = []
        x = w - PANEL_W + 12
        bw = PANEL_W - 24
        widgets.append(
            Button(
                pygame.Rect(x, h - 150, bw, 38),
                "Score sheet",
                on_click=self._toggle_sheet,
                size=22,
                tooltip="Tab",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x, h - 106, bw, 38),
                "Undo",
                self.undo_target() is not None,
                on_click=self.undo,
                size=22,
                tooltip="Ctrl+Z: only while no card has been shown since",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x, h - 62, bw, 40),
                "Save and leave",
                on_click=self.app.stack.pop,
                size=22,
            )
        )
        self.choice_buttons: list[Button] = []
        seat = self._to_act()
        if (
            seat is not None
            and seat == self.viewer
            and seat in self.humans
            and self.passing is None
        ):
            labels = self._choice_labels()
            if labels:
                table = self._table_rect()
                bw2 = 74 if len(labels) > 6 else 120
                total = len(labels) * (bw2 + 8) - 8
                bx = table.centerx - total // 2
                by = table.bottom - CARD_H - 96
                for k, (label, action) in enumerate(labels):
                    b = Button(
                        pygame.Rect(bx + k * (bw2 + 8), by, bw2, 40),
                        label,
                        on_click=lambda a=action: self.act(a),
                        size=22,
                    )
                    self.choice_buttons.append(b)
                widgets += self.choice_buttons
        if self.tigress_choice:
            table = self._table_rect()
            for k, (label, action) in enumerate(
                (("Tigress as Pirate", "TIGRESS:PIRATE"), ("Tigress as Escape", "TIGRESS:ESCAPE"))
            ):
                widgets.append(
                    Button(
                        pygame.Rect(table.centerx - 210 + k * 220, table.centery - 20, 200, 46),
                        label,
                        on_click=lambda a=action: self.act(a),
                        size=22,
                    )
                )
        self.widgets.set(widgets)

    def _choice_labels(self) -> list[tuple[str, str]]:
        state = self.state
        legal = state.legal_actions()
        phase = state.phase
        if phase is Phase.BID:
            return [(a[4:], a) for a in legal]
        if phase is Phase.MODE:
            return [(a[5:].capitalize(), a) for a in legal]
        if phase is Phase.ROSIE:
            return [(self._seat_name(int(a[5:])), a) for a in legal]
        if phase is Phase.WAGER:
            return [(f"Wager {a[6:]}", a) for a in legal]
        if phase is Phase.ADJUST:
            return [(f"Bid {a[7:]}", a) for a in legal]
        return []

    def _seat_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else "Greybeard"

    def _toggle_sheet(self) -> None:
        self.sheet = not self.sheet

    def hand_layout(self) -> list[tuple[str, pygame.Rect, float]]:
        """The viewer's cards: (code, rect, angle), left to right."""
        table = self._table_rect()
        obs = self.state.observation(self.viewer)
        hand = sort_hand(list(obs.hand))
        out = []
        for code, (x, y, angle) in zip(
            hand,
            fan_positions(len(hand), table.centerx, table.bottom - 16, table.w - 80),
            strict=True,
        ):
            rect = pygame.Rect(0, 0, CARD_W, CARD_H)
            rect.center = (round(x), round(y))
            out.append((code, rect, angle))
        return out

    def playable(self, code: str) -> list[str]:
        """The actions that play or discard the held card `code`, if it is the viewer's turn."""
        if (
            self._to_act() != self.viewer
            or self.viewer not in self.humans
            or self.passing is not None
        ):
            return []
        return [
            a
            for a in self.state.legal_actions()
            if HELD.get(a.split(":", 1)[-1] if a.startswith("DISCARD:") else a) == code
        ]

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.passing is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.passing = None
                self._layout()
                return None
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
            return None
        if self.widgets.handle(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = None
            for code, rect, _ in reversed(self.hand_layout()):
                if rect.collidepoint(event.pos):
                    self.hover = code
                    break
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.hold <= 0:
            for code, rect, _ in reversed(self.hand_layout()):
                if rect.collidepoint(event.pos):
                    self.click_card(code)
                    return None
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self._toggle_sheet()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
            elif event.key == pygame.K_ESCAPE:
                if self.sheet or self.tigress_choice:
                    self.sheet = False
                    self.tigress_choice = False
                    self._layout()
                else:
                    self.app.stack.pop()
            return None
        return event

    def click_card(self, code: str) -> None:
        actions = self.playable(code)
        if not actions:
            reason = self.reason(code)
            if reason:
                self.app.toast(reason, theme.TEXT_DIM)
            return
        if len(actions) > 1:  # the Tigress: pirate or escape
            self.tigress_choice = True
            self._layout()
            return
        self.act(actions[0])

    def reason(self, code: str) -> str | None:
        state = self.state
        if state.phase is Phase.PLAY:
            return state.why_illegal(self.viewer, code)
        if state.phase is Phase.WILL:
            return None if self.playable(code) else "not your discard now"
        return "no card is played now"

    # --- time -------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.bids_revealed_flash = max(0.0, self.bids_revealed_flash - dt)
        for flight in self.flights:
            flight.t += dt
        self.flights = [f for f in self.flights if not f.done]
        if self.hold > 0:
            self.hold -= dt
            if self.hold <= 0:
                if self.shown_winner is not None:  # the trick is swept to its winner
                    end = self.seat_spots()[self.shown_winner]
                    for seat, _ in self.shown_trick:
                        if seat >= 0:
                            self.flights.append(
                                Flight(None, self._trick_spot(seat), end, 0.0, 0.35)
                            )
                self.shown_trick = ()
                self._layout()
            return
        if any(f.seat >= 0 for f in self.flights):
            return  # let a played card land before the next one is played
        seat = self._to_act()
        if seat is None or seat in self.humans:
            return
        if self.thinking is None:
            bot = self.bots[seat]
            obs = self.state.observation(seat)
            legal = self.state.legal_actions()
            self.thinking = self.pool.submit(bot.act, obs, legal)
            self.wait = 0.0
            return
        self.wait += dt
        if self.thinking.done() and self.wait >= BOT_DELAY:
            future, self.thinking = self.thinking, None
            action = future.result()
            if self._to_act() == seat and action in self.state.legal_actions():
                self.act(action)

    def run_bots_now(self, limit: int = 5000) -> None:
        """Headless: let every computer player act at once until a person must act."""
        for _ in range(limit):
            seat = self._to_act()
            if seat is None or seat in self.humans:
                return
            obs = self.state.observation(seat)
            self.act(self.bots[seat].act(obs, self.state.legal_actions()))
            self.hold = 0.0
            self.shown_trick = ()
            self.flights.clear()

    # --- drawing ----------------------------------------------------------------------

    def seat_spots(self) -> list[tuple[int, int]]:
        """Where each seat sits round the table; the shown seat at the bottom."""
        table = self._table_rect()
        hands = len(self.state.observation(self.viewer).hand_sizes)
        spots: list[tuple[int, int]] = [(0, 0)] * hands
        others = [(self.viewer + k) % hands for k in range(1, hands)]
        for k, seat in enumerate(others):
            t = (k + 1) / (len(others) + 1)
            angle = math.pi * (1 - t)
            x = table.centerx + math.cos(angle) * (table.w / 2 - 110)
            y = table.y + 190 - math.sin(angle) * 130
            spots[seat] = (round(x), round(y))
        spots[self.viewer] = (table.x + 110, table.bottom - CARD_H - 160)
        return spots

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        table = self._table_rect()
        surface.fill((22, 60, 44), table)
        pygame.draw.ellipse(surface, (28, 74, 54), table.inflate(-80, -120))
        self._draw_panel(surface)
        if self.passing is not None:
            self._draw_pass(surface)
            self.widgets.draw(surface)
            return
        obs = self.state.observation(self.viewer)
        self._draw_seats(surface, obs)
        self._draw_trick(surface, obs)
        self._draw_hand(surface, obs)
        self._draw_status(surface, obs)
        self._draw_flights(surface)
        if self.sheet or self.state.is_terminal():
            self._draw_sheet(surface, obs)
        self.widgets.draw(surface)

    def _draw_pass(self, surface: pygame.Surface) -> None:
        table = self._table_rect()
        name = self._seat_name(self.passing or 0)
        theme.text(
            surface,
            f"Pass the screen to {name}",
            table.center,
            44,
            theme.ACCENT,
            "center",
            bold=True,
        )
        theme.text(
            surface,
            f"{name}: click when the others cannot see",
            (table.centerx, table.centery + 44),
            24,
            theme.TEXT,
            "center",
        )

    def _draw_seats(self, surface: pygame.Surface, obs) -> None:
        spots = self.seat_spots()
        for seat, (x, y) in enumerate(spots):
            box = pygame.Rect(0, 0, 200, 74)
            box.center = (x, y)
            active = obs.current_player == seat and not self.state.is_terminal()
            theme.panel(surface, box, 230)
            if active:
                pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
            name = self._seat_name(seat)
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else "ghost"
            tag = "" if kind == HUMAN else f" ({kind})"
            theme.text(surface, name + tag, (box.x + 10, box.y + 6), 22, theme.TEXT, bold=True)
            if seat < len(obs.bids):
                bid = obs.bids[seat]
                if bid is None:
                    bid_text = "bid: ..." if not obs.has_bid[seat] else "bid: ready"
                else:
                    adj = obs.adjustments[seat]
                    bid_text = f"bid {bid + adj}"
                line = f"{bid_text} · won {obs.tricks_won[seat]} · {obs.scores[seat]} pts"
            else:
                line = f"won {obs.tricks_won[seat] if seat < len(obs.tricks_won) else 0} tricks"
            theme.text(surface, line, (box.x + 10, box.y + 32), 18, theme.TEXT_DIM)
            theme.text(
                surface,
                f"{obs.hand_sizes[seat]} cards",
                (box.x + 10, box.y + 52),
                16,
                theme.TEXT_DIM,
            )
            if seat != self.viewer and obs.hand_sizes[seat]:
                back = card_back(0.3)
                for k in range(min(obs.hand_sizes[seat], 10)):
                    surface.blit(back, (box.right - 40 - k * 4, box.y + 30))

    def _trick_spot(self, seat: int) -> tuple[int, int]:
        table = self._table_rect()
        sx, sy = self.seat_spots()[seat]
        cx, cy = table.centerx, table.centery - 30
        return (round(cx + (sx - cx) * 0.32), round(cy + (sy - cy) * 0.32))

    def _draw_trick(self, surface: pygame.Surface, obs) -> None:
        trick = self.shown_trick if self.hold > 0 and self.shown_trick else obs.trick
        winner = self.shown_winner if self.hold > 0 and self.shown_trick else obs.trick_winner
        flying = {f.seat for f in self.flights if f.seat >= 0}
        for seat, code in trick:
            if seat < 0 or seat in flying:
                continue
            img = card_face(code, 0.85)
            rect = img.get_rect(center=self._trick_spot(seat))
            surface.blit(img, rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=10)
        table = self._table_rect()
        if self.hold > 0 and self.shown_trick:
            who = "nobody" if winner is None else self._seat_name(winner)
            theme.text(
                surface,
                f"Trick to {who}",
                (table.centerx, table.centery + 70),
                26,
                theme.ACCENT,
                "center",
                bold=True,
            )
        elif obs.led_suit:
            theme.text(
                surface,
                f"led: {obs.led_suit}",
                (table.centerx, table.centery + 70),
                20,
                theme.TEXT_DIM,
                "center",
            )

    def _draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            img = card_face(f.code, 0.85) if f.code else card_back(0.5)
            surface.blit(img, img.get_rect(center=(round(f.at()[0]), round(f.at()[1]))))

    def _draw_hand(self, surface: pygame.Surface, obs) -> None:
        my_turn = self._to_act() == self.viewer and self.viewer in self.humans
        for code, rect, angle in self.hand_layout():
            ok = bool(self.playable(code))
            dim = my_turn and obs.phase in (Phase.PLAY, Phase.WILL) and not ok
            img = card_face(code, 1.0, dim)
            r = rect.move(0, -18 if ok else 0)
            if angle:
                img = pygame.transform.rotate(img, angle)
            surface.blit(img, img.get_rect(center=r.center))
        if self.hover and my_turn:
            reason = self.reason(self.hover)
            text = describe(self.hover) + (f": {reason}" if reason else "")
            table = self._table_rect()
            theme.text(
                surface, text, (table.centerx, table.bottom - CARD_H - 40), 20, theme.TEXT, "center"
            )

    def _draw_status(self, surface: pygame.Surface, obs) -> None:
        table = self._table_rect()
        total_bids = sum(b for b in obs.bids if b is not None) if obs.bids_revealed else None
        head = f"Round {obs.round_index + 1} of {obs.rounds_total} · {obs.cards} cards"
        if total_bids is not None:
            head += f" · bids {total_bids} for {obs.cards} tricks"
        theme.text(surface, head, (table.x + 16, table.y + 10), 22, theme.TEXT)
        seat = self._to_act()
        if self.state.is_terminal():
            best = self.state.winners()
            msg = " and ".join(self._seat_name(s) for s in best) + " win!"
        elif seat is None:
            msg = ""
        elif seat == self.viewer and seat in self.humans:
            msg = {
                Phase.BID: f"{self._seat_name(seat)}: how many tricks will you take?",
                Phase.PLAY: f"{self._seat_name(seat)}: play a card",
                Phase.MODE: "Buckshot or Cannonball?",
                Phase.ROSIE: "Rosie: choose who leads the next trick",
                Phase.WILL: "Will: discard a card",
                Phase.WAGER: "Rascal: your wager",
                Phase.ADJUST: "Harry: change your bid?",
            }.get(obs.phase, "")
        else:
            msg = f"{self._seat_name(seat)} is thinking..."
        theme.text(
            surface,
            msg,
            (table.centerx, table.bottom - CARD_H - 150),
            26,
            theme.ACCENT,
            "midtop",
            bold=True,
        )
        if self.bids_revealed_flash > 0:
            theme.text(
                surface,
                "Yo-ho-ho!",
                (table.centerx, table.centery - 120),
                56,
                theme.ACCENT,
                "center",
                bold=True,
            )

    def _draw_panel(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        rect = pygame.Rect(w - PANEL_W, 0, PANEL_W, h)
        pygame.draw.rect(surface, theme.PANEL, rect)
        x = rect.x + 12
        theme.text(surface, "Skull King", (x, 12), 32, theme.ACCENT, bold=True)
        theme.text(surface, "Game log", (x, 52), 20, theme.TEXT)
        log = [e.format([self._seat_name(i) for i in range(9)]) for e in self.state.log]
        rows = (h - 240) // 19
        end = max(0, len(log) - self.log_scroll)
        y = 76
        for line in log[max(0, end - rows) : end]:
            theme.text(surface, line[:44], (x, y), 17, theme.TEXT_DIM)
            y += 19

    def _draw_sheet(self, surface: pygame.Surface, obs) -> None:
        table = self._table_rect()
        box = table.inflate(-60, -80)
        theme.panel(surface, box, 245)
        theme.text(surface, "Score sheet", (box.x + 20, box.y + 12), 30, theme.ACCENT, bold=True)
        n = len(obs.scores)
        col = min(110, (box.w - 120) // max(1, n))
        y = box.y + 56
        for p in range(n):
            theme.text(
                surface, self._seat_name(p), (box.x + 100 + p * col, y), 20, theme.TEXT, bold=True
            )
        y += 26
        for rec in obs.rounds:
            theme.text(
                surface,
                f"R{rec.round_index + 1} ({rec.cards})",
                (box.x + 16, y),
                18,
                theme.TEXT_DIM,
            )
            for p, line in enumerate(rec.lines):
                colour = theme.OK if line.bid == line.tricks else theme.DANGER
                theme.text(
                    surface,
                    f"{line.bid}/{line.tricks} {line.total:+d}",
                    (box.x + 100 + p * col, y),
                    18,
                    colour,
                )
            y += 21
        theme.text(surface, "Total", (box.x + 16, y + 4), 20, theme.TEXT)
        for p, s in enumerate(obs.scores):
            theme.text(surface, str(s), (box.x + 100 + p * col, y + 4), 20, theme.ACCENT, bold=True)
        # the graph: running totals per player
        graph = pygame.Rect(box.x + 20, y + 40, box.w - 40, box.bottom - y - 60)
        if graph.h > 60 and obs.rounds:
            running = [[0] for _ in range(n)]
            for rec in obs.rounds:
                for p, line in enumerate(rec.lines):
                    running[p].append(running[p][-1] + line.total)
            lo = min(min(r) for r in running)
            hi = max(max(r) for r in running)
            span = max(1, hi - lo)
            pygame.draw.rect(surface, theme.PANEL_EDGE, graph, 1)
            steps = len(obs.rounds)
            for p, series in enumerate(running):
                colour = theme.PLAYER_COLOURS[p % len(theme.PLAYER_COLOURS)][1]
                pts = [
                    (
                        graph.x + graph.w * k / max(1, steps),
                        graph.bottom - graph.h * (v - lo) / span,
                    )
                    for k, v in enumerate(series)
                ]
                if len(pts) > 1:
                    pygame.draw.lines(surface, colour, False, pts, 3)
        theme.text(
            surface, "Tab closes", (box.right - 16, box.y + 16), 18, theme.TEXT_DIM, "topright"
        )


class SkullKingReplay(SkullKingTable):
    """A saved game played back action by action: Left/Right step, Home/End jump, and the
    number keys choose whose hand is shown (a replay is watched after the game, together)."""

    def __init__(self, app: App, match: Match) -> None:
        self.actions = match.state.history()
        self.step = 0
        match.state = SkullKingState(match.state.options, match.state.seed)
        super().__init__(app, match)
        self.humans = []  # nobody acts: the computer players do not either
        self.passing = None

    def goto(self, step: int) -> None:
        self.step = max(0, min(step, len(self.actions)))
        self.match.state = SkullKingState.replay(
            self.state.options, self.state.seed, self.actions[: self.step]
        )
        self.hold = 0.0
        self._layout()

    def _check_pass(self) -> None:
        """Nobody hides anything in a replay."""

    def update(self, dt: float) -> None:
        self.bids_revealed_flash = 0.0

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.step + 1,
                pygame.K_LEFT: self.step - 1,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.actions),
            }
            if event.key in keys:
                self.goto(keys[event.key])
                return None
            if pygame.K_1 <= event.key <= pygame.K_9:
                seat = event.key - pygame.K_1
                if seat < self.state.num_players:
                    self.viewer = seat
                return None
            if event.key == pygame.K_ESCAPE:
                self.app.stack.pop()
                return None
        return super().handle_event(event)

    def _layout(self) -> None:
        super()._layout()
        w, h = self.app.size
        x = w - PANEL_W + 12
        half = (PANEL_W - 32) // 2
        self.widgets.set(
            [
                Button(
                    pygame.Rect(x, h - 150, half, 38),
                    "< Back",
                    self.step > 0,
                    on_click=lambda: self.goto(self.step - 1),
                    size=20,
                    tooltip="Left",
                ),
                Button(
                    pygame.Rect(x + half + 8, h - 150, half, 38),
                    "Next >",
                    self.step < len(self.actions),
                    on_click=lambda: self.goto(self.step + 1),
                    size=20,
                    tooltip="Right",
                ),
                Button(
                    pygame.Rect(x, h - 106, PANEL_W - 24, 38),
                    "Score sheet",
                    on_click=self._toggle_sheet,
                    size=22,
                ),
                Button(
                    pygame.Rect(x, h - 62, PANEL_W - 24, 40),
                    "Close replay",
                    on_click=self.app.stack.pop,
                    size=22,
                ),
            ]
        )

    def _draw_status(self, surface: pygame.Surface, obs) -> None:
        super()._draw_status(surface, obs)
        table = self._table_rect()
        last = self.actions[self.step - 1] if self.step else "the deal"
        text = f"Replay: action {self.step} of {len(self.actions)} ({last}) · showing {self._seat_name(self.viewer)}'s hand (keys 1-{self.state.num_players})"
        theme.text(surface, text, (table.x + 16, table.y + 36), 20, theme.CHALK_BLUE)
