"""A first game that works: Play the computer from the menu in one click (you against one computer
player at the level and on the board last chosen), a first New game against a computer (not
against yourself), taking a shot back against computers (never with two people at the desk),
Play again and Watch the replay after a game, and Skip to my turn while stuck in the skull."""

from __future__ import annotations

import time

import pygame
import pytest

from skully_game.core.choices import recall, remember
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skully.dialogs import GameOverScene
from skully_game.scenes.skully.setup import SkullySetupScene, WarmUpOffer
from skully_game.scenes.skully.table import SkullyGameScene
from skully_game.scenes.skully.warmup import note_warm_up
from skully_game.shell.widgets import Button
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import (
    GameSetup,
    Seat,
    computer_game_setup,
    first_game_setup,
    setup_to_choices,
)
from skully_game.skully.guide import GuideMode
from skully_game.skully.hand import HandLevel
from skully_game.skully.physics import Flick
from skully_game.skully.rules import DecisionKind, RuleError, suggested_spot
from skully_game.skully.session import Seat as RecordSeat
from skully_game.skully.session import Session, ShotAction, load_session, session_from_dict
from tests.ui_helpers import click, ev, key, make_app, run_until_still


@pytest.fixture
def app():
    app = make_app()
    app.stack.push(MenuScene(app))
    yield app
    app.stack.clear()


def entry(menu: MenuScene, label: str) -> Button:
    return next(w for w in menu.widgets.widgets if w.label == label)  # type: ignore[return-value]


def button(scene, label: str) -> Button | None:
    return next((w for w in scene.widgets.widgets if w.label.startswith(label)), None)


def place_all(app, scene: SkullyGameScene) -> None:
    """Every cap put behind the start line (a person by Enter, computers by themselves)."""
    for _ in range(400):
        if scene.state.can_shoot:
            return
        if scene.actor() is not None and scene.plays_here(scene.actor()):
            app.dispatch(key(pygame.K_RETURN))
        app.run_frames(1)
    raise AssertionError("the caps were never all put down")


# --- Play the computer ---------------------------------------------------------------------------


def test_play_the_computer_the_first_time_is_the_gentle_game_against_a_beginner_computer(app):
    menu = app.stack.top
    click(app, entry(menu, "Play the computer").rect.center)
    assert isinstance(app.stack.top, WarmUpOffer), "a player who never warmed up is asked once"
    app.dispatch(key(pygame.K_RETURN))  # Play now, the default
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    seats = game.session.seats
    assert [s.kind for s in seats] == ["human", "beginner"]
    assert seats[0].hand is HandLevel.STEADIER
    assert game.session.board_spec.name == "sidewalk"
    assert game.session.take_backs  # a casual game against the computer
    assert recall("skully") == (None, None), "New game's choices are not touched"


def test_play_the_computer_takes_the_level_and_board_last_chosen_and_leaves_new_game_be(app):
    last = GameSetup(
        seats=[
            Seat("Zed", 3, CapType.WAX, hand=HandLevel.SKILLED),
            Seat("Yolanda", 4),
            Seat("Max", 5, kind="street-legend"),
        ],
        board="eight-foot",
    )
    remember("skully", setup_to_choices(last))
    note_warm_up("used")  # asked no more
    menu = app.stack.top
    menu._layout()
    tip = entry(menu, "Play the computer").tooltip
    assert "street legend computer player" in tip and "eight-foot" in tip
    click(app, entry(menu, "Play the computer").rect.center)
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    seats = game.session.seats
    assert [(s.name, s.kind) for s in seats] == [("Zed", "human"), ("Max", "street-legend")]
    assert seats[0].cap is CapType.WAX and seats[0].hand is HandLevel.SKILLED
    assert game.session.board_spec.name == "eight-foot"
    # New game still opens on the full three-seat setup
    again = SkullySetupScene(app)
    assert [s.name for s in again.setup.seats] == ["Zed", "Yolanda", "Max"]


