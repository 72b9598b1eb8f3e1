"""Skull's engine against the seed's own text (shared/seeds/skull-rules.md) and its rulings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cards import fuzz
from cards.engine import TERMINAL, IllegalActionError
from cards.skull import GAME, Outcome, Phase, SkullOptions, SkullState
from cards.skull.cards import is_skull, rank_of, suit_of

HANDS = [
    ["KC", "2C", "2H", "2D"],  # the seed's one-deck example
    ["KH", "3D", "3S", "3C"],
    ["KD", "4S", "4H", "4D"],
]


def rigged(hands: list[list[str]] = HANDS, **opts: object) -> SkullState:
    """A game whose hands are chosen (a test arrangement, which no (options, seed, actions)
    describes, so it records its events from the start), seat 0 to start."""
    options = SkullOptions(players=len(hands), **opts)  # type: ignore[arg-type]
    state = SkullState(options, seed=0, record=True)
    state.hands = [sorted(h) for h in hands]
    return state


def play(state: SkullState, *actions: str) -> SkullState:
    for action in actions:
        state.apply_action(action)
    return state


def first_round(state: SkullState, *cards: str) -> SkullState:
    """Everyone's secret first card, in turn order from the starter."""
    return play(state, *(f"PLACE:{c}" for c in cards))


# ---- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_one_deck_gives_each_a_king_and_three_flowers_of_one_number_in_different_suits(seed):
    state = SkullState(SkullOptions(players=4, decks=1), seed)
    numbers = set()
    for hand in state.hands:
        kings = [c for c in hand if is_skull(c)]
        flowers = [c for c in hand if not is_skull(c)]
        assert len(kings) == 1 and len(flowers) == 3
        assert len({rank_of(c) for c in flowers}) == 1 and len({suit_of(c) for c in flowers}) == 3
        numbers.add(rank_of(flowers[0]))
    assert len(numbers) == 4  # a different number each
    dealt = [c for hand in state.hands for c in hand]
    markers = [c for pair in state.markers for c in pair]
    assert len(set(dealt + markers)) == len(dealt) + len(markers)  # one deck: no card twice


def test_three_decks_give_three_identical_flowers_and_seat_eight():
    state = SkullState(SkullOptions(players=8, decks=3), 3)
    for hand in state.hands:
        flowers = [c for c in hand if not is_skull(c)]
        assert len(set(flowers)) == 1 and len(flowers) == 3 and sum(map(is_skull, hand)) == 1
    assert len(state.markers) == 8 and all(len(m) == 2 for m in state.markers)


def test_one_deck_holds_four_skulls_so_five_players_need_three_decks():
    with pytest.raises(ValueError, match="players: expected 2-4 with 1 deck"):
        SkullOptions(players=5, decks=1)
    with pytest.raises(ValueError, match="decks: expected 1 or 3"):
        SkullOptions(decks=2)
    assert SkullOptions.from_dict({"players": "6", "decks": "3", "open-bid": "yes"}).open_bid


# ---- placement and bidding ------------------------------------------------------------------------


def test_the_first_placement_is_secret_then_the_starter_places_or_bids():
    state = rigged()
    assert state.phase is Phase.FIRST and state.current_player() == 0
    play(state, "PLACE:2C")
    seen = state.observation(1)
    assert seen.placed_first == (True, False, False) and seen.stack_heights == (1, 0, 0)
    assert seen.my_stack == () and "2C" not in seen.hand
    assert state.observation(0).my_stack == ("2C",)
    first_round(state, "KH", "4S")
    assert state.phase is Phase.PLACE and state.current_player() == 0
    assert "PLACE:KC" in state.legal_actions() and "BID:3" in state.legal_actions()
    assert "BID:4" not in state.legal_actions()  # no more than the cards on the table


def test_a_bid_ends_the_placement_and_a_pass_is_final():
    state = first_round(rigged(), "2C", "3D", "4S")
    play(state, "PLACE:2H", "BID:2")  # seat 0 places, seat 1 opens the bidding
    assert state.phase is Phase.BID and state.current_player() == 2
    assert not any(a.startswith("PLACE") for a in state.legal_actions())
    assert list(state.legal_actions()) == ["BID:3", "BID:4", "PASS"]
    play(state, "PASS")  # seat 2 is out of this bidding
    assert state.current_player() == 0
    play(state, "BID:3")  # seat 0 raises; seat 2 is skipped, seat 1 is asked
    assert state.current_player() == 1
    play(state, "PASS")  # everyone else passed: seat 0 is the Challenger
    assert state.phase is Phase.REVEAL and state.challenger == 0 and state.bid == 3


