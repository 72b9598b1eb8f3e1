"""New Skully game: 2-6 players with names, colours and caps; the rule options; order of play."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import fields

import pygame

from skully_game.core.choices import recall, remember
from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import (
    Button,
    Choice,
    Dropdown,
    Slider,
    TextField,
    Widget,
    WidgetGroup,
    name_cut_note,
    page_foot,
)
from skully_game.skully.board import PRESETS, BoardSpec, board_label
from skully_game.skully.board_files import saved_boards
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import (
    DEFAULT_NAMES,
    FIRST_GAME_NOTE,
    FIRST_GAME_WHY,
    SEAT_CHOICES,
    GameSetup,
    Seat,
    computer_game_setup,
    first_game_setup,
    setup_from_choices,
    setup_to_choices,
)
from skully_game.skully.guide import LEARNING_SHOTS, GuideMode
from skully_game.skully.rules.options import OPTION_PRESETS, HitAKiller, RuleOptions
from skully_game.skully.saves import games_dir

# the seat list's groups, above their first entries: the people, then the computer players
SEAT_HEADINGS = {
    0: "A person at this desk",
    next(i for i, (v, _, _) in enumerate(SEAT_CHOICES) if v == "beginner"): "A computer player",
}
NAME_MAX = 14  # letters of a name: what a seat row, the panel and the banner have room for

OPTION_LABELS = {
    "pipsies_bonus": "Pipsies bonus",
    "linesies": "Linesies",
    "hit_a_killer": "Hit a killer",
    "blastsies": "Blastsies",
    "killer_owns_board": "Killer owns the board",
    "holdsies": "Holdsies",
    "switchsies": "Switchsies",
}


def cap_name(cap: CapType, width: int) -> str:
    """The cap's name, or its short name ("Crown") where the full one would not fit."""
    label = cap.spec.label
    return label if theme.font(22).size(label)[0] <= width else cap.value.capitalize()


class SeatDropdown(Dropdown):
    """The seat's choice, its words whole: in a narrow window in a smaller type before they are
    cut short ("Computer, street legend" is said the same at the table)."""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool) -> None:
        label = self.options[self.index][1] if self.options else "-"
        room = self.rect.w - 24 - theme.font(22).size(" v")[0]
        size = next((n for n in (22, 20, 18) if theme.font(n).size(label)[0] <= room), 0)
        if size in (0, 22):
            super().draw(surface, focused, hovered)
            return
        options = self.options
        shown = list(options)
        shown[self.index] = (shown[self.index][0], "")  # the frame and the mark, no words
        self.options = shown
        try:
            super().draw(surface, focused, hovered)
        finally:
            self.options = options
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        theme.text(surface, label, (self.rect.x + 10, self.rect.centery), size, colour, "midleft")


def option_tip(name: str, value: object) -> str:
    """What a rule option does at the value shown (a tooltip that explains On and Off alike)."""
    if name == "pipsies_bonus":
        if value == 0:
            return "Pipsies: no bonus, going from your box into the next in one shot is one step."
        return (
            f"Pipsies: going from your box into the next in one shot moves you "
            f"{1 + int(value)} boxes on (1 + {value})."  # type: ignore[call-overload]
        )
    if name == "hit_a_killer":
        fate = "becomes a killer" if value is HitAKiller.BECOME_KILLER else "is out of the game"
        return f"A player who is not a killer and whose shot touches a killer {fate}."
    on = bool(value)
    return {
        "linesies": (
            "After an award, place your cap in the box or on the lines joining a box pair, "
            "or 13 and the skull."
            if on
            else "After an award, place your cap inside the box you earned."
        ),
        "blastsies": (
            "A cap knocked off the board by a hit stays off the board."
            if on
            else "A hit that knocks a cap off the board is a do-over: every cap goes back."
        ),
        "killer_owns_board": (
            "Rule 3.2.4: a killer may shoot into boxes and move within them."
            if on
            else "A killer keeps out of the boxes, as the official rules say."
        ),
        "holdsies": (
            "Caps of the players not shooting are held down: a hit does not move them."
            if on
            else "Every cap on the board moves when it is hit."
        ),
        "switchsies": (
            "At the start of your turn you may change to another cap."
            if on
            else "Each player keeps the same cap all game."
        ),
    }.get(name, "")