def test_play_the_computer_after_a_game_of_people_only_adds_a_beginner_computer():
    last = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], board="classic")
    setup = computer_game_setup(setup_to_choices(last), 1)
    assert [(s.name, s.kind) for s in setup.seats] == [("Ace", "human"), ("Bobby", "beginner")]
    assert len({s.colour for s in setup.seats}) == 2 and setup.problem() is None


def test_the_first_new_game_is_you_against_a_computer_not_against_yourself(app):
    setup = first_game_setup(3)
    assert [s.kind for s in setup.seats] == ["human", "beginner"]
    scene = SkullySetupScene(app)
    app.stack.push(scene)
    assert scene.first_game
    start = next(w for w in scene.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    assert game.planners.keys() == {1}, "Bobby is a computer player"
    assert game.session.take_backs


# --- taking a shot back --------------------------------------------------------------------------


def session_vs_computer(take_backs: bool = True, kinds=("human", "regular")) -> Session:
    seats = tuple(
        RecordSeat(name, CapType.CROWN, i, kind, HandLevel.SKILLED)
        for i, (name, kind) in enumerate(zip(("Ace", "Bobby", "Carmen"), kinds, strict=False))
    )
    session = Session(GameSetup().spec(), GameSetup().options, seats, 11, take_backs=take_backs)
    for _ in range(len(seats)):
        d = session.state.decision
        assert d is not None and d.kind is DecisionKind.PLACE_START
        session.place(d.player, suggested_spot(session.state, session.board, d))
    return session


def shoot(session: Session, speed: float = 2.0) -> None:
    meant = Flick(0, 0.8, speed)
    made = session.made_flick(session.state.to_play, meant)
    flick, result, _ = session.simulate(made.angle, made.speed, made.offset)
    session.judge(flick, result)


def test_a_shot_taken_back_puts_every_cap_back_and_is_taken_again():
    session = session_vs_computer()
    before_state, before_actions = session.state, list(session.actions)
    shoot(session)
    assert session.state != before_state and session.can_take_back()
    assert session.take_back() == 0
    assert session.state == before_state and session.actions == before_actions
    assert session.taken_back == [len(before_actions)]
    assert not session.can_take_back(), "one shot back, not the one before it"
    # the shot taken again draws a wobble of its own: the first one cannot be learned
    meant = Flick(0, 0.8, 2.0)
    first = Session(session.board_spec, session.options, session.seats, session.seed)
    first.actions = list(session.actions)
    assert session.made_flick(0, meant) != first.made_flick(0, meant)
    shoot(session)
    assert not session.can_take_back(), "once: the shot taken again stands"


def test_a_shot_taken_again_stands_even_while_the_computer_cannot_shoot():
    """A take-back is once per shot: with the computer's turns passing by (its cap stuck, say),
    the person cannot take back and shoot again till the wobble suits them."""
    session = session_vs_computer()
    shoot(session)
    session.take_back()
    for _ in range(3):
        shoot(session)
        assert not session.can_take_back()
        while session.state.to_play != 0 and not session.state.over:
            shoot(session)  # the computer's seat shoots (here by hand), the person's turn comes
        if session.state.over:
            break
        shoot(session)
        assert session.can_take_back(), "a new shot may be taken back once"
        session.take_back()


def test_a_game_with_a_shot_taken_back_saves_and_replays_exactly(tmp_path):
    session = session_vs_computer()
    shoot(session)
    session.take_back()
    shoot(session, 1.5)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = load_session(path)
    assert loaded.state == session.state and loaded.actions == session.actions
    assert loaded.taken_back == session.taken_back and loaded.take_backs
    shot = len(loaded.actions) - 1
    assert isinstance(loaded.actions[shot], ShotAction)
    assert loaded.meant_flick(shot) == session.meant_flick(shot), "told as the table told it"
    # an older record, without the two fields, loads with no shot ever taken back
    data = session.to_dict()
    del data["take_backs"], data["taken_back"]
    old = session_from_dict(data)
    assert not old.take_backs and old.taken_back == []


def test_no_shot_is_taken_back_with_two_people_at_the_desk(app):
    two = session_vs_computer(kinds=("human", "human"))
    shoot(two)
    assert not two.can_take_back()
    with pytest.raises(RuleError):
        two.take_back()
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1), Seat("Carmen", 2, kind="regular")])
    setup.take_backs = True
    assert not setup.offers_take_backs()
    scene = SkullySetupScene(app, setup)
    app.stack.push(scene)
    assert button(scene, "Take back a shot") is None, "not offered with two people"
    game = SkullyGameScene.new(app, setup)
    assert not game.session.take_backs
    assert not session_vs_computer(take_backs=False).can_take_back()


