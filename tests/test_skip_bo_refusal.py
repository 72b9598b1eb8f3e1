"""Skip-Bo says why a move is refused in a player's words, and refuses exactly what the rules
refuse: the table shows these words, so they must name piles as the table does."""

from __future__ import annotations

import random
import re

from cards.skip_bo import SkipBoOptions, SkipBoState
from cards.skip_bo.state import _PARSED


def _every_action(players: int) -> list[str]:
    """Every action string of the game for this many seats, and a few that are none."""
    out = [a for a in _PARSED if not re.search(rf"[SD]([{players}-9])", a)]
    return [*out, "S0>D1", "D0.1>D2", "H7>X", "nonsense"]


def test_a_refusal_is_none_exactly_for_the_legal_actions_and_never_speaks_in_codes():
    rng = random.Random(4)
    for options in (SkipBoOptions(players=2, stock=10), SkipBoOptions(players=4, partners=True)):
        state = SkipBoState(options, rng.randrange(1000))
        actions = _every_action(options.players)
        for _ in range(120):
            if state.is_terminal():
                break
            legal = set(state.legal_actions())
            for action in actions:
                said = state.refusal(action)
                assert (said is None) == (action in legal), (action, said)
                if said is not None:
                    assert not re.search(r"[HSDB]\d|>|pile 0\b|seat", said), said
                    assert said[0].isupper() and said.endswith("."), said
            state.apply_action(rng.choice(sorted(legal)))


def test_the_words_name_the_pile_and_the_card_as_players_do():
    state = SkipBoState(SkipBoOptions(players=2), 3)
    need = state.needs()[2]
    hand = state.hands[state.current_player()]
    wrong = next((c for c in hand if c not in (0, need)), None)
    if wrong is not None:
        assert state.refusal(f"H{wrong}>B2") == f"Building pile C needs a {need}."
    missing = next(n for n in range(1, 13) if n not in hand)
    assert state.refusal(f"H{missing}>D1") == f"You have no {missing} in your hand."
    assert state.refusal("S0>D1") == "Only a card from your hand can be discarded."
    assert state.refusal("D0.1>B0") == "Discard pile 2 is empty."
    other = 1 - state.current_player()
    assert state.refusal(f"S{other}>B0") == "You play only from your own stock and discard piles."
    assert state.refusal("END") == "End your turn by discarding a card from your hand."