def test_a_player_with_no_card_in_hand_must_bid():
    state = first_round(rigged([["KC", "2C", "2H", "2D"], ["KH", "3D", "3S", "3C"]]), "2C", "3D")
    for card in ("2H", "3S", "2D", "3C", "KC", "KH"):
        play(state, f"PLACE:{card}")
    assert state.hands[0] == [] and state.current_player() == 0
    assert list(state.legal_actions()) == [f"BID:{b}" for b in range(1, 9)]


def test_bidding_every_card_on_the_table_goes_straight_to_the_reveal():
    state = first_round(rigged(), "2C", "3D", "4S")
    play(state, "BID:3")
    assert state.phase is Phase.REVEAL and state.challenger == 0


# ---- the reveal and its consequences -------------------------------------------------------------


def test_the_challenger_turns_their_own_stack_first_top_down_then_any_top_card():
    state = first_round(rigged(), "2C", "3D", "4S")
    play(state, "PLACE:2H", "PLACE:3S", "PLACE:4H", "BID:5", "PASS", "PASS")
    assert list(state.legal_actions()) == ["FLIP:0"]
    play(state, "FLIP:0")
    assert state.revealed == [(0, "2H")]  # the top of the stack first
    assert list(state.legal_actions()) == ["FLIP:0"]
    play(state, "FLIP:0")
    assert list(state.legal_actions()) == ["FLIP:1", "FLIP:2"]
    play(state, "FLIP:2")
    assert state.revealed[-1] == (2, "4H")  # a stack's top card before the one below
    play(state, "FLIP:2")
    assert state.revealed[-1] == (2, "4S") and list(state.legal_actions()) == ["FLIP:1"]


def test_a_made_bid_turns_a_win_marker_down_and_the_challenger_starts_the_next_round():
    state = first_round(rigged(), "2C", "3D", "4S")
    play(state, "BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1")
    assert state.won == [1, 0, 0] and state.rounds[-1].outcome is Outcome.WON
    assert state.phase is Phase.FIRST and state.starter == 0
    assert all(len(h) == 4 for h in state.hands)  # every stack picked up again


def test_two_win_markers_win_the_game():
    state = first_round(rigged(), "2C", "3D", "4S")
    play(state, "BID:1", "PASS", "PASS", "FLIP:0")
    first_round(state, "2C", "3D", "4S")
    play(state, "BID:1", "PASS", "PASS", "FLIP:0")
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, 0.0, 0.0]
    assert state.current_player() == TERMINAL and list(state.legal_actions()) == []


def test_their_own_skull_the_challenger_chooses_the_card_to_lose_and_starts_again():
    state = first_round(rigged(), "KC", "3D", "4S")
    play(state, "BID:2", "PASS", "PASS", "FLIP:0")
    assert state.phase is Phase.DISCARD and state.current_player() == 0
    assert state.rounds[-1].outcome is Outcome.OWN_SKULL
    assert list(state.legal_actions()) == [f"DISCARD:{c}" for c in state.hands[0]]
    play(state, "DISCARD:2C")
    assert state.lost[0] == ["2C"] and "KC" in state.hands[0] and state.starter == 0
    assert state.observation(0).my_lost == ("2C",)
    assert state.observation(1).my_lost == () and state.observation(1).lost_counts == (1, 0, 0)


def test_anothers_skull_its_owner_draws_one_card_unseen_and_starts_the_next_round():
    state = first_round(rigged(), "2C", "KH", "4S")
    play(state, "BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1")
    assert state.phase is Phase.DRAW and state.current_player() == 1
    assert list(state.legal_actions()) == ["DRAW:0", "DRAW:1", "DRAW:2", "DRAW:3"]
    assert state.observation(1).draw_count == 4 and state.observation(2).draw_count == 4
    drawn = state.draw_order[2]
    play(state, "DRAW:2")
    assert state.lost[0] == [drawn] and state.starter == 1
    assert state.observation(1).my_draws == ((0, drawn),)  # the drawer saw it
    assert state.observation(2).my_draws == ()  # nobody else did


def test_with_bold_the_challenger_starts_next_whatever_happened():
    state = first_round(rigged(bold=True), "2C", "KH", "4S")
    play(state, "BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1", "DRAW:0")
    assert state.starter == 0