def test_ctrl_z_at_the_table_puts_the_caps_back_and_says_so(app):
    setup = first_game_setup(5)
    game = SkullyGameScene.new(app, setup)
    app.stack.push(game)
    place_all(app, game)
    assert game.state.to_play == 0 and game.plays_here(0)
    before = game.state
    positions = list(game.table.positions)
    assert button(game, "Take back the shot") is None, "nothing to take back yet"
    game._flick(Flick(0, 0.8, 2.5))
    run_until_still(app, game.table)
    app.run_frames(1)
    assert game.state.shots == 1
    assert button(game, "Take back the shot") is not None, "offered once there is a shot"
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert game.state == before and game.state.shots == 0
    assert game.table.positions == positions
    assert any(text == "Ace took back the shot" for text, _ in game.log)
    news = [text for text, _ in game.banner]
    assert news[0] == "Ace took back the shot", "the news of the shot taken back is gone"
    assert sum(text.endswith(" to shoot") for text in news) <= 1, "one turn's news at a time"
    app.run_frames(1)
    assert button(game, "Take back the shot") is None
    assert load_session(game.path).actions == game.session.actions, "saved as it stands"


# --- after the game ------------------------------------------------------------------------------


def finished_game(app) -> SkullyGameScene:
    session = session_vs_computer()
    game = SkullyGameScene(app, session)
    app.stack.push(game)
    game.save()
    return game


def test_play_again_keeps_the_seats_and_options_with_a_new_seed(app):
    game = finished_game(app)
    game.session.flick_guide = GuideMode.OFF  # the players agreed to go without: the next game too
    over = GameOverScene(app, game)
    app.stack.push(over)
    labels = [w.label for w in over.widgets.widgets]
    assert labels == ["Look at the board", "Watch the replay", "Play again", "Back to menu"]
    assert over.widgets.focus == 0, "the harmless choice has the keys"
    click(app, button(over, "Play again").rect.center)
    again = app.stack.top
    assert isinstance(again, SkullyGameScene) and again is not game
    assert again.session.seats == game.session.seats
    assert again.session.options == game.session.options
    assert again.session.board_spec == game.session.board_spec
    assert again.session.take_backs == game.session.take_backs
    assert again.session.flick_guide == game.session.flick_guide
    assert again.session.distance_guide == game.session.distance_guide
    assert again.session.seed != game.session.seed and not again.session.actions
    assert isinstance(app.stack.scenes[-2], MenuScene), "the finished table is gone"


