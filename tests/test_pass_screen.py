"""Pass screens at a shared desk need a deliberate act of the person they name: input meant for
one's own move (a double-click, a second Enter, a key still held) never opens the next person's
hand. The three cases found by playing come first, then the rules of the screen itself."""

from __future__ import annotations

import pygame

from cards.skull import Phase as SkullPhase
from cards.skull import SkullOptions
from cards.skull.cards import is_skull
from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull import adapter as skull_adapter
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull.table import SkullTable
from skully_game.scenes.skull_king import adapter as sk_adapter
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell.freshpress import ARM_SECONDS
from tests.ui_helpers import click, ev, key, make_app, take_pass_screen


def double_click(app, pos: tuple[int, int], gap_ticks: int = 12) -> None:
    """Two clicks a tenth of a second apart, as a hand double-clicks."""
    click(app, pos)
    for _ in range(gap_ticks):
        app.tick()
    click(app, pos)


def press(app, k: int, ticks: int = 10) -> None:
    """A key pressed and let go, then a short wait, as a finger types."""
    app.dispatch(key(k))
    app.dispatch(ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick()


class Faces:
    """Every card face a game's adapter draws."""

    def __init__(self, monkeypatch, game) -> None:
        self.codes: list[str] = []
        real = game.card_image

        def spy(code, *args, **kw):
            self.codes.append(code)
            return real(code, *args, **kw)

        monkeypatch.setattr(game, "card_image", spy)


def _sit_down(table) -> None:
    """Everyone at the desk until a person is to act, that person sitting at the screen."""
    for _ in range(50):
        table.run_bots_now()
        if table.passing is None:
            return
        table.reveal()


def test_skull_king_a_double_click_on_a_bid_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
    match = Match(SKULL_KING, SkullKingOptions(players=3), 3, seats)
    table = SkullKingTable(app, match)
    app.stack.push(table)
    _sit_down(table)
    assert table.viewer == 0 and table.my_turn() and table.state.phase.value == "bid"
    anne = set(table.state.hands[1])
    faces = Faces(monkeypatch, sk_adapter.GAME)
    one = next(b for b in table.choice_buttons if b.label == "1")
    double_click(app, one.rect.center)
    app.run_frames(3)
    assert table.bid_chosen == "BID:1" and table.state.bids[0] is None  # chosen, not made
    confirm = next(w for w in table.widgets.widgets if w.label.startswith("Confirm bid"))
    double_click(app, confirm.rect.center)  # a shared desk's bid is made on Confirm
    app.run_frames(3)
    assert table.state.bids[0] == 1
    assert table.passing == 1, "the pass screen to Anne is still up"
    assert not anne & set(faces.codes), "Anne's hand was drawn"


def test_skull_a_double_click_on_a_card_to_place_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "cautious")]
    table = SkullTable(app, Match(SKULL, SkullOptions(players=3), 4, seats))
    app.stack.push(table)
    _sit_down(table)
    assert table.viewer == 0 and table.my_turn()
    anne = set(table.state.hands[1])
    faces = Faces(monkeypatch, skull_adapter.GAME)
    rect = next(r for c, r, _ in table.hand_layout() if table.playable(c))
    double_click(app, rect.move(0, -18).center)
    app.run_frames(60)  # the card flies onto her stack, watched by all; then Anne's screen
    assert len(table.state.stacks[0]) == 1
    assert table.passing == 1
    assert not anne & set(faces.codes), "Anne's hand was drawn"
    log = " ".join(text for text, _ in table.log_rows(2000))
    assert "Anne places the" not in log


def test_skull_three_people_right_enter_enter_never_opens_the_next_hand(monkeypatch):
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico")]
    table = SkullTable(app, Match(SKULL, SkullOptions(players=3), 6, seats))
    app.stack.push(table)
    table.reveal()  # Bea places her first card
    table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    table.reveal()  # Anne sits down
    assert table.viewer == 1 and table.my_turn()
    assert table.state.phase is SkullPhase.FIRST
    calico = set(table.state.hands[2])
    faces = Faces(monkeypatch, skull_adapter.GAME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    app.run_frames(60)  # the card flies onto her stack, watched by all; then Calico's screen
    assert len(table.state.stacks[1]) == 1, "Anne placed her card"
    assert table.passing == 2
    assert not calico & set(faces.codes), "Calico's hand was drawn"
    log = " ".join(text for text, _ in table.log_rows(2000))
    assert "Calico places" not in log


# --- the screen's own rules -------------------------------------------------------------------


def _key_up(app, k: int) -> None:
    app.dispatch(ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def _ticks(app, seconds: float) -> None:
    for _ in range(round(seconds * 120)):
        app.tick()


def _two_people_at_skull_king():
    app = make_app()
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 3, seats))
    app.stack.push(table)
    return app, table


