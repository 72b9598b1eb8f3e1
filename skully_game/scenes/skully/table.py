"""The Skully game at one desk: whose turn, the course of every player, placements, choices,
the turn log, game over. Every action goes through the Session (rules + record), and the game is
saved after each one, so it can be resumed exactly where it stopped."""

from __future__ import annotations

import contextlib
import math
import random
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pygame

from skully_game.core.errors import DataError
from skully_game.core.settings import AimGuide
from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.captable import AimMode, CapLook, CapTable
from skully_game.scenes.skully.dialogs import GameOverScene, KeepDialog
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.focus import Keys
from skully_game.shell.loading import LoadingScene, is_big
from skully_game.shell.scene import GameSave, Scene
from skully_game.shell.view import around, union
from skully_game.shell.widgets import Button, Choice, Widget, WidgetGroup
from skully_game.skully.ai import Planner
from skully_game.skully.board import board_label
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import GameSetup
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.misses import (
    MISSES,
    Goal,
    MissReport,
    explain_shot,
    goals_for,
    miss_parts,
    miss_words,
    wobble_words,
)
from skully_game.skully.physics import MAX_SPEED, Contact, Flick, ShotResult
from skully_game.skully.rules import (
    Area,
    Decision,
    DecisionKind,
    GameState,
    RuleError,
    allowed_area,
    spot_for,
    status,
    suggested_spot,
    target,
)
from skully_game.skully.rules.areas import trapezoid_polygon
from skully_game.skully.rules.course import WORDS
from skully_game.skully.rules.events import (
    Advanced,
    BecameKiller,
    Eliminated,
    Event,
    Foul,
    Freed,
    Hit,
    KillerHit,
    Made,
    Missed,
    Pipsies,
    Stuck,
    Winner,
)
from skully_game.skully.rules.state import PLACEMENTS
from skully_game.skully.saves import games_dir
from skully_game.skully.session import Action, Seat, Session, ShotAction, load_session
from skully_game.skully.skill import level

PANEL_W = 370
BAND_H = 76  # the band above the board: the prompt, and what the last shot did
PLACE_HINT = "Click where it goes, or move it with the arrows and press Enter"
AIM_VIEW_MIN = 1.3  # metres: a turn's view shows at least this much of the board around the cap
LOG_LINES = 200
HELP = (
    "Keys: Tab cap",
    "arrows aim and power",
    "Space flick",
    "H how to play",
    "Esc leave",
    "F6 the buttons",
)
HELP_PACE = "P computer pace"
LEAVE_QUESTION = "Leave the game?"
LEAVE_DETAIL = "It is saved; you can resume it from the menu."
LEAVE_UNSHOT = "Nobody has shot yet, so it is not kept."
GOOD = (Made, Pipsies, Advanced, BecameKiller)
CALLOUT_SECONDS = 2.2  # a call-out at the cap: long enough to read, gone before the next shot
HOW_TO_PLAY_KEYS = (pygame.K_h, pygame.K_F1)


def area_bounds(area: Area) -> tuple[float, float, float, float] | None:
    """Where a placement may go, with a margin: what the view frames."""
    box = area.bounds()
    return None if box is None else (box[0] - 0.1, box[1] - 0.1, box[2] + 0.1, box[3] + 0.1)


def seat_tag(seat: Seat) -> str:
    """Who sits there, beside the name: a computer player and its level, or a person's hand."""
    if not seat.human:
        return f"computer, {level(seat.kind).skill.name}"
    if seat.input is Input.FLICK:
        return "flick"
    return "steady hand" if seat.hand is HandLevel.STEADY else f"sling, {seat.hand.skill.name}"


def event_colour(event: Event) -> tuple[int, int, int]:
    """A log line's colour: good news green, bad news red, the winner gold."""
    if isinstance(event, GOOD):
        return theme.OK
    if isinstance(event, Stuck | Eliminated):
        return theme.DANGER
    if isinstance(event, Winner):
        return theme.ACCENT
    return theme.TEXT


STALE_KEYS = (
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
)


def callout(event: Event, names: list[str]) -> tuple[str, int, tuple[int, int, int]] | None:
    """What to say at a cap for an event, at whose cap, in what colour: a box made, pipsies, a
    hit and its award, stuck in the skull, a kill; None for the rest (the log tells them all)."""
    good, bad = theme.OK, theme.DANGER
    if isinstance(event, Made):
        if event.word is not None:
            said = " ".join(WORDS[: event.word])
            return f"“{said}{'!' if event.word == 4 else '…'}”", event.player, good
        return f"In {event.box}!", event.player, good
    if isinstance(event, Pipsies):
        return f"Pipsies +{event.bonus}", event.player, good
    if isinstance(event, Hit):
        award = f"+{event.award}" if event.award else "no award"
        return f"Hit {names[event.victim]}: {award}", event.player, good
    if isinstance(event, KillerHit):
        return (f"Hit {event.count}/3" if event.count else "Hit"), event.victim, theme.ACCENT
    if isinstance(event, Stuck):
        return "Stuck in the skull", event.player, bad
    if isinstance(event, Freed):
        return "Out of the skull", event.player, good
    if isinstance(event, Eliminated):
        return f"{names[event.player]} is out", event.player, theme.ACCENT
    if isinstance(event, BecameKiller):
        return "Killer!", event.player, theme.ACCENT
    if isinstance(event, Foul):
        return "Too early to hit: start over", event.player, bad
    return None


