"""Muting a person online hides only what they say from then on (issue 43): their earlier
lines stay in the box, the box says where the mute began and ended, and once heard again their
new lines show. Before, a mute hid every line they had ever said, and unmuting brought back
lines said while muted that never reached the others' boxes alike. A player's box and a
spectator's."""

from __future__ import annotations

from typing import Any

from skully_game.scenes.online.chat import Chat, ChatDialog
from skully_game.scenes.online.chatview import HeardChat, SpectatorChatDialog
from tests.test_online_chat_history import Wire, said
from tests.ui_helpers import make_app


def test_a_players_mute_hides_only_what_comes_after() -> None:
    app = make_app()
    chat = Chat(lambda: Wire())
    chat.heard(app, said(1, "Bea", "good luck"), at_seats=True)
    chat.open(app, [(1, "Bea")])
    box = app.stack.top
    assert isinstance(box, ChatDialog)
    box._mute(1, True)  # her Mute button
    chat.heard(app, said(1, "Bea", "on its way"), at_seats=True)  # sent before the mute landed
    assert chat.history() == [
        "Bea: good luck",
        "You muted Bea: what they say from now on is hidden.",
    ]
    box._mute(1, False)  # Hear Bea
    chat.heard(app, said(1, "Bea", "sorry"), at_seats=True)
    assert chat.history()[-2:] == ["You hear Bea again.", "Bea: sorry"]
    assert box.shown_lines()[0] == "Bea: good luck"


def test_a_spectators_mute_hides_only_what_comes_after() -> None:
    app = make_app()
    heard = HeardChat(me="Cy")
    lobby: dict[str, Any] = {"seats": [{"seat": 0, "kind": "person", "name": "Anne"}]}
    heard.seats_from(lobby)
    assert heard.hear(said(0, "Anne", "hello"))
    box = SpectatorChatDialog(app, heard, lambda dt: None)
    box._mute(0, True)
    assert not heard.hear(said(0, "Anne", "late"))
    assert heard.shown() == ["Anne: hello", "You muted Anne: what they say from now on is hidden."]
    box._mute(0, False)
    assert heard.hear(said(0, "Anne", "again"))
    assert heard.shown()[-2:] == ["You hear Anne again.", "Anne: again"]