def test_the_pass_screen_swallows_input_from_before_it_and_arms_after_a_visible_delay():
    app, table = _two_people_at_skull_king()
    assert table.passing == 0 and not table.gate.armed
    button = table.pass_button()
    app.dispatch(key(pygame.K_RETURN))  # a key pressed as it appears, and held down
    click(app, button.center)  # a click on the button before it is armed
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))  # held ...
    _ticks(app, ARM_SECONDS / 2)
    assert 0.3 < table.gate.readiness < 1.0, "the button greys in"
    _ticks(app, ARM_SECONDS * 0.6)
    assert table.gate.armed
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=button.center, button=1))  # ... let go now
    for _ in range(5):  # the held key repeats
        app.dispatch(key(pygame.K_RETURN))
    click(app, table.lay().table.midtop)  # a click elsewhere
    app.dispatch(key(pygame.K_a))  # any other key
    assert table.passing == 0 and table.hand_layout() == []
    _key_up(app, pygame.K_RETURN)
    app.dispatch(key(pygame.K_RETURN))  # pressed afresh, after arming
    assert table.passing is None and table.viewer == 0 and table.hand_layout()


def test_a_pass_screen_keeps_input_from_before_it_off_its_side_panel_too():
    """The second click of a double-click on Start game lands on Save and leave: swallowed.
    Once the screen is armed, a fresh click on the side panel works as ever."""
    from skully_game.shell.dialogs import ConfirmDialog

    app, table = _two_people_at_skull_king()
    leave = next(w for w in table.widgets.widgets if w.label == "Save and leave")
    sheet = next(w for w in table.widgets.widgets if w.label == "Score sheet")
    click(app, leave.rect.center)
    app.dispatch(key(pygame.K_TAB))
    assert app.stack.top is table and not table.sheet
    _ticks(app, ARM_SECONDS + 0.1)
    click(app, sheet.rect.center)
    assert table.sheet and table.passing == 0
    click(app, leave.rect.center)
    assert isinstance(app.stack.top, ConfirmDialog)


def test_the_named_button_opens_an_armed_pass_screen_and_a_new_person_waits_again():
    app, table = _two_people_at_skull_king()
    _ticks(app, ARM_SECONDS + 0.1)
    click(app, table.pass_button().center)
    assert table.passing is None and table.viewer == 0
    table.act(table.state.legal_actions()[0])  # Bea bids; Anne is next
    assert table.passing == 1 and not table.gate.armed, "Anne's screen starts its delay afresh"
    app.run_frames(1)
    _ticks(app, ARM_SECONDS + 0.1)
    click(app, table.pass_button().center)
    assert table.passing is None and table.viewer == 1


# --- Skull: public screens, the draw, the reveal -----------------------------------------------


def _skull_at(want, players: int = 3, people: int = 3):
    """A Skull table of `people` people (and computer players) at the first position `want`
    accepts, reached by random legal actions of some seed; the table opened there as Resume
    opens it."""
    import random

    from cards.skull import SkullState

    options = SkullOptions(players=players)
    for seed in range(400):
        rng = random.Random(seed)
        state = SkullState(options, seed)
        for _ in range(300):
            if state.is_terminal():
                break
            if want(state):
                names = ["Bea", "Anne", "Calico", "Dora"]
                seats = [
                    TableSeat(names[i], "human" if i < people else "cautious")
                    for i in range(players)
                ]
                match = Match(SKULL, options, seed, seats)
                match.state = skull_adapter.GAME.replay(match.state, state.history())
                app = make_app()
                table = SkullTable(app, match)
                app.stack.push(table)
                return app, table
            legal = state.legal_actions()
            places = [a for a in legal if a.startswith("PLACE:")]
            state.apply_action(rng.choice(places if places and rng.random() < 0.6 else legal))
    raise AssertionError("no seed reached the position")


