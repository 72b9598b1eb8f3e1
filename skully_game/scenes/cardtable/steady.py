"""A setup row whose arrows stay put: "<" and ">" stand where the row's widest value would put
them, and each value is centred between them. A plain choice row puts "<" just left of its
value, so it jumped as the value changed ("< Off >", "< would-be winner leads >") and a
player clicking "<" twice found the second click on the value, or past it."""

from __future__ import annotations

from dataclasses import dataclass

from skully_game.shell import theme
from skully_game.shell.widgets import CHOICE_STYLES, Choice, ChoiceParts


@dataclass
class SteadyChoice(Choice):
    """A choice row laid out for its widest value: the arrows never move between values."""

    def parts(self) -> ChoiceParts:
        value = self.options[self.index][1] if self.options else "-"
        labels = [label for _, label in self.options] or [value]
        for style in CHOICE_STYLES:
            size = style[0]
            widest = max(labels, key=lambda text: theme.font(size).size(text)[0])
            room = self._parts(widest, *style)
            if room.value == widest:  # every value fits whole between the arrows
                return ChoiceParts(room.label, value, size, room.label_at, room.back,
                                   room.shown, room.forward)  # fmt: skip
        return super().parts()  # too narrow for the widest: as a plain row


__all__ = ["SteadyChoice"]
