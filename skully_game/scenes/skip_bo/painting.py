"""What the Skip-Bo table draws, through the shared table's public hooks (a mixin of
`SkipBoTable`): each seat's strip, stock and four discard piles, the draw pile and the building
piles in the middle, the viewer's hand, the cards on their way, the line under the piles and the
game's end. Every face goes through the table's gate (`self.face`) with its owner: the hand is
the viewer's; stocks, discard piles and building piles lie face up for everyone."""

from __future__ import annotations

from collections import Counter

import pygame

from cards.skip_bo.cards import WILD, code
from cards.skip_bo.state import BUILD_NAMES
from cards.skip_bo.words import card_name
from skully_game.scenes.cardtable.carddraw import card_back
from skully_game.scenes.cardtable.frame import GameOver
from skully_game.scenes.cardtable.layout import Layout
from skully_game.scenes.cardtable.match import HUMAN
from skully_game.scenes.cardtable.moving import Move
from skully_game.scenes.cardtable.secrecy import EVERYONE
from skully_game.scenes.skip_bo import tips
from skully_game.scenes.skip_bo.adapter import GAME, Drew
from skully_game.scenes.skip_bo.carddraw import pile_base, wild_as
from skully_game.scenes.skip_bo.felt import badge_box, count_badge, felt, next_badge
from skully_game.scenes.skip_bo.layout import FACT_SIZE, TO_PLAY, fit_header, squared_under
from skully_game.scenes.skip_bo.places import BUILD, DISCARD, HAND, card_at, card_words, where
from skully_game.scenes.skip_bo.places import target_words as words_for_target
from skully_game.shell import theme


