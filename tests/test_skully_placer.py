"""The words over the board never hide one another: call-outs, cap labels and the START word
are placed by one placer, around the caps, the box numbers and the START word."""

from __future__ import annotations

import itertools
import random

from skully_game.scenes.skully.placer import Wish, clamp, overlap, place


def boxes_apart(placed: dict[str, tuple[float, float, float, float]]) -> bool:
    return all(overlap(a, b) == 0 for a, b in itertools.combinations(placed.values(), 2))


def test_a_free_first_wish_is_taken_as_it_is():
    wish = Wish("label 0", (40, 16), ((100, 100), (0, 0)))
    assert place([wish]) == {"label 0": (100, 100, 40, 16)}


def test_a_spot_over_an_obstacle_or_a_thing_placed_gives_way_to_the_next():
    number = (95, 95, 30, 30)  # a box number where the label wanted to go
    first = Wish("callout 0", (40, 16), ((0, 0),), priority=2)
    label = Wish("label 0", (40, 16), ((100, 100), (10, 5), (200, 200)))
    got = place([label, first], [number])
    assert got["callout 0"] == (0, 0, 40, 16)  # the news first, where it wanted
    assert got["label 0"] == (200, 200, 40, 16)  # not on the number, not on the call-out


def test_the_ring_search_finds_room_when_every_wish_is_taken():
    blocker = Wish("callout 0", (60, 20), ((100, 100),), priority=1)
    label = Wish("label 1", (60, 20), ((100, 100),), search=60)
    got = place([blocker, label])
    assert set(got) == {"callout 0", "label 1"} and boxes_apart(got)


def test_no_room_at_all_leaves_a_label_out_but_a_must_goes_where_it_covers_least():
    frame = (0, 0, 50, 20)
    a = Wish("label 0", (50, 20), ((0, 0),), priority=1)
    b = Wish("label 1", (50, 20), ((0, 0),))
    assert place([a, b], frame=frame) == {"label 0": (0, 0, 50, 20)}
    start = Wish("START", (10, 10), ((0, 0), (20, 0)), must=True)
    cap_a, cap_b = (0, 0, 10, 10), (22, 0, 10, 10)  # both spots are partly under a cap
    assert place([start], [cap_a, cap_b]) == {"START": (20, 0, 10, 10)}  # the lesser cover


def test_everything_stays_in_the_frame():
    frame = (0, 0, 300, 200)
    wish = Wish("label 0", (80, 20), ((280, 190),))
    x, y, w, h = place([wish], frame=frame)["label 0"]
    assert x >= 0 and x + w <= 300 and y >= 0 and y + h <= 200
    assert clamp((-5, -5, 10, 10), frame) == (0, 0, 10, 10)


def test_the_placer_never_overlaps_two_things_it_placed():
    """Many crowded tables, drawn at random: whatever it places, it places apart (the `gap`
    too), and nothing it could have put clear of the obstacles lies on one."""
    rng = random.Random(5)
    for _ in range(300):
        frame = (0.0, 0.0, rng.uniform(150, 600), rng.uniform(100, 400))
        obstacles = [
            (rng.uniform(0, frame[2]), rng.uniform(0, frame[3]), 18.0, 18.0)
            for _ in range(rng.randrange(12))
        ]
        wishes = []
        for k in range(rng.randrange(1, 14)):
            x, y = rng.uniform(0, frame[2]), rng.uniform(0, frame[3])
            size = (rng.uniform(30, 160), rng.uniform(14, 30))
            spots = tuple((x + dx, y + dy) for dx, dy in ((12, -20), (-60, 12), (0, 20)))
            kind = rng.choice(("callout", "label"))
            wishes.append(Wish(f"{kind} {k}", size, spots, 2 if kind == "callout" else 1,
                               search=rng.choice((0, 60))))  # fmt: skip
        gap = rng.choice((0, 2))
        got = place(wishes, obstacles, frame, gap)
        grown = {k: (x - gap / 2, y - gap / 2, w + gap, h + gap) for k, (x, y, w, h) in got.items()}
        assert boxes_apart(grown), got
        for key, box in got.items():
            wish = next(w for w in wishes if w.key == key)
            spots = [clamp((x, y, *wish.size), frame) for x, y in wish.spots]
            if box in spots[:1] and any(overlap(box, o) for o in obstacles):
                # its first wish, on an obstacle: only when no spot of its own was clear
                others = [b for k, b in got.items() if k != key]
                near = [
                    (x - gap, y - gap, w + 2 * gap, h + 2 * gap)
                    for x, y, w, h in obstacles + others
                ]
                assert not any(all(overlap(s, o) == 0 for o in near) for s in spots)
