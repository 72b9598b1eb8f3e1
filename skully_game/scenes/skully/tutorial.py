"""Learn Skully: the list of lessons (which are done, how you shoot) and a lesson at the real
table. A lesson is the game's own table scene at the lesson's position, with real physics and
the real rules; a card says what to do, and the rules' events say when it is done."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable

import pygame

from skully_game.core.choices import remember
from skully_game.core.settings import AimGuide
from skully_game.scenes.skully.gamedraw import BAND_H
from skully_game.scenes.skully.howto import HowToPlay
from skully_game.scenes.skully.practice import HOW_TO
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.shell import theme
from skully_game.shell.app import DOUBLE_PRESS_S, App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.freshpress import ARM_SECONDS, PressEcho
from skully_game.shell.scene import FormScene
from skully_game.shell.view import around, union
from skully_game.shell.widgets import Button, Choice, WidgetGroup
from skully_game.skully.game_setup import SEAT_CHOICES
from skully_game.skully.game_setup import Seat as SetupSeat
from skully_game.skully.hand import Input
from skully_game.skully.misses import CapAim, Goal, shot_note
from skully_game.skully.physics import Flick, ShotResult
from skully_game.skully.rules import GameState
from skully_game.skully.rules.events import Event, Missed, TurnPassed
from skully_game.skully.tutorial import (
    HANDS,
    Attempt,
    Lesson,
    Outcome,
    Progress,
    attempt_seed,
    lessons,
    load_progress,
    save_progress,
)

TITLE = "Learn Skully"
INTRO = "Short lessons on the real board, with the real rules. Take them in any order."
OFFER_QUESTION = "New to Skully?"
OFFER_DETAIL = (
    "Short lessons teach the game on the real board, one thing at a time: about ten minutes. "
    "You can take them any time from Learn Skully in the menu."
)
CARD_BODY = 21
LESSONS_TOP = 126  # px: the first row of lessons, under the title and the intro
INTRO_Y = 82
NOTE_GAP = 24  # px: the least room between the intro and the progress note on one line
NOTE_LINE = 30  # px: a progress note that needs a line of its own, under the intro


def hand_label(who: str) -> str:
    return next(label for value, label, _ in SEAT_CHOICES if value == who)


def draw_tick(surface: pygame.Surface, centre: tuple[int, int], size: int = 9) -> None:
    """A green tick: a lesson done (drawn, so no font needs the glyph)."""
    x, y = centre
    points = [(x - size, y), (x - size // 3, y + size * 2 // 3), (x + size, y - size * 2 // 3)]
    pygame.draw.lines(surface, theme.OK, False, points, 4)


def offer_tutorial(app: App) -> None:
    """On the first start: ask once whether to take the lessons, and remember that we asked."""
    if app.settings.tutorial_offered:
        return
    app.update_settings(tutorial_offered=True)
    app.stack.push(
        ConfirmDialog(
            app,
            OFFER_QUESTION,
            lambda: app.stack.push(LessonsScene(app)),
            detail=OFFER_DETAIL,
            yes="Show me",
            no="Not now",
            yes_first=True,  # a newcomer's reflex Enter takes the lessons, not skips them
        )
    )


class LessonsScene(FormScene):
    """The lessons, two columns of buttons with a tick on those done; how you shoot; the rules."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.lessons = lessons()
        self.progress, warning = load_progress()
        if warning:
            app.toast(theme.fit(warning, 22, app.size[0] - 60), theme.DANGER, 8.0)
        self.widgets = WidgetGroup()
        self.buttons: list[tuple[Button, Lesson]] = []
        self.played: str | None = None  # the lesson last under way (see _played)
        self._layout()
        first = next((k for k, (_, ls) in enumerate(self.buttons) if not self.done(ls)), 0)
        self.widgets.focus = first
        # opened by a press (Show me, by Enter): a double press's second half is not a choice
        # of the lesson in focus
        self.opened = PressEcho.now(app)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.opened.drops(self.app, event):
            return None
        return super().handle_event(event)

    def done(self, lesson: Lesson) -> bool:
        return lesson.key in self.progress.done

    def done_count(self) -> int:
        return sum(self.done(lesson) for lesson in self.lessons)

    def progress_note(self) -> str:
        """How many lessons are done, in words."""
        done = self.done_count()
        if done == len(self.lessons):
            return "All done: you know the game. Play it from New game in the menu!"
        return f"{done} of {len(self.lessons)} done" if done else "None done yet"

    def note_below(self) -> bool:
        """Whether the progress note takes a line of its own under the intro: beside it, it
        would run into it (a narrow window, a long note)."""
        need = (
            theme.font(22).size(INTRO)[0] + NOTE_GAP + theme.font(20).size(self.progress_note())[0]
        )
        return need > self.app.size[0] - 80

    def _layout(self) -> None:
        w, h = self.app.size
        top, bottom = LESSONS_TOP + (NOTE_LINE if self.note_below() else 0), h - 84
        rows = (len(self.lessons) + 1) // 2
        pitch = min(58, (bottom - top) // max(1, rows))
        col_w = min(440, (w - 100) // 2)
        left = (w - 2 * col_w - 20) // 2
        widgets: list = []
        self.buttons = []
        for k, lesson in enumerate(self.lessons):
            col, row = divmod(k, rows)
            rect = pygame.Rect(left + col * (col_w + 20), top + row * pitch, col_w, pitch - 10)
            button = Button(
                rect,
                theme.fit(f"{k + 1}. {lesson.title}", 22, col_w - 70),
                on_click=lambda ls=lesson: self.open(ls),
                size=22,
                tooltip=lesson.goal,
            )
            widgets.append(button)
            self.buttons.append((button, lesson))
        self.columns_left = left
        y = h - 66
        widgets.append(Button(pygame.Rect(40, y, 140, 46), "Back", on_click=self.app.stack.pop))
        widgets.append(
            Button(
                pygame.Rect(196, y, 200, 46),
                "How to play",
                on_click=lambda: self.app.stack.push(HowToPlay(self.app)),
                size=22,
                tooltip="The whole game in short, with pictures",
            )
        )
        hand = Choice(
            pygame.Rect(412, y, min(420, w - 452), 46),
            "Shoot with",
            options=[(value, hand_label(value)) for value in HANDS],
            on_change=self.set_hand,
            tooltip=next(tip for value, _, tip in SEAT_CHOICES if value == self.progress.hand),
        )
        hand.set_value(self.progress.hand)
        widgets.append(hand)
        self.widgets.set(widgets)

    def set_hand(self, who: str) -> None:
        """How the lessons are shot (the steady slingshot to begin with); kept with the ticks."""
        self.progress = Progress(self.progress.done, who)
        try:
            save_progress(self.progress)
            remember("practice", {"hand": who})  # practice and Try this shot shoot the same way
        except OSError as exc:
            self.app.toast(f"Could not keep the choice: {exc.strerror}", theme.DANGER)
        self._layout()

    def open(self, lesson: Lesson) -> None:
        self.app.sound.play("ui", 0.6)
        self.app.stack.push(LessonScene(self.app, lesson, told=self._played))

    def _played(self, key: str) -> None:
        """A lesson began (opened here, or reached with Next lesson): back here, it has the
        focus."""
        self.played = key

    def resume(self) -> None:
        self.progress, _ = load_progress()  # a lesson may have been passed meanwhile
        self._layout()
        at = next((k for k, (_, ls) in enumerate(self.buttons) if ls.key == self.played), None)
        if at is not None:
            self.widgets.focus = at

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, TITLE, (40, 28), 48, theme.ACCENT, bold=True)
        theme.text(surface, theme.fit(INTRO, 22, w - 80), (40, INTRO_Y), 22, theme.TEXT_DIM)
        self.widgets.draw(surface)
        for button, lesson in self.buttons:
            if self.done(lesson):
                draw_tick(surface, (button.rect.right - 26, button.rect.centery))
        note = theme.fit(self.progress_note(), 20, w - 80)
        colour = theme.OK if self.done_count() else theme.TEXT_DIM
        if self.note_below():
            theme.text(surface, note, (40, INTRO_Y + NOTE_LINE), 20, colour)
        else:
            theme.text(surface, note, (w - 40, INTRO_Y + 6), 20, colour, "topright")


class LessonScene(SkullyGameScene):
    """One lesson at the game's own table: a card with the goal, then the shot, then passed or
    not, with a retry. Nothing is saved as a game: only the lesson's tick is kept."""

    leave_label = "Lessons"
    leave_tip = "Back to the list of lessons (Esc)"
    leave_question = "Back to the lessons?"
    leave_detail = "This lesson starts afresh next time; the ones you passed stay ticked."
    leave_yes = "Back"
    keeps_zoom = False  # each lesson starts at its own view; its wheel leaves the games' scale

    def __init__(
        self,
        app: App,
        lesson: Lesson,
        intro: bool = True,
        told: Callable[[str], None] | None = None,
        series: int | None = None,
        attempt: int = 1,
    ) -> None:
        self.lesson = lesson
        # each attempt its own hand's wobble: a series drawn when the lessons are opened, and
        # the attempt's number in it (attempt_seed), kept as the session's seed
        self.series = secrets.randbits(32) if series is None else series
        self.attempt_no = attempt
        self.told = told  # the list of lessons, told which lesson is under way
        if told is not None:
            told(lesson.key)
        self.all = lessons()
        progress, _ = load_progress()
        session, story = lesson.session(
            progress.hand, attempt_seed(lesson.key, self.series, attempt)
        )
        self.hand = progress.hand
        self.card = "intro" if intro else ""
        self.attempt = Attempt.begin(lesson, session.state)
        super().__init__(app, session)
        self.game_over_shown = True  # a lesson never ends the game on screen
        self.table.guide = AimGuide.DISTANCE  # a lesson's aid: the aim shows how far it slides
        self.panel_title = f"Lesson {self.number}/{len(self.all)}"
        self.log = [(lesson.title, theme.ACCENT)]
        for event in story:
            self.log.append((event.text, theme.TEXT_DIM))
        self.how_due = False  # how to shoot is still to be said, once the cap is put down
        self.banner = []
        if not intro:
            self._say_how()
        self.card_widgets = WidgetGroup()
        # a result card takes only a fresh press made once it has been up ARM_SECONDS (the pass
        # screens' rule): when it came up, the keys held now, a button pressed while it was armed
        self.card_at = -math.inf
        self.keys_held: set[int] = set()
        self.card_press = False
        self.after_passed = False  # opened by the last lesson's Next lesson (see handle_event)
        self._card_layout()

    @property
    def number(self) -> int:
        return next(k for k, ls in enumerate(self.all, 1) if ls.key == self.lesson.key)

    # --- the game scene's hooks --------------------------------------------------------

    def save(self) -> None:
        """A lesson is not a game: nothing to resume, nothing in Resume or Replays."""

    @property
    def going(self) -> bool:
        return self.card != "intro" and self.attempt.outcome is Outcome.GOING

    def _shootable(self, i: int) -> bool:
        return self.going and super()._shootable(i)

    def _placement(self):
        return super()._placement() if self.attempt.outcome is Outcome.GOING else None

    def actor(self) -> int | None:
        return super().actor() if self.attempt.outcome is Outcome.GOING else None

    def _panel_active(self) -> int | None:
        if self.attempt.outcome is Outcome.GOING:
            return super()._panel_active()
        return self.lesson.learner  # whose turn would come next means nothing once it is over

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult | None:
        how = self.how()  # the shot is away: how to make one is no longer the news
        self.banner = [(text, until) for text, until in self.banner if text != how]
        return super()._flick(flick, flicked)

    def _after(self, events: tuple[Event, ...], before: GameState | None = None) -> None:
        outcome = self.attempt.add(self.session.state, events)
        # whose turn it would be next means nothing in a lesson: the log leaves it out
        super()._after(tuple(e for e in events if not isinstance(e, TurnPassed)), before)
        if self.how_due and outcome is Outcome.GOING and self._placement() is None:
            self._say_how()  # the cap is down: now there is a shot to make
        if outcome is Outcome.PASSED:
            self._passed()
        elif outcome is Outcome.FAILED:
            self.card = "failed"
            self.card_at = self.app.game_time
            self._card_layout()

    def _passed(self) -> None:
        self.card = "passed"
        self.card_at = self.app.game_time
        self.app.sound.play("award", 0.9)
        progress, _ = load_progress()
        if self.lesson.key not in progress.done:
            try:
                save_progress(Progress(progress.done | {self.lesson.key}, progress.hand))
            except OSError as exc:
                self.app.toast(f"Could not keep the tick: {exc.strerror}", theme.DANGER)
        self._card_layout()

    def _frame(self) -> None:
        """While the lesson is on, the game's framing (the cap and its goal); after it, that
        view grown to take in where the learner's cap stopped, above the card."""
        if self.attempt.outcome is Outcome.GOING:
            super()._frame()
            return
        table = self.table
        here = table.positions[self.lesson.learner]
        box = around([here], 0.3)
        if table.aim_frame is not None and box is not None:
            table.aim_frame = union(table.aim_frame, box)
        table.manual_view = False
        if table.whole_shown or table.aim_frame is None:
            table.frame_view(snap=False)
        else:  # no turn to fit (capview's turn_view): a pan at the table's one scale
            table.show(table.aim_frame)

    def _target_cap(self, state: GameState, shooter: int) -> int | None:
        """The cap a lesson wants hit (Hits, the killers'), if it is on the table."""
        for want in self.lesson.wants:
            victim = dict(want.fields).get("victim" if want.kind == "hit" else "player")
            wanted = want.kind in ("hit", "eliminated") and isinstance(victim, int)
            if wanted and victim != shooter and state.players[victim].pos is not None:
                return victim
        return None

    def _miss_goals(self, before: GameState, shooter: int) -> tuple[Goal | CapAim, ...]:
        """A lesson whose goal is to hit a cap measures a miss against that cap, not the box."""
        victim = self._target_cap(before, shooter)
        if victim is not None:
            them, me = before.players[victim], before.players[shooter]
            assert them.pos is not None
            return (CapAim(them.pos, them.radius + me.radius, them.name),)
        return super()._miss_goals(before, shooter)

    def _aim_point(self, who: int) -> tuple[float, float] | None:
        """A cap picked by key aims at what the lesson wants: the cap to hit, else the goal."""
        victim = self._target_cap(self.state, who)
        if victim is not None:
            return self.state.players[victim].pos
        return super()._aim_point(who)

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        """The goal outlined while the lesson is on; after it, nobody's next box."""
        if self.attempt.outcome is Outcome.GOING:
            super()._draw_highlights(surface)

    def _draw_goal_pointer(self, surface: pygame.Surface) -> None:
        if self.attempt.outcome is Outcome.GOING:
            super()._draw_goal_pointer(surface)

    def _prompt(self) -> str:
        if self.card == "passed":
            return "Lesson passed!"
        if self.card == "failed":
            return "Not this time: try again (R)"
        if self.card == "intro":
            return self.lesson.title
        placing = self._placement()
        return super()._prompt() if placing is not None else self.lesson.goal

    def update(self, dt: float) -> None:
        if self.attempt.outcome is Outcome.GOING and self.card != "intro":
            super().update(dt)
        else:
            self.table.update(dt)

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self._card_layout()

    # --- what the learner can do -------------------------------------------------------

    def retry(self) -> None:
        self.app.stack.replace(
            LessonScene(
                self.app,
                self.lesson,
                intro=False,
                told=self.told,
                series=self.series,
                attempt=self.attempt_no + 1,
            )
        )

    def next_lesson(self) -> Lesson | None:
        """The next lesson not yet done, after this one (round to the start), if any."""
        done, _ = load_progress()
        k = self.number
        order = [*self.all[k:], *self.all[: k - 1]]
        return next((ls for ls in order if ls.key not in done.done), None)

    def go_next(self) -> None:
        nxt = self.next_lesson()
        if nxt is None:
            self.to_lessons()
        else:
            scene = LessonScene(self.app, nxt, told=self.told, series=self.series)
            scene.after_passed = True
            self.app.stack.replace(scene)

    def to_lessons(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def how(self) -> str:
        """How to shoot with the learner's hand, in a line."""
        seat = SetupSeat("", 0)
        seat.choose(self.hand)
        if seat.input is Input.FLICK:
            return HOW_TO[seat.input]
        return "Press on your cap, pull back and let go: the dashed line shows how far it slides."

    def start(self) -> None:
        self.card = ""
        self._card_layout()
        self._layout()
        self.table.select(self.lesson.learner)  # a ring round the learner's cap: find it
        self.banner = []
        self._say_how()

    def _say_how(self) -> None:
        """How to shoot, in the banner for a while; but not while the cap is still to be put
        down (that has its own hint): then as soon as it is down."""
        self.how_due = self._placement() is not None
        if not self.how_due:
            self.banner = [*self.banner[-1:], (self.how(), self.app.game_time + 12.0)]

    def ask_leave(self) -> None:
        """Back to the lessons asks first only when a lesson under way would be lost: not
        before Start, not once it is passed or failed, not before the first move."""
        if self.going and self.session.actions:
            super().ask_leave()
        else:
            self.to_lessons()

    def leave(self) -> None:
        self.to_lessons()

    # --- the card ------------------------------------------------------------------------

    def _card_rect(self, lines: int) -> pygame.Rect:
        vp = self.table.camera.viewport
        width = min(640, vp.w - 40)
        height = 24 + 44 + lines * 25 + 16 + 58
        if self.card == "intro":
            height += 26
            rect = pygame.Rect(0, 0, width, height)
            rect.center = self.table.camera.frame.center
        else:
            rect = pygame.Rect(0, 0, width, height)
            rect.midbottom = (vp.centerx, vp.bottom - 16)
        return rect

    def card_lines(self, width: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the card says: (line, colour, bold), wrapped to its width."""
        lesson = self.lesson
        out: list[tuple[str, tuple[int, int, int], bool]] = []

        def say(text: str, colour=theme.TEXT, bold: bool = False) -> None:
            out.extend((line, colour, bold) for line in theme.wrap(text, CARD_BODY, width, bold))

        if self.card == "intro":
            say(lesson.words)
            say(lesson.goal, theme.ACCENT, True)
            say(f"You are Ace, the orange cap. {self.how()}", theme.TEXT_DIM)
        elif self.card == "passed":
            say(lesson.passed_words(self.state))
        elif self.card == "failed":
            plain_miss = isinstance(self.attempt.last_word(), Missed) and self.miss_note
            if not plain_miss:  # a plain miss: the shot's own words below say it better
                say(self.attempt.reason() or "That was not it.")
            if self.miss_note:
                say(f"Your shot: {shot_note(self.miss_note, self.wobble_note)}.", theme.TEXT_DIM)
            say(f"Goal: {lesson.goal}", theme.TEXT_DIM)
        return out

    def _card_layout(self) -> None:
        if not self.card:
            self.card_widgets.focus = -1  # (a group emptied with its focus set would fail)
            self.card_widgets.set([])
            self.table.camera.insets = (BAND_H, 0)
            return
        vp = self.table.camera.viewport
        width = min(640, vp.w - 40)
        rect = self._card_rect(len(self.card_lines(width - 40)))
        y = rect.bottom - 58
        buttons: list[tuple[str, object, str]]
        if self.card == "intro":
            buttons = [("Start", self.start, "Enter"), ("All lessons", self.to_lessons, "Esc")]
        elif self.card == "passed":
            nxt = self.next_lesson()
            buttons = [("Next lesson", self.go_next, "Enter")] if nxt else []
            buttons += [("Again", self.retry, "R"), ("All lessons", self.to_lessons, "Esc")]
        else:
            buttons = [
                ("Try again", self.retry, "Enter or R"),
                ("All lessons", self.to_lessons, "Esc"),
            ]
        gap = 12
        bw = (rect.w - 40 - gap * (len(buttons) - 1)) // len(buttons)
        widgets = [
            Button(
                pygame.Rect(rect.x + 20 + k * (bw + gap), y, bw, 42),
                label,
                on_click=action,  # type: ignore[arg-type]
                size=22,
                tooltip=tip,
            )
            for k, (label, action, tip) in enumerate(buttons)
        ]
        self.card_widgets.set(widgets)
        self.card_widgets.focus = 0
        self.card_box = rect
        if self.card != "intro":  # the board framed above the card: the caps stay in sight
            cam = self.table.camera
            cam.insets = (BAND_H, cam.viewport.bottom - rect.y + 8)
            self._frame()

    @property
    def card_armed(self) -> bool:
        """The result card has been up long enough to take a press (a double Enter's second
        half, or a key still held from putting the cap down, skipped "Passed!": a play-test)."""
        return self.app.game_time - self.card_at >= ARM_SECONDS

    def _not_for_the_card(self, event: pygame.event.Event) -> bool:
        """Whether `event` began before the result card could take it: a held key's repeat,
        Enter or Space (the card's button) before it armed, a press on the card before it
        armed (and that press's release). Esc, R and the side panel go through: each is its
        own deliberate choice, never the tail of a double press."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False
            # a repeat comes only from the keyboard itself (a scripted press has no release)
            repeat = event.key in self.keys_held and hasattr(event, "doubt")
            return repeat or (event.key in PRESS_KEYS and not self.card_armed)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.card_press = self.card_armed or not self.card_box.collidepoint(event.pos)
            return not self.card_press
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            fresh, self.card_press = self.card_press, False
            return not fresh
        return False

    def _track_keys(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_held.clear()  # what is let go elsewhere is not seen here

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self._track_keys(event)
        stale = self.card in ("passed", "failed") and self._not_for_the_card(event)
        if event.type == pygame.KEYDOWN:
            self.keys_held.add(event.key)
        if stale:
            return None
        if self.stale(event):  # the Enter that opened the lesson does not start it
            return None
        if (
            self.card == "intro"
            and self.after_passed  # Next lesson on the last one's card, by a press
            and self.opened_by_click
            and self.app.game_time - self.opened_at < DOUBLE_PRESS_S
            and (
                event.type == pygame.MOUSEBUTTONDOWN
                or (event.type == pygame.KEYDOWN and event.key in PRESS_KEYS)
            )
        ):
            return None  # a double Enter's second half: the intro is read, not skipped
        if not self.card:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_r and not self.table.busy:
                self.retry()
                return None
            return self.fresh_event(event)
        if self.card_widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_lessons()
            elif event.key == pygame.K_r and self.card != "intro":
                self.retry()
            elif event.key in (pygame.K_h, pygame.K_F1):
                self.how_to_play()
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.table.handle_event(event)
        else:
            self.widgets.handle(event)  # the panel's buttons: how to play, the lessons
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if not self.card:
            return
        vp = self.table.camera.viewport
        if self.card == "intro":
            shade = pygame.Surface(vp.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            surface.blit(shade, vp.topleft)
        rect = self.card_box
        theme.panel(surface, rect, 245)
        edge = {"passed": theme.OK, "failed": theme.DANGER}.get(self.card, theme.ACCENT)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
        x, y = rect.x + 20, rect.y + 16
        if self.card == "intro":
            theme.text(
                surface, f"Lesson {self.number} of {len(self.all)}", (x, y), 19, theme.TEXT_DIM
            )
            y += 26
        heading = {
            "intro": self.lesson.title,
            "passed": "Passed!",
            "failed": "Not this time",
        }[self.card]
        theme.text(surface, heading, (x, y), 34, edge, bold=True)
        y += 44
        for line, colour, bold in self.card_lines(rect.w - 40):
            theme.text(surface, line, (x, y), CARD_BODY, colour, bold=bold)
            y += 25
        waiting = self.card in ("passed", "failed") and not self.card_armed
        for widget in self.card_widgets.widgets:  # greyed till they take a press
            widget.enabled = not waiting
        self.card_widgets.draw(surface)
        for widget in self.card_widgets.widgets:
            widget.enabled = True
