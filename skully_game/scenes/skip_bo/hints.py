"""Why the strong Skip-Bo player would make a move, in one line said to the seat it is for,
read from that seat's observation alone (its hand, every pile on the table, no other hand):
"Play the 7 from your stock onto the 6 on building pile B: your stock is what wins"."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skip_bo.cards import WILD
from cards.skip_bo.state import Observation
from cards.skip_bo.words import BUILD_NAMES, card_name


def _card(obs: Observation, source: str) -> int | None:
    """The card at a source as the seat sees it ("H7", "S0", "D1.2")."""
    kind, rest = source[0], source[1:]
    if kind == "H":
        return WILD if rest == "W" else int(rest)
    if kind == "S":
        return obs.stock_tops[int(rest)]
    seat, pile = (int(x) for x in rest.split("."))
    return obs.discard_tops[seat][pile]


def _the(card: int | None) -> str:
    """'the 7', 'a SKIP-BO card'."""
    if card is None:
        return "the card"
    return "a SKIP-BO card" if card == WILD else f"the {card}"


def _whose(obs: Observation, seat: int) -> str:
    return "your" if seat == obs.player else "your partner's"


def _from(obs: Observation, source: str) -> str:
    kind, rest = source[0], source[1:]
    if kind == "H":
        return "from your hand"
    if kind == "S":
        return f"from {_whose(obs, int(rest))} stock"
    seat, pile = (int(x) for x in rest.split("."))
    return f"from {_whose(obs, seat)} discard pile {pile + 1}"


def hint_words(obs: Observation, action: str) -> str:
    """The strong player's move and one reason for it, to the seat that sees `obs`."""
    if ">" not in action:
        return "End your turn: you have no card left to play"
    source, target = action.split(">", 1)
    card = _card(obs, source)
    if target.startswith("B"):
        return _build_words(obs, source, card, int(target[1:]))
    return _discard_words(obs, card, int(target[1:]))


def _build_words(obs: Observation, source: str, card: int | None, i: int) -> str:
    need = obs.needs[i]
    pile = f"building pile {BUILD_NAMES[i]}"
    onto = f"onto the {need - 1} on {pile}" if need > 1 else f"onto empty {pile}"
    as_what = f" as {card_name(need)}" if card == WILD else ""
    move = f"Play {_the(card)} {_from(obs, source)} {onto}{as_what}"
    if source[0] == "S":
        seat = int(source[1:])
        if obs.stock_sizes[seat] == 1:
            side = "you win" if seat == obs.player else "your side wins"
            return f"{move}: it is the stock's last card, so {side}"
        return f"{move}: your stock is what wins"
    after = 1 if need == 12 else need + 1  # what the pile takes once this card is on it
    stocks = [(p, obs.stock_tops[p]) for p in obs.sources if obs.stock_tops[p] is not None]
    for p, top in stocks:
        if top == after:
            return f"{move}: then {_whose(obs, p)} stock's {top} goes on it"
    if source[0] == "H" and len(obs.hand) == 1:
        return f"{move}: your hand is then empty, and you draw five more"
    if source[0] == "D":
        seat, k = (int(x) for x in source[1:].split("."))
        pile_cards = obs.discards[seat][k]
        if len(pile_cards) > 1:
            under = pile_cards[-2]
            return f"{move}: it uncovers {card_name(under)} beneath it to play"
        return f"{move}: it empties a discard pile for later"
    for p, top in stocks:
        if top != WILD and top > after:
            return f"{move}: it builds the pile towards {_whose(obs, p)} stock's {top}"
    return f"{move}: every card you build is one less in your hand"


def follow_through(obs: Observation, legal: Sequence[str], action: str) -> str:
    """The strong player's move, or the same card onto the same building pile from the top of
    one of the seat's own discard piles instead of the hand: a hint that said a play "uncovers
    a 12 beneath it to play" then plays that 12, not a twin from the hand. Not when the hand's
    card is its last (an empty hand draws five more: the hand's card was the better choice)."""
    source, _, target = action.partition(">")
    if not source.startswith("H") or not target.startswith("B") or len(obs.hand) < 2:
        return action
    card = _card(obs, source)
    for k, top in enumerate(obs.discard_tops[obs.player]):
        twin = f"D{obs.player}.{k}>{target}"
        if top == card and twin in legal:
            return twin
    return action


def _could_build(obs: Observation) -> bool:
    """A card of the seat's own (hand, stock top, discard tops) could still go on a building
    pile: then a discard is a choice to hold back, never "nothing more builds"."""
    own = [*obs.hand, obs.stock_tops[obs.player], *obs.discard_tops[obs.player]]
    return any(c is not None and (c == WILD or c in obs.needs) for c in own)


def _blocked(obs: Observation, card: int | None) -> tuple[int, int] | None:
    """An opponent whose stock's top would go on next were `card` built now (a number that
    fits a building pile): the seat and its top. Holding it back keeps that stock waiting."""
    if card is None or card == WILD or card not in obs.needs or card >= 12:
        return None
    n = len(obs.stock_tops)
    for step in range(1, n):  # the next to play first: they would play it soonest
        p = (obs.player + step) % n
        if p not in obs.sources and obs.stock_tops[p] == card + 1:
            return p, card + 1
    return None


def _opponent(obs: Observation, seat: int) -> str:
    """An opponent by where they sit: "your opponent's", "the next player's"."""
    n = len(obs.stock_tops)
    others = [p for p in range(n) if p not in obs.sources]
    if len(others) == 1:
        return "your opponent's"
    return "the next player's" if seat == (obs.player + 1) % n else "an opponent's"


def _discard_words(obs: Observation, card: int | None, k: int) -> str:
    pile = obs.discards[obs.player][k]
    move = f"Discard {_the(card)} on your discard pile {k + 1}"
    top = pile[-1] if pile else None
    blocked = _blocked(obs, card)
    if blocked is not None:
        seat, their = blocked
        reason = (
            f"{_opponent(obs, seat)} stock shows a {their}, and building it would let that go on"
        )
    elif top is None:
        reason = "an empty pile keeps it on top, ready to play later"
    elif card is not None and card != WILD and top == card + 1:
        reason = f"it goes on the {top} to make a run you can play down later"
    elif top == card:
        reason = "it goes on its twin, so your other piles stay free"
    elif _could_build(obs):
        reason = "it is the card you can best spare, and what you hold back waits for a better turn"
    else:
        reason = "nothing more builds this turn, and it is the card you can best spare"
    return f"{move}: {reason}"


__all__ = ["follow_through", "hint_words"]
