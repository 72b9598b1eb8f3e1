"""Skip-Bo's things explain themselves while the pointer rests on them: a SKIP-BO card says what
the wild does, each stock, discard pile and building pile (and the draw pile) what it is for."""

from __future__ import annotations

import pygame

from skully_game.scenes.skip_bo import tips
from skully_game.shell.scripted import ev
from tests.test_skip_bo_keys import _turn_where
from tests.test_skip_bo_table import _table


def _point(app, pos) -> None:
    app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_a_skip_bo_card_in_the_hand_says_what_the_wild_does():
    app, table = _turn_where(lambda t: "HW" in t.sources())
    rect = table.place_rect("HW")
    _point(app, rect.center)
    lines, about = table.tip_at(rect.center)
    assert lines[0] == "SKIP-BO card: a wild"
    assert "becomes the number a building pile needs next" in " ".join(lines)
    assert "never on another SKIP-BO card" in " ".join(lines)
    assert about == rect
    assert "in the 1980 rules even on another SKIP-BO card" in " ".join(tips.wild_tip(True))


def test_every_pile_says_what_it_is_for_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        app, table = _table(["human", "build-first", "build-first"], size=size, stock=10)
        geo = table.geometry()
        mine, anne = geo.mats[0], geo.mats[1]
        said = {}
        for name, pos in {
            "own stock": mine.stock.center,
            "Anne's stock": anne.stock.center,
            "own pile": mine.piles[1].center,
            "Anne's pile": anne.piles[2].center,
            "build": geo.builds[2].center,
            "draw": geo.draw.center,
        }.items():
            _point(app, pos)
            found = table.tip_at(pos)
            assert found is not None, (size, name)
            said[name] = " ".join(found[0])
            surface = pygame.Surface(size)
            box = tips.paint_tip(surface, found[0], found[1], table.lay().table)
            assert table.lay().table.contains(box) and not box.colliderect(found[1]), name
        assert said["own stock"].startswith("Your stock: 10 cards")
        assert "whoever empties their stock first wins" in said["own stock"]
        assert said["Anne's stock"].startswith("Anne's stock: 10 cards")
        assert said["own pile"].startswith("Your discard pile 2: empty")
        assert "ends your turn" in said["own pile"]
        assert said["Anne's pile"].startswith("Anne's discard pile 3:")
        assert "only by Anne" in said["Anne's pile"]
        need = table.state.needs()[2]
        assert said["build"].startswith(f"Building pile C: needs a{'n' if need in (8, 11) else ''}")
        assert "at 12 the pile is set aside" in said["build"]
        assert said["draw"].startswith("Draw pile:")
        app.draw(0.0)


def test_no_tip_while_a_card_is_held_or_behind_a_pass_screen():
    _app, table = _table(["human", "human"])
    pos = table.geometry().builds[0].center
    assert table.passing is not None and table.tip_at(pos) is None  # the first pass screen
    table.reveal()
    assert table.tip_at(pos) is not None
    table.picked = next(iter(table.sources()))
    assert table.tip_at(pos) is None
    table.picked = None
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    table.settle()
    assert table.passing is not None and table.tip_at(pos) is None


def test_a_key_press_puts_the_tip_away_until_the_pointer_moves():
    from tests.ui_helpers import key

    app, table = _table(["human", "build-first"])
    pos = table.geometry().mats[0].piles[1].center
    _point(app, pos)
    assert table.tip_at(pos)[0][0] == "Your discard pile 2: empty"
    app.dispatch(key(pygame.K_RIGHT))
    assert table.tip_at(pos) is None
    _point(app, pos)
    assert table.tip_at(pos) is not None


def test_no_tip_covers_the_line_under_the_piles_or_the_hand_at_either_size(monkeypatch):
    """A play-tester's find: one's own discard piles' tips lay over the prompt."""
    boxes: list[pygame.Rect] = []
    real = tips.paint_tip
    monkeypatch.setattr(tips, "paint_tip", lambda *a, **k: boxes.append(real(*a, **k)))
    for size in ((1280, 800), (1024, 640)):
        app, table = _table(["human", "build-first", "build-first", "build-first"], size=size)
        geo, lay = table.geometry(), table.lay()
        prompt = pygame.Rect(lay.table.x, lay.prompt_y, lay.table.w, 28)
        hand = [rect for _, rect, _ in table.hand_layout()]
        places = [m.stock.center for m in geo.mats.values()]
        places += [r.center for m in geo.mats.values() for r in m.piles]
        places += [r.center for r in (*geo.builds, geo.draw)]
        places += [rect.center for c, rect, _ in table.hand_layout() if c == "W"]
        for pos in places:
            _point(app, pos)
            found = table.tip_at(pos)
            assert found is not None, (size, pos)
            boxes.clear()
            table.paint_tip(pygame.Surface(size))
            (box,) = boxes
            assert lay.table.contains(box) and not box.colliderect(found[1]), pos
            assert not box.colliderect(prompt), (size, found[0][0], box)
            assert box.collidelist(hand) < 0, (size, found[0][0], box)
        app.draw(0.0)
