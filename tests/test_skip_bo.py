"""Skip-Bo's rules, from the seed's text and our rulings (cards/skip_bo/state.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import pytest

from cards.engine import IllegalActionError
from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot
from cards.skip_bo import events as ev
from cards.skip_bo.cards import WILD, deck


def staged(options: SkipBoOptions | None = None, seed: int = 1, **setup) -> SkipBoState:
    """A fresh game with some piles set by hand; seat 0 is to act."""
    state = SkipBoState(options or SkipBoOptions(), seed, record=True)
    for name, value in setup.items():
        setattr(state, name, value)
    state.refresh_tops()  # piles set by hand: the tops views hand out follow
    state._legal = None
    return state


def test_the_deck_holds_162_cards_and_the_1980_deck_168():
    assert Counter(deck()) == Counter({**{n: 12 for n in range(1, 13)}, WILD: 18})
    assert SkipBoOptions().deck_size == 162
    assert SkipBoOptions(edition_1980=True).deck_size == 168
    for options in (SkipBoOptions(), SkipBoOptions(edition_1980=True)):
        assert SkipBoState(options, 3).card_count() == options.deck_size


@pytest.mark.parametrize(("players", "stock", "size"), [(2, 0, 30), (4, 0, 30), (5, 0, 20),
                                                        (6, 0, 20), (4, 10, 10), (2, 40, 40)])  # fmt: skip
def test_stock_sizes_follow_the_player_count_and_the_option(players, stock, size):
    state = SkipBoState(SkipBoOptions(players=players, stock=stock), 2)
    assert [len(s) for s in state.stocks] == [size] * players


@pytest.mark.parametrize(
    ("values", "field"),
    [({"players": 6, "stock": 40}, "stock"), ({"players": 5, "partners": True}, "partners"),
     ({"players": 7}, "players"), ({"stock": 12}, "stock")],
)  # fmt: skip
def test_bad_options_are_named(values, field):
    with pytest.raises(ValueError, match=f"^{field}:"):
        SkipBoOptions(**values)


def test_a_turn_starts_with_five_cards_and_only_the_stock_top_is_seen():
    state = SkipBoState(SkipBoOptions(), 4)
    assert len(state.hands[0]) == 5
    view = state.observation(1)
    assert view.stock_tops[0] == state.stocks[0][-1]
    assert view.stock_sizes[0] == 30
    assert view.hand == tuple(state.hands[1]) and len(view.hand) == 0
    assert "hands" not in view.values()


def test_building_runs_from_1_up_and_a_wild_is_the_number_needed():
    state = staged(hands=[[1, 3, 5, 9, WILD], [], [], []], stocks=[[8, 2], [9], [9], [9]])
    legal = state.legal_actions()
    assert "H1>B0" in legal and "H3>B0" not in legal and "HW>B0" in legal
    state.apply_action("H1>B0")
    state.apply_action("S0>B0")  # the stock's 2
    state.apply_action("HW>B0")  # the wild as 3
    assert state.needs()[0] == 4
    played = [e for e in state.events if isinstance(e, ev.CardPlayed)]
    assert played[-1].value == 3


def test_a_wild_never_goes_on_a_wild_except_under_the_1980_rules():
    setup = {"hands": [[WILD, 9, 9, 9, 9], [], [], []], "build": [[1, WILD], [], [], []]}
    assert "HW>B0" not in staged(**setup).legal_actions()
    assert "HW>B0" in staged(SkipBoOptions(edition_1980=True), **setup).legal_actions()


def test_a_pile_reaching_12_is_set_aside():
    state = staged(hands=[[12, 3, 3, 3, 3], [], [], []], build=[list(range(1, 12)), [], [], []])
    state.apply_action("H12>B0")
    assert state.build[0] == [] and len(state.set_aside) == 12


def test_playing_all_five_hand_cards_draws_five_more_at_once():
    state = staged(hands=[[1, 2, 3, 4, 5], [], [], []])
    drawn = len(state.draw)
    for card in range(1, 6):
        state.apply_action(f"H{card}>B0")
    assert len(state.hands[0]) == 5 and len(state.draw) == drawn - 5
    assert state.current_player() == 0


def test_the_discard_ends_the_turn_onto_ones_own_pile_only():
    state = staged(hands=[[7, 8, 9, 10, 11], [], [], []])
    assert all(not a.endswith(">D4") for a in state.legal_actions())
    state.apply_action("H9>D2")
    assert state.discards[0][2] == [9] and state.current_player() == 1
    assert len(state.hands[1]) == 5
    assert not any(">D" in a and a.startswith("D") for a in state.legal_actions())


def test_an_empty_draw_pile_is_refilled_from_the_set_aside_piles():
    state = staged(hands=[[7, 8, 9, 10, 11], [], [], []], draw=[], set_aside=list(range(1, 13)))
    state.apply_action("H9>D0")
    assert len(state.hands[1]) == 5 and len(state.draw) == 7 and state.set_aside == []
    assert any(isinstance(e, ev.Reshuffled) for e in state.events)


def test_with_nothing_to_reshuffle_the_turn_goes_on_without_drawing():
    state = staged(hands=[[7, 8, 9, 10, 11], [5, 6], [], []], draw=[], set_aside=[])
    state.apply_action("H9>D0")
    assert state.hands[1] == [5, 6] and state.current_player() == 1


def test_an_empty_hand_with_nothing_to_draw_ends_the_turn_without_a_discard():
    state = staged(hands=[[], [], [], []], draw=[], set_aside=[], stocks=[[7], [7], [7], [7]])
    assert list(state.legal_actions()) == ["END"]
    state.apply_action("END")
    assert state.current_player() == 1


def test_a_full_round_with_nothing_built_ends_the_game_fewest_stock_cards_winning():
    state = staged(
        hands=[[9], [9], [9], [9]], draw=[], set_aside=[],
        stocks=[[7, 7], [7], [7], [7, 7, 7]],
    )  # fmt: skip
    for _ in range(4):
        state.apply_action("H9>D0")
    assert state.is_terminal()
    assert tuple(state.winners()) == (1, 2)  # a tie shares the win
    assert state.games[-1].by == "stalemate"
    assert state.returns() == [0.0, 0.5, 0.5, 0.0]


def test_the_turn_limit_ends_a_game_the_same_way():
    state = SkipBoState(SkipBoOptions(turn_limit=3), 1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(next(a for a in legal if ">D" in a and a.startswith("H")))
    assert state.games[-1].by in ("limit", "stalemate") and state.turn_count <= 3


def test_emptying_the_stock_wins_at_once():
    state = staged(hands=[[9, 9, 9, 9, 9], [], [], []], stocks=[[1], [5], [5], [5]])
    state.apply_action("S0>B0")
    assert state.is_terminal() and tuple(state.winners()) == (0,) and state.games[-1].by == "stock"


def test_partners_sit_opposite_play_each_others_stock_and_win_together():
    options = SkipBoOptions(players=4, partners=True)
    assert options.sides == ((0, 2), (1, 3))
    assert SkipBoOptions(players=6, partners=True).sides == ((0, 3), (1, 4), (2, 5))
    state = staged(options, hands=[[9, 9, 9, 9, 9], [], [], []], stocks=[[], [5], [1], [5]],
                   discards=[[[], [], [], []], [[1], [], [], []], [[], [], [2], []], [[], [], [], []]])  # fmt: skip
    legal = state.legal_actions()
    assert "S2>B0" in legal and "S1>B0" not in legal and "D1.0>B0" not in legal
    state.apply_action("S2>B0")  # the partner's last stock card: both stocks are empty
    assert tuple(state.winners()) == (0, 2)


def test_a_pair_needs_both_stocks_empty():
    options = SkipBoOptions(players=4, partners=True)
    state = staged(options, hands=[[9] * 5, [], [], []], stocks=[[1], [5], [5], [5]])
    state.apply_action("S0>B0")
    assert not state.is_terminal()


def test_a_match_scores_25_plus_5_per_card_in_the_other_stocks_and_deals_again():
    state = staged(
        SkipBoOptions(match_to=500),
        hands=[[9] * 5, [], [], []], stocks=[[1], [5, 5], [5], [5, 5, 5]],
    )  # fmt: skip
    state.apply_action("S0>B0")
    assert state.scores == [25 + 5 * 6, 0, 0, 0]
    assert not state.is_terminal() and state.game_index == 1
    assert state.current_player() == 1  # the next seat starts the next game
    assert [len(s) for s in state.stocks] == [30] * 4  # a fresh deal


def test_a_match_is_won_by_reaching_the_target():
    state = staged(
        SkipBoOptions(match_to=50), hands=[[9] * 5, [], [], []], stocks=[[1], [5] * 6, [], []]
    )
    state.apply_action("S0>B0")
    assert state.is_terminal() and tuple(state.winners()) == (0,)


def test_events_hide_another_players_draws_and_catch_up_the_same():
    live = SkipBoState(SkipBoOptions(), 7, record=True)
    for _ in range(30):
        if live.is_terminal():
            break
        live.apply_action(live.legal_actions()[-1])
    assert any(isinstance(e, ev.CardsDrawn) and e.seat != 1 for e in live.events)
    late = SkipBoState.replay(live.options, live.seed, live.history())
    assert late.events == live.events
    for e in live.events_for(1):
        if isinstance(e, ev.CardsDrawn) and e.seat != 1:
            assert e.cards is None


def test_illegal_actions_and_bad_saves_are_refused():
    state = SkipBoState(SkipBoOptions(), 1)
    with pytest.raises(IllegalActionError):
        state.apply_action("S1>B0")  # another player's stock
    with pytest.raises(IllegalActionError):
        state.apply_action("nonsense")
    record = state.to_record()
    with pytest.raises(ValueError, match="seed"):
        SkipBoState.from_record({**record, "seed": "x"})
    with pytest.raises(ValueError, match="stock"):
        SkipBoState.from_record({**record, "options": {"stock": 41}})


def test_a_game_is_its_options_seed_and_actions_in_a_fresh_process():
    state = SkipBoState(SkipBoOptions(players=3, stock=10), 11)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if ">B" in a), legal[0]))
    code = (
        "import json,sys; from cards.skip_bo import SkipBoState;"
        "s=SkipBoState.from_record(json.loads(sys.stdin.read()));"
        "print(json.dumps([s.winners(), [len(x) for x in s.stocks], s.discards]))"
    )
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(state.to_record()),
                         capture_output=True, text=True, check=True)  # fmt: skip
    winners, stocks, discards = json.loads(out.stdout)
    assert tuple(winners) == tuple(state.winners())
    assert stocks == [len(x) for x in state.stocks] and discards == state.discards


def test_a_glance_at_a_glance_is_the_views_own_fields() -> None:
    """The tuple a glance fills in as it is made holds the very fields the view reads."""
    state = SkipBoState(SkipBoOptions(players=4, partners=True), 3)
    bots = [make_bot("random", random.Random(p)) for p in range(4)]
    for _ in range(60):
        seat = state.current_player()
        glance = state.glance(seat)
        lazy = glance.replace()  # every field read one by one, at_a_glance left out
        del lazy.__dict__["at_a_glance"]
        lazy.__dict__.update(_state=state, _at=state._moves)
        assert lazy.at_a_glance == glance.at_a_glance
        state.apply_action(bots[seat].act(glance, state.legal_actions()))


def test_an_impossible_position_is_refused_naming_the_field():
    """Positions as text (cards/skip_bo/position.py): building piles built 1 up, no card more
    often than the box holds it, every card somewhere."""
    text = SkipBoState(SkipBoOptions(players=2, stock=10), 3).position()
    cases = {
        text.replace("build=-:-:-:-", "build=2:-:-:-"): "build: expected piles built 1 up",
        text.replace("build=-:-:-:-", "build=W,W:-:-:-"): "build: expected no SKIP-BO card on",
        text.replace("draw=", "draw=W,"): "cards: expected at most 18 of W",
        text.replace("set_aside=-", "set_aside=-").replace("draw=", "draw=-,"): "draw: expected",
    }
    for bad, words in cases.items():
        with pytest.raises(ValueError, match=words):
            SkipBoState.from_position(bad)
    by_hand = SkipBoState.from_position(  # draw=rest: what is not placed elsewhere
        "skip-bo rules=players:2,stock:10 seed=1 reshuffles=0 game=0 starter=0 turn=0 turns=1 "
        "played=0 idle=0 hands=1,2,3,4,W/- stocks=5/6 discards=-:-:-:-/-:-:-:- build=-:-:-:- "
        "draw=rest set_aside=- scores=0,0 games=-"
    )
    assert by_hand.card_count() == 162 and "H1>B0" in by_hand.legal_actions()
