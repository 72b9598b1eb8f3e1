"""The tutorial's lessons as data: a position in the judge's scenario format, one goal as the
events the rules must report, and a few lines in our own words. Checked by `tutorial.lessons()`
(tests/test_tutorial.py loads every one), so a mistake here is one line naming the field.

Every lesson is on the sidewalk board (the gentle one a first game suggests). The learner is
always "Ace", the first seat; Bobby and Carmen only stand on the board.
"""

from __future__ import annotations

from typing import Any

LEARNER = "Ace"


def _scenario(players: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A scenario on the sidewalk board with Ace to shoot (docs/judge-format.md)."""
    return {
        "format": "skully-scenario",
        "version": 1,
        "board": "sidewalk",
        "players": players,
        "shooter": LEARNER,
        **more,
    }


LESSONS: tuple[dict[str, Any], ...] = (
    {
        "key": "flick",
        "title": "Your first flick",
        "words": (
            "Skully is played with bottle caps on a board chalked in the street. Everyone "
            "starts behind the start line, by the corner box, and goes for box 1 first."
        ),
        "goal": "Flick your cap from behind the start line into box 1.",
        "passed": "You're in 1! A cap is in a box only when all of it is inside the lines.",
        "wants": [{"kind": "made", "player": LEARNER, "box": 1}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "1 forwards", "at": "start"},
                {"name": "Bobby", "going_for": "10 forwards", "at": "box:9"},
            ]
        ),
    },
    {
        "key": "course",
        "title": "The course",
        "words": (
            "The boxes make a course: 1, 2, 3 and on up to 13. You always go for the next one. "
            "Land in it and you pick your cap up, put it down anywhere in that box, and shoot "
            "again."
        ),
        "goal": "You're going for 3: land in box 3, then put your cap down in it.",
        "passed": "That's 3. Every box you get earns another shot, from the box you just made.",
        "wants": [
            {"kind": "made", "player": LEARNER, "box": 3},
            {"kind": "placed", "player": LEARNER, "reason": "place_award"},
        ],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "3 forwards", "at": "open:3"},
                {"name": "Bobby", "going_for": "5 forwards", "at": "box:4"},
            ]
        ),
    },
    {
        "key": "backwards",
        "title": "Back down from 13",
        "words": (
            "13, in the middle, is the top of the course. After it you go backwards: 12, 11, "
            "10 and all the way down to 1. Your cap sits in 13."
        ),
        "goal": "You're going for 12 backwards: shoot from 13 into box 12.",
        "passed": (
            "12 backwards! You shot from inside 13 straight into 12, so that was pipsies too: "
            "two boxes more."
        ),
        "wants": [{"kind": "made", "player": LEARNER, "box": 12}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "12 backwards", "at": "13"},
                {"name": "Bobby", "going_for": "7 forwards", "at": "box:6"},
            ]
        ),
    },
    {
        "key": "hits",
        "title": "Hits",
        "words": (
            "Touch another player's cap with yours and you get a box: +1, and another shot. "
            "Not too early: while you go for 1 or 2, a hit sends you back behind the start line."
        ),
        "goal": "You're going for 6: hit Bobby's cap with yours.",
        "passed": (
            "+1: the hit got you 6. Knock a cap into the box its owner is going for and you get +2."
        ),
        "wants": [{"kind": "hit", "player": LEARNER, "victim": "Bobby"}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "6 forwards", "at": "open:1"},
                {
                    "name": "Bobby",
                    "going_for": "3 forwards",
                    "at": {"region": "open:1", "offset": [0.3, -0.12]},
                },
            ]
        ),
    },
    {
        "key": "pipsies",
        "title": "Pipsies",
        "words": (
            "Shoot from inside the box you just made straight into the next one, in one shot, "
            "and that's pipsies: two boxes more on top."
        ),
        "goal": "You're in 8, going for 9: shoot from 8 straight into 9.",
        "passed": "Pipsies! 9, and two more: you're in 11 already.",
        "wants": [{"kind": "pipsies", "player": LEARNER}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "9 forwards", "at": "box:8"},
                {"name": "Bobby", "going_for": "2 forwards", "at": "box:1"},
            ]
        ),
    },
    {
        "key": "thirteen",
        "title": "13 is not the skull",
        "words": (
            "13 sits in the middle of the skull: the four sections around it. A cap that stops "
            "in the skull is stuck there, but 13 itself is safe."
        ),
        "goal": "You're going for 13: land right in 13, not short of it in the skull.",
        "passed": "In 13, and not stuck: the skull is only the four sections around it.",
        "wants": [{"kind": "made", "player": LEARNER, "box": 13}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "13 forwards", "at": "open:4"},
                {"name": "Bobby", "going_for": "4 forwards", "at": "box:3"},
            ]
        ),
    },
    {
        "key": "skull",
        "title": "Stuck in the skull",
        "words": (
            "A cap that stops in the skull is stuck: its owner loses every turn until someone "
            "knocks it out. Knocking a stuck cap out, or into another section, pays the "
            "number chalked in its section (a tap that leaves it there is a plain hit)."
        ),
        "goal": "Bobby is stuck in the 6. You're going for 7: hit Bobby's cap.",
        "passed": "+6: the skull paid its number.",  # and where Bobby went: tutorial.passed_words
        "wants": [{"kind": "hit", "player": LEARNER, "victim": "Bobby", "skull_number": 6}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "7 forwards", "at": "open:3"},
                {"name": "Bobby", "going_for": "4 forwards", "at": "trap:6", "stuck": True},
            ]
        ),
    },
    {
        "key": "linesies",
        "title": "Linesies",
        "words": (
            "Linesies: when you get 13, or a box of a pair, you may put your cap down anywhere "
            "on the lines joined to it. 13's lines run into the skull's, so you can start from "
            "the corner nearest 12. The catch: a cap on the lines is not in 13, so that shot "
            "is never pipsies."
        ),
        "goal": "You made 13. Shoot into 12 from the lines nearest it.",
        "passed": (
            "12 backwards, from the shortest shot in the game. No pipsies: you shot from the "
            "lines, not from inside 13. From inside 13 the shot is longer, but pays two boxes "
            "more."
        ),
        "wants": [{"kind": "made", "player": LEARNER, "box": 12}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "13 forwards", "at": "open:2"},
                {"name": "Bobby", "going_for": "9 forwards", "at": "box:7"},
            ],
            shot={"after": {LEARNER: "13"}},
        ),
    },
    {
        "key": "killer",
        "title": "Going for killer",
        "words": (
            "After 1 backwards you go for 13 once more: that is going for killer. There are no "
            "pipsies on this shot."
        ),
        "goal": "You're in 1 backwards: shoot into 13.",
        "passed": "13 again. Next come the four sections of the skull, one shot each.",
        "wants": [{"kind": "made", "player": LEARNER, "box": 13}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "killer", "at": "box:1"},
                {"name": "Bobby", "going_for": "6 forwards", "at": "box:5"},
            ]
        ),
    },
    {
        "key": "diller",
        "title": "The killer diller",
        "words": (
            "From 13 you shoot round the four sections of the skull, one shot and one word each: "
            "I'm (into any section), a (into one beside it), killer, diller, always the same way "
            "round. Miss one and you go for killer again. You have said three words already."
        ),
        "goal": "Say “diller”: shoot from the 6 at the top into the 8 on the right.",
        "passed": (
            "I'm a killer diller! Your cap goes out of town, far off the board: you are a killer."
        ),
        "wants": [{"kind": "became_killer", "player": LEARNER}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "going_for": "diller 4", "diller": ["bottom", "left", "top"]},
                {"name": "Bobby", "going_for": "3 forwards", "at": "box:2"},
            ]
        ),
    },
    {
        "key": "out-of-town",
        "title": "Out of town: three hits",
        "words": (
            "A killer comes back from out of town to hunt. Hit the same player on three shots "
            "in a row and they are out: a shot that misses them starts their count again, and "
            "a shot that touches no one ends your turn."
        ),
        "goal": "You're a killer out of town: hit Bobby three times in a row.",
        "passed": "Bobby is out. The last player with a cap in play wins the game.",
        "shots": 3,
        "wants": [{"kind": "eliminated", "player": "Bobby", "by": LEARNER}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "killer": True, "fresh_killer": True},
                {"name": "Bobby", "going_for": "11 forwards", "at": "box:12"},
                {"name": "Carmen", "going_for": "4 forwards", "at": "box:3"},
            ]
        ),
    },
    {
        "key": "killers",
        "title": "Killer against killer",
        "words": (
            "Another killer goes out with a single hit. And a player who is not a killer and "
            "touches a killer's cap becomes a killer at once."
        ),
        "goal": "Carmen is a killer too: hit Carmen's cap once.",
        "passed": "Carmen is out with one hit. Now you know the whole game: go and play!",
        "wants": [{"kind": "eliminated", "player": "Carmen", "by": LEARNER}],
        "scenario": _scenario(
            [
                {"name": LEARNER, "killer": True, "at": "open:1"},
                {"name": "Bobby", "going_for": "8 forwards", "at": "box:7"},
                {
                    "name": "Carmen",
                    "killer": True,
                    "at": {"region": "open:1", "offset": [0.3, -0.08]},
                },
            ]
        ),
    },
)