class Drawn:
    """Every card face and text drawn, through the tables' own spy hook."""

    def __init__(self) -> None:
        from skully_game.scenes.cardtable import secrecy

        self.seen: list[secrecy.Seen] = []
        self.context = secrecy.spying(self.seen.append, skull_adapter.GAME)

    def __enter__(self) -> Drawn:
        self.context.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.context.__exit__(*exc)

    def cards(self) -> set[str]:
        return {s.item for s in self.seen if s.kind == "card"}

    def texts(self) -> str:
        return " | ".join(s.item for s in self.seen if s.kind == "text")

    def clear(self) -> None:
        self.seen.clear()


def test_skull_a_public_reveal_shows_no_hand():
    app, table = _skull_at(lambda s: s.phase is SkullPhase.REVEAL, people=2)
    challenger = table.state.challenger
    assert table.passing is None, "a reveal all watch needs no pass screen"
    assert table.viewer == challenger and table.my_turn()
    held = {c for p in range(3) for c in table.state.hands[p]}
    with Drawn() as drawn:
        app.run_frames(2)
    assert table.hand_layout() == [] and not held & drawn.cards()
    spot = next(p for p in table.choosable_spots())
    click(app, spot.stack_rect().center)  # the Challenger turns a card in front of everyone
    assert table.state.flipped[challenger] >= 1 or table.state.phase is not SkullPhase.REVEAL


def test_skull_next_round_after_the_public_summary_goes_through_a_pass_screen():
    app, table = _skull_at(
        lambda s: (
            s.phase is SkullPhase.REVEAL
            and s.challenger == 0
            and len(s.stacks[0]) == 1
            and not is_skull(s.stacks[0][0])
            and s.won[0] == 0
            and s.bid == 1
        ),
        people=2,
    )
    app.run_frames(1)
    click(app, next(p for p in table.choosable_spots()).stack_rect().center)
    for _ in range(900):  # the card turned and read, the bid made, the Win Marker flying
        if table.summary is not None:
            break
        app.tick()
    assert table.summary is not None
    assert table.seeing() is None and table.private_views() == [] and table.hand_layout() == []
    starter = table.state.current_player()
    _ticks(app, 0.6)  # the summary read a moment
    press(app, pygame.K_RETURN)  # Next round ...
    press(app, pygame.K_RETURN)  # ... and Enter again at once
    app.run_frames(1)
    for _ in range(400):  # the next deal flies out
        if table.passing is not None:
            break
        app.tick()
    assert table.passing == starter and table.hand_layout() == []


def test_skull_the_card_drawn_from_a_beaten_challenger_shows_to_the_drawer_alone():
    app, table = _skull_at(lambda s: s.phase is SkullPhase.DRAW)
    drawer, beaten = table.state.current_player(), table.state.challenger
    assert table.passing is None and table.seeing() is None, "the draw is watched by all"
    app.run_frames(1)
    cards = table.choosable_spots()
    assert cards and all(p.spot.cards == (None,) for p in cards)
    turned = {c for rec in table.state.rounds for _, c in rec.revealed}

    def told(drawn: Drawn, card: str) -> bool:
        """Whether the frames drawn named the drawn card as drawn, or showed its face."""
        name = skull_adapter.describe(card)
        texts = drawn.texts()
        face = card in drawn.cards() and card not in turned  # a card turned before is known
        return face or f"the {name} from" in texts or "The card you drew" in texts

    with Drawn() as drawn:
        click(app, cards[0].stack_rect().center)
        card = table.state.drawn[drawer][-1][1]
        for _ in range(200):
            app.tick()
            if table.passing is not None:
                break
        assert table.passing == drawer and table.glance == drawer
        app.run_frames(3)
        assert not told(drawn, card), "the pass screen shows it"
        take_pass_screen(app, table)  # the drawer alone looks (and clicks again at once)
        click(app, table.pass_button().center)
        press(app, pygame.K_RETURN)
        assert table.glance == drawer, "a second click or Enter does not hide it at once"
        drawn.clear()
        app.run_frames(2)
        assert told(drawn, card) and card in drawn.cards()
        name = skull_adapter.describe(card)
        mine = [s for s in drawn.seen if s.item == card or f"the {name} from" in s.item]
        assert mine and all(s.owner == drawer and s.viewer == drawer for s in mine)
        _ticks(app, ARM_SECONDS + 0.05)
        press(app, pygame.K_RETURN)  # Done
        assert table.glance is None
        for _ in range(400):
            if table.summary is not None or table.over():
                break
            app.tick()
        drawn.clear()
        app.run_frames(2)
        assert table.seeing() is None
        assert not told(drawn, card), "the public screen tells it"
    words = " ".join(text for text, _ in table.log_rows(4000))
    assert f"{table.names[drawer]} draws one of {table.names[beaten]}'s cards" in words


