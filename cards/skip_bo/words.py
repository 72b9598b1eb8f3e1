"""Skip-Bo in a player's words: its cards, its piles as players call them, and each event as a
log line. Written once here; the table's log, shouts and summaries read them."""

from __future__ import annotations

from collections.abc import Sequence

from cards.skip_bo import events as ev
from cards.skip_bo.cards import WILD
from cards.skip_bo.options import SkipBoOptions
from cards.words import YOU, listing, obj, plural, says

BUILD_NAMES = ("A", "B", "C", "D")  # the building piles, as players call them


def card_name(card: int) -> str:
    """'a SKIP-BO card', 'a 7' / 'an 8', 'an 11'."""
    if card == WILD:
        return "a SKIP-BO card"
    return f"{'an' if card in (8, 11) else 'a'} {card}"


def possessive(name: str) -> str:
    return "your" if name in (YOU, obj(YOU)) else f"{name}'s"


def pile_name(i: int) -> str:
    return f"building pile {BUILD_NAMES[i]}"


def event_words(e: ev.Event, names: Sequence[str], options: SkipBoOptions) -> str:
    """One event as a person would write it ("" for the ones the log leaves out)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "Someone"

    if isinstance(e, ev.GameDealt):
        head = f"Game {e.game_index + 1}: " if options.match_to else ""
        return f"{head}{plural(e.stock_size, 'card')} in each stock; {says(who(e.starter), 'starts', 'start')}"
    if isinstance(e, ev.CardsDrawn):
        name = who(e.seat)
        more = " more (the whole hand was played)" if e.refill else ""
        if e.cards is not None:
            cards = ", ".join("SKIP-BO" if c == WILD else str(c) for c in e.cards)
            return f"{says(name, 'draws', 'draw')} {plural(e.count, 'card')}{more}: {cards}"
        return f"{says(name, 'draws', 'draw')} {plural(e.count, 'card')}{more}"
    if isinstance(e, ev.Reshuffled):
        return f"The set-aside piles are shuffled into a new draw pile of {plural(e.cards, 'card')}"
    if isinstance(e, ev.CardPlayed):
        name = who(e.seat)
        if e.source == "hand":
            where = ""
        elif e.source == "stock":
            whose = "" if e.owner == e.seat else f" {possessive(who(e.owner))}"
            where = (
                f" from{whose or ' their'} stock"
                if e.owner != e.seat or name != YOU
                else " from your stock"
            )
        else:
            whose = (
                "your"
                if name == YOU and e.owner == e.seat
                else possessive(who(e.owner))
                if e.owner != e.seat
                else "their"
            )
            where = f" from {whose} discard pile {e.pile + 1}"
        as_value = f" as {e.value}" if e.card == WILD else ""
        line = f"{says(name, 'plays', 'play')} {card_name(e.card)}{as_value}{where} on {pile_name(e.build)}"
        if e.source == "stock":
            if e.stock_left:
                top = "SKIP-BO" if e.stock_top == WILD else str(e.stock_top)
                line += f" ({plural(e.stock_left, 'card')} left; the next is {top})"
            else:
                line += " (the stock is empty)"
        return line
    if isinstance(e, ev.PileCompleted):
        return f"Building pile {BUILD_NAMES[e.build]} reaches 12 and is set aside"
    if isinstance(e, ev.Discarded):
        return f"{says(who(e.seat), 'discards', 'discard')} {card_name(e.card)} on discard pile {e.pile + 1}"
    if isinstance(e, ev.TurnPassed):
        return f"{says(who(e.seat), 'has', 'have')} no card to discard: the turn ends"
    if isinstance(e, ev.GameWon):
        winners = [who(p) for p in e.winners]
        group = listing(winners)
        one = len(winners) == 1 and winners[0] != YOU
        wins = "wins" if one else "win"
        points = f" ({plural(e.points, 'point')})" if e.points else ""
        if e.by == "stock":
            empties = "empties the stock" if one else "empty the stocks"
            if len(winners) == 1 and winners[0] == YOU:
                empties = "empty your stock"
            return f"{group} {empties} and {wins} the game{points}"
        why = "Nobody can move any more" if e.by == "stalemate" else "The turn limit is reached"
        return f"{why}: {group} {wins} with the fewest stock cards left{points}"
    if isinstance(e, ev.MatchWon):
        winners = [who(p) for p in e.winners]
        best = max(e.scores)
        verb = "win" if len(winners) > 1 or winners[0] == YOU else "wins"
        return f"{listing(winners)} {verb} the match with {plural(best, 'point')}"
    return ""


__all__ = ["BUILD_NAMES", "card_name", "event_words", "pile_name", "possessive"]
