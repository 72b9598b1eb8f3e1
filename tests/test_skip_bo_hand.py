"""The Skip-Bo hand as a player aims at it: it closes up with a short slide once a card has
left, every card drawn where a press finds it (mid-slide too), and a resumed game lies as it
was left, so a drag from where the 3 is shown picks up the 3."""

from __future__ import annotations

import itertools

import pygame

from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.handrow import SLIDE
from skully_game.scenes.skip_bo.table import SkipBoTable
from tests.test_skip_bo_table import _table, drag


def _found_where_drawn(table: SkipBoTable) -> None:
    """Every card of the hand is the one a press at its middle picks up."""
    for c, rect, _ in table.hand_layout():
        assert table._source_at(rect.center) == f"H{c}", (c, rect)


def _hand_play(table: SkipBoTable) -> str:
    """A card of the hand that builds now (else the first one, which discards)."""
    for source in table.sources():
        if source.startswith("H") and any(t[0] == "B" for t in table.targets(source)):
            return source
    return next(s for s in table.sources() if s.startswith("H"))


def test_the_hand_closes_up_with_a_short_slide_after_a_card_leaves_it():
    for seed in range(40):
        app, table = _table(["human", "build-first"], seed=seed)
        builds = [s for s in table.sources() if s[0] == "H" and "B" in "".join(table.targets(s))]
        if builds and len(table.state.hands[0]) == 5:
            break
    else:
        raise AssertionError("no seed with a hand card that builds at once")
    before = {c: rect for c, rect, _ in table.hand_layout()}
    first_x = table.hand_layout()[0][1].x
    played = builds[0]
    target = next(t for t in table.targets(played) if t[0] == "B")
    drag(app, table.place_rect(played).center, table.target_rect(target).center)
    assert table.state.history()[-1] == f"{played}>{target}"
    at_once = table.hand_layout()
    assert len(at_once) == 4
    assert all(rect.x == before[c].x for c, rect, _ in at_once)  # still where they were
    _found_where_drawn(table)
    app.run_frames(3)  # on their way (the frames are short)
    _found_where_drawn(table)
    for _ in range(round(SLIDE * 60) + 6):
        table.update(1 / 60)
    done = [rect for _, rect, _ in table.hand_layout()]
    gaps = {right.x - left.right for left, right in itertools.pairwise(done)}
    assert len(gaps) == 1 and 0 < gaps.pop() <= 12  # side by side, no hole to aim past
    gap_x = before[played[1:]].x
    left_of_gap = [c for c, rect in before.items() if rect.x < gap_x]
    for c, rect, _ in table.hand_layout():  # closed up from the right, anchored at the left
        if c in left_of_gap:
            assert rect.x == before[c].x, c
    assert done[0].x == first_x
    _found_where_drawn(table)


def test_a_resumed_game_lays_the_hand_as_it_was_and_a_drag_takes_the_card_shown_there():
    """A reported bug: after Resume, a drag from where the 3 was shown discarded the 8."""
    app, table = _table(["human", "build-first"], seed=7)
    source = _hand_play(table)
    target = table.targets(source)[0]
    drag(app, table.place_rect(source).center, table.target_rect(target).center)
    table.settle()
    shown = [(c, rect.copy()) for c, rect, _ in table.hand_layout()]
    assert shown and table.my_turn()
    resumed = SkipBoTable(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(resumed)
    resumed.settle()
    assert [(c, rect) for c, rect, _ in resumed.hand_layout()] == shown
    _found_where_drawn(resumed)
    for c, rect in shown:
        if "D0" in resumed.targets(f"H{c}"):
            before = len(resumed.state.history())
            drag(app, rect.center, resumed.target_rect("D0").center)
            assert resumed.state.history()[before:] == [f"H{c}>D0"]
            break
    else:
        raise AssertionError("no card of the hand to discard")


def test_at_both_sizes_no_card_of_the_hand_hides_another_corner():
    for size in ((1280, 800), (1024, 640)):
        _app, table = _table(["human", "build-first", "build-first"], size=size, stock=10)
        cards = [rect for _, rect, _ in table.hand_layout()]
        assert len(cards) == 5
        for left, right in itertools.pairwise(cards):
            assert not left.colliderect(right), size
        panel = pygame.Rect(size[0] - 300, 0, 300, size[1])
        assert not any(r.colliderect(panel) for r in cards)
        assert all(r.bottom <= size[1] for r in cards)