def test_skull_king_a_trick_a_person_ends_is_watched_without_their_hand(monkeypatch):
    """The trick a person's card ends is shown to everyone at the desk (its winner too): the
    hand of the person who played it goes at once, as after any other play, and the next
    private view comes through a pass screen."""
    from skully_game.scenes.cardtable.game import Taken
    from skully_game.scenes.cardtable.secrecy import EVERYONE

    app, table = _two_people_at_skull_king()
    faces = Faces(monkeypatch, sk_adapter.GAME)
    for _ in range(300):
        _sit_down(table)
        table.settle()
        seat = table.viewer
        assert table.my_turn()
        table.act(table.game.legal(table.state)[0])
        if table.hold > 0 or any(isinstance(p, Taken) for p in table.pending):
            hand = set(table.state.hands[seat])
            faces.codes.clear()
            app.run_frames(3)
            assert table.showing() and table.seeing() is EVERYONE
            assert hand and not hand & set(faces.codes), "the hand was drawn under the trick"
            return
    raise AssertionError("no trick was ended by a person")


def test_a_ten_card_hand_fits_the_smallest_window_turned_corners_and_all():
    """Broadside deals ten cards: the fan's outer cards, lowest and most turned, stay inside
    the window at 1024x640 (their corners were cut off by its bottom edge)."""
    import math

    from cards.skull_king.options import RoundPlan
    from skully_game.scenes.cardtable.carddraw import CARD_H, CARD_W

    app = make_app((1024, 640))
    seats = [TableSeat("Bea"), TableSeat("Calico", "heuristic"), TableSeat("Mary", "heuristic")]
    options = SkullKingOptions(players=3, round_plan=RoundPlan.BROADSIDE)
    table = SkullKingTable(app, Match(SKULL_KING, options, 3, seats))
    app.stack.push(table)
    _sit_down(table)
    hand = table.hand_layout()
    assert len(hand) == 10
    for _, rect, angle in hand:
        turn = math.radians(abs(angle))
        half_h = (CARD_W * math.sin(turn) + CARD_H * math.cos(turn)) / 2
        assert rect.centery + half_h <= 640 - 4, (rect, angle)


def test_skull_pass_is_a_key_beside_the_bids():
    """In the bidding, the numbers bid by their digits and Pass by P (each button's tooltip
    names its key): no choice is out of the keyboard's reach."""
    app, table = _skull_at(
        lambda s: s.phase is SkullPhase.BID and "PASS" in s.legal_actions(), people=1
    )
    _sit_down(table)
    seat = table.viewer
    assert table.my_turn() and table.state.phase is SkullPhase.BID
    app.run_frames(1)
    tips = {b.label: b.tooltip for b in table.choice_buttons}
    assert tips["Pass"].endswith("key P") and all(
        tips[label].endswith(f"key {label}") for label in tips if len(label) == 1
    )
    press(app, pygame.K_q)  # no choice starts with Q: nothing happens
    assert table.state.phase is SkullPhase.BID and table.game.to_act(table.state) == seat
    before = len(table.state.history())
    press(app, pygame.K_p)
    assert table.state.history()[before:][:1] == ["PASS"]


def test_skull_a_card_the_pointer_left_is_not_played_by_one_key(monkeypatch):
    """The pointer names a hand card for Enter while it is over it; once it has left the hand
    (a drag let go on the felt, say), the first Space only chooses a card again."""
    app, table = _skull_at(lambda s: s.phase is SkullPhase.PLACE, people=1)
    _sit_down(table)
    assert table.my_turn()
    app.run_frames(1)
    _code, rect, _ = table.hand_layout()[0]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.cursor == 0
    app.dispatch(ev(pygame.MOUSEMOTION, pos=(20, 300), rel=(0, 0), buttons=(0, 0, 0)))
    before = len(table.state.history())
    press(app, pygame.K_SPACE)
    assert len(table.state.history()) == before and table.cursor >= 0  # chosen, not played
    press(app, pygame.K_SPACE)
    assert len(table.state.history()) == before + 1  # the second plays it
