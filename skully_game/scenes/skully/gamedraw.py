"""What the game draws over the board: the target outlined, a placement's area and its ghost
cap, the call-outs at the caps, and the banner above the board with the prompt and the news.

`GameDrawing` is a mixin of `SkullyGameScene` (table.py): it draws from the scene's `state`,
`table`, `banner` and `callouts`."""

from __future__ import annotations

import math

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.scenes.skully.capkit import POINTER_INSET, AimMode, edge_point
from skully_game.scenes.skully.caplabels import CALLOUT_SIZE, Note, draw_leader
from skully_game.scenes.skully.cues import draw_ready_ring
from skully_game.scenes.skully.gamestory import seat_tag
from skully_game.scenes.skully.placer import Wish, place
from skully_game.shell import theme
from skully_game.skully.misses import format_length
from skully_game.skully.rules import (
    Decision,
    DecisionKind,
    allowed_area,
    status,
    target,
)
from skully_game.skully.rules.areas import trapezoid_polygon

BAND_H = 76  # the band above the board: the prompt, and what the last shot did
LEADER_FROM = 0  # px: every call-out is joined to its cap by a short line (whose news it is)
PLACE_HINT = "Click where it goes, or move it with the arrows and press Enter"

# the banner's hint once a turn's first Space has aimed: the next press shoots
SPACE_AGAIN = " (Space again to flick)"
SPACE_AGAIN_SHORT = " (Space again)"


GOAL_EDGE = 10  # px: the off-screen goal's arrow tip this far inside the frame's edge


