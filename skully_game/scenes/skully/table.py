"""The Skully game at one desk: whose turn, the course of every player, placements, choices,
the turn log, game over. Every action goes through the Session (rules + record), and the game is
saved after each one, so it can be resumed exactly where it stopped."""

from __future__ import annotations

import contextlib
import math
import random
from pathlib import Path

import pygame

from skully_game.core.choices import recall, remember
from skully_game.core.errors import DataError
from skully_game.core.settings import AimGuide
from skully_game.scenes.skully.capkit import places, seat_looks
from skully_game.scenes.skully.captable import AimMode, CapLook, CapTable
from skully_game.scenes.skully.capview import ZOOM_RANGE
from skully_game.scenes.skully.computer import ComputerTurns
from skully_game.scenes.skully.dialogs import GameOverScene, KeepDialog
from skully_game.scenes.skully.gamedraw import GameDrawing
from skully_game.scenes.skully.gamepanel import LEAVE_DETAIL, LEAVE_QUESTION, PANEL_W, GamePanel
from skully_game.scenes.skully.gamestory import GameStory
from skully_game.scenes.skully.turnflow import TurnFlow
from skully_game.scenes.skully.turnview import TurnFraming
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S, App
from skully_game.shell.focus import PRESS_KEYS, Keys
from skully_game.shell.freshpress import ARM_SECONDS
from skully_game.shell.loading import LoadingScene, is_big
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import WidgetGroup
from skully_game.skully.game_setup import GameSetup
from skully_game.skully.guide import LEARNING_SHOTS, GuideMode
from skully_game.skully.physics import Flick
from skully_game.skully.rules import Decision, DecisionKind, allowed_area
from skully_game.skully.rules.course import before_two_forwards, in_killer_diller
from skully_game.skully.rules.events import Event
from skully_game.skully.saves import games_dir
from skully_game.skully.session import Action, Seat, Session, load_session

HOW_TO_PLAY_KEYS = (pygame.K_h, pygame.K_F1)
PLACE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # only these put a cap down, as the prompt says
PLACE_REACH = 80  # px: a click this far from where the cap may go puts nothing down
FAR_PLACE = "Too far from where the cap may go: click in the lit place, or arrows and Enter"
MOVE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)  # shoot, put a cap down
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


# said once as a person's flick guide steps back from the ghost (while learning): a play-test
# rated Skully 6, then 5, when the ghost on every shot judged each shot's length for the player
STEP_BACK_NEWS = (
    "The ghost steps back now: judge the length by eye (Flick guide: Always brings it back)"
)
VIEW_CHOICES = "skully-view"  # the player's zoom at the game table (core/choices.py)
FINALE_S = 1.2  # s the board is seen after the winning shot, before the game-over card