def test_watch_the_replay_opens_the_game_just_played_and_comes_back(app):
    from skully_game.scenes.replay.viewer import ReplayScene

    game = finished_game(app)
    over = GameOverScene(app, game)
    app.stack.push(over)
    click(app, button(over, "Watch the replay").rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.record.actions == game.session.actions
    app.stack.pop()
    assert app.stack.top is over


# --- Skip to my turn -----------------------------------------------------------------------------


def test_skip_to_my_turn_plays_the_computers_at_once_until_the_person_must_act(app):
    setup = GameSetup(
        seats=[
            Seat("Ace", 0),
            Seat("Bobby", 1, kind="beginner"),
            Seat("Carmen", 2, kind="beginner"),
        ],
        seed=9,
    )
    game = SkullyGameScene.new(app, setup)
    app.stack.push(game)
    place_all(app, game)
    assert game.state.to_play == 0
    assert not game.can_skip(), "not while the person has a turn"
    board = game.session.board
    cx, cy = board.centre
    skull = (cx, cy + (game.session.board_spec.skull_side / 2 + 0.12) / 2)
    # Ace's cap lies stuck in the skull, and it is Bobby's turn
    game.session.state = game.state.with_player(0, stuck=True, pos=skull)
    game.session.state = type(game.state)(**{**game.state.__dict__, "to_play": 1})
    game._sync()
    app.run_frames(1)
    assert game.can_skip()
    skip = button(game, "Skip to my turn")
    assert skip is not None
    click(app, skip.rect.center)
    assert game.skipping
    shots = game.state.shots
    deadline = time.monotonic() + 60
    while game.state.shots < shots + 3 and time.monotonic() < deadline:
        app.run_frames(1)
        assert not game.table.busy, "no shot is played out on the table while skipping"
        time.sleep(0.005)
    assert game.state.shots >= shots + 3
    # someone knocks Ace out of the skull: the skip ends when Ace has a move
    game.session.state = game.state.with_player(0, stuck=False)
    while game.skipping and time.monotonic() < deadline:
        app.run_frames(1)
        time.sleep(0.005)
    assert not game.skipping
    assert not game.computers_to_move(), "Ace (or nobody: the game is over) has the move"


def test_ctrl_z_in_a_game_without_take_backs_changes_nothing(app):
    setup = GameSetup(seats=[Seat("Ace", 0), Seat("Bobby", 1)], seed=4)
    game = SkullyGameScene.new(app, setup)
    app.stack.push(game)
    place_all(app, game)
    game._flick(Flick(0, 0.8, 2.5))
    run_until_still(app, game.table)
    state = game.state
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    assert game.state == state and not any("took back" in t for t, _ in game.log)
    assert any("off in this game" in t.message for t in app.toasts)  # and says why


# --- keys that were not meant ---------------------------------------------------------------------


class KeyState:
    def __init__(self, down: set[int]) -> None:
        self.down = down

    def __getitem__(self, k: int) -> bool:
        return k in self.down


def test_an_enter_held_on_the_way_back_to_the_menu_starts_no_game(app, monkeypatch):
    note_warm_up("declined")  # the game at once, no question
    menu = app.stack.top
    assert menu.widgets.widgets[menu.widgets.focus].label == "Play the computer"
    app.stack.push(SkullySetupScene(app))
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: KeyState({pygame.K_RETURN}))
    app.stack.pop()  # back at the menu with Enter still down
    app.dispatch(key(pygame.K_RETURN))  # its repeat
    assert app.stack.top is menu, "a held Enter presses nothing"
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
    app.dispatch(key(pygame.K_RETURN))  # pressed again: meant
    assert isinstance(app.stack.top, SkullyGameScene)