class GameDrawing:
    """The game's layers over the board (mixed into SkullyGameScene)."""

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
                # the size the cap is drawn at once put down: its true size, as the table
                # draws every cap
                r_px = cam.length(look.kind.spec.radius)
                ghost = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                draw_cap(ghost, look.kind, look.colour, look.symbol, at, r_px)
                ghost.set_alpha(170)
                surface.blit(ghost, (0, 0))
                draw_ready_ring(surface, at, max(r_px, 5) + 6, self.table.arming)

    def _goal_name(self, who: int) -> str:
        """The goal as the arrow to it says it: "1", "skull 4", or a killer's nearest victim."""
        state = self.state
        p = state.players[who]
        goal = target(p)
        if goal.boxes:
            return str(goal.boxes[0])
        if goal.trapezoids:
            return "skull"
        aim = self._aim_point(who)
        for q in state.players:
            if q is not p and q.pos is not None and q.pos == aim:
                return q.name
        return "goal"

    def _draw_goal_pointer(self, surface: pygame.Surface) -> None:
        """A goal the view cannot frame with the shooter (a long shot at the table's one
        scale): an arrow at the frame's edge, pointing at it, saying what and how far."""
        state, table = self.state, self.table
        if state.over or table.busy or state.pending or state.turn == 0:
            return
        who = state.to_play
        shooter = state.players[who].pos
        goal = self._aim_point(who)
        if shooter is None or goal is None:
            return
        cam = table.camera
        frame = cam.frame
        at = cam.to_screen(goal)
        if frame.inflate(-8, -8).collidepoint(at):
            return
        # at the frame's very edge (not inside the board's drawing, where it read as pointing
        # at a skull section), the tip just short of the edge
        edge = frame.inflate(2 * (POINTER_INSET - GOAL_EDGE), 2 * (POINTER_INSET - GOAL_EDGE))
        tip = edge_point(edge, cam.to_screen(shooter), at)
        angle = math.atan2(at[1] - tip[1], at[0] - tip[0])
        ux, uy = math.cos(angle), math.sin(angle)
        colour = self.looks[who].colour
        # a head longer than it is wide, on a shaft: its way reads at a glance at any angle
        base = (tip[0] - ux * 20, tip[1] - uy * 20)
        wing = (-uy * 8, ux * 8)
        tail = (base[0] - ux * 18, base[1] - uy * 18)
        arrow = [
            tip,
            (base[0] + wing[0], base[1] + wing[1]),
            (base[0] - wing[0], base[1] - wing[1]),
        ]
        pygame.draw.line(surface, theme.PANEL, (tail[0] + 1, tail[1] + 2), base, 7)
        pygame.draw.polygon(surface, theme.PANEL, [(x + 1, y + 2) for x, y in arrow])
        pygame.draw.line(surface, colour, tail, base, 5)
        pygame.draw.polygon(surface, colour, arrow)
        base = tail  # the words go behind the whole arrow
        pygame.draw.polygon(surface, theme.TEXT, arrow, 1)
        far = format_length(math.dist(shooter, goal), table.units)
        img = theme.font(17, True).render(f"to {self._goal_name(who)}: {far}", True, colour)
        box = img.get_rect().inflate(12, 6)
        box.center = (round(base[0] - ux * (box.w / 2 + 4)), round(base[1] - uy * (box.h / 2 + 6)))
        room = frame.inflate(-4, -4)
        box.clamp_ip(room)
        # the words by the arrow, clear of the board's numbers and chalked words, the caps and
        # all drawn over the board this frame: labels and call-outs ("skull 2" lay under "to 11:
        # 1.56 m"), the meter, the flick guide's ghost (or its ring at the edge): placed as the
        # labels are
        keep = [r for k, r in table.drawn.items() if k != "goal pointer"]
        ghosts = [r for k in ("ghost beyond", "ghost") if (r := table.drawn.get(k)) is not None]
        shaft = pygame.Rect(min(tip[0], tail[0]), min(tip[1], tail[1]), 1, 1)
        shaft.union_ip(pygame.Rect(max(tip[0], tail[0]), max(tip[1], tail[1]), 1, 1))
        px, py = -uy * (box.h + 8), ux * (box.h + 8)  # across the arrow's way
        spots = [box] + [box.move(round(px * k), round(py * k)).clamp(room) for k in (1, -1, 2, -2)]
        spots += [box.move(0, r.bottom + 4 - box.top).clamp(room) for r in ghosts]
        obstacles = [*table._obstacles(), *((r.x, r.y, r.w, r.h) for r in keep)]
        obstacles.append((shaft.x - 6, shaft.y - 6, shaft.w + 12, shaft.h + 12))
        wish = Wish("goal words", box.size, tuple((b.x, b.y) for b in spots), 0, True, 3 * box.h)
        spot = place([wish], obstacles, (room.x, room.y, room.w, room.h), gap=2).get("goal words")
        if spot is not None:
            box.topleft = (round(spot[0]), round(spot[1]))
        pygame.draw.rect(surface, theme.PANEL, box, 0, 6)
        pygame.draw.rect(surface, colour, box, 1, 6)
        surface.blit(img, img.get_rect(center=box.center))
        table.drawn["goal pointer"] = box
        table.drawn["goal arrow"] = pygame.Rect(round(tip[0]) - 1, round(tip[1]) - 1, 3, 3)
        beyond = table.drawn.get("ghost beyond")
        if beyond is not None and table.beyond_words is not None:
            surface.blit(table.beyond_words, beyond.topleft)  # over the arrow: both read

    def _draw_callouts(self, surface: pygame.Surface) -> None:
        """What just happened, said beside the cap it happened to: where the table's placer
        put it, clear of the labels, caps, numbers and START (a newer one above an older one
        at the same cap), each faded out at the end."""
        now = self.app.game_time
        self.callouts = [c for c in self.callouts if c[3] > now]
        notes = self._notes()
        if self.table.busy:
            self.table.notes = notes
            return
        table = self.table
        if notes != tuple(table.notes) or (notes and "callout 0" not in table.drawn):
            table.notes = notes  # changed since the table drew its labels, or none drawn
            boxes = table.place_marks(labels=False)
        else:
            boxes = table.drawn
        clip = surface.get_clip()
        surface.set_clip(table.camera.viewport)
        for n, (text, at, colour, until) in enumerate(self.callouts):
            box = boxes.get(f"callout {n}")
            if box is None:
                continue
            table.drawn[f"callout {n}"] = box
            img = theme.font(CALLOUT_SIZE, True).render(text, True, colour)
            fade = min(1.0, (until - now) / 0.4)
            draw_leader(surface, box, table.camera.to_screen(at), colour, LEADER_FROM)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*theme.PANEL, round(225 * fade)), layer.get_rect(), 0, 6)
            pygame.draw.rect(layer, (*colour, round(255 * fade)), layer.get_rect(), 2, 6)
            img.set_alpha(round(255 * fade))
            layer.blit(img, img.get_rect(center=layer.get_rect().center))
            surface.blit(layer, box)
        surface.set_clip(clip)

    def _notes(self) -> tuple[Note, ...]:
        """The call-outs as the table's placer takes them: words and where they are said."""
        return tuple(Note(text, at) for text, at, _colour, _until in self.callouts)

    def banner_rect(self) -> pygame.Rect:
        """The band above the board, drawn opaque: the camera frames the board below it."""
        vp = self.table.camera.viewport
        return pygame.Rect(vp.x, vp.y, vp.w, BAND_H)

    def board_insets(self) -> tuple[int, int]:
        """The camera's insets (top, bottom): the board's free area is the viewport (the window
        less the side panel) below the banner as drawn; nothing covers its bottom."""
        vp, band = self.table.camera.viewport, self.banner_rect()
        return (max(0, band.bottom - vp.top), 0)

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
        if prompt.endswith(SPACE_AGAIN) and theme.font(20, True).size(prompt)[0] > room:
            prompt = prompt[: -len(SPACE_AGAIN)] + SPACE_AGAIN_SHORT  # (a killer diller's words)
        if prompt:
            size = next(
                (n for n in (26, 23, 20) if theme.font(n, True).size(prompt)[0] <= room), 20
            )
            line = theme.fit(prompt, size, room) if size == 20 else prompt
            theme.text(surface, line, (band.centerx, y), size, theme.ACCENT, "midtop", bold=True)
            y += 31  # the prompt, then two lines of news of 19 px: all inside the band
        lines = [(t, theme.TEXT) for t, _ in self.banner][-(2 if prompt else 3) :]
        placing = self._placement()
        if prompt and placing is not None and self.plays_here(placing.player):
            # a person puts a cap down: how to, then the last news
            lines = [(PLACE_HINT, theme.TEXT_DIM), *lines[-1:]]
        for text, colour in lines:
            theme.text(surface, theme.fit(text, 19, room), (band.centerx, y), 19, colour, "midtop")
            y += 19

    def _on_lines_too(self, decision: Decision) -> bool:
        """Linesies: the cap may go on the lines joined to its box too (a pair's, or 13's and
        the skull's), so the prompt says so rather than only "in 13"."""
        if decision.box is None or decision.kind is DecisionKind.PLACE_START:
            return False
        state, session = self.state, self.session
        return bool(allowed_area(state, session.options, session.board, decision).segments)

    def _prompt(self) -> str:
        state = self.state
        if state.over:
            return f"{state.players[state.winner].name} wins!"
        if self.table.busy:  # the shot is under way: whose, and what for (the band is never blank)
            p = state.players[state.to_play]
            return f"{p.name} shoots: {status(p, self.session.board_spec.skull_numbers)}"
        decision = self._placement()
        if decision is not None:
            name = state.players[decision.player].name
            where = {
                DecisionKind.PLACE_START: "behind the start line",
                DecisionKind.PLACE_OUT_OF_TOWN: "on the out-of-town line",
            }.get(decision.kind, f"in {decision.box}" if decision.box else "in the skull")
            if self._on_lines_too(decision):
                where += " or on the lines joined to it"
            if decision.player in self.planners:  # a computer player: said of it, not to it
                return f"{name} puts the cap down {where}"
            return f"{name}: put your cap down {where}"
        if state.pending:
            return ""
        p = state.players[state.to_play]
        going = status(p, self.session.board_spec.skull_numbers)
        if state.to_play in self.planners:
            verb = "aims" if self.sweep is not None else "is thinking"
            return f"{p.name} ({seat_tag(self.session.seats[state.to_play])}) {verb}: {going}"
        if self.table.mode is AimMode.KEYS and self.table.selected == state.to_play:
            return f"{p.name} to shoot: {going}{SPACE_AGAIN}"
        return f"{p.name} to shoot: {going}"