class SkullyGameScene(Scene):
    leave_label = "Save and leave"
    leave_tip = "The game is saved after every shot; resume it from the menu (Esc)"
    leave_question = LEAVE_QUESTION
    leave_detail = LEAVE_DETAIL
    leave_yes = "Leave"
    panel_title = "Skully"

    def __init__(
        self,
        app: App,
        session: Session,
        path: Path | None = None,
        told: list[tuple[Action, tuple[Event, ...]]] | None = None,
    ) -> None:
        """`told`: the game's actions with their events, if already worked out (a resumed
        game's log is told from them)."""
        super().__init__(app)
        self.session = session
        self.path = (
            path
            or games_dir()
            / f"{session.created.replace(':', '').replace('+', '_')}-{session.seed % 100000:05d}.json"
        )
        self.looks = [
            CapLook(
                s.name,
                s.cap,
                theme.PLAYER_COLOURS[s.colour % len(theme.PLAYER_COLOURS)][1],
                theme.PLAYER_SYMBOLS[s.colour % len(theme.PLAYER_SYMBOLS)],
            )
            for s in session.seats
        ]
        self.save_problem = ""  # why the last save failed, in words ("" once one works)
        self.log: list[tuple[str, tuple[int, int, int]]] = []
        self.log_scroll = 0
        self.banner: list[tuple[str, float]] = []
        # said at a cap for a moment: (text, where, colour, until)
        self.callouts: list[tuple[str, tuple[float, float], tuple[int, int, int], float]] = []
        self.miss_note = ""  # why the last shot missed, in the player's terms
        self.miss_short = ""  # the same at the cap: "30 cm short, 8° left"
        self.wobble_note = ""  # what a slingshot's hand did to the aim
        self.placing: Decision | None = None  # an offer the player chose to take
        self.ghost: tuple[float, float] | None = None
        self.widgets = WidgetGroup(keys=Keys.TABLE)  # the game owns its keys: shell/focus.py
        self.table = CapTable(
            session.board_spec,
            self.looks,
            [(0.0, 0.0)] * len(self.looks),
            self._viewport(),
            app.sound,
        )
        # the distance guide is a practice aid: in a game only as a house rule (design note)
        self.table.guide = AimGuide.DISTANCE if session.distance_guide else AimGuide.DIRECTION
        self.table.units = app.settings.units
        self.table.show_labels = app.settings.show_labels
        self.table.shootable = self._shootable
        self.table.aim_at = self._aim_point
        self.table.on_flick = self._flick
        self.table.on_cue = self.app.toast
        self.table.sensitivity = app.settings.flick_sensitivity
        self.table.camera.insets = (BAND_H, 0)  # the prompt and the news sit above the board
        self.framed_for: tuple[int | None, int] | None = None
        self.table.on_shot_done = self._shot_done
        self.table.highlight = self._draw_highlights
        self.pending_flick: Flick | None = None
        self.meant: Flick | None = None
        self.game_over_shown = False
        self.planners = {
            i: Planner(level(seat.kind), random.Random(session.seed * 97 + i))
            for i, seat in enumerate(session.seats)
            if seat.kind != "human"
        }
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.thinking: Future | None = None
        self.bot_wait = 0.0
        self.sweep: tuple[float, float, float, Flick] | None = (
            None  # from angle, t, duration, flick
        )
        self.fast = False
        # keys still held from the screen that opened the table (Enter on the setup): their
        # repeats must not put a cap down or shoot; each counts again once let go
        held = pygame.key.get_pressed()
        self.stale_keys = {k for k in STALE_KEYS if held[k]}
        self._sync()
        self.table.settle_view()  # the turn's view from the first frame (a Resume too)
        self._narrate(("New game: " + ", ".join(s.name for s in session.seats),), theme.TEXT_DIM)
        if session.actions:
            self._retell(told)

    @classmethod
    def new(cls, app: App, setup: GameSetup) -> SkullyGameScene:
        seats = tuple(
            Seat(s.name.strip(), s.cap, s.colour, s.kind, s.hand, s.input) for s in setup.ordered()
        )
        session = Session(
            setup.spec(),
            setup.options,
            seats,
            setup.seed,
            board_file=setup.board_file,
            distance_guide=setup.distance_guide,
        )
        scene = cls(app, session)
        scene.save()
        return scene

    @classmethod
    def from_save(cls, app: App, path: Path) -> SkullyGameScene:
        """The game saved at `path`, at the table again (not the Scene.resume hook)."""
        scene = cls(app, load_session(path), path)
        scene.tell_mended()
        return scene

    def tell_mended(self) -> None:
        """An older save the loader mended is said so once, and saved mended."""
        if self.session.mended:
            self.app.toast(self.session.mended, seconds=6.0)
            self.save()

    def _retell(self, told: list[tuple[Action, tuple[Event, ...]]] | None = None) -> None:
        """A resumed game's log, told again from its actions (the record keeps no words): the
        events, and why each shot of a person missed, as they were told at the table. A long
        game read in the background comes with its events (`told`): its last LOG_LINES lines
        are read from the end, without the misses (tens of thousands of actions)."""
        if told is not None:
            lines: list[tuple[str, tuple[int, int, int]]] = []
            for _action, events in reversed(told):
                lines += [(e.text, event_colour(e)) for e in reversed(events)]
                if len(lines) >= LOG_LINES:
                    break
            self.log = (self.log + lines[::-1])[-LOG_LINES:]
        else:
            fresh = self.session.fresh()
            for action in self.session.actions:
                before = fresh.state
                events = fresh.apply(action)
                note = ""
                if isinstance(action, ShotAction):
                    report = self._miss_report(
                        before, action.player, action.flick, action.before, action.rest,
                        action.contacts, events,
                    )  # fmt: skip
                    note = "" if report is None else miss_words(report, self.app.settings.units)
                self.log += self._story(events, note, before)
            self.log = self.log[-LOG_LINES:]
        shots = self.state.shots
        self.log.append((f"Resumed after {shots} shot{'s' if shots != 1 else ''}", theme.TEXT_DIM))
        self.banner = [(self.log[-1][0], self.app.game_time + 3.5)]

    # --- state -> table -----------------------------------------------------------------

    def _viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, 0, w - PANEL_W, h)

    @property
    def state(self):
        return self.session.state

    def _sync(self) -> None:
        """Put the table's caps where the rules say they are."""
        state = self.state
        hidden = set()
        for i, p in enumerate(state.players):
            if p.pos is None or p.eliminated:
                hidden.add(i)
            else:
                self.table.positions[i] = p.pos
            kind = p.cap
            if self.table.looks[i].kind is not kind:
                look = self.table.looks[i]
                self.table.looks[i] = CapLook(look.name, kind, look.colour, look.symbol)
        self.table.hidden = hidden
        self.table.labels = {i: self.table.place(i).label() for i in self.table.visible()}
        who = self.actor()
        if who is not None:  # the hand at the cap: this seat's input and wobble
            seat = self.session.seats[who]
            self.table.input, self.table.hand = seat.input, seat.hand
        self.placing = None if self.placing not in state.offers else self.placing
        decision = self._placement()
        self.ghost = None
        if decision is not None:
            self.ghost = self._default_spot(decision)
        self._frame()
        self._layout()
        if state.over and not self.game_over_shown:
            self.game_over_shown = True
            self.app.stack.push(GameOverScene(self.app, self))

    def _frame(self) -> None:
        """Frame the one who acts and what they go for, once per turn: after a cap is put down
        the view stays still while that player shoots (a press lands where the cap is drawn)."""
        who = self.actor()
        table = self.table
        key = (who, self.state.shots)
        if key == self.framed_for and (who is None or who in table.hidden or table.in_frame(who)):
            return
        self.framed_for = key
        table.manual_view = False
        table.aim_frame = self._aim_frame(who)
        decision = self._placement()
        if decision is not None:
            bounds = area_bounds(
                allowed_area(self.state, self.session.options, self.session.board, decision)
            )
            if bounds:
                frame = table.aim_frame or table.home
                table.show(union(frame, bounds))
                return
        table.frame_view(snap=False)

    def _aim_point(self, who: int) -> tuple[float, float] | None:
        """Where a cap picked by key first aims: the middle of its player's goal (the box, the
        trapezoid), or a killer's nearest victim."""
        state = self.state
        if not 0 <= who < len(state.players):
            return None
        p, board = state.players[who], self.session.board
        goal = target(p)
        if goal.boxes:
            x0, y0, x1, y1 = board.boxes[goal.boxes[0]]
            return ((x0 + x1) / 2, (y0 + y1) / 2)
        if goal.trapezoids:
            corners = list(trapezoid_polygon(board, goal.trapezoids[0]))
            return (
                sum(c[0] for c in corners) / len(corners),
                sum(c[1] for c in corners) / len(corners),
            )
        if p.killer and p.pos is not None:
            victims = [q.pos for q in state.players if q is not p and q.pos and not q.eliminated]
            if victims:
                return min(victims, key=lambda v: math.dist(v, p.pos))
        return None

    def _aim_frame(self, who: int | None) -> tuple[float, float, float, float] | None:
        """The shooter's cap and its goal (the box, the trapezoids, a killer's victims), with
        room around: the caps read at a size a person can grab; F shows the whole board."""
        state = self.state
        if who is None or state.over:
            return None
        board = self.session.board
        p = state.players[who]
        pts: list[tuple[float, float]] = [] if p.pos is None else [p.pos]
        goal = target(p)
        for box in goal.boxes:
            r = board.boxes[box]
            pts += [(r[0], r[1]), (r[2], r[3])]
        for trap in goal.trapezoids:
            pts += list(trapezoid_polygon(board, trap))
        if p.killer:
            pts += [q.pos for q in state.players if q is not p and q.pos and not q.eliminated]
        box = around(pts, 0.3)
        if box is None:
            return None
        side = max(AIM_VIEW_MIN, box[2] - box[0], box[3] - box[1])
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        whole = self.table.home
        if side >= min(whole[2] - whole[0], whole[3] - whole[1]):
            return union(whole, box)
        return (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)

    def _placement(self) -> Decision | None:
        """The placement being made now: a required one, or an offer the player took up."""
        state = self.state
        if state.over:
            return None
        if state.pending:
            d = state.pending[0]
            return d if d.kind in PLACEMENTS else None
        return self.placing

    def _default_spot(self, decision: Decision) -> tuple[float, float]:
        area = allowed_area(self.state, self.session.options, self.session.board, decision)
        guess = suggested_spot(self.state, self.session.board, decision)
        return self._settled(decision, area.snap(guess))

    def _settled(self, decision: Decision, point: tuple[float, float]) -> tuple[float, float]:
        """Where a cap put down at `point` goes: beside any cap already there (rules' room.py)."""
        return spot_for(
            self.state, self.session.options, self.session.board, decision.player, point
        )

    def _shootable(self, i: int) -> bool:
        state = self.state
        return (
            state.can_shoot
            and self.placing is None
            and i == state.to_play
            and not self.table.busy
            and i not in self.planners
        )

    def actor(self) -> int | None:
        """Who must act now: the player a decision waits for, or the one to shoot."""
        state = self.state
        if state.over or self.table.busy:
            return None
        if state.pending:
            return state.pending[0].player
        return state.to_play

    def _bot_turn(self, dt: float) -> None:
        """A computer player's move at a pace a person can follow: think, sweep the aim, flick."""
        who = self.actor()
        if who is None or who not in self.planners or self.app.stack.top is not self:
            self.bot_wait = 0.0
            return
        pause = 0.1 if self.fast else 0.6
        self.bot_wait += dt
        planner = self.planners[who]
        if self.sweep is not None:
            start, t, duration, flick = self.sweep
            t += dt
            f = min(1.0, t / duration)
            f = f * f * (3 - 2 * f)
            delta = (flick.angle - start + math.pi) % (2 * math.pi) - math.pi
            self.table.aim_angle = start + delta * f
            self.table.power = flick.speed / MAX_SPEED * f
            self.sweep = (start, t, duration, flick)
            if t >= duration + (0.05 if self.fast else 0.3):
                self.sweep = None
                self.table.demo_aim = False
                self.bot_wait = 0.0
                self._flick(flick)
            return
        if self.bot_wait < pause:
            return
        if self.state.pending or (self.state.offers and self.thinking is None):
            events = planner.decide(self.session)
            if events is not None:
                self.bot_wait = 0.0
                self._after(events)
                return
        if not self.state.can_shoot:
            return
        if self.thinking is None:
            self.thinking = self.pool.submit(planner.flick, self.session)
            return
        if self.thinking.done():
            flick, _plan = self.thinking.result()
            self.thinking = None
            table = self.table
            table.select(who)
            table.demo_aim = True
            table.offset = 0.0
            self.sweep = (table.aim_angle, 0.0, 0.15 if self.fast else 0.8, flick)

    def toggle_pace(self) -> None:
        self.fast = not self.fast
        self.table.speedup = 3.0 if self.fast else 1.0
        self._layout()

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    # --- actions ------------------------------------------------------------------------

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult | None:
        """Make the shot: a person's slingshot is spoiled by their hand here, from the game's
        seed, so the record keeps the flick made and a replay never draws again."""
        self.meant = flick  # what the player aimed, before the hand's wobble
        flick = self.session.made_flick(self.state.to_play, flick, flicked)
        try:
            flick, result, caps = self.session.simulate(flick.angle, flick.speed, flick.offset)
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            return None
        self.pending_flick = flick
        self.table.play(result, flick.speed / MAX_SPEED, caps)
        return None

    def _miss_report(
        self,
        before: GameState,
        shooter: int,
        flick: Flick,
        start: tuple[tuple[float, float], ...],
        rest: tuple[tuple[float, float], ...],
        contacts: tuple[Contact, ...],
        events: tuple[Event, ...],
    ) -> MissReport | None:
        """Why a person's shot missed (positions in the physics' order, as a shot keeps them)."""
        if not self.session.seats[shooter].human:
            return None
        touched = any(flick.cap in (c.a, c.b) for c in contacts)
        return explain_shot(
            self._miss_goals(before, shooter),
            shooter,
            events,
            flick.angle,
            start[flick.cap],
            rest[flick.cap],
            touched,
        )

    def _miss_goals(self, before: GameState, shooter: int) -> tuple[Goal, ...]:
        """What a miss is measured against: the shooter's target (a lesson may say otherwise)."""
        return goals_for(self.session.board, before.players[shooter])

    def _story(
        self, events: tuple[Event, ...], note: str, before: GameState
    ) -> list[tuple[str, tuple[int, int, int]]]:
        """The log's lines for one action: its events, and after a miss, why."""
        lines = []
        for event in events:
            lines.append((event.text, event_colour(event)))
            if note and isinstance(event, MISSES) and event.player == before.to_play:
                lines.append((f"{before.players[event.player].name}: {note}", theme.TEXT_DIM))
        return lines

    def _shot_done(self, result: ShotResult) -> None:
        flick = self.pending_flick
        self.pending_flick = None
        if flick is None:
            return
        before = self.state
        shooter = before.to_play
        events = self.session.judge(flick, result)
        self.miss_note = self.miss_short = self.wobble_note = ""
        report = self._miss_report(
            before, shooter, flick, result.start, result.rest, result.contacts, events
        )
        if report is not None:
            units = self.app.settings.units
            self.miss_note = miss_words(report, units)
            self.miss_short = ", ".join(miss_parts(report, units)) or "on the line"
            meant = self.meant
            if meant is not None and (meant.angle, meant.speed) != (flick.angle, flick.speed):
                self.wobble_note = wobble_words(meant.angle, meant.speed, flick.angle, flick.speed)
        self._after(events, before)

    def _after(self, events: tuple[Event, ...], before: GameState | None = None) -> None:
        names = [p.name for p in self.state.players]
        note = self.miss_note if before is not None else ""
        for text, colour in self._story(events, note, before or self.state):
            self._narrate((text,), colour)
        if note and self.wobble_note:  # said, not logged: the record keeps only the flick made
            self.banner.append((f"({self.wobble_note})", self.app.game_time + 3.5))
            self.banner = self.banner[-3:]
        for event in events:
            said = callout(event, names)
            if said is not None:
                text, who, colour = said
                self._call_out(text, self.table.positions[who], colour)
            if note and isinstance(event, Missed):
                self._call_out(self.miss_short, self.table.positions[event.player], theme.TEXT)
        if any(isinstance(e, Made | Pipsies | Advanced) for e in events):
            self.app.sound.play("award", 0.7)
        if any(isinstance(e, Stuck) for e in events):
            self.app.sound.play("stuck", 0.8)
        self._sync()
        self.save()

    def place(self, point: tuple[float, float]) -> None:
        decision = self._placement()
        if decision is None:
            return
        try:
            events = self.session.place(decision.player, self._settled(decision, point))
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            return
        self.placing = None
        self._after(events)

    def keep(self, keep: bool) -> None:
        d = self.state.decision
        if d is None or d.kind is not DecisionKind.KEEP_OR_RESTORE:
            return
        self._after(self.session.keep(d.player, keep))

    def switch(self, cap: CapType) -> None:
        try:
            events = self.session.switch(self.state.to_play, cap)
        except RuleError as exc:
            self.app.toast(str(exc), theme.DANGER)
            self._layout()
            return
        self._after(events)

    def take_offer(self, offer: Decision) -> None:
        self.placing = offer
        self.ghost = self._default_spot(offer)
        self._frame()
        self._layout()

    def save(self) -> None:
        """Keep the game on disk after every action; a failure is said once (not at every
        shot), and play goes on unsaved."""
        self.save_problem = self.app.keep_saved(
            lambda: self.session.save(self.path), self.path.parent, self.save_problem
        )

    def game_save(self) -> GameSave | None:
        return GameSave(self.path, self.save_problem, self.session.state.over)

    def _call_out(self, text: str, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
        self.callouts.append((text, at, colour, self.app.game_time + CALLOUT_SECONDS))
        self.callouts = self.callouts[-8:]

    def how_to_play(self) -> None:
        """Skully's rules in our words, over the table; the game waits below."""
        from skully_game.scenes.skully.howto import HowToPlay

        self.app.stack.push(HowToPlay(self.app))

    def _narrate(self, lines: tuple[str, ...], colour: tuple[int, int, int]) -> None:
        for line in lines:
            self.log.append((line, colour))
            self.banner.append((line, self.app.game_time + 3.5))
        self.log = self.log[-LOG_LINES:]
        self.banner = self.banner[-3:]
        self.log_scroll = 0

    # --- panel --------------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 14
        bw = PANEL_W - 28
        widgets: list[Widget] = []
        state = self.state
        y = self._players_bottom()
        if not state.over and not state.pending and not self.table.busy:
            for offer in state.offers:
                if offer.kind is DecisionKind.CHOOSE_CAP:
                    choice = Choice(
                        pygame.Rect(x, y, bw, 36),
                        "Switchsies",
                        options=[(k, k.spec.label) for k in CapType],
                        on_change=self.switch,
                        tooltip="Play another cap from this turn on",
                    )
                    choice.set_value(state.players[offer.player].cap)
                    widgets.append(choice)
                elif offer.kind in PLACEMENTS and offer != self.placing:
                    label = (
                        "Move cap within " + str(offer.box)
                        if offer.box
                        else "Stand on the out-of-town line"
                    )
                    widgets.append(
                        Button(
                            pygame.Rect(x, y, bw, 36),
                            label,
                            on_click=lambda o=offer: self.take_offer(o),
                            size=22,
                        )
                    )
                y += 42
            if self.placing is not None:
                widgets.append(
                    Button(
                        pygame.Rect(x, y, bw, 36),
                        "Leave the cap where it is",
                        on_click=self._cancel_offer,
                        size=22,
                    )
                )
                y += 42
        if self.planners:
            widgets.append(
                Button(
                    pygame.Rect(x, h - 96, bw, 36),
                    f"Computer pace: {'fast' if self.fast else 'normal'}",
                    on_click=self.toggle_pace,
                    hotkey=pygame.K_p,
                    size=20,
                    tooltip="Speed up the computer players' turns (P)",
                )
            )
        self.log_top = y + 8
        half = (bw - 8) // 2
        widgets.append(
            Button(
                pygame.Rect(x, h - 52, half, 40),
                "How to play",
                on_click=self.how_to_play,
                size=22,
                tooltip="Skully's rules, in short, with pictures (H)",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x + half + 8, h - 52, bw - half - 8, 40),
                self.leave_label,
                on_click=self.ask_leave,
                size=22,
                tooltip=self.leave_tip,
            )
        )
        self.widgets.set(widgets)

    def _cancel_offer(self) -> None:
        self.placing = None
        self._sync()

    def ask_leave(self) -> None:
        """Every way out of the table asks first: a key pressed by mistake never ends the visit."""
        if self.app.stack.top is not self:
            return
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                self.leave_question,
                self.leave,
                detail=self._leave_detail(),
                yes=self.leave_yes,
                no="Stay",
            )
        )

    def _leave_detail(self) -> str:
        """What leaving does to the game: kept, not kept (nobody shot yet), or lost unsaved."""
        if self.leave_detail != LEAVE_DETAIL:  # a lesson says its own
            return self.leave_detail
        if self.state.shots == 0:
            return LEAVE_UNSHOT
        if self.save_problem:
            return f"It could not be saved ({self.save_problem}): leaving ends it."
        return LEAVE_DETAIL

    def leave(self) -> None:
        """Save and go back to the screen the game was started from; a game nobody has shot
        in yet is not kept (it would only crowd Resume and Replays)."""
        if self.state.shots == 0:
            with contextlib.suppress(OSError):  # one we cannot remove stays listed, no worse
                self.path.unlink(missing_ok=True)
        else:
            self.save()
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _players_bottom(self) -> int:
        return 70 + 58 * len(self.state.players) + 8

    # --- scene hooks --------------------------------------------------------------------

    def resized(self, size: tuple[int, int]) -> None:
        self.table.set_viewport(self._viewport())
        self._frame()
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYUP:
            self.stale_keys.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in self.stale_keys:
            return None
        if self.table.mode is AimMode.DRAG and self.table.handle_event(event):
            return None  # a pull let go over the panel flicks; it presses no button
        if self.widgets.handle(event):
            return None
        if (
            event.type == pygame.KEYDOWN
            and event.key in HOW_TO_PLAY_KEYS
            and self.table.mode is AimMode.IDLE
        ):
            self.how_to_play()
            return None
        who = self.actor()
        if who in self.planners:  # a computer player's move: look, but do not touch
            if event.type == pygame.MOUSEWHEEL:
                self.table.handle_event(event)
                return None
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.ask_leave()
            return None
        decision = self._placement()
        if decision is not None and not self.table.busy and self._placement_event(event, decision):
            return None
        if self.table.handle_event(event):
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.placing is not None:
                self._cancel_offer()
            else:
                self.ask_leave()
            return None
        return event

    def _placement_event(self, event: pygame.event.Event, decision: Decision) -> bool:
        area = allowed_area(self.state, self.session.options, self.session.board, decision)
        cam = self.table.camera
        if event.type == pygame.MOUSEMOTION and cam.viewport.collidepoint(event.pos):
            self.ghost = area.snap(cam.to_world(event.pos))
            return True
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and cam.viewport.collidepoint(event.pos)
        ):
            self.place(area.snap(cam.to_world(event.pos)))
            return True
        if event.type == pygame.KEYDOWN and self.ghost is not None:
            step = 0.002 if event.mod & pygame.KMOD_SHIFT else 0.01
            moves = {
                pygame.K_LEFT: (-step, 0),
                pygame.K_RIGHT: (step, 0),
                pygame.K_UP: (0, step),
                pygame.K_DOWN: (0, -step),
            }
            if event.key in moves:
                dx, dy = moves[event.key]
                self.ghost = area.snap((self.ghost[0] + dx, self.ghost[1] + dy))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.place(self.ghost)
                return True
        return False

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._bot_turn(dt)
        d = self.state.decision
        if (
            d is not None
            and d.kind is DecisionKind.KEEP_OR_RESTORE
            and not self.table.busy
            and d.player not in self.planners
        ):
            top = self.app.stack.top
            if top is self:
                self.app.stack.push(KeepDialog(self.app, self, d))

    # --- drawing ------------------------------------------------------------------------

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        """The current target outlined; the allowed area of a placement shaded."""
        cam = self.table.camera
        state = self.state
        board = self.session.board
        if not state.over and state.turn > 0:
            shooter = state.players[state.to_play]
            goal = target(shooter)
            colour = self.looks[state.to_play].colour
            for box in goal.boxes:
                r = board.boxes[box]
                a = cam.to_screen((r[0], r[3]))
                b = cam.to_screen((r[2], r[1]))
                rect = pygame.Rect(
                    round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1])
                ).inflate(10, 10)
                pygame.draw.rect(surface, colour, rect, 3, border_radius=6)
            for trap in goal.trapezoids:
                pts = [cam.to_screen(p) for p in trapezoid_polygon(board, trap)]
                pygame.draw.polygon(surface, colour, pts, 3)
        decision = self._placement()
        if decision is not None and not self.table.busy:
            area = allowed_area(state, self.session.options, board, decision)
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            fill = (*theme.ACCENT, 70)
            for r in area.rects:
                a = cam.to_screen((r[0], r[3]))
                b = cam.to_screen((r[2], r[1]))
                pygame.draw.rect(
                    layer, fill, pygame.Rect(a[0], a[1], max(2, b[0] - a[0]), max(2, b[1] - a[1]))
                )
            for poly in area.polygons:
                pygame.draw.polygon(layer, fill, [cam.to_screen(p) for p in poly])
            width = max(3, round(cam.length(area.reach * 2)))
            for a, b in area.segments:
                pygame.draw.line(layer, fill, cam.to_screen(a), cam.to_screen(b), width)
            surface.blit(layer, (0, 0))
            if self.ghost is not None:
                look = self.looks[decision.player]
                at = cam.to_screen(self._settled(decision, self.ghost))
                r_px = cam.length(look.kind.spec.radius)
                ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                draw_cap(ghost, look.kind, look.colour, look.symbol, at, r_px)
                ghost.set_alpha(170)
                surface.blit(ghost, (0, 0))
                pygame.draw.circle(surface, theme.ACCENT, at, max(r_px, 5) + 6, 1)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.table.draw(surface, alpha)
        self._draw_callouts(surface)
        self._draw_banner(surface)
        self._draw_panel(surface)

    def _draw_callouts(self, surface: pygame.Surface) -> None:
        """What just happened, said beside the cap it happened to; newer ones above older ones
        at the same cap, each kept inside the board's frame and faded out at the end."""
        now = self.app.game_time
        self.callouts = [c for c in self.callouts if c[3] > now]
        if self.table.busy:
            return
        cam = self.table.camera
        frame = cam.frame.inflate(-8, -8)
        stacked: dict[tuple[int, int], int] = {}
        clip = surface.get_clip()
        surface.set_clip(cam.viewport)
        for text, at, colour, until in self.callouts:
            x, y = cam.to_screen(at)
            spot = (round(x), round(y))
            k = stacked.get(spot, 0)
            stacked[spot] = k + 1
            img = theme.font(22, True).render(text, True, colour)
            box = img.get_rect(midbottom=(spot[0], spot[1] - 18 - 30 * k)).inflate(16, 8)
            box = box.clamp(frame)
            fade = min(1.0, (until - now) / 0.4)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*theme.PANEL, round(225 * fade)), layer.get_rect(), 0, 6)
            pygame.draw.rect(layer, (*colour, round(255 * fade)), layer.get_rect(), 2, 6)
            img.set_alpha(round(255 * fade))
            layer.blit(img, img.get_rect(center=layer.get_rect().center))
            surface.blit(layer, box)
        surface.set_clip(clip)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """The band above the board: what to do now, and under it what the last shot did (the
        full story is in the turn log). The camera keeps the board out of this band."""
        now = self.app.game_time
        self.banner = [(t, until) for t, until in self.banner if until > now]
        band = self.banner_rect()
        theme.panel(surface, band, 200)
        pygame.draw.line(surface, theme.PANEL_EDGE, band.bottomleft, band.bottomright, 1)
        room = band.w - 24
        prompt = self._prompt()
        y = band.y + 6
        if prompt:
            size = next(
                (n for n in (26, 23, 20) if theme.font(n, True).size(prompt)[0] <= room), 20
            )
            line = theme.fit(prompt, size, room) if size == 20 else prompt
            theme.text(surface, line, (band.centerx, y), size, theme.ACCENT, "midtop", bold=True)
            y += 34
        lines = [(t, theme.TEXT) for t, _ in self.banner][-(2 if prompt else 3) :]
        placing = self._placement()
        if prompt and placing is not None and placing.player not in self.planners:
            # a person puts a cap down: how to, then the last news
            lines = [(PLACE_HINT, theme.TEXT_DIM), *lines[-1:]]
        for text, colour in lines:
            theme.text(surface, theme.fit(text, 19, room), (band.centerx, y), 19, colour, "midtop")
            y += 20

    def banner_rect(self) -> pygame.Rect:
        """The band above the board, drawn opaque: the camera frames the board below it."""
        vp = self.table.camera.viewport
        return pygame.Rect(vp.x, vp.y, vp.w, BAND_H)

    def _prompt(self) -> str:
        state = self.state
        if state.over:
            return f"{state.players[state.winner].name} wins!"
        if self.table.busy:
            return ""
        decision = self._placement()
        if decision is not None:
            name = state.players[decision.player].name
            where = {
                DecisionKind.PLACE_START: "behind the start line",
                DecisionKind.PLACE_OUT_OF_TOWN: "on the out-of-town line",
            }.get(decision.kind, f"in {decision.box}" if decision.box else "in the skull")
            if decision.player in self.planners:  # a computer player: said of it, not to it
                return f"{name} puts the cap down {where}"
            return f"{name}: put your cap down {where}"
        if state.pending:
            return ""
        p = state.players[state.to_play]
        if state.to_play in self.planners:
            verb = "aims" if self.sweep is not None else "is thinking"
            return f"{p.name} ({seat_tag(self.session.seats[state.to_play])}) {verb}: {status(p)}"
        return f"{p.name} to shoot: {status(p)}"

    def _draw_panel(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        rect = pygame.Rect(w - PANEL_W, 0, PANEL_W, h)
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft, 1)
        x = rect.x + 14
        state = self.state
        opts = self.session.options
        theme.text(surface, self.panel_title, (x, 14), 34, theme.ACCENT, bold=True)
        rest = f" board · shot {state.shots}" + (" · holdsies" if opts.holdsies else "")
        room = PANEL_W - 28 - theme.font(18).size(rest)[0]
        board = theme.fit(board_label(self.session.board_spec) or "classic", 18, room)
        theme.text(
            surface,
            board + rest,
            (x, 46),
            18,
            theme.TEXT_DIM,
        )
        y = 70
        decision = state.decision
        active = decision.player if decision is not None else state.to_play
        for i, p in enumerate(state.players):
            look = self.looks[i]
            row = pygame.Rect(x - 6, y, PANEL_W - 16, 52)
            if i == active and not state.over:
                pygame.draw.rect(surface, (40, 42, 50), row, border_radius=8)
                pygame.draw.rect(surface, look.colour, row, 2, border_radius=8)
            draw_cap(surface, p.cap, look.colour, look.symbol, (x + 16, y + 26), 12)
            name_colour = theme.TEXT_DIM if p.eliminated else theme.TEXT
            named = theme.text(surface, p.name, (x + 38, y + 6), 24, name_colour, bold=True)
            theme.text(
                surface,
                theme.fit(seat_tag(self.session.seats[i]), 16, row.right - 70 - named.right - 8),
                (named.right + 8, y + 10),
                16,
                theme.TEXT_DIM,
            )
            line = status(p)
            if p.killer and p.streak:
                line += f" · {p.streak}/3 on " + ", ".join(state.players[v].name for v in p.victims)
            theme.text(
                surface,
                line,
                (x + 38, y + 30),
                20,
                look.colour if not p.eliminated else theme.TEXT_DIM,
            )
            st = p.stats
            theme.text(
                surface,
                f"{st.shots} shot{'s' if st.shots != 1 else ''}",
                (row.right - 8, y + 8),
                16,
                theme.TEXT_DIM,
                "topright",
            )
            y += 58
        help_top = self._draw_help(surface, x)
        top = self.log_top
        theme.text(surface, "Turn log", (x, top), 20, theme.TEXT)
        line_h = 19
        rows = max(1, (help_top - 6 - top - 24) // line_h)
        end = len(self.log) - self.log_scroll
        shown: list[tuple[str, tuple[int, int, int]]] = []
        for text, colour in reversed(self.log[:end]):  # newest at the bottom, wrapped, never cut
            parts = theme.wrap(text, 17, PANEL_W - 30)
            if len(shown) + len(parts) > rows:
                break
            shown[:0] = [(part, colour) for part in parts]
        ly = top + 24
        for part, colour in shown:
            theme.text(surface, part, (x, ly), 17, colour)
            ly += line_h
        self.widgets.draw(surface)  # last: a tooltip goes over the log

    def _draw_help(self, surface: pygame.Surface, x: int) -> int:
        """The table's keys, just above its buttons; returns the top of the lines."""
        h = self.app.size[1]
        items = (*HELP, HELP_PACE) if self.planners else HELP
        lines = [""]
        for item in items:  # wrapped between items, never inside one
            trial = f"{lines[-1]}, {item}" if lines[-1] else item
            if lines[-1] and theme.font(16).size(trial + ",")[0] > PANEL_W - 28:
                lines[-1] += ","
                lines.append(item)
            else:
                lines[-1] = trial
        bottom = h - (104 if self.planners else 60)
        y = bottom - 17 * len(lines)
        for k, line in enumerate(lines):
            theme.text(surface, line, (x, y + 17 * k), 16, theme.TEXT_DIM)
        return y


def open_saved(app: App, path: Path) -> None:
    """Resume a saved game, or say in one line why it cannot be read. A long game is read on a
    worker thread, its log told again there too, with the window answering meanwhile."""
    if not is_big(path):
        try:
            app.stack.push(SkullyGameScene.from_save(app, path))
        except DataError as exc:
            app.toast(str(exc), theme.DANGER, 6.0)
        return

    def read() -> tuple[Session, list[tuple[Action, tuple[Event, ...]]]]:
        session = load_session(path)
        return session, session.replay_events()

    def opened(got: tuple[Session, list[tuple[Action, tuple[Event, ...]]]]) -> None:
        scene = SkullyGameScene(app, got[0], path, told=got[1])
        app.stack.push(scene)
        scene.tell_mended()

    app.stack.push(LoadingScene(app, "Opening the game", read, opened, detail=path.name))