class SkullyGameScene(
    TurnFraming, TurnFlow, GameStory, ComputerTurns, GamePanel, GameDrawing, Scene
):
    """A game of Skully at one desk. Its parts are mixins, each in its own module: who acts and
    the view of it (turnview.py), the moves (turnflow.py), what is said (gamestory.py), the
    computer players (computer.py), the side panel (gamepanel.py) and the layers over the
    board (gamedraw.py); this class holds the game's state, its input and the picture's order."""

    leave_label = "Save and leave"
    leave_tip = "The game is saved after every shot; resume it from the menu (Esc)"
    leave_question = LEAVE_QUESTION
    leave_detail = LEAVE_DETAIL
    leave_yes = "Leave"
    panel_title = "Skully"
    plays_again = True  # the game-over screen offers Play again (not online: the host's to start)
    keeps_zoom = True  # the wheel's scale is the player's, from game to game (not a lesson's)

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
        self.looks = seat_looks(session.seats)
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
        self.told_step_back: set[int] = set()  # the people told that their ghost stepped back
        self.told_stuck: set[tuple[int, int]] = set()  # (person, stuck player) tips given
        self.table.keep_scale = True  # one scale all game: the same stroke looks the same
        self.table.effects.enabled = app.settings.shot_effects  # Settings: Shot effects
        self.table.cheers.enabled = app.settings.shot_effects  # (off: the still table)
        self.table.fits_turn = True  # and each turn's shooter and goal always in sight
        zoom = (recall(VIEW_CHOICES)[0] or {}).get("zoom") if self.keeps_zoom else None
        if isinstance(zoom, int | float) and ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1]:
            self.table.zoom_factor = float(zoom)
        self.table.on_zoom = self._keep_zoom
        self.table.units = app.settings.units
        self.table.show_labels = app.settings.show_labels
        self.table.shootable = self._shootable
        self.table.aim_at = self._aim_point
        self.table.on_flick = self._flick
        self.table.on_cue = self.app.toast
        self.table.sensitivity = app.settings.flick_sensitivity
        self.table.camera.insets = self.board_insets()  # the prompt and the news: above the board
        self.framed_for: tuple[int | None, int, bool] | None = None  # who, shots, placing
        self.table.on_shot_done = self._shot_done
        self.table.highlight = self._draw_highlights
        self.pending_flick: Flick | None = None
        self.meant: Flick | None = None
        self.game_over_shown = False
        self.finale_at: float | None = None  # when the game ended: the card follows FINALE_S on
        self.offered = (False, False)  # the take-back and skip buttons the panel shows
        self._seat_computers()
        # keys still held from the screen that opened the table (Enter on the setup): their
        # repeats must not put a cap down or shoot; each counts again once let go
        held = pygame.key.get_pressed()
        self.stale_keys = {k for k in STALE_KEYS if held[k]}
        self.keys_down: set[int] = set()  # Space and Enter pressed here and not yet let go
        # opened by a click: a second click on the panel sooner than DOUBLE_PRESS_S is not for it
        self.opened_at = app.game_time
        self.opened_by_click = app.game_time - app.last_press < DOUBLE_PRESS_S
        self.back_by_press, self.back_at = False, 0.0  # see resume
        # a move needs a press made once its turn was shown (the pass screens' arm rule): a
        # double Enter put Ace's cap down, then Bobby's for him (a play-test)
        self.turn_seen: tuple[object, ...] | None = None  # the turn shown: who, actions, place
        self.turn_at = app.game_time  # when it was shown
        self.turn_arm = 0.0  # and how long it takes no key that moves
        self.last_person: int | None = None  # the last person here whose turn was shown
        self.place_press = False  # the left button went down on the board once armed
        self._sync()
        self.table.settle_view()  # the turn's view from the first frame (a Resume too)
        self._narrate(("New game: " + ", ".join(s.name for s in session.seats),), theme.TEXT_DIM)
        if session.actions:
            self._retell(told)

    def _keep_zoom(self, zoom: float) -> None:
        """The scale the player chose with the wheel, for this game's turns and the next game's
        (and a Resume's); a folder that cannot be written only loses the preference. Not a
        lesson's (`keeps_zoom`): its wheel is for that lesson's board alone."""
        if not self.keeps_zoom:
            return
        with contextlib.suppress(OSError):
            remember(VIEW_CHOICES, {"zoom": round(zoom, 4)})

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
            flick_guide=setup.flick_guide,
            take_backs=setup.take_backs and setup.offers_take_backs(),
        )
        scene = cls(app, session)
        scene.save()
        return scene

    def play_again(self) -> SkullyGameScene:
        """Another game at this desk with the same seats, board and options, a new seed."""
        session = self.session.rematch(random.SystemRandom().randrange(1 << 31))
        again = SkullyGameScene(self.app, session)
        again.save()
        return again

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

    def _viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, 0, w - PANEL_W, h)

    def toast_area(self) -> pygame.Rect:
        return self._viewport()

    @property
    def state(self):
        return self.session.state

    def _sync(self) -> None:
        """Put the table's caps where the rules say they are."""
        state = self.state
        for i, p in enumerate(state.players):  # a switch of caps: the new cap, in its colour
            look = self.table.looks[i]
            if look.kind is not p.cap:
                self.table.looks[i] = CapLook(look.name, p.cap, look.colour, look.symbol)
        self.table.set_caps(places(state.players))
        who = self.actor()
        if who is not None:  # the hand at the cap: this seat's input and wobble
            seat = self.session.seats[who]
            self.table.input, self.table.hand = seat.input, seat.hand
            self._flick_guide_for(who)
            self._stuck_tip_for(who)
        self.placing = None if self.placing not in state.offers else self.placing
        self._mark_shooter(who)
        self._note_turn()
        decision = self._placement()
        self.ghost = None
        if decision is not None:
            self.ghost = self._default_spot(decision)
        self._frame()
        self._layout()
        if state.over and not self.game_over_shown:
            self.game_over_shown = True
            # the winning shot's moment on the board (its celebration) before the card
            self.finale_at = self.app.game_time

    def _note_turn(self) -> None:
        """When a person's move (a shot, a cap to put down) is shown: from then the keys that
        move wait ARM_SECONDS if the desk passes to another person (as a pass screen does), else
        a double press's time (Enter after a box was made put the cap down unasked)."""
        who = self.actor()
        seen = (who, len(self.session.actions), self._placement())
        if seen == self.turn_seen:
            return
        self.turn_seen = seen
        if who is None or not self.plays_here(who) or not self.session.seats[who].human:
            return
        if self.last_person is None:
            self.turn_arm = 0.0  # the table's first turn: the opening's own guards hold
        elif self.last_person != who:
            self.turn_arm = ARM_SECONDS
        else:
            self.turn_arm = DOUBLE_PRESS_S
        self.last_person = who
        self.turn_at = self.app.game_time
        self.table.arming.start(self.turn_arm)  # the ring round the cap fills till then

    @property
    def turn_armed(self) -> bool:
        """Whether the turn shown has been up long enough for a key to make its move."""
        return self.app.game_time - self.turn_at >= self.turn_arm

    def _before_the_turn(self, event: pygame.event.Event) -> bool:
        """Whether `event` would make a move with a press that came before the turn could
        take it: Enter or Space before it armed, or a click on the board (putting a cap down)
        whose press began before then. A pull is no double press, and goes through."""
        if self.table.busy:
            return False  # (Space or Enter skips a shot's replay: no move)
        if event.type == pygame.KEYDOWN and event.key in MOVE_KEYS:
            if not self.turn_armed:
                self.table.arming.refuse()  # seen: the ring flashes, still filling
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.place_press = self.turn_armed
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            fresh, self.place_press = self.place_press, False
            if not fresh and self._placement() is not None:
                self.table.arming.refuse()
                return True
            return False
        return False

    def _flick_guide_for(self, who: int) -> None:
        """The flick guide for `who`'s shot: the ghost where it would rest (always, or while
        learning on a person's first shots of the game), else while learning the aim's first
        touch only; said once in the banner the moment it steps back."""
        session, table = self.session, self.table
        table.flick_guide = session.shows_ghost(who)
        learning = session.flick_guide is GuideMode.LEARNING
        table.touch_guide = learning and not table.flick_guide
        if (
            learning
            and who not in self.told_step_back
            and self.plays_here(who)
            and session.seats[who].human
            and session.shots_by(who) == LEARNING_SHOTS
        ):
            self.told_step_back.add(who)
            people = sum(1 for i, s in enumerate(session.seats) if s.human and self.plays_here(i))
            name = f"{session.seats[who].name}: " if people > 1 else ""
            self._narrate((name + STEP_BACK_NEWS,), theme.ACCENT)

    def _stuck_tip_for(self, who: int) -> None:
        """Once a game for each person and stuck cap: knocking it out pays its number (a
        play-tester waited 34 shots alone while the computer sat stuck, not knowing why)."""
        state, session = self.state, self.session
        me = state.players[who]
        if (
            not (self.plays_here(who) and session.seats[who].human)
            or me.killer
            or me.stuck
            or before_two_forwards(me.step)
            or in_killer_diller(me.step)
        ):
            return
        for i, p in enumerate(state.players):
            if i == who or not p.stuck or p.pos is None or (who, i) in self.told_stuck:
                continue
            self.told_stuck.add((who, i))
            n = session.board.locate(p.pos, p.cap.spec.radius).skull_number
            pays = f" for +{n}" if n else ""
            self._narrate(
                (f"Tip: {p.name} is stuck in the skull: knock the cap out{pays} (it frees them)",),
                theme.ACCENT,
            )

    def how_to_play(self) -> None:
        """Skully's rules in our words, over the table; the game waits below."""
        from skully_game.scenes.skully.howto import HowToPlay

        self.app.stack.push(HowToPlay(self.app))

    def resized(self, size: tuple[int, int]) -> None:
        self.table.camera.viewport = self._viewport()
        self.table.camera.insets = self.board_insets()
        self.table.set_viewport(self._viewport())
        self._frame()
        self._layout()

    def stale(self, event: pygame.event.Event) -> bool:
        """A repeat of a key still held from the screen that opened the table, or of a key
        that shoots or puts a cap down (Space, Enter) held at the table: it is not for the
        table. A move needs a fresh press (a held Space fired shot after shot)."""
        if event.type == pygame.KEYUP:
            self.stale_keys.discard(event.key)
            self.keys_down.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in self.stale_keys:
            return True
        if event.key in MOVE_KEYS and hasattr(event, "doubt"):  # from the keyboard itself (a
            # scripted press, which the loop did not poll, has no repeats and no release)
            if event.key in self.keys_down:
                return True  # the key's own repeat
            self.keys_down.add(event.key)
        return False

    def _too_soon(self, event: pygame.event.Event) -> bool:
        """A click on the side panel just after the table opened: the second click of a double
        click on Start game (it pressed Save and leave, in the same place), not meant for it; and
        Enter or Space just after a dialog closed by a press (a double Enter on Stay)."""
        if (
            event.type == pygame.KEYDOWN
            and event.key in PRESS_KEYS
            and self.back_by_press
            and self.app.game_time - self.back_at < DOUBLE_PRESS_S
        ):
            self.back_by_press = False  # one press dropped: the next is the player's
            return True
        return (
            self.opened_by_click
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and self.app.game_time - self.opened_at < DOUBLE_PRESS_S
            and not self.table.camera.viewport.collidepoint(event.pos)
        )

    def resume(self) -> None:
        """Back on top (a dialog closed): a key let go meanwhile was never seen let go here, so
        only keys still held now count as held (and their repeats as stale)."""
        super().resume()
        held = pygame.key.get_pressed()
        self.keys_down = {k for k in self.keys_down if held[k]}
        # closed by a press (Enter on Stay): a double Enter's second half is not for the table
        # (it put a waiting cap down unasked)
        self.back_by_press = self.app.game_time - self.app.last_press < DOUBLE_PRESS_S
        self.back_at = self.app.game_time

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.stale(event):
            return None
        return self.fresh_event(event)

    def fresh_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """An event `stale` let through (checked once: a second check took the press itself
        for its own repeat, and Enter never put a lesson's cap down)."""
        if self.table.mode is AimMode.DRAG and self.table.handle_event(event):
            return None  # a pull let go over the panel flicks; it presses no button
        if self._too_soon(event):
            return None
        if self.widgets.handle(event):
            return None
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and event.mod & pygame.KMOD_CTRL
            and self.table.mode not in (AimMode.DRAG, AimMode.FLICK)
        ):
            self.take_back()  # (also while a computer thinks: its move stops)
            return None
        if (
            event.type == pygame.KEYDOWN
            and event.key in HOW_TO_PLAY_KEYS
            and self.table.mode is AimMode.IDLE
        ):
            self.how_to_play()
            return None
        who = self.actor()
        if who is not None and not self.plays_here(who):  # look, but do not touch
            if event.type == pygame.MOUSEWHEEL:
                self.table.handle_event(event)
                return None
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.ask_leave()
            return None
        if self._before_the_turn(event):
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
            spot = area.snap(cam.to_world(event.pos))
            if math.dist(cam.to_screen(spot), event.pos) > PLACE_REACH:
                # a click far from where the cap may go is a slip, not a choice of the nearest
                # spot: it would put the cap down for good
                self.app.toast(FAR_PLACE, theme.TEXT)
                return True
            self.place(spot)
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
            if event.key in PLACE_KEYS:
                self.place(self.ghost)
                return True
            if event.key == pygame.K_SPACE:
                return True  # skips a replay and flicks: a second tap must not give a spot away
        return False

    def update(self, dt: float) -> None:
        self.table.update(dt)
        if (
            self.finale_at is not None
            and self.app.game_time - self.finale_at >= FINALE_S
            and self.app.stack.top is self
        ):
            self.finale_at = None
            self.app.stack.push(GameOverScene(self.app, self))
        self._note_turn()
        self.table.arming.elapsed = self.app.game_time - self.turn_at  # the scene's clock rules
        self._bot_turn(dt)
        offers = (self.can_take_back(), self.can_skip())
        if offers != self.offered:  # the panel's take-back and skip buttons come and go
            self.offered = offers
            self._layout()
        d = self.state.decision
        if (
            d is not None
            and d.kind is DecisionKind.KEEP_OR_RESTORE
            and not self.table.busy
            and self.plays_here(d.player)
        ):
            top = self.app.stack.top
            if top is self:
                self.app.stack.push(KeepDialog(self.app, self, d))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.table.draw(surface, alpha)
        self._draw_goal_pointer(surface)
        self._draw_callouts(surface)
        self._draw_banner(surface)
        self._draw_panel(surface)


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