GUIDE_TIP = {
    False: "House rule off: the aim line shows the direction only, as on the street.",
    True: "House rule on: the aim line also shows how far the cap would slide.",
}

# said of the lines at a cap the guide's path meets (hitline.py): what they leave out
HIT_LINES_TIP = (
    " Where it would meet a cap, two short lines show which way the hit sends both caps "
    "(directions only: spin and the street's friction are left out)."
)
GHOST_TIP = {
    GuideMode.LEARNING: f"Your first {LEARNING_SHOTS} shots of a game show a ghost cap where your "
    "cap would stop; then only where it would first meet a cap: judge the length by eye."
    + HIT_LINES_TIP,
    GuideMode.ALWAYS: "Every shot shows a ghost cap where your cap would stop (an aid: the "
    "length is no longer yours to judge)." + HIT_LINES_TIP,
    GuideMode.OFF: "No ghost cap: judge the strength yourself, as on the street "
    "(all agree to go without).",
}


TAKE_BACK_TIP = {
    False: "Off: every shot stands, as on the street.",
    True: "On: Ctrl+Z puts every cap back and you shoot again (against computer players only).",
}


def on_off(
    rect: pygame.Rect, label: str, value: bool, on_change: Callable[[bool], None], tip: str
) -> Choice:
    """A row that is Off or On: a rule, a guide."""
    widget = Choice(
        rect, label, options=[(False, "Off"), (True, "On")], on_change=on_change, tooltip=tip
    )
    widget.set_value(value)
    return widget


BoardKey = tuple[str, str] | tuple[str, BoardSpec, str]  # ("preset", name), ("spec", spec, file)


def board_choices(setup: GameSetup) -> list[tuple[BoardKey, str, str]]:
    """The board Choice's options (key, name, note): the board the setup was handed (if any)
    first, the presets, then every saved board that loads (a broken file would only fail at
    the start, so it is left out; saved_boards keeps its problem for whoever lists files)."""
    options: list[tuple[BoardKey, str, str]] = []
    spec = setup.board_spec
    if spec is not None:
        options.append((("spec", spec, setup.board_file), board_label(spec) or spec.name, ""))
    options += [(("preset", name), name.capitalize(), "") for name in PRESETS]
    for saved in saved_boards():
        key = ("spec", saved.spec, str(saved.path))
        if saved.spec is not None and all(key != k for k, _, _ in options):
            options.append((key, saved.spec.name, " (saved)"))
    return options


WARM_UP_OFFER = "New to flicking?"
WARM_UP_OFFER_DETAIL = (
    "W: warm up first. Flick your cap at an empty board and see how fast and how far each "
    "flick goes; the game waits for you. Enter: play now. Asked once."
)


