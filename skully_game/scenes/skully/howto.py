"""How to play Skully, in our own words, with small pictures of the board the program draws:
the reading screen the menu's lessons, the setup and the table open (H or F1 at the table)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.chalk import BoardPainter
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.reading import ReadingScene
from skully_game.shell.view import Camera
from skully_game.skully.board import preset
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board, Trapezoid
from skully_game.skully.rules.areas import out_of_town_square, skull_lines, trapezoid_polygon

Vec = tuple[float, float]
Colour = tuple[int, int, int]
BOARD = Board(preset("classic"))
R = CapType.CROWN.spec.radius
FIGURE_H = 230


@dataclass
class Diagram:
    """One small picture: a piece of the board, caps on it, arrows and a few words."""

    frame: tuple[float, float, float, float]  # the world rect to show (metres)
    caps: Sequence[tuple[Vec, int]] = ()  # where, and whose colour
    arrows: Sequence[tuple[Vec, Vec]] = ()
    # words centred at a world point, or with an anchor ("midleft": the words start there)
    notes: Sequence[tuple[Vec, str, tuple[int, int, int]] | tuple[Vec, str, Colour, str]] = ()
    lines: Sequence[tuple[Vec, Vec]] = ()  # chalk lines to light up
    fill: Sequence[Sequence[Vec]] = ()  # areas to shade
    caption: str = ""
    chalk_marks: bool = True  # False: no chalked numbers or words (too small to read here)
    _painter: BoardPainter | None = field(default=None, repr=False)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self._painter is None:
            self._painter = BoardPainter(BOARD)
            if not self.chalk_marks:
                self._painter.marks = []
        caption_h = 24 if self.caption else 0
        view = pygame.Rect(rect.x, rect.y, rect.w, rect.h - caption_h)
        cam = Camera(view, self.frame)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        self._painter.draw(surface, cam)
        if self.fill or self.lines:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for poly in self.fill:
                pygame.draw.polygon(layer, (*theme.ACCENT, 70), [cam.to_screen(p) for p in poly])
            for a, b in self.lines:
                pygame.draw.line(layer, (*theme.ACCENT, 220), cam.to_screen(a), cam.to_screen(b), 4)
            surface.blit(layer, (0, 0))
        for a, b in self.arrows:
            _arrow(surface, cam.to_screen(a), cam.to_screen(b))
        r_px = max(7.0, cam.length(R))
        for at, colour in self.caps:
            look = colour % len(theme.PLAYER_COLOURS)
            draw_cap(
                surface,
                CapType.CROWN,
                theme.PLAYER_COLOURS[look][1],
                theme.PLAYER_SYMBOLS[look],
                cam.to_screen(at),
                r_px,
            )
        for note in self.notes:
            at, words, colour = note[0], note[1], note[2]
            anchor = note[3] if len(note) > 3 else "center"
            x, y = cam.to_screen(at)
            img = theme.font(19, True).render(words, True, colour)
            box = img.get_rect(center=(round(x), round(y))).inflate(10, 4)
            setattr(box, anchor, (round(x), round(y)))
            box = box.clamp(view)
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=4)
            surface.blit(img, img.get_rect(center=box.center))
        pygame.draw.rect(surface, theme.PANEL_EDGE, view, 1)
        surface.set_clip(clip)
        if self.caption:
            theme.text(
                surface,
                theme.fit(self.caption, 18, rect.w),
                (rect.centerx, view.bottom + 4),
                18,
                theme.TEXT_DIM,
                "midtop",
            )


@dataclass
class Figure:
    """Diagrams side by side, as one picture among the paragraphs."""

    panels: Sequence[Diagram]
    height: int = FIGURE_H

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        gap = 16
        n = len(self.panels)
        width = min(420, (rect.w - gap * (n - 1)) // n)
        x = rect.x
        for panel in self.panels:
            panel.draw(surface, pygame.Rect(x, rect.y, width, rect.h))
            x += width + gap


def _arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A chalk-yellow arrow from a to b, its head at b."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    pygame.draw.line(surface, theme.CHALK_YELLOW, a, b, 3)
    for turn in (2.6, -2.6):
        tip = (b[0] + 12 * math.cos(angle + turn), b[1] + 12 * math.sin(angle + turn))
        pygame.draw.line(surface, theme.CHALK_YELLOW, b, tip, 3)


def _short(a: Vec, b: Vec, by: float) -> Vec:
    """b, brought `by` metres nearer a: an arrow that stops short of what it points at."""
    d = math.dist(a, b) or 1.0
    return (b[0] - (b[0] - a[0]) * by / d, b[1] - (b[1] - a[1]) * by / d)


def _around(points: Sequence[Vec], margin: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _box_edge(box: int, towards: Vec, inset: float = 0.0) -> Vec:
    """The point of box `box` nearest `towards`, `inset` metres inside it."""
    x0, y0, x1, y1 = BOARD.inner_rect(box)
    return (
        min(max(towards[0], x0 + inset), x1 - inset),
        min(max(towards[1], y0 + inset), y1 - inset),
    )


def _figures() -> dict[str, Figure]:
    b = BOARD
    side = b.spec.board_side
    c = b.centre
    start = b.start_line
    behind = ((start[0][0] + start[1][0]) / 2 - 0.08, (start[0][1] + start[1][1]) / 2 - 0.08)
    box1 = b.boxes[1]
    x0, y0, _, _ = b.inner_rect(1)
    course = Diagram(
        (-0.6, -0.6, side + 0.1, side + 0.1),
        caps=[(behind, 0)],
        arrows=[(behind, _short(behind, b.box_centre(1), 0.12))],
        notes=[(b.box_centre(n), str(n), theme.CHALK_YELLOW) for n in range(1, 14)],
        caption="From behind the start line: 1, 2, 3 ... up to 13 in the middle",
    )
    in_box = Diagram(
        (box1[0] - 0.08, box1[1] - 0.1, box1[2] + 0.2, box1[3] + 0.08),
        caps=[((x0 + 0.07, y0 + 0.07), 0), ((box1[2], y0 + 0.07), 1)],
        notes=[
            ((x0 + 0.07, y0 + 0.13), "in", theme.OK),
            ((box1[2] + 0.08, y0 + 0.15), "on the line: not in", theme.DANGER),
        ],
        caption="All of the cap inside the lines, or it is not in",
    )
    from_12 = _box_edge(12, c, R + 0.01)
    pipsies = Diagram(
        _around([b.box_centre(12), b.box_centre(13)], 0.3),
        caps=[(from_12, 0)],
        arrows=[(from_12, b.box_centre(13))],
        notes=[((b.box_centre(13)[0] + 0.45, b.box_centre(13)[1] - 0.1), "pipsies: +2", theme.OK)],
        caption="From inside the box you made, straight into the next",
    )
    victim = (c[0] - 0.55, c[1] - 0.95)
    shooter = (victim[0] - 0.5, victim[1] - 0.3)
    hits = Diagram(
        _around([victim, shooter], 0.3),
        caps=[(shooter, 0), (victim, 1)],
        arrows=[(shooter, (victim[0] - 0.04, victim[1] - 0.025))],
        notes=[((victim[0] + 0.12, victim[1] + 0.12), "hit: +1", theme.OK)],
        caption="Touch another cap: one box (but not before 2)",
    )
    top = b.trapezoid_centre(Trapezoid.TOP)
    skull = Diagram(
        _around([(b.skull[0], b.skull[1]), (b.skull[2], b.skull[3])], 0.08),
        caps=[(top, 1), (b.box_centre(13), 0)],
        fill=[trapezoid_polygon(b, t) for t in Trapezoid],
        notes=[
            ((top[0], top[1] + 0.12), "stuck", theme.DANGER),
            ((c[0], c[1] - 0.13), "13: safe", theme.OK),
        ],
        caption="The skull: the four sections round 13",
    )
    corner = (b.skull[0], b.skull[1])
    linesies = Diagram(
        _around([corner, b.box_centre(12), b.box_centre(13)], 0.25),
        caps=[(corner, 0)],
        lines=skull_lines(b) + _sides(b.boxes[13]),
        arrows=[(corner, b.box_centre(12))],
        caption="Linesies: after 13, anywhere on these lines",
    )
    words = ("I'm", "a", "killer", "diller")
    order = (Trapezoid.BOTTOM, Trapezoid.LEFT, Trapezoid.TOP, Trapezoid.RIGHT)
    spots = [b.trapezoid_centre(t) for t in order]
    # each word beyond its section's chalked number, never over it: above and below centred,
    # at the sides starting just past the number and running outwards
    outer = [(c[0] + (x - c[0]) * 1.45, c[1] + (y - c[1]) * 1.45) for x, y in spots]
    beside = 0.07  # m from a section's centre to the near end of its word
    places = [
        (outer[0], "center"),
        ((spots[1][0] - beside, spots[1][1]), "midright"),
        (outer[2], "center"),
        ((spots[3][0] + beside, spots[3][1]), "midleft"),
    ]
    diller = Diagram(
        _around([(b.skull[0], b.skull[1]), (b.skull[2], b.skull[3])], 0.08),
        arrows=[
            (_short(spots[k + 1], spots[k], 0.1), _short(spots[k], spots[k + 1], 0.1))
            for k in range(3)
        ],
        notes=[
            (at, word, theme.CHALK_YELLOW, anchor)
            for (at, anchor), word in zip(places, words, strict=True)
        ],
        caption="One shot, one word: round the skull one way",
    )
    town = out_of_town_square(b)
    killer_at = (c[0], town[1])
    victim2 = (c[0] + 0.3, 0.6)
    killers = Diagram(
        (town[0] - 0.2, town[1] - 0.3, town[2] + 0.2, town[3] + 0.2),
        caps=[(killer_at, 0), (victim2, 1)],
        arrows=[(killer_at, _short(killer_at, victim2, 0.08))],
        notes=[
            ((town[2] + 0.05, c[1] + 1.6), "out of town", theme.CHALK_YELLOW, "midleft"),
            ((victim2[0] + 0.25, victim2[1]), "hit 1/3", theme.OK, "midleft"),
        ],
        caption="A killer comes back from out of town to hit",
        chalk_marks=False,  # the whole board this small: its numbers would lie on each other
    )
    return {
        "course": Figure([course, in_box], height=270),
        "pipsies": Figure([pipsies, hits]),
        "skull": Figure([skull, linesies]),
        "killer": Figure([diller, killers]),
    }


def _sides(r: tuple[float, float, float, float]) -> tuple[tuple[Vec, Vec], ...]:
    x0, y0, x1, y1 = r
    return (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0)))


def rules(figures: dict[str, Figure] | None = None) -> tuple[tuple[str, tuple[object, ...]], ...]:
    """The sections of the page, the pictures among them."""
    f = figures if figures is not None else _figures()
    return (
        (
            "The idea",
            (
                "Skully is a street game for two to six players. Each has a bottle cap, and "
                "flicks it round a course of boxes chalked on the ground: from the start line "
                "into 1, on up to 13 in the middle, back down to 1, into 13 once more and round "
                "the skull. Then you are a killer: you hunt the others' caps. The last cap in "
                "play wins.",
                f["course"],
            ),
        ),
        (
            "Your turn",
            (
                "- You are always going for one box: the next on the course. Land wholly in it "
                "and you get it: pick your cap up, put it down anywhere in that box, and shoot "
                "again.",
                "- Miss, and your turn is over. Next time you shoot from wherever your cap lies.",
                "- After 13 the course turns round: 12, 11, 10 and down to 1, backwards.",
            ),
        ),
        (
            "Pipsies and hits",
            (
                f["pipsies"],
                "- Pipsies: shoot from inside the box you just made straight into the next one "
                "and you get two boxes more on top. Not from the start line, and not from 1 "
                "backwards into 13.",
                "- A hit: touch another player's cap and you get a box. Knock it into the box "
                "its owner is going for and you get two. Every award means another shot.",
                "- Too early: while you are going for 1 or 2, touching a cap ends your turn and "
                "sends you back behind the start line, blastsies or not. The other player may "
                "leave their cap where it stopped or put it back; a cap knocked off the board "
                "always goes back.",
            ),
        ),
        (
            "The skull",
            (
                f["skull"],
                "- A cap that stops in the skull, the four sections round 13, is stuck: its "
                "owner loses every turn until someone knocks it out.",
                "- Knocking a stuck cap out of the skull, or into another section, pays the "
                "number chalked in the section it was in; a tap that leaves it in its section "
                "is a plain hit (+1). 13 itself is not the skull: landing wholly in 13 is "
                "safe, but a cap on 13's line is in the skull (its label says “on 13's line: "
                "skull 4”, say).",
                "- If every player left in the game is stuck, nobody could ever knock a cap "
                "out: the next player in turn is freed and shoots from where the cap lies.",
                "- Linesies: when you get 13 or a box of a pair, you may put your cap down "
                "anywhere on the lines joined to it.",
            ),
        ),
        (
            "Killers",
            (
                f["killer"],
                "- After 1 backwards you go for 13 again: going for killer (no pipsies). Then "
                "the killer diller, one shot and one word for each section of the skull: "
                "“I'm” into any section you like, “a” into a section beside it (that sets the "
                "way round), then “killer” and “diller” into the next two sections that way. "
                "Miss one and you go for killer again.",
                "- The fourth word sends your cap out of town, far off the board: you are a "
                "killer, and the board's boxes mean nothing to you now.",
                "- Hit a player on three shots in a row and they are out. Each player keeps "
                "their own count during your turn: a shot that touches them adds one, a shot "
                "that misses them starts their count again. So if the shot that puts Bobby out "
                "also touches Carmen, two more hits on Carmen put her out too.",
                "- Touching anyone keeps your turn going; a shot that touches no one ends it, "
                "and every count with it. One hit puts another killer out.",
                "- Killer owns the board (an option): end a shot in a box or the skull you were "
                "not in, and you may move within it and shoot again. Moving within the same box "
                "does not count.",
                "- Touch a killer's cap when you are not one and you become a killer too (or, "
                "with the other option, you are out).",
            ),
        ),
        (
            "At this table",
            (
                "- Slingshot: press on your cap, pull back away from where it should go, and "
                "let go; the further you pull, the harder the shot. Flick: press on your cap "
                "and flick the pointer through it.",
                "- Keys: Tab picks your cap and turns it to its goal, the arrows aim and set "
                "the power, Space shoots. "
                "F shows the whole board, the wheel zooms, H opens this page.",
                "- The setup offers the street's options: the pipsies bonus, linesies, "
                "blastsies, holdsies, switchsies and more; each says what it does.",
                "- Learn Skully, in the menu, has short lessons on the real board.",
            ),
        ),
    )


class HowToPlay(ReadingScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "How to play Skully", rules())  # type: ignore[arg-type]


__all__ = ["HowToPlay", "rules"]
