"""Play again by readiness at Skully across desks (issue 43): every person's Play again says
they are ready (before, only the host had it and it began the next game at once); then the
host's place shows Start now and a guest's whom the game waits for; the panel marks each ready
seat. Synthetic: a stand-in link and state, no server, no game played."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame

from skully_game.scenes.online.skully import OnlineSkullyScene


class FakeLink:
    def __init__(self, host: bool) -> None:
        self.host = host
        self.ending = None
        self.lost = ""
        self.sent: list[bool] = []
        self.lobby: dict[str, Any] = {"seats": [
            {"seat": 0, "kind": "person", "name": "Anne", "again": False},
            {"seat": 1, "kind": "person", "name": "Bea", "again": False},
            {"seat": 2, "kind": "computer", "name": "Computer 3", "again": False},
        ]}  # fmt: skip

    def again(self, now: bool = False) -> None:
        self.sent.append(now)


def _table(host: bool, me: int = 0) -> Any:
    table = SimpleNamespace(link=FakeLink(host), me=me, asked_again=False,
                            state=SimpleNamespace(over=True), laid=0)  # fmt: skip
    table.plays_again = True
    table._layout = lambda: setattr(table, "laid", table.laid + 1)
    for name in ("say_ready", "start_now", "again_button", "ready_seats"):
        setattr(table, name, getattr(OnlineSkullyScene, name).__get__(table))
    return table


RECT = pygame.Rect(0, 0, 300, 36)


def test_a_guest_says_ready_and_is_told_whom_the_game_waits_for() -> None:
    bea = _table(host=False, me=1)
    button = bea.again_button(RECT)
    assert button.label == "Play again" and button.enabled
    button.on_click()
    assert bea.link.sent == [False]  # ready, not "start now"
    bea.link.lobby["seats"][1]["again"] = True
    waiting = bea.again_button(RECT)
    assert waiting.label == "Waiting for Anne" and not waiting.enabled
    bea.say_ready()  # said once
    assert bea.link.sent == [False]
    assert bea.ready_seats() == {1}


def test_the_host_says_ready_then_may_start_now() -> None:
    anne = _table(host=True)
    anne.start_now()  # not before she is ready
    assert anne.link.sent == []
    anne.again_button(RECT).on_click()
    start = anne.again_button(RECT)
    assert start.label == "Start now" and start.tooltip.startswith("Waiting for Bea")
    start.on_click()
    assert anne.link.sent == [False, True]


def test_no_play_again_once_the_room_is_closed() -> None:
    anne = _table(host=True)
    anne.plays_again = False
    anne.say_ready()
    assert anne.link.sent == [] and not anne.asked_again


def test_skirrids_keys_line_says_whom_a_ready_person_waits_for() -> None:
    from skully_game.scenes.online.again import PlaysAgain
    from skully_game.scenes.skirrid.standings import KEYS_LINE

    class Standings:
        def standings_keys(self) -> str:
            return KEYS_LINE

    class Table(PlaysAgain, Standings):
        def offers_again(self) -> bool:
            return True

    table = Table()
    table.lobby = FakeLink(True).lobby
    table.shadow = SimpleNamespace(seat=0)
    assert table.standings_keys().startswith("A: play again")  # not ready yet
    table.again_asked = True
    keys = table.standings_keys()
    assert keys.startswith("You are ready: waiting for Bea · R: watch the replay")
    assert "A: play again" not in keys
    table.lobby["seats"][1]["again"] = True
    assert table.standings_keys().startswith("Everyone is ready · ")


def _green_in(surface: pygame.Surface, area: pygame.Rect) -> int:
    from skully_game.shell import theme

    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if surface.get_at((x, y))[:3] == theme.OK[:3]
    )


def test_ready_seats_are_marked_where_the_seats_are_in_sight() -> None:
    from skully_game.scenes.online.again import PlaysAgain

    pygame.font.init()
    boxes = {0: pygame.Rect(10, 10, 200, 60), 1: pygame.Rect(10, 100, 200, 60)}

    class Seats:
        def paint_seats(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))

        def seat_rects(self) -> dict[int, pygame.Rect]:
            return boxes

    class Table(PlaysAgain, Seats):
        def offers_again(self) -> bool:
            return True

    table = Table()
    table.lobby = FakeLink(True).lobby
    table.lobby["seats"][1]["again"] = True  # Bea is ready; Anne is not
    surface = pygame.Surface((240, 180))
    table.paint_seats(surface)
    assert _green_in(surface, boxes[1]) > 20 and _green_in(surface, boxes[0]) == 0


def test_skip_bos_final_table_keeps_start_now_off_the_piles() -> None:
    from skully_game.scenes.online.again import PlaysAgain
    from skully_game.shell.widgets import Button

    back = pygame.Rect(600, 500, 250, 40)

    class End:
        def end_buttons(self, row: pygame.Rect) -> list[Button]:
            return [Button(back, "Back to the result")]

    class Table(PlaysAgain, End):
        table_seen = True
        again_asked = True

        def offers_again(self) -> bool:
            return True

        def hosting(self) -> bool:
            return True

    table = Table()
    table.lobby, table.shadow = FakeLink(True).lobby, SimpleNamespace(seat=0)
    buttons = table.end_buttons(pygame.Rect(100, 500, 500, 40))
    assert [b.label for b in buttons] == ["Back to the result"] and buttons[0].rect == back
    assert table.again_in_row  # (and the table adds none of its own)
    table.table_seen = False  # the result on show: Start now beside the replay
    labels = [b.label for b in table.end_buttons(pygame.Rect(100, 500, 500, 40))]
    assert labels == ["Start now", "Back to the result"]