def test_a_challenger_who_loses_their_last_card_is_out_and_the_next_player_starts():
    state = SkullState.from_position(  # seat 1 has only its Skull left
        "skull rules=players:3 seed=0 round=0 starter=0 phase=first turn=0 bid=0 bidder=- "
        "challenger=- owner=- hands=KC,2C,2H,2D/KH/KD,4S,4H,4D stacks=-/-/- "
        "markers=AC:AD/AH:AS/5C:5D lost=-/3D,3S,3C/- drawn=-/-/- passed=- offers=- revealed=- "
        "draw=- rounds=-"
    )
    first_round(state, "2C", "KH", "4S")
    play(state, "BID:3", "FLIP:0", "FLIP:1", "DRAW:0")  # seat 0 hits seat 1's Skull
    assert len(state.hands[0]) == 3 and state.starter == 1
    first_round(state, "KH", "4D", state.hands[0][0])
    assert list(state.legal_actions()) == ["BID:1", "BID:2", "BID:3"]  # seat 1 must bid
    play(state, "BID:1", "PASS", "PASS", "FLIP:1", "DISCARD:KH")  # its own Skull, its last card
    assert not state.live(1) and state.starter == 2 and state.current_player() == 2
    assert state.observation(0).cards_left == (3, 0, 4)


def test_the_last_player_with_cards_wins():
    state = SkullState.from_position(  # seat 1 has only its Skull left
        "skull rules=players:2 seed=0 round=0 starter=0 phase=first turn=0 bid=0 bidder=- "
        "challenger=- owner=- hands=KC,2C,2H,2D/KH stacks=-/- markers=AC:AD/AH:AS "
        "lost=-/3D,3S,3C drawn=-/- passed=- offers=- revealed=- draw=- rounds=-"
    )
    first_round(state, "2C", "KH")
    play(state, "PLACE:2H", "BID:3")  # seat 1 must bid: every card on the table, so no passes
    play(state, "FLIP:1", "DISCARD:KH")
    assert state.is_terminal() and state.winner == 0


# ---- Open Bid -------------------------------------------------------------------------------------


def test_open_bid_asks_everyone_still_in_from_the_bidders_left_and_the_first_raise_takes_it():
    state = first_round(rigged(open_bid=True), "2C", "3D", "4S")
    play(state, "PLACE:2H", "BID:2")  # seat 1 bids; seats 2 then 0 are asked
    assert state.current_player() == 2 and state.legal_actions()[-1] == "HOLD"
    assert state.observation(0).offers == (2, 0)
    play(state, "HOLD", "BID:3")  # seat 0 raises: now seats 1 then 2 are asked
    assert state.bidder == 0 and state.offers == [1, 2]
    play(state, "HOLD", "HOLD")  # everyone holds: the bid stands
    assert state.phase is Phase.REVEAL and state.challenger == 0


def test_in_open_bid_holding_is_not_passing():
    state = first_round(rigged(open_bid=True), "2C", "3D", "4S")
    play(state, "PLACE:2H", "BID:2", "HOLD", "BID:3", "BID:4")  # seat 1 held, then raised
    assert state.bidder == 1 and state.phase is Phase.REVEAL  # 4 = every card on the table


# ---- what a seat knows ----------------------------------------------------------------------------


def test_the_seeds_one_deck_leak_a_skull_known_gone():
    """Player 1 lost a card (their Skull, unseen), then showed 2, 3 and 4 of clubs: they hold
    three cards and all three are Flowers, so everyone knows the Skull is gone."""

    def show(state: SkullState, flower: str) -> None:
        state.won = [0] * state.num_players  # (the rounds seat 0 wins do not matter here)
        first_round(state, flower, *(state.hands[p][0] for p in range(1, state.num_players)))
        play(state, "BID:1", *["PASS"] * (state.num_players - 1), "FLIP:0")

    hands = [["2C", "3C", "4C", "KC"], ["5C", "5D", "5S", "KH"], ["6D", "6H", "6S", "KD"]]
    state = rigged(hands)
    state.hands[0], state.lost[0] = ["2C", "3C", "4C"], ["KC"]
    assert state.observation(1).skull_gone == (False, False, False)
    show(state, "2C")
    show(state, "3C")
    assert not state.observation(1).skull_gone[0]  # two Flowers shown, three cards held
    show(state, "4C")
    assert state.observation(1).skull_gone[0] and state.observation(2).skull_gone[0]
    assert state.observation(0).skull_gone == (True, False, False)  # they know it themselves
    three = rigged([["2C", "2C", "2C", "KC"], ["3D", "3D", "3D", "KH"]], decks=3)
    three.hands[0], three.lost[0] = ["2C", "2C", "2C"], ["KC"]
    for _ in range(3):
        show(three, "2C")
    assert not three.observation(1).skull_gone[0]  # identical Flowers: nothing leaks


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = first_round(rigged(), "2C", "3D", "4S")
    before = state.history()
    for wrong in ("BID:4", "BID:0", "PLACE:KH", "FLIP:1", "PASS", "DRAW:0", "nonsense", 7):
        with pytest.raises(IllegalActionError):
            state.apply_action(wrong)  # type: ignore[arg-type]
    assert state.history() == before