class SkipBoPainting:
    """The Skip-Bo table's paint hooks; its attributes are set by `SkipBoTable`."""

    def paint_felt(self, surface: pygame.Surface, lay: Layout) -> None:
        """A soft felt in a wooden rim (felt.py), not the plain cloth of the other tables."""
        surface.blit(felt(lay.table.size), lay.table)

    def paint_seats(self, surface: pygame.Surface) -> None:
        busy = self.over() or self.passing is not None or self.busy()
        acting = None if busy else self.game.to_act(self.state)
        s = self.drawn_from()
        for seat, mat in self.geometry().mats.items():
            strip = mat.strip
            theme.panel(surface, strip, 220)
            if seat == acting:
                pygame.draw.rect(surface, theme.ACCENT, strip.inflate(4, 4), 2, border_radius=8)
            badges = self.badges(s, seat)
            said, owner = self.seat_words(s, seat)
            if badges:  # told as the viewer knows them ("your partner")
                owner = self.viewer
            kind = self.match.seats[seat].kind if seat < len(self.match.seats) else ""
            level = "" if kind in (HUMAN, "") else self.game.engine.bot_word(kind)
            name, facts, to_play = fit_header(
                self.names[seat], level, badges, said, strip.w - 12, seat == acting
            )
            at = theme.text(surface, name, (strip.x + 6, strip.y + 3), 17, theme.TEXT, bold=True)
            if facts:
                self.sight.text(
                    surface, owner, facts, (at.right, strip.y + 5), FACT_SIZE, theme.TEXT_DIM
                )
            if to_play:
                theme.text(surface, TO_PLAY, (strip.right - 6, strip.y + 5), 15, theme.ACCENT,
                           "topright", True)  # fmt: skip

    def paint_spots(self, surface: pygame.Surface) -> None:
        """Every stock and discard pile, with the held card's places lit."""
        if self.passing is not None:
            return
        s = self.drawn_from()
        held = self.held()
        dragged = self.drag.place if self.drag else None  # under the pointer, not on its pile
        sources = set(self.sources()) if held is None else set()
        keyed = self._keyed()
        landing = self.landing()
        partner = GAME.partner(s, self.viewer)
        for seat, mat in self.geometry().mats.items():
            scale = mat.scale
            stock = s.stocks[seat]
            place = f"S{seat}"
            if stock and place != dragged:  # a card picked by a click stays, framed in gold
                if len(stock) > 1:  # the cards below, face down, peeking out
                    surface.blit(card_back(scale), mat.stock.move(3, 3))
                surface.blit(self.face(code(stock[-1]), EVERYONE, scale), mat.stock)
            elif stock:
                surface.blit(card_back(scale), mat.stock)
            else:
                surface.blit(pile_base(scale, "empty"), mat.stock)
            self.frame_place(surface, mat.stock, place, sources, keyed)
            count_badge(surface, mat.stock, "partner's stock" if seat == partner else "stock",
                        len(stock))  # fmt: skip
            for k in range(4):
                pile = s.discards[seat][k]
                place = f"D{seat}.{k}"
                if not pile:
                    surface.blit(pile_base(scale, str(k + 1)), mat.piles[k])
                rects = mat.pile_rects(k, len(pile))
                hidden = 1 if (place == dragged or place in landing) else 0
                for card, rect in zip(pile[: len(pile) - hidden], rects, strict=False):
                    surface.blit(self.face(code(card), EVERYONE, scale), rect)
                top = rects[-1] if rects else mat.piles[k]
                under = squared_under(rects)  # (the rects just laid: not laid again)
                if under:  # a tall pile: how many cards it holds, on its squared-up foot
                    img = theme.rendered(str(len(pile)), 13, theme.TEXT, True)
                    box = img.get_rect(topright=(rects[0].right - 4, rects[0].y + 2)).inflate(8, 0)
                    pygame.draw.rect(surface, theme.PANEL, box, border_radius=6)
                    surface.blit(img, img.get_rect(center=box.center))
                self.frame_place(surface, top, place, sources, keyed)
                if seat == self.viewer and held is not None and held.startswith(HAND):
                    # lit round the pile as it lies (a drop anywhere in its column still hits)
                    lit = rects[0].unionall(rects[1:]) if rects else mat.piles[k]
                    self.frame_target(surface, lit, f"{DISCARD}{k}", held, keyed)

    def frame_place(self, surface: pygame.Surface, rect: pygame.Rect, place: str,
                    sources: set[str], keyed: str | None, first: bool = True) -> None:  # fmt: skip
        """A card the viewer may move now: a thin frame; under the mouse: bright; the keys'
        place: a heavy white frame, plain to see from across the room. Alike cards in the hand
        are one place: only the `first` is lit or picked."""
        if place in sources or (place == keyed and first and self.picked is None):
            if place == keyed and first:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 4, 9)
            else:
                bright = place == self.place_hover and first
                colour = theme.CHALK_BLUE if bright else theme.CHALK_YELLOW
                pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3 if bright else 1, 8)
        if place == self.picked and first:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, 9)

    def frame_target(self, surface: pygame.Surface, rect: pygame.Rect, target: str,
                     held: str, keyed: str | None) -> None:  # fmt: skip
        """A place that takes the held card: lit, brighter under the mouse or the keys."""
        if target not in self.targets(held):
            if target == keyed:  # the keys' place, which does not take it (Enter says why)
                pygame.draw.rect(surface, theme.TEXT_DIM, rect.inflate(8, 8), 3, 9)
            return
        bright = target == self.place_hover or target == keyed
        colour = theme.CHALK_BLUE if bright else theme.OK
        pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3 if bright else 2, 9)

    def paint_middle(self, surface: pygame.Surface, lay: Layout) -> None:
        """The draw pile and the four building piles, each with the number it needs."""
        geo = self.geometry()
        s = self.drawn_from()
        scale = geo.build_scale
        surface.blit(card_back(scale) if s.draw else pile_base(scale, "empty"), geo.draw)
        note = f"draw {len(s.draw)}"
        theme.text(surface, note, (geo.draw.centerx, geo.draw.bottom + 3), 15, theme.TEXT_DIM,
                   "midtop")  # fmt: skip
        if s.set_aside:
            theme.text(surface, f"{len(s.set_aside)} set aside",
                       (geo.draw.centerx, geo.draw.bottom + 19), 14, theme.TEXT_DIM, "midtop")  # fmt: skip
        held = self.held()
        keyed = self._keyed()
        landing = self.landing()
        # a pile's 12th card on its way: the pile is already set aside, its 11 still shows
        completing = {f.target for f in self.flights if isinstance(f, Move) and f.completes}
        becomes = self.wild_becomes()
        for i, rect in enumerate(geo.builds):
            pile = s.build[i]
            shown = pile[:-1] if f"{BUILD}{i}" in landing else pile
            if not pile and f"{BUILD}{i}" in completing:
                surface.blit(self.face("11", EVERYONE, scale), rect)
            elif shown:
                top = shown[-1]
                img = (
                    wild_as(len(shown), scale)
                    if top == WILD
                    else self.face(code(top), EVERYONE, scale)
                )
                surface.blit(img, rect)
            else:
                surface.blit(pile_base(scale, "1"), rect)
            if becomes is not None and becomes[0] == f"{BUILD}{i}" and self.drag is None:
                ghost = wild_as(becomes[1], scale)  # the held SKIP-BO card, as what it goes
                ghost.set_alpha(215)
                surface.blit(ghost, rect.move(0, -10))
            next_badge(surface, rect, BUILD_NAMES[i], len(pile) + 1)
            if held is not None:
                self.frame_target(surface, rect, f"{BUILD}{i}", held, keyed)

    def paint_hand(self, surface: pygame.Surface, lay: Layout) -> None:
        """The viewer's hand as it lies (`_hand_places`: what a press hits), the card being
        dragged left out (it is under the pointer), those still flying in not yet shown."""
        held = self.drag.place if self.drag else None
        sources = set(self.sources()) if self.picked is None and held is None else set()
        keyed = self._keyed()
        framed: set[str] = set()  # two alike cards are one place: the first is lit
        laid = self._hand_places()
        coming = self.arriving([(c, rect, 0.0) for _, c, rect in laid])
        scale = self.hand_scale()
        for k, (slot, c, rect) in enumerate(laid):
            place = f"{HAND}{c}"
            if place == held and slot == self._held_slot:
                continue  # the dragged card is drawn under the pointer instead
            if k in coming:
                continue
            surface.blit(self.face(c, self.viewer, scale), rect)
            self.frame_place(surface, rect, place, sources, keyed, place not in framed)
            framed.add(place)

    def arriving(self, laid: list[tuple[str, pygame.Rect, float]]) -> set[int]:
        """The places in the hand of cards still flying there, or still to be drawn (the last
        alike ones)."""
        coming = Counter(
            f.code for f in self.flights if f.dealt and f.owner == self.viewer and f.code
        )
        for item in self.pending:
            if isinstance(item, Drew) and item.seat == self.viewer:
                coming.update(item.cards)
        out: set[int] = set()
        for k in range(len(laid) - 1, -1, -1):
            c = laid[k][0]
            if coming[c] > 0:
                coming[c] -= 1
                out.add(k)
        return out

    def paint_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if f.t < f.delay:
                continue
            if not isinstance(f, Move):  # dealt, drawn or a pile cleared: the shared way
                self.paint_flight(surface, f)
                continue
            img = self.face(f.code or "W", EVERYONE, f.scale)  # a move all see
            x, y = f.at()
            rect = surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if f.landed:  # a computer's card where it went, lit for a moment
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, 9)
        self.paint_tip(surface)
        if self.drag is not None:
            becomes = self.wild_becomes()
            if becomes is not None:  # a SKIP-BO card over a pile that takes it: as what
                n = becomes[1]
                img = self.sight.face(
                    lambda _c, scale=1.0, dim=False: wild_as(n, scale), "W", self.viewer, 0.9
                )
            else:
                img = self.face(self.drag.code, self.viewer, 0.9)
            self.drag.paint(surface, img)

    def tip_at(self, pos: tuple[int, int]) -> tuple[list[str], pygame.Rect] | None:
        """The words for what lies under the pointer (a SKIP-BO card of the hand, a stock, a
        discard pile, a building pile, the draw pile) and where it lies; none while a card is
        held, on a pass screen or over a summary."""
        if self.passing is not None or self.summary is not None or self.held() is not None:
            return None
        if self.keys_lead:  # a key was pressed since the pointer last moved: it rests unread
            return None
        s = self.drawn_from()
        for _, c, rect in self._hand_places():
            if c == "W" and rect.collidepoint(pos):
                return tips.wild_tip(s.options.edition_1980), rect
        geo = self.geometry()
        names = self.told_names()
        for seat, mat in geo.mats.items():
            if mat.stock.collidepoint(pos):  # the tip keeps off the count's badge too
                words = "partner's stock" if seat == GAME.partner(s, self.viewer) else "stock"
                badge = badge_box(mat.stock, words, len(s.stocks[seat]))
                return tips.stock_tip(s, seat, names, self.viewer), mat.stock.union(badge)
            for k in range(4):
                pile = s.discards[seat][k]
                rects = mat.pile_rects(k, len(pile)) or [mat.piles[k]]
                about = rects[0].unionall(rects[1:])
                if pile and pile[-1] == WILD and rects[-1].collidepoint(pos):
                    return tips.wild_tip(s.options.edition_1980), rects[-1]
                if about.collidepoint(pos):
                    return tips.discard_tip(s, seat, k, names, self.viewer), about
        for i, rect in enumerate(geo.builds):
            if rect.collidepoint(pos):
                return tips.build_tip(s, i), rect
        if geo.draw.collidepoint(pos):
            return tips.draw_tip(s), geo.draw
        return None

    def paint_tip(self, surface: pygame.Surface) -> None:
        found = self.tip_at(self.widgets.mouse)
        if found is not None:
            tips.paint_tip(surface, found[0], found[1], self.lay().table, self.tip_clear())

    def tip_clear(self) -> list[pygame.Rect]:
        """What a tip never covers: the line under the piles (the prompt, the keys' words)
        and the cards of the hand, raised ones included."""
        lay = self.lay()
        prompt = pygame.Rect(lay.table.x, lay.prompt_y - 4, lay.table.w, 34)
        return [prompt, *(rect.inflate(6, 6) for _, _, rect in self._hand_places())]

    def wild_becomes(self) -> tuple[str, int] | None:
        """The building pile a held SKIP-BO card would go on now (under the dragged card, the
        mouse or the keys) and the number it would stand for there (None: no such pile)."""
        held = self.held()
        if held is None or card_at(self.sk, held) != WILD:
            return None
        if self.drag is not None and self.drag.moved():
            target = self._target_at(self.drag.pos, held)
        else:
            target = self._keyed() if self.picked is not None and self.key_at >= 0 else None
            target = target or self.place_hover
        if target is None or target[0] != BUILD or target not in self.targets(held):
            return None
        return target, self.sk.needs()[int(target[1:])]

    def status_line(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the piles when it is not the prompt: a notice, what Enter does at the
        keys' place, the card under the mouse, or where the held card may go."""
        if self.notice:
            return self.notice, theme.TEXT
        if not self.my_turn():
            return None
        keyed = self._keyed() if self.drag is None else None
        if keyed is not None and self.picked is None:  # the keys' place: say what Enter does
            card = card_words(card_at(self.sk, keyed))
            spot = where(keyed, self.viewer, self.names)
            if keyed not in self.sources():
                return f"{card} {spot} cannot go anywhere now: arrows move on", theme.TEXT
            return f"{card} {spot}: Enter picks it up, arrows move on", theme.TEXT
        if keyed is not None and self.picked is not None:
            card = card_words(card_at(self.sk, self.picked))
            if keyed not in self.targets(self.picked):
                why = self.sk.refusal(f"{self.picked}>{keyed}") or ""
                return f"{card}: {why} Arrows choose another · Esc puts it back", theme.TEXT
            put = "discards it" if keyed.startswith(DISCARD) else "puts it"
            becomes = self.wild_becomes()
            as_what = f" as {card_name(becomes[1])}" if becomes is not None else ""
            words = f"{card}: Enter {put} {words_for_target(keyed)}{as_what}, arrows choose another"
            return f"{words} · Esc puts it back", theme.ACCENT
        if self.hover is not None and self.picked is None and self.drag is None:
            reason = self.game.why_not(self.state, self.viewer, self.hover)
            words = self.game.card_words(self.hover) + (
                f": {reason}" if reason else ": drag it onto a pile"
            )
            return words, theme.TEXT
        if self.picked is not None:
            words = "Put it on a lit pile: click it, or arrows and Enter · Esc puts it back"
            return words, theme.ACCENT
        return None

    def game_over_view(self) -> GameOver:
        """A single game's end counts stock cards played; a match's, its points."""
        s = self.sk
        return GameOver(
            GAME.winners(s), GAME.scores(s), self.names, GAME.score_unit(s),
            title="Match over" if s.options.match_to else "Game over",
            hint="Space: see the table · Tab: score sheet · Esc: leave the table",
        )  # fmt: skip


__all__ = ["SkipBoPainting"]
