"""A Skull hint is safe to follow (issue 40's play-test followed hints out of the game: an
opening bid of 3 with only its own Skull in its stack; its last card staked on others' stacks
when passing cost nothing). The strong player's bluffs stay its own."""

from __future__ import annotations

from cards.skull import Phase, SkullOptions, SkullState
from cards.skull.cards import is_skull
from cards.skull.hints import safer


def _skull_laid_first() -> SkullState:
    state = SkullState(SkullOptions(players=3), seed=2)
    for _ in range(3):
        seat = state.current_player()
        legal = state.legal_actions()
        places = [a for a in legal if a.startswith("PLACE:")]
        skull = [a for a in places if is_skull(a.partition(":")[2])]
        state.apply_action(skull[0] if seat == 0 else places[0])
    assert state.current_player() == 0 and state.phase is Phase.PLACE
    return state


def test_a_bluffing_bid_is_hinted_as_a_flower_placed_instead() -> None:
    state = _skull_laid_first()
    obs, legal = state.observation(0), tuple(state.legal_actions())
    assert "BID:3" in legal
    safe = safer(obs, legal, "BID:3")
    assert safe.startswith("PLACE:") and not is_skull(safe.partition(":")[2])
    assert safer(obs, legal, safe) == safe, "a place is left as it is"


def test_a_bid_ones_own_flowers_cover_is_left_as_it_is() -> None:
    state = SkullState(SkullOptions(players=3), seed=2)
    for _ in range(3):
        legal = state.legal_actions()
        flowers = [a for a in legal if a.startswith("PLACE:") and not is_skull(a[6:])]
        state.apply_action(flowers[0])
    obs, legal = state.observation(0), tuple(state.legal_actions())
    assert safer(obs, legal, "BID:1") == "BID:1"


def test_a_bid_counting_on_two_of_others_cards_is_hinted_one_past_ones_flowers() -> None:
    """Three stacks of one Flower: the strong player's opening 3 needs both others' cards to
    be Flowers; the hint offers 2, one past one's own (a play-test lost a card to the 3)."""
    state = SkullState(SkullOptions(players=3), seed=2)
    for _ in range(3):
        legal = state.legal_actions()
        flowers = [a for a in legal if a.startswith("PLACE:") and not is_skull(a[6:])]
        state.apply_action(flowers[0])
    obs, legal = state.observation(0), tuple(state.legal_actions())
    assert safer(obs, legal, "BID:3") == "BID:2"
    assert safer(obs, legal, "BID:2") == "BID:2", "one of others' cards: left as it is"