# ---- fuzz and determinism -------------------------------------------------------------------------


def test_random_games_keep_every_card_and_end_under_every_rule_set():
    """The seeded fuzz: cards conserved, bids in range, a winner exactly at the end, the cheap
    legality check right, saves and (options, seed, actions) rebuilding the same game."""
    assert fuzz.fuzz(GAME, range(400), check_every=3) > 20_000
    for seed in range(10):
        fuzz.check_determinism(GAME, seed)


def test_a_game_is_its_options_seed_and_actions_in_a_fresh_process():
    playout = fuzz.random_playout(GAME, 11, check_every=10**9)
    record = json.dumps(playout.state.to_record())
    script = (
        "import json, sys\n"
        "from cards.skull import SkullState\n"
        "s = SkullState.from_record(json.loads(sys.stdin.read()))\n"
        "print(json.dumps([s.hands, s.lost, s.won, s.winner, [r.outcome.value for r in s.rounds]]))"
    )
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONHASHSEED="7", PYTHONPATH=root)
    out = subprocess.run(
        [sys.executable, "-c", script], input=record, capture_output=True, text=True, env=env
    )
    assert out.returncode == 0, out.stderr
    s = playout.state
    here = [s.hands, s.lost, s.won, s.winner, [r.outcome.value for r in s.rounds]]
    assert json.loads(out.stdout) == json.loads(json.dumps(here))


# ---- events ---------------------------------------------------------------------------------------


def test_events_keep_each_secret_with_its_seat():
    from cards.skull import events as ev

    state = first_round(rigged(), "2C", "KH", "4S")
    play(state, "BID:2", "PASS", "PASS", "FLIP:0", "FLIP:1", "DRAW:1")
    mine = [e for e in state.events_for(0) if isinstance(e, ev.CardPlaced)]
    theirs = [e for e in state.events_for(1) if isinstance(e, ev.CardPlaced)]
    assert [e.card for e in mine] == ["2C", None, None]  # seat 0 sees its own card only
    assert [e.card for e in theirs] == [None, "KH", None]
    drawn = state.lost[0][0]
    by_drawer = next(e for e in state.events_for(1) if isinstance(e, ev.CardDrawn))
    by_loser = next(e for e in state.events_for(0) if isinstance(e, ev.CardDrawn))
    assert by_drawer.card == drawn and by_loser.card is None and by_loser.left == 3
    turned = [(e.owner, e.card) for e in state.events_for(2) if isinstance(e, ev.CardTurned)]
    assert turned == [(0, "2C"), (1, "KH")]  # turned cards are public


def test_events_caught_up_on_first_read_match_events_recorded_live():
    for seed in range(5):
        quiet = fuzz.random_playout(GAME, seed, check_every=10**9).state
        assert isinstance(quiet, SkullState) and not quiet.recording
        loud = SkullState.replay(quiet.options, quiet.seed, quiet.history(), record=True)
        assert quiet.events == loud.events and quiet.recording
        for p in range(quiet.num_players):  # nothing of another's placed cards in anyone's log
            theirs = {c for q in range(quiet.num_players) if q != p for c in quiet.lost[q]}
            for event in quiet.events_for(p):
                card = getattr(event, "card", None)
                if type(event).__name__ in ("CardPlaced", "CardDiscarded"):
                    assert card is None or getattr(event, "seat", None) == p
                assert not (
                    type(event).__name__ == "CardDrawn" and card in theirs and event.seat != p
                )


def test_the_long_fuzz_tool_runs_every_rule_set(capsys):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import fuzz_cards

    assert fuzz_cards.main(["skull", "--games", "4"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert len(summary["sets"]) == 8 and all(s["games"] == 4 for s in summary["sets"].values())


def test_an_impossible_position_is_refused_naming_the_field():
    """Positions as text (cards/skull/position.py): each seat's four cards, one Skull among
    them, the Challenger's stack turned from the top down."""
    text = SkullState(SkullOptions(players=4), 3).position()
    hand = text.split(" hands=")[1].split("/")[0]
    flowers = [c for c in hand.split(",") if not is_skull(c)]
    cases = {
        text.replace(f"hands={hand}", f"hands={hand},AC"): "hands: expected 4 cards for seat 0",
        text.replace(f"hands={hand}", f"hands=KD,{','.join(flowers)}"): "expected KD at most once",
        text.replace("phase=first", "phase=reveal"): "turn: expected the Challenger",
    }
    for bad, words in cases.items():
        with pytest.raises(ValueError, match=words):
            SkullState.from_position(bad)