class WarmUpOffer(ConfirmDialog):
    """Play the computer's one question to a player who never warmed up: warm up first (W),
    or play now (Enter, the default). Esc goes back to the menu and asks again next time."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_w:
            self._answer(True)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.answer = False
            self.app.stack.pop()
            return None
        return super().handle_event(event)


def play_the_computer(app: App) -> None:
    """Play the computer, from the menu in one click: you against one computer player at the
    level and on the board last chosen at New game (whose full setup is left as it was). A
    player who never warmed up is offered the warm-up first, once."""
    from skully_game.scenes.skully.table import SkullyGameScene
    from skully_game.scenes.skully.warmup import WarmUpScene, note_warm_up, warm_up_settled

    remembered, warning = recall("skully")
    if warning:
        app.toast(warning, theme.DANGER, 6.0)
    setup = computer_game_setup(remembered, random.SystemRandom().randrange(1 << 31))
    if warm_up_settled():
        app.stack.push(SkullyGameScene.new(app, setup))
        return

    def play() -> None:
        note_warm_up("declined")
        app.stack.push(SkullyGameScene.new(app, setup))

    def warm_up() -> None:
        """The game, and over it the warm-up with its board, the person's cap and hand: back
        from the warm-up is the game, waiting for the first shot."""
        game = SkullyGameScene.new(app, setup)
        app.stack.push(game)
        you = setup.seats[0]

        def to_game(who: str) -> None:
            """The way of shooting warmed up with is the game's, if it has not begun (the
            warm-up's Flick was dropped for the seat's Sling: a play-test)."""
            if who == you.who or game.state.shots or app.stack.top is not game:
                return
            you.choose(who)
            app.stack.pop()
            game.path.unlink(missing_ok=True)  # nothing was played in it
            app.stack.push(SkullyGameScene.new(app, setup))

        app.stack.push(
            WarmUpScene(app, setup.spec(), you.cap, "To the game", you.who, on_leave=to_game)
        )

    app.stack.push(
        WarmUpOffer(
            app,
            WARM_UP_OFFER,
            warm_up,
            detail=WARM_UP_OFFER_DETAIL,
            yes="Warm up first (W)",
            no="Play now",
            on_no=play,
        )
    )


def played_before() -> bool:
    """Whether a Skully game was ever saved at this desk (each is saved from its first shot)."""
    try:
        names = os.listdir(games_dir())
    except OSError:
        return False  # no folder yet: nothing saved
    return any(n.endswith(".json") and not n.startswith(".") for n in names)


class SkullySetupScene(FormScene):
    def __init__(self, app: App, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.first_game = False  # never a game started here before: the gentle set-up, said so
        self.suggested: dict[str, object] | None = None  # that set-up, while it is unchanged
        if setup is None:
            seed = random.SystemRandom().randrange(1 << 31)
            remembered, warning = recall("skully")
            gentle = remembered is None and warning is None  # no choices made here yet
            # "Your first game" only while it is true: Play the computer's games leave New
            # game's choices unmade, and the heading said it after one (a play-test)
            self.first_game = gentle and not played_before()
            if gentle:
                setup = first_game_setup(seed)
                self.suggested = setup_to_choices(setup)
            elif remembered is None:
                setup = GameSetup(seed=seed)
            else:
                setup = setup_from_choices(remembered, seed)
            if warning:
                app.toast(warning, theme.DANGER, 6.0)
        self.setup = setup
        self.boards = board_choices(self.setup)  # read once: _layout runs on every change
        self.widgets = WidgetGroup()
        self.message = ""
        self._layout()
        # the keys start on Start game, as at the card tables: Enter plays the last choices
        self.widgets.focus = next(
            i for i, w in enumerate(self.widgets.widgets) if w.label == "Start game"
        )

    # --- layout -----------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        setup = self.setup
        widgets: list[Widget] = []
        left = pygame.Rect(40, 110, min(720, int(w * 0.6) - 60), 0)
        self.swatches: list[tuple[pygame.Rect, int]] = []
        held = [w.held for w in self.widgets.widgets if isinstance(w, Dropdown)]
        y = left.y
        # one seat a row: [cap icon] name | colour | cap | who | up | remove, sized to the column
        gap = 6
        # six seats in a short window (1024x580: a 640-high screen less the desktop's bars)
        # close their rows up so that Order of play and Board stay above the foot's buttons
        room = page_foot(self.app.size)[0].top - 8 - y
        step, add_step, order_step = 50, 56, 50
        if len(setup.seats) * step + add_step + order_step + 42 > room:
            add_step, order_step = 44, 44  # (a 520-high window, too, as some desktops give)
            step = max(33, (room - add_step - order_step - 42) // len(setup.seats))
        row_h = min(40, step - 6)
        flex = left.w - 44 - 40 - 32 - 32 - 5 * gap
        name_w = cap_w = int(flex * 0.25)  # the seat's words the room to be read whole
        who_w = flex - name_w - cap_w
        for i, seat in enumerate(setup.seats):
            x = left.x + 44
            name = TextField(
                pygame.Rect(x, y, name_w, row_h),
                "name",
                value=seat.name,
                max_length=NAME_MAX,
                on_change=lambda v, s=seat: setattr(s, "name", v),
            )
            x += name_w + gap
            colour = Button(
                pygame.Rect(x, y, row_h, row_h),
                "",
                on_click=lambda s=seat: self._next_colour(s),
                size=20,
                tooltip=f"Colour: {theme.PLAYER_COLOURS[seat.colour][0].lower()}. Click to change.",
            )
            x += row_h + gap
            cap = Choice(
                pygame.Rect(x, y, cap_w, row_h),
                "",
                options=[(k, cap_name(k, cap_w - 56)) for k in CapType],
                on_change=lambda v, s=seat: self._cap(s, v),
                tooltip=seat.cap.spec.blurb,
            )
            cap.set_value(seat.cap)
            x += cap_w + gap
            who = SeatDropdown(
                pygame.Rect(x, y, who_w + 40 - row_h, row_h),
                "",
                options=[(value, label) for value, label, _ in SEAT_CHOICES],
                on_change=lambda v, s=seat: self._who(s, v),
                tooltip=next(tip for value, _, tip in SEAT_CHOICES if value == seat.who),
                headings=SEAT_HEADINGS,
                notes=[tip for _, _, tip in SEAT_CHOICES],
                held=held[i] if i < len(held) else set(),  # a key held on: one choice
            )
            who.set_value(seat.who)
            x += who_w + 40 - row_h + gap
            up = Button(
                pygame.Rect(x, y, 32, row_h),
                "^",
                i > 0,
                on_click=lambda i=i: self._move_up(i),
                size=22,
                tooltip="Play earlier: move this player up the order",
            )
            remove = Button(
                pygame.Rect(x + 32 + gap, y, 32, row_h),
                "x",
                len(setup.seats) > 2,
                on_click=lambda i=i: self._remove(i),
                size=22,
                tooltip="Remove this player",
            )
            widgets += [name, colour, cap, who, up, remove]
            self.swatches.append((colour.rect.inflate(-14, -14), seat.colour))
            y += step
        widgets.append(
            Button(
                pygame.Rect(left.x, y + 4, 200, add_step - 16),
                "Add player",
                len(setup.seats) < 6,
                on_click=self._add,
                size=22,
            )
        )
        if setup.offers_take_backs():  # one person against computer players: beside Add
            widgets.append(
                on_off(
                    pygame.Rect(left.x + 210, y + 4, left.w - 210, add_step - 16),
                    "Take back a shot",
                    setup.take_backs,
                    self._take_backs,
                    TAKE_BACK_TIP[setup.take_backs],
                )
            )
        order = Choice(
            pygame.Rect(left.x, y + add_step + 4, left.w, 42),
            "Order of play",
            options=[(False, "As listed"), (True, "Shuffled")],
            on_change=lambda v: setattr(setup, "shuffle", v),
        )
        order.set_value(setup.shuffle)
        size = theme.font(22).size
        room = left.w - 40 - size("Board")[0] - size("<    >")[0]  # for the board's label
        board = Choice(
            pygame.Rect(left.x, y + add_step + order_step + 4, left.w, 42),
            "Board",
            options=[
                (key, theme.fit(name, 22, room - size(note)[0]) + note)
                for key, name, note in self.boards
            ],
            on_change=self._board,
        )
        board.set_value(self._board_key())
        widgets += [order, board]
        self.why_top = board.rect.bottom + 18  # the first game's why, under the board

        rx = int(w * 0.6) + 20
        rw = w - rx - 40
        ry = 110
        preset = Choice(
            pygame.Rect(rx, ry, rw, 42),
            "Rules",
            # "Custom" is listed only while the options are custom: it is a state, not a choice
            options=[(n, n.capitalize()) for n in OPTION_PRESETS]
            + ([("custom", "Custom")] if self._preset_name() == "custom" else []),
            on_change=self._preset,
            tooltip="Official: the street's rules as written, no ghost cap, no take-backs. "
            "Baby stuff: holdsies and switchsies on, the ghost cap on every shot, take-backs.",
        )
        preset.set_value(self._preset_name())
        widgets.append(preset)
        ry += 54
        # the rule rows and the two guides share the column down to the foot's buttons
        rows = len(fields(RuleOptions)) + 2
        step = min(48, (page_foot(self.app.size)[1].top - 8 - ry) // rows)
        row_h = min(40, step - 4)
        for f in fields(RuleOptions):
            rect = pygame.Rect(rx, ry, rw, row_h)
            value = getattr(setup.options, f.name)
            label = OPTION_LABELS.get(f.name, f.name)
            tip = option_tip(f.name, value)
            widget: Widget
            if f.name == "pipsies_bonus":
                widget = Slider(
                    rect,
                    label,
                    low=0,
                    high=6,
                    value=value,
                    step=1,
                    fmt=lambda v: f"+{int(v)}",
                    on_change=lambda v: self._option(pipsies_bonus=int(v)),
                    tooltip=tip,
                )
            elif f.name == "hit_a_killer":
                widget = Choice(
                    rect,
                    label,
                    options=[
                        (HitAKiller.BECOME_KILLER, "Be a killer"),
                        (HitAKiller.ELIMINATED, "You're dead"),
                    ],
                    on_change=lambda v: self._option(hit_a_killer=v),
                    tooltip=tip,
                )
                widget.set_value(value)
            else:
                widget = on_off(rect, label, value, lambda v, n=f.name: self._option(**{n: v}), tip)
            widgets.append(widget)
            ry += step
        ghost = Choice(
            pygame.Rect(rx, ry, rw, row_h),
            "Flick guide",
            options=[(mode, mode.label) for mode in GuideMode],
            on_change=self._ghost,
            tooltip=GHOST_TIP[setup.flick_guide],
        )
        ghost.set_value(setup.flick_guide)
        widgets.append(ghost)
        ry += step
        widgets.append(
            on_off(
                pygame.Rect(rx, ry, rw, row_h),
                "Distance guide (house rule)",
                setup.distance_guide,
                self._guide,
                GUIDE_TIP[setup.distance_guide],
            )
        )
        widgets.append(  # Back, How to play, then Start game: Tab goes as they stand
            Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop, size=24)
        )
        widgets.append(
            Button(
                pygame.Rect(216, h - 70, 200, 48),
                "How to play",
                on_click=self.how_to_play,
                size=22,
                tooltip="Skully's rules in short, with pictures (F1)",
            )
        )
        if self.first_game:  # the first game's offer: calibrate the hand before it counts
            widgets.append(
                Button(
                    pygame.Rect(432, h - 70, 200, 48),
                    "Warm up first",
                    on_click=self.warm_up,
                    size=22,
                    tooltip="Flick your cap at an empty board and see how fast and far each goes",
                )
            )
        widgets.append(
            Button(page_foot(self.app.size)[1], "Start game", on_click=self._start, size=28)
        )
        self.widgets.set(widgets)  # the focus stays on its widget, or in its place

    def _cap(self, seat: Seat, cap: CapType) -> None:
        seat.cap = cap
        self._layout()  # the tooltip and the icon follow

    def _who(self, seat: Seat, who: str) -> None:
        seat.choose(who)
        self._layout()

    def _ghost(self, mode: GuideMode) -> None:
        self.setup.flick_guide = mode
        self._layout()

    def _take_backs(self, on: bool) -> None:
        self.setup.take_backs = on
        self._layout()

    def _guide(self, on: bool) -> None:
        self.setup.distance_guide = on
        self._layout()

    def _board_key(self) -> BoardKey:
        setup = self.setup
        if setup.board_spec is None:
            return ("preset", setup.board)
        return ("spec", setup.board_spec, setup.board_file)

    def _board(self, key: BoardKey) -> None:
        if key[0] == "preset":
            self.setup.board, self.setup.board_spec, self.setup.board_file = key[1], None, ""
        else:
            self.setup.board_spec, self.setup.board_file = key[1], key[2]

    def _preset_name(self) -> str:
        for name, options in OPTION_PRESETS.items():
            if options == self.setup.options:
                return name
        return "custom"

    def _preset(self, name: str) -> None:
        if name in OPTION_PRESETS:
            self.setup.options = OPTION_PRESETS[name]
            # the official rules are the street's: nothing taken back, no ghost to aim by (one
            # switch, a play-test asked); baby stuff is the casual game, with both aids always
            self.setup.take_backs = name != "official"
            official = name == "official"
            self.setup.flick_guide = GuideMode.OFF if official else GuideMode.ALWAYS
        self._layout()

    def _option(self, **changes: object) -> None:
        self.setup.options = self.setup.options.with_changes(**changes)
        self._layout()

    def _next_colour(self, seat: Seat) -> None:
        used = {s.colour for s in self.setup.seats if s is not seat}
        n = len(theme.PLAYER_COLOURS)
        for k in range(1, n + 1):
            c = (seat.colour + k) % n
            if c not in used:
                seat.colour = c
                break
        self._layout()

    def _add(self) -> None:
        seats = self.setup.seats
        if len(seats) >= 6:
            return
        used = {s.colour for s in seats}
        colour = next(c for c in range(len(theme.PLAYER_COLOURS)) if c not in used)
        names = {s.name for s in seats}
        name = next((n for n in DEFAULT_NAMES if n not in names), f"Player {len(seats) + 1}")
        seats.append(Seat(name, colour))
        self._layout()

    def _move_up(self, i: int) -> None:
        seats = self.setup.seats
        if 0 < i < len(seats):
            seats[i - 1], seats[i] = seats[i], seats[i - 1]
            self._layout()

    def how_to_play(self) -> None:
        from skully_game.scenes.skully.howto import HowToPlay

        self.app.stack.push(HowToPlay(self.app))

    def warm_up(self) -> None:
        """The warm-up on this game's board with the first person's cap and hand; back from
        it, this setup is as it was left."""
        from skully_game.scenes.skully.warmup import WarmUpScene

        seats = self.setup.seats
        seat = next((s for s in seats if s.kind == "human"), seats[0])
        who = seat.who if seat.kind == "human" else None
        spec = self.setup.spec()
        self.app.stack.push(WarmUpScene(self.app, spec, seat.cap, "Back to the setup", who))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.how_to_play()  # F1, not H: the names are typed here
            return None
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        self.message = name_cut_note(self.widgets, self.message)

    def _remove(self, i: int) -> None:
        if len(self.setup.seats) > 2:
            self.setup.seats.pop(i)
            self._layout()

    def _start(self) -> None:
        problem = self.setup.problem()
        if problem:
            self.message = problem
            self.app.toast(problem, theme.DANGER)
            return
        from skully_game.scenes.skully.table import SkullyGameScene

        try:
            remember("skully", setup_to_choices(self.setup))
        except OSError as exc:  # a read-only data folder must not stop the game
            self.app.toast(
                f"Could not keep these choices for next time: {exc.strerror}", theme.DANGER
            )
        self.app.stack.replace(SkullyGameScene.new(self.app, self.setup))

    def _draw_why(self, surface: pygame.Surface) -> None:
        """Why the first game is two players on the sidewalk board with a steadier hand: in the
        room under the Board row, as many lines as fit above the foot's buttons."""
        w = self.app.size[0]
        width = min(720, int(w * 0.6) - 60)
        room = page_foot(self.app.size)[0].top - 12 - self.why_top
        most = (room - 26) // 22
        if most < 2:
            return
        y = self.why_top
        theme.text(surface, "Why this game", (40, y), 20, theme.TEXT_DIM, bold=True)
        for k, line in enumerate(theme.wrap_lines(FIRST_GAME_WHY, 19, width, most)):
            theme.text(surface, line, (40, y + 26 + 22 * k), 19, theme.TEXT_DIM)

    # --- hooks ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.ASPHALT_DARK)
        title = theme.text(surface, "New game of Skully", (40, 30), 48, theme.ACCENT, bold=True)
        if self.first_game and setup_to_choices(self.setup) == self.suggested:
            # beside the title while it is true: a seat or board changed, the note goes
            x = title.right + 28
            for k, line in enumerate(theme.wrap_lines(FIRST_GAME_NOTE, 19, w - x - 40, 3)):
                theme.text(surface, line, (x, 22 + 20 * k), 19, theme.ACCENT)
            self._draw_why(surface)
        theme.text(surface, "Players, in order of play", (40, 80), 24, theme.TEXT_DIM)
        theme.text(surface, "Rules", (int(w * 0.6) + 20, 80), 24, theme.TEXT_DIM)
        for seat, (swatch, _) in zip(self.setup.seats, self.swatches, strict=False):
            colour = theme.PLAYER_COLOURS[seat.colour][1]
            at = (60, swatch.centery)  # beside its row, however close the rows stand
            draw_cap(surface, seat.cap, colour, theme.PLAYER_SYMBOLS[seat.colour], at, 14)
        self.widgets.draw(surface)
        for rect, colour_index in self.swatches:
            pygame.draw.rect(surface, theme.PLAYER_COLOURS[colour_index][1], rect, border_radius=4)
        if self.message:
            theme.text(surface, self.message, (w // 2, h - 46), 22, theme.DANGER, "center")
