"""Skull King's peer for tools/bench_cards.py --peer skull-king=DIR: aldoeliacim/skullking's models,
driven as its game handler drives them, with the pirates' abilities resolved (Rosie, Bendt, Roatan,
Jade, Harry), against our advanced game (74 cards: Loot, Kraken, White Whale; pirate powers);
uniform random choices on both sides (bids, cards, the Tigress's side, every ability's choice); the
peer lists a player's valid cards once per play and checks the choice against that list, as ours
does."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench_peers import SEATS, Pairing, Played, Playout, on_path
from cards.engine import pick


def skull_king_peer(peer_dir: Path) -> Playout:
    """aldoeliacim/skullking's models driven as its game handler (`app/api/game_handler.py`)
    drives them, abilities included, with uniform random choices for every decision."""
    on_path(peer_dir)
    from app.models.card import get_card
    from app.models.game import Game
    from app.models.pirate_ability import AbilityType, get_card_ability
    from app.models.player import Player
    from app.models.trick import TigressChoice, Trick

    rounds = 10
    tigress_sides = (TigressChoice.PIRATE, TigressChoice.ESCAPE)
    skipped_on_last = (
        AbilityType.CHOOSE_STARTER,
        AbilityType.DRAW_DISCARD,
        AbilityType.VIEW_DECK,
    )

    def undealt(game: Any, rnd: Any) -> list[Any]:
        """The handler's `_get_undealt_cards`: the deck less the dealt and Bendt-drawn cards."""
        dealt: set[Any] = set()
        for cards in rnd.dealt_cards.values():
            dealt.update(cards)
        drawn = rnd.ability_state.bendt_drawn_cards
        return [c for c in game.deck.cards if c not in dealt and c not in drawn]

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer shuffles and picks the first starter from the global one
        rng = random.Random(seed)
        game = Game(id="bench", slug="bench")
        for i in range(SEATS):
            game.add_player(Player(id=f"p{i}", username=f"p{i}", game_id="bench"))
        players = game.players
        actions = 0
        for _ in range(rounds):
            rnd = game.start_new_round()
            game.deal_cards()
            abilities = rnd.ability_state
            for player in players:  # the bids, each checked as the handler checks them
                bid = int(rng.random() * (rnd.number + 1))
                if not 0 <= bid <= rnd.number or player.bid is not None:
                    raise ValueError("bad bid")
                player.bid = bid
                rnd.bids[player.id] = bid
                actions += 1
            starter = rnd.starter_player_index
            for number in range(1, rnd.number + 1):
                trick = Trick(number=number, starter_player_index=starter)
                rnd.tricks.append(trick)
                for k in range(SEATS):
                    player = players[(starter + k) % SEATS]
                    trick.picking_player_id = player.id
                    in_trick = [pc.card_id for pc in trick.picked_cards]
                    valid = trick.get_valid_cards(player.hand, in_trick)
                    card = pick(valid, rng)
                    side = pick(tigress_sides, rng) if get_card(card).is_tigress() else None
                    if card not in valid:  # the handler's check of the pick
                        raise ValueError("illegal card")
                    player.hand.remove(card)
                    if not trick.add_card(player.id, card, side):
                        raise ValueError("played twice")
                    actions += 1
                card, winner_id = trick.determine_winner()
                trick.calculate_bonus_points()  # the handler announces it
                if winner_id is None:  # the Kraken: the round's starter leads (as the handler)
                    starter = rnd.starter_player_index
                    continue
                winner = game.get_player(winner_id)
                assert winner is not None
                winner.tricks_won += 1
                ability = get_card_ability(card) if card is not None else None
                if ability is not None and not (
                    number == rnd.number and ability in skipped_on_last
                ):
                    pending = abilities.trigger_ability(winner_id, card, number)
                    if pending is not None:
                        kind = pending.ability_type
                        if kind is AbilityType.CHOOSE_STARTER:
                            abilities.resolve_rosie(winner_id, pick(players, rng).id)
                            actions += 1
                        elif kind is AbilityType.DRAW_DISCARD:
                            drawn = undealt(game, rnd)[:2]
                            abilities.bendt_drawn_cards.update(drawn)
                            pending.drawn_cards = drawn
                            winner.hand.extend(drawn)
                            discard = []
                            for _ in range(min(2, len(drawn))):
                                lost = pick(winner.hand, rng)
                                winner.hand.remove(lost)
                                discard.append(lost)
                                actions += 1
                            abilities.resolve_bendt(winner_id, drawn, discard)
                        elif kind is AbilityType.EXTRA_BET:
                            abilities.resolve_roatan(winner_id, pick((0, 10, 20), rng))
                            actions += 1
                        elif kind is AbilityType.VIEW_DECK:
                            undealt(game, rnd)  # shown to the player
                            abilities.resolve_jade(winner_id)
                next_id = rnd.get_next_trick_starter(winner_id)
                leader = game.get_player(next_id)
                assert leader is not None
                starter = leader.index
            for player_id, armed in list(abilities.harry_armed.items()):
                if armed:
                    abilities.resolve_harry(player_id, pick((-1, 0, 1), rng))
                    actions += 1
            rnd.calculate_scores()
            for player in players:
                player.score += rnd.scores.get(player.id, 0)
        return Played(actions)

    return play


PAIRING = Pairing(
    "aldoeliacim/skullking",
    skull_king_peer,
    {"advanced_cards": "true", "pirate_powers": "true"},
    "random",
    "our advanced game (74 cards, pirate powers), uniform random bot in every seat",
    "its models as its game handler drives them, abilities resolved, uniform random choices",
)