def test_a_seat_list_held_enter_chooses_once_and_esc_changes_nothing(app):
    from skully_game.shell.widgets import Dropdown

    scene = SkullySetupScene(app, GameSetup(seed=2))
    app.stack.push(scene)
    who = [w for w in scene.widgets.widgets if isinstance(w, Dropdown)][1]
    scene.widgets.focus = scene.widgets.widgets.index(who)
    before = scene.setup.seats[1].who
    app.dispatch(key(pygame.K_RETURN))
    assert who.expanded
    app.dispatch(key(pygame.K_RETURN))  # the held key's repeat: the list stays open
    assert who.expanded and scene.setup.seats[1].who == before
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_ESCAPE))  # closes the list, changes nothing, stays on the setup
    assert not who.expanded and scene.setup.seats[1].who == before and app.stack.top is scene
    # by the pointer: a click opens it, a click on "Computer, skilled" takes it
    click(app, who.rect.center)
    assert who.expanded
    app.draw(0.5)
    row = next(rect for i, label, rect in who._row_rects() if label == "Computer, skilled")
    click(app, row.center)
    assert scene.setup.seats[1].who == "skilled"
    new = [w for w in scene.widgets.widgets if isinstance(w, Dropdown)][1]
    assert not new.expanded and new.value == "skilled"
    # a click beside an open list closes it and presses nothing under it
    click(app, new.rect.center)
    start = next(w for w in scene.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    assert app.stack.top is scene and not new.expanded


def test_a_resumed_game_tells_where_a_shot_was_taken_back(app):
    game = SkullyGameScene.new(app, first_game_setup(6))
    app.stack.push(game)
    place_all(app, game)
    game._flick(Flick(0, 0.8, 2.5))
    run_until_still(app, game.table)
    game.take_back()
    app.stack.pop()
    resumed = SkullyGameScene.from_save(app, game.path)
    assert any(text == "Ace took back the shot" for text, _ in resumed.log)


def test_a_game_that_cannot_simply_be_played_again_offers_no_play_again(app):
    from skully_game.scenes.online.skully import OnlineSkullyScene

    # online, Play again is the host's alone (tests/test_online_skully_rematch.py)
    assert isinstance(OnlineSkullyScene.plays_again, property)
    game = finished_game(app)
    game.plays_again = False
    over = GameOverScene(app, game)
    labels = [w.label for w in over.widgets.widgets]
    assert labels == ["Look at the board", "Watch the replay", "Back to menu"]


def test_the_official_rules_take_no_shot_back_and_the_setup_offers_it_to_one_person(app):
    scene = SkullySetupScene(app, first_game_setup(3))
    app.stack.push(scene)
    row = button(scene, "Take back a shot")
    assert row is not None and row.value is True
    scene._preset("official")
    assert not scene.setup.take_backs and button(scene, "Take back a shot").value is False
    assert scene.setup.flick_guide is GuideMode.OFF, "the street's rules: no ghost cap to aim by"
    assert button(scene, "Flick guide").value is GuideMode.OFF
    scene._preset("baby stuff")
    assert scene.setup.take_backs, "the casual preset takes shots back"
    assert scene.setup.flick_guide is GuideMode.ALWAYS, "the casual preset: the ghost every shot"
    assert button(scene, "Flick guide").value is GuideMode.ALWAYS
    scene.setup.seats[1].choose("slingshot:skilled")  # two people now
    scene._layout()
    assert button(scene, "Take back a shot") is None


def test_a_double_click_on_start_game_does_not_press_the_tables_button_under_it(app):
    """The second click of a double click on Start game landed on Save and leave, in the same
    place, and asked 'Leave the game?'."""
    from skully_game.scenes.skully.setup import SkullySetupScene

    setup = SkullySetupScene(app)
    app.stack.push(setup)
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    game = app.stack.top
    assert isinstance(game, SkullyGameScene)
    click(app, start.rect.center)  # the second click, a moment later
    assert app.stack.top is game, "nothing opened over the table"
    app.run_frames(40)  # once a double click is over, the panel's buttons work
    leave = next(w for w in game.widgets.widgets if w.rect.collidepoint(start.rect.center))
    click(app, leave.rect.center)
    assert app.stack.top is not game


def test_the_last_shooter_is_who_shot_last():
    session = session_vs_computer()
    assert session.last_shooter() is None
    shoot(session)
    assert session.last_shooter() == 0


def test_a_computer_waits_long_enough_for_a_shot_to_be_taken_back(app, tmp_path):
    """After a person's shot that may be taken back, the computer player waits seconds before
    it shoots (a newcomer reading the result found every Ctrl+Z 'too late' after about 2 s)."""
    from skully_game.shell.app import TICK

    session = session_vs_computer()
    shoot(session)
    assert session.state.to_play == 1 and session.can_take_back()
    game = SkullyGameScene(app, session, path=tmp_path / "game.json")
    app.stack.push(game)
    app.run_frames(round(2.8 / (2 * TICK)))  # 2.8 s of the table's time: still there
    assert session.can_take_back() and game.thinking is None
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert session.taken_back, "Ctrl+Z took the shot back"


def test_a_slingshot_pulled_towards_the_goal_is_told_how_the_pull_works():
    """A newcomer drags the slingshot towards the box, as if flicking: the cap goes the other
    way, and the miss's words say how the pull works; an ordinary miss does not."""
    from skully_game.skully.misses import MissReport, pulled_the_wrong_way

    backwards = MissReport(along=-0.4, side_deg=130.0, goal="2")
    assert "pull back, away from where you aim" in pulled_the_wrong_way(backwards)
    assert pulled_the_wrong_way(MissReport(along=-0.3, side_deg=8.0, goal="3")) == ""
